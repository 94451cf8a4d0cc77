import Foundation
import Geometry
import CoreGraphics

/// Debug colorings of a snapshot, like Simulator's Debug menu.
public struct DebugOverlays: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// "Color Blended Layers": blended pixels red, copied (opaque) pixels green.
    public static let blended = DebugOverlays(rawValue: 1)
    /// "Color Misaligned Images": layers off the pixel grid magenta, stretched content yellow.
    public static let misaligned = DebugOverlays(rawValue: 2)
    /// "Color Offscreen-Rendered Yellow": layers that take an offscreen pass (a shadow without a
    /// path, a mask, a rounded clip over sublayers, group opacity, rasterization) yellow.
    public static let offscreen = DebugOverlays(rawValue: 4)
    /// "Flash Updated Regions": the region recomposited by the last frame, yellow.
    public static let updates = DebugOverlays(rawValue: 8)
}

extension Compositor {
    /// The frame buffer as it is now, with `overlays` drawn over it (the tree as the last frame
    /// showed it).
    public func snapshot(overlays: DebugOverlays = []) -> CGImage {
        AnimationRegistry.current.showingLastFrame { snapshotShown(overlays: overlays) }
    }

    private func snapshotShown(overlays: DebugOverlays) -> CGImage {
        let image = blackImage(width: pixelWidth, height: pixelHeight, what: "a snapshot")
        guard image !== standIn, frameBuffer !== standIn else { return CGImage(adopting: standIn) }
        image.copy(from: frameBuffer)
        guard !overlays.isEmpty else { return CGImage(adopting: image) }
        let plan = fullScreenPlan(transform: rootTransform, screen: screen)
        tint(image, plan: plan, overlays: overlays, scale: 1, damageScale: 1)
        return CGImage(adopting: image)
    }

    /// The screen as the tree is now (as the last frame showed it, animations and all), painted into a new image of `pointScale` pixels per point
    /// (the screen's own scale gives what the frame buffer would hold), with `overlays`. The frame
    /// buffer and the change marks are left alone.
    public func rasterized(pointScale: CGFloat, overlays: DebugOverlays = []) -> CGImage {
        AnimationRegistry.current.showingLastFrame { rasterizedShown(pointScale: pointScale, overlays: overlays) }
    }

    private func rasterizedShown(pointScale: CGFloat, overlays: DebugOverlays) -> CGImage {
        let factor = pointScale / scale
        let width = max(1, Int((CGFloat(pixelWidth) * factor).rounded())), height = max(1, Int((CGFloat(pixelHeight) * factor).rounded()))
        let image = blackImage(width: width, height: height, what: "a snapshot")
        guard image !== standIn else { return CGImage(adopting: image) }
        let area = PixelRect(x: 0, y: 0, width: width, height: height)
        let plan = fullScreenPlan(transform: rootTransform.concatenating(CGAffineTransform(scaleX: factor, y: factor)), screen: area)
        paint(plan, damage: PixelRegion(area), into: image, filter: factor < 1 ? .fast : .good)
        // Misalignment is a matter of the screen's own pixels: that overlay comes from the plan at
        // the screen's scale, scaled down; the others from the plan just painted.
        if overlays.contains(.misaligned) {
            let native = fullScreenPlan(transform: rootTransform, screen: screen)
            tint(image, plan: native, overlays: .misaligned, scale: Double(factor))
        }
        tint(image, plan: plan, overlays: overlays.subtracting(.misaligned), scale: 1, damageScale: Double(factor))
        return CGImage(adopting: image)
    }

    /// Draws `overlays` over `image` from `plan`, its regions scaled by `scale` to the image's
    /// pixels, and the last frame's damage (frame-buffer pixels) by `damageScale`.
    private func tint(_ image: CairoImage, plan: PaintPlan, overlays: DebugOverlays, scale: Double, damageScale: Double? = nil) {
        guard !overlays.isEmpty else { return }
        let cairo = CairoContext(image: image)
        func tint(_ rects: [PixelRect], _ r: Double, _ g: Double, _ b: Double, scale: Double = scale) {
            guard !rects.isEmpty else { return }
            cairo.setSourceRGBA(r, g, b, 0.5)
            for rect in rects {
                cairo.rectangle(Double(rect.x) * scale, Double(rect.y) * scale, Double(rect.width) * scale, Double(rect.height) * scale)
            }
            cairo.fill()
        }
        if overlays.contains(.blended) {
            for entry in plan.entries {
                if entry.copies { tint(entry.region.rects, 0, 1, 0) } else { tint(entry.region.rects, 1, 0, 0) }
            }
        }
        if overlays.contains(.misaligned) {
            for entry in plan.entries {
                switch entry.misalignment {
                case .offGrid: tint(entry.region.rects, 1, 0, 1)
                case .stretched: tint(entry.region.rects, 1, 1, 0)
                case nil: break
                }
            }
        }
        if overlays.contains(.offscreen) {
            tint(plan.passes.map(\.box), 1, 1, 0)
        }
        if overlays.contains(.updates) {
            tint(lastDamage.rects, 1, 1, 0, scale: damageScale ?? scale)
        }
    }

    /// The frame buffer encoded as PNG, with `overlays`.
    public func pngData(overlays: DebugOverlays = []) throws -> Data {
        try snapshot(overlays: overlays).pngData()
    }
}
