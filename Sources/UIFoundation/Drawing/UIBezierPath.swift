import Foundation
import CoreGraphics
import Geometry

/// A path with its own stroke and fill settings, as UIKit's `UIBezierPath`. Arcs are in
/// UIKit's sense: `clockwise` turns clockwise on screen.
public final class UIBezierPath {
    /// The corners `init(roundedRect:byRoundingCorners:cornerRadii:)` rounds.
    public struct RectCorner: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let topLeft = RectCorner(rawValue: 1)
        public static let topRight = RectCorner(rawValue: 2)
        public static let bottomLeft = RectCorner(rawValue: 4)
        public static let bottomRight = RectCorner(rawValue: 8)
        public static let allCorners: RectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    }

    public private(set) var cgPath = CGMutablePath()
    public var lineWidth: CGFloat = 1
    public var lineCapStyle = CGLineCap.butt
    public var lineJoinStyle = CGLineJoin.miter
    public var miterLimit: CGFloat = 10
    public var usesEvenOddFillRule = false
    private var dash: (lengths: [CGFloat], phase: CGFloat)?

    public init() {}

    public convenience init(rect: CGRect) {
        self.init()
        cgPath.addRect(rect)
    }

    public convenience init(ovalIn rect: CGRect) {
        self.init()
        cgPath.addEllipse(in: rect)
    }

    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: RectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadii.width, r.width / 2, r.height / 2))
        func corner(_ c: RectCorner) -> CGFloat { corners.contains(c) ? radius : 0 }
        let tl = corner(.topLeft), tr = corner(.topRight), br = corner(.bottomRight), bl = corner(.bottomLeft)
        cgPath.move(to: CGPoint(x: r.minX + tl, y: r.minY))
        cgPath.addLine(to: CGPoint(x: r.maxX - tr, y: r.minY))
        if tr > 0 { cgPath.addArc(center: CGPoint(x: r.maxX - tr, y: r.minY + tr), radius: tr, from: -.pi / 2, to: 0, decreasing: false) }
        cgPath.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br))
        if br > 0 { cgPath.addArc(center: CGPoint(x: r.maxX - br, y: r.maxY - br), radius: br, from: 0, to: .pi / 2, decreasing: false) }
        cgPath.addLine(to: CGPoint(x: r.minX + bl, y: r.maxY))
        if bl > 0 { cgPath.addArc(center: CGPoint(x: r.minX + bl, y: r.maxY - bl), radius: bl, from: .pi / 2, to: .pi, decreasing: false) }
        cgPath.addLine(to: CGPoint(x: r.minX, y: r.minY + tl))
        if tl > 0 { cgPath.addArc(center: CGPoint(x: r.minX + tl, y: r.minY + tl), radius: tl, from: .pi, to: 3 * .pi / 2, decreasing: false) }
        cgPath.closeSubpath()
    }

    /// An arc; `clockwise` is clockwise on screen (angles increasing in UIKit's y-down space).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath.addPath(cgPath)
    }

    public func move(to point: CGPoint) { cgPath.move(to: point) }
    public func addLine(to point: CGPoint) { cgPath.addLine(to: point) }
    public func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
    }
    public func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) { cgPath.addQuadCurve(to: end, control: controlPoint) }
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        cgPath.addArc(center: center, radius: radius, from: startAngle, to: endAngle, decreasing: !clockwise)
    }
    public func close() { cgPath.closeSubpath() }
    public func append(_ other: UIBezierPath) { cgPath.addPath(other.cgPath) }
    public func removeAllPoints() { cgPath = CGMutablePath() }

    /// Transforms every point of the path.
    public func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(cgPath, transform: transform)
        cgPath = moved
    }

    public func setLineDash(_ pattern: [CGFloat], phase: CGFloat) {
        dash = pattern.isEmpty ? nil : (pattern, phase)
    }

    public var bounds: CGRect { cgPath.isEmpty ? .zero : cgPath.boundingBoxOfPath }
    public var currentPoint: CGPoint { cgPath.currentPoint }
    public var isEmpty: Bool { cgPath.isEmpty }

    /// Whether `point` is inside the path by its fill rule.
    public func contains(_ point: CGPoint) -> Bool {
        cgPath.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    /// Fills the path with the current context's fill color.
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.beginPath()
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        context.restoreGState()
    }

    /// Strokes the path with the current context's stroke color and the path's line settings.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        if let dash { context.setLineDash(phase: dash.phase, lengths: dash.lengths) }
        context.beginPath()
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Intersects the current context's clip with the path.
    public func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(cgPath)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

extension UIColor {
    /// Makes the color the current context's fill and stroke color.
    public func set() {
        setFill()
        setStroke()
    }

    /// Makes the color the current context's fill color.
    public func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes the color the current context's stroke color.
    public func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }
}

extension UIBezierPath: CoreAnimationPath {
    package var animatedCGPath: CGPath { cgPath }
}
