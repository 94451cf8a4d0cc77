import Foundation
import Testing

/// `uisim port` as a team runs it in CI: a folder of iOS sources ported into another, checked,
/// ported again to no change; and its refusals with the README's exit codes.
extension CommandLineTests {
    /// An app folder as a 2019 project has it: a view controller with selectors and outlets, a
    /// storyboard beside it, a hidden folder that is not copied.
    func appFolder(_ name: String) throws -> URL {
        let folder = temporary(name)
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: app.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try """
            import UIKit.UIGestureRecognizerSubclass

            class ComposeViewController: UIViewController {
                @IBOutlet weak var sendButton: UIButton!

                override func viewDidLoad() {
                    super.viewDidLoad()
                    sendButton.addTarget(self, action: #selector(send(_:)), for: .touchUpInside)
                }

                @objc func send(_ sender: UIButton) {}
            }
            """.write(to: app.appendingPathComponent("Screens/ComposeViewController.swift"), atomically: true, encoding: .utf8)
        try "<document/>\n".write(to: app.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
        try "x".write(to: app.appendingPathComponent(".git/HEAD"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test func portWritesTheRewrittenSourcesAndCopiesTheRest() throws {
        let folder = try appFolder("port")
        let outcome = try uisim(["port", "App", "-o", "Ported"], in: folder)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("ported 1 Swift file (1 changed) and copied 1 other file into Ported\n"))
        #expect(outcome.stdout.contains("    1  #selector → Selector(name, Type.method)"))
        #expect(outcome.stdout.contains("    1  @objc / @objcMembers / @nonobjc removed"))
        let ported = try String(contentsOf: folder.appendingPathComponent("Ported/Screens/ComposeViewController.swift"), encoding: .utf8)
        #expect(ported.contains(#"action: Selector("send:", ComposeViewController.send(_:)), for: .touchUpInside)"#))
        #expect(ported.components(separatedBy: "\n").count == 12)
        // The outlet is listed for the nib loader on the class's closing-brace line (line 12), and
        // the controller is made through a metatype by its own class.
        #expect(ported.components(separatedBy: "\n")[11] == "override class var interfaceBuilderConnections: [UINibConnection] { "
                + #"super.interfaceBuilderConnections + [.outlet("sendButton", \ComposeViewController.sendButton)] } ; "#
                + "override class func _metatypeInit(nibName: String?, bundle: Bundle?) -> Self { if self == ComposeViewController.self "
                + "{ return ComposeViewController(nibName: nibName, bundle: bundle) as! Self }; return super._metatypeInit(nibName: nibName, bundle: bundle) } }")
        #expect(outcome.stdout.contains("    1  a UIKit subclass's initializers → _metatypeInit overrides on its closing-brace line"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Ported/Main.storyboard").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Ported/.git").path))

        // The port passes its own check; the original does not, each place named.
        let checked = try uisim(["port", "--check", "Ported"], in: folder)
        #expect(checked.status == 0 && checked.stdout == "1 Swift file: nothing Swift on Linux would reject\n")
        let original = try uisim(["port", "--check", "App"], in: folder)
        #expect(original.status == 65)
        #expect(original.stdout.contains("App/Screens/ComposeViewController.swift:8: #selector: port rewrites it"))
        #expect(original.stdout.contains("App/Screens/ComposeViewController.swift:4: @IBOutlet / @IBAction / @IBInspectable / @IBDesignable: port rewrites it"))
        #expect(original.stdout.contains("App/Screens/ComposeViewController.swift:12: @IBOutlet / @IBAction: port rewrites it"))
        #expect(original.stdout.contains("App/Screens/ComposeViewController.swift:12: a UIKit subclass's initializers, for construction through a metatype: port rewrites it"))
        #expect(original.stderr.contains("6 places Swift on Linux would reject"))

        // Porting the port changes nothing.
        #expect(try uisim(["port", "Ported", "-o", "Again"], in: folder).status == 0)
        let again = try String(contentsOf: folder.appendingPathComponent("Again/Screens/ComposeViewController.swift"), encoding: .utf8)
        #expect(again == ported)
    }

    @Test func portRefusesWhatItCannotDoWithTheREADMEsCodes() throws {
        let folder = try appFolder("port-refusals")
        let missing = try uisim(["port", "NoSuchFolder", "-o", "Ported"], in: folder)
        #expect(missing.status == 64 && missing.stderr.contains("NoSuchFolder: cannot read: no such file or folder"))
        let inside = try uisim(["port", "App", "-o", "App/Ported"], in: folder)
        #expect(inside.status == 64 && inside.stderr.contains("-o App/Ported is inside the source App"))
        #expect(try uisim(["port", "App"], in: folder).status == 64)
        #expect(try uisim(["port", "App", "--check", "-o", "x"], in: folder).status == 64)
        // An output under a regular file cannot be made.
        try "".write(to: folder.appendingPathComponent("file"), atomically: true, encoding: .utf8)
        let unwritable = try uisim(["port", "App", "-o", "file/Ported"], in: folder)
        #expect(unwritable.status == 73, "\(unwritable.stderr)")
        #expect(unwritable.stderr.contains("file/Ported"))
    }
}
