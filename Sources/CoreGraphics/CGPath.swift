import Foundation
import Geometry

#if !canImport(Darwin)
/// A graphics path, as Core Graphics' `CGPath`: subpaths of lines and cubic curves (arcs and
/// quadratic curves are stored as cubics, as Core Graphics does).
public class CGPath: Equatable {
    /// One element of a path.
    public enum Element: Equatable, Sendable {
        case moveToPoint(CGPoint)
        case addLineToPoint(CGPoint)
        case addCurveToPoint(CGPoint, CGPoint, CGPoint)   // control 1, control 2, end
        case closeSubpath
    }

    public internal(set) var elements: [Element] = []

    init(elements: [Element] = []) {
        self.elements = elements
    }

    /// A rectangle path.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse path inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The last point added, or `.zero`.
    public var currentPoint: CGPoint {
        var current = CGPoint.zero, start = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p): current = p; start = p
            case .addLineToPoint(let p): current = p
            case .addCurveToPoint(_, _, let p): current = p
            case .closeSubpath: current = start
            }
        }
        return current
    }

    /// The smallest rectangle holding every point of the path, control points included.
    public var boundingBox: CGRect {
        CGRect(boundingBoxOf: elements.flatMap { element -> [CGPoint] in
            switch element {
            case .moveToPoint(let p), .addLineToPoint(let p): [p]
            case .addCurveToPoint(let a, let b, let c): [a, b, c]
            case .closeSubpath: []
            }
        })
    }

    /// The smallest rectangle holding the path's curves (tighter than `boundingBox`).
    public var boundingBoxOfPath: CGRect {
        CGRect(boundingBoxOf: flattened().flatMap { $0 })
    }

    /// Whether `point` is inside the path, by the nonzero winding rule or even–odd.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        var winding = 0
        for polygon in flattened() {
            let pts = polygon.map { $0.applying(transform) }
            guard pts.count > 1 else { continue }
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                if a.y <= point.y {
                    if b.y > point.y && cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y && cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .evenOdd ? winding % 2 != 0 : winding != 0
    }

    /// The path as polygons (curves cut into 16 segments each).
    func flattened() -> [[CGPoint]] {
        var polygons: [[CGPoint]] = []
        var current: [CGPoint] = []
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                if current.count > 1 { polygons.append(current) }
                current = [p]
            case .addLineToPoint(let p):
                current.append(p)
            case .addCurveToPoint(let c1, let c2, let p):
                let p0 = current.last ?? .zero
                for i in 1...16 {
                    let t = CGFloat(i) / 16, u = 1 - t
                    let x = u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p.x
                    let y = u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p.y
                    current.append(CGPoint(x: x, y: y))
                }
            case .closeSubpath:
                if current.count > 1 { polygons.append(current) }
                current = current.first.map { [$0] } ?? []
            }
        }
        if current.count > 1 { polygons.append(current) }
        return polygons
    }

    private func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    public func copy() -> CGPath { CGPath(elements: elements) }
    public func mutableCopy() -> CGMutablePath { CGMutablePath(elements: elements) }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }
}

/// A path that can be added to, as Core Graphics' `CGMutablePath`.
public final class CGMutablePath: CGPath {
    public convenience init() {
        self.init(elements: [])
    }

    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        elements.append(.moveToPoint(point.applying(transform)))
    }

    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        if elements.isEmpty { elements.append(.moveToPoint(.zero)) }
        elements.append(.addLineToPoint(point.applying(transform)))
    }

    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity) {
        if elements.isEmpty { elements.append(.moveToPoint(.zero)) }
        elements.append(.addCurveToPoint(control1.applying(transform), control2.applying(transform), end.applying(transform)))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        let start = currentPoint
        let c1 = CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
        let c2 = CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y))
        addCurve(to: end, control1: c1, control2: c2, transform: transform)
    }

    public func closeSubpath() {
        elements.append(.closeSubpath)
    }

    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        addLines(between: [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                           CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)], transform: transform)
        closeSubpath()
    }

    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }

    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let k: CGFloat = 0.5522847498307936   // 4/3·(√2 − 1): a quarter circle as one cubic
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: CGPoint(x: cx + rx, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + k * ry), control2: CGPoint(x: cx + k * rx, y: cy + ry), transform: transform)
        addCurve(to: CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - k * rx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + k * ry), transform: transform)
        addCurve(to: CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - k * ry), control2: CGPoint(x: cx - k * rx, y: cy - ry), transform: transform)
        addCurve(to: CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + k * rx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - k * ry), transform: transform)
        closeSubpath()
    }

    /// An arc of a circle. `clockwise` is in Core Graphics' sense: angles decreasing (which on a
    /// y-down UIKit screen turns counterclockwise). A line joins the current point to the start.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        addArc(center: center, radius: radius, from: startAngle, to: endAngle, decreasing: clockwise, transform: transform)
    }

    /// An arc going from `a0` to `a1` by increasing (or decreasing) angle, as cubics of at most
    /// a quarter turn each.
    package func addArc(center: CGPoint, radius: CGFloat, from a0: CGFloat, to a1: CGFloat, decreasing: Bool,
                transform: CGAffineTransform = .identity) {
        var sweep = a1 - a0
        let full = 2 * CGFloat.pi
        if decreasing {
            while sweep > 0 { sweep -= full }
            if sweep < -full { sweep = -full }
        } else {
            while sweep < 0 { sweep += full }
            if sweep > full { sweep = full }
        }
        let start = CGPoint(x: center.x + radius * cos(a0), y: center.y + radius * sin(a0))
        if elements.isEmpty || isClosed { move(to: start, transform: transform) } else { addLine(to: start, transform: transform) }
        let pieces = max(1, Int((abs(sweep) / (CGFloat.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        let k = 4 / 3 * tan(step / 4)
        var angle = a0
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = CGPoint(x: cos(angle), y: sin(angle)), p3 = CGPoint(x: cos(next), y: sin(next))
            let c1 = CGPoint(x: p0.x - k * p0.y, y: p0.y + k * p0.x)
            let c2 = CGPoint(x: p3.x + k * p3.y, y: p3.y - k * p3.x)
            func place(_ p: CGPoint) -> CGPoint { CGPoint(x: center.x + radius * p.x, y: center.y + radius * p.y) }
            addCurve(to: place(p3), control1: place(c1), control2: place(c2), transform: transform)
            angle = next
        }
    }

    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            switch element {
            case .moveToPoint(let p): elements.append(.moveToPoint(p.applying(transform)))
            case .addLineToPoint(let p): elements.append(.addLineToPoint(p.applying(transform)))
            case .addCurveToPoint(let a, let b, let c):
                elements.append(.addCurveToPoint(a.applying(transform), b.applying(transform), c.applying(transform)))
            case .closeSubpath: elements.append(.closeSubpath)
            }
        }
    }

    private var isClosed: Bool {
        if case .closeSubpath = elements.last { return true }
        return false
    }
}

/// How a path's inside is decided.
public enum CGPathFillRule: Int, Sendable {
    case winding, evenOdd
}
#endif

extension CGPath {
    /// The part of the path between `start` and `end`, fractions of its length (Core Animation's
    /// `strokeStart`/`strokeEnd`): curves are measured and cut as 16 straight pieces each, which
    /// at a stroke's scale no eye tells from the curve. Empty when `end <= start`.
    package func trimmed(from start: CGFloat, to end: CGFloat) -> CGPath {
        // The path as polylines, one per subpath, and the whole length.
        var polylines: [[CGPoint]] = []
        var current: [CGPoint] = []
        var subpathStart = CGPoint.zero, point = CGPoint.zero
        for element in elements {
            switch element {
            case .moveToPoint(let p):
                if current.count > 1 { polylines.append(current) }
                current = [p]
                subpathStart = p
                point = p
            case .addLineToPoint(let p):
                if current.isEmpty { current = [point] }
                current.append(p)
                point = p
            case .addCurveToPoint(let c1, let c2, let p):
                if current.isEmpty { current = [point] }
                let p0 = point
                for step in 1...16 {
                    let t = CGFloat(step) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
                point = p
            case .closeSubpath:
                if current.isEmpty { current = [point] }
                current.append(subpathStart)
                point = subpathStart
                polylines.append(current)
                current = []
            }
        }
        if current.count > 1 { polylines.append(current) }
        var total: CGFloat = 0
        for line in polylines { for (a, b) in zip(line, line.dropFirst()) { total += hypot(b.x - a.x, b.y - a.y) } }
        let trimmed = CGMutablePath()
        let from = max(0, min(1, start)) * total, to = max(0, min(1, end)) * total
        guard to > from, total > 0 else { return trimmed }
        var walked: CGFloat = 0
        for line in polylines {
            var open = false
            for (a, b) in zip(line, line.dropFirst()) {
                let length = hypot(b.x - a.x, b.y - a.y)
                defer { walked += length }
                guard length > 0, walked + length > from, walked < to else { continue }
                func at(_ distance: CGFloat) -> CGPoint {
                    let t = (distance - walked) / length
                    return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
                }
                if !open {
                    trimmed.move(to: walked >= from ? a : at(from))
                    open = true
                }
                trimmed.addLine(to: walked + length <= to ? b : at(to))
            }
        }
        return trimmed
    }
}
