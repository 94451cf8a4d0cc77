import Foundation
import Histogram

/// The distribution of one phase's time, in microseconds.
public struct PhaseDistribution: Codable, Equatable, Sendable {
    public var p50 = 0.0, p90 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0
    public init() {}
}

/// What a replay did, in one object: `summary.json`. Times in microseconds, from HDR histograms
/// (not from keeping every frame); counts are exact.
public struct Summary: Codable, Equatable, Sendable {
    public static let schemaVersion = 1

    public var schema = Summary.schemaVersion
    public var trace: String
    public var scene: String
    /// The scene's variants, "name=on name=off".
    public var variant: String
    public var device: String
    public var frames = 0
    public var durationSeconds = 0.0
    public var refreshRate: Int
    public var hitches = 0
    /// Hitch time per second of replay, in ms/s (Apple's hitch time ratio).
    public var hitchTimeRatio = 0.0
    /// Apple's bands: good below 5 ms/s, warning 5–10, critical from 10.
    public var hitchBand = "good"
    /// Whether the replay was interrupted before the end of the trace.
    public var interrupted = false
    public var touches = FrameRecord.Touches()
    public var counts = FrameRecord.Counts()
    /// The most backing-store bytes alive at once.
    public var backingStoreBytesPeak = 0
    public var phases = Phases()
    /// Problems with how the scene's views are built (see `UIView.hierarchyWarnings()`).
    public var warnings: [String] = []

    public struct Phases: Codable, Equatable, Sendable {
        public var event = PhaseDistribution(), timers = PhaseDistribution(), layout = PhaseDistribution()
        public var display = PhaseDistribution(), render = PhaseDistribution(), frame = PhaseDistribution()
        public init() {}
    }

    enum CodingKeys: String, CodingKey {
        case schema, trace, scene, variant, device, frames, hitches, interrupted, touches, counts, warnings
        case durationSeconds = "duration_s", refreshRate = "refresh_hz"
        case hitchTimeRatio = "hitch_time_ratio_ms_per_s", hitchBand = "hitch_band"
        case backingStoreBytesPeak = "backing_store_bytes_peak", phases = "phases_us"
    }

    public init(trace: String, scene: String, variant: String, device: String, refreshRate: Int) {
        self.trace = trace
        self.scene = scene
        self.variant = variant
        self.device = device
        self.refreshRate = refreshRate
    }

    /// Apple's band for a hitch time ratio.
    public static func band(forRatio ratio: Double) -> String {
        ratio < 5 ? "good" : ratio < 10 ? "warning" : "critical"
    }
}

/// Builds a `Summary` frame by frame, in constant memory.
public struct SummaryBuilder: Sendable {
    public private(set) var summary: Summary
    /// Phase times in nanoseconds: event, timers, layout, display, render, frame.
    public private(set) var histograms: [Histogram<UInt64>]
    private var hitchMilliseconds = 0.0

    public init(_ summary: Summary) {
        self.summary = summary
        histograms = (0..<6).map { _ in Histogram<UInt64>(highestTrackableValue: 600_000_000_000, numberOfSignificantValueDigits: .three) }
    }

    public mutating func add(_ frame: FrameRecord) {
        summary.frames += 1
        if frame.hitch > 0 {
            summary.hitches += 1
            hitchMilliseconds += frame.hitch
        }
        let p = frame.phases
        for (index, micros) in [p.event, p.timers, p.layout, p.display, p.render, p.total].enumerated() {
            _ = histograms[index].record(UInt64(max(0, micros * 1000).rounded()))
        }
        let c = frame.counts
        summary.counts.layouts += c.layouts
        summary.counts.draws += c.draws
        summary.counts.drawnPixels += c.drawnPixels
        summary.counts.drawOperations += c.drawOperations
        summary.counts.damagedPixels += c.damagedPixels
        summary.counts.compositedPixels += c.compositedPixels
        summary.counts.blendedPixels += c.blendedPixels
        summary.counts.occludedPixels += c.occludedPixels
        summary.counts.layersComposited += c.layersComposited
        summary.counts.misalignedLayers += c.misalignedLayers
        summary.counts.offscreenLayers += c.offscreenLayers
        summary.counts.hitTestedViews += c.hitTestedViews
        summary.counts.backingStoreBytes = c.backingStoreBytes
        summary.backingStoreBytesPeak = max(summary.backingStoreBytesPeak, c.backingStoreBytes)
        summary.touches.began += frame.touches.began
        summary.touches.moved += frame.touches.moved
        summary.touches.ended += frame.touches.ended
        summary.touches.cancelled += frame.touches.cancelled
        summary.durationSeconds = frame.presented
    }

    /// The summary with its distributions and ratios filled in.
    public func finished(interrupted: Bool) -> Summary {
        var s = summary
        s.interrupted = interrupted
        s.hitchTimeRatio = s.durationSeconds > 0 ? hitchMilliseconds / s.durationSeconds : 0
        s.hitchBand = Summary.band(forRatio: s.hitchTimeRatio)
        func distribution(_ h: Histogram<UInt64>) -> PhaseDistribution {
            var d = PhaseDistribution()
            guard h.totalCount > 0 else { return d }
            d.p50 = Double(h.valueAtPercentile(50)) / 1000
            d.p90 = Double(h.valueAtPercentile(90)) / 1000
            d.p99 = Double(h.valueAtPercentile(99)) / 1000
            d.max = Double(h.max) / 1000
            d.mean = h.mean / 1000
            return d
        }
        s.phases.event = distribution(histograms[0])
        s.phases.timers = distribution(histograms[1])
        s.phases.layout = distribution(histograms[2])
        s.phases.display = distribution(histograms[3])
        s.phases.render = distribution(histograms[4])
        s.phases.frame = distribution(histograms[5])
        return s
    }
}
