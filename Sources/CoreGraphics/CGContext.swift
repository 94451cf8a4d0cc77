import Foundation
import Geometry

#if !canImport(Darwin)
/// How an image is resampled when drawn at another size.
public enum CGInterpolationQuality: Int32, Sendable {
    case `default` = 0, none = 1, low = 2, high = 3, medium = 4

    var filter: CairoContext.Filter {
        switch self {
        case .none: .nearest
        case .low: .fast
        case .default, .medium: .good
        case .high: .best
        }
    }
}

public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }
/// How drawing combines with what is already there (the modes uisim supports).
public enum CGBlendMode: Int32, Sendable { case normal = 0, clear = 16, copy = 17 }
public enum CGPathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }

/// A drawing destination, as Core Graphics' `CGContext`, drawing through cairo.
///
/// In `draw(_:)` and in image renderers the context is in UIKit orientation: origin top-left, y
/// down, in points, already scaled to pixels. So `ctm` maps points to the bitmap's pixels with
/// `d > 0` (Core Graphics' would have `d < 0`, its device space being y-up). As in Core Graphics,
/// `draw(_:in:)` of a `CGImage` draws it upside down in such a context (use `UIImage.draw(in:)`).
public final class CGContext {
    /// The cairo context drawn through: made on first use when the context was deferred.
    package var cairo: CairoContext {
        if let made { return made }
        let context = make!()
        made = context
        return context
    }
    private var made: CairoContext?
    private let make: (() -> CairoContext)?
    /// The clip's bounding box of a deferred context, answered without making it.
    private let deferredClip: CGRect?
    private var state = GState()
    private var stack: [GState] = []
    private var path = CGMutablePath()

    /// The number of drawing operations (fills, strokes, images, text, gradients, clears) made:
    /// what the display pass counts as draw calls.
    public private(set) var drawingOperations = 0

    /// Set by the default (do-nothing) drawing methods of layers, delegates and views: together
    /// with zero `drawingOperations`, it tells the display pass that nobody draws this content.
    package var defaultDrawReached = false

    struct GState {
        var fill = CGColor.black
        var stroke = CGColor.black
        var alpha: CGFloat = 1
        var blend = CGBlendMode.normal
        var interpolation = CGInterpolationQuality.default
        var lineWidth: CGFloat = 1
    }

    package init(cairo: CairoContext) {
        made = cairo
        make = nil
        deferredClip = nil
    }

    /// A context whose bitmap `make` makes when something first draws (or reads the bitmap's
    /// state): a layer whose `draw(in:)` draws nothing gets no backing store. `clip` is the clip's
    /// bounding box `make` will set, in user space.
    package init(deferredClip clip: CGRect, make: @escaping () -> CairoContext) {
        self.make = make
        deferredClip = clip
    }

    /// Makes the bitmap of a deferred context that nobody drew into (a view that overrides
    /// `draw(_:)` and had nothing to draw this time still has a backing store).
    package func makeIfNeeded() {
        _ = cairo
    }

    /// The bitmap's size in pixels.
    public var width: Int { cairo.image.width }
    public var height: Int { cairo.image.height }

    // MARK: Graphics state

    public func saveGState() {
        stack.append(state)
        cairo.save()
    }

    public func restoreGState() {
        guard let saved = stack.popLast() else { return }
        state = saved
        cairo.restore()
    }

    public func setFillColor(_ color: CGColor) { state.fill = color }
    public func setStrokeColor(_ color: CGColor) { state.stroke = color }
    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fill = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.stroke = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
    public func setFillColor(gray: CGFloat, alpha: CGFloat) { state.fill = CGColor(gray: gray, alpha: alpha) }
    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) { state.stroke = CGColor(gray: gray, alpha: alpha) }

    public func setLineWidth(_ width: CGFloat) {
        state.lineWidth = width
        cairo.setLineWidth(Double(width))
    }

    public func setLineCap(_ cap: CGLineCap) {
        cairo.setLineCap(cap == .butt ? .butt : cap == .round ? .round : .square)
    }

    public func setLineJoin(_ join: CGLineJoin) {
        cairo.setLineJoin(join == .miter ? .miter : join == .round ? .round : .bevel)
    }

    public func setMiterLimit(_ limit: CGFloat) { cairo.setMiterLimit(Double(limit)) }

    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        cairo.setDash(lengths.map(Double.init), phase: Double(phase))
    }

    /// A global opacity applied to everything drawn.
    public func setAlpha(_ alpha: CGFloat) { state.alpha = min(max(alpha, 0), 1) }

    public func setBlendMode(_ mode: CGBlendMode) { state.blend = mode }

    public func setShouldAntialias(_ shouldAntialias: Bool) { cairo.setAntialias(shouldAntialias) }

    /// How images are resampled: `.none` and `.low` are faster, `.high` best.
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolation }
        set { state.interpolation = newValue }
    }

    // MARK: Transformation

    /// The current transformation matrix: user space (points) to the bitmap's pixels.
    public var ctm: CGAffineTransform {
        let m = cairo.matrix()
        return CGAffineTransform(a: m.0, b: m.1, c: m.2, d: m.3, tx: m.4, ty: m.5)
    }

    public func translateBy(x: CGFloat, y: CGFloat) { cairo.translate(Double(x), Double(y)) }
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo.scale(Double(x), Double(y)) }
    public func rotate(by angle: CGFloat) { cairo.rotate(Double(angle)) }
    public func concatenate(_ t: CGAffineTransform) {
        cairo.transform((Double(t.a), Double(t.b), Double(t.c), Double(t.d), Double(t.tx), Double(t.ty)))
    }

    // MARK: Path

    public func beginPath() {
        path = CGMutablePath()
        cairo.newPath()
    }

    public func move(to point: CGPoint) {
        path.move(to: point)
        cairo.moveTo(Double(point.x), Double(point.y))
    }

    public func addLine(to point: CGPoint) {
        if path.isEmpty { move(to: .zero) }
        path.addLine(to: point)
        cairo.lineTo(Double(point.x), Double(point.y))
    }

    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        if path.isEmpty { move(to: .zero) }
        path.addCurve(to: end, control1: control1, control2: control2)
        cairo.curveTo(Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y), Double(end.x), Double(end.y))
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        let start = path.currentPoint
        addCurve(to: end,
                 control1: CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
                 control2: CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)))
    }

    /// An arc; `clockwise` in Core Graphics' sense (decreasing angles), which in this y-down
    /// context turns counterclockwise on screen, as in a UIKit `draw(_:)`.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let arc = CGMutablePath()
        if !path.isEmpty { arc.move(to: path.currentPoint) }
        arc.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        addPath(arc, skippingLeadingMove: !path.isEmpty)
    }

    public func addRect(_ rect: CGRect) {
        let r = CGMutablePath()
        r.addRect(rect)
        addPath(r)
    }

    public func addRects(_ rects: [CGRect]) {
        for r in rects { addRect(r) }
    }

    public func addEllipse(in rect: CGRect) {
        let e = CGMutablePath()
        e.addEllipse(in: rect)
        addPath(e)
    }

    public func addPath(_ other: CGPath) {
        addPath(other, skippingLeadingMove: false)
    }

    private func addPath(_ other: CGPath, skippingLeadingMove: Bool) {
        for (index, element) in other.elements.enumerated() {
            switch element {
            case .moveToPoint(let p):
                if index == 0 && skippingLeadingMove { continue }
                move(to: p)
            case .addLineToPoint(let p): addLine(to: p)
            case .addCurveToPoint(let a, let b, let c): addCurve(to: c, control1: a, control2: b)
            case .closeSubpath: closePath()
            }
        }
    }

    public func closePath() {
        path.closeSubpath()
        cairo.closePath()
    }

    public var isPathEmpty: Bool { path.isEmpty }
    public var currentPointOfPath: CGPoint { path.currentPoint }
    public var boundingBoxOfPath: CGRect { path.isEmpty ? .null : path.boundingBoxOfPath }
    /// The current path, in user coordinates.
    public var currentPath: CGPath? { path.isEmpty ? nil : path.copy() }

    // MARK: Painting paths

    public func fillPath(using rule: CGPathFillRule = .winding) {
        useSource(state.fill)
        cairo.fill(evenOdd: rule == .evenOdd)
        finishOperation()
    }

    public func strokePath() {
        useSource(state.stroke)
        cairo.stroke()
        finishOperation()
    }

    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath()
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            useSource(state.fill)
            cairo.fill(evenOdd: mode == .eoFillStroke, preserve: true)
            useSource(state.stroke)
            cairo.stroke()
            finishOperation()
        }
    }

    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes the pairs of points as separate segments.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var i = 0
        while i + 1 < points.count {
            move(to: points[i])
            addLine(to: points[i + 1])
            i += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent.
    public func clear(_ rect: CGRect) {
        cairo.save()
        cairo.setOperator(.clear)
        cairo.newPath()
        cairo.rectangle(Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo.fill()
        cairo.restore()
        path = CGMutablePath()
        drawingOperations += 1
    }

    // MARK: Clipping

    public func clip(using rule: CGPathFillRule = .winding) {
        cairo.clip(evenOdd: rule == .evenOdd)
        path = CGMutablePath()
    }

    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    /// Removes the clip set since the context was made (back to the whole bitmap).
    public func resetClip() { cairo.resetClip() }

    /// The clip's bounding box in user coordinates.
    public var boundingBoxOfClipPath: CGRect {
        if made == nil, let deferredClip { return deferredClip }
        let e = cairo.clipExtents()
        return CGRect(x: e.0, y: e.1, width: e.2, height: e.3)
    }

    // MARK: Images and gradients

    /// Draws `image` scaled into `rect`. As in Core Graphics, the image's first row lands at
    /// `rect.maxY`: in a UIKit-oriented context the image is upside down.
    public func draw(_ image: CGImage, in rect: CGRect) {
        drawImage(image, in: rect, flipped: true)
    }

    func drawImage(_ image: CGImage, in rect: CGRect, flipped: Bool) {
        guard image.width > 0, image.height > 0, rect.width != 0, rect.height != 0 else { return }
        let r = rect.standardized
        cairo.save()
        cairo.translate(Double(r.minX), Double(flipped ? r.maxY : r.minY))
        cairo.scale(Double(r.width) / Double(image.width), Double(flipped ? -r.height : r.height) / Double(image.height))
        cairo.setSource(image.storage, x: 0, y: 0, filter: state.interpolation.filter)
        cairo.newPath()
        cairo.rectangle(0, 0, Double(image.width), Double(image.height))
        cairo.clip()
        applyBlendMode()
        cairo.paint(alpha: Double(state.alpha))
        cairo.restore()
        path = CGMutablePath()
        drawingOperations += 1
    }

    /// Draws the part `source` (in the image's pixels) of `image` upright into `rect`: as it is,
    /// or, with `tint`, as a mask of its alpha filled with that colour (a template image).
    package func drawImagePart(_ image: CGImage, source: CGRect, in rect: CGRect, tint: CGColor?) {
        guard source.width > 0, source.height > 0, rect.width != 0, rect.height != 0 else { return }
        let r = rect.standardized
        cairo.save()
        cairo.translate(Double(r.minX), Double(r.minY))
        cairo.scale(Double(r.width / source.width), Double(r.height / source.height))
        cairo.newPath()
        cairo.rectangle(0, 0, Double(source.width), Double(source.height))
        cairo.clip()
        applyBlendMode()
        if let tint {
            let c = tint.components
            cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * Double(state.alpha))
            cairo.mask(image.storage, x: -Double(source.minX), y: -Double(source.minY))
        } else {
            cairo.setSource(image.storage, x: -Double(source.minX), y: -Double(source.minY), filter: state.interpolation.filter)
            cairo.paint(alpha: Double(state.alpha))
        }
        cairo.restore()
        path = CGMutablePath()
        drawingOperations += 1
    }

    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        let pattern = CairoGradient(linearFrom: Double(start.x), Double(start.y), to: Double(end.x), Double(end.y))
        paintGradient(gradient, pattern: pattern, options: options)
    }

    public func drawRadialGradient(_ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat,
                                   endCenter: CGPoint, endRadius: CGFloat, options: CGGradientDrawingOptions) {
        let pattern = CairoGradient(radialFrom: Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                                    to: Double(endCenter.x), Double(endCenter.y), Double(endRadius))
        paintGradient(gradient, pattern: pattern, options: options)
    }

    private func paintGradient(_ gradient: CGGradient, pattern: CairoGradient, options: CGGradientDrawingOptions) {
        for (color, location) in zip(gradient.colors, gradient.locations) {
            let c = color.components
            pattern.addStop(at: Double(location), Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
        }
        pattern.setExtends(options.contains(.drawsBeforeStartLocation) || options.contains(.drawsAfterEndLocation))
        cairo.save()
        cairo.setSource(pattern)
        applyBlendMode()
        cairo.paint(alpha: Double(state.alpha))
        cairo.restore()
        drawingOperations += 1
    }

    // MARK: Helpers

    private func useSource(_ color: CGColor) {
        let c = color.components
        cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3] * state.alpha))
        applyBlendMode()
    }

    private func applyBlendMode() {
        switch state.blend {
        case .normal: cairo.setOperator(.over)
        case .copy: cairo.setOperator(.source)
        case .clear: cairo.setOperator(.clear)
        }
    }

    private func finishOperation() {
        path = CGMutablePath()
        drawingOperations += 1
    }

    /// Runs `draw`, which paints in its own colours (text runs: UIFoundation), on this context's
    /// cairo context with the context's alpha and blend mode, as one drawing operation.
    package func drawInOwnColors<Result>(_ draw: (CairoContext) -> Result) -> Result {
        cairo.save()
        applyBlendMode()
        let faded = state.alpha < 1
        if faded { cairo.pushGroup() }
        let result = draw(cairo)
        if faded { cairo.popGroupAndPaint(alpha: Double(state.alpha)) }
        cairo.restore()
        drawingOperations += 1
        return result
    }
}

/// Whether a gradient continues past its end points with its end colors.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// Colors at locations along a gradient, as Core Graphics' `CGGradient` (sRGB only).
public final class CGGradient {
    let colors: [CGColor]
    let locations: [CGFloat]

    /// A gradient of `colors` at `locations` (0...1; evenly spaced when nil). The color space is
    /// ignored: uisim draws in sRGB.
    public init?(colorsSpace space: AnyObject?, colors: [CGColor], locations: [CGFloat]?) {
        guard colors.count >= 1 else { return nil }
        self.colors = colors
        if let locations {
            guard locations.count == colors.count else { return nil }
            self.locations = locations
        } else {
            self.locations = colors.count == 1 ? [0] : colors.indices.map { CGFloat($0) / CGFloat(colors.count - 1) }
        }
    }
}
#endif
