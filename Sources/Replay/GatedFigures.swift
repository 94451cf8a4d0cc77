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
        /// under opaque layers grow with opaque views, and shrink with less damage).
        case neither
        /// Any change is a regression (the input was delivered differently).
        case unchanged
    }

    /// The rule of the figure called `name`, by its prefix and name.
    public static func of(_ name: String) -> FigureRule {
        if name.hasPrefix("phases_us.") { return .time }
        if name.hasPrefix("touches.") { return .exact(.unchanged) }
        if name == "counts.occluded_pixels" { return .exact(.neither) }
        return .exact(.lower)
    }
}

/// One trace's gated figures, by name ("counts.draws", "hitches", "phases_us.layout.p50"…): what
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

    /// The phase statistics gated by ratio: the median and the mean of frames' phase times. The
    /// p99 of a trace of a few hundred frames is its two or three slowest frames, which the
    /// machine's other work decides; the median and the mean move when most frames get slower.
    public static let gatedTimeStatistics = ["p50", "mean"]

    /// Below this many µs a time's growth is noise, whatever its ratio (a phase of 3 µs that
    /// takes 6 µs on a busy machine is not a regression).
    public static let timeFloor = 50.0
}

extension Summary {
    /// This summary's gated figures, one entry per trace: the summary's own for a replay of one
    /// trace, the kept per-trace entries for a merged one.
    public var figuresPerTrace: [TraceFigures] {
        perTrace ?? [ownFigures]
    }

    /// The figures of this summary itself.
    var ownFigures: TraceFigures {
        var f: [String: Double] = [
            "frames": Double(frames),
            "hitches": Double(hitches),
            "hitch_time_ms": hitchTimeMs ?? 0,
            "backing_store_bytes_peak": Double(backingStoreBytesPeak),
            "hierarchy_warnings": Double(warnings.count),
            "touches.began": Double(touches.began), "touches.moved": Double(touches.moved),
            "touches.ended": Double(touches.ended), "touches.cancelled": Double(touches.cancelled),
        ]
        for counter in counts.named { f["counts.\(counter.name)"] = Double(counter.value) }
        for (phase, distribution) in phases.named {
            for statistic in TraceFigures.gatedTimeStatistics {
                f["phases_us.\(phase).\(statistic)"] = statistic == "p50" ? distribution.p50 : distribution.mean
            }
        }
        return TraceFigures(trace: trace, replaySeconds: replaySeconds, figures: f)
    }
}

extension Summary.Phases {
    /// Every phase with its JSON name, in a fixed order.
    public var named: [(name: String, distribution: PhaseDistribution)] {
        [("event", event), ("timers", timers), ("layout", layout), ("display", display), ("render", render), ("frame", frame)]
    }
}
