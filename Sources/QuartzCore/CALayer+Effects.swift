import Foundation
import Geometry
import CoreGraphics

/// The corners a layer's `cornerRadius` rounds, as Core Animation's `CACornerMask`. uisim's
/// layers have UIKit's orientation: `minY` is the top edge on screen.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
    /// All four corners (the default).
    public static let all: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

/// The shape of a layer's rounded corners, as Core Animation's `CALayerCornerCurve`.
/// uisim draws `.continuous` with one cubic curve per corner that starts 1.528 × the radius from
/// the corner, as Apple's does; the curve between is an approximation of Apple's.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A quarter circle of `cornerRadius`.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous curve (no jump in curvature where the edge meets the corner).
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")

    /// How far from the corner the curve of `radius` leaves the edges, as a multiple of the radius.
    var extentFactor: CGFloat { self == .continuous ? 1.528 : 1 }
}

/// How `CAShapeLayer` decides what is inside its path.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A layer that draws a path, as Core Animation's `CAShapeLayer`: filled and stroked by the
/// render server at composite time (no backing store), so a change of path costs no `draw(_:)`.
/// Often used as a mask or a badge.
open class CAShapeLayer: CALayer {
    public required init() { super.init() }

    /// The shape, in the layer's coordinates; it may reach outside the bounds.
    open var path: CGPath? {
        didSet { if path != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.path, from: .path(oldValue)) } }
    }

    /// The fill (opaque black by default; nil fills nothing).
    open var fillColor: CGColor? = .black {
        didSet { if fillColor != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.fillColor, from: .color(oldValue)) } }
    }

    /// The stroke (nil by default: no stroke).
    open var strokeColor: CGColor? {
        didSet { if strokeColor != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.strokeColor, from: .color(oldValue)) } }
    }

    open var lineWidth: CGFloat = 1 {
        didSet { if lineWidth != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.lineWidth, from: .scalar(Double(oldValue))) } }
    }

    /// Where the stroke starts and ends along the path, as fractions of its length (0 and 1: the
    /// whole path); a spinner or progress ring animates `strokeEnd`. The fill is not trimmed.
    open var strokeStart: CGFloat = 0 {
        didSet { if strokeStart != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.strokeStart, from: .scalar(Double(oldValue))) } }
    }

    open var strokeEnd: CGFloat = 1 {
        didSet { if strokeEnd != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.strokeEnd, from: .scalar(Double(oldValue))) } }
    }

    /// The path the stroke follows: the path between `strokeStart` and `strokeEnd`.
    var strokedPath: CGPath? {
        guard let path else { return nil }
        return strokeStart <= 0 && strokeEnd >= 1 ? path : path.trimmed(from: strokeStart, to: strokeEnd)
    }

    open var fillRule: CAShapeLayerFillRule = .nonZero {
        didSet { if fillRule != oldValue { appearanceDidChange() } }
    }

    /// Whether the path paints anything.
    var drawsPath: Bool {
        guard let path, !path.isEmpty else { return false }
        return (fillColor?.alpha ?? 0) > 0 || ((strokeColor?.alpha ?? 0) > 0 && lineWidth > 0)
    }

    /// What the path covers, stroke included, in the layer's coordinates.
    var pathExtent: CGRect {
        guard drawsPath, let path else { return .null }
        let box = path.boundingBox
        let stroked = (strokeColor?.alpha ?? 0) > 0 ? lineWidth / 2 : 0
        return box.insetBy(dx: -stroked, dy: -stroked)
    }
}

extension CALayer {
    /// `cornerRadius` as drawn: no more than half the shorter side, never negative.
    var effectiveCornerRadius: CGFloat {
        max(0, min(cornerRadius, bounds.width / 2, bounds.height / 2))
    }

    /// Whether the background, border and (with `masksToBounds`) the clip have rounded corners.
    var isRounded: Bool { effectiveCornerRadius > 0 && !maskedCorners.isEmpty }

    /// Whether the layer has a border to draw.
    var drawsBorder: Bool { borderWidth > 0 && (borderColor?.alpha ?? 0) > 0 }

    /// Whether the layer paints pixels of its own beneath its sublayers: a background, contents
    /// or a path.
    var paintsContent: Bool {
        (backgroundColor?.alpha ?? 0) > 0 || store != nil || (self as? CAShapeLayer)?.drawsPath == true
            || (self as? CAGradientLayer)?.drawsGradient == true
    }

    /// Whether the layer paints pixels of its own: its content or a border.
    var paintsItself: Bool { paintsContent || drawsBorder }

    /// Whether the layer casts a shadow. A layer that masks to its bounds clips its own shadow
    /// away, as Core Animation does (the shadow lies outside the bounds).
    var castsShadow: Bool {
        shadowOpacity > 0 && (shadowColor?.alpha ?? 0) > 0 && !masksToBounds
    }

    /// The rounded-rectangle outline of `rect` with the layer's corner radius, corners and curve.
    func roundedOutline(_ rect: CGRect, radius: CGFloat) -> CGPath {
        Self.roundedRect(rect, radius: radius, corners: maskedCorners, curve: cornerCurve)
    }

    /// A rectangle with rounded `corners`: circular arcs as cubic curves, or the continuous curve.
    static func roundedRect(_ rect: CGRect, radius: CGFloat, corners: CACornerMask, curve: CALayerCornerCurve) -> CGPath {
        let path = CGMutablePath()
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        // How far each corner's curve reaches along the edges, and where its control points sit
        // (a fraction of the way from the curve's ends to the corner): 0.5523 makes a circle's
        // quarter; 0.827 on 1.528 × r keeps the continuous curve's apex where the arc's is.
        let extent = min(r * curve.extentFactor, rect.width / 2, rect.height / 2)
        let k: CGFloat = curve == .continuous ? 0.827 : 0.5523
        func e(_ corner: CACornerMask) -> CGFloat { corners.contains(corner) ? extent : 0 }
        let tl = e(.layerMinXMinYCorner), tr = e(.layerMaxXMinYCorner)
        let br = e(.layerMaxXMaxYCorner), bl = e(.layerMinXMaxYCorner)
        func corner(_ from: CGPoint, _ c: CGPoint, _ to: CGPoint) {
            guard from != c else { return path.addLine(to: c) }
            path.addCurve(to: to, control1: CGPoint(x: from.x + (c.x - from.x) * k, y: from.y + (c.y - from.y) * k),
                          control2: CGPoint(x: to.x + (c.x - to.x) * k, y: to.y + (c.y - to.y) * k))
        }
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        path.move(to: CGPoint(x: x0 + tl, y: y0))
        path.addLine(to: CGPoint(x: x1 - tr, y: y0))
        corner(CGPoint(x: x1 - tr, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y0 + tr))
        path.addLine(to: CGPoint(x: x1, y: y1 - br))
        corner(CGPoint(x: x1, y: y1 - br), CGPoint(x: x1, y: y1), CGPoint(x: x1 - br, y: y1))
        path.addLine(to: CGPoint(x: x0 + bl, y: y1))
        corner(CGPoint(x: x0 + bl, y: y1), CGPoint(x: x0, y: y1), CGPoint(x: x0, y: y1 - bl))
        path.addLine(to: CGPoint(x: x0, y: y0 + tl))
        corner(CGPoint(x: x0, y: y0 + tl), CGPoint(x: x0, y: y0), CGPoint(x: x0 + tl, y: y0))
        path.closeSubpath()
        return path
    }

    /// The squares at the rounded corners, where a clip to the rounded bounds cuts pixels away
    /// (bounds coordinates).
    var cornerSquares: [CGRect] {
        let r = effectiveCornerRadius * cornerCurve.extentFactor
        guard r > 0 else { return [] }
        let b = bounds
        return [(CACornerMask.layerMinXMinYCorner, b.minX, b.minY), (.layerMaxXMinYCorner, b.maxX - r, b.minY),
                (.layerMinXMaxYCorner, b.minX, b.maxY - r), (.layerMaxXMaxYCorner, b.maxX - r, b.maxY - r)]
            .filter { maskedCorners.contains($0.0) }
            .map { CGRect(x: $0.1, y: $0.2, width: r, height: r) }
    }

    /// Whether a sublayer paints something into `rects` (bounds coordinates): what makes a
    /// rounded clip of the sublayers cut real pixels, which needs an offscreen pass.
    func sublayersPaint(into rects: [CGRect]) -> Bool {
        sublayerStorage.contains { $0.subtreePaints(into: rects, transform: $0.transformToSuperlayer) }
    }

    private func subtreePaints(into rects: [CGRect], transform t: CGAffineTransform) -> Bool {
        guard !isHidden, opacity > 0 else { return false }
        let box = ownExtent.applying(t)
        if paintsItself && rects.contains(where: { $0.intersects(box) }) { return true }
        let inside = masksToBounds ? rects.filter { $0.intersects(box) } : rects
        guard !inside.isEmpty else { return false }
        return sublayerStorage.contains { $0.subtreePaints(into: inside, transform: $0.transformToSuperlayer.concatenating(t)) }
    }

    /// What the layer's own pixels cover (bounds, or a shape layer's path), layer coordinates.
    var ownExtent: CGRect {
        guard let shape = self as? CAShapeLayer, shape.drawsPath else { return bounds }
        return bounds.union(shape.pathExtent)
    }

    /// What the layer and its sublayers cover, in the layer's coordinates, shadows included (a
    /// layer that masks to its bounds stops there).
    var subtreeExtent: CGRect {
        castsShadow ? contentExtent.union(shadowExtent) : contentExtent
    }

    /// What the layer's own pixels and its sublayers' cover, its own shadow left out.
    private var contentExtent: CGRect {
        guard !masksToBounds else { return ownExtent }
        return sublayerStorage.reduce(ownExtent) { extent, sublayer in
            sublayer.isHidden || sublayer.opacity <= 0 ? extent : extent.union(sublayer.subtreeExtent.applying(sublayer.transformToSuperlayer))
        }
    }

    /// The shape the shadow is cast from: `shadowPath`'s box, or what the subtree covers (a layer
    /// that casts a shadow does not mask to its bounds).
    var shadowShapeExtent: CGRect {
        shadowPath?.boundingBox ?? contentExtent
    }

    /// How far a blurred shadow reaches past its shape: three standard deviations (what is
    /// beyond holds less than 0.3 % of the shadow).
    var shadowBlurReach: CGFloat { 3 * max(0, shadowRadius) }

    /// The pixels the shadow covers, in the layer's coordinates: its shape moved by the offset,
    /// grown by the blur's reach.
    var shadowExtent: CGRect {
        let reach = shadowBlurReach
        return shadowShapeExtent.offsetBy(dx: shadowOffset.width, dy: shadowOffset.height).insetBy(dx: -reach, dy: -reach)
    }

    /// What the layer paints on its own, shadow included (its damage when it changes or moves).
    var paintExtent: CGRect {
        castsShadow ? ownExtent.union(shadowExtent) : ownExtent
    }

    /// The name a layer goes by in optimization opportunities: its view's class (as Xcode's view
    /// debugger names it), else its `name`, else its class. Made once per layer (it is asked for
    /// every offscreen pass of every frame), again when the delegate or the name changes.
    public var debugOwnerName: String {
        if let cached = ownerName { return cached }
        let made = delegate.map { String(describing: type(of: $0)) } ?? name ?? String(describing: type(of: self))
        ownerName = made
        return made
    }
}
