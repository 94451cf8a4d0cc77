import Foundation

#if !canImport(Darwin)
extension CGPoint {
    /// The point mapped through `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through `t` as a vector: translation is ignored, and the result may be
    /// negative, as in Core Graphics.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest axis-aligned rectangle that holds the rectangle's four corners mapped
    /// through `t`. The null rectangle stays null; an infinite one stays infinite.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        guard let e = edges else { return self }
        if t.b == 0 && t.c == 0 {
            let x0 = t.a * e.minX + t.tx
            let x1 = t.a * e.maxX + t.tx
            let y0 = t.d * e.minY + t.ty
            let y1 = t.d * e.maxY + t.ty
            return CGRect(x: Swift.min(x0, x1), y: Swift.min(y0, y1),
                          width: Swift.abs(x1 - x0), height: Swift.abs(y1 - y0))
        }
        return CGRect(boundingBoxOf: corners.map { $0.applying(t) })
    }
}
#endif

extension CGRect {
    /// The edges of the standardized rectangle, read from its fields; nil for the null and the
    /// infinite rectangle. (Foundation's `minX`, `isNull`… are calls into it on Linux, and the
    /// compositor asks for a layer's edges several times a frame.)
    @inlinable
    public var edges: (minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat)? {
        let x = origin.x, y = origin.y, w = size.width, h = size.height
        // Null: an infinite origin. Infinite: the largest size (checked only then).
        if x == .infinity || y == .infinity { return nil }
        if w == .greatestFiniteMagnitude || h == .greatestFiniteMagnitude, isInfinite { return nil }
        return (Swift.min(x, x + w), Swift.min(y, y + h), Swift.max(x, x + w), Swift.max(y, y + h))
    }
}

extension CGRect {
    /// The four corners of the standardized rectangle, clockwise in UIKit orientation from the
    /// top-left: minX/minY, maxX/minY, maxX/maxY, minX/maxY.
    public var corners: [CGPoint] {
        let r = standardized
        return [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }

    /// The smallest axis-aligned rectangle holding all `points`; the null rectangle when there
    /// are none.
    public init<Points: Sequence>(boundingBoxOf points: Points) where Points.Element == CGPoint {
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for p in points {
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
            maxX = Swift.max(maxX, p.x)
            maxY = Swift.max(maxY, p.y)
        }
        guard minX <= maxX, minY <= maxY else {
            self = .null
            return
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The center of the rectangle.
    public var center: CGPoint { CGPoint(x: midX, y: midY) }
}

extension CGRect {
    /// Whether the two rectangles share some area: Core Graphics' `intersects`, for which
    /// rectangles that only touch do not intersect. (swift-corelibs-foundation's `intersects` says
    /// they do: a layout asked for the elements in a rectangle would hand over the row that ends
    /// where the rectangle starts.)
    @inlinable
    public func overlaps(_ other: CGRect) -> Bool {
        guard let a = edges, let b = other.edges else { return false }
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
