import Foundation

/// The render server's cost of one frame, estimated from the compositor's exact counts (uisim
/// has no GPU: what the render server would spend is modelled, deterministically, so the same
/// frame costs the same on every machine).
///
/// - **Render prepare** walks the committed layer tree and sets up passes:
///   `layersComposited × perLayer + Σ offscreen passes × render targets × perOffscreenPass`.
/// - **Render execute** moves pixels, bound by memory bandwidth: a copied (opaque) pixel reads its
///   source and writes the frame buffer (8 bytes), a blended one also reads what is beneath
///   (12 bytes), and each offscreen pixel costs what its cause moves (`bytesPerOffscreenPixel`):
///   `(copied × 8 + blended × 12 + Σ offscreen pixels × bytes) / bandwidth`.
///
/// An offscreen pass is charged for the render-target switch Apple's Tech Talk 10857 describes
/// (the GPU stops, renders elsewhere, copies back) and for the pixels written offscreen and read
/// back: 8 bytes each. A shadow cast from the alpha also blurs what it rendered (a separable blur
/// reads and writes each pixel twice more: 16 bytes); a mask renders two targets, the content
/// and the mask (two switches, 16 bytes). The composite of a pass's result on screen is counted
/// with the blended pixels. A shadow with a `shadowPath` takes no pass: only its blended pixels.
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
    /// Seconds to set up one offscreen render target (a render-target switch).
    public var perOffscreenPass: Double

    public init(chip: String, bandwidth: Double, perLayer: Double = 1.5e-6, perOffscreenPass: Double = 30e-6) {
        self.chip = chip
        self.bandwidth = bandwidth
        self.perLayer = perLayer
        self.perOffscreenPass = perOffscreenPass
    }

    /// Bytes moved per copied and blended pixel.
    public static let bytesPerCopiedPixel = 8.0, bytesPerBlendedPixel = 12.0

    /// Bytes moved per offscreen pixel of `cause`.
    public static func bytesPerOffscreenPixel(_ cause: OffscreenCause) -> Double {
        switch cause {
        case .shadow: 24
        // The backdrop read and written offscreen (8 B), blurred in two directions (each pixel
        // read and written twice more: 16 B), tinted and saturated (8 B), read back (4 B).
        case .blur: 36
        case .mask: 16
        case .cornerClip, .groupOpacity, .rasterization: 8
        }
    }

    /// Render targets a pass of `cause` sets up.
    public static func renderTargets(_ cause: OffscreenCause) -> Double {
        cause == .mask || cause == .blur ? 2 : 1
    }

    /// The estimated cost, in seconds, of `count` offscreen passes of `cause` (set-up and pixels).
    public func cost(of cause: OffscreenCause, _ count: OffscreenCount) -> Double {
        Double(count.passes) * Self.renderTargets(cause) * perOffscreenPass
            + Double(count.pixels) * Self.bytesPerOffscreenPixel(cause) / bandwidth
    }

    /// The estimated render prepare and execute times of a frame, in seconds.
    public func estimate(_ stats: RenderStatistics) -> (prepare: Double, execute: Double) {
        var prepare = Double(stats.layersComposited) * perLayer
        let copied = Double(stats.compositedPixels - stats.blendedPixels)
        var bytes = copied * Self.bytesPerCopiedPixel + Double(stats.blendedPixels) * Self.bytesPerBlendedPixel
        for cause in OffscreenCause.allCases {   // a fixed order: the same sum on every run
            guard let count = stats.offscreen[cause] else { continue }
            prepare += Double(count.passes) * Self.renderTargets(cause) * perOffscreenPass
            bytes += Double(count.pixels) * Self.bytesPerOffscreenPixel(cause)
        }
        return (prepare, bytes / bandwidth)
    }
}
