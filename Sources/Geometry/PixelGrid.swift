import Foundation

/// Alignment of points to a screen's pixel grid: with `scale` pixels per point, a coordinate is
/// on the grid when `coordinate × scale` is a whole number.
///
/// UIKit has no public API for this; these helpers do what `CGRectIntegral` does, at a scale, and
/// what Simulator's "Color Misaligned Images" checks.
public enum PixelGrid {
    /// How far from a whole pixel a coordinate may be and still count as aligned (in pixels).
    public static let tolerance: CGFloat = 1.0 / 1024

    /// How far from a whole pixel a coordinate may be and still floor or ceil to it (in pixels):
    /// floating-point noise only, so that `integral(scale:)` always contains the rectangle.
    public static let snapTolerance: CGFloat = 1e-9

    /// How far below a half pixel a coordinate may be and still round up as the tie it stands for
    /// (in pixels). A tie computed in floating point often lands just under the half: 343.5 −
    /// (58 / 3) / 2 pt is 1001.4999… px at @3x, not 1001.5, and Auto Layout's values are kept to
    /// a millionth of a point (up to 1.5 × 10⁻⁶ px off at @3x). UIKit rounds every exact tie to
    /// the upper pixel (8 of 8 in its recordings): a value within 10⁻⁵ px of the half does too.
    public static let tieTolerance: CGFloat = 1e-5
}

extension CGFloat {
    /// The nearest coordinate on the pixel grid of `scale`, a half pixel rounding up (toward +∞)
    /// as UIKit rounds Auto Layout's frames, robustly (`PixelGrid.tieTolerance`).
    public func roundedToPixel(scale: CGFloat) -> CGFloat {
        (self * scale + 0.5 + PixelGrid.tieTolerance).rounded(.down) / scale
    }

    /// The largest coordinate on the pixel grid of `scale` not greater than `self`.
    @inlinable
    public func flooredToPixel(scale: CGFloat) -> CGFloat {
        (self * scale + PixelGrid.snapTolerance).rounded(.down) / scale
    }

    /// The smallest coordinate on the pixel grid of `scale` not less than `self`.
    @inlinable
    public func ceiledToPixel(scale: CGFloat) -> CGFloat {
        (self * scale - PixelGrid.snapTolerance).rounded(.up) / scale
    }

    /// Whether the coordinate lies on the pixel grid of `scale`.
    public func isPixelAligned(scale: CGFloat) -> Bool {
        let pixels = self * scale
        return Swift.abs(pixels - pixels.rounded()) <= PixelGrid.tolerance
    }
}

extension CGPoint {
    /// The nearest point on the pixel grid of `scale`.
    public func roundedToPixel(scale: CGFloat) -> CGPoint {
        CGPoint(x: x.roundedToPixel(scale: scale), y: y.roundedToPixel(scale: scale))
    }

    /// Whether both coordinates lie on the pixel grid of `scale`.
    public func isPixelAligned(scale: CGFloat) -> Bool {
        x.isPixelAligned(scale: scale) && y.isPixelAligned(scale: scale)
    }
}

extension CGRect {
    /// The smallest rectangle on the pixel grid of `scale` that contains this one: `integral`
    /// at a scale (at scale 1 it equals `integral`). Null and infinite rectangles are unchanged.
    public func integral(scale: CGFloat) -> CGRect {
        guard let r = edges else { return self }
        let minX = r.minX.flooredToPixel(scale: scale)
        let minY = r.minY.flooredToPixel(scale: scale)
        let maxX = r.maxX.ceiledToPixel(scale: scale)
        let maxY = r.maxY.ceiledToPixel(scale: scale)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle with each edge moved to the nearest pixel boundary of `scale`.
    public func roundedToPixels(scale: CGFloat) -> CGRect {
        let r = standardized
        let minX = r.minX.roundedToPixel(scale: scale)
        let minY = r.minY.roundedToPixel(scale: scale)
        return CGRect(x: minX, y: minY,
                      width: r.maxX.roundedToPixel(scale: scale) - minX,
                      height: r.maxY.roundedToPixel(scale: scale) - minY)
    }

    /// Whether all four edges lie on the pixel grid of `scale`.
    public func isPixelAligned(scale: CGFloat) -> Bool {
        guard let r = edges else { return false }
        return r.minX.isPixelAligned(scale: scale) && r.minY.isPixelAligned(scale: scale)
            && r.maxX.isPixelAligned(scale: scale) && r.maxY.isPixelAligned(scale: scale)
    }
}
