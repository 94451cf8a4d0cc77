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

/// What a text view asks and tells its delegate while it is edited, as UIKit's
/// `UITextViewDelegate` (a scroll view delegate too: set it as the text view's `delegate`). Every
/// method optional.
@MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// Text in a scroll view, as UIKit's `UITextView`: `text`, `attributedText`, `font`, `textColor`,
/// `textAlignment`, `textContainerInset` (8 pt above and below by default) and
/// `textContainer.lineFragmentPadding` (5 pt each side). With `isScrollEnabled` (the default) the
/// text scrolls in the view's bounds; without, the view sizes itself to its text (its intrinsic
/// size, at the width Auto Layout gives it), as a self-sizing cell's text view does. Editable (the
/// default), a tap makes it the first responder (the keyboard comes up) and typed keys reach it
/// through `UIKeyInput` — the return key a new line —, asking its `UITextViewDelegate` and
/// telling it (`textViewDidChange`), posting `textDidChangeNotification`. Typing goes at the end
/// (uisim has no selection or caret in a text view); `isSelectable` is kept as set.
@MainActor
open class UITextView: UIScrollView, UIKeyInput {
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

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// The delegate, as a text view's (`delegate`, when it is one).
    private var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard isEditable, window != nil, textDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        return super.becomeFirstResponder()
    }

    override func didTakeFocus() {
        textDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard textDelegate?.textViewShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        textDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// A tap on an editable text view begins editing.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isEditable, !isFirstResponder, let touch = touches.first, bounds.contains(touch.location(in: self)) {
            becomeFirstResponder()
            return
        }
        super.touchesEnded(touches, with: event)
    }

    public var hasText: Bool { !text.isEmpty }

    /// Types `text` at the end ("\n", the return key, is a new line), if the delegate allows.
    open func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        replaceText(NSRange(location: (self.text as NSString).length, length: 0), with: text)
    }

    /// Deletes the last character (a whole grapheme).
    open func deleteBackward() {
        let current: String = text
        guard let last = current.indices.last else { return }
        replaceText(NSRange(last..<current.endIndex, in: current), with: "")
    }

    private func replaceText(_ range: NSRange, with string: String) {
        guard textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true else { return }
        if storesPlainText {
            text = (text as NSString).replacingCharacters(in: range, with: string)
        } else {
            let edited = NSMutableAttributedString(attributedString: attributedText)
            edited.replaceCharacters(in: range, with: NSAttributedString(string: string, attributes: defaultAttributes))
            attributedText = edited
        }
        textDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        textDelegate?.textViewDidChangeSelection(self)
    }

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
