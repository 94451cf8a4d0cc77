import Foundation

extension CairoImage {
    /// Blurs the bitmap's alpha by a Gaussian of standard deviation `sigma` pixels, leaving
    /// premultiplied black of that alpha (a shadow's mask). Three box blurs in each direction
    /// approximate the Gaussian (W. Jarosz, "Fast image convolutions", 2001; box sizes after
    /// P. Kovesi's "Fast almost-Gaussian filtering", 2010). Outside the bitmap counts as
    /// transparent.
    package func blurAlpha(sigma: Double) {
        let w = width, h = height
        guard w > 0, h > 0 else { return }
        // Alpha scaled by 2^8 in integers: three box passes keep 8 bits of fraction between them.
        var alpha = [Int32](repeating: 0, count: w * h)
        alpha.withUnsafeMutableBufferPointer { a in
            withPixels { base, stride in
                for y in 0..<h {
                    let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w { a[y * w + x] = Int32(row[x] >> 24) << 8 }
                }
            }
            if sigma > 0.01 {
                let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: max(w, h))
                defer { scratch.deallocate() }
                for radius in Self.boxRadii(sigma: sigma, passes: 3) where radius > 0 {
                    for y in 0..<h { Self.boxBlur(a.baseAddress!, start: y * w, step: 1, count: w, radius: radius, scratch: scratch) }
                    for x in 0..<w { Self.boxBlur(a.baseAddress!, start: x, step: w, count: h, radius: radius, scratch: scratch) }
                }
            }
            withPixels { base, stride in
                for y in 0..<h {
                    let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w { row[x] = UInt32(min(255, max(0, (a[y * w + x] + 128) >> 8))) << 24 }
                }
            }
        }
    }

    /// The radii of `passes` box blurs whose succession has the variance of a Gaussian of
    /// `sigma`: boxes of two odd widths, wl and wl + 2 (Kovesi).
    package static func boxRadii(sigma: Double, passes n: Int) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let m = Int(((12 * sigma * sigma - Double(n * wl * wl) - Double(4 * n * wl) - Double(3 * n)) / Double(-4 * wl - 4)).rounded())
        return (0..<n).map { ($0 < m ? wl : wu) / 2 }
    }

    /// One box blur of `radius` along a line of `count` values, `step` apart from `start`
    /// (rounded to the nearest).
    private static func boxBlur(_ values: UnsafeMutablePointer<Int32>, start: Int, step: Int, count: Int, radius: Int,
                                scratch: UnsafeMutablePointer<Int32>) {
        let width = Int64(2 * radius + 1)
        for i in 0..<count { scratch[i] = values[start + i * step] }
        var sum: Int64 = 0
        for i in 0...min(radius, count - 1) { sum += Int64(scratch[i]) }
        for i in 0..<count {
            values[start + i * step] = Int32((sum + width / 2) / width)
            let enter = i + radius + 1, leave = i - radius
            if enter < count { sum += Int64(scratch[enter]) }
            if leave >= 0 { sum -= Int64(scratch[leave]) }
        }
    }
}
