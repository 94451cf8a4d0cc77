import Foundation

/// The render server's cost of one frame, estimated from the compositor's exact counts (uisim
/// has no GPU: what the render server would spend is modelled, deterministically, so the same
/// frame costs the same on every machine).
///
/// - **Render prepare** walks the committed layer tree and sets up passes:
///   `layersComposited × perLayer + offscreenPasses × perOffscreenPass`.
/// - **Render execute** moves pixels, bound by memory bandwidth: a copied (opaque) pixel reads its
///   source and writes the frame buffer (8 bytes), a blended one also reads what is beneath
///   (12 bytes), an offscreen pass writes its pixels out and reads them back (8 bytes more each):
///   `(copied × 8 + blended × 12 + offscreen × 8) / bandwidth`.
///
/// Bandwidth is the device's peak (its memory's transfer rate × bus width); a GPU reaches less,
/// and a tile-based GPU blends in tile memory, so the estimate is an order of magnitude to compare
/// frames and variants by, not a device measurement. Every figure shown from it is labelled
/// "estimated".
public struct RenderCostModel: Hashable, Sendable {
    /// The chip, for the record ("A15 Bionic").
    public var chip: String
    /// Peak memory bandwidth, bytes per second.
    public var bandwidth: Double
    /// Seconds to prepare one composited layer.
    public var perLayer: Double
    /// Seconds to set up one offscreen pass (a render-target switch).
    public var perOffscreenPass: Double

    public init(chip: String, bandwidth: Double, perLayer: Double = 1.5e-6, perOffscreenPass: Double = 30e-6) {
        self.chip = chip
        self.bandwidth = bandwidth
        self.perLayer = perLayer
        self.perOffscreenPass = perOffscreenPass
    }

    /// Bytes moved per copied, blended and offscreen pixel.
    public static let bytesPerCopiedPixel = 8.0, bytesPerBlendedPixel = 12.0, bytesPerOffscreenPixel = 8.0

    /// The estimated render prepare and execute times of a frame, in seconds.
    public func estimate(_ stats: RenderStatistics) -> (prepare: Double, execute: Double) {
        let prepare = Double(stats.layersComposited) * perLayer + Double(stats.offscreenLayers) * perOffscreenPass
        let copied = Double(stats.compositedPixels - stats.blendedPixels)
        let bytes = copied * Self.bytesPerCopiedPixel + Double(stats.blendedPixels) * Self.bytesPerBlendedPixel
            + Double(stats.offscreenPixels) * Self.bytesPerOffscreenPixel
        return (prepare, bytes / bandwidth)
    }
}
