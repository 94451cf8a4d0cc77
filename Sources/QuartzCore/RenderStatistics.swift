import Foundation

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
