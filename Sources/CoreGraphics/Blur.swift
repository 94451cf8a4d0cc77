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

    /// Blurs every channel of the bitmap (premultiplied: colour and alpha blur alike) by a
    /// Gaussian of standard deviation `sigma` pixels, the same three box blurs as `blurAlpha`;
    /// outside the bitmap counts as its edge's pixels repeated (a backdrop's edge does not darken).
    package func blurColors(sigma: Double) {
        let w = width, h = height
        guard w > 0, h > 0, sigma > 0.01 else { return }
        var channels = [Int32](repeating: 0, count: w * h * 4)
        let radii = Self.boxRadii(sigma: sigma, passes: 3)
        let margin = radii.reduce(0, +)
        channels.withUnsafeMutableBufferPointer { c in
            withPixels { base, stride in
                for y in 0..<h {
                    let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        let p = row[x]
                        for k in 0..<4 { c[(k * h + y) * w + x] = Int32((p >> (UInt32(k) * 8)) & 0xFF) << 8 }
                    }
                }
            }
            // Lines padded by the blur's reach with the edge value, blurred, cut back.
            let longest = max(w, h) + 2 * margin
            let line = UnsafeMutablePointer<Int32>.allocate(capacity: longest)
            let scratch = UnsafeMutablePointer<Int32>.allocate(capacity: longest)
            defer { line.deallocate(); scratch.deallocate() }
            func blurLine(start: Int, step: Int, count: Int) {
                let n = count + 2 * margin
                for i in 0..<n { line[i] = c[start + min(max(i - margin, 0), count - 1) * step] }
                for radius in radii where radius > 0 { Self.boxBlur(line, start: 0, step: 1, count: n, radius: radius, scratch: scratch) }
                for i in 0..<count { c[start + i * step] = line[i + margin] }
            }
            for k in 0..<4 {
                let plane = k * w * h
                for y in 0..<h { blurLine(start: plane + y * w, step: 1, count: w) }
                for x in 0..<w { blurLine(start: plane + x, step: w, count: h) }
            }
            withPixels { base, stride in
                for y in 0..<h {
                    let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<w {
                        var p: UInt32 = 0
                        for k in 0..<4 { p |= UInt32(min(255, max(0, (c[(k * h + y) * w + x] + 128) >> 8))) << (UInt32(k) * 8) }
                        row[x] = p
                    }
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
