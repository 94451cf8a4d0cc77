// UIKit's declarations as the iOS SDK imports them into Swift (issue 45 §2), checked by compiling
// subclasses that override them with the SDK's spelling: a member whose optionality, access
// (`open`), `required` or label differs from the SDK's does not compile here. The assertions show
// that the overrides are the ones UIKit calls and that `null_resettable` properties reset to their
// defaults on nil. Each class names the header it was checked against (iOS 17.0 SDK,
// UIKit.framework/Headers).
import XCTest
import UIKit

// MARK: UILabel (UILabel.h)

final class SDKLabel: UILabel {
    var drawnTextRects: [CGRect] = []
    var textColorReads = 0

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // null_resettable → `T!`
    override var textColor: UIColor! {
        get { textColorReads += 1; return super.textColor }
        set { super.textColor = newValue }
    }
    override var font: UIFont! {
        get { super.font }
        set { super.font = newValue }
    }
    // nullable → `T?`
    override var text: String? {
        get { super.text }
        set { super.text = newValue }
    }
    override var attributedText: NSAttributedString? {
        get { super.attributedText }
        set { super.attributedText = newValue }
    }
    override var highlightedTextColor: UIColor? {
        get { super.highlightedTextColor }
        set { super.highlightedTextColor = newValue }
    }
    override var textAlignment: NSTextAlignment {
        get { super.textAlignment }
        set { super.textAlignment = newValue }
    }
    override var numberOfLines: Int {
        get { super.numberOfLines }
        set { super.numberOfLines = newValue }
    }
    override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    override var adjustsFontSizeToFitWidth: Bool {
        get { super.adjustsFontSizeToFitWidth }
        set { super.adjustsFontSizeToFitWidth = newValue }
    }
    override var minimumScaleFactor: CGFloat {
        get { super.minimumScaleFactor }
        set { super.minimumScaleFactor = newValue }
    }
    override var preferredMaxLayoutWidth: CGFloat {
        get { super.preferredMaxLayoutWidth }
        set { super.preferredMaxLayoutWidth = newValue }
    }
    override var isHighlighted: Bool {
        get { super.isHighlighted }
        set { super.isHighlighted = newValue }
    }
    override var isEnabled: Bool {
        get { super.isEnabled }
        set { super.isEnabled = newValue }
    }
    override func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        super.textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
    }
    override func drawText(in rect: CGRect) {
        drawnTextRects.append(rect)
        super.drawText(in: rect.insetBy(dx: 4, dy: 0))
    }
}

// MARK: UIButton (UIButton.h)

final class SDKButton: UIButton {
    var titlesSet: [String?] = []

    override init(frame: CGRect) { super.init(frame: frame) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    // nullable, readonly → `T? { get }`
    override var titleLabel: UILabel? { super.titleLabel }
    override var imageView: UIImageView? { super.imageView }
    override var buttonType: UIButton.ButtonType { super.buttonType }
    override var contentEdgeInsets: UIEdgeInsets {
        get { super.contentEdgeInsets }
        set { super.contentEdgeInsets = newValue }
    }
    override func setTitle(_ title: String?, for state: UIControl.State) {
        titlesSet.append(title)
        super.setTitle(title, for: state)
    }
    override func title(for state: UIControl.State) -> String? { super.title(for: state) }
    override func setTitleColor(_ color: UIColor?, for state: UIControl.State) { super.setTitleColor(color, for: state) }
    override func setImage(_ image: UIImage?, for state: UIControl.State) { super.setImage(image, for: state) }
}

final class SDKDeclarationTests: XCTestCase {
    func testLabelNullResettablePropertiesResetToTheirDefaults() {
        let label = SDKLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
        XCTAssertEqual(label.textColor, UIColor.label)
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .red
        XCTAssertEqual(label.font.pointSize, 30)
        XCTAssertEqual(label.textColor, UIColor.red)
        label.font = nil
        label.textColor = nil
        XCTAssertEqual(label.font, UIFont.systemFont(ofSize: 17))
        XCTAssertEqual(label.textColor, UIColor.label)
        // A plain UILabel too.
        let plain = UILabel()
        plain.font = nil
        plain.textColor = nil
        XCTAssertEqual(plain.font.pointSize, 17)
        XCTAssertEqual(plain.textColor, UIColor.label)
    }

    func testLabelOverridesAreTheOnesUIKitCalls() {
        let label = SDKLabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "Inbox"
        let reads = label.textColorReads
        // The label draws through `drawText(in:)`, reading `textColor` through its getter.
        label.layer.setNeedsDisplay()
        label.layer.displayIfNeeded()
        XCTAssertEqual(label.drawnTextRects, [label.bounds])
        XCTAssertGreaterThan(label.textColorReads, reads)
        let rect = label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        XCTAssertGreaterThan(rect.width, 0)
        XCTAssertNil(SDKLabel(coder: NSCoder()))
    }

    func testButtonDeclarations() {
        // The class factory `buttonWithType:` is `init(type:)`, and makes the subclass.
        let button = SDKButton(type: .system)
        XCTAssertEqual(button.buttonType, .system)
        XCTAssertEqual(UIButton(frame: .zero).buttonType, .custom)
        XCTAssertEqual(UIButton.ButtonType.roundedRect, .system)
        button.setTitle("Send", for: .normal)
        XCTAssertEqual(button.titlesSet, ["Send"])
        XCTAssertEqual(button.titleLabel?.text, "Send")
        button.titleLabel?.font = .boldSystemFont(ofSize: 20)
        XCTAssertEqual(button.titleLabel?.font.pointSize, 20)
        button.setTitleColor(.red, for: .normal)
        XCTAssertEqual(button.titleLabel?.textColor, UIColor.red)
        XCTAssertNotNil(button.imageView)
        XCTAssertNil(button.imageView?.image)
        XCTAssertNil(SDKButton(coder: NSCoder()))
    }
}
