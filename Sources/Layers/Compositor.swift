import Foundation
import Geometry
import Graphics

/// What the render step of one frame did, counted exactly (deterministic for a given tree).
public struct RenderStatistics: Equatable, Sendable {
    /// Screen pixels damaged this frame (and so recomposited).
    public var damagedPixels = 0
    /// Pixels painted by layers (backgrounds and contents), summed over layers.
    public var compositedPixels = 0
    /// Of those, pixels blended over what was beneath (the rest were copied).
    public var blendedPixels = 0
    /// Damaged pixels of layers not painted because an opaque layer in front covers them.
    public var occludedPixels = 0
    /// Layers that painted something.
    public var layersComposited = 0
    /// Painted layers whose edges are off the pixel grid or whose content is stretched.
    public var misalignedLayers = 0
    /// Groups composited offscreen first (opacity below 1 with sublayers).
    public var offscreenLayers = 0
    /// Pixels of those offscreen groups (each written offscreen, then composited).
    public var offscreenPixels = 0

    public init() {}
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
    lazy var frameBuffer = Self.blackImage(width: pixelWidth, height: pixelHeight)

    /// A new bitmap of `width × height` pixels, opaque black, as a display shows where nothing is.
    static func blackImage(width: Int, height: Int) -> CairoImage {
        let image = try! CairoImage(width: width, height: height)
        image.fill(x: 0, y: 0, width: width, height: height, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
        return image
    }
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
    /// what opaque layers hide, what is copied and what blended; counted, nothing painted.
    public func prepare(_ transaction: Transaction) -> RenderPass {
        var stats = RenderStatistics()
        stats.damagedPixels = transaction.damage.area
        var plan = PaintPlan()
        if !transaction.damage.isEmpty {
            plan.collect(root, transform: rootTransform, clip: screen, limit: transaction.damage.bounds)
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
    /// along (their pixels moved). Damage is each affected layer's old and new screen box.
    private func collectDamage(_ layer: CALayer, transform t: CGAffineTransform, clip: PixelRect, forced: Bool,
                               into damage: inout PixelRegion, changed: inout Int) {
        let moved = forced || layer.geometryChanged
        let visible = !layer.isHidden && layer.opacity > 0
        let box = visible ? PixelRect(covering: layer.bounds.applying(t)).intersection(clip) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        if moved || layer.appearanceChanged {
            if let old = layer.lastScreenBox { damage.formUnion(old) }
            damage.formUnion(box)
            changed += 1
        } else if !layer.contentDamage.isNull {
            damage.formUnion(PixelRect(covering: layer.contentDamage.applying(t)).intersection(box))
            changed += 1
        }
        layer.lastScreenBox = box.isEmpty ? nil : box
        layer.geometryChanged = false
        layer.appearanceChanged = false
        layer.contentDamage = .null
        guard moved || layer.subtreeRenderChanged else { return }
        layer.subtreeRenderChanged = false
        let childClip = layer.masksToBounds ? box : clip
        for sublayer in layer.sublayerStorage {
            collectDamage(sublayer, transform: sublayer.transformToSuperlayer.concatenating(t), clip: childClip,
                          forced: moved || !visible, into: &damage, changed: &changed)
        }
    }

    // MARK: Painting

    /// What painting `plan` composites: layers, pixels copied and blended, offscreen groups.
    static func count(_ plan: PaintPlan, into stats: inout RenderStatistics) {
        for step in plan.steps {
            switch step {
            case .endGroup(_, let area):
                stats.offscreenLayers += 1
                stats.offscreenPixels += area
                stats.blendedPixels += area
                stats.compositedPixels += area
            case .layer(let index):
                let entry = plan.entries[index]
                guard !entry.region.isEmpty else { continue }
                let area = entry.region.area
                stats.layersComposited += 1
                stats.compositedPixels += area
                if !entry.copies { stats.blendedPixels += area }
                if entry.misalignment != nil { stats.misalignedLayers += 1 }
            case .beginGroup, .beginClip, .endClip:
                break
            }
        }
    }

    /// Paints `plan` within `damage` into `image` (default: the frame buffer), sampling contents
    /// with `filter` (`.fast` for quick snapshots at a smaller scale).
    func paint(_ plan: PaintPlan, damage: PixelRegion, into image: CairoImage? = nil, filter: CairoContext.Filter = .good) {
        let cairo = CairoContext(image: image ?? frameBuffer)
        for rect in damage.rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
        for step in plan.steps {
            switch step {
            case .beginGroup:
                cairo.pushGroup()
            case .endGroup(let opacity, _):
                cairo.popGroupAndPaint(alpha: opacity)
            case .beginClip(let t, let bounds):
                cairo.save()
                cairo.setMatrix(t.cairoMatrix)
                cairo.rectangle(Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
                cairo.clip()
                cairo.setMatrix(CGAffineTransform.identity.cairoMatrix)
            case .endClip:
                cairo.restore()
            case .layer(let index):
                let entry = plan.entries[index]
                guard !entry.region.isEmpty else { continue }
                paint(entry, with: cairo, filter: filter)
            }
        }
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
        for rect in rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
        cairo.setMatrix(entry.transform.cairoMatrix)
        let b = layer.bounds
        if layer.masksToBounds {
            cairo.rectangle(Double(b.minX), Double(b.minY), Double(b.width), Double(b.height))
            cairo.clip()
        }
        let storeHasBackground = layer.store?.hasBackground == true && layer.contentsGravity == .resize
        if let color = layer.backgroundColor, color.alpha > 0, !storeHasBackground {
            let c = color.components
            // OVER with an opaque color is a copy: pixman takes its copy path by itself.
            cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]) * entry.directOpacity)
            cairo.setOperator(.over)
            cairo.rectangle(Double(b.minX), Double(b.minY), Double(b.width), Double(b.height))
            cairo.fill()
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
