import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// Text on one or more lines, as UIKit's `UILabel`: laid out by the app's text engine (Pango's
/// line breaking on Inter's widths, SF Pro's line heights), `numberOfLines` lines at most (0: as
/// many as the text needs and the bounds hold), `lineBreakMode` for what does not fit (an ellipsis
/// by default), `textAlignment`, `attributedText`. The text block is centred vertically in a
/// taller label. Its intrinsic size is the text's, each side rounded up to the screen's pixel
/// (17 pt: one line 20.333 pt tall at @3x, as a device's); a multi-line label laid out by Auto
/// Layout wraps at the width the engine gives it (or `preferredMaxLayoutWidth`).
open class UILabel: UIView {
    private enum Content: Equatable {
        case plain(String)
        case attributed(NSAttributedString)

        /// Plain text by value; an attributed string by identity (each one set is a copy).
        static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case (.plain(let a), .plain(let b)): a == b
            case (.attributed(let a), .attributed(let b)): a === b
            default: false
            }
        }
    }

    private var content: Content? {
        didSet { if content != oldValue { textDidChange() } }
    }

    /// The text; setting it replaces `attributedText`.
    open var text: String? {
        get {
            switch content {
            case .plain(let text): text
            case .attributed(let string): string.string
            case nil: nil
            }
        }
        set {
            keyValueWillChange("text")
            content = newValue.map { .plain($0) }
            keyValueDidChange("text")
        }
    }

    /// The text with its attributes. Without attributes of its own, the label's `font`,
    /// `textColor`, `textAlignment` and `lineBreakMode` are its attributes.
    open var attributedText: NSAttributedString? {
        get {
            switch content {
            case .plain(let text): NSAttributedString(string: text, attributes: defaultAttributes)
            case .attributed(let string): string
            case nil: nil
            }
        }
        set {
            keyValueWillChange("attributedText")
            content = newValue.map { .attributed(NSAttributedString(attributedString: $0)) }
            keyValueDidChange("attributedText")
        }
    }

    /// The font of text without a font of its own. `null_resettable` in UIKit: nil gives back
    /// the default, the 17-pt system font.
    open var font: UIFont! {
        get { storedFont }
        set {
            let font = newValue ?? Self.defaultFont
            guard font != storedFont else { return }
            storedFont = font
            textDidChange()
        }
    }
    /// The colour of text without a colour of its own. `null_resettable` in UIKit: nil gives back
    /// the default, `.label`.
    open var textColor: UIColor! {
        get { storedTextColor }
        set {
            let color = newValue ?? Self.defaultTextColor
            guard color != storedTextColor else { return }
            storedTextColor = color
            setNeedsDisplay()
        }
    }
    private static var defaultFont: UIFont { .systemFont(ofSize: 17) }
    private static var defaultTextColor: UIColor { .label }
    private var storedFont = UILabel.defaultFont
    private var storedTextColor = UILabel.defaultTextColor
    /// The font and colour text is laid out and drawn with: the properties' values as read
    /// through their getters (a subclass may override them), nil read as the default.
    private var shownFont: UIFont { font ?? Self.defaultFont }
    private var shownTextColor: UIColor { textColor ?? Self.defaultTextColor }
    open var textAlignment = NSTextAlignment.natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }
    /// What happens to text that does not fit: the last line ends in "…" by default.
    open var lineBreakMode = NSLineBreakMode.byTruncatingTail {
        didSet { if lineBreakMode != oldValue { textDidChange() } }
    }
    /// The most lines shown; 0 for as many as the text needs (and the bounds hold). 1 by default.
    open var numberOfLines = 1 {
        didSet { if numberOfLines != oldValue { textDidChange() } }
    }
    /// The width a multi-line label's intrinsic size wraps at; 0 (the default): the width Auto
    /// Layout gives it.
    open var preferredMaxLayoutWidth: CGFloat = 0 {
        didSet { if preferredMaxLayoutWidth != oldValue { textDidChange() } }
    }
    /// Whether a one-line label shrinks its font to fit its width (down to `minimumScaleFactor`
    /// of its size) before truncating.
    open var adjustsFontSizeToFitWidth = false {
        didSet { if adjustsFontSizeToFitWidth != oldValue { setNeedsDisplay() } }
    }
    /// The smallest fraction of the font's size a shrinking label goes down to (0: as small as
    /// it takes).
    open var minimumScaleFactor: CGFloat = 0 {
        didSet { if minimumScaleFactor != oldValue { setNeedsDisplay() } }
    }

    /// Whether the font follows the content-size category (kept; the category is set for a whole
    /// replay, before the screen is built).
    open var adjustsFontForContentSizeCategory = false

    /// The text's color while highlighted (in a highlighted table view cell); nil keeps `textColor`.
    open var highlightedTextColor: UIColor? {
        didSet { if isHighlighted && highlightedTextColor != oldValue { setNeedsDisplay() } }
    }
    /// Whether the label is highlighted: it draws with `highlightedTextColor` if there is one.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue && highlightedTextColor != nil { setNeedsDisplay() } }
    }
    /// A disabled label draws its text grey.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }

    /// The width Auto Layout last gave the label, which a multi-line label's intrinsic size wraps
    /// at when `preferredMaxLayoutWidth` is 0.
    private var engineWidth: CGFloat?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = false
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = false
        UINibDecoder.didInit(self, as: UILabel.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? { text }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .staticText }

    private func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        return [.font: shownFont, .foregroundColor: shownTextColor, .paragraphStyle: style]
    }

    private var text_: TextSystem { AppEnvironment.current.text }

    /// The layout of the text at `width` (nil: unlimited), with at most `lines` lines, its
    /// fonts `scale` times their size.
    private func layout(width: CGFloat?, lines: Int, color: UIColor? = nil, scale: CGFloat = 1) -> TextLayout? {
        guard let content else { return nil }
        let labelFont = shownFont
        let font = scale != 1 ? labelFont.withSize(labelFont.pointSize * scale) : labelFont
        switch content {
        case .plain(let text):
            // Plain text: a request from the string and the label's font and colour, with its
            // line break mode and alignment (no attributed string made).
            guard !text.isEmpty else { return nil }
            return text_.layout(TextLayoutRequest(text, attributes: [.font: font, .foregroundColor: color ?? shownTextColor],
                                                  width: width, maxLines: lines, lineBreakMode: lineBreakMode, alignment: textAlignment))
        case .attributed(let attributed):
            // An attributed string's paragraph style rules its own lines; without one, the
            // label's line break mode and alignment do. The label's font and colour fill what
            // its runs do not say.
            guard attributed.length > 0 else { return nil }
            var defaults = defaultAttributes
            if let color { defaults[.foregroundColor] = color }
            defaults[.font] = font
            let string = scale != 1 ? Self.scalingFonts(of: attributed, by: scale) : attributed
            let styled = attributed.attribute(.paragraphStyle, at: 0, effectiveRange: nil) != nil
            return text_.layout(TextLayoutRequest(string, width: width, maxLines: lines, lineBreakMode: styled ? nil : lineBreakMode,
                                                  alignment: styled ? nil : textAlignment, defaults: defaults))
        }
    }

    /// The width lines wrap at for a size limit: none for one line (it is truncated at the
    /// bounds instead), the limit otherwise.
    private func wrapWidth(_ limit: CGFloat) -> CGFloat? {
        limit > 0 ? TextLayoutRequest.wrappingWidth(limit) : nil
    }

    private func ceilToPixel(_ size: CGSize) -> CGSize {
        let scale = (window?.screen ?? UIScreen.main).scale
        return CGSize(width: size.width.ceiledToPixel(scale: scale), height: size.height.ceiledToPixel(scale: scale))
    }

    /// The size of the text wrapped at `size.width` (one line when `numberOfLines` is 1), at most
    /// `numberOfLines` lines, each side rounded up to the screen's pixel; (0, 0) without text.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        text_.statistics.measurements += 1
        guard let layout = layout(width: numberOfLines == 1 ? nil : wrapWidth(size.width), lines: numberOfLines) else { return .zero }
        return ceilToPixel(layout.size)
    }

    /// The text's size: one line's for a one-line label; for a multi-line label, wrapped at
    /// `preferredMaxLayoutWidth`, or at the width Auto Layout gave it; (0, 0) without text.
    open override var intrinsicContentSize: CGSize {
        let width: CGFloat? = numberOfLines == 1 ? nil
            : preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : engineWidth.flatMap(wrapWidth)
        guard let layout = layout(width: width, lines: numberOfLines) else { return .zero }
        return ceilToPixel(layout.size)
    }

    /// A multi-line label with no preferred width wraps at the width Auto Layout gives it: a new
    /// width is a new intrinsic size (UIKit's second constraints pass).
    override func takeEngineWidth(_ width: CGFloat) -> Bool {
        guard numberOfLines != 1, preferredMaxLayoutWidth == 0, engineWidth != width else { return false }
        engineWidth = width
        return true
    }

    /// The rectangle the text takes in `bounds` at most `numberOfLines` lines: its top-left at
    /// the bounds', its size the text's (no larger than the bounds).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        text_.statistics.measurements += 1
        guard let layout = layout(width: wrapWidth(bounds.width), lines: numberOfLines) else {
            return CGRect(origin: bounds.origin, size: .zero)
        }
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(layout.size.width, bounds.width), height: min(layout.size.height, bounds.height))
    }

    /// The text is centred vertically: the first baseline is the first line's, the last
    /// baseline the last line's, from the label's centre.
    override func baselineOffsetFromCenter(last: Bool) -> CGFloat? {
        guard let layout = shownLayout(), let line = last ? layout.lines.last : layout.lines.first else {
            return shownFont.ascender - shownFont.lineHeight / 2
        }
        return line.baseline - layout.size.height / 2
    }

    /// The layout drawn in the bounds: wrapped at their width, as many lines as `numberOfLines`
    /// allows and the height holds (at least one), the last truncated as `lineBreakMode` says. A
    /// line that fits is the intrinsic size's own layout (from the cache).
    func shownLayout(color: UIColor? = nil) -> TextLayout? {
        let width = wrapWidth(bounds.width)
        if numberOfLines == 1 {
            guard let line = layout(width: nil, lines: 1, color: color) else { return nil }
            if width == nil || line.size.width <= bounds.width + 1e-9 || lineBreakMode == .byClipping { return line }
            if adjustsFontSizeToFitWidth, let shrunk = shrunkLine(line, color: color) { return shrunk }
            return layout(width: width, lines: 1, color: color)
        }
        guard let full = layout(width: width, lines: numberOfLines, color: color) else { return nil }
        let fitting = full.lines.prefix { $0.top + $0.height <= bounds.height + 0.5 }.count
        guard fitting < full.lines.count, fitting >= 1 else { return full }
        return layout(width: width, lines: fitting, color: color)
    }

    /// The line with its fonts shrunk until it fits the width: first by the ratio of the widths,
    /// then half a point at a time (widths are not quite proportional to sizes), never below
    /// `minimumScaleFactor`; nil if even the smallest does not fit (the line is then truncated
    /// at that size, as UIKit does).
    private func shrunkLine(_ line: TextLayout, color: UIColor?) -> TextLayout? {
        let font = shownFont
        let smallest = minimumScaleFactor > 0 ? min(minimumScaleFactor, 1) : 1 / max(font.pointSize, 1)
        var scale = max(smallest, bounds.width / line.size.width)
        while true {
            guard let shrunk = layout(width: nil, lines: 1, color: color, scale: scale) else { return nil }
            if shrunk.size.width <= bounds.width + 1e-9 { return shrunk }
            guard scale > smallest else { return layout(width: wrapWidth(bounds.width), lines: 1, color: color, scale: scale) }
            scale = max(smallest, scale - 0.5 / max(font.pointSize, 1))
        }
    }

    private static func scalingFonts(of string: NSAttributedString, by scale: CGFloat) -> NSAttributedString {
        let scaled = NSMutableAttributedString(attributedString: string)
        string.enumerateAttribute(.font, in: NSRange(location: 0, length: string.length), options: []) { value, range, _ in
            guard let font = value as? UIFont else { return }
            scaled.addAttribute(.font, value: font.withSize(font.pointSize * scale), range: range)
        }
        return scaled
    }

    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// Draws the text in `rect`, centred vertically, clipped to the label's bounds.
    open func drawText(in rect: CGRect) {
        let textColor = shownTextColor
        let color = isHighlighted ? highlightedTextColor ?? textColor : isEnabled ? textColor : UIColor(white: 0.56, alpha: 1)
        guard let context = UIGraphicsGetCurrentContext(), let layout = shownLayout(color: color == textColor ? nil : color) else { return }
        let y = rect.minY + (rect.height - layout.size.height) / 2
        context.draw(layout, in: CGRect(x: rect.minX, y: y, width: rect.width, height: layout.size.height), clipsTo: bounds)
    }
}
