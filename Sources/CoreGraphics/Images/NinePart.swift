import Foundation
import Geometry

/// The nine parts of a stretched image (a resizable `UIImage`, a layer's `contentsCenter`).
package enum NinePart {
    /// The parts of `source` (pixels) and where each goes in `destination` (points): the whole
    /// when `caps` (pixels) are zero; else nine parts, the corners and edges kept at their size
    /// (pixels ÷ `scale`; shrunk together when `destination` is smaller than they are) along
    /// their edge, the middle stretched both ways.
    package static func slices(_ source: CGRect, into destination: CGRect, caps: UIEdgeInsets,
                               scale: CGFloat) -> [(source: CGRect, destination: CGRect)] {
        guard caps != .zero else { return [(source, destination)] }
        let d = destination.standardized
        let fitX = min(1, d.width / max((caps.left + caps.right) / scale, .leastNonzeroMagnitude))
        let fitY = min(1, d.height / max((caps.top + caps.bottom) / scale, .leastNonzeroMagnitude))
        let sx = [source.minX, source.minX + caps.left, source.maxX - caps.right, source.maxX]
        let sy = [source.minY, source.minY + caps.top, source.maxY - caps.bottom, source.maxY]
        let dx = [d.minX, d.minX + caps.left / scale * fitX, d.maxX - caps.right / scale * fitX, d.maxX]
        let dy = [d.minY, d.minY + caps.top / scale * fitY, d.maxY - caps.bottom / scale * fitY, d.maxY]
        var parts: [(CGRect, CGRect)] = []
        for row in 0..<3 {
            for column in 0..<3 {
                let s = CGRect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let p = CGRect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column], height: dy[row + 1] - dy[row])
                if s.width > 0, s.height > 0, p.width > 0, p.height > 0 { parts.append((s, p)) }
            }
        }
        return parts
    }
}
