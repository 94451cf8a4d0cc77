import Foundation
import Geometry
import CoreGraphics

extension Compositor {
    /// What painting `plan` composites: layers, pixels copied and blended, offscreen passes.
    static func count(_ plan: PaintPlan, into stats: inout RenderStatistics) {
        for entry in plan.entries where !entry.region.isEmpty {
            let area = entry.region.area
            stats.compositedPixels += area
            if !entry.copies { stats.blendedPixels += area }
            guard entry.kind == .content || entry.kind == .cached else { continue }
            stats.layersComposited += 1
            if entry.misalignment != nil { stats.misalignedLayers += 1 }
        }
        // A pass with no pixels in the damage does not run this frame.
        for pass in plan.passes where pass.pixels > 0 {
            stats.offscreen[pass.cause, default: OffscreenCount()].passes += 1
            stats.offscreen[pass.cause, default: OffscreenCount()].pixels += pass.pixels
            stats.compositedPixels += pass.composited
            stats.blendedPixels += pass.composited
            stats.passes.append(OffscreenPass(cause: pass.cause, owner: pass.layer.debugOwnerName,
                                              layer: ObjectIdentifier(pass.layer), pixels: pass.pixels))
        }
        stats.rasterHits += plan.rasterHits
        stats.rasterMisses += plan.rasterMisses
    }

    /// Paints `plan` within `damage` into `image` (default: the frame buffer), sampling contents
    /// with `filter` (`.fast` for quick snapshots at a smaller scale).
    func paint(_ plan: PaintPlan, damage: PixelRegion, into image: CairoImage? = nil, filter: CairoContext.Filter = .good) {
        let cairo = CairoContext(image: image ?? frameBuffer)
        for rect in damage.rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
        paintSteps(plan, with: cairo, filter: filter)
    }

    func paintSteps(_ plan: PaintPlan, with cairo: CairoContext, filter: CairoContext.Filter) {
        for step in plan.steps {
            switch step {
            case .beginGroup:
                cairo.pushGroup()
            case .endGroup(.opacity(let opacity)):
                cairo.popGroupAndPaint(alpha: opacity)
            case .endGroup(.mask(let mask, let t)):
                let content = cairo.popGroup()
                cairo.pushGroup()
                paintSubtree(mask, transform: t, region: PixelRegion(PixelRect(x: 0, y: 0, width: cairo.image.width, height: cairo.image.height)),
                             with: cairo, filter: filter)
                let alpha = cairo.popGroup()
                cairo.setSource(content)
                cairo.mask(alpha)
            case .beginClip(let layer, let t):
                cairo.save()
                cairo.setMatrix(t.cairoMatrix)
                Self.addOutline(of: layer, to: cairo)
                cairo.clip()
                cairo.setMatrix(CGAffineTransform.identity.cairoMatrix)
            case .endClip:
                cairo.restore()
            case .entry(let index):
                let entry = plan.entries[index]
                guard !entry.region.isEmpty else { continue }
                switch entry.kind {
                case .content: paint(entry, with: cairo, filter: filter)
                case .shadow: paintShadow(entry, with: cairo, filter: filter)
                case .border: paintBorder(entry, with: cairo)
                case .backdrop: paintBackdrop(entry, with: cairo)
                case .cached:
                    // The cached bitmap holds what painting the subtree gives.
                    paintSubtree(entry.layer, transform: entry.transform, region: entry.region,
                                 passedOpacity: entry.directOpacity / Double(entry.layer.opacity), with: cairo, filter: filter)
                }
            }
        }
    }

    /// Paints `layer`'s subtree, placed by `t`, within `region` (no rasterization cache).
    func paintSubtree(_ layer: CALayer, transform t: CGAffineTransform, region: PixelRegion, passedOpacity: Double = 1,
                              skippingShadow: Bool = false, with cairo: CairoContext, filter: CairoContext.Filter) {
        var plan = PaintPlan()
        var ignored = RenderStatistics()
        let bounds = region.bounds
        plan.collect(layer, transform: t, clip: bounds, limit: bounds, passedOpacity: passedOpacity,
                     skippingShadowOf: skippingShadow ? layer : nil)
        plan.resolveOcclusion(within: region, stats: &ignored)
        paintSteps(plan, with: cairo, filter: filter)
    }

    /// Adds the layer's bounds, rounded as its corners are, to the current path (layer space).
    static func addOutline(of layer: CALayer, to cairo: CairoContext) {
        let b = layer.bounds
        if layer.isRounded {
            cairo.addPath(layer.roundedOutline(b, radius: layer.effectiveCornerRadius))
        } else {
            cairo.rectangle(Double(b.minX), Double(b.minY), Double(b.width), Double(b.height))
        }
    }

    /// Clips to `rects` (frame-buffer pixels).
    static func clip(_ cairo: CairoContext, to rects: [PixelRect]) {
        for rect in rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
    }

    /// Paints a shadow: its shape (the path, or the subtree painted offscreen), moved by the
    /// offset, its alpha blurred, in the shadow's color. A wide blur is computed on a smaller
    /// bitmap (a standard deviation of at least 3 of its pixels) and scaled up smoothly: what a
    /// Gaussian that wide leaves has no detail a finer bitmap would keep.
    func paintShadow(_ entry: PaintPlan.Entry, with cairo: CairoContext, filter: CairoContext.Filter) {
        let layer = entry.layer, t = entry.transform, box = entry.box
        let pixelsPerPoint = (abs(t.a * t.d - t.b * t.c)).squareRoot()
        let sigma = Double(layer.shadowRadius * pixelsPerPoint)
        let step = max(1, Int(sigma / 3))
        let width = (box.width + step - 1) / step, height = (box.height + step - 1) / step
        guard let color = layer.shadowColor else { return }
        var place = CGAffineTransform(translationX: layer.shadowOffset.width, y: layer.shadowOffset.height)
            .concatenating(t).concatenating(CGAffineTransform(translationX: CGFloat(-box.x), y: CGFloat(-box.y)))
            .concatenating(CGAffineTransform(scaleX: 1 / CGFloat(step), y: 1 / CGFloat(step)))
        let path = layer.shadowPath ?? Self.alphaOutline(of: layer)
        if path != nil {   // placed to 1/1024 of a pixel, so that shapes whole pixels apart share a mask
            place.tx = (place.tx * 1024).rounded() / 1024
            place.ty = (place.ty * 1024).rounded() / 1024
        }
        let mask = shadowMasks.mask(of: path.map { .path($0, placed: place) }, width: width, height: height, sigma: sigma / Double(step)) { image in
            let shape = CairoContext(image: image)
            if let path {
                shape.setMatrix(place.cairoMatrix)
                shape.addPath(path)
                shape.setSourceRGBA(0, 0, 0, 1)
                shape.fill()
            } else {
                paintSubtree(layer, transform: place, region: PixelRegion(PixelRect(x: 0, y: 0, width: width, height: height)),
                             skippingShadow: true, with: shape, filter: filter)
            }
        }
        guard let image = mask else { return }
        let c = color.components
        cairo.save()
        Self.clip(cairo, to: entry.region.rects)
        cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * Double(layer.shadowOpacity) * entry.directOpacity)
        cairo.setOperator(.over)
        cairo.translate(Double(box.x), Double(box.y))
        cairo.scale(Double(step), Double(step))
        cairo.mask(image, x: 0, y: 0)
        cairo.restore()
    }

    /// The outline of a layer's alpha when it is only its opaque background: nothing of the
    /// subtree reaches outside the bounds or into a rounded-off corner. The shadow's shape is then
    /// that outline, the same pixels as painting the subtree, without painting it.
    static func alphaOutline(of layer: CALayer) -> CGPath? {
        guard (layer.backgroundColor?.alpha ?? 0) >= 1, !(layer is CAShapeLayer), layer.mask == nil, layer.opacity >= 1,
              layer.shadowShapeExtent == layer.bounds, !layer.isRounded || !layer.sublayersPaint(into: layer.cornerSquares)
        else { return nil }
        return layer.isRounded ? layer.roundedOutline(layer.bounds, radius: layer.effectiveCornerRadius)
            : CGPath(rect: layer.bounds, transform: nil)
    }

    /// Paints a border inside the bounds (rounded as the corners are).
    func paintBorder(_ entry: PaintPlan.Entry, with cairo: CairoContext) {
        let layer = entry.layer
        guard let color = layer.borderColor else { return }
        let b = layer.bounds, w = min(layer.borderWidth, b.width / 2, b.height / 2)
        cairo.save()
        Self.clip(cairo, to: entry.region.rects)
        cairo.setMatrix(entry.transform.cairoMatrix)
        let inner = b.insetBy(dx: w, dy: w)
        if layer.isRounded {
            let r = layer.effectiveCornerRadius
            cairo.addPath(layer.roundedOutline(b, radius: r))
            cairo.addPath(layer.roundedOutline(inner, radius: max(0, r - w)))
        } else {
            cairo.rectangle(Double(b.minX), Double(b.minY), Double(b.width), Double(b.height))
            cairo.rectangle(Double(inner.minX), Double(inner.minY), Double(inner.width), Double(inner.height))
        }
        let c = color.components
        cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
        cairo.setOperator(.over)
        cairo.fill(evenOdd: true)
        cairo.restore()
    }

    /// Paints one layer within its visible region. An axis-aligned layer is painted one visible
    /// rectangle at a time under a plain rectangular clip (cairo's fast path); others under the
    /// whole region.
    func paint(_ entry: PaintPlan.Entry, with cairo: CairoContext, filter: CairoContext.Filter) {
        let t = entry.transform
        if t.b == 0 && t.c == 0 {
            for rect in entry.region.rects { paint(entry, within: [rect], with: cairo, filter: filter) }
        } else {
            paint(entry, within: entry.region.rects, with: cairo, filter: filter)
        }
    }

    func paint(_ entry: PaintPlan.Entry, within rects: [PixelRect], with cairo: CairoContext, filter: CairoContext.Filter) {
        let layer = entry.layer
        cairo.save()
        Self.clip(cairo, to: rects)
        cairo.setMatrix(entry.transform.cairoMatrix)
        let b = layer.bounds
        if layer.masksToBounds {
            Self.addOutline(of: layer, to: cairo)
            cairo.clip()
        }
        let wholeContents = layer.contentsRect == CALayer.unitRect
        let storeHasBackground = layer.store?.hasBackground == true && layer.contentsGravity == .resize && wholeContents
        if let color = layer.backgroundColor, color.alpha > 0, !storeHasBackground {
            let c = color.components
            // OVER with an opaque color is a copy: pixman takes its copy path by itself.
            cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
            cairo.setOperator(.over)
            Self.addOutline(of: layer, to: cairo)
            cairo.fill()
        }
        if let gradient = layer as? CAGradientLayer, gradient.drawsGradient {
            cairo.save()
            Self.addOutline(of: layer, to: cairo)
            cairo.clip()
            cairo.setOperator(.over)
            Self.paintGradient(gradient, in: b, with: cairo, opacity: entry.directOpacity)
            cairo.restore()
        }
        if let shape = layer as? CAShapeLayer, shape.drawsPath, let path = shape.path {
            if let fill = shape.fillColor, fill.alpha > 0 {
                let c = fill.components
                cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
                cairo.addPath(path)
                cairo.fill(evenOdd: shape.fillRule == .evenOdd)
            }
            if let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0 {
                let c = stroke.components
                cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
                cairo.setLineWidth(Double(shape.lineWidth))
                cairo.addPath(shape.strokedPath ?? path)
                cairo.stroke()
            }
        }
        if let store = layer.store {
            // The part `contentsRect` picks (the whole by default), placed as if it were all.
            let part = layer.shownContents(of: store)
            let source = part.pixels
            if source.width > 0, source.height > 0 {
                let placed = Self.contentsRect(of: part.pointSize, in: b, gravity: layer.contentsGravity)
                // An opaque store (its background drawn in) is copied; any other content is blended.
                let op: CairoContext.Operator = storeHasBackground && entry.copies && rects.count == 1 ? .source : .over
                let bounded = CGRect(x: 0, y: 0, width: CGFloat(store.pixelWidth), height: CGFloat(store.pixelHeight))
                for slice in Self.slices(source, into: placed, center: layer.contentsCenter, scale: store.scale) {
                    let shown = slice.source.intersection(bounded)
                    guard !shown.isNull, shown.width > 0, shown.height > 0 else { continue }
                    cairo.save()
                    cairo.translate(Double(slice.destination.minX), Double(slice.destination.minY))
                    cairo.scale(Double(slice.destination.width / slice.source.width), Double(slice.destination.height / slice.source.height))
                    cairo.setOperator(op)
                    cairo.rectangle(Double(shown.minX - slice.source.minX), Double(shown.minY - slice.source.minY),
                                    Double(shown.width), Double(shown.height))
                    cairo.clip()
                    if let tint = layer.contentsTintColor {
                        let c = tint.components
                        cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
                        cairo.mask(store.bitmap, x: -Double(slice.source.minX), y: -Double(slice.source.minY))
                    } else {
                        cairo.setSource(store.bitmap, x: -Double(slice.source.minX), y: -Double(slice.source.minY), filter: filter)
                        cairo.paint(alpha: entry.directOpacity)
                    }
                    cairo.restore()
                }
            }
        }
        cairo.restore()
    }

    /// The parts of `source` (the contents' pixels shown) and where each goes in `placed`: the
    /// whole when `center` is the unit square, else the nine parts around it (`NinePart`).
    static func slices(_ source: CGRect, into placed: CGRect, center: CGRect, scale: CGFloat) -> [(source: CGRect, destination: CGRect)] {
        guard center != CALayer.unitRect else { return [(source, placed)] }
        let c = center.standardized
        let caps = UIEdgeInsets(top: source.height * max(0, c.minY), left: source.width * max(0, c.minX),
                                bottom: source.height * max(0, 1 - c.maxY), right: source.width * max(0, 1 - c.maxX))
        return NinePart.slices(source, into: placed, caps: caps, scale: scale)
    }

    /// Paints a gradient layer's gradient over `b` (the clip is set): axial along start → end,
    /// radial from start out to the ellipse through end, conic round start from end's direction
    /// (in 360 wedges of the colour at their middle: cairo has no conic pattern).
    static func paintGradient(_ layer: CAGradientLayer, in b: CGRect, with cairo: CairoContext, opacity: Double) {
        let stops = layer.stops.sorted { $0.location < $1.location }
        func point(_ p: CGPoint) -> CGPoint { CGPoint(x: b.minX + p.x * b.width, y: b.minY + p.y * b.height) }
        let start = point(layer.startPoint), end = point(layer.endPoint)
        func fill(_ gradient: CairoGradient) {
            for stop in stops {
                let c = stop.color.components
                gradient.addStop(at: stop.location, Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
            }
            gradient.setExtends(true)
            cairo.setSource(gradient)
            cairo.paint(alpha: opacity)
        }
        switch layer.type {
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            let (sx, sy) = (rx > 0 ? rx : ry, ry > 0 ? ry : rx)
            guard sx > 0, sy > 0 else { return }
            cairo.save()
            cairo.translate(Double(start.x), Double(start.y))
            cairo.scale(Double(sx), Double(sy))
            fill(CairoGradient(radialFrom: 0, 0, 0, to: 0, 0, 1))
            cairo.restore()
        case .conic:
            let a0 = atan2(Double(end.y - start.y), Double(end.x - start.x))
            let r = Double(hypot(b.width, b.height)) * 2
            func color(at t: Double) -> [CGFloat] {
                guard let first = stops.first else { return [0, 0, 0, 0] }
                if t <= first.location { return first.color.components }
                for (a, z) in zip(stops, stops.dropFirst()) where t <= z.location {
                    let f = z.location > a.location ? CGFloat((t - a.location) / (z.location - a.location)) : 1
                    return zip(a.color.components, z.color.components).map { $0 + ($1 - $0) * f }
                }
                return stops.last!.color.components
            }
            let wedges = 360
            for i in 0..<wedges {
                let t0 = Double(i) / Double(wedges), t1 = Double(i + 1) / Double(wedges)
                let c = color(at: (t0 + t1) / 2)
                cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * opacity)
                cairo.moveTo(Double(start.x), Double(start.y))
                // A hair wider than its angle, so neighbouring wedges leave no seam.
                for t in [t0 - 0.0005, t1 + 0.0005] {
                    let a = a0 + 2 * .pi * t
                    cairo.lineTo(Double(start.x) + r * cos(a), Double(start.y) + r * sin(a))
                }
                cairo.closePath()
                cairo.fill()
            }
        default:
            fill(CairoGradient(linearFrom: Double(start.x), Double(start.y), to: Double(end.x), Double(end.y)))
        }
    }

    /// Paints what lies beneath a backdrop layer, blurred: the painted pixels under its box (and
    /// three standard deviations around, so the edges blur with what is beyond them) copied,
    /// blurred, and painted back inside the layer's (rounded) bounds. It reads the bitmap being
    /// painted: inside an offscreen group, what the group holds is not seen (uisim's limit).
    func paintBackdrop(_ entry: PaintPlan.Entry, with cairo: CairoContext) {
        let layer = entry.layer, image = cairo.image
        let sigma = Double(layer.backdropBlurRadius) * Double(abs(entry.transform.a))
        let reach = Int((3 * sigma).rounded(.up))
        let area = PixelRect(x: entry.box.x - reach, y: entry.box.y - reach, width: entry.box.width + 2 * reach, height: entry.box.height + 2 * reach)
            .intersection(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
        guard area.width > 0, area.height > 0, let copy = try? CairoImage(width: area.width, height: area.height) else { return }
        copy.copy(from: image, x: -area.x, y: -area.y)
        copy.blurColors(sigma: sigma)
        cairo.save()
        Self.clip(cairo, to: entry.region.rects)
        cairo.setMatrix(entry.transform.cairoMatrix)
        Self.addOutline(of: layer, to: cairo)
        cairo.setMatrix(CGAffineTransform.identity.cairoMatrix)
        cairo.clip()
        cairo.setSource(copy, x: Double(area.x), y: Double(area.y))
        cairo.setOperator(.over)
        cairo.paint(alpha: entry.directOpacity)
        cairo.restore()
    }

    /// Where contents of `size` (points) go in `bounds` by `gravity`.
    static func contentsRect(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        guard size.width > 0, size.height > 0 else { return bounds }
        var w = size.width, h = size.height
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / size.width, sy = bounds.height / size.height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            w = size.width * s
            h = size.height * s
        default:
            break
        }
        let left = bounds.minX, right = bounds.maxX - w, centerX = bounds.midX - w / 2
        let top = bounds.minY, bottom = bounds.maxY - h, centerY = bounds.midY - h / 2
        let x: CGFloat = switch gravity {
        case .left, .topLeft, .bottomLeft: left
        case .right, .topRight, .bottomRight: right
        default: centerX
        }
        let y: CGFloat = switch gravity {
        case .top, .topLeft, .topRight: top
        case .bottom, .bottomLeft, .bottomRight: bottom
        default: centerY
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }
}

extension CGAffineTransform {
    var cairoMatrix: (Double, Double, Double, Double, Double, Double) {
        (Double(a), Double(b), Double(c), Double(d), Double(tx), Double(ty))
    }
}
