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
        let cr = cairo_create(surface)!
        cairo_set_operator(cr, blend ? CAIRO_OPERATOR_OVER : CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, red, green, blue, alpha)
        cairo_rectangle(cr, Double(x), Double(y), Double(w), Double(h))
        cairo_fill(cr)
        cairo_destroy(cr)
    }

    /// The bitmap encoded as PNG.
    package func pngData() throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.data.append(bytes!, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status) }
        return sink.data
    }
}

/// The version of the cairo library uisim is linked with, such as "1.16.0".
public var cairoVersion: String { String(cString: cairo_version_string()) }
