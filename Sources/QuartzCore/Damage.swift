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
    /// (`CGRect.integral(scale: 1)`, inlined: the compositor asks this several times per layer
    /// per frame.)
    public init(covering rect: CGRect) {
        // Null, infinite, empty, or beyond any screen (an `Int` would not hold it).
        let limit: CGFloat = 1e15
        guard let e = rect.edges, e.maxX > e.minX, e.maxY > e.minY,
              e.minX > -limit, e.minY > -limit, e.maxX < limit, e.maxY < limit else {
            self.init(x: 0, y: 0, width: 0, height: 0)
            return
        }
        let x0 = e.minX.flooredToPixel(scale: 1), y0 = e.minY.flooredToPixel(scale: 1)
        let x1 = e.maxX.ceiledToPixel(scale: 1), y1 = e.maxY.ceiledToPixel(scale: 1)
        self.init(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
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

    /// Whether every pixel of `other` is in this rectangle (an empty one is in every rectangle).
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY)
    }

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

    /// Room for `count` rectangles (a region built up rectangle by rectangle, as last frame's).
    public mutating func reserveCapacity(_ count: Int) { rects.reserveCapacity(count) }

    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var bounds: PixelRect { rects.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) } }

    /// Adds the pixels of `rect`.
    public mutating func formUnion(_ rect: PixelRect) {
        guard !rect.isEmpty else { return }
        // A layer's new box follows its old one, and is most often the same.
        if let last = rects.last, last.contains(rect) { return }
        // Most rectangles added touch none of the region's, or lie inside one: no list of pieces.
        guard let touched = rects.firstIndex(where: { $0.intersects(rect) }) else {
            rects.append(rect)
            _checkInvariants(from: rects.count - 1)
            return
        }
        if rects[touched].contains(rect) { return }
        var pieces = [rect]
        Self.cut(&pieces, by: rects[touched...])
        let start = rects.count
        rects += pieces
        _checkInvariants(from: start)
    }

    /// Removes `cutters`' pixels from `rects` in place: each rectangle a cutter touches is
    /// replaced by its pieces, in order; one it does not touch is kept as it is, without copying
    /// the list (most cutters of a frame's region touch nothing of a given layer).
    private static func cut(_ rects: inout [PixelRect], by cutters: some Collection<PixelRect>) {
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
        result._checkInvariants()
        return result
    }

    /// The pixels also in `rect`.
    /// A region wholly inside `rect` is itself (its storage shared, nothing copied): the render
    /// server asks this of every layer in every frame.
    public func intersection(_ rect: PixelRect) -> PixelRegion {
        if rects.allSatisfy({ rect.contains($0) }) { return self }
        var result = PixelRegion()
        result.appendIntersections(of: rects, with: rect)
        result._checkInvariants()
        return result
    }

    /// The pixels also in `region`.
    public func intersection(_ region: PixelRegion) -> PixelRegion {
        var result = PixelRegion()
        for rect in region.rects { result.appendIntersections(of: rects, with: rect) }
        result._checkInvariants()
        return result
    }

    /// Appends the non-empty parts of `pieces` inside `rect` (allocating only for one).
    private mutating func appendIntersections(of pieces: [PixelRect], with rect: PixelRect) {
        for piece in pieces {
            let part = piece.intersection(rect)
            guard !part.isEmpty else { continue }
            if rects.isEmpty { rects.reserveCapacity(pieces.count) }
            rects.append(part)
        }
    }

    public var description: String { "[" + rects.map(\.description).joined(separator: ", ") + "]" }
}

// The region's invariants, checked after every change in a debug build (UISIM_INTERNAL_CHECKS).
extension PixelRegion {
    /// Stops the process, naming what broke, unless the rectangles from `start` on are each
    /// non-empty and disjoint from every rectangle before them (with `start` 0, the whole region:
    /// its rectangles are disjoint and none is empty, which makes `area` exact). A change checks
    /// only the rectangles it appended: the others were checked when they came.
    package func _checkInvariants(from start: Int = 0) {
        #if UISIM_INTERNAL_CHECKS
        for i in start..<rects.count {
            precondition(!rects[i].isEmpty, "PixelRegion: rectangle \(i) \(rects[i]) is empty")
            for j in 0..<i where rects[j].intersects(rects[i]) {
                preconditionFailure("PixelRegion: rectangles \(j) \(rects[j]) and \(i) \(rects[i]) overlap")
            }
        }
        #endif
    }
}
