import Foundation
import CoreGraphics

// UIKit's text attributes and paragraph styles (NSText.h, NSParagraphStyle.h,
// NSStringDrawing.h, NSAttributedString.h), which Foundation on Linux does not have.

/// How text lines up between the edges of its box.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3
    /// Left for left-to-right text, right for right-to-left.
    case natural = 4
}

/// What happens to text that does not fit its box.
public enum NSLineBreakMode: Int, Sendable {
    /// Lines break between words (a word longer than a line breaks between characters).
    case byWordWrapping = 0
    /// Lines break between characters.
    case byCharWrapping = 1
    /// Lines wrap as by word; what does not fit is cut off.
    case byClipping = 2
    /// The last line shows its end, with "…" where the rest was.
    case byTruncatingHead = 3
    /// The last line ends in "…".
    case byTruncatingTail = 4
    /// The last line keeps its start and end, with "…" between.
    case byTruncatingMiddle = 5

    package var truncates: Bool { self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle }
}

/// How lines of a paragraph are set, as UIKit's `NSParagraphStyle`.
///
/// `@unchecked Sendable` as Foundation's Swift overlay declares it on iOS: a paragraph style is
/// immutable (only `NSMutableParagraphStyle` changes, and attributed strings copy what they are
/// given); an open NSObject subclass cannot be checked by the compiler.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// Alignment natural, word wrapping, no extra spacing.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open fileprivate(set) var alignment = NSTextAlignment.natural
    open fileprivate(set) var lineBreakMode = NSLineBreakMode.byWordWrapping
    /// Space between the bottom of one line and the top of the next, in points.
    open fileprivate(set) var lineSpacing: CGFloat = 0
    /// Space after a paragraph's last line, in points.
    open fileprivate(set) var paragraphSpacing: CGFloat = 0
    /// Space before a paragraph's first line, in points.
    open fileprivate(set) var paragraphSpacingBefore: CGFloat = 0
    /// A factor on each line's natural height (0: none).
    open fileprivate(set) var lineHeightMultiple: CGFloat = 0
    /// Bounds on a line's height, in points (0: none).
    open fileprivate(set) var minimumLineHeight: CGFloat = 0
    open fileprivate(set) var maximumLineHeight: CGFloat = 0
    /// Indent of a paragraph's first line, and of its other lines, from the leading edge.
    open fileprivate(set) var firstLineHeadIndent: CGFloat = 0
    open fileprivate(set) var headIndent: CGFloat = 0
    /// 0 to 1: how readily words are hyphenated (uisim never hyphenates).
    open fileprivate(set) var hyphenationFactor: Float = 0

    public override init() { super.init() }

    open func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    private func copyValues<Style: NSParagraphStyle>(into style: Style) -> Style {
        style.alignment = alignment
        style.lineBreakMode = lineBreakMode
        style.lineSpacing = lineSpacing
        style.paragraphSpacing = paragraphSpacing
        style.paragraphSpacingBefore = paragraphSpacingBefore
        style.lineHeightMultiple = lineHeightMultiple
        style.minimumLineHeight = minimumLineHeight
        style.maximumLineHeight = maximumLineHeight
        style.firstLineHeadIndent = firstLineHeadIndent
        style.headIndent = headIndent
        style.hyphenationFactor = hyphenationFactor
        return style
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values
    }

    open override var hash: Int { values.hashValue }

    /// The values that change how text is laid out.
    var values: ParagraphValues {
        ParagraphValues(alignment: alignment, lineBreakMode: lineBreakMode, lineSpacing: lineSpacing, paragraphSpacing: paragraphSpacing,
                        paragraphSpacingBefore: paragraphSpacingBefore, lineHeightMultiple: lineHeightMultiple,
                        minimumLineHeight: minimumLineHeight, maximumLineHeight: maximumLineHeight,
                        firstLineHeadIndent: firstLineHeadIndent, headIndent: headIndent)
    }
}

/// A paragraph style whose values can be set.
/// `@unchecked Sendable` because its superclass is (a subclass must repeat it); like any mutable
/// object it is shared across threads only once it is no longer changed.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore } set { super.paragraphSpacingBefore = newValue }
    }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var firstLineHeadIndent: CGFloat { get { super.firstLineHeadIndent } set { super.firstLineHeadIndent = newValue } }
    open override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    open override var hyphenationFactor: Float { get { super.hyphenationFactor } set { super.hyphenationFactor = newValue } }

    /// Copies every value of `style`.
    open func setParagraphStyle(_ style: NSParagraphStyle) {
        alignment = style.alignment
        lineBreakMode = style.lineBreakMode
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        paragraphSpacingBefore = style.paragraphSpacingBefore
        lineHeightMultiple = style.lineHeightMultiple
        minimumLineHeight = style.minimumLineHeight
        maximumLineHeight = style.maximumLineHeight
        firstLineHeadIndent = style.firstLineHeadIndent
        headIndent = style.headIndent
        hyphenationFactor = style.hyphenationFactor
    }
}

/// A paragraph style's values that change layout, as a value.
struct ParagraphValues: Hashable, Sendable {
    var alignment = NSTextAlignment.natural
    var lineBreakMode = NSLineBreakMode.byWordWrapping
    var lineSpacing: CGFloat = 0
    var paragraphSpacing: CGFloat = 0
    var paragraphSpacingBefore: CGFloat = 0
    var lineHeightMultiple: CGFloat = 0
    var minimumLineHeight: CGFloat = 0
    var maximumLineHeight: CGFloat = 0
    var firstLineHeadIndent: CGFloat = 0
    var headIndent: CGFloat = 0
}

/// The line style of an underline or a strikethrough (`.single` is the one uisim draws; any
/// other style draws as single).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// Options of `boundingRect(with:options:context:)` and `draw(with:options:context:)`.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lines wrap at the width given; without it the text is one line (its newlines aside).
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Lines are spaced by the font's leading (the system font's is 0).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Glyph bounds instead of line boxes (uisim measures line boxes either way).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// The last line that fits the height given ends in "…" when text is left over.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// What string drawing reports back, as UIKit's `NSStringDrawingContext`.
open class NSStringDrawingContext: NSObject {
    /// The smallest scale factor a string may be shrunk by to fit (uisim does not shrink).
    open var minimumScaleFactor: CGFloat = 0
    /// The scale factor used (always 1 here).
    open internal(set) var actualScaleFactor: CGFloat = 1
    /// The box the text took, after a draw or a measurement.
    open internal(set) var totalBounds: CGRect = .zero
}

#if !canImport(Darwin)
extension NSAttributedString.Key {
    /// The `UIFont` of the text (default: the system font at 12 pt, as UIKit's).
    public static let font = NSAttributedString.Key("NSFont")
    /// The `UIColor` of the text (default: black).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The `UIColor` behind the text (default: none).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Extra space after each character, in points (`CGFloat` or `NSNumber`).
    public static let kern = NSAttributedString.Key("NSKern")
    /// `NSUnderlineStyle.rawValue` (an `Int`): the text is underlined.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// `NSUnderlineStyle.rawValue`: the text is struck through.
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The `UIColor` of an underline (default: the text's).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// The `UIColor` of a strikethrough (default: the text's).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// How far the baseline moves up, in points.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A `URL` or `String`: drawn as UIKit draws links in labels (as plain text; never opened).
    public static let link = NSAttributedString.Key("NSLink")
    /// An `NSTextAttachment` shown in place of the character (U+FFFC) it is set on.
    public static let attachment = NSAttributedString.Key("NSAttachment")
}
#endif
