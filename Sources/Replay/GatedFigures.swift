import Foundation

/// How `uisim check` judges one figure.
public enum FigureRule: Sendable, Equatable {
    /// A count that must not change; a change is a regression when it goes the worse way.
    case exact(Better)
    /// A measured time (µs): a regression when it grows past the tolerance ratio (and by more
    /// than `TraceFigures.timeFloor`), an improvement when it shrinks past it.
    case time

    public enum Better: Sendable, Equatable {
        /// Less is better (work done: draws, pixels, hitches).
        case lower
        /// Neither by itself: a change is reported, and passes unless strict (pixels skipped
        /// under opaque layers grow with opaque views, and shrink with less damage; rasterization
        /// hits grow with rasterized layers that stay on screen longer, and the misses that
        /// matter are gated on their own; reused cells grow as created ones fall, and
        /// `cellForRowAt` calls are gated on their own).
        case neither
        /// Any change is a regression (the input was delivered differently).
        case unchanged
    }

    /// The rule of the figure called `name`, by its prefix and name.
    public static func of(_ name: String) -> FigureRule {
        if name.hasPrefix("stages_us.") { return .time }
        if name.hasPrefix("touches.") { return .exact(.unchanged) }
        if ["counts.occluded_pixels", "counts.raster_hits", "counts.cells_reused"].contains(name) { return .exact(.neither) }
        return .exact(.lower)
    }
}

/// One trace's gated figures, by name ("counts.draws", "hitches.commit", "stages_us.layout.p50"…): what
/// a baseline keeps and `check` compares. A many-trace summary keeps one per trace, so a check
/// (and its JUnit report) names the trace that changed.
public struct TraceFigures: Codable, Equatable, Sendable {
    /// The trace's file name.
    public var trace: String
    /// How long its replay took, in seconds (wall time: the JUnit test case's time).
    public var replaySeconds: Double?
    public var figures: [String: Double]

    enum CodingKeys: String, CodingKey {
        case trace, figures
        case replaySeconds = "replay_s"
    }

    public init(trace: String, replaySeconds: Double?, figures: [String: Double]) {
        self.trace = trace
        self.replaySeconds = replaySeconds
        self.figures = figures
    }

    /// Below this many µs a time's growth is noise, whatever its ratio (a phase of 3 µs that
    /// takes 6 µs on a busy machine is not a regression).
    public static let timeFloor = 50.0

    /// Times of a trace with fewer frames are reported, not gated: the percentiles of a handful of
    /// frames are one or two frames' times, which the machine's other work decides.
    public static let minimumFramesForTimes = 20
}

extension Summary {
    /// This summary's gated figures, one entry per trace: the summary's own for a replay of one
    /// trace, the kept per-trace entries for a merged one.
    public var figuresPerTrace: [TraceFigures] {
        perTrace ?? [ownFigures]
    }

    /// The app stage's phases gated by ratio (measured); the render stage is gated exactly when
    /// estimated (`render_estimate_us.total`), by ratio when measured.
    static let gatedStages: [Stage] = [.app, .event, .layout, .display, .commit]

    /// The figures of this summary itself.
    var ownFigures: TraceFigures {
        var f: [String: Double] = [
            "frames": Double(frames),
            "hitches.commit": Double(hitchesByType.commit), "hitches.render": Double(hitchesByType.render),
            "hitch_time_ms.commit": hitchTimeMsByType.commit, "hitch_time_ms.render": hitchTimeMsByType.render,
            "backing_store_bytes_peak": Double(backingStoreBytesPeak),
            "hierarchy_warnings": Double(warnings.count),
            "touches.began": Double(touches.began), "touches.moved": Double(touches.moved),
            "touches.ended": Double(touches.ended), "touches.cancelled": Double(touches.cancelled),
        ]
        for counter in Counter.summed { f["counts.\(counter.rawValue)"] = Double(counts[counter]) }
        func add(_ prefix: String, _ d: PhaseDistribution) {
            f["\(prefix).p50"] = d.p50
            f["\(prefix).p90"] = d.p90
        }
        for stage in Self.gatedStages { add("stages_us.\(stage.rawValue)", stages[stage]) }
        if render == RenderMode.measured.rawValue {
            add("stages_us.render", stages.render)
        } else {
            // The render server's estimated work over the whole replay: deterministic, gated exactly
            // (a per-frame statistic would rise when fewer, larger frames do less work in all).
            f["render_estimate_us.total"] = (stages.render.mean * Double(frames)).rounded()
        }
        return TraceFigures(trace: trace, replaySeconds: replaySeconds, figures: f)
    }
}
