import CTurboJPEG
import Foundation

// The one file that calls libjpeg-turbo (its TurboJPEG API, which reports errors by return value
// rather than by `longjmp`, so nothing unwinds through Swift frames).

/// JPEG decoding and encoding through libjpeg-turbo.
package enum JPEG {
    /// Whether `data` starts as a JPEG does (SOI marker `FF D8 FF`).
    package static func isJPEG(_ data: Data) -> Bool {
        data.count >= 3 && data[data.startIndex] == 0xFF && data[data.startIndex + 1] == 0xD8 && data[data.startIndex + 2] == 0xFF
    }

    /// The size in pixels a JPEG's header declares, or nil when the header cannot be read:
    /// nothing is decoded.
    package static func size(of data: Data) -> (width: Int, height: Int)? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            tjDecompressHeader3(handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count),
                                &width, &height, &subsampling, &colorspace)
        }
        guard status == 0, width > 0, height > 0 else { return nil }
        return (Int(width), Int(height))
    }

    /// Decodes `data` into `image` (its size must be the JPEG's), as opaque premultiplied ARGB:
    /// cairo's native-endian words are B, G, R, A in memory on a little-endian machine, and
    /// A, R, G, B on a big-endian one.
    package static func decode(_ data: Data, into image: CairoImage) throws {
        guard let handle = tjInitDecompress() else { throw CairoError(message: "cannot start libjpeg-turbo") }
        defer { tjDestroy(handle) }
        let format = Int32(1.littleEndian == 1 ? TJPF_BGRA.rawValue : TJPF_ARGB.rawValue)
        let status = image.withPixels { pixels, stride in
            data.withUnsafeBytes { bytes in
                tjDecompress2(handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count),
                              pixels.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(stride), Int32(image.height),
                              format, 0)
            }
        }
        // A warning (a truncated file, an extraneous marker) still gave pixels, as ImageIO shows them.
        if status != 0, tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
            throw CairoError(message: "JPEG: " + String(cString: tjGetErrorStr2(handle)))
        }
    }

    /// `image` encoded as a JPEG at `quality` (0…1, as `jpegData(compressionQuality:)`), its alpha
    /// dropped (a JPEG has none): 4:2:0 chroma subsampling, as ImageIO writes.
    package static func encode(_ image: CairoImage, quality: Double) throws -> Data {
        guard let handle = tjInitCompress() else { throw CairoError(message: "cannot start libjpeg-turbo") }
        defer { tjDestroy(handle) }
        let format = Int32(1.littleEndian == 1 ? TJPF_BGRA.rawValue : TJPF_ARGB.rawValue)
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let q = Int32((min(max(quality, 0), 1) * 100).rounded())
        let status = image.withPixels { pixels, stride in
            tjCompress2(handle, pixels.assumingMemoryBound(to: UInt8.self), Int32(image.width), Int32(stride), Int32(image.height),
                        format, &buffer, &size, Int32(TJSAMP_420.rawValue), max(q, 1), 0)
        }
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else { throw CairoError(message: "JPEG: " + String(cString: tjGetErrorStr2(handle))) }
        return Data(bytes: buffer, count: Int(size))
    }
}
