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

// MARK: UITextView and NSTextContainer (UITextView.h, NSTextContainer.h)

/// InputBarAccessoryView's text view: it overrides UITextView's designated initializer, and its
/// own `init()` goes through the inherited convenience `init(frame:)`.
final class InputTextView: UITextView {
    var placeholder = "Aa"

    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        font = .systemFont(ofSize: 17)
        isScrollEnabled = false
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    convenience init() {
        self.init(frame: .zero)
    }
}

/// A container that keeps a side margin of its own (NSTextContainer's members are open).
final class MarginTextContainer: NSTextContainer {
    override init(size: CGSize) {
        super.init(size: size)
        lineFragmentPadding = 0
    }

    required init(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var size: CGSize {
        get { super.size }
        set { super.size = CGSize(width: newValue.width - 20, height: newValue.height) }
    }
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

    func testTextContainerSizeSetsTheWidthTextWrapsAt() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        // The view's own container tracks its width (less the insets: none at the sides).
        let tracking = InputTextView()
        tracking.frame = CGRect(x: 0, y: 0, width: 320, height: 100)
        tracking.text = text
        XCTAssertEqual(tracking.placeholder, "Aa")
        XCTAssertTrue(tracking.textContainer.widthTracksTextView)
        tracking.layoutIfNeeded()
        XCTAssertEqual(tracking.textContainer.size.width, 320)
        let font: UIFont = tracking.font!
        func lines(_ view: UITextView) -> Int {
            let height = view.sizeThatFits(CGSize(width: view.bounds.width, height: CGFloat.greatestFiniteMagnitude)).height
            return Int(((height - view.textContainerInset.top - view.textContainerInset.bottom) / font.lineHeight).rounded())
        }
        let wide = lines(tracking)

        // A container of a set size: lines break at its width less the padding, whatever the
        // view's width, and a layout leaves its size alone.
        let container = NSTextContainer(size: CGSize(width: 110, height: 0))
        XCTAssertFalse(container.widthTracksTextView)
        let narrowView = InputTextView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), textContainer: container)
        narrowView.text = text
        XCTAssertTrue(narrowView.textContainer === container)
        narrowView.layoutIfNeeded()
        XCTAssertEqual(container.size, CGSize(width: 110, height: 0))
        let narrow = lines(narrowView)
        XCTAssertGreaterThan(narrow, wide)
        XCTAssertGreaterThanOrEqual(narrow, 4)

        // Setting the size lays the text out again at the new width.
        container.size = CGSize(width: 320, height: 0)
        XCTAssertEqual(lines(narrowView), wide)
        // Tracking again: the view's width (160) wins over the size set.
        container.widthTracksTextView = true
        narrowView.frame.size.width = 160
        narrowView.layoutIfNeeded()
        XCTAssertEqual(container.size.width, 160)
        XCTAssertGreaterThan(lines(narrowView), wide)

        // A subclass's size override is the one the text view lays out with: 120 less its 20 pt
        // margin, no padding, is the 110 pt container's line width less 2 × 5 pt padding.
        let margin = MarginTextContainer(size: .zero)
        margin.size = CGSize(width: 120, height: 0)
        XCTAssertEqual(margin.size.width, 100)
        let marginView = InputTextView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), textContainer: margin)
        marginView.text = text
        XCTAssertEqual(lines(marginView), narrow)

        // NSObject's init() and the archive initializer (not failable) give empty containers.
        XCTAssertEqual(NSTextContainer().size, .zero)
        XCTAssertEqual(NSTextContainer().lineFragmentPadding, 5)
        XCTAssertEqual(NSTextContainer(coder: NSCoder()).size, .zero)
    }

    /// `UIImage()` (NSObject's initializer) is an empty image, as libraries use it for "no image"
    /// (a cleared bar shadow, a placeholder that takes no room).
    func testEmptyImageFromNSObjectsInitializer() {
        let empty = UIImage()
        XCTAssertEqual(empty.size, .zero)
        XCTAssertEqual(empty.scale, 1)
        XCTAssertNil(empty.cgImage)
        XCTAssertNil(empty.pngData())
        XCTAssertEqual(empty.renderingMode, .automatic)
        XCTAssertTrue(empty.isKind(of: UIImage.self))
        let imageView = UIImageView(image: empty)
        XCTAssertEqual(imageView.intrinsicContentSize, .zero)
        XCTAssertEqual(imageView.frame.size, .zero)
        let template = empty.withRenderingMode(.alwaysTemplate)
        XCTAssertEqual(template.size, .zero)
        XCTAssertEqual(template.renderingMode, .alwaysTemplate)
        // Drawing it draws nothing.
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            empty.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(drawn.size, CGSize(width: 4, height: 4))
        XCTAssertEqual(drawn.pngData(), UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }.pngData())
    }
}
