import CCairo
import Foundation

// The one file that calls cairo. Everything else in uisim draws and composites through these
// types, so that the C API stays at the edge.

/// A failure reported by cairo, with cairo's own description.
public struct CairoError: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ status: cairo_status_t) {
        description = String(cString: cairo_status_to_string(status))
    }

    init(message: String) {
        description = message
    }
}

/// A bitmap of 32-bit premultiplied ARGB pixels in native byte order (cairo's `ARGB32` image
/// surface), the pixel format of backing stores and frame buffers.
package final class CairoImage {
    let surface: OpaquePointer

    /// A new bitmap of `width × height` pixels, every pixel transparent black.
    package init(width: Int, height: Int) throws {
        precondition(width >= 0 && height >= 0, "negative bitmap size \(width)×\(height)")
        let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw CairoError(status)
        }
        surface = s
    }

    /// The bitmap decoded from a PNG file, converted to premultiplied ARGB.
    package init(contentsOfPNG path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CairoError(message: "\(path): cannot read file")
        }
        let png = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(png)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(png)
            throw CairoError(message: "\(path): \(CairoError(status).description)")
        }
        if cairo_image_surface_get_format(png) == CAIRO_FORMAT_ARGB32 {
            surface = png
            return
        }
        let w = cairo_image_surface_get_width(png), h = cairo_image_surface_get_height(png)
        let converted = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h)!
        let cr = cairo_create(converted)!
        cairo_set_source_surface(cr, png, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(png)
        surface = converted
    }

    /// The bitmap decoded from PNG bytes.
    package convenience init(pngData: Data) throws {
        final class Source {
            let data: Data
            var offset = 0
            init(_ data: Data) { self.data = data }
        }
        let source = Source(pngData)
        let png = cairo_image_surface_create_from_png_stream({ closure, buffer, length in
            let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            let count = Int(length)
            guard source.offset + count <= source.data.count else { return CAIRO_STATUS_READ_ERROR }
            source.data.copyBytes(to: buffer!, from: source.offset..<(source.offset + count))
            source.offset += count
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(source).toOpaque())!
        let status = cairo_surface_status(png)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(png)
            throw CairoError(status)
        }
        try self.init(width: Int(cairo_image_surface_get_width(png)), height: Int(cairo_image_surface_get_height(png)))
        let cr = cairo_create(surface)!
        cairo_set_source_surface(cr, png, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_destroy(png)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    package var width: Int { Int(cairo_image_surface_get_width(surface)) }
    package var height: Int { Int(cairo_image_surface_get_height(surface)) }
    /// Bytes from one row to the next.
    package var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The premultiplied ARGB value of one pixel (`0xAARRGGBB`).
    package func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        cairo_surface_flush(surface)
        let base = cairo_image_surface_get_data(surface)!
        return base.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
    }

    /// Fills whole pixels `x..<x+width, y..<y+height` with a straight-alpha sRGB color, replacing
    /// what was there (`SOURCE`) or blending over it (`OVER`).
    package func fill(x: Int, y: Int, width w: Int, height h: Int,
                      red: Double, green: Double, blue: Double, alpha: Double, blend: Bool) {
        let cr = CairoContext(image: self)
        cr.setOperator(blend ? .over : .source)
        cr.setSourceRGBA(red, green, blue, alpha)
        cr.rectangle(Double(x), Double(y), Double(w), Double(h))
        cr.fill()
    }

    /// The bitmap encoded as PNG (`PNG`: zlib at its fastest level).
    package func pngData() throws -> Data {
        cairo_surface_flush(surface)
        return try PNG.encode(argb: cairo_image_surface_get_data(surface)!, width: width, height: height, stride: stride)
    }
}

extension CairoImage {
    /// Copies `source` into this bitmap at (`x`, `y`) (whole pixels, no blending).
    package func copy(from source: CairoImage, x: Int = 0, y: Int = 0) {
        let cr = CairoContext(image: self)
        cr.setOperator(.source)
        cr.setSource(source, x: Double(x), y: Double(y))
        cr.paint()
    }

    /// The raw bytes of the bitmap (premultiplied ARGB, native byte order, `stride` per row).
    package func withPixels<R>(_ body: (UnsafeMutableRawPointer, Int) throws -> R) rethrows -> R {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        return try body(cairo_image_surface_get_data(surface)!, stride)
    }
}

/// A cairo pattern: an offscreen group made into a source or a mask.
package final class CairoPattern {
    let pattern: OpaquePointer
    init(adopting pattern: OpaquePointer) { self.pattern = pattern }
    deinit { cairo_pattern_destroy(pattern) }
}

/// A cairo drawing context on a `CairoImage`: the state stack, the transformation matrix, paths,
/// sources, clipping and painting. `CGContext` and the compositor draw through it.
package final class CairoContext {
    package let cr: OpaquePointer
    /// The bitmap drawn into.
    package let image: CairoImage

    package init(image: CairoImage) {
        self.image = image
        cr = cairo_create(image.surface)!
    }

    deinit {
        cairo_destroy(cr)
    }

    /// Compositing operators.
    package enum Operator {
        /// Replace the destination (a copy).
        case source
        /// Blend over the destination.
        case over
        /// Clear to transparent.
        case clear
    }

    package enum LineCap { case butt, round, square }
    package enum LineJoin { case miter, round, bevel }
    package enum Filter { case nearest, fast, good, best }

    // MARK: State

    package func save() { cairo_save(cr) }
    package func restore() { cairo_restore(cr) }

    package func setOperator(_ op: Operator) {
        switch op {
        case .source: cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        case .over: cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        case .clear: cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        }
    }

    package func setAntialias(_ on: Bool) {
        cairo_set_antialias(cr, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    // MARK: Transformation matrix (xx yx xy yy x0 y0 = a b c d tx ty)

    package func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    package func scale(_ x: Double, _ y: Double) { cairo_scale(cr, x, y) }
    package func rotate(_ angle: Double) { cairo_rotate(cr, angle) }

    /// Multiplies the matrix by `(a b c d tx ty)`, applied to user coordinates first.
    package func transform(_ m: (Double, Double, Double, Double, Double, Double)) {
        var matrix = cairo_matrix_t(xx: m.0, yx: m.1, xy: m.2, yy: m.3, x0: m.4, y0: m.5)
        cairo_transform(cr, &matrix)
    }

    package func setMatrix(_ m: (Double, Double, Double, Double, Double, Double)) {
        var matrix = cairo_matrix_t(xx: m.0, yx: m.1, xy: m.2, yy: m.3, x0: m.4, y0: m.5)
        cairo_set_matrix(cr, &matrix)
    }

    package func matrix() -> (Double, Double, Double, Double, Double, Double) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return (m.xx, m.yx, m.xy, m.yy, m.x0, m.y0)
    }

    // MARK: Paths

    package func newPath() { cairo_new_path(cr) }
    package func moveTo(_ x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    package func lineTo(_ x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    package func curveTo(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        cairo_curve_to(cr, x1, y1, x2, y2, x, y)
    }
    package func arc(_ x: Double, _ y: Double, radius: Double, from a1: Double, to a2: Double, clockwise: Bool) {
        // cairo's positive direction (increasing angles) is clockwise on a y-down screen.
        if clockwise { cairo_arc(cr, x, y, radius, a1, a2) } else { cairo_arc_negative(cr, x, y, radius, a1, a2) }
    }
    package func rectangle(_ x: Double, _ y: Double, _ w: Double, _ h: Double) { cairo_rectangle(cr, x, y, w, h) }
    package func closePath() { cairo_close_path(cr) }
    package func currentPoint() -> (Double, Double)? {
        guard cairo_has_current_point(cr) != 0 else { return nil }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return (x, y)
    }

    // MARK: Painting

    package func setSourceRGBA(_ r: Double, _ g: Double, _ b: Double, _ a: Double) {
        cairo_set_source_rgba(cr, r, g, b, a)
    }

    /// Uses `image` as the source, its top-left at (`x`, `y`) in user space, sampled with `filter`.
    package func setSource(_ image: CairoImage, x: Double, y: Double, filter: Filter = .good) {
        cairo_set_source_surface(cr, image.surface, x, y)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, Self.cairoFilter(filter))
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    }

    package func setSource(_ gradient: CairoGradient) {
        cairo_set_source(cr, gradient.pattern)
    }

    package func fill(evenOdd: Bool = false, preserve: Bool = false) {
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    package func stroke(preserve: Bool = false) {
        if preserve { cairo_stroke_preserve(cr) } else { cairo_stroke(cr) }
    }

    package func paint(alpha: Double = 1) {
        if alpha >= 1 { cairo_paint(cr) } else { cairo_paint_with_alpha(cr, alpha) }
    }

    package func setLineWidth(_ w: Double) { cairo_set_line_width(cr, w) }
    package func setLineCap(_ cap: LineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
    }
    package func setLineJoin(_ join: LineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
    }
    package func setMiterLimit(_ limit: Double) { cairo_set_miter_limit(cr, limit) }
    package func setDash(_ lengths: [Double], phase: Double) {
        lengths.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase) }
    }

    // MARK: Clipping

    package func clip(evenOdd: Bool = false) {
        cairo_set_fill_rule(cr, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
    }
    package func resetClip() { cairo_reset_clip(cr) }
    /// The clip's bounding box in user coordinates.
    package func clipExtents() -> (Double, Double, Double, Double) {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        return (x1, y1, x2 - x1, y2 - y1)
    }

    // MARK: Groups (offscreen rendering)

    /// Starts drawing into an offscreen buffer.
    package func pushGroup() { cairo_push_group(cr) }
    /// Ends the offscreen buffer and paints it with `alpha`.
    package func popGroupAndPaint(alpha: Double) {
        cairo_pop_group_to_source(cr)
        paint(alpha: alpha)
    }
    /// Ends the offscreen buffer and returns it as a pattern (to paint through a mask).
    package func popGroup() -> CairoPattern {
        CairoPattern(adopting: cairo_pop_group(cr)!)
    }

    /// Makes `pattern` the source.
    package func setSource(_ pattern: CairoPattern) { cairo_set_source(cr, pattern.pattern) }

    /// Paints the source through the alpha of `mask`.
    package func mask(_ mask: CairoPattern) { cairo_mask(cr, mask.pattern) }

    /// Paints the source through the alpha of `image` placed at (`x`, `y`) in user space.
    package func mask(_ image: CairoImage, x: Double, y: Double) {
        cairo_mask_surface(cr, image.surface, x, y)
    }

    /// Adds `path` (user space) to the current path.
    package func addPath(_ path: CGPath) {
        for element in path.elements {
            switch element {
            case .moveToPoint(let p): cairo_move_to(cr, Double(p.x), Double(p.y))
            case .addLineToPoint(let p): cairo_line_to(cr, Double(p.x), Double(p.y))
            case .addCurveToPoint(let a, let b, let c):
                cairo_curve_to(cr, Double(a.x), Double(a.y), Double(b.x), Double(b.y), Double(c.x), Double(c.y))
            case .closeSubpath: cairo_close_path(cr)
            }
        }
    }

    // MARK: Text (Pango draws it: Pango.swift)

    /// Font options for text whose widths do not depend on the device: no hinting of outlines
    /// or metrics, grey antialiasing. The caller destroys them.
    package static func makeUnhintedFontOptions() -> OpaquePointer {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        return options
    }

    package static func destroyFontOptions(_ options: OpaquePointer) {
        cairo_font_options_destroy(options)
    }

    static func cairoFilter(_ filter: Filter) -> cairo_filter_t {
        switch filter {
        case .nearest: CAIRO_FILTER_NEAREST
        case .fast: CAIRO_FILTER_FAST
        case .good: CAIRO_FILTER_GOOD
        case .best: CAIRO_FILTER_BEST
        }
    }
}

/// A cairo linear or radial gradient pattern with color stops.
package final class CairoGradient {
    let pattern: OpaquePointer

    package init(linearFrom x0: Double, _ y0: Double, to x1: Double, _ y1: Double) {
        pattern = cairo_pattern_create_linear(x0, y0, x1, y1)!
    }

    package init(radialFrom x0: Double, _ y0: Double, _ r0: Double, to x1: Double, _ y1: Double, _ r1: Double) {
        pattern = cairo_pattern_create_radial(x0, y0, r0, x1, y1, r1)!
    }

    deinit {
        cairo_pattern_destroy(pattern)
    }

    package func addStop(at offset: Double, _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
        cairo_pattern_add_color_stop_rgba(pattern, offset, r, g, b, a)
    }

    /// Whether the gradient continues past its ends with the end colors.
    package func setExtends(_ extend: Bool) {
        cairo_pattern_set_extend(pattern, extend ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
    }
}

/// The version of the cairo library uisim is linked with, such as "1.16.0".
public var cairoVersion: String { String(cString: cairo_version_string()) }
