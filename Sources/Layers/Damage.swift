import Foundation
import Geometry

/// A rectangle of whole pixels: `x..<x+width`, `y..<y+height`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The pixels a rectangle in pixel coordinates touches (rounded outward).
    public init(covering rect: CGRect) {
        guard !rect.isNull, !rect.isInfinite, rect.width > 0, rect.height > 0 else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let r = rect.integral(scale: 1)
        self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var area: Int { isEmpty ? 0 : width * height }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle holding both (an empty one holds nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// This rectangle less `other`: up to four disjoint rectangles.
    public func subtracting(_ other: PixelRect) -> [PixelRect] {
        var pieces: [PixelRect] = []
        appendPieces(subtracting: other, to: &pieces)
        return pieces
    }

    /// Appends this rectangle less `other` to `pieces` (what `subtracting` returns, in its order).
    func appendPieces(subtracting other: PixelRect, to pieces: inout [PixelRect]) {
        let overlap = intersection(other)
        if overlap.isEmpty {
            if !isEmpty { pieces.append(self) }
            return
        }
        if overlap.y > y { pieces.append(PixelRect(x: x, y: y, width: width, height: overlap.y - y)) }
        if overlap.maxY < maxY { pieces.append(PixelRect(x: x, y: overlap.maxY, width: width, height: maxY - overlap.maxY)) }
        if overlap.x > x { pieces.append(PixelRect(x: x, y: overlap.y, width: overlap.x - x, height: overlap.height)) }
        if overlap.maxX < maxX { pieces.append(PixelRect(x: overlap.maxX, y: overlap.y, width: maxX - overlap.maxX, height: overlap.height)) }
    }

    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

    public var description: String { "(\(x) \(y); \(width)×\(height))" }
}

/// A set of pixels as disjoint rectangles: the damaged region of a frame, the part of a layer
/// left visible by opaque layers in front of it. Areas are exact.
public struct PixelRegion: Hashable, Sendable, CustomStringConvertible {
    /// Disjoint rectangles, none empty.
    public private(set) var rects: [PixelRect] = []

    public init() {}

    public init(_ rect: PixelRect) {
        if !rect.isEmpty { rects = [rect] }
    }

    public var isEmpty: Bool { rects.isEmpty }
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    /// Adds the pixels of `rect`.
    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        var pieces = [rect]
        Self.cut(&pieces, by: rects)
        rects += pieces
    }

    /// Removes `cutters`' pixels from `rects` in place: each rectangle a cutter touches is
    /// replaced by its pieces, in order; one it does not touch is kept as it is, without copying
    /// the list (most cutters of a frame's region touch nothing of a given layer).
    private static func cut(_ rects: inout [PixelRect], by cutters: [PixelRect]) {
        var next: [PixelRect] = []
        for cutter in cutters {
            guard rects.contains(where: { $0.intersects(cutter) }) else { continue }
            next.removeAll(keepingCapacity: true)
            for rect in rects { rect.appendPieces(subtracting: cutter, to: &next) }
            swap(&rects, &next)
            if rects.isEmpty { return }
        }
    }

    public mutating func formUnion(_ region: PixelRegion) {
        for rect in region.rects { formUnion(rect) }
    }

    /// Removes the pixels of `region`.
    public func subtracting(_ region: PixelRegion) -> PixelRegion {
        var result = self
        Self.cut(&result.rects, by: region.rects)
        return result
    }

    /// The pixels also in `rect`.
    public func intersection(_ rect: PixelRect) -> PixelRegion {
        var result = PixelRegion()
        result.rects = rects.map { $0.intersection(rect) }.filter { !$0.isEmpty }
        return result
    }

    /// The pixels also in `region`.
    public func intersection(_ region: PixelRegion) -> PixelRegion {
        var result = PixelRegion()
        for rect in region.rects {
            result.rects += rects.map { $0.intersection(rect) }.filter { !$0.isEmpty }
        }
        return result
    }

    public var description: String { "[" + rects.map(\.description).joined(separator: ", ") + "]" }
}
