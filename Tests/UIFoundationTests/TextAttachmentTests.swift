import Foundation
import Geometry
@testable import CoreGraphics
@testable import UIFoundation
import Testing

/// Attachments in lines of text as TextKit lays them out: an attachment takes its `bounds` (the
/// image's size when they are zero), standing on the baseline raised by `bounds.origin.y`; a line
/// is as tall as its tallest font or attachment above the baseline plus the deepest below. The
/// system font at 17 pt has SF Pro's ascender 16.1865234375 and descender −4.1005859375
/// (`TextLayoutTests`). Widths here cancel the font's tracking with an opposite `.kern`, so an
/// attachment's advance is its width alone.
@Suite struct TextAttachmentTests {
    let body = UIFont.systemFont(ofSize: 17)

    func string(_ attachment: NSTextAttachment) -> NSAttributedString {
        let string = NSMutableAttributedString(attributedString: NSAttributedString(attachment: attachment))
        string.addAttributes([.font: body, .kern: -body.tracking], range: NSRange(location: 0, length: string.length))
        return string
    }

    /// A 20 × 30 attachment on the baseline: 20 wide; 30 above the baseline (taller than the
    /// ascender) and the font's 4.1005859375 below: 34.1005859375 tall.
    @Test func anAttachmentTakesItsBoundsOnTheBaseline() {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: 0, width: 20, height: 30)
        let size = string(attachment).size()
        #expect(abs(size.width - 20) < 1e-3)
        #expect(size.height == 30 + 4.1005859375)
        #expect(NSAttributedString(attachment: attachment).string == "\u{FFFC}" && NSTextAttachment.character == 0xFFFC)
    }

    /// Lowered 8 pt (`bounds.origin.y` −8, 12 tall): 4 above the baseline (under the ascender) and
    /// 8 below it (deeper than the descender): 16.1865234375 + 8 = 24.1865234375.
    @Test func aNegativeOriginLowersItBelowTheBaseline() {
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: -8, width: 12, height: 12)
        #expect(string(attachment).size().height == 16.1865234375 + 8)
        // A small one on the baseline changes nothing: the font's line, 20.287109375.
        attachment.bounds = CGRect(x: 0, y: 0, width: 12, height: 12)
        #expect(abs(string(attachment).size().height - body.lineHeight) < 1e-9)
    }

    /// With zero bounds the image's size is the attachment's: a 24 × 24 image, 24 wide.
    @Test func zeroBoundsTakeTheImagesSize() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 24, height: 24), false, 1)
            let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
            UIGraphicsEndImageContext()
            let attachment = NSTextAttachment(image: image)
            #expect(attachment.bounds == .zero && attachment.image === image)
            #expect(abs(string(attachment).size().width - 24) < 1e-3)
        }
    }

    /// Drawn: a red 10 × 10 image after nothing else, at 1×, in a 40 × 40 context. The line's
    /// ascent is the font's 16.19 (above the image's 10), so the baseline is at 16.19 and the image
    /// spans y 6.19…16.19, x 0…10: its pixels are red there, and clear above and beside it.
    @Test func theImageIsDrawnInItsRectangle() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), true, 1)
            let context = try #require(UIGraphicsGetCurrentContext())
            context.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            let red = try #require(UIGraphicsGetImageFromCurrentImageContext())
            UIGraphicsEndImageContext()

            let attachment = NSTextAttachment(image: red)
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 40, height: 40), false, 1)
            string(attachment).draw(at: .zero)
            let drawn = try #require(UIGraphicsGetImageFromCurrentImageContext()?.cgImage)
            UIGraphicsEndImageContext()
            #expect(drawn.pixel(x: 5, y: 11) == 0xFFFF_0000 && drawn.pixel(x: 1, y: 15) == 0xFFFF_0000)
            #expect(drawn.pixel(x: 5, y: 3) == 0 && drawn.pixel(x: 14, y: 11) == 0 && drawn.pixel(x: 5, y: 18) == 0)
        }
    }
}
