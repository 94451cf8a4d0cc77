import Foundation
import Geometry
import CoreGraphics
import Support

/// What the app's commit hands the render server: the layers it changed, packaged as the screen
/// region to recomposite.
public struct Transaction: Sendable {
    /// The screen pixels to recomposite.
    public var damage = PixelRegion()
    /// Layers whose geometry, appearance or contents the app changed (what the commit packaged).
    public var layersChanged = 0
    /// Layers that changed on screen only because an animation moved them (or an animated
    /// ancestor): the render server's work, not the commit's.
    public var layersAnimated = 0

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
        root.isCompositorRoot = true
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
        damage.reserveCapacity(lastDamage.rects.count)
        collectDamage(root, transform: rootTransform, clip: screen, forced: false, into: &damage, changed: &transaction.layersChanged,
                      animated: &transaction.layersAnimated)
        transaction.damage = damage.intersection(screen)
        lastDamage = transaction.damage
        return transaction
    }

    /// The render server's preparation: which layers paint which pixels of the damaged region,
    /// what opaque layers hide, what is copied and what blended, which offscreen passes it takes;
    /// counted, nothing painted. `time` (seconds) is the frame's, for the rasterization cache's
    /// lifetime (nil: the last frame's).
    /// The number of entries and steps of the last frame's paint plan.
    private var lastPlanSize = (entries: 0, steps: 0)

    public func prepare(_ transaction: Transaction, at time: TimeInterval? = nil) -> RenderPass {
        var stats = RenderStatistics()
        stats.damagedPixels = transaction.damage.area
        var plan = PaintPlan()
        // Sized as the last frame's (most frames paint the same layers): no regrowing.
        plan.entries.reserveCapacity(lastPlanSize.entries)
        plan.steps.reserveCapacity(lastPlanSize.steps)
        defer { lastPlanSize = (plan.entries.count, plan.steps.count) }
        if let time { rasterCache.now = time }
        rasterCache.expire()
        var damage = transaction.damage
        if !damage.isEmpty {
            plan.collect(root, transform: rootTransform, clip: screen, limit: damage.bounds, cache: rasterCache)
            // A change under a backdrop blur spreads through it: its whole box is recomposited
            // (the plan made again for the larger region; only when a blur is touched).
            // Until no blur is touched in part (a grown region may reach another: a few rounds at most).
            var grown = true
            while grown {
                grown = false
                for entry in plan.entries where entry.kind == .backdrop {
                    let touched = damage.intersection(entry.box).area
                    if touched > 0, touched < entry.box.area {
                        damage.formUnion(entry.box)
                        grown = true
                    }
                }
                if grown {
                    plan = PaintPlan()
                    plan.collect(root, transform: rootTransform, clip: screen, limit: damage.bounds, cache: rasterCache)
                }
            }
            plan.resolveOcclusion(within: damage, stats: &stats)
            Self.count(plan, into: &stats)
        }
        return RenderPass(plan: plan, damage: damage, statistics: stats)
    }

    /// The render server's execution: paints `pass` into the frame buffer.
    public func execute(_ pass: RenderPass) {
        guard !pass.damage.isEmpty else { return }
        paint(pass.plan, damage: pass.damage)
    }

    /// Paints the whole screen from the tree as it is now (as the last frame showed it), leaving the change marks alone: the
    /// frame buffer then holds what a frame-by-frame composite would (for snapshots when frames
    /// are not rasterized one by one).
    public func rasterizeScreen() {
        AnimationRegistry.current.showingLastFrame {
            let plan = fullScreenPlan(transform: rootTransform, screen: screen)
            guard frameBuffer !== standIn else { return }
            frameBuffer.fill(x: 0, y: 0, width: pixelWidth, height: pixelHeight, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
            paint(plan, damage: PixelRegion(screen), into: frameBuffer)
        }
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
}
