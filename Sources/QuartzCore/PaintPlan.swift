import Foundation
import Geometry
import CoreGraphics

/// The layers of a frame in painting order, with what each shows after occlusion, and the
/// offscreen passes the render server needs for them.
struct PaintPlan {
    /// Why a painted layer counts as misaligned.
    enum Misalignment {
        /// Its edges fall between pixels (Simulator colors these magenta).
        case offGrid
        /// Its content is scaled to fit (Simulator colors these yellow).
        case stretched
    }

    /// What an entry paints.
    enum Kind {
        /// The layer's background, contents and path.
        case content
        /// The layer's shadow, beneath it.
        case shadow
        /// The layer's border, above its sublayers.
        case border
        /// A rasterized subtree, composited from the cache.
        case cached
        /// What lies beneath the layer, blurred (`backdropBlurRadius`).
        case backdrop
    }

    struct Entry {
        let layer: CALayer
        let kind: Kind
        /// Layer coordinates to frame-buffer pixels.
        let transform: CGAffineTransform
        /// Screen pixels the entry touches, clipped by ancestors' masks.
        let box: PixelRect
        /// Pixels inside `box` the entry leaves alone (a border's middle).
        var hole = PixelRect.zero
        /// Screen pixels the entry covers opaquely (hiding what is under it).
        var inner = PixelRect.zero
        /// Whether the entry paints every pixel of its box opaquely: copied rather than blended.
        var copies = false
        /// Opacity applied when painting the entry (1 inside an offscreen group).
        let directOpacity: Double
        var misalignment: Misalignment?
        /// What the entry shows after occlusion, within the damage.
        var region = PixelRegion()
    }

    /// An offscreen pass: a render-target switch and the pixels rendered into it.
    struct Pass {
        let cause: OffscreenCause
        let layer: CALayer
        /// The layer's pixels on screen (the overlay's yellow).
        let box: PixelRect
        /// Which pixels the pass renders.
        let extent: Extent
        /// The entries composited through the pass, `first..<end` (set when the subtree is done).
        let first: Int
        var end: Int
        /// Pixels rendered offscreen, and pixels of the result composited on screen (set by
        /// `resolveOcclusion`).
        var pixels = 0
        var composited = 0

        enum Extent {
            /// What the entries inside show within the damage (a group's pixels).
            case members
            /// A fixed screen rectangle within the damage (a shadow's extent).
            case box(PixelRect)
            /// A whole rectangle, damage or not (a rasterized subtree is rendered whole).
            case whole(PixelRect)
        }
    }

    /// An offscreen group painted as one: with an opacity, or through a mask.
    enum Group {
        case opacity(Double)
        case mask(CALayer, CGAffineTransform)
    }

    enum Step {
        case entry(Int)
        case beginGroup
        case endGroup(Group)
        case beginClip(CALayer, CGAffineTransform)
        case endClip
    }

    var entries: [Entry] = []
    var steps: [Step] = []
    var passes: [Pass] = []
    var rasterHits = 0, rasterMisses = 0

    /// Adds the visible layers of `layer`'s subtree that may touch `limit`, in painting order,
    /// with their offscreen passes. `cache` decides rasterized subtrees (nil: paint them whole,
    /// as snapshots do); `skipping` leaves out that layer's own shadow (a shadow's own shape).
    /// `occluding` bounds the pixels layers of the subtree may hide beneath them (inside a rounded
    /// clip, the band between the corners; inside a mask, none): nil, anywhere.
    mutating func collect(_ layer: CALayer, transform t: CGAffineTransform, clip: PixelRect, limit: PixelRect,
                          inheritedOpacity: Double = 1, passedOpacity: Double = 1, occluding: PixelRect? = nil,
                          cache: RasterCache? = nil, skippingShadowOf skipped: CALayer? = nil) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let rect = layer.bounds.applying(t)
        let boundsBox = PixelRect(covering: rect).intersection(clip)
        if layer.masksToBounds && !boundsBox.intersects(limit) { return }
        let opacity = Double(layer.opacity)
        let effective = inheritedOpacity * opacity

        // A rasterized subtree: composited from the cache on a hit, rendered into it on a miss.
        var rasterPass: Int?
        if layer.shouldRasterize && layer !== skipped {
            let whole = PixelRect(covering: layer.subtreeExtent.applying(t)).intersection(clip)
            if whole.intersects(limit) {
                if let cache, cache.lookUp(layer) {
                    rasterHits += 1
                    entries.append(Entry(layer: layer, kind: .cached, transform: t, box: whole, directOpacity: passedOpacity * opacity))
                    steps.append(.entry(entries.count - 1))
                    return
                }
                if let cache {
                    rasterMisses += 1
                    cache.store(layer)
                }
                rasterPass = passes.count
                passes.append(Pass(cause: .rasterization, layer: layer, box: whole, extent: .whole(whole), first: entries.count, end: entries.count))
            }
        }

        // Sibling order, or by zPosition where a sibling has one (most have none: no sort).
        let children = !layer.sublayerStorage.contains { $0.zPosition != 0 } ? layer.sublayerStorage
            : layer.sublayerStorage.enumerated()
                .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
                .map(\.element)
        let masked = layer.mask.map { !$0.isHidden } ?? false
        let grouped = opacity < 1 && layer.allowsGroupOpacity && children.contains { !$0.isHidden && $0.opacity > 0 }
        let ownOpacity = grouped ? passedOpacity : passedOpacity * opacity
        let firstEntry = entries.count
        var maskPass: Int?, groupPass: Int?
        if masked {
            maskPass = passes.count
            passes.append(Pass(cause: .mask, layer: layer, box: boundsBox, extent: .members, first: firstEntry, end: firstEntry))
            steps.append(.beginGroup)
        }
        if grouped {
            groupPass = passes.count
            passes.append(Pass(cause: .groupOpacity, layer: layer, box: boundsBox, extent: .members, first: firstEntry, end: firstEntry))
            steps.append(.beginGroup)
        }
        let entryOpacity = grouped ? 1 : ownOpacity

        // A backdrop blur, beneath everything the layer paints: an offscreen pass over its bounds.
        if layer.backdropBlurRadius > 0 && boundsBox.intersects(limit) {
            entries.append(Entry(layer: layer, kind: .backdrop, transform: t, box: boundsBox, directOpacity: entryOpacity))
            steps.append(.entry(entries.count - 1))
            passes.append(Pass(cause: .blur, layer: layer, box: boundsBox, extent: .box(boundsBox), first: entries.count, end: entries.count))
        }

        // The shadow, beneath the layer: from its path, or from the subtree's alpha (offscreen).
        if layer.castsShadow && layer !== skipped {
            let box = PixelRect(covering: layer.shadowExtent.applying(t)).intersection(clip)
            if box.intersects(limit) {
                entries.append(Entry(layer: layer, kind: .shadow, transform: t, box: box, directOpacity: entryOpacity))
                steps.append(.entry(entries.count - 1))
                if layer.shadowPath == nil {
                    passes.append(Pass(cause: .shadow, layer: layer, box: box, extent: .box(box), first: entries.count, end: entries.count))
                }
            }
        }

        // The layer's own pixels.
        let ownBox = PixelRect(covering: layer.ownExtent.applying(t)).intersection(clip)
        if layer.paintsContent && ownBox.intersects(limit) {
            var entry = Entry(layer: layer, kind: .content, transform: t, box: ownBox, directOpacity: entryOpacity)
            let axisAligned = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
            let fillsBounds = !(layer is CAShapeLayer) && ((layer.backgroundColor?.alpha ?? 0) >= 1
                || (layer.isOpaque && layer.store != nil && Self.contentsCover(layer)))
            if axisAligned && effective >= 1 && fillsBounds {
                if layer.isRounded {
                    // The corners blend; the band between them still hides what is beneath.
                    let r = layer.effectiveCornerRadius * layer.cornerCurve.extentFactor * t.d
                    entry.inner = Self.innerPixels(of: rect.insetBy(dx: 0, dy: r)).intersection(clip)
                } else {
                    entry.copies = true
                    entry.inner = Self.innerPixels(of: rect).intersection(clip)
                }
            }
            // A masked layer hides nothing: the mask may clear any of its pixels.
            if let bound = masked ? .zero : occluding { entry.inner = entry.inner.intersection(bound) }
            entry.misalignment = Self.misalignment(of: layer, rect: rect, transform: t)
            entries.append(entry)
            steps.append(.entry(entries.count - 1))
        }

        // The sublayers, clipped to the (rounded) bounds when the layer masks to them; a rounded
        // clip that cuts a sublayer's pixels takes an offscreen pass.
        var clipPass: Int?
        if layer.masksToBounds {
            if layer.isRounded && layer.sublayersPaint(into: layer.cornerSquares) {
                clipPass = passes.count
                passes.append(Pass(cause: .cornerClip, layer: layer, box: boundsBox, extent: .members, first: firstEntry, end: firstEntry))
            }
            steps.append(.beginClip(layer, t))
        }
        let childClip = layer.masksToBounds ? boundsBox : clip
        var childOccluding = occluding
        if masked {
            childOccluding = .zero
        } else if layer.masksToBounds && layer.isRounded {
            let r = layer.effectiveCornerRadius * layer.cornerCurve.extentFactor * t.d
            let band = Self.innerPixels(of: rect.insetBy(dx: 0, dy: r))
            childOccluding = occluding.map { $0.intersection(band) } ?? band
        }
        for child in children {
            collect(child, transform: child.transformToSuperlayer.concatenating(t), clip: childClip, limit: limit,
                    inheritedOpacity: effective, passedOpacity: grouped ? 1 : ownOpacity, occluding: childOccluding, cache: cache)
        }
        if layer.masksToBounds { steps.append(.endClip) }

        // The border, above the sublayers.
        if layer.drawsBorder && boundsBox.intersects(limit) {
            var entry = Entry(layer: layer, kind: .border, transform: t, box: boundsBox, directOpacity: entryOpacity)
            let w = layer.borderWidth * t.a, r = layer.isRounded ? layer.effectiveCornerRadius * layer.cornerCurve.extentFactor * t.a : 0
            // The middle is left alone; with rounded corners, the columns of the corners count whole.
            entry.hole = Self.innerPixels(of: rect.insetBy(dx: max(w, r), dy: w))
            entries.append(entry)
            steps.append(.entry(entries.count - 1))
        }

        if let clipPass { passes[clipPass].end = entries.count }
        if grouped, let groupPass {
            passes[groupPass].end = entries.count
            steps.append(.endGroup(.opacity(opacity * passedOpacity)))
        }
        if masked, let maskPass, let mask = layer.mask {
            passes[maskPass].end = entries.count
            steps.append(.endGroup(.mask(mask, mask.transformToSuperlayer.concatenating(t))))
        }
        if let rasterPass { passes[rasterPass].end = entries.count }
    }

    /// Decides what each entry shows within `damage`, front to back: pixels under an opaque
    /// layer in front are skipped and counted as occluded. Then sizes each offscreen pass.
    mutating func resolveOcclusion(within damage: PixelRegion, stats: inout RenderStatistics) {
        var covered = PixelRegion()
        covered.reserveCapacity(entries.count)
        for index in entries.indices.reversed() {
            var inDamage = damage.intersection(entries[index].box)
            if !entries[index].hole.isEmpty { inDamage = inDamage.subtracting(PixelRegion(entries[index].hole)) }
            let visible = inDamage.subtracting(covered)
            stats.occludedPixels += inDamage.area - visible.area
            entries[index].region = visible
            if !entries[index].inner.isEmpty { covered.formUnion(entries[index].inner) }
        }
        for index in passes.indices {
            var members = PixelRegion()
            for i in passes[index].first..<passes[index].end { members.formUnion(entries[i].region) }
            switch passes[index].extent {
            case .members: passes[index].pixels = members.area
            case .box(let box): passes[index].pixels = damage.intersection(box).area
            case .whole(let box): passes[index].pixels = box.area
            }
            // A shadow's and a blur's result is their own entry; every other pass composites what it rendered.
            passes[index].composited = passes[index].cause == .shadow || passes[index].cause == .blur ? 0 : members.area
        }
    }

    /// The pixels a pixel-space rectangle covers completely.
    static func innerPixels(of rect: CGRect) -> PixelRect {
        guard rect.width > 0, rect.height > 0 else { return .zero }
        let x0 = Int((rect.minX - 1e-6).rounded(.up)), y0 = Int((rect.minY - 1e-6).rounded(.up))
        let x1 = Int((rect.maxX + 1e-6).rounded(.down)), y1 = Int((rect.maxY + 1e-6).rounded(.down))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether the layer's contents fill its bounds (so an opaque layer hides what is beneath).
    static func contentsCover(_ layer: CALayer) -> Bool {
        // A part reaching outside the contents shows nothing there.
        guard CALayer.unitRect.contains(layer.contentsRect.standardized) else { return false }
        if layer.contentsGravity == .resize || layer.contentsGravity == .resizeAspectFill { return true }
        guard let store = layer.store else { return false }
        let placed = Compositor.contentsRect(of: layer.shownContents(of: store).pointSize, in: layer.bounds, gravity: layer.contentsGravity)
        return placed.minX <= layer.bounds.minX && placed.minY <= layer.bounds.minY
            && placed.maxX >= layer.bounds.maxX && placed.maxY >= layer.bounds.maxY
    }

    static func misalignment(of layer: CALayer, rect: CGRect, transform t: CGAffineTransform) -> Misalignment? {
        guard t.b == 0 && t.c == 0 else { return nil }
        if !rect.isPixelAligned(scale: 1) { return .offGrid }
        if let store = layer.store {
            let part = layer.shownContents(of: store)
            let placed = Compositor.contentsRect(of: part.pointSize, in: layer.bounds, gravity: layer.contentsGravity)
            let shown = placed.applying(t)
            if abs(shown.width - part.pixels.width) > 0.01 || abs(shown.height - part.pixels.height) > 0.01 {
                return .stretched
            }
        }
        return nil
    }
}

extension PixelRect {
    /// The empty rectangle at the origin.
    static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)
}
