import Foundation
import Geometry
import Graphics

/// Debug colorings of a snapshot, like Simulator's Debug menu.
public struct DebugOverlays: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// "Color Blended Layers": blended pixels red, copied (opaque) pixels green.
    public static let blended = DebugOverlays(rawValue: 1)
    /// "Color Misaligned Images": layers off the pixel grid magenta, stretched content yellow.
    public static let misaligned = DebugOverlays(rawValue: 2)
    /// "Color Offscreen-Rendered": layers composited offscreen first (group opacity) yellow.
    public static let offscreen = DebugOverlays(rawValue: 4)
    /// "Flash Updated Regions": the region recomposited by the last frame, yellow.
    public static let updates = DebugOverlays(rawValue: 8)
}

extension Compositor {
    /// The frame buffer as it is now, with `overlays` drawn over it.
    public func snapshot(overlays: DebugOverlays = []) -> CGImage {
        let image = try! CairoImage(width: pixelWidth, height: pixelHeight)
        image.copy(from: frameBuffer)
        guard !overlays.isEmpty else { return CGImage(adopting: image) }
        let everything = PixelRegion(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        var plan = PaintPlan()
        plan.collect(root, transform: rootTransform, clip: everything.bounds, limit: everything.bounds)
        var ignored = RenderStatistics()
        plan.resolveOcclusion(within: everything, stats: &ignored)
        let cairo = CairoContext(image: image)
        func tint(_ region: PixelRegion, _ r: Double, _ g: Double, _ b: Double) {
            guard !region.isEmpty else { return }
            cairo.setSourceRGBA(r, g, b, 0.5)
            for rect in region.rects { cairo.rectangle(Double(rect.x), Double(rect.y), Double(rect.width), Double(rect.height)) }
            cairo.fill()
        }
        if overlays.contains(.blended) {
            for entry in plan.entries {
                if entry.copies { tint(entry.region, 0, 1, 0) } else { tint(entry.region, 1, 0, 0) }
            }
        }
        if overlays.contains(.misaligned) {
            for entry in plan.entries {
                switch entry.misalignment {
                case .offGrid: tint(entry.region, 1, 0, 1)
                case .stretched: tint(entry.region, 1, 1, 0)
                case nil: break
                }
            }
        }
        if overlays.contains(.offscreen) {
            for entry in plan.entries where entry.directOpacity == 1 && Double(entry.layer.opacity) < 1 {
                tint(PixelRegion(entry.box), 1, 1, 0)
            }
        }
        if overlays.contains(.updates) {
            tint(lastDamage, 1, 1, 0)
        }
        return CGImage(adopting: image)
    }

    /// The frame buffer encoded as PNG, with `overlays`.
    public func pngData(overlays: DebugOverlays = []) throws -> Data {
        try snapshot(overlays: overlays).pngData()
    }
}
