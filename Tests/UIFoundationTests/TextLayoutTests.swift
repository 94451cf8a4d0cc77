import Foundation
import Geometry
@testable import CoreGraphics
@testable import UIFoundation
import Testing

/// Text as UIKit lays it out: SF Pro's vertical metrics (units per em 2048: ascender 1950,
/// descender −494, cap height 1443, x-height 1078), Apple's Dynamic Type sizes, and lines broken
/// by Pango at widths measured from the words themselves (never hard-coded glyph widths).
@Suite struct TextLayoutTests {
    let body = UIFont.systemFont(ofSize: 17)

    /// 17 pt: ascender 17 × 1950 / 2048 = 16.1865234375, descender −17 × 494 / 2048 =
    /// −4.1005859375, line height 17 × 2444 / 2048 = 20.287109375 (the figure developers read on
    /// devices); 15 pt: 17.900390625; cap height 17 × 1443 / 2048 = 11.97802734375.
    @Test func theSystemFontHasSFProsMetrics() {
        #expect(body.ascender == 16.1865234375 && body.descender == -4.1005859375)
        #expect(body.lineHeight == 20.287109375 && body.leading == 0)
        #expect(UIFont.systemFont(ofSize: 15).lineHeight == 17.900390625)
        #expect(body.capHeight == 11.97802734375 && body.xHeight == 17 * 1078.0 / 2048)
        #expect(UIFont.boldSystemFont(ofSize: 17).weight == .bold && body.fontName == ".SFUI-Regular")
        #expect(UIFont.systemFont(ofSize: 17, weight: .semibold).fontName == ".SFUI-Semibold")
        #expect(body.withSize(34).pointSize == 34 && body.familyName == ".AppleSystemUIFont")
    }

    /// The glyphs come from Inter below 20 pt and Inter Display from 20 pt (as SF Pro switches
    /// from Text to Display); if fontconfig picked any other face, widths would differ on this
    /// machine: fail loudly (run `make deps`).
    @Test func theGlyphsComeFromInter() {
        let text = TextSystem()
        #expect(text.resolvedFamily(of: body) == "Inter", "fonts-inter is missing: run make deps")
        #expect(text.resolvedFamily(of: .systemFont(ofSize: 20)) == "Inter Display")
        #expect(text.resolvedFamily(of: .systemFont(ofSize: 19.5)) == "Inter")
    }

    /// Apple's Dynamic Type sizes at large (the default): largeTitle 34 … caption2 11, headline
    /// semibold; at accessibility XXXL body is 53 pt; UIFontMetrics scales by the style's ratio
    /// (body at extra large: 19 / 17).
    @Test func dynamicTypeSizes() {
        let sizes: [(UIFont.TextStyle, CGFloat)] = [(.largeTitle, 34), (.title1, 28), (.title2, 22), (.title3, 20), (.headline, 17),
                                                    (.body, 17), (.callout, 16), (.subheadline, 15), (.footnote, 13), (.caption1, 12),
                                                    (.caption2, 11)]
        for (style, size) in sizes { #expect(UIFont.preferredFont(forTextStyle: style).pointSize == size, "\(style.rawValue)") }
        #expect(UIFont.preferredFont(forTextStyle: .headline).weight == .semibold)
        #expect(UIFont.preferredFont(forTextStyle: .body, at: .accessibilityExtraExtraExtraLarge).pointSize == 53)
        #expect(UIFont.preferredFont(forTextStyle: .body, at: .extraSmall).pointSize == 14)
        let app = AppEnvironment()
        app.contentSizeCategory = .extraLarge
        app.makeCurrent {
            #expect(UIFont.preferredFont(forTextStyle: .body).pointSize == 19)
            #expect(abs(UIFontMetrics.default.scaledValue(for: 17) - 19) < 1e-9)
            #expect(UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 34), maximumPointSize: 36).pointSize == 36)
        }
    }

    /// A trait collection's category picks the size (body at accessibility medium: 28 pt); one
    /// that says none, or nil, follows the app's; UIFontMetrics scales for it too (17 × 28/17).
    /// The categories are ordered, extra small first.
    @Test func traitCollectionsPickTheSize() {
        let large = UITraitCollection(preferredContentSizeCategory: .accessibilityMedium)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: large).pointSize == 28)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: nil).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .body, compatibleWith: UITraitCollection(displayScale: 3)).pointSize == 17)
        #expect(UIFontMetrics.default.scaledFont(for: .systemFont(ofSize: 17), compatibleWith: large).pointSize == 28)
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.accessibilityMedium > .extraExtraExtraLarge)
        #expect(UIContentSizeCategory.accessibilityMedium.isAccessibilityCategory && !UIContentSizeCategory.large.isAccessibilityCategory)
    }

    /// An underline in its own colour: red under black text, drawn below the baseline (17 pt
    /// "H" at (0, 0): baseline at 16.19 pt, the line a pixel or two under it).
    @Test func underlinesTakeTheirColour() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 24), format: format).image { _ in
            "HH".draw(at: .zero, withAttributes: [.font: body, .foregroundColor: UIColor.black,
                                                  .underlineStyle: NSUnderlineStyle.single.rawValue, .underlineColor: UIColor.red])
        }.cgImage!
        let red = (16..<22).contains { y in (0..<20).contains { x in
            let p = image.pixel(x: x, y: y)
            return (p >> 16) & 0xFF > 0x80 && (p >> 8) & 0xFF < 0x60 && p >> 24 > 0x80
        } }
        #expect(red)
    }

    /// Two words on one line measure w; at a width a point narrower the second word wraps (two
    /// lines, 2 × 20.287109375 tall); at w itself they share a line. One line's height is the
    /// line height whatever its glyphs.
    @Test func wrappingFollowsMeasuredWidths() {
        let attributes: [NSAttributedString.Key: Any] = [.font: body]
        let both = "alpha beta".size(withAttributes: attributes)
        let alpha = "alpha".size(withAttributes: attributes), beta = "beta".size(withAttributes: attributes)
        #expect(both.height == body.lineHeight && both.width > alpha.width + beta.width)
        let narrow = "alpha beta".boundingRect(with: CGSize(width: both.width - 1, height: .greatestFiniteMagnitude),
                                               options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        #expect(narrow.height == 2 * body.lineHeight)
        #expect(abs(narrow.width - max(alpha.width, beta.width)) < 0.01)
        let wide = "alpha beta".boundingRect(with: CGSize(width: both.width, height: .greatestFiniteMagnitude),
                                             options: .usesLineFragmentOrigin, attributes: attributes, context: nil)
        #expect(wide.height == body.lineHeight && abs(wide.width - both.width) < 1e-9)
        // Without .usesLineFragmentOrigin the text is one line, its box from the baseline up.
        let oneLine = "alpha beta".boundingRect(with: CGSize(width: 10, height: 10), options: [], attributes: attributes, context: nil)
        #expect(oneLine.height == body.lineHeight && oneLine.minY == -body.ascender)
    }

    /// Line breaks make lines and paragraphs: "a\nb\nc" is three lines; line spacing 4 goes
    /// between lines (2 × 4), paragraph spacing 10 between paragraphs (2 × 10):
    /// 3 × 20.287109375 + 8 + 20 = 88.861328125.
    @Test func lineAndParagraphSpacing() {
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 4
        style.paragraphSpacing = 10
        let plain = "a\nb\nc".size(withAttributes: [.font: body])
        #expect(plain.height == 3 * body.lineHeight)
        let spaced = "a\nb\nc".size(withAttributes: [.font: body, .paragraphStyle: style])
        #expect(spaced.height == 3 * body.lineHeight + 8 + 20)
        // A taller run makes its line taller: 17 pt and 34 pt on one line are 34 pt's ascender
        // plus 34 pt's descender deep.
        let mixed = NSMutableAttributedString(string: "small ", attributes: [.font: body])
        mixed.append(NSAttributedString(string: "BIG", attributes: [.font: UIFont.systemFont(ofSize: 34)]))
        #expect(mixed.size().height == UIFont.systemFont(ofSize: 34).lineHeight)
    }

    /// Truncation: two lines allowed for text that needs three end the second in an ellipsis;
    /// `.truncatesLastVisibleLine` keeps the lines that fit the height given.
    @Test func truncationKeepsTheLinesAllowed() {
        let text = TextSystem()
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let string = NSAttributedString(string: words, attributes: [.font: body])
        let width = "one two three four".size(withAttributes: [.font: body]).width + 1
        let full = text.layout(TextLayoutRequest(string, width: width, maxLines: 0))
        #expect(full.lines.count >= 3 && !full.isTruncated)
        let two = text.layout(TextLayoutRequest(string, width: width, maxLines: 2, lineBreakMode: .byTruncatingTail))
        #expect(two.lines.count == 2 && two.isTruncated && two.neededLines == full.lines.count)
        #expect(two.size.height == 2 * body.lineHeight)
        let clipped = text.layout(TextLayoutRequest(string, width: width, maxLines: 2, lineBreakMode: .byWordWrapping))
        #expect(two.lines[1].hasEllipsis && !two.lines[0].hasEllipsis)
        #expect(clipped.lines.count == 2 && clipped.isTruncated && clipped.lines[1].bytes == full.lines[1].bytes)
        #expect(!clipped.lines[1].hasEllipsis)   // clipping and wrapping modes cut without an ellipsis
        let fitting = string.boundingRect(with: CGSize(width: width, height: 2.5 * body.lineHeight),
                                          options: [.usesLineFragmentOrigin, .truncatesLastVisibleLine], context: nil)
        #expect(fitting.height == 2 * body.lineHeight)
    }

    /// Text in scripts Inter lacks falls back to other faces: Japanese and an emoji lay out with
    /// a width and no missing glyph; Arabic too.
    @Test func fallbackFacesCoverOtherScripts() {
        let text = TextSystem()
        for sample in ["日本語のテキスト", "😀👍🏽", "مرحبا بالعالم", "Ünïcödé naïve café"] {
            let layout = text.layout(TextLayoutRequest(NSAttributedString(string: sample, attributes: [.font: body]), width: nil, maxLines: 0))
            #expect(layout.size.width > 10 && layout.lines.count == 1, "\(sample)")
            #expect(layout.unknownGlyphs == 0, "\(sample): \(layout.unknownGlyphs) characters without a glyph")
        }
    }

    /// The cache: the same request again is a hit, not a layout; the cache keeps at most two
    /// generations of 256 layouts.
    @Test func theCacheServesRepeatsAndStaysBounded() {
        let text = TextSystem()
        let request = TextLayoutRequest(NSAttributedString(string: "Inbox", attributes: [.font: body]), width: nil, maxLines: 0)
        _ = text.layout(request)
        _ = text.layout(request)
        #expect(text.statistics.layouts == 1 && text.statistics.cacheHits == 1)
        for i in 0..<1_000 {
            _ = text.layout(TextLayoutRequest(NSAttributedString(string: "row \(i)", attributes: [.font: body]), width: nil, maxLines: 0))
        }
        #expect(text.cachedLayouts <= 2 * TextSystem.generation && text.statistics.layouts == 1_001)
    }

    /// Alignment places each line in the box: centred text starts (W − w) / 2 in; right-aligned
    /// W − w.
    @Test func alignmentPlacesLines() {
        let text = TextSystem()
        func layout(_ alignment: NSTextAlignment) -> TextLayout {
            text.layout(TextLayoutRequest(NSAttributedString(string: "Inbox", attributes: [.font: body]), width: 200, maxLines: 0,
                                          alignment: alignment))
        }
        let w = layout(.left).lines[0].width
        #expect(layout(.left).lineOrigin(layout(.left).lines[0], inWidth: 200) == 0)
        #expect(layout(.center).lineOrigin(layout(.center).lines[0], inWidth: 200) == (200 - w) / 2)
        #expect(layout(.right).lineOrigin(layout(.right).lines[0], inWidth: 200) == 200 - w)
        // Natural alignment is the script's: left for Latin, right for Arabic (its line ends at
        // the box's right edge).
        #expect(layout(.natural).lineOrigin(layout(.natural).lines[0], inWidth: 200) == 0)
        let arabic = text.layout(TextLayoutRequest(NSAttributedString(string: "مرحبا بالعالم", attributes: [.font: body]), width: 200,
                                                   maxLines: 0, alignment: .natural))
        #expect(arabic.isRightToLeft && arabic.lineOrigin(arabic.lines[0], inWidth: 200) == 200 - arabic.lines[0].width)
    }

    /// Drawn text puts ink inside its line: a 17 pt "H" at (0, 0) darkens pixels between the cap
    /// height's top (baseline 16.19 − 11.98 = 4.2 pt) and the baseline, and none below it.
    @Test func drawnTextSitsOnItsBaseline() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 24), format: format).image { _ in
            "H".draw(at: .zero, withAttributes: [.font: body, .foregroundColor: UIColor.black])
        }.cgImage!
        func inked(_ y: Int) -> Bool { (0..<40).contains { image.pixel(x: $0, y: y) >> 24 > 0x80 } }
        #expect(!inked(2) && inked(6) && inked(14) && !inked(18))
    }

    /// Edges: text of line breaks only is that many lines plus one (an empty line after the last
    /// break, as TextKit counts); an empty string measures zero; a font size that is not a number
    /// or is 0 measures without a crash; a 100 000-character paragraph lays out.
    @Test func edgesOfTheInput() {
        let attributes: [NSAttributedString.Key: Any] = [.font: body]
        #expect("\n".size(withAttributes: attributes).height == 2 * body.lineHeight)
        #expect("".size(withAttributes: attributes) == .zero)
        for size in [CGFloat.nan, 0, -3, .infinity] {
            let measured = "Inbox".size(withAttributes: [.font: UIFont.systemFont(ofSize: size)])
            #expect(measured.width.isFinite && measured.height.isFinite && measured.width >= 0, "\(size): \(measured)")
        }
        let long = String(repeating: "word ", count: 20_000)
        let rect = long.boundingRect(with: CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                     attributes: attributes, context: nil)
        #expect(rect.height > 100 * body.lineHeight && rect.width <= 300)
    }
}
