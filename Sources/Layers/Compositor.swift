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

    public init() {}
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
    let frameBuffer: CairoImage
    /// The region recomposited by the last `render()`.
    public private(set) var lastDamage = PixelRegion()
    private var screen: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// A compositor for `root` into a black frame buffer of `pixelWidth × pixelHeight` pixels at
    /// `scale` pixels per point. The first render composites everything.
    public init(root: CALayer, pixelWidth: Int, pixelHeight: Int, scale: CGFloat) throws {
        self.root = root
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        frameBuffer = try CairoImage(width: pixelWidth, height: pixelHeight)
        frameBuffer.fill(x: 0, y: 0, width: pixelWidth, height: pixelHeight, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
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

    /// Composites the damaged region and returns what it took.
    @discardableResult
    public func render() -> RenderStatistics {
        var stats = RenderStatistics()
        guard hasDamage else {
            lastDamage = PixelRegion()
            return stats
        }
        var damage = root.removedDamage
        root.removedDamage = PixelRegion()
        collectDamage(root, transform: rootTransform, clip: screen, forced: false, into: &damage)
        damage = damage.intersection(screen)
        lastDamage = damage
        stats.damagedPixels = damage.area
        guard !damage.isEmpty else { return stats }

        var plan = PaintPlan()
        plan.collect(root, transform: rootTransform, clip: screen, limit: damage.bounds)
        plan.resolveOcclusion(within: damage, stats: &stats)
        paint(plan, damage: damage, stats: &stats)
        return stats
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
                               into damage: inout PixelRegion) {
        let moved = forced || layer.geometryChanged
        let visible = !layer.isHidden && layer.opacity > 0
        let box = visible ? PixelRect(covering: layer.bounds.applying(t)).intersection(clip) : PixelRect(x: 0, y: 0, width: 0, height: 0)
        if moved || layer.appearanceChanged {
            if let old = layer.lastScreenBox { damage.formUnion(old) }
            damage.formUnion(box)
        } else if !layer.contentDamage.isNull {
            damage.formUnion(PixelRect(covering: layer.contentDamage.applying(t)).intersection(box))
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
                          forced: moved || !visible, into: &damage)
        }
    }

    // MARK: Painting

    private func paint(_ plan: PaintPlan, damage: PixelRegion, stats: inout RenderStatistics) {
        let cairo = CairoContext(image: frameBuffer)
        for rect in damage.rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
        cairo.clip()
        for step in plan.steps {
            switch step {
            case .beginGroup:
                cairo.pushGroup()
            case .endGroup(let opacity, let area):
                cairo.popGroupAndPaint(alpha: opacity)
                stats.offscreenLayers += 1
                stats.blendedPixels += area
                stats.compositedPixels += area
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
                paint(entry, with: cairo)
                let area = entry.region.area
                stats.layersComposited += 1
                stats.compositedPixels += area
                if !entry.copies { stats.blendedPixels += area }
                if entry.misalignment != nil { stats.misalignedLayers += 1 }
            }
        }
    }

    /// Paints one layer within its visible region. An axis-aligned layer is painted one visible
    /// rectangle at a time under a plain rectangular clip (cairo's fast path); others under the
    /// whole region.
    private func paint(_ entry: PaintPlan.Entry, with cairo: CairoContext) {
        let t = entry.transform
        if t.b == 0 && t.c == 0 {
            for rect in entry.region.rects { paint(entry, within: [rect], with: cairo) }
        } else {
            paint(entry, within: entry.region.rects, with: cairo)
        }
    }

    private func paint(_ entry: PaintPlan.Entry, within rects: [PixelRect], with cairo: CairoContext) {
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
            cairo.setSource(store.bitmap, x: 0, y: 0)
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
