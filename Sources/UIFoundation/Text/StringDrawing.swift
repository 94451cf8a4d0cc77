import Foundation
import CoreGraphics
import Geometry

// UIKit's string drawing (NSStringDrawing.h) on `String`, `NSString` and `NSAttributedString`:
// measuring and drawing through the app's text engine (`TextSystem`). Sizes are fractional, as
// UIKit's are (round them up with `ceil` before using them for a view's size, as Apple says).

extension TextLayoutRequest {
    /// The request for `string` with its attributes; `defaults` fill what a run does not say.
    /// `container` and `characterOffset` (where `string` starts in the container's text) are
    /// what an attachment's `attachmentBounds(for:proposedLineFragment:glyphPosition:characterIndex:)`
    /// is asked with (nil and 0 for string drawing), with a proposed line fragment
    /// `lineFragmentWidth` wide (the container's line fragment, padding included; else `width`).
    package init(_ string: NSAttributedString, width: CGFloat?, maxLines: Int, lineBreakMode: NSLineBreakMode? = nil,
         alignment: NSTextAlignment? = nil, defaults: [NSAttributedString.Key: Any] = [:], container: NSTextContainer? = nil,
         characterOffset: Int = 0, lineFragmentWidth: CGFloat? = nil) {
        var text = ""
        var runs: [TextRun] = []
        var paragraphStarts: [Int] = []
        var paragraph: NSParagraphStyle?
        let whole = string.string
        let utf16 = whole.utf16
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
            let start = utf16.index(utf16.startIndex, offsetBy: range.location), end = utf16.index(start, offsetBy: range.length)
            let piece = whole[start..<end]
            let first = text.utf8.count
            Self.appendBreakingLines(piece, to: &text, paragraphStarts: &paragraphStarts)
            let bytes = first..<text.utf8.count
            let value = { (key: NSAttributedString.Key) in attributes[key] ?? defaults[key] }
            if paragraph == nil { paragraph = value(.paragraphStyle) as? NSParagraphStyle }
            runs.append(TextRun(bytes: bytes, attributes: value, container: container, characterIndex: characterOffset + range.location,
                                lineFragment: CGRect(x: 0, y: 0, width: lineFragmentWidth ?? width ?? 0, height: 0)))
        }
        if runs.isEmpty {
            let value = { (key: NSAttributedString.Key) in defaults[key] }
            runs.append(TextRun(bytes: 0..<0, attributes: value))
            paragraph = defaults[.paragraphStyle] as? NSParagraphStyle
        }
        self.init(text: text, runs: runs, paragraphStarts: paragraphStarts, style: paragraph, lineBreakMode: lineBreakMode,
                  alignment: alignment, width: width, maxLines: maxLines)
    }

    /// The request for plain `text` in one style (what `String`'s drawing and measuring ask):
    /// no attributed string is made.
    package init(_ text: String, attributes: [NSAttributedString.Key: Any], width: CGFloat?, maxLines: Int,
                 lineBreakMode: NSLineBreakMode? = nil, alignment: NSTextAlignment? = nil) {
        var normalized = ""
        var paragraphStarts: [Int] = []
        if Self.hasLineBreaks(text.utf8) {
            Self.appendBreakingLines(text[...], to: &normalized, paragraphStarts: &paragraphStarts)
        } else {
            normalized = text   // shared, not copied
        }
        let run = TextRun(bytes: 0..<normalized.utf8.count, attributes: { attributes[$0] })
        self.init(text: normalized, runs: [run], paragraphStarts: paragraphStarts, style: attributes[.paragraphStyle] as? NSParagraphStyle,
                  lineBreakMode: lineBreakMode, alignment: alignment, width: width, maxLines: maxLines)
    }

    /// The request with the paragraph's style (UIKit's default without one) less what the caller
    /// overrides, and a width lines can break at.
    private init(text: String, runs: [TextRun], paragraphStarts: [Int], style: NSParagraphStyle?, lineBreakMode: NSLineBreakMode?,
                 alignment: NSTextAlignment?, width: CGFloat?, maxLines: Int) {
        var values = style?.values ?? ParagraphValues()
        if let lineBreakMode { values.lineBreakMode = lineBreakMode }
        if let alignment { values.alignment = alignment }
        self.init(text: text, runs: runs, paragraphStarts: paragraphStarts, paragraph: values,
                  width: width.flatMap(Self.wrappingWidth).map { max($0, 0) }, maxLines: max(maxLines, 0))
    }

    /// A width lines can break at: nil for one that is not a number or too large for Pango (its
    /// units are 1/1024 pt in 32 bits), meaning no limit.
    package static func wrappingWidth(_ width: CGFloat) -> CGFloat? {
        width.isFinite && width < CGFloat(Int32.max) / 1024 ? width : nil
    }

    /// Appends `piece` with each line break made a line separator, noting where paragraphs start.
    /// Whether the text may hold a line break (`\n`, `\r`, or a three-byte U+2028/U+2029).
    private static func hasLineBreaks<Bytes: Sequence>(_ utf8: Bytes) -> Bool where Bytes.Element == UInt8 {
        utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }
    }

    private static func appendBreakingLines(_ piece: Substring, to text: inout String, paragraphStarts: inout [Int]) {
        guard hasLineBreaks(piece.utf8) else {
            text += piece
            return
        }
        for character in piece {
            switch character {
            case "\n", "\r", "\r\n", "\u{2029}":
                text += "\u{2028}"
                paragraphStarts.append(text.utf8.count)
            default:
                text.append(character)
            }
        }
    }
}

extension TextRun {
    /// A run with UIKit's attributes: font (system 12 pt by default), colours (black text), kern,
    /// underline and strikethrough, baseline offset; a link is drawn as UILabel draws one (blue,
    /// underlined).
    init(bytes: Range<Int>, attributes value: (NSAttributedString.Key) -> Any?, container: NSTextContainer? = nil,
         characterIndex: Int = 0, lineFragment: CGRect = .zero) {
        let font = value(.font) as? UIFont ?? .systemFont(ofSize: 12)
        var pango = PangoRun(bytes: bytes, font: font.pangoSpec)
        let isLink = value(.link) != nil
        let color = isLink ? UIColor.systemBlue : value(.foregroundColor) as? UIColor ?? .black
        pango.color = PangoColor(color.cgColor.components)
        pango.background = (value(.backgroundColor) as? UIColor).map { PangoColor($0.cgColor.components) }
        // `.kern` adds to the font's own tracking, as Core Text adds it to the tracked advances.
        pango.kern = Double((Self.number(value(.kern)) ?? 0) + font.tracking)
        pango.rise = Double(Self.number(value(.baselineOffset)) ?? 0)
        pango.underline = isLink || (Self.number(value(.underlineStyle)) ?? 0) != 0
        pango.strikethrough = (Self.number(value(.strikethroughStyle)) ?? 0) != 0
        if pango.underline { pango.underlineColor = (value(.underlineColor) as? UIColor).map { PangoColor($0.cgColor.components) } }
        if pango.strikethrough { pango.strikethroughColor = (value(.strikethroughColor) as? UIColor).map { PangoColor($0.cgColor.components) } }
        let attachment = (value(.attachment) as? NSTextAttachment).map {
            TextAttachmentRun($0, container: container, characterIndex: characterIndex, lineFragment: lineFragment)
        }
        if let attachment {
            pango.shape = PangoShape(width: Double(attachment.advance), ascent: Double(attachment.ascent), descent: Double(attachment.descent))
        }
        self.init(bytes: bytes, font: font, pango: pango, attachment: attachment)
    }

    static func number(_ any: Any?) -> CGFloat? {
        if let style = any as? NSUnderlineStyle { return CGFloat(style.rawValue) }
        return CGFloat(number: any)
    }
}

extension TextSystem {
    /// Lays out `string` as `boundingRect(with:options:context:)` and `draw(with:options:context:)`
    /// do: wrapped at `size.width` with `.usesLineFragmentOrigin` (one line otherwise), and, with
    /// `.truncatesLastVisibleLine`, only the lines that fit `size.height`, the last ending in "…".
    func layout(_ string: NSAttributedString, size: CGSize, options: NSStringDrawingOptions) -> TextLayout {
        layout(size: size, options: options) { TextLayoutRequest(string, width: $0, maxLines: $1, lineBreakMode: $2) }
    }

    func layout(_ text: String, attributes: [NSAttributedString.Key: Any], size: CGSize, options: NSStringDrawingOptions) -> TextLayout {
        layout(size: size, options: options) { TextLayoutRequest(text, attributes: attributes, width: $0, maxLines: $1, lineBreakMode: $2) }
    }

    /// The layout for `size` and `options`, from requests made by `request(width, maxLines,
    /// lineBreakMode)`.
    private func layout(size: CGSize, options: NSStringDrawingOptions,
                        request: (CGFloat?, Int, NSLineBreakMode?) -> TextLayoutRequest) -> TextLayout {
        let wraps = options.contains(.usesLineFragmentOrigin)
        let width = wraps && size.width > 0 ? size.width : nil
        let full = layout(request(width, 0, nil))
        guard options.contains(.truncatesLastVisibleLine), size.height > 0, size.height.isFinite, full.size.height > size.height else {
            return full
        }
        let fitting = max(full.lines.prefix { $0.top + $0.height <= size.height + 1e-9 }.count, 1)
        return layout(request(width ?? .greatestFiniteMagnitude, fitting, .byTruncatingTail))
    }
}

extension CGContext {
    /// Draws `layout`'s lines with the first line's top-left at `rect`'s origin (aligned in its
    /// width), clipped to `clip`; counts the glyphs drawn.
    package func draw(_ layout: TextLayout, in rect: CGRect, clipsTo clip: CGRect?) {
        let app = AppEnvironment.current
        let start = app.textClock?() ?? 0
        saveGState()
        if let clip { self.clip(to: clip) }
        let glyphs = drawInOwnColors { cairo in layout.draw(in: rect, cairo: cairo) }
        for (attachment, frame) in layout.attachments(in: rect) {
            guard let image = attachment.image?.cgImage else { continue }
            drawImagePart(image, source: CGRect(x: 0, y: 0, width: image.width, height: image.height), in: frame, tint: nil)
        }
        restoreGState()
        app.text.statistics.glyphsDrawn += glyphs
        if let clock = app.textClock { app.text.statistics.nanoseconds &+= clock() &- start }
    }

    /// Draws `layout`'s lines with the first line's top-left at `point`, unclipped (each line
    /// aligned in the layout's own width).
    func draw(_ layout: TextLayout, at point: CGPoint) {
        draw(layout, in: CGRect(origin: point, size: CGSize(width: CGFloat.infinity, height: 0)), clipsTo: nil)
    }
}

extension CGContext {
    /// Draws single lines of laid-out text, each with its origin at `x` and its baseline at
    /// `baseline` (a layout manager's line fragments), their attachments too; counts the glyphs.
    package func drawLines(_ lines: [(layout: TextLayout, line: Int, x: CGFloat, baseline: CGFloat)]) {
        guard !lines.isEmpty else { return }
        let app = AppEnvironment.current
        let start = app.textClock?() ?? 0
        saveGState()
        let glyphs = drawInOwnColors { cairo in
            lines.reduce(0) { $0 + $1.layout.drawLine($1.line, x: $1.x, baseline: $1.baseline, cairo: cairo) }
        }
        for line in lines {
            for (attachment, frame) in line.layout.attachments(inLine: line.line, x: line.x, baseline: line.baseline) {
                guard let image = attachment.image?.cgImage else { continue }
                drawImagePart(image, source: CGRect(x: 0, y: 0, width: image.width, height: image.height), in: frame, tint: nil)
            }
        }
        restoreGState()
        app.text.statistics.glyphsDrawn += glyphs
        if let clock = app.textClock { app.text.statistics.nanoseconds &+= clock() &- start }
    }
}

extension NSAttributedString {
    private var text: TextSystem { AppEnvironment.current.text }

    /// The size of the text on its lines (one line unless it has line breaks).
    public func size() -> CGSize {
        text.statistics.measurements += 1
        return text.layout(TextLayoutRequest(self, width: nil, maxLines: 0)).size
    }

    /// The box the text takes; see `NSStringDrawingOptions` for how `size` limits it.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        text.statistics.measurements += 1
        let layout = text.layout(self, size: size, options: options)
        let rect = Self.box(of: layout, options: options)
        context?.totalBounds = rect
        return rect
    }

    /// Draws the text with its first line's top-left at `point`.
    public func draw(at point: CGPoint) {
        UIGraphicsGetCurrentContext()?.draw(text.layout(TextLayoutRequest(self, width: nil, maxLines: 0)), at: point)
    }

    /// Draws the text wrapped to `rect`'s width, clipped to it.
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.draw(text.layout(self, size: rect.size, options: .usesLineFragmentOrigin), in: rect, clipsTo: rect)
    }

    /// Draws the text as `boundingRect(with:options:context:)` measures it: with
    /// `.usesLineFragmentOrigin` from `rect`'s top-left, otherwise on one line whose baseline
    /// starts at `rect`'s origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let cg = UIGraphicsGetCurrentContext() else { return }
        let layout = text.layout(self, size: rect.size, options: options)
        let box = Self.box(of: layout, options: options)
        context?.totalBounds = box.offsetBy(dx: rect.minX, dy: rect.minY)
        let origin = options.contains(.usesLineFragmentOrigin) ? rect.origin
            : CGPoint(x: rect.minX, y: rect.minY - (layout.lines.first?.baseline ?? 0))
        cg.draw(layout, in: CGRect(origin: origin, size: rect.size), clipsTo: nil)
    }

    /// The box of a measured layout: from the top-left with `.usesLineFragmentOrigin`, from the
    /// baseline's origin otherwise (its top above, at minus the ascender).
    static func box(of layout: TextLayout, options: NSStringDrawingOptions) -> CGRect {
        let top = options.contains(.usesLineFragmentOrigin) ? 0 : -(layout.lines.first?.baseline ?? 0)
        return CGRect(x: 0, y: top, width: layout.size.width, height: layout.size.height)
    }
}

extension String {
    /// The text on its lines (one line unless it has line breaks) with its first line's top-left
    /// at `point`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.draw(AppEnvironment.current.text.layout(TextLayoutRequest(self, attributes: attributes ?? [:], width: nil, maxLines: 0)), at: point)
    }

    /// Draws the text wrapped to `rect`'s width, clipped to it.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let layout = AppEnvironment.current.text.layout(self, attributes: attributes ?? [:], size: rect.size, options: .usesLineFragmentOrigin)
        context.draw(layout, in: rect, clipsTo: rect)
    }

    /// Draws the text as `boundingRect(with:options:attributes:context:)` measures it.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        NSAttributedString(string: self, attributes: attributes).draw(with: rect, options: options, context: context)
    }

    /// The size of the text on its lines (one line unless it has line breaks).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let text = AppEnvironment.current.text
        text.statistics.measurements += 1
        return text.layout(TextLayoutRequest(self, attributes: attributes ?? [:], width: nil, maxLines: 0)).size
    }

    /// The box the text takes at `size`: wrapped at its width with `.usesLineFragmentOrigin`.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        let text = AppEnvironment.current.text
        text.statistics.measurements += 1
        let layout = text.layout(self, attributes: attributes ?? [:], size: size, options: options)
        let rect = NSAttributedString.box(of: layout, options: options)
        context?.totalBounds = rect
        return rect
    }
}

extension NSString {
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }

    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(in: rect, withAttributes: attributes)
    }

    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as String).size(withAttributes: attributes)
    }

    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        (self as String).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }
}
