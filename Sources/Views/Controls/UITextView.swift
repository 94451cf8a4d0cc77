import Foundation
import Geometry
import Graphics
import Layers

/// The region text is laid out in, as TextKit's `NSTextContainer`: the padding at each end of a
/// line (5 pt by default), a limit on lines and what happens past it.
@MainActor
open class NSTextContainer {
    /// Space at the start and end of every line, inside the text view's `textContainerInset`.
    open var lineFragmentPadding: CGFloat = 5 { didSet { owner?.textLayoutDidChange() } }
    /// The most lines laid out (0: no limit).
    open var maximumNumberOfLines = 0 { didSet { owner?.textLayoutDidChange() } }
    /// What the last line allowed does when text is left over (with `maximumNumberOfLines`).
    open var lineBreakMode = NSLineBreakMode.byWordWrapping { didSet { owner?.textLayoutDidChange() } }
    /// The container's size: the text view's bounds less its insets.
    open internal(set) var size: CGSize = .zero

    weak var owner: UITextView?

    public init() {}
}

/// Text shown in a scroll view, as UIKit's `UITextView`, for display (uisim does not edit text):
/// `text`, `attributedText`, `font`, `textColor`, `textAlignment`, `textContainerInset` (8 pt
/// above and below by default) and `textContainer.lineFragmentPadding` (5 pt each side). With
/// `isScrollEnabled` (the default) the text scrolls in the view's bounds; without, the view sizes
/// itself to its text (its intrinsic size, at the width Auto Layout gives it), as a self-sizing
/// cell's text view does. `isEditable` and `isSelectable` are kept, not acted on.
@MainActor
open class UITextView: UIScrollView {
    /// The view that draws the text, as tall as the content.
    private let canvas = TextCanvas()
    public let textContainer = NSTextContainer()

    private var storage: NSAttributedString?
    private var storesPlainText = true

    /// The text; setting it replaces `attributedText`.
    open var text: String! {
        get { storage?.string ?? "" }
        set {
            storage = NSAttributedString(string: newValue ?? "")
            storesPlainText = true
            textLayoutDidChange()
        }
    }

    /// The text with its attributes; plain text has the view's `font`, `textColor` and alignment.
    open var attributedText: NSAttributedString! {
        get { storesPlainText ? NSAttributedString(string: text, attributes: defaultAttributes) : storage ?? NSAttributedString(string: "") }
        set {
            storage = newValue.map { NSAttributedString(attributedString: $0) }
            storesPlainText = false
            textLayoutDidChange()
        }
    }

    /// The font of plain text (the system font at 12 pt unless set, as UIKit's).
    open var font: UIFont? = .systemFont(ofSize: 12) { didSet { textLayoutDidChange() } }
    open var textColor: UIColor? = .label { didSet { canvas.setNeedsDisplay() } }
    open var textAlignment = NSTextAlignment.natural { didSet { textLayoutDidChange() } }
    /// Space between the view's edges and the text container: 8 pt above and below.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textLayoutDidChange() } }
    open var isEditable = true
    open var isSelectable = true
    open var adjustsFontForContentSizeCategory = false

    /// The width Auto Layout last gave the view (its intrinsic height wraps at it).
    private var engineWidth: CGFloat?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        textContainer.owner = self
        canvas.textView = self
        addSubview(canvas)
        systemSubviews = [canvas]
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        return [.font: font ?? .systemFont(ofSize: 12), .foregroundColor: textColor ?? .label, .paragraphStyle: style]
    }

    func textLayoutDidChange() {
        canvas.setNeedsDisplay()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// The text laid out for a view `width` wide: wrapped inside the insets and the padding.
    func textLayout(forWidth width: CGFloat) -> TextLayout? {
        guard let storage, storage.length > 0 else { return nil }
        let padding = textContainer.lineFragmentPadding
        let lineWidth = max(width - textContainerInset.left - textContainerInset.right - 2 * padding, 0)
        let mode: NSLineBreakMode? = textContainer.maximumNumberOfLines > 0 ? textContainer.lineBreakMode : nil
        return AppEnvironment.current.text.layout(TextLayoutRequest(
            storage, width: lineWidth, maxLines: textContainer.maximumNumberOfLines, lineBreakMode: mode,
            alignment: storesPlainText ? textAlignment : nil, defaults: defaultAttributes))
    }

    /// The height of the text at `width` with the insets: the content's height.
    private func contentHeight(forWidth width: CGFloat) -> CGFloat {
        let text = textLayout(forWidth: width)?.size.height ?? (font ?? .systemFont(ofSize: 12)).lineHeight
        return (text + textContainerInset.top + textContainerInset.bottom).ceiledToPixel(scale: (window?.screen ?? UIScreen.main).scale)
    }

    /// Scrolling: no intrinsic size. Not scrolling: the text's height at the width Auto Layout
    /// gives the view (its frame's width before that).
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let width = engineWidth ?? bounds.width
        return CGSize(width: UIView.noIntrinsicMetric, height: contentHeight(forWidth: width))
    }

    override func takeEngineWidth(_ width: CGFloat) -> Bool {
        guard !isScrollEnabled, engineWidth != width else { return false }
        engineWidth = width
        return true
    }

    /// The text's size at `size.width`, with the insets.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        AppEnvironment.current.text.statistics.measurements += 1
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(width: width, height: contentHeight(forWidth: width))
    }

    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = contentHeight(forWidth: bounds.width)
        textContainer.size = CGSize(width: bounds.width - textContainerInset.left - textContainerInset.right, height: .greatestFiniteMagnitude)
        if contentSize != CGSize(width: bounds.width, height: height) { contentSize = CGSize(width: bounds.width, height: height) }
        let frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(height, bounds.height))
        if canvas.frame != frame { canvas.frame = frame }
    }

    /// Draws the text view's text: a subview as tall as the content, so scrolling moves it.
    private final class TextCanvas: UIView {
        weak var textView: UITextView?

        override init(frame: CGRect) {
            super.init(frame: frame)
            isOpaque = false
            isUserInteractionEnabled = false
        }

        public required init?(coder: NSCoder) {
            noArchives(Self.self)
            return nil
        }

        override func draw(_ rect: CGRect) {
            guard let textView, let context = UIGraphicsGetCurrentContext(), let layout = textView.textLayout(forWidth: bounds.width) else { return }
            let inset = textView.textContainerInset, padding = textView.textContainer.lineFragmentPadding
            let box = CGRect(x: inset.left + padding, y: inset.top, width: bounds.width - inset.left - inset.right - 2 * padding,
                             height: layout.size.height)
            context.draw(layout, in: box, clipsTo: nil)
        }
    }
}
