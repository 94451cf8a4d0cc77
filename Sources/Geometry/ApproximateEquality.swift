import Foundation

/// Equality within an absolute tolerance, for geometry computed in floating point (rotations by
/// 45° never give exact numbers). Useful in tests written against uisim or UIKit.
public protocol ApproximatelyEquatable {
    /// Whether every component differs from `other`'s by at most `tolerance`.
    func isApproximatelyEqual(to other: Self, tolerance: CGFloat) -> Bool
}

extension ApproximatelyEquatable {
    /// Equality within 1e-9.
    public func isApproximatelyEqual(to other: Self) -> Bool {
        isApproximatelyEqual(to: other, tolerance: 1e-9)
    }
}

extension CGFloat: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: CGFloat, tolerance: CGFloat) -> Bool {
        self == other || Swift.abs(self - other) <= tolerance
    }
}

extension CGPoint: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: CGPoint, tolerance: CGFloat) -> Bool {
        x.isApproximatelyEqual(to: other.x, tolerance: tolerance)
            && y.isApproximatelyEqual(to: other.y, tolerance: tolerance)
    }
}

extension CGSize: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: CGSize, tolerance: CGFloat) -> Bool {
        width.isApproximatelyEqual(to: other.width, tolerance: tolerance)
            && height.isApproximatelyEqual(to: other.height, tolerance: tolerance)
    }
}

extension CGRect: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: CGRect, tolerance: CGFloat) -> Bool {
        origin.isApproximatelyEqual(to: other.origin, tolerance: tolerance)
            && size.isApproximatelyEqual(to: other.size, tolerance: tolerance)
    }
}

extension CGAffineTransform: ApproximatelyEquatable {
    public func isApproximatelyEqual(to other: CGAffineTransform, tolerance: CGFloat) -> Bool {
        a.isApproximatelyEqual(to: other.a, tolerance: tolerance)
            && b.isApproximatelyEqual(to: other.b, tolerance: tolerance)
            && c.isApproximatelyEqual(to: other.c, tolerance: tolerance)
            && d.isApproximatelyEqual(to: other.d, tolerance: tolerance)
            && tx.isApproximatelyEqual(to: other.tx, tolerance: tolerance)
            && ty.isApproximatelyEqual(to: other.ty, tolerance: tolerance)
    }
}
