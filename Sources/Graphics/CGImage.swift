import Foundation
import Geometry

#if !canImport(CoreGraphics)
/// A bitmap image, as Core Graphics' `CGImage`: premultiplied ARGB pixels, immutable.
public final class CGImage {
    package let storage: CairoImage

    package init(copying image: CairoImage) throws {
        storage = try CairoImage(width: image.width, height: image.height)
        storage.copy(from: image)
    }

    package init(adopting image: CairoImage) {
        storage = image
    }

    public var width: Int { storage.width }
    public var height: Int { storage.height }
    public var bitsPerPixel: Int { 32 }
    public var bitsPerComponent: Int { 8 }
    public var bytesPerRow: Int { storage.stride }

    /// The premultiplied ARGB value of a pixel (`0xAARRGGBB`), a uisim addition for tests.
    public func pixel(x: Int, y: Int) -> UInt32 { storage.pixel(x: x, y: y) }

    /// The image encoded as PNG (a uisim addition; Core Graphics uses `CGImageDestination`).
    public func pngData() throws -> Data { try storage.pngData() }
}
#endif

/// An image with a scale, as UIKit's `UIImage`: `size` is in points (pixels ÷ scale).
public final class UIImage {
    /// The bitmap.
    public let cgImage: CGImage?
    /// Pixels per point.
    public let scale: CGFloat

    public init(cgImage: CGImage, scale: CGFloat = 1) {
        self.cgImage = cgImage
        self.scale = scale
    }

    /// An image decoded from PNG bytes, or nil when they are not a PNG.
    public convenience init?(data: Data, scale: CGFloat = 1) {
        guard let bitmap = try? CairoImage(pngData: data) else { return nil }
        self.init(cgImage: CGImage(adopting: bitmap), scale: scale)
    }

    /// An image read from a PNG file, or nil.
    public convenience init?(contentsOfFile path: String) {
        guard let bitmap = try? CairoImage(contentsOfPNG: path) else { return nil }
        self.init(cgImage: CGImage(adopting: bitmap), scale: 1)
    }

    /// Size in points.
    public var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The image as PNG bytes.
    public func pngData() -> Data? { try? cgImage?.pngData() }

    /// Draws the image upright, scaled to fill `rect`, in the current context.
    public func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.drawImage(cgImage, in: rect, flipped: false)
    }

    /// Draws the image upright at its size with its top-left corner at `point`.
    public func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }
}
