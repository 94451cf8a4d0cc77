// Declarations that real libraries ported to uisim (SnapKit, Eureka, InputBarAccessoryView,
// MessageKit, PanModal) rely on, written as those libraries write them in Swift 5: subclasses that
// override the SDK's initializers and members, and calls of what they inherit. Checked against the
// iOS 17.0 SDK's headers (UIKit.framework/Headers), named at each section.
import XCTest
import UIKit

// MARK: UIAlertController (UIAlertController.h)

/// Eureka's alert selector: a generic subclass that overrides UIAlertController's designated
/// initializers (inherited from UIViewController) and so inherits `init()` and the convenience
/// `init(title:message:preferredStyle:)`.
final class SelectorAlertController<T>: UIAlertController {
    var options: [T] = []
    var onDismissCallback: ((UIViewController) -> Void)?
    var selected: T?

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    convenience init(_ callback: ((UIViewController) -> Void)?) {
        self.init()
        onDismissCallback = callback
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        for option in options {
            addAction(UIAlertAction(title: "\(option)", style: .default) { [weak self] _ in self?.selected = option })
        }
        addAction(UIAlertAction(title: "Cancel", style: .cancel))
    }
}

/// An action whose title a subclass decorates (UIAlertAction's `title` and `style` are open).
final class CheckedAlertAction: UIAlertAction {
    override var title: String? { super.title.map { "✓ " + $0 } }
}

final class LibraryPortDeclarationTests: XCTestCase {
    func testAlertControllerSubclassInheritsTheConvenienceInitializer() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()

        let selector = SelectorAlertController<Int>(title: "Size", message: nil, preferredStyle: .actionSheet)
        selector.options = [1, 2, 3]
        XCTAssertEqual(selector.preferredStyle, .actionSheet)
        XCTAssertEqual(selector.title, "Size")
        XCTAssertNil(selector.message)
        root.present(selector, animated: false)
        _ = window.layoutPass()
        XCTAssertEqual(selector.actions.map { $0.title }, ["1", "2", "3", "Cancel"])
        XCTAssertEqual(selector.actions.map { $0.style }, [.default, .default, .default, .cancel])
        // An action sheet: its cards span the window less 8 pt each side and sit at its bottom
        // (an alert would be 270 pt wide and centred).
        XCTAssertEqual(selector.view.frame.minX, 8)
        XCTAssertEqual(selector.view.frame.width, 374)
        XCTAssertGreaterThan(selector.view.frame.minY, 844 / 2)

        // The other inherited initializers: init() (UIKit's style zero, an action sheet) and the
        // library's own convenience one over it; init?(coder:) makes nothing without archives.
        var dismissed = 0
        let plain = SelectorAlertController<String> { _ in dismissed += 1 }
        XCTAssertEqual(plain.preferredStyle, .actionSheet)
        plain.onDismissCallback?(plain)
        XCTAssertEqual(dismissed, 1)
        XCTAssertNil(SelectorAlertController<Int>(coder: NSCoder()))

        let alert = UIAlertController(title: "T", message: "M", preferredStyle: .alert)
        let checked = CheckedAlertAction(title: "Keep", style: .default)
        alert.addAction(checked)
        XCTAssertEqual(alert.preferredStyle, .alert)
        XCTAssertEqual(alert.actions.first?.title, "✓ Keep")
        XCTAssertTrue(alert.actions.first === checked)
        XCTAssertNil(alert.textFields)
        XCTAssertTrue(checked.isKind(of: UIAlertAction.self))
    }
}
