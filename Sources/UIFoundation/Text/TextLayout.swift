import Foundation
import CoreGraphics
import Geometry

/// A run of text in one style: what `TextLayout` needs of an attributed string's attributes.
struct TextRun: Hashable {
    /// UTF-8 byte offsets in the laid-out text.
    var bytes: Range<Int>
    var font: UIFont
    var pango: PangoRun
    /// The attachment its character shows (`.attachment`), if any.
    var attachment: TextAttachmentRun? = nil
}

/// What to lay out: text with its runs, the paragraph's style, the width lines break at and the
/// most lines shown. Two equal requests give the same layout: the key of the app's text cache.
package struct TextLayoutRequest: Hashable {
    /// The text as Pango gets it: each line break (`\n`, `\r\n`, `\r`, U+2029) made a line
    /// separator (U+2028), so that a line limit counts every line, not each paragraph's.
    var text: String
    var runs: [TextRun]
    /// Byte offsets where a paragraph starts (after a line break), for paragraph spacing.
    var paragraphStarts: [Int]
    var paragraph: ParagraphValues
    /// Lines break at this width; nil: only at line breaks.
    var width: CGFloat?
    /// The most lines shown (0: all).
    var maxLines: Int
}

extension TextLayoutRequest {
    /// The request for lines that continue a paragraph cut at a line start (a text view lays a
    /// long paragraph out in pieces): its first line is indented as the paragraph's others.
    package func continuingParagraph() -> TextLayoutRequest {
        var request = self
        request.paragraph.firstLineHeadIndent = request.paragraph.headIndent
        return request
    }
}

/// Text laid out in lines: where each line is, how big the whole is, and the Pango layout that
/// draws it. Lines are broken by Pango (Unicode line breaking on Inter's measured widths) and
/// placed with the fonts' vertical metrics (the system font's are SF Pro's): a line is as tall as
/// its tallest font's ascender plus its deepest descender, times `lineHeightMultiple`, within
/// `minimumLineHeight`/`maximumLineHeight`, and `lineSpacing` goes between lines (not after the
/// last), `paragraphSpacing` between paragraphs.
package final class TextLayout {
    package struct Line {
        /// The line's text, by UTF-8 byte offsets.
        package var bytes: Range<Int>
        /// Its advance width, and its indent from the box's leading edge.
        package var width: CGFloat
        package var indent: CGFloat
        /// Top, height and baseline, from the layout's top.
        package var top: CGFloat
        package var height: CGFloat
        package var baseline: CGFloat
        package var glyphs: Int
        /// Whether an ellipsis "…" stands in the line for text left out.
        package var hasEllipsis: Bool
    }

    package let lines: [Line]
    /// The box the lines take: the widest line, and the last line's bottom.
    package let size: CGSize
    /// Whether text was left out (lines past the limit, or an ellipsis).
    package let isTruncated: Bool
    /// How many lines the text needs at the width, with no limit (at least `lines.count`). An
    /// ellipsized layout lays the text out again to answer; nothing on the drawing path asks.
    package lazy var neededLines: Int = countLinesWithoutLimit?() ?? linesWithoutLimit
    /// The lines without a line limit: what Pango broke, and the empty line after a final break.
    private let linesWithoutLimit: Int
    /// For an ellipsized layout, counts the lines of the same paragraph without its limit.
    private let countLinesWithoutLimit: (() -> Int)?
    package let alignment: NSTextAlignment
    /// The paragraph's spacings, for text stacked from several layouts (a text view's paragraphs):
    /// between two lines, after a paragraph, and before one.
    package let lineSpacing: CGFloat, paragraphSpacing: CGFloat, paragraphSpacingBefore: CGFloat
    /// Whether the text reads right to left (its first strong character's direction).
    package let isRightToLeft: Bool
    /// Characters no installed face has a glyph for.
    package let unknownGlyphs: Int
    private let pango: PangoTextLayout
    /// The runs that show an attachment (for their places when drawn): most text has none.
    private let attachmentRuns: [(run: TextRun, attachment: TextAttachmentRun)]

    init(_ request: TextLayoutRequest, fonts: PangoFonts) {
        var options = PangoParagraphOptions()
        let style = request.paragraph
        // Every line starts at least `base` in; Pango's indent moves the first line (positive) or
        // the others (negative, a hanging indent) the rest of the way.
        let firstIndent = max(style.firstLineHeadIndent, 0), otherIndent = max(style.headIndent, 0)
        let base = min(firstIndent, otherIndent)
        // Core Text counts a line's kern after its last character too (see `lastKern` below): a
        // line fits where its width with that last kern fits. Pango's line breaking counts a
        // positive last spacing so too, but not a negative one: for a negative kern (the system
        // font's tracking at 13–23 pt) Pango is asked to break at the width less the kern (the
        // most negative, where runs differ).
        let trailingKern = min(request.runs.lazy.map(\.pango.kern).min() ?? 0, 0)
        options.width = request.width.map { Double(max($0 - base, 0)) - trailingKern }
        options.wrap = style.lineBreakMode == .byCharWrapping ? .char : .word
        if style.lineBreakMode == .byClipping && request.maxLines == 1 { options.width = nil }
        let ellipsizes = style.lineBreakMode.truncates && request.maxLines > 0 && request.width != nil
        if ellipsizes {
            options.ellipsize = switch style.lineBreakMode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            default: .end
            }
            options.maxLines = request.maxLines
        }
        options.justify = style.alignment == .justified
        options.indent = Double(firstIndent - otherIndent)
        let runs = request.runs.map(\.pango)
        let layout = PangoTextLayout(fonts: fonts, text: request.text, runs: runs, options: options)
        if layout.isEllipsized {
            // The whole text's line count is the same paragraph without the limit: laid out only
            // if asked (`neededLines`), never to draw.
            var unlimited = options
            unlimited.ellipsize = .none
            unlimited.maxLines = 0
            countLinesWithoutLimit = { PangoTextLayout(fonts: fonts, text: request.text, runs: runs, options: unlimited).lines.count }
        } else {
            countLinesWithoutLimit = nil
        }
        // No text, no line; a line break at the end opens an empty last line (TextKit's extra
        // line fragment: "Inbox\n" is two lines tall, as the trick of padding a label with a
        // newline relies on).
        var broken = layout.lines
        let end = request.text.utf8.count
        if end == 0 {
            broken = []
        } else if request.text.hasSuffix("\u{2028}"), !layout.isEllipsized {
            broken.append(PangoLine(bytes: end..<end, width: 0, x: 0, glyphs: 0, hasEllipsis: false))
        }
        let shown = request.maxLines > 0 ? min(broken.count, request.maxLines) : broken.count
        isTruncated = layout.isEllipsized || shown < broken.count
        linesWithoutLimit = broken.count
        alignment = style.alignment
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        paragraphSpacingBefore = style.paragraphSpacingBefore
        unknownGlyphs = layout.unknownGlyphs
        isRightToLeft = layout.isRightToLeft
        pango = layout
        attachmentRuns = request.runs.compactMap { run in run.attachment.map { (run, $0) } }

        var lines: [Line] = []
        lines.reserveCapacity(shown)
        var y: CGFloat = 0, width: CGFloat = 0
        for (index, line) in broken.prefix(shown).enumerated() {
            let paragraphStart = index == 0 || request.paragraphStarts.contains(line.bytes.lowerBound)
            if index > 0 {
                y += style.lineSpacing
                if paragraphStart { y += style.paragraphSpacing + style.paragraphSpacingBefore }
            }
            let (ascent, descent) = Self.metrics(of: line.bytes, in: request.runs)
            var height = ascent + descent
            if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
            if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
            if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
            let indent = base + (index == 0 ? max(CGFloat(options.indent), 0) : max(-CGFloat(options.indent), 0))
            // Kern goes after every character, the line's last included (Core Text's way; Pango
            // puts it only between characters).
            let lastKern = line.bytes.isEmpty ? 0 : request.runs.last { $0.bytes.contains(line.bytes.upperBound - 1) }?.pango.kern ?? 0
            let lineWidth = CGFloat(line.width + lastKern)
            // The extra height of a taller line goes above its text, as TextKit places it.
            lines.append(Line(bytes: line.bytes, width: lineWidth, indent: indent, top: y, height: height,
                              baseline: y + height - descent, glyphs: line.glyphs, hasEllipsis: line.hasEllipsis))
            width = max(width, indent + lineWidth)
            y += height
        }
        self.lines = lines
        size = CGSize(width: width, height: y)
    }

    /// The tallest ascender and deepest descender among the fonts of `bytes` (an empty line takes
    /// the font before it).
    private static func metrics(of bytes: Range<Int>, in runs: [TextRun]) -> (CGFloat, CGFloat) {
        var ascent: CGFloat = 0, descent: CGFloat = 0, found = false
        for run in runs where run.bytes.overlaps(bytes) {
            ascent = max(ascent, run.font.ascender, run.attachment?.ascent ?? 0)
            descent = max(descent, -run.font.descender, run.attachment?.descent ?? 0)
            found = true
        }
        if !found, let run = runs.last(where: { $0.bytes.lowerBound <= bytes.lowerBound }) ?? runs.first {
            return (run.font.ascender, -run.font.descender)
        }
        return (ascent, descent)
    }

    /// The attachments in the lines shown, each with its rectangle for lines whose first line's
    /// top-left is at `rect`'s origin (as `draw(in:cairo:)` places them), in the text's order.
    func attachments(in rect: CGRect) -> [(attachment: TextAttachmentRun, frame: CGRect)] {
        guard !attachmentRuns.isEmpty else { return [] }
        var placed: [(attachment: TextAttachmentRun, frame: CGRect)] = []
        for (index, line) in lines.enumerated() {
            placed += attachments(inLine: index, x: rect.minX + lineOrigin(line, inWidth: rect.width), baseline: rect.minY + line.baseline)
        }
        return placed
    }

    /// The attachments of line `index` drawn with its origin at `x` and its baseline at `baseline`.
    func attachments(inLine index: Int, x: CGFloat, baseline: CGFloat) -> [(attachment: TextAttachmentRun, frame: CGRect)] {
        guard !attachmentRuns.isEmpty else { return [] }
        let line = lines[index]
        var placed: [(attachment: TextAttachmentRun, frame: CGRect)] = []
        for (run, attachment) in attachmentRuns where run.bytes.overlaps(line.bytes) {
            // One box per attachment character (U+FFFC, three bytes) of the run in the line.
            for byte in stride(from: max(run.bytes.lowerBound, line.bytes.lowerBound), to: min(run.bytes.upperBound, line.bytes.upperBound), by: 3) {
                let left = x + CGFloat(pango.x(ofByte: byte, inLine: index)) + attachment.attachment.lineLayoutPadding
                placed.append((attachment, CGRect(x: left, y: baseline - attachment.bounds.maxY,
                                                  width: attachment.bounds.width, height: attachment.bounds.height)))
            }
        }
        return placed
    }

    /// The x of the place before `byte` on line `index`, from the line's origin.
    package func x(ofByte byte: Int, inLine index: Int) -> CGFloat { CGFloat(pango.x(ofByte: byte, inLine: index)) }

    /// Draws line `index` with its origin at `x` and its baseline at `baseline`; its glyphs.
    func drawLine(_ index: Int, x: CGFloat, baseline: CGFloat, cairo: CairoContext) -> Int {
        pango.drawLine(index, in: cairo, x: Double(x), baseline: Double(baseline))
        return lines[index].glyphs
    }

    /// Glyphs in the lines shown.
    package var glyphCount: Int { lines.reduce(0) { $0 + $1.glyphs } }

    /// The left edge of `line` in a box `width` wide (infinite: the layout's own width).
    package func lineOrigin(_ line: Line, inWidth width: CGFloat) -> CGFloat {
        let box = width.isFinite ? width : size.width
        let free = box - line.indent - line.width
        // Natural alignment follows the text's direction: right for Arabic or Hebrew.
        let offset: CGFloat = switch alignment {
        case .left, .justified: 0
        case .natural: isRightToLeft ? free : 0
        case .center: free / 2
        case .right: free
        }
        return line.indent + offset
    }

    /// Draws the lines in `rect` (top-left first line; lines past its bottom are drawn too, as
    /// UIKit's string drawing does; clip to cut them) into `cairo`.
    func draw(in rect: CGRect, cairo: CairoContext) -> Int {
        var glyphs = 0
        for (index, line) in lines.enumerated() {
            pango.drawLine(index, in: cairo, x: Double(rect.minX + lineOrigin(line, inWidth: rect.width)),
                           baseline: Double(rect.minY + line.baseline))
            glyphs += line.glyphs
        }
        return glyphs
    }
}

/// The text engine of one app: Pango's fonts and a cache of layouts, bounded, with counts of its
/// work for the frame's figures.
///
/// The cache keeps the layouts of the last 256 to 512 distinct requests: two generations of at
/// most 256, a hit in the older one moving to the newer, and a full newer one becoming the older
/// (the oldest dropped whole). A replay of ever-new strings holds at most 512 layouts.
package final class TextSystem {
    package struct Statistics: Equatable, Sendable {
        /// Layouts computed (Pango shaped and broke the text).
        package var layouts = 0
        /// Layouts served from the cache.
        package var cacheHits = 0
        /// Measurements asked by the app (`boundingRect`, `size(withAttributes:)`, `sizeThatFits`).
        package var measurements = 0
        /// Glyphs drawn.
        package var glyphsDrawn = 0
        /// Time spent laying out and drawing text while a clock was set (`AppEnvironment.textClock`).
        package var nanoseconds: UInt64 = 0
        package init() {}
    }

    package var statistics = Statistics()
    /// The fonts of the thread the app was made on (shared by its apps; see `AppEnvironment`).
    let fonts = AppEnvironment.pangoFonts
    private var newer: [TextLayoutRequest: TextLayout] = [:]
    private var older: [TextLayoutRequest: TextLayout] = [:]
    static let generation = 256

    package init() {}

    /// The layout of `request`, from the cache when it was laid out lately.
    package func layout(_ request: TextLayoutRequest) -> TextLayout {
        if let layout = newer[request] {
            statistics.cacheHits += 1
            return layout
        }
        if let layout = older.removeValue(forKey: request) {
            statistics.cacheHits += 1
            remember(request, layout)
            return layout
        }
        statistics.layouts += 1
        let clock = AppEnvironment.current.textClock
        let start = clock?() ?? 0
        let layout = TextLayout(request, fonts: fonts)
        if let clock { statistics.nanoseconds &+= clock() &- start }
        remember(request, layout)
        return layout
    }

    private func remember(_ request: TextLayoutRequest, _ layout: TextLayout) {
        if newer.count >= Self.generation {
            older = newer
            newer = [:]
        }
        newer[request] = layout
    }

    /// Layouts kept now (at most twice `generation`).
    package var cachedLayouts: Int { newer.count + older.count }

    /// The family the system font's glyphs come from at `size` (Inter, or Inter Display from
    /// 20 pt), as fontconfig resolves it on this machine.
    package func resolvedFamily(of font: UIFont) -> String { fonts.resolvedFamily(of: font.pangoSpec) }
}
