import Foundation
import Geometry
import Support

/// The bytes of a PNG or a JPEG and the size their header declares: what an image made from a
/// file holds until its pixels are needed (`CGImage.decode()`).
package struct EncodedImage: Sendable {
    package enum Format: Sendable { case png, jpeg }

    package let data: Data
    package let format: Format
    package let width: Int, height: Int
    /// What the image came from (a file's path, an asset's name, "data"), for messages.
    package let name: String

    /// The image in `data`, or nil when it is neither a PNG nor a JPEG whose header says a size
    /// (as `UIImage(data:)` returns nil for bytes ImageIO cannot read).
    package init?(data: Data, name: String) {
        self.data = data
        self.name = name
        if let size = Self.pngSize(data) {
            format = .png
            (width, height) = size
        } else if JPEG.isJPEG(data), let size = JPEG.size(of: data) {
            format = .jpeg
            (width, height) = size
        } else {
            return nil
        }
        // A bitmap cairo can hold (32 767 pixels a side): a header claiming more is refused, as an
        // image ImageIO cannot make, rather than overflowing the size of its pixels.
        guard width <= Self.maximumSide, height <= Self.maximumSide else { return nil }
    }

    /// The size in a PNG's IHDR chunk (the first after the 8-byte signature), read as PNG's
    /// specification lays it out: length, "IHDR", width and height as 4-byte big-endian numbers.
    private static func pngSize(_ data: Data) -> (Int, Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = number(16), height = number(20)
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        return (width, height)
    }

    /// The largest side a bitmap may have (cairo's limit).
    package static let maximumSide = 32_767

    /// The pixels, premultiplied ARGB. Memory that cannot hold them is a `ResourceError`.
    package func decode() throws -> CairoImage {
        let megabytes = (width * height * 4) >> 20
        do {
            switch format {
            case .png:
                return try CairoImage(pngData: data)
            case .jpeg:
                let image = try CairoImage(width: width, height: height)
                try JPEG.decode(data, into: image)
                return image
            }
        } catch let error as CairoError where error.description.contains("out of memory") {
            throw ResourceError("out of memory: cannot decode \(name) (\(width)×\(height) pixels, \(megabytes) MB)")
        }
    }
}
