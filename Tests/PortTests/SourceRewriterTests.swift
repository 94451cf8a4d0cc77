import Foundation
import Testing
@testable import Port

/// Ports `source` (one file) and returns the rewritten text, the edits and the findings.
func port(_ source: String, with others: [String] = []) -> (text: String, edits: [PortEdit], findings: [PortFinding]) {
    var index = MethodIndex()
    let walk = TokenWalk(Array(source.utf8))
    index.add(walk)
    for other in others { index.add(TokenWalk(Array(other.utf8))) }
    var rewriter = SourceRewriter(walk: walk, index: index)
    rewriter.run()
    return (String(decoding: rewriter.rewritten(), as: UTF8.self), rewriter.edits, rewriter.findings)
}

@Suite struct SourceRewriterTests {
    @Test func selectorsNameTheMethodAndItsObjectiveCName() {
        let source = """
            class FeedViewController: UIViewController {
                func setUp() {
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    refresh.addTarget(self, action: #selector(self.reload), for: .valueChanged)
                    let pan = UIPanGestureRecognizer(target: self, action: #selector(handle(pan:)))
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)
                    other.addTarget(cell, action: #selector(FeedCell.like(_:for:)), for: .touchUpInside)
                    move.addTarget(self, action: #selector(move(to:)), for: .touchUpInside)
                }
                @objc func tapped(_ sender: UIButton) {}
                @objc func reload() {}
                @objc func handle(pan: UIPanGestureRecognizer) {}
                @objc private func keyboardWillShow(_ note: Notification) {}
                @objc func move(to point: Any) {}
            }
            """
        let result = port(source)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[2] == #"        button.addTarget(self, action: Selector("tapped:", FeedViewController.tapped(_:)), for: .touchUpInside)"#)
        #expect(lines[3] == #"        refresh.addTarget(self, action: Selector("reload", FeedViewController.reload), for: .valueChanged)"#)
        #expect(lines[4] == #"        let pan = UIPanGestureRecognizer(target: self, action: Selector("handleWithPan:", FeedViewController.handle(pan:)))"#)
        #expect(lines[5].contains(#"selector: Selector("keyboardWillShow:", FeedViewController.keyboardWillShow(_:)), name:"#))
        #expect(lines[6].contains(#"Selector("like:for:", FeedCell.like(_:for:))"#))
        #expect(lines[7].contains(#"Selector("moveTo:", FeedViewController.move(to:))"#))
        #expect(lines[9] == "          func tapped(_ sender: UIButton) {}")
        #expect(lines[12] == "          private func keyboardWillShow(_ note: Notification) {}")
        #expect(lines.count == source.components(separatedBy: "\n").count)
        #expect(result.edits.filter { $0.kind == .selector }.map(\.line) == [3, 4, 5, 6, 7, 8])
        #expect(result.edits.filter { $0.kind == .objc }.count == 5)
    }

    @Test func aBareMethodNameTakesItsLabelsFromItsDeclarationInAnyFile() {
        let source = """
            extension ProfileView {
                func wire() { avatar.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(avatarTapped))) }
            }
            """
        let other = """
            final class ProfileView: UIView {
                @objc func avatarTapped(_ recognizer: UITapGestureRecognizer) {}
                @objc(saveDraft:) func save(_ sender: Any) {}
                func generic<T>(_ a: Dictionary<String, T>, b: Int) {}
            }
            """
        #expect(port(source, with: [other]).text.contains(#"Selector("avatarTapped:", ProfileView.avatarTapped)"#))
        // @objc(name) is the name; labels across a generic argument's comma are right.
        #expect(port("class ProfileView { let s = #selector(save(_:)) }", with: [other]).text.contains(#"Selector("saveDraft:", ProfileView.save(_:))"#))
        #expect(port("class ProfileView { let s = #selector(generic) }", with: [other]).text.contains(#"Selector("generic:b:", ProfileView.generic)"#))
    }

    @Test func aSelectorWhoseReceiverIsNotATypeIsByNameAndGettersUseKeyPaths() {
        let result = port("""
            class A: NSObject {
                func f() { _ = #selector(delegate.didTap(_:)); _ = #selector(getter: UIView.frame); _ = #selector(setter: A.title) }
            }
            let outside = #selector(run)
            """)
        #expect(result.text.contains(#"Selector("didTap:")"#))
        #expect(result.text.contains(#"Selector("frame", getter: \UIView.frame)"#))
        #expect(result.text.contains(#"Selector("setTitle:")"#))
        #expect(result.text.contains(#"let outside = Selector("run")"#))
        #expect(result.edits.map(\.kind) == [.selectorByName, .selector, .selectorByName, .selectorByName])
    }

    @Test func attributesBecomeSpacesSoLinesAndColumnsStay() {
        let source = """
            @objcMembers
            @IBDesignable final class Card: UIView {
                @IBOutlet weak var title: UILabel!
                @IBInspectable var radius: CGFloat = 4
                @objc dynamic var progress: Float = 0
                @objc(doneWithSender:) @IBAction func done(_ sender: Any) {}
                let dynamic = UIColor.dynamic(light: .white)
                @nonobjc func plain() {}
            }
            """
        let result = port(source)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "            ")
        #expect(lines[1] == "              final class Card: UIView {")
        #expect(lines[2] == "              weak var title: UILabel!")
        #expect(lines[4] == String(repeating: " ", count: "    @objc dynamic ".count) + "var progress: Float = 0")
        #expect(lines[5] == String(repeating: " ", count: "    @objc(doneWithSender:) @IBAction ".count) + "func done(_ sender: Any) {}")
        #expect(lines[6] == "    let dynamic = UIColor.dynamic(light: .white)")
        #expect(zip(lines, source.components(separatedBy: "\n")).dropLast().allSatisfy { $0.utf8.count == $1.utf8.count })
        #expect(lines.count == source.components(separatedBy: "\n").count)
        #expect(Dictionary(grouping: result.edits, by: \.kind).mapValues(\.count)
                == [.objc: 4, .interfaceBuilder: 4, .dynamic: 1, .interfaceBuilderConnections: 1, .metatypeInitOverrides: 1])
    }

    /// `@IBOutlet`s and `@IBAction`s, which iOS finds by name through the Objective-C runtime, are
    /// listed for the nib loader in an override written on the class's closing-brace line.
    @Test func outletsAndActionsAreListedOnTheClosingBraceLine() {
        let source = """
            final class LoginView: UIView {
                @IBOutlet private weak var titleLabel: UILabel!
                @IBOutlet var fields: [UITextField]!
                @IBOutlet var footer: UIView?
                @IBOutlet lazy var spinner: UIActivityIndicatorView = UIActivityIndicatorView()
                @objc(submitWithSender:) @IBAction func submit(_ sender: Any) {}
                @IBAction func reset() {}
            }
            extension LoginView {
                @IBAction func help(for sender: UIButton) {}
            }
            class Keeper: NSObject {
                @IBOutlet weak var view: UIView!
            }
            class Card: UIView { @IBOutlet weak var badge: UILabel! }
            open class _FieldCell<T>: Cell<T> {
                @IBOutlet public weak var textField: UITextField!
            }
            public final class Banner: UIView {
                @IBOutlet weak var title: UILabel!
            }
            """
        let result = port(source)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines.count == source.components(separatedBy: "\n").count)
        #expect(lines[7] == "override class var interfaceBuilderConnections: [UINibConnection] { super.interfaceBuilderConnections + ["
                + #".outlet("titleLabel", \LoginView.titleLabel), .outletCollection("fields", \LoginView.fields), "#
                + #".outlet("footer", \LoginView.footer), .action(Selector("submitWithSender:", LoginView.submit(_:))), "#
                + #".action(Selector("reset", LoginView.reset)), .action(Selector("helpFor:", LoginView.help(for:)))] } ; "#
                + "override class func _metatypeInit(frame: CGRect) -> Self { if self == LoginView.self { return LoginView(frame: frame) as! Self }; "
                + "return super._metatypeInit(frame: frame) } }")
        #expect(lines[14] == "class Card: UIView {           weak var badge: UILabel! ; override class var interfaceBuilderConnections: "
                + #"[UINibConnection] { super.interfaceBuilderConnections + [.outlet("badge", \Card.badge)] } ; "#
                + "override class func _metatypeInit(frame: CGRect) -> Self { if self == Card.self { return Card(frame: frame) as! Self }; "
                + "return super._metatypeInit(frame: frame) } }")
        // An open class's override is open (its subclasses list their own outlets), a public
        // one's public; a generic class's superclass is read after its parameters.
        #expect(lines[17] == "open override class var interfaceBuilderConnections: [UINibConnection] { super.interfaceBuilderConnections + "
                + #"[.outlet("textField", \_FieldCell.textField)] } }"#)
        #expect(lines[20].hasPrefix("public override class var interfaceBuilderConnections"))
        #expect(result.findings.map(\.description) == [
            "5: the outlet spinner is not optional: a nib cannot connect it (declare it with ! or ?)",
            "12: Keeper is not a UIResponder: list its outlets and actions with UINib.register(_:connections:)",
        ])
    }

    /// `@IBInspectable` properties are listed as inspectables, which a document's user-defined
    /// runtime attributes of their names set; one declared in an extension of a class of another
    /// file is left out without a finding (the document's attribute is said when it loads).
    @Test func inspectablePropertiesAreListed() {
        let source = """
            class Badge: UIView {
                @IBInspectable var cornerRadius: CGFloat = 0 { didSet { layer.cornerRadius = cornerRadius } }
                @IBInspectable var tint: UIColor?
            }
            extension UIView {
                @IBInspectable var borderWidth: CGFloat {
                    get { layer.borderWidth }
                    set { layer.borderWidth = newValue }
                }
            }
            """
        let result = port(source)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[3].hasPrefix("override class var interfaceBuilderConnections: [UINibConnection] { super.interfaceBuilderConnections + ["
                + #".inspectable("cornerRadius", \Badge.cornerRadius), .inspectable("tint", \Badge.tint)] }"#))
        #expect(!result.text.contains("@IBInspectable") && !result.text.contains(#""borderWidth""#))
        #expect(result.findings.isEmpty)
    }

    @Test func keyPathsImportsAndPlatformConditions() {
        let result = port("""
            import UIKit.UIGestureRecognizerSubclass
            import MapKit
            import ObjectiveC
            #if os(iOS) || targetEnvironment(simulator)
            let a = #keyPath(UIScrollView.contentOffset)
            let b = #keyPath(view.frame.size)
            #elseif os(tvOS)
            #endif
            #if canImport(UIKit) && !os(watchOS)
            #endif
            import Combine
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[10] == "import Combine", "uisim has a Combine module: no finding")
        #expect(lines[0] == "import UIKit" + String(repeating: " ", count: ".UIGestureRecognizerSubclass".count))
        #expect(lines[2] == "                 ")
        #expect(lines[3] == "#if true || true")
        #expect(lines[4] == #"let a = "contentOffset""#)
        #expect(lines[5] == #"let b = "view.frame.size""#)
        #expect(lines[6] == "#elseif false")
        #expect(lines[8] == "#if canImport(UIKit) && !false")
        #expect(result.findings == [PortFinding(line: 2, message: "import MapKit: a framework Linux does not have")])
    }

    @Test func commentsAndStringsAreNeverRewritten() {
        let source = ##"""
            // @objc #selector(tapped) in a comment
            /* nested /* @IBOutlet */ #keyPath(a.b) */
            let s = "#selector(tapped) @objc \(value("@objc")) done"
            let raw = #"@objc "#selector(x)" \#(y)"#
            let multi = """
                @IBAction #if os(iOS)
                """
            """##
        let result = port(source)
        #expect(result.text == source)
        #expect(result.edits.isEmpty && result.findings.isEmpty)
    }

    @Test func portingItsOwnOutputChangesNothing() {
        let source = """
            import UIKit.UIGeometry
            @objc protocol Legacy {}
            final class C: NSObject {
                @objc dynamic var x = 0
                func go() { perform(#selector(go), with: nil, afterDelay: 1); _ = #keyPath(C.x) }
            }
            #if os(iOS)
            #endif
            """
        let once = port(source)
        let twice = port(once.text)
        #expect(!once.edits.isEmpty)
        #expect(twice.text == once.text && twice.edits.isEmpty)
    }

    @Test func whatPortCannotDoIsFound() {
        let result = port("""
            @objc protocol CardDelegate: AnyObject {
                @objc optional func cardDidClose(_ card: Card)
            }
            final class Swizzler {
                static func swap() { method_exchangeImplementations(a, b) }
                @NSManaged var name: String
            }
            """)
        #expect(result.findings.map(\.line) == [2, 5, 6])
        #expect(result.findings[0].message.hasPrefix("an optional protocol requirement"))
    }

    @Test func objectiveCNamesFollowSwiftsRule() {
        #expect(SourceRewriter.objectiveCName("reload", []) == "reload")
        #expect(SourceRewriter.objectiveCName("tapped", [nil]) == "tapped:")
        #expect(SourceRewriter.objectiveCName("tableView", [nil, "didSelectRowAt"]) == "tableView:didSelectRowAt:")
        #expect(SourceRewriter.objectiveCName("show", ["animated"]) == "showWithAnimated:")
        #expect(SourceRewriter.objectiveCName("scroll", ["toItem"]) == "scrollToItem:")
        #expect(SourceRewriter.objectiveCName("dismissFor", ["reason"]) == "dismissForReason:")
        #expect(SourceRewriter.objectiveCName("handle", [nil, nil]) == "handle::")
    }
}

/// What the five real libraries (Eureka, InputBarAccessoryView, PanModal…) showed port, each
/// written here in their style.
@Suite struct SourceRewriterRealCodeTests {
    @Test func objcWithASpaceBeforeItsNameIsRemovedWhole() {
        let result = port("""
            final class SwitchCell: UITableViewCell {
                @objc (switchValueDidChange) func valueChanged() {}
                func setup() { switchControl.addTarget(self, action: #selector(SwitchCell.valueChanged), for: .valueChanged) }
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[1] == String(repeating: " ", count: "    @objc (switchValueDidChange) ".count) + "func valueChanged() {}")
        #expect(lines[2].contains(#"Selector("switchValueDidChange", SwitchCell.valueChanged)"#))
    }

    @Test func aWeaklyCapturedSelfAndAGenericClassNamedOutright() {
        let result = port("""
            open class _FieldCell<T>: UITableViewCell {
                lazy var deleteButton: UIButton = { [weak self] in
                    let button = UIButton()
                    button.addTarget(self, action: #selector(self?.deleteAttachment), for: .touchUpInside)
                    return button
                }()
                func setup() { textField.addTarget(self, action: #selector(_FieldCell.textFieldDidChange(_:)), for: .editingChanged) }
                @objc func deleteAttachment() {}
                @objc open func textFieldDidChange(_ textField: UITextField) {}
            }
            """)
        #expect(result.text.contains(#"action: Selector("deleteAttachment", _FieldCell.deleteAttachment), for"#))
        #expect(result.text.contains(#"action: Selector("textFieldDidChange:", _FieldCell.textFieldDidChange(_:)), for"#))
    }

    @Test func aDirectNSObjectSubclassObservesThroughNSKeyValueObserving() {
        let result = port("""
            final class FormObserver: NSObject {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            final class Header: UIView {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "final class FormObserver: NSObject, NSKeyValueObserving {")
        #expect(lines[1].hasPrefix("             func observeValue("))
        #expect(lines[4].hasPrefix("    override func observeValue("))        // UIView has it: kept
        #expect(result.edits.map(\.kind) == [.keyValueObserver, .metatypeInitOverrides])
        #expect(port(result.text).edits.isEmpty)
    }

    @Test func aFileImportingOnlyFoundationGetsUIKitForNSKeyValueObserving() {
        let result = port("""
            import Foundation

            final class KVOWrapper: NSObject {
                override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "import Foundation; import UIKit")
        #expect(lines[2] == "final class KVOWrapper: NSObject, NSKeyValueObserving {")
        #expect(port(result.text).edits.isEmpty)
    }

    @Test func keyValueCodingAndFoundationGapsAreFound() {
        let result = port("""
            let rows = form.mutableArrayValue(forKey: "rows")   // UIKit's to-many key-value coding: nothing to say
            let top = UIApplication.value(forKeyPath: #keyPath(UIApplication.shared))
            object.setValue(3, forKey: "count")
            let predicate = NSPredicate(format: "SELF MATCHES %@", regex)          // FoundationCompat's: rewritten, not found
            func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?) {}   // FoundationCompat has it
            let value = dictionary.value                   // a property named value: nothing to say
            let other = value(for: key)                    // another method: nothing to say
            """)
        #expect(result.findings.map(\.line) == [2, 3])
    }

    /// Eureka's predicates and formatters: what Foundation on Linux declares unavailable is named
    /// in FoundationCompat, and a direct formatter subclass's getObjectValue implements
    /// ObjectValueFormatter. The output is what Tests/UIKitSwift5Tests/FoundationCompatClientTests
    /// compiles.
    @Test func foundationsUnavailableNamesBecomeFoundationCompats() {
        let result = port("""
            public init(stringLiteral value: String) { self = .predicate(NSPredicate(format: value)) }
            let rule = NSPredicate(format: "SELF MATCHES %@", regExpr)
            if let comparison = self as? NSComparisonPredicate { ret.append(contentsOf: comparison.leftExpression.expressionVars) }
            extension NSExpression { var expressionVars: [String] { [] } }
            let text = DateComponentsFormatter.localizedString(from: dateComponents, unitsStyle: .full)
            let already = FoundationCompat.NSExpression(forVariable: "x"); let block = NSPredicate(value: true)
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "public init(stringLiteral value: String) { self = .predicate(FoundationCompat.NSPredicate(format: value)) }")
        #expect(lines[1] == "let rule = FoundationCompat.NSPredicate(format: \"SELF MATCHES %@\", regExpr)")
        #expect(lines[2] == "if let comparison = self as? FoundationCompat.NSComparisonPredicate { ret.append(contentsOf: comparison.leftExpression.expressionVars) }")
        #expect(lines[3] == "extension FoundationCompat.NSExpression { var expressionVars: [String] { [] } }")
        #expect(lines[4] == "let text = FoundationCompat.DateComponentsFormatter.localizedString(from: dateComponents, unitsStyle: .full)")
        #expect(lines[5] == "let already = FoundationCompat.NSExpression(forVariable: \"x\"); let block = NSPredicate(value: true)")
        #expect(result.edits.filter { $0.kind == .foundationCompat }.map(\.line) == [1, 2, 3, 4, 5])
        #expect(result.findings.isEmpty)
        #expect(port(result.text).edits.isEmpty)
    }

    @Test func emptyAttributedStringsGetAnEmptyString() {
        let result = port("""
            button.setAttributedTitle(NSMutableAttributedString().bold("X"), for: .normal)
            textView.attributedText = NSAttributedString()
            let kept = NSAttributedString(string: "a"); let other = NSAttributedString ()
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "button.setAttributedTitle(NSMutableAttributedString(string: \"\").bold(\"X\"), for: .normal)")
        #expect(lines[1] == "textView.attributedText = NSAttributedString(string: \"\")")
        #expect(lines[2] == "let kept = NSAttributedString(string: \"a\"); let other = NSAttributedString (string: \"\")")
        #expect(result.edits.map(\.kind) == [.emptyAttributedString, .emptyAttributedString, .emptyAttributedString])
        #expect(port(result.text).edits.isEmpty)
    }

    @Test func aFormattersGetObjectValueOverrideImplementsObjectValueFormatter() {
        let result = port("""
            open class DecimalFormatter: NumberFormatter, FormatterProtocol {
                override open func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String, range rangep: UnsafeMutablePointer<NSRange>?) throws {}
            }
            class Cents: DecimalFormatter {
                override func getObjectValue(_ obj: AutoreleasingUnsafeMutablePointer<AnyObject?>?, for string: String, range rangep: UnsafeMutablePointer<NSRange>?) throws {}
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[0] == "open class DecimalFormatter: NumberFormatter, ObjectValueFormatter, FormatterProtocol {")
        #expect(lines[1].hasPrefix("             open func getObjectValue("))
        #expect(lines[4].hasPrefix("    override func getObjectValue("))      // DecimalFormatter declares it: kept
        #expect(result.edits.map(\.kind) == [.objectValueFormatter])
        #expect(port(result.text).edits.isEmpty)
    }

    /// Overrides in extensions (iOS allows them for Objective-C members; Swift on Linux does not):
    /// each stays where it is, renamed, its `override` blanked; its class's body, in another file,
    /// forwards to it on its closing brace's line; an extension's `public` reaches the forwarder.
    /// An extension of a class the sources do not declare, or an observer override, is a finding.
    @Test func overridesInExtensionsAreForwardedFromTheClassBody() {
        let classes = """
            open class FormViewController: UIViewController {
                var log: [String] = []
            }
            public class LayoutConstraint: NSLayoutConstraint {
            }
            """
        let extensions = """
            extension FormViewController {
                override open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                    log.append("began")
                    super.pressesBegan(presses, with: event)
                }
                open override var title: String? {
                    get { "Form" }
                    set { log.append("title") }
                }
            }
            public extension LayoutConstraint {
                override var description: String { "c" }
            }
            extension UIView {
                override open func layoutSubviews() {}
            }
            extension FormViewController {
                override var isEditing: Bool { didSet { log.append("editing") } }
            }
            """
        let renamed = port(extensions, with: [classes])
        let lines = renamed.text.components(separatedBy: "\n")
        #expect(lines.count == extensions.components(separatedBy: "\n").count)
        #expect(lines[1] == "             open func _extensionOverride_pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {")
        #expect(lines[5] == "    open          var _extensionOverride_title: String? {")
        #expect(lines[11] == "             var _extensionOverride_description: String { \"c\" }")
        #expect(lines[14].contains("override open func layoutSubviews"))
        #expect(renamed.findings.map(\.description) == [
            "15: an override in an extension of UIView, which these sources do not declare: Swift on Linux rejects it (move it into a subclass's body)",
            "18: an observer override (isEditing's willSet/didSet) in an extension cannot be forwarded: move it into FormViewController's body",
        ])
        #expect(renamed.edits.filter { $0.kind == .extensionOverride }.map(\.line) == [2, 6, 12])

        let forwarding = port(classes, with: [extensions])
        let body = forwarding.text.components(separatedBy: "\n")
        #expect(body.count == 5)
        #expect(body[2] == "override open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) "
                + "{ return _extensionOverride_pressesBegan(presses, with: event) } ; open override var title: String? "
                + "{ get { return _extensionOverride_title } set { _extensionOverride_title = newValue } } ; "
                + "open override class func _metatypeInit(nibName: String?, bundle: Bundle?) -> Self { if self == FormViewController.self "
                + "{ return FormViewController(nibName: nibName, bundle: bundle) as! Self }; return super._metatypeInit(nibName: nibName, bundle: bundle) } }")
        #expect(body[4] == "public override var description: String { return _extensionOverride_description } ; }")
    }

    /// FoundationCompat comes with `import UIKit`: a file importing Foundation alone gets it when it
    /// uses what FoundationCompat adds (Eureka's RuleRegExp.swift), once; one importing UIKit is left.
    @Test func aFoundationOnlyFileUsingFoundationCompatImportsUIKit() {
        let rule = port("""
            import Foundation
            let predicate = NSPredicate(format: "SELF MATCHES %@", "[a-z]+")
            let formatter: DateComponentsFormatter? = nil
            """)
        #expect(rule.text.components(separatedBy: "\n")[0] == "import Foundation; import UIKit")
        #expect(rule.text.components(separatedBy: "\n")[1] == #"let predicate = FoundationCompat.NSPredicate(format: "SELF MATCHES %@", "[a-z]+")"#)
        let screen = port("""
            import UIKit
            let detector = try? NSDataDetector(types: 0)
            """)
        #expect(screen.text.components(separatedBy: "\n")[0] == "import UIKit")
    }

    /// SnapKit's `type(of: object).description()` (NSObject's class method, through `AnyObject`)
    /// becomes Foundation's `NSStringFromClass(type(of: object))`, on the same line; an instance's
    /// `description` is left alone.
    @Test func aClassDescriptionThroughAnyObjectNamesTheClass() {
        let result = port("""
            func describe(_ object: AnyObject) -> String {
                var desc = type(of: object).description()
                desc += (object as? NSObject)?.description ?? ""
                return desc
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[1] == "    var desc = NSStringFromClass(type(of: object))")
        #expect(lines[2] == "    desc += (object as? NSObject)?.description ?? \"\"")
        #expect(result.edits.map(\.kind) == [.classDescription])
    }
}

/// Construction through a metatype (MetatypeConstruction.swift): iOS dispatches UIKit's
/// initializers at run time, Swift on Linux calls only a required one through a metatype.
@Suite struct MetatypeConstructionTests {
    /// Eureka's providers and a table's cell class: a generic parameter bound by a UIKit class (or
    /// a class of the sources descending from one), and a metatype value, call UIKit's hook on the
    /// same line; a class named outright, a delegating `self.init`, a reference and labels UIKit
    /// has no hook for are left.
    @Test func constructionsThroughAMetatypeCallUIKitsHook() {
        let source = """
            public enum ControllerProvider<VCType: UIViewController> {
                case nibFile(name: String, bundle: Bundle?)
                func makeController() -> VCType {
                    switch self {
                    case .nibFile(let nibName, let bundle):
                        return VCType.init(nibName: nibName, bundle:bundle ?? Bundle(for: VCType.self))
                    }
                }
            }
            public enum HeaderFooterProvider<ViewType: UIView> {
                case `class`
                func createView() -> ViewType { switch self { case .class: return ViewType() } }
            }
            struct CellProvider<Cell> where Cell: FormCell {
                func make(_ style: UITableViewCell.CellStyle) -> Cell { Cell(style: style,
                                                                             reuseIdentifier: nil) }
                func plain() -> Cell { Cell() }
            }
            func make(viewClass: UIView.Type, cellClass: UITableViewCell.Type, headerClass: UITableViewHeaderFooterView.Type) {
                let a = viewClass.init(frame: .zero), b = cellClass.init(style: .default, reuseIdentifier: "row")
                let c = headerClass.self.init(reuseIdentifier: "h"), d = type(of: a).init(frame: a.bounds)
                let e = Card(frame: .zero), f = UILabel.init(frame: .zero), g = Card.self.init(frame: .zero)
                let h = viewClass.init(), i = cellClass.init(style: .default)
            }
            func stack<V: UIView, M: Decodable>(_ type: V.Type, _ model: M.Type, from decoder: Decoder) -> V {
                let reference = V.init(frame:)
                _ = try? M(from: decoder)
                return V(frame: V(frame: .zero).bounds)
            }
            extension ControllerProvider {
                func again() -> VCType { VCType() }
            }
            class Card: UIView {
                override init(frame: CGRect) { super.init(frame: frame) }
                convenience init() { self.init(frame: .zero) }
                required init?(coder: NSCoder) { super.init(coder: coder) }
                func copy() -> UIView { return .init(frame: frame) }
            }
            """
        let other = "class FormCell: UITableViewCell {}"
        let result = port(source, with: [other])
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines.count == source.components(separatedBy: "\n").count)
        #expect(lines[5] == "            return VCType._metatypeInit(nibName: nibName, bundle:bundle ?? Bundle(for: VCType.self))")
        #expect(lines[11] == "    func createView() -> ViewType { switch self { case .class: return ViewType._metatypeInit() } }")
        // Across lines: only the head is rewritten. A cell's init() is required: a metatype calls it.
        #expect(lines[14] == "    func make(_ style: UITableViewCell.CellStyle) -> Cell { Cell._metatypeInit(style: style,")
        #expect(lines[16] == "    func plain() -> Cell { Cell() }")
        #expect(lines[19] == #"    let a = viewClass._metatypeInit(frame: .zero), b = cellClass._metatypeInit(style: .default, reuseIdentifier: "row")"#)
        #expect(lines[20] == #"    let c = headerClass.self._metatypeInit(reuseIdentifier: "h"), d = type(of: a)._metatypeInit(frame: a.bounds)"#)
        #expect(lines[21] == "    let e = Card(frame: .zero), f = UILabel.init(frame: .zero), g = Card.self.init(frame: .zero)")
        #expect(lines[22] == "    let h = viewClass.init(), i = cellClass.init(style: .default)")
        #expect(lines[25] == "    let reference = V.init(frame:)")
        #expect(lines[26] == "    _ = try? M(from: decoder)")
        #expect(lines[27] == "    return V._metatypeInit(frame: V._metatypeInit(frame: .zero).bounds)")
        #expect(lines[30] == "    func again() -> VCType { VCType._metatypeInit() }")
        #expect(lines[34] == "    convenience init() { self.init(frame: .zero) }")
        #expect(lines[36] == "    func copy() -> UIView { return .init(frame: frame) }")
        #expect(result.edits.filter { $0.kind == .metatypeInit }.map(\.line) == [6, 12, 15, 20, 20, 21, 21, 28, 28, 31])
        #expect(port(result.text, with: [other]).edits.isEmpty)
    }

    /// A generic parameter bound by a class whose initializer is `required` (Eureka's BaseCell's
    /// `init(style:reuseIdentifier:)`) is left: a metatype calls it already, for any subclass.
    @Test func aRequiredInitializerIsCalledAsItIs() {
        let result = port("""
            open class BaseCell: UITableViewCell {
                public required override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                }
                required public init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }
            }
            struct CellProvider<Cell: BaseCell> {
                func makeCell(style: UITableViewCell.CellStyle) -> Cell { Cell.init(style: style, reuseIdentifier: nil) }
                func framed() -> Cell { Cell(frame: .zero) }
            }
            """)
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines[7] == "    func makeCell(style: UITableViewCell.CellStyle) -> Cell { Cell.init(style: style, reuseIdentifier: nil) }")
        #expect(lines[8] == "    func framed() -> Cell { Cell._metatypeInit(frame: .zero) }")
        // Its forwarders are still written: a metatype value (`cellClass.init(style:…)`) reaches them.
        #expect(lines[5].contains("open override class func _metatypeInit(style: UITableViewCell.CellStyle, reuseIdentifier: String?) -> Self"))
    }

    /// Each class descending from a UIKit view or view controller overrides the hooks of the
    /// initializers it provably has, with its access, on its closing-brace line: those it declares,
    /// all its superclass's when it declares no designated one, its superclass's convenience ones
    /// when it overrides all the designated ones. `init(title:)` alone gives none.
    @Test func subclassesOverrideTheHooksOfTheInitializersTheyHave() {
        let source = """
            open class FormViewController: UIViewController {
                var rows: [String] = []
            }
            public final class Banner: UIView {
                public override init(frame: CGRect) { super.init(frame: frame) }
                public required init?(coder: NSCoder) { fatalError() }
            }
            class TitledView: UIView {
                init(title: String) { super.init(frame: .zero) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class PlainView: UIView {
                init() { super.init(frame: .zero) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class SubtitleCell: UITableViewCell {
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(style: .subtitle, reuseIdentifier: reuseIdentifier) }
                required init?(coder: NSCoder) { fatalError() }
            }
            open class Row<T>: Cell {}
            private class Hidden: UIView {
                @available(*, unavailable)
                override init(frame: CGRect) { fatalError() }
                init(layout: Int) { super.init(frame: .zero) }
                init(frame: Layout) { super.init(frame: .zero) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Model: NSObject {}
            class Header: UITableViewHeaderFooterView {}
            """
        let other = """
            open class Cell: BaseCell {}
            """
        let base = "open class BaseCell: UITableViewCell {}"
        let result = port(source, with: [other, base])
        let lines = result.text.components(separatedBy: "\n")
        #expect(lines.count == source.components(separatedBy: "\n").count)
        func hook(_ access: String, _ type: String, _ initializer: String, _ parameters: String, _ arguments: String) -> String {
            "\(access)override class func _metatypeInit(\(parameters)) -> Self { if self == \(type).self { return \(type)(\(initializer)) as! Self }; "
                + "return super._metatypeInit(\(arguments)) }"
        }
        let nib = "nibName: nibName, bundle: bundle", frame = "frame: frame", cell = "style: style, reuseIdentifier: reuseIdentifier"
        #expect(lines[2] == hook("open ", "FormViewController", nib, "nibName: String?, bundle: Bundle?", nib) + " }")
        #expect(lines[6] == hook("public ", "Banner", frame, "frame: CGRect", frame) + " }")
        #expect(lines[10] == "}")
        #expect(lines[14] == hook("", "PlainView", "", "", "") + " }")
        // Overriding the designated init(style:reuseIdentifier:), the cell inherits init(frame:).
        #expect(lines[18] == hook("", "SubtitleCell", frame, "frame: CGRect", frame) + " ; "
                + hook("", "SubtitleCell", cell, "style: UITableViewCell.CellStyle, reuseIdentifier: String?", cell) + " }")
        // A generic class makes itself by its bare name (in its body, the class itself).
        #expect(lines[19] == "open class Row<T>: Cell { " + hook("open ", "Row", frame, "frame: CGRect", frame) + " ; "
                + hook("open ", "Row", cell, "style: UITableViewCell.CellStyle, reuseIdentifier: String?", cell) + " }")
        // An unavailable init(frame:), or one of other types, is not UIKit's.
        #expect(lines[26] == "}")
        #expect(lines[27] == "class Model: NSObject {}")
        #expect(lines[28] == "class Header: UITableViewHeaderFooterView { override class func _metatypeInit(reuseIdentifier: String?) -> Self "
                + "{ if self == Header.self { return Header(reuseIdentifier: reuseIdentifier) as! Self }; "
                + "return super._metatypeInit(reuseIdentifier: reuseIdentifier) } }")
        #expect(result.edits.filter { $0.kind == .metatypeInitOverrides }.map(\.line) == [3, 7, 15, 19, 20, 29])
        // Ported again: the overrides are there, nothing is added.
        let again = port(result.text, with: [other, base])
        #expect(again.text == result.text && again.edits.isEmpty)
    }

    /// The table port keeps of UIKit's view and view controller classes is what Sources/UIKit
    /// declares (read with port's own reader), every public subclass of UIView and
    /// UIViewController is in it, and UIKit's constructors (Runtime/MetatypeConstruction.swift)
    /// are those of the classes that have `init(frame:)` and `init(nibName:bundle:)`.
    @Test func theUIKitClassesPortKnowsAreUIKitsOwn() throws {
        let uikit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/UIKit")
        var index = MethodIndex()
        var publicClasses: Set<String> = []
        var constructors = ""
        for case let file as URL in FileManager.default.enumerator(at: uikit, includingPropertiesForKeys: nil)! where file.pathExtension == "swift" {
            let walk = TokenWalk(Array(try Data(contentsOf: file)))
            index.add(walk)
            for s in walk.significant.indices where walk.isIdentifier(s, "class") && walk.isIdentifier(s + 1) && walk.enclosingType[s] == nil
                && ["open", "public"].contains(SourceRewriter.accessOfDeclaration(walk, at: s) ?? "") {
                publicClasses.insert(walk.text(s + 1))
            }
            if file.lastPathComponent == "MetatypeConstruction.swift" { constructors = String(decoding: walk.bytes, as: UTF8.self) }
        }
        for (name, known) in DeclaredClass.uikit {
            let declared = try #require(index.declaredClasses[name], "\(name) is not declared in Sources/UIKit")
            #expect(declared.superclass == known.superclass, "\(name)'s superclass")
            #expect(declared.designated == known.designated, "\(name)'s designated initializers")
            #expect(declared.convenience == known.convenience, "\(name)'s convenience initializers")
        }
        let views = publicClasses.filter { name in
            var chain = name
            while let superclass = index.declaredClasses[chain]?.superclass {
                if superclass == "UIView" || superclass == "UIViewController" { return true }
                chain = superclass
            }
            return name == "UIView" || name == "UIViewController"
        }
        #expect(views.subtracting(DeclaredClass.uikit.keys).isEmpty, "not in DeclaredClass.uikit: \(views.subtracting(DeclaredClass.uikit.keys).sorted())")
        let names = DeclaredClass.uikit.keys
        #expect(Set(names.filter { index.initializers(ofClass: $0)!.all.contains("frame:") }.map { "entry(\($0).init(frame:))" })
                == Set(constructors.matches(of: /entry\(\w+\.init\(frame:\)\)/).map { String($0.output) }))
        #expect(Set(names.filter { index.initializers(ofClass: $0)!.all.contains("nibName:bundle:") }.map { "entry(\($0).init(nibName:bundle:))" })
                == Set(constructors.matches(of: /entry\(\w+\.init\(nibName:bundle:\)\)/).map { String($0.output) }))
    }
}
