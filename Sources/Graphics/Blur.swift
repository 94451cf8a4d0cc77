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
        var alpha = [Double](repeating: 0, count: w * h)
        withPixels { base, stride in
            for y in 0..<h {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { alpha[y * w + x] = Double(row[x] >> 24) }
            }
        }
        if sigma > 0.01 {
            var scratch = [Double](repeating: 0, count: max(w, h))
            for radius in Self.boxRadii(sigma: sigma, passes: 3) {
                for y in 0..<h { Self.boxBlur(&alpha, start: y * w, step: 1, count: w, radius: radius, scratch: &scratch) }
                for x in 0..<w { Self.boxBlur(&alpha, start: x, step: w, count: h, radius: radius, scratch: &scratch) }
            }
        }
        withPixels { base, stride in
            for y in 0..<h {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { row[x] = UInt32(min(255, max(0, alpha[y * w + x].rounded()))) << 24 }
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

    /// One box blur of `radius` along a line of `count` values, `step` apart from `start`.
    private static func boxBlur(_ values: inout [Double], start: Int, step: Int, count: Int, radius: Int, scratch: inout [Double]) {
        guard radius > 0 else { return }
        let width = Double(2 * radius + 1)
        for i in 0..<count { scratch[i] = values[start + i * step] }
        var sum = 0.0
        for i in 0...min(radius, count - 1) { sum += scratch[i] }
        for i in 0..<count {
            values[start + i * step] = sum / width
            let enter = i + radius + 1, leave = i - radius
            if enter < count { sum += scratch[enter] }
            if leave >= 0 { sum -= scratch[leave] }
        }
    }
}
