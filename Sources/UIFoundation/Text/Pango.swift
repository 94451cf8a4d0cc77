import CPango
import Geometry
import Foundation
import CoreGraphics
import Support

// The one Swift file that calls Pango (with HarfBuzz and fontconfig behind it): shaping, Unicode
// line breaking, bidirectional text, kerning and fallback fonts. It lays out one paragraph of
// runs at a width and hands back its lines; `TextLayout` places the lines with the system font's
// vertical metrics and draws them.

/// The fonts of one app: a Pango font map and a context set up so that a layout's widths do not
/// depend on the device it is drawn on (no hinting, glyph positions not rounded to whole units,
/// sizes in points): the same text measures the same on every machine with the same font files.
package final class PangoFonts {
    fileprivate let fontMap: UnsafeMutablePointer<PangoFontMap>
    fileprivate let context: OpaquePointer

    package init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
        let options = CairoContext.makeUnhintedFontOptions()
        pango_cairo_context_set_font_options(context, options)
        CairoContext.destroyFontOptions(options)
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// Faces at sizes laid out lately: Pango has their fontsets. A face at a size new to Pango
    /// makes it sort a fontset in a thread of its own (fontconfig's `FcFontSetSort`), and where
    /// memory has run out that is where the process dies, out of uisim's reach: GLib aborts when
    /// it cannot start the thread (its 8 MB stack), fontconfig crashes on an allocation it does
    /// not check. So before a new face is used, `hasRoom(for:)` checks that the address space has
    /// `headroom` left, and a layout that has not is not made (the replay stops with 73).
    private var knownFaces: Set<PangoFontSpec> = []
    /// The address space a new fontset needs at most: the sorting thread's stack and fontconfig's
    /// lists, with margin.
    static let headroom = 48 << 20

    /// Whether `faces` can be laid out: each known, or room for the new ones' fontsets.
    package func hasRoom(for faces: some Sequence<PangoFontSpec>) -> Bool {
        guard faces.contains(where: { !knownFaces.contains($0) }) else { return true }
        // A reservation of address space alone (no memory is touched): what `ulimit -v` counts.
        guard let probe = mmap(nil, Self.headroom, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              probe != MAP_FAILED else { return false }
        munmap(probe, Self.headroom)
        // Pango keeps 256 fontsets; past that many faces, check again as it sorts again.
        if knownFaces.count > 256 { knownFaces.removeAll(keepingCapacity: true) }
        knownFaces.formUnion(faces)
        return true
    }

    /// The family fontconfig gives for `font`: the face glyphs are really drawn with.
    package func resolvedFamily(of font: PangoFontSpec) -> String {
        guard hasRoom(for: [font]) else { return "" }
        let description = font.makeDescription()
        defer { pango_font_description_free(description) }
        guard let loaded = pango_context_load_font(context, description) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let resolved = pango_font_describe(loaded)
        defer { pango_font_description_free(resolved) }
        return pango_font_description_get_family(resolved).map { String(cString: $0) } ?? ""
    }
}

/// A face at a size, as Pango asks for it.
package struct PangoFontSpec: Hashable, Sendable {
    package var family: String
    /// 100 (thin) to 1000, 400 regular, 700 bold.
    package var weight: Int
    package var italic: Bool
    /// In points (Pango's absolute size: the layout's units are points).
    package var size: Double
    /// OpenType features, as CSS writes them ("tnum" for tabular digits), or nil.
    package var features: String?

    package init(family: String, weight: Int, italic: Bool, size: Double, features: String? = nil) {
        self.family = family
        self.weight = weight
        self.italic = italic
        self.size = size
        self.features = features
    }

    fileprivate func makeDescription() -> OpaquePointer {
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(max(100, min(1000, weight)))))
        pango_font_description_set_style(description, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, size * Double(PANGO_SCALE))
        return description
    }
}

/// A colour as Pango takes it: red, green, blue and alpha in 0...1 (a value, so a run holds no
/// array to allocate).
package struct PangoColor: Hashable, Sendable {
    package var red, green, blue, alpha: Double
    package init(_ components: [CGFloat]) {
        red = Double(components[0])
        green = Double(components[1])
        blue = Double(components[2])
        alpha = Double(components[3])
    }
}

/// A stretch of a paragraph in one style, by UTF-8 byte offsets.
package struct PangoRun: Hashable, Sendable {
    package var bytes: Range<Int>
    package var font: PangoFontSpec
    /// nil draws with the context's colour.
    package var color: PangoColor?
    package var background: PangoColor?
    package var underline = false
    package var strikethrough = false
    /// The lines' colours (nil: the text's).
    package var underlineColor: PangoColor?
    package var strikethroughColor: PangoColor?
    /// Extra space after each character (`.kern` and the font's tracking), in points, kept in
    /// Pango's units (1/1024 pt) as Pango spaces the characters, so that a line's width with its
    /// last character's kern is the width Pango fits.
    package var kern = 0.0 {
        didSet { kern = (kern * Double(PANGO_SCALE)).rounded() / Double(PANGO_SCALE) }
    }
    /// Upward shift of the baseline (`.baselineOffset`), in points.
    package var rise = 0.0
    /// A box each character of the run is laid out as instead of its glyph (an attachment's).
    package var shape: PangoShape?

    package init(bytes: Range<Int>, font: PangoFontSpec) {
        self.bytes = bytes
        self.font = font
    }
}

/// How a paragraph breaks into lines.
package struct PangoParagraphOptions: Hashable, Sendable {
    package enum Wrap: Hashable, Sendable { case word, char }
    package enum Ellipsize: Hashable, Sendable { case none, start, middle, end }
    /// The width lines break at, in points; nil: lines break only at line separators.
    package var width: Double?
    package var wrap = Wrap.word
    /// Where an ellipsis replaces what does not fit on the last line allowed.
    package var ellipsize = Ellipsize.none
    /// The most lines an ellipsized paragraph has (0: no limit).
    package var maxLines = 0
    package var justify = false
    /// The first line's indent, in points.
    package var indent = 0.0

    package init() {}
}

/// A line as Pango broke it.
/// A box a character is laid out as (points): its width, and its height above and below the baseline.
package struct PangoShape: Hashable, Sendable {
    package var width: Double, ascent: Double, descent: Double
}

package struct PangoLine: Sendable {
    /// Its text, by UTF-8 byte offsets into the paragraph.
    package var bytes: Range<Int>
    /// Its advance width and the offset of its logical box, in points.
    package var width: Double
    package var x: Double
    package var glyphs: Int
    /// Whether the line ends (or, truncated at its head or middle, holds) an ellipsis "…".
    package var hasEllipsis: Bool
}

/// One paragraph laid out by Pango.
package final class PangoTextLayout {
    private let layout: OpaquePointer
    /// The lines, in order.
    package private(set) var lines: [PangoLine] = []
    /// Whether an ellipsis replaced some of the text.
    package let isEllipsized: Bool
    /// Characters no installed face has a glyph for (drawn as boxes with their code).
    package let unknownGlyphs: Int
    /// Whether the paragraph's first strongly directional character reads right to left (Arabic,
    /// Hebrew): its natural alignment is then to the right.
    package let isRightToLeft: Bool

    package init(fonts: PangoFonts, text: String, runs: [PangoRun], options: PangoParagraphOptions) {
        layout = pango_layout_new(fonts.context)
        guard fonts.hasRoom(for: runs.lazy.map(\.font)) else {
            // No room for the fonts' fontsets: no Pango work (it would abort or crash), no lines.
            AppEnvironment.current.noteAllocationFailure(ResourceError(
                "out of memory: cannot load the fonts for a text layout (less than \(PangoFonts.headroom >> 20) MB of address space left)"))
            isEllipsized = false
            unknownGlyphs = 0
            isRightToLeft = false
            return
        }
        pango_layout_set_text(layout, text, -1)
        let attributes = pango_attr_list_new()
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ bytes: Range<Int>) {
            guard let attribute else { return }
            attribute.pointee.start_index = guint(bytes.lowerBound)
            attribute.pointee.end_index = guint(bytes.upperBound)
            pango_attr_list_insert(attributes, attribute)
        }
        // UIKit breaks words without hyphens unless asked (hyphenationFactor 0).
        insert(pango_attr_insert_hyphens_new(0), 0..<Int(Int32.max))
        for run in runs {
            let description = run.font.makeDescription()
            insert(pango_attr_font_desc_new(description), run.bytes)
            pango_font_description_free(description)
            if let features = run.font.features { insert(pango_attr_font_features_new(features), run.bytes) }
            if let c = run.color {
                insert(pango_attr_foreground_new(Self.channel(c.red), Self.channel(c.green), Self.channel(c.blue)), run.bytes)
                insert(pango_attr_foreground_alpha_new(Self.channel(c.alpha)), run.bytes)
            }
            if let c = run.background {
                insert(pango_attr_background_new(Self.channel(c.red), Self.channel(c.green), Self.channel(c.blue)), run.bytes)
                insert(pango_attr_background_alpha_new(Self.channel(c.alpha)), run.bytes)
            }
            if run.underline { insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), run.bytes) }
            if run.strikethrough { insert(pango_attr_strikethrough_new(1), run.bytes) }
            if let c = run.underlineColor {
                insert(pango_attr_underline_color_new(Self.channel(c.red), Self.channel(c.green), Self.channel(c.blue)), run.bytes)
            }
            if let c = run.strikethroughColor {
                insert(pango_attr_strikethrough_color_new(Self.channel(c.red), Self.channel(c.green), Self.channel(c.blue)), run.bytes)
            }
            if run.kern != 0 { insert(pango_attr_letter_spacing_new(Int32((run.kern * Double(PANGO_SCALE)).rounded())), run.bytes) }
            if run.rise != 0 { insert(pango_attr_rise_new(Int32((run.rise * Double(PANGO_SCALE)).rounded())), run.bytes) }
            if let shape = run.shape {
                let scale = Double(PANGO_SCALE)
                var box = PangoRectangle(x: 0, y: Int32((-shape.ascent * scale).rounded()), width: Int32((shape.width * scale).rounded()),
                                         height: Int32(((shape.ascent + shape.descent) * scale).rounded()))
                insert(pango_attr_shape_new(&box, &box), run.bytes)
            }
        }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        if let width = options.width {
            // Down to Pango's units, but a width a rounding error short of a whole unit is that unit
            // (a line's own width, less a kern and plus it again, must fit the line).
            pango_layout_set_width(layout, Int32(min(max(width, 0) * Double(PANGO_SCALE) + 1e-6, Double(Int32.max)).rounded(.down)))
        } else {
            pango_layout_set_width(layout, -1)
        }
        pango_layout_set_wrap(layout, options.wrap == .char ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
        let ellipsize: PangoEllipsizeMode = switch options.ellipsize {
        case .none: PANGO_ELLIPSIZE_NONE
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        }
        pango_layout_set_ellipsize(layout, ellipsize)
        pango_layout_set_height(layout, options.maxLines > 0 ? Int32(-options.maxLines) : -1)
        pango_layout_set_justify(layout, options.justify ? 1 : 0)
        pango_layout_set_indent(layout, Int32((options.indent * Double(PANGO_SCALE)).rounded()))
        pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)

        let count = Int(pango_layout_get_line_count(layout))
        lines.reserveCapacity(count)
        for index in 0..<count {
            guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { continue }
            var logical = PangoRectangle()
            pango_layout_line_get_extents(line, nil, &logical)
            var glyphs = 0, hasEllipsis = false
            var node = line.pointee.runs
            while let n = node {
                if let run = n.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self), let string = run.pointee.glyphs {
                    glyphs += Int(string.pointee.num_glyphs)
                    if let item = run.pointee.item, item.pointee.analysis.flags & UInt8(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 { hasEllipsis = true }
                }
                node = n.pointee.next
            }
            let start = Int(line.pointee.start_index)
            lines.append(PangoLine(bytes: start..<(start + Int(line.pointee.length)),
                                   width: Double(logical.width) / Double(PANGO_SCALE),
                                   x: Double(logical.x) / Double(PANGO_SCALE), glyphs: glyphs, hasEllipsis: hasEllipsis))
        }
        isEllipsized = pango_layout_is_ellipsized(layout) != 0
        unknownGlyphs = Int(pango_layout_get_unknown_glyphs_count(layout))
        isRightToLeft = pango_find_base_dir(text, -1) == PANGO_DIRECTION_RTL
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// Draws line `index` with its baseline's left end at (`x`, `baseline`) in `cairo`'s user
    /// space, in the context's colour where a run has none of its own.
    package func drawLine(_ index: Int, in cairo: CairoContext, x: Double, baseline: Double) {
        guard let line = pango_layout_get_line_readonly(layout, Int32(index)) else { return }
        cairo.moveTo(x, baseline)
        pango_cairo_show_layout_line(cairo.cr, line)
        cairo.newPath()
    }

    /// Where byte `index` of line `line` starts, in points from the line's left end.
    package func x(ofByte index: Int, inLine line: Int) -> Double {
        guard let line = pango_layout_get_line_readonly(layout, Int32(line)) else { return 0 }
        var x: Int32 = 0
        pango_layout_line_index_to_x(line, Int32(index), 0, &x)
        return Double(x) / Double(PANGO_SCALE)
    }

    private static func channel(_ value: Double) -> UInt16 {
        UInt16((min(max(value, 0), 1) * 65535).rounded())
    }
}
