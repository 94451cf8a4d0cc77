// Storyboard code as a Swift 5 app or library writes it against the SDK (Eureka's shape): a
// controller made by Storyboard ID and force-cast, `prepare(for:sender:)` and
// `shouldPerformSegue(withIdentifier:sender:)` overridden, `performSegue(withIdentifier:sender:)`
// called. The storyboard is a file found by name, as `UIStoryboard(name:bundle:)` finds it.
import Foundation
import XCTest
import UIKit

final class SettingsFormController: UIViewController {
    var segues: [String] = []

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        identifier != "blocked"
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        segues.append(segue.identifier ?? "")
        segue.destination.title = "Prepared"
    }
}

final class StoryboardClientTests: XCTestCase {
    func testAControllerMadeByIdentifierPerformsItsSegue() throws {
        try UIApplication.withNewApplication {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-storyboard-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer {
                try? FileManager.default.removeItem(at: folder)
                UINib.removeAllSearchFolders()
            }
            try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch">
                <scenes>
                    <scene sceneID="a"><objects>
                        <viewController storyboardIdentifier="Settings" id="settings" customClass="SettingsFormController" customModule="UIKitSwift5Tests" sceneMemberID="viewController">
                            <connections><segue destination="about" kind="presentation" identifier="about" id="s1"/></connections>
                        </viewController>
                    </objects></scene>
                    <scene sceneID="b"><objects><viewController id="about" sceneMemberID="viewController"/></objects></scene>
                </scenes>
            </document>
            """.utf8).write(to: folder.appendingPathComponent("Settings.storyboard"))
            UINib.addSearchFolder(folder)
            UINib.register(SettingsFormController.self)
            let storyboard = UIStoryboard(name: "Settings", bundle: nil)
            let settings = storyboard.instantiateViewController(withIdentifier: "Settings") as! SettingsFormController
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = settings
            window.makeKeyAndVisible()
            XCTAssertTrue(settings.shouldPerformSegue(withIdentifier: "about", sender: nil))
            settings.performSegue(withIdentifier: "about", sender: self)
            XCTAssertEqual(settings.segues, ["about"])
            XCTAssertEqual(settings.presentedViewController?.title, "Prepared")
            XCTAssertTrue(settings.presentedViewController?.storyboard === storyboard)
            withExtendedLifetime(window) {}
        }
    }
}
