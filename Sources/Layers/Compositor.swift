import Foundation
import Geometry
import Graphics

/// Why the render server renders something offscreen first: the four kinds Apple's Tech Talk
/// 10857 ("Demystify and eliminate hitches in the render phase") names for layers (shadows,
/// masks, rounded clips; visual effects have no uisim counterpart), group opacity, and a
/// rasterization cache miss.
public enum OffscreenCause: String, CaseIterable, Codable, Sendable {
    /// A shadow without `shadowPath`: its shape is the subtree's alpha, rendered first.
    case shadow
    /// A `mask` layer.
    case mask
    /// `masksToBounds` with `cornerRadius` over sublayers that reach into the corners.
    case cornerClip = "corner_clip"
    /// An opacity below 1 over sublayers, with `allowsGroupOpacity`.
    case groupOpacity = "group_opacity"
    /// A `shouldRasterize` layer whose cached bitmap was missing or stale.
    case rasterization

    /// What causes it, for people.
    public var label: String {
        switch self {
        case .shadow: "shadow without shadowPath"
        case .mask: "mask layer"
        case .cornerClip: "rounded corners clipping sublayers (masksToBounds + cornerRadius)"
        case .groupOpacity: "group opacity (opacity < 1 over sublayers)"
        case .rasterization: "rasterization cache miss"
        }
    }

    /// How to avoid it, in one line.
    public var remedy: String {
        switch self {
        case .shadow: "set shadowPath (e.g. UIBezierPath(roundedRect: bounds, cornerRadius: r).cgPath)"
        case .mask: "round with cornerRadius (and masksToBounds) instead of a mask layer, or draw the shape into the image"
        case .cornerClip: "round the background with cornerRadius alone, or give the content its own rounded corners"
        case .groupOpacity: "set the alpha on the leaves, or allowsGroupOpacity = false"
        case .rasterization: "turn shouldRasterize off where the content changes while on screen"
        }
    }
}

/// The offscreen passes of one cause in a frame.
public struct OffscreenCount: Equatable, Sendable {
    public var passes = 0
    /// Pixels rendered offscreen.
    public var pixels = 0
    public init(passes: Int = 0, pixels: Int = 0) {
        self.passes = passes
        self.pixels = pixels
    }
}

/// One offscreen pass, named by the layer that needed it (for optimization opportunities).
public struct OffscreenPass: Equatable, Sendable {
    public var cause: OffscreenCause
    /// The layer's view class, `name` or class (`CALayer.debugOwnerName`).
    public var owner: String
    /// Which layer (to count instances).
    public var layer: ObjectIdentifier
    public var pixels: Int
}

/// What the render step of one frame did, counted exactly (deterministic for a given tree).
public struct RenderStatistics: Equatable, Sendable {
    /// Screen pixels damaged this frame (and so recomposited).
    public var damagedPixels = 0
    /// Pixels painted by layers (backgrounds, contents, shadows, borders, offscreen results),
    /// summed over layers.
    public var compositedPixels = 0
    /// Of those, pixels blended over what was beneath (the rest were copied).
    public var blendedPixels = 0
    /// Damaged pixels of layers not painted because an opaque layer in front covers them.
    public var occludedPixels = 0
    /// Layers that painted something.
    public var layersComposited = 0
    /// Painted layers whose edges are off the pixel grid or whose content is stretched.
    public var misalignedLayers = 0
    /// Offscreen passes and their pixels, by cause.
    public var offscreen = [OffscreenCause: OffscreenCount]()
    /// Rasterized layers composited from the cache, and rendered into it.
    public var rasterHits = 0, rasterMisses = 0
    /// Every offscreen pass of the frame, in painting order.
    public var passes: [OffscreenPass] = []
    /// What the render server counted besides (a new render-stage counter is counted here).
    public var counts = Counts()

    public init() {}

    /// Adds `other`'s counts (not its list of passes: a frame's own).
    public mutating func add(_ other: RenderStatistics) {
        damagedPixels += other.damagedPixels
        compositedPixels += other.compositedPixels
        blendedPixels += other.blendedPixels
        occludedPixels += other.occludedPixels
        layersComposited += other.layersComposited
        misalignedLayers += other.misalignedLayers
        for (cause, count) in other.offscreen {
            offscreen[cause, default: OffscreenCount()].passes += count.passes
            offscreen[cause, default: OffscreenCount()].pixels += count.pixels
        }
        rasterHits += other.rasterHits
        rasterMisses += other.rasterMisses
        counts.addPart(other.counts)
    }

    /// Offscreen passes of every cause.
    public var offscreenPasses: Int { offscreen.values.reduce(0) { $0 + $1.passes } }
    /// Pixels of every offscreen pass.
    public var offscreenPixels: Int { offscreen.values.reduce(0) { $0 + $1.pixels } }
}

/// What the app's commit hands the render server: the layers it changed, packaged as the screen
/// region to recomposite.
public struct Transaction: Sendable {
    /// The screen pixels to recomposite.
    public var damage = PixelRegion()
    /// Layers whose geometry, appearance or contents changed (what the commit packaged).
    public var layersChanged = 0

    public init() {}

    /// Whether the commit changed anything on screen.
    public var isEmpty: Bool { damage.isEmpty }
}

/// The render server's plan for one transaction: what to paint where, counted exactly. Painting
/// it (`Compositor.execute`) is optional: the counts are known before any pixel moves.
public struct RenderPass {
    let plan: PaintPlan
    let damage: PixelRegion
    public let statistics: RenderStatistics
}

/// Composites a layer tree into a frame buffer, as the render server does (uisim has no GPU:
/// cairo's image backend, pixman underneath, does the per-pixel work).
///
/// Only the screen region damaged since the last frame is recomposited: layers that moved or
/// changed (their old and new pixels), content redrawn (its dirty rectangle), layers removed.
/// Within it, layers are painted back to front (siblings by `zPosition`, then order); what lies
/// under an opaque layer is skipped; opaque layers are copied, others blended.
public final class Compositor {
    /// The root of the tree (a window's layer), placed on screen by its frame.
    public let root: CALayer
    /// Frame buffer size in pixels, and pixels per point.
    public let pixelWidth: Int, pixelHeight: Int
    public let scale: CGFloat
    /// The frame buffer, black until painted; made when first painted or read (a replay whose
    /// render stage is estimated and takes no native snapshot never needs it).
    lazy var frameBuffer = blackImage(width: pixelWidth, height: pixelHeight, what: "the frame buffer")

    /// What could not be allocated since the last `takeAllocationFailure()`, if anything (memory
    /// ran out: `ulimit -v`): a 1-pixel stand-in was painted instead, so nothing crashed, and the
    /// replay stops with this error.
    private var allocationFailure: ResourceError?
    /// The 1-pixel bitmap drawn into in place of one that memory could not hold.
    lazy var standIn = try! CairoImage(width: 1, height: 1)

    /// The allocation that failed, if one did since the last call.
    public func takeAllocationFailure() -> ResourceError? {
        defer { allocationFailure = nil }
        return allocationFailure
    }

    /// A new bitmap of `width × height` pixels, opaque black, as a display shows where nothing is;
    /// a 1-pixel stand-in when memory runs out (recorded in `allocationFailure`).
    func blackImage(width: Int, height: Int, what: String) -> CairoImage {
        let image: CairoImage
        do {
            image = try CairoImage(width: width, height: height)
        } catch {
            allocationFailure = allocationFailure
                ?? ResourceError("out of memory: cannot allocate \(what) (\(width)×\(height) pixels, \((width * height * 4) >> 20) MB): \(error)")
            return standIn
        }
        image.fill(x: 0, y: 0, width: width, height: height, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
        return image
    }
    /// The rasterized layers' bitmaps, kept between frames.
    public let rasterCache: RasterCache
    /// Blurred shadow shapes, kept between paints.
    let shadowMasks = ShadowMasks()
    /// The region recomposited by the last `render()`.
    public private(set) var lastDamage = PixelRegion()
    /// The whole frame buffer, in pixels.
    var screen: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// A compositor for `root` into a black frame buffer of `pixelWidth × pixelHeight` pixels at
    /// `scale` pixels per point. The first render composites everything.
    public init(root: CALayer, pixelWidth: Int, pixelHeight: Int, scale: CGFloat) throws {
        self.root = root
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        rasterCache = RasterCache(screenPixels: pixelWidth * pixelHeight)
        root.geometryDidChange()
    }

    /// The transform from the root's coordinates to frame-buffer pixels.
    var rootTransform: CGAffineTransform {
        root.transformToScreen().concatenating(CGAffineTransform(scaleX: scale, y: scale))
    }

    /// Whether anything changed since the last render (an idle frame needs none).
    public var hasDamage: Bool {
        root.geometryChanged || root.appearanceChanged || root.subtreeRenderChanged || !root.removedDamage.isEmpty
            || !root.contentDamage.isNull
    }

    /// Composites the damaged region and returns what it took: the commit, the render server's
    /// preparation and its execution, in one go.
    @discardableResult
    public func render() -> RenderStatistics {
        let pass = prepare(commitTransaction())
        execute(pass)
        return pass.statistics
    }

    /// The app's side of a frame (Core Animation's commit): walks the layers changed since the
    /// last commit and packages them as the region to recomposite. Clears their change marks.
    public func commitTransaction() -> Transaction {
        var transaction = Transaction()
        guard hasDamage else {
            lastDamage = PixelRegion()
            return transaction
        }
        var damage = root.removedDamage
        root.removedDamage = PixelRegion()
        collectDamage(root, transform: rootTransform, clip: screen, forced: false, into: &damage, changed: &transaction.layersChanged)
        transaction.damage = damage.intersection(screen)
        lastDamage = transaction.damage
        return transaction
    }

    /// The render server's preparation: which layers paint which pixels of the damaged region,
    /// what opaque layers hide, what is copied and what blended, which offscreen passes it takes;
    /// counted, nothing painted. `time` (seconds) is the frame's, for the rasterization cache's
    /// lifetime (nil: the last frame's).
    public func prepare(_ transaction: Transaction, at time: TimeInterval? = nil) -> RenderPass {
        var stats = RenderStatistics()
        stats.damagedPixels = transaction.damage.area
        var plan = PaintPlan()
        if let time { rasterCache.now = time }
        rasterCache.expire()
        if !transaction.damage.isEmpty {
            plan.collect(root, transform: rootTransform, clip: screen, limit: transaction.damage.bounds, cache: rasterCache)
            plan.resolveOcclusion(within: transaction.damage, stats: &stats)
            Self.count(plan, into: &stats)
        }
        return RenderPass(plan: plan, damage: transaction.damage, statistics: stats)
    }

    /// The render server's execution: paints `pass` into the frame buffer.
    public func execute(_ pass: RenderPass) {
        guard !pass.damage.isEmpty else { return }
        paint(pass.plan, damage: pass.damage)
    }

    /// Paints the whole screen from the tree as it is now, leaving the change marks alone: the
    /// frame buffer then holds what a frame-by-frame composite would (for snapshots when frames
    /// are not rasterized one by one).
    public func rasterizeScreen() {
        let plan = fullScreenPlan(transform: rootTransform, screen: screen)
        guard frameBuffer !== standIn else { return }
        frameBuffer.fill(x: 0, y: 0, width: pixelWidth, height: pixelHeight, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
        paint(plan, damage: PixelRegion(screen), into: frameBuffer)
    }

    /// The paint plan of the whole of `screen` through `transform`, occlusion resolved.
    func fullScreenPlan(transform: CGAffineTransform, screen: PixelRect) -> PaintPlan {
        var plan = PaintPlan()
        var ignored = RenderStatistics()
        plan.collect(root, transform: transform, clip: screen, limit: screen)
        plan.resolveOcclusion(within: PixelRegion(screen), stats: &ignored)
        return plan
    }

    /// Marks everything damaged: the next render recomposites the whole screen.
    public func invalidate() {
        root.removedDamage.formUnion(screen)
        root.geometryDidChange()
    }

    // MARK: Damage

    /// Walks the paths of changed layers; a layer whose geometry changed takes its whole subtree
    /// along (their pixels moved). Damage is each affected layer's old and new screen box (its
    /// shadow included). A change inside a rasterized subtree makes its bitmap stale; a change
    /// inside a subtree whose shadow is cast from its alpha damages the whole shadow.
    private func collectDamage(_ layer: CALayer, transform t: CGAffineTransform, clip: PixelRect, forced: Bool,
                               rasterRoot: CALayer? = nil, alphaShadow: PixelRect? = nil,
                               into damage: inout PixelRegion, changed: inout Int) {
        let moved = forced || layer.geometryChanged
        let visible = !layer.isHidden && layer.opacity > 0
        let box = visible ? PixelRect(covering: layer.paintExtent.applying(t)).intersection(clip) : .zero
        let changedItself = layer.geometryChanged || layer.appearanceChanged || !layer.contentDamage.isNull
        if moved || layer.appearanceChanged {
            if let old = layer.lastScreenBox { damage.formUnion(old) }
            damage.formUnion(box)
            changed += 1
        } else if !layer.contentDamage.isNull {
            damage.formUnion(PixelRect(covering: layer.contentDamage.applying(t)).intersection(box))
            changed += 1
        }
        if changedItself {
            if let rasterRoot, rasterRoot !== layer { rasterRoot.rasterStale = true }
            if let alphaShadow { damage.formUnion(alphaShadow) }
        }
        if layer.shouldRasterize && (layer.appearanceChanged || !layer.contentDamage.isNull) { layer.rasterStale = true }
        layer.lastScreenBox = box.isEmpty ? nil : box
        layer.geometryChanged = false
        layer.appearanceChanged = false
        layer.contentDamage = .null
        layer.mask?.clearRenderMarks()
        guard moved || layer.subtreeRenderChanged else { return }
        layer.subtreeRenderChanged = false
        let childClip = layer.masksToBounds ? box.intersection(PixelRect(covering: layer.bounds.applying(t))) : clip
        let childRaster = layer.shouldRasterize ? layer : rasterRoot
        let childShadow = layer.castsShadow && layer.shadowPath == nil ? box : alphaShadow
        for sublayer in layer.sublayerStorage {
            collectDamage(sublayer, transform: sublayer.transformToSuperlayer.concatenating(t), clip: childClip,
                          forced: moved || !visible, rasterRoot: childRaster, alphaShadow: childShadow,
                          into: &damage, changed: &changed)
        }
    }

    // MARK: Painting

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

    private func paintSteps(_ plan: PaintPlan, with cairo: CairoContext, filter: CairoContext.Filter) {
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
                case .cached:
                    // The cached bitmap holds what painting the subtree gives.
                    paintSubtree(entry.layer, transform: entry.transform, region: entry.region,
                                 passedOpacity: entry.directOpacity / Double(entry.layer.opacity), with: cairo, filter: filter)
                }
            }
        }
    }

    /// Paints `layer`'s subtree, placed by `t`, within `region` (no rasterization cache).
    private func paintSubtree(_ layer: CALayer, transform t: CGAffineTransform, region: PixelRegion, passedOpacity: Double = 1,
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
    private static func addOutline(of layer: CALayer, to cairo: CairoContext) {
        let b = layer.bounds
        if layer.isRounded {
            cairo.addPath(layer.roundedOutline(b, radius: layer.effectiveCornerRadius))
        } else {
            cairo.rectangle(Double(b.minX), Double(b.minY), Double(b.width), Double(b.height))
        }
    }

    /// Clips to `rects` (frame-buffer pixels).
    private static func clip(_ cairo: CairoContext, to rects: [PixelRect]) {
        for rect in rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
    }

    /// Paints a shadow: its shape (the path, or the subtree painted offscreen), moved by the
    /// offset, its alpha blurred, in the shadow's color. A wide blur is computed on a smaller
    /// bitmap (a standard deviation of at least 3 of its pixels) and scaled up smoothly: what a
    /// Gaussian that wide leaves has no detail a finer bitmap would keep.
    private func paintShadow(_ entry: PaintPlan.Entry, with cairo: CairoContext, filter: CairoContext.Filter) {
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
    private func paintBorder(_ entry: PaintPlan.Entry, with cairo: CairoContext) {
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
    private func paint(_ entry: PaintPlan.Entry, with cairo: CairoContext, filter: CairoContext.Filter) {
        let t = entry.transform
        if t.b == 0 && t.c == 0 {
            for rect in entry.region.rects { paint(entry, within: [rect], with: cairo, filter: filter) }
        } else {
            paint(entry, within: entry.region.rects, with: cairo, filter: filter)
        }
    }

    private func paint(_ entry: PaintPlan.Entry, within rects: [PixelRect], with cairo: CairoContext, filter: CairoContext.Filter) {
        let layer = entry.layer
        cairo.save()
        Self.clip(cairo, to: rects)
        cairo.setMatrix(entry.transform.cairoMatrix)
        let b = layer.bounds
        if layer.masksToBounds {
            Self.addOutline(of: layer, to: cairo)
            cairo.clip()
        }
        let storeHasBackground = layer.store?.hasBackground == true && layer.contentsGravity == .resize
        if let color = layer.backgroundColor, color.alpha > 0, !storeHasBackground {
            let c = color.components
            // OVER with an opaque color is a copy: pixman takes its copy path by itself.
            cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
            cairo.setOperator(.over)
            Self.addOutline(of: layer, to: cairo)
            cairo.fill()
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
                cairo.addPath(path)
                cairo.stroke()
            }
        }
        if let store = layer.store {
            let placed = Self.contentsRect(of: store.pointSize, in: b, gravity: layer.contentsGravity)
            cairo.translate(Double(placed.minX), Double(placed.minY))
            cairo.scale(Double(placed.width) / Double(store.pixelWidth), Double(placed.height) / Double(store.pixelHeight))
            cairo.setSource(store.bitmap, x: 0, y: 0, filter: filter)
            // An opaque store (its background drawn in) is copied; any other content is blended.
            cairo.setOperator(storeHasBackground && entry.copies && rects.count == 1 ? .source : .over)
            cairo.rectangle(0, 0, Double(store.pixelWidth), Double(store.pixelHeight))
            cairo.clip()
            cairo.paint(alpha: entry.directOpacity)
        }
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
