import Foundation
import Geometry
import Support

#if !canImport(Darwin)
/// A bitmap image, as Core Graphics' `CGImage`: premultiplied ARGB pixels, immutable.
///
/// An image made from a PNG or a JPEG (`UIImage(data:)`, `UIImage(named:)`…) knows its size from
/// the file's header and is decoded the first time its pixels are needed, as ImageIO's images
/// are: when Core Animation prepares a layer showing it for the render server (the commit's
/// prepare phase), or when it is drawn. It is decoded once; each decode is counted (the frame's
/// `images_decoded` and `decoded_pixels`).
public final class CGImage {
    private var bitmap: CairoImage?
    private let encoded: EncodedImage?
    public let width: Int
    public let height: Int

    package init(copying image: CairoImage) throws {
        let copy = try CairoImage(width: image.width, height: image.height)
        copy.copy(from: image)
        bitmap = copy
        encoded = nil
        width = image.width
        height = image.height
    }

    package init(adopting image: CairoImage) {
        bitmap = image
        encoded = nil
        width = image.width
        height = image.height
    }

    /// An image of `source`'s pixels, decoded when first needed.
    package init(encoded source: EncodedImage) {
        encoded = source
        width = source.width
        height = source.height
    }

    /// The pixels, decoded now if they were not yet.
    package var storage: CairoImage {
        if let bitmap { return bitmap }
        decode()
        return bitmap!
    }

    /// Whether the pixels are decoded (an image made from pixels always is).
    package var isDecoded: Bool { bitmap != nil }

    /// Decodes the pixels if they are not yet, counting the decode in the current app. A file
    /// whose header read but whose data does not decode shows transparent pixels; memory that
    /// cannot hold the bitmap stops the replay (as a backing store's does).
    package func decode() {
        guard bitmap == nil, let encoded else { return }
        let app = AppEnvironment.current
        do {
            bitmap = try encoded.decode()
        } catch let failure as ResourceError {
            app.noteAllocationFailure(failure)
            bitmap = app.standInBitmap
        } catch {
            app.reportIssue("image: \(encoded.name) cannot be decoded (\(error)): shown transparent")
            bitmap = (try? CairoImage(width: width, height: height)) ?? app.standInBitmap
        }
        app.imageStatistics.decodes &+= 1
        app.imageStatistics.pixels &+= width * height
    }

    public var bitsPerPixel: Int { 32 }
    public var bitsPerComponent: Int { 8 }
    public var bytesPerRow: Int { isDecoded ? storage.stride : width * 4 }

    /// The premultiplied ARGB value of a pixel (`0xAARRGGBB`), a uisim addition for tests.
    public func pixel(x: Int, y: Int) -> UInt32 { storage.pixel(x: x, y: y) }

    /// The image encoded as PNG (a uisim addition; Core Graphics uses `CGImageDestination`).
    public func pngData() throws -> Data { try storage.pngData() }
}
#endif

extension CGImage {
    /// A copy with each pixel (premultiplied ARGB, as the bitmap holds it) mapped by `transform`;
    /// nil when memory cannot hold the copy.
    package func mappingPixels(_ transform: (UInt32) -> UInt32) -> CGImage? {
        guard let copy = try? CairoImage(width: width, height: height) else { return nil }
        copy.copy(from: storage)
        copy.withPixels { base, stride in
            for y in 0..<height {
                let row = base.advanced(by: y * stride).bindMemory(to: UInt32.self, capacity: width)
                for x in 0..<width { row[x] = transform(row[x]) }
            }
        }
        return CGImage(adopting: copy)
    }

    /// A copy mirrored left to right (what a right-to-left layout shows of a flipping image).
    package func mirroredHorizontally() -> CGImage? {
        guard let copy = try? CairoImage(width: width, height: height) else { return nil }
        let source = storage
        source.withPixels { from, fromStride in
            copy.withPixels { to, toStride in
                for y in 0..<height {
                    let a = from.advanced(by: y * fromStride).bindMemory(to: UInt32.self, capacity: width)
                    let b = to.advanced(by: y * toStride).bindMemory(to: UInt32.self, capacity: width)
                    for x in 0..<width { b[width - 1 - x] = a[x] }
                }
            }
        }
        return CGImage(adopting: copy)
    }
}
