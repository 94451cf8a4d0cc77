import Foundation
import Geometry

/// The layers of a frame in painting order, with what each shows after occlusion.
struct PaintPlan {
    /// Why a painted layer counts as misaligned.
    enum Misalignment {
        /// Its edges fall between pixels (Simulator colors these magenta).
        case offGrid
        /// Its content is scaled to fit (Simulator colors these yellow).
        case stretched
    }

    struct Entry {
        let layer: CALayer
        /// Layer coordinates to frame-buffer pixels.
        let transform: CGAffineTransform
        /// Screen pixels the layer touches, clipped by ancestors' masks.
        let box: PixelRect
        /// Screen pixels the layer fully covers (for occlusion).
        let inner: PixelRect
        /// Whether the layer paints every pixel of its bounds opaquely: it hides what is under it
        /// and is copied rather than blended.
        let copies: Bool
        /// Opacity applied when painting the layer itself (1 inside an offscreen group).
        let directOpacity: Double
        let misalignment: Misalignment?
        /// What the layer shows after occlusion, within the damage.
        var region = PixelRegion()
    }

    enum Step {
        case layer(Int)
        case beginGroup
        case endGroup(opacity: Double, area: Int)
        case beginClip(CGAffineTransform, CGRect)
        case endClip
    }

    var entries: [Entry] = []
    var steps: [Step] = []
    /// For each group (index of its beginGroup step), the entries inside it.
    private var groups: [(step: Int, first: Int, last: Int)] = []

    /// Adds the visible layers of `layer`'s subtree that may touch `limit`, in painting order.
    mutating func collect(_ layer: CALayer, transform t: CGAffineTransform, clip: PixelRect, limit: PixelRect,
                          inheritedOpacity: Double = 1) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        let rect = layer.bounds.applying(t)
        let box = PixelRect(covering: rect).intersection(clip)
        if layer.masksToBounds && !box.intersects(limit) { return }
        let children = layer.sublayerStorage.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
        let opacity = Double(layer.opacity)
        let grouped = opacity < 1 && children.contains { !$0.isHidden && $0.opacity > 0 }
        let effective = inheritedOpacity * opacity
        let groupStep = steps.count
        let firstEntry = entries.count
        if grouped { steps.append(.beginGroup) }

        let background = layer.backgroundColor.map { $0.alpha > 0 } ?? false
        if (background || layer.store != nil) && box.intersects(limit) {
            let axisAligned = t.b == 0 && t.c == 0 && t.a > 0 && t.d > 0
            let fillsBounds = (layer.backgroundColor?.alpha ?? 0) >= 1
                || (layer.isOpaque && layer.store != nil && Self.contentsCover(layer))
            let copies = axisAligned && effective >= 1 && fillsBounds
            let inner = copies ? Self.innerPixels(of: rect).intersection(clip) : PixelRect(x: 0, y: 0, width: 0, height: 0)
            entries.append(Entry(layer: layer, transform: t, box: box, inner: inner, copies: copies,
                                 directOpacity: grouped ? 1 : opacity, misalignment: Self.misalignment(of: layer, rect: rect, transform: t)))
            steps.append(.layer(entries.count - 1))
        }
        let childClip = layer.masksToBounds ? box : clip
        if layer.masksToBounds { steps.append(.beginClip(t, layer.bounds)) }
        for child in children {
            collect(child, transform: child.transformToSuperlayer.concatenating(t), clip: childClip, limit: limit,
                    inheritedOpacity: effective)
        }
        if layer.masksToBounds { steps.append(.endClip) }
        if grouped {
            steps.append(.endGroup(opacity: opacity, area: 0))
            groups.append((groupStep, firstEntry, entries.count))
        }
    }

    /// Decides what each layer shows within `damage`, front to back: pixels under an opaque
    /// layer in front are skipped and counted as occluded.
    mutating func resolveOcclusion(within damage: PixelRegion, stats: inout RenderStatistics) {
        var covered = PixelRegion()
        for index in entries.indices.reversed() {
            let inDamage = damage.intersection(entries[index].box)
            let visible = inDamage.subtracting(covered)
            stats.occludedPixels += inDamage.area - visible.area
            entries[index].region = visible
            if entries[index].copies { covered.formUnion(entries[index].inner) }
        }
        for group in groups {
            var area = PixelRegion()
            for i in group.first..<group.last { area.formUnion(entries[i].region) }
            if case .endGroup(let opacity, _) = steps[closingStep(of: group.step)] {
                steps[closingStep(of: group.step)] = .endGroup(opacity: opacity, area: area.area)
            }
        }
    }

    private func closingStep(of begin: Int) -> Int {
        var depth = 0
        for i in begin..<steps.count {
            switch steps[i] {
            case .beginGroup: depth += 1
            case .endGroup:
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
        }
        return begin
    }

    /// The pixels a pixel-space rectangle covers completely.
    static func innerPixels(of rect: CGRect) -> PixelRect {
        let x0 = Int((rect.minX - 1e-6).rounded(.up)), y0 = Int((rect.minY - 1e-6).rounded(.up))
        let x1 = Int((rect.maxX + 1e-6).rounded(.down)), y1 = Int((rect.maxY + 1e-6).rounded(.down))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Whether the layer's contents fill its bounds (so an opaque layer hides what is beneath).
    static func contentsCover(_ layer: CALayer) -> Bool {
        if layer.contentsGravity == .resize || layer.contentsGravity == .resizeAspectFill { return true }
        guard let store = layer.store else { return false }
        let placed = Compositor.contentsRect(of: store.pointSize, in: layer.bounds, gravity: layer.contentsGravity)
        return placed.minX <= layer.bounds.minX && placed.minY <= layer.bounds.minY
            && placed.maxX >= layer.bounds.maxX && placed.maxY >= layer.bounds.maxY
    }

    static func misalignment(of layer: CALayer, rect: CGRect, transform t: CGAffineTransform) -> Misalignment? {
        guard t.b == 0 && t.c == 0 else { return nil }
        if !rect.isPixelAligned(scale: 1) { return .offGrid }
        if let store = layer.store {
            let placed = Compositor.contentsRect(of: store.pointSize, in: layer.bounds, gravity: layer.contentsGravity)
            let shown = placed.applying(t)
            if abs(shown.width - CGFloat(store.pixelWidth)) > 0.01 || abs(shown.height - CGFloat(store.pixelHeight)) > 0.01 {
                return .stretched
            }
        }
        return nil
    }
}
