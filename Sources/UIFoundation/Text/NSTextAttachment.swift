import Foundation
import CoreGraphics
import Geometry

/// An image in a line of text (UIKit's `NSTextAttachment`): the character U+FFFC carrying the
/// `.attachment` attribute (`NSAttributedString(attachment:)`) takes the attachment's `bounds` in
/// its line, as TextKit lays it out: `bounds.size` wide and tall (the image's size when `bounds`
/// is zero), standing on the baseline raised by `bounds.origin.y` (negative: below it). A line is
/// then as tall as its tallest font or attachment above the baseline plus its deepest below; the
/// image is drawn scaled into the attachment's rectangle. A subclass may override
/// `attachmentBounds(for:proposedLineFragment:glyphPosition:characterIndex:)` (the layout takes its
/// rectangle; `textContainer` is nil for string drawing and labels) and
/// `image(forBounds:textContainer:characterIndex:)` (the image drawn), as TextKit asks them.
open class NSTextAttachment: NSObject, NSTextAttachmentContainer {
    /// The character that stands for an attachment in the text (U+FFFC).
    public static let character = 0xFFFC

    /// The attachment's data and its type (a UTI), when made from data.
    open var contents: Data?
    open var fileType: String?
    /// The image shown.
    open var image: UIImage?
    /// The rectangle the attachment takes, its origin relative to the baseline (y up); zero: the
    /// image's size, on the baseline.
    open var bounds: CGRect = .zero
    /// Space on each side of the attachment in its line.
    open var lineLayoutPadding: CGFloat = 0

    public init(data contentData: Data?, ofType uti: String?) {
        contents = contentData
        fileType = uti
        super.init()
    }

    public override convenience init() {
        self.init(data: nil, ofType: nil)
    }

    public convenience init(image: UIImage) {
        self.init(data: nil, ofType: nil)
        self.image = image
    }

    /// The image drawn in `imageBounds`: `image`.
    open func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage? {
        image
    }

    /// The rectangle the attachment takes in its line, from the baseline (y up): `bounds`, or the
    /// image's size when `bounds` is zero.
    open func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                               glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
        lineBounds
    }

    /// The rectangle the attachment takes in its line, from the baseline (y up): `bounds`, or the
    /// image's size when `bounds` is zero.
    var lineBounds: CGRect {
        guard bounds == .zero else { return bounds.standardized }
        return CGRect(origin: .zero, size: image?.size ?? .zero)
    }
}

/// What TextKit asks an attachment for its place and image in laid-out text, as UIKit's
/// `NSTextAttachmentContainer`.
public protocol NSTextAttachmentContainer: NSObjectProtocol {
    func image(forBounds imageBounds: CGRect, textContainer: NSTextContainer?, characterIndex charIndex: Int) -> UIImage?
    func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                          glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect
}

extension NSAttributedString {
    /// The attachment character with `attachment` as its `.attachment` attribute.
    public convenience init(attachment: NSTextAttachment) {
        self.init(string: String(Character(Unicode.Scalar(UInt32(NSTextAttachment.character))!)), attributes: [.attachment: attachment])
    }
}

/// An attachment as a text layout keeps it: the object, with the rectangle and image it had when
/// the text was laid out (part of the layout cache's key).
struct TextAttachmentRun: Hashable {
    let attachment: NSTextAttachment
    /// `lineBounds` at layout time.
    let bounds: CGRect
    let image: UIImage?

    init(_ attachment: NSTextAttachment, container: NSTextContainer? = nil, characterIndex: Int = 0, lineFragment: CGRect = .zero) {
        self.attachment = attachment
        bounds = attachment.attachmentBounds(for: container, proposedLineFragment: lineFragment, glyphPosition: .zero,
                                             characterIndex: characterIndex).standardized
        image = attachment.image(forBounds: bounds, textContainer: container, characterIndex: characterIndex)
    }

    static func == (a: TextAttachmentRun, b: TextAttachmentRun) -> Bool {
        a.attachment === b.attachment && a.bounds == b.bounds && a.image === b.image
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(attachment))
        hasher.combine(bounds.origin.x); hasher.combine(bounds.origin.y)
        hasher.combine(bounds.width); hasher.combine(bounds.height)
    }

    /// Above and below the baseline, and the width with the padding on each side.
    var ascent: CGFloat { max(bounds.maxY, 0) }
    var descent: CGFloat { max(-bounds.minY, 0) }
    var advance: CGFloat { bounds.width + 2 * attachment.lineLayoutPadding }
}
