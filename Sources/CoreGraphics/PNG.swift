import CZlib
import Foundation
import Geometry
import Support

/// The one file that calls zlib: PNG encoding tuned for speed. cairo's own PNG writer goes
/// through libpng at zlib's default level (6) with adaptive filtering; snapshots of UI frames,
/// made while a replay runs, are written at level 1 with the Sub filter instead: several times
/// faster, and screens of flat colors still compress well.
enum PNG {
    /// A PNG of `width × height` premultiplied ARGB32 pixels (cairo's layout: native-endian
    /// 32-bit words, rows `stride` bytes apart). Opaque images are written as RGB, others as RGBA
    /// with the alpha taken out of the colors.
    static func encode(argb pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws -> Data {
        var opaque = true
        for y in 0..<height where opaque {
            let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xFF {
                opaque = false
                break
            }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        // The two large buffers come from malloc, which can say no (a process under `ulimit -v`):
        // a Swift array would end the process instead.
        let rawCount = rowBytes * height
        guard let rawMemory = malloc(max(rawCount, 1)) else { throw ResourceError("out of memory: cannot encode a \(width)×\(height) PNG (\(rawCount >> 20) MB)") }
        defer { free(rawMemory) }
        let raw = UnsafeMutableBufferPointer(start: rawMemory.assumingMemoryBound(to: UInt8.self), count: rawCount)
        do {
            let out = raw
            for y in 0..<height {
                let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                let base = y * rowBytes
                out[base] = 1   // the Sub filter: each byte minus the one a pixel before
                var previous: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
                for x in 0..<width {
                    let argb = row[x]
                    let a = UInt8(argb >> 24)
                    var r = UInt8((argb >> 16) & 0xFF), g = UInt8((argb >> 8) & 0xFF), b = UInt8(argb & 0xFF)
                    if a == 0 {
                        (r, g, b) = (0, 0, 0)
                    } else if a != 0xFF {
                        r = UInt8(min(255, (UInt32(r) * 255 + UInt32(a) / 2) / UInt32(a)))
                        g = UInt8(min(255, (UInt32(g) * 255 + UInt32(a) / 2) / UInt32(a)))
                        b = UInt8(min(255, (UInt32(b) * 255 + UInt32(a) / 2) / UInt32(a)))
                    }
                    let p = base + 1 + x * channels
                    out[p] = r &- previous.0
                    out[p + 1] = g &- previous.1
                    out[p + 2] = b &- previous.2
                    if channels == 4 { out[p + 3] = a &- previous.3 }
                    previous = (r, g, b, a)
                }
            }
        }
        var compressedLength = compressBound(uLong(rawCount))
        guard let compressed = malloc(Int(compressedLength)) else {
            throw ResourceError("out of memory: cannot encode a \(width)×\(height) PNG (\(Int(compressedLength) >> 20) MB)")
        }
        defer { free(compressed) }
        let status = compress2(compressed.assumingMemoryBound(to: Bytef.self), &compressedLength, raw.baseAddress, uLong(rawCount), 1)
        guard status == Z_OK else {
            if status == Z_MEM_ERROR { throw ResourceError("out of memory: zlib cannot compress a \(width)×\(height) PNG") }
            throw PNGError(message: "zlib could not compress the image (status \(status))")
        }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func chunk(_ type: String, _ body: Data) {
            var length = UInt32(body.count).bigEndian
            png.append(Data(bytes: &length, count: 4))
            var typed = Data(type.utf8)
            typed.append(body)
            png.append(typed)
            var crc = UInt32(typed.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }).bigEndian
            png.append(Data(bytes: &crc, count: 4))
        }
        var header = Data()
        for value in [UInt32(width), UInt32(height)] {
            var big = value.bigEndian
            header.append(Data(bytes: &big, count: 4))
        }
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])   // 8 bits, RGB or RGBA, deflate, filters, no interlace
        chunk("IHDR", header)
        chunk("IDAT", Data(bytes: compressed, count: Int(compressedLength)))
        chunk("IEND", Data())
        return png
    }
}

/// zlib could not encode an image.
struct PNGError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
