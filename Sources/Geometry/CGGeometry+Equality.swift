import Foundation

// CoreGraphics's `equalTo(_:)` methods, as the SDK's Swift overlay declares them over
// CGPointEqualToPoint, CGSizeEqualToSize and CGRectEqualToRect (older Swift code calls them where
// newer code writes `==`). swift-corelibs-foundation's geometry has no such methods.

#if !canImport(Darwin)
extension CGPoint {
    /// Whether both coordinates are equal (CGPointEqualToPoint).
    public func equalTo(_ point2: CGPoint) -> Bool {
        x == point2.x && y == point2.y
    }
}

extension CGSize {
    /// Whether both dimensions are equal (CGSizeEqualToSize: a negative size is not the positive one).
    public func equalTo(_ size2: CGSize) -> Bool {
        width == size2.width && height == size2.height
    }
}

extension CGRect {
    /// Whether the rectangles cover the same area: CGRectEqualToRect compares them standardized,
    /// so a rectangle with a negative width equals the one it spans with a positive width. Null
    /// rectangles are equal to each other only.
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        let a = standardized, b = rect2.standardized
        return a.origin.x == b.origin.x && a.origin.y == b.origin.y && a.size.width == b.size.width && a.size.height == b.size.height
    }
}
#endif
