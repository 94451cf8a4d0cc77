import Foundation
import QuartzCore
import RunLoop
import Traces
import Histogram
import Support

/// What a replay did, in one object: `summary.json`. Times in microseconds, from HDR histograms
/// (not from keeping every frame), over frames only (idle vsyncs are counted apart); counts are
/// exact.
public struct Summary: Codable, Equatable, Sendable {
    public static let schemaVersion = 4

    public var schema = Summary.schemaVersion
    public var trace: String
    public var scene: String
    /// The scene's variants, "name=on name=off".
    public var variant: String
    public var device: String
    /// The replay's clock: "virtual", "fixed" or "real".
    public var clock: String?
    /// What measured the app's work: "cpu" (the main thread's CPU time) or "wall"; nil in
    /// summaries of uisim before it said (wall time).
    public var appTime: String?
    /// Where the render stage's times come from: "estimated" (the cost model) or "measured" (cairo).
    public var render = "estimated"
    /// Frames: commits that had something to do.
    public var frames = 0
    /// Vsyncs with nothing to commit.
    public var idleVsyncs = 0
    /// When the last frame was presented, in seconds.
    public var durationSeconds = 0.0
    /// Seconds the UI was in motion: the union, over frames, of each frame's time from its vsync
    /// to its presentation (an interaction's first frame to its last frame on screen).
    public var activeSeconds = 0.0
    public var refreshRate: Int
    /// Frames presented late: in all, and by the stage that was late (`hitches.commit`).
    public var hitches = HitchCounts()
    /// Hitch time in all and by the stage that was late, in ms (each late frame counted once).
    public var hitchTimeMs = HitchTimes()
    /// Hitch time per second of active time, in ms/s (Apple's hitch time ratio): never above 1 000.
    public var hitchTimeRatio = 0.0
    public var hitchBands = HitchBands.wwdc2020
    public var hitchBand = "good"
    /// The user's text size the app ran at (`--content-size`: "large", "accessibility-medium"…);
    /// nil in summaries of uisim before it said (large).
    public var contentSize: String?
    /// Light or dark (`--appearance`); nil in summaries of uisim before it said (light).
    public var appearance: String?
    /// Whether the replay was interrupted before the end of the trace.
    public var interrupted = false
    public var touches = FrameRecord.Touches()
    public var counts = FrameRecord.Counts()
    /// The most backing-store bytes alive at once.
    public var backingStoreBytesPeak = 0
    public var stages = Stages()
    /// Problems with how the scene's views are built (see `UIView.hierarchyWarnings()`).
    public var warnings: [String] = []
    /// How many `warnings` there are.
    public var hierarchyWarnings = 0
    /// What Auto Layout reported while the scene was built and replayed, as UIKit logs it
    /// (unsatisfiable constraints and the one it broke, a constraint without a common ancestor);
    /// nil when nothing was.
    public var layoutIssues: [String]?
    /// The render server's estimated work over the whole replay; nil when it was measured.
    public var renderEstimate: RenderEstimate?
    /// The frames' overrun (ready minus expected presentation), ms: negative is headroom.
    public var overrunMs = PhaseDistribution()
    /// Frames whose work took longer than a frame interval.
    public var jankyFrames = JankyFrames()
    /// Input latency by touch phase, ms: from the oldest hardware sample a delivered touch reflects
    /// to the presentation of the frame that shows it (touches delivered in vsyncs that changed
    /// nothing on screen have none).
    public var inputLatencyMs = InputLatency()

    public struct JankyFrames: Codable, Equatable, Sendable {
        public var count = 0
        /// Of the frames, in %.
        public var share = 0.0
        public init() {}
    }

    /// A distribution of latencies and how many there were (none: every statistic is 0).
    public struct Latency: Codable, Equatable, Sendable {
        public var count = 0
        public var p50 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0

        public init(count: Int = 0, _ d: PhaseDistribution = PhaseDistribution()) {
            self.count = count
            (p50, p90, p95, p99, max, mean) = (d.p50, d.p90, d.p95, d.p99, d.max, d.mean)
        }

        public subscript(statistic: Statistic) -> Double {
            PhaseDistribution.from(self)[statistic]
        }
    }

    /// Input latency by touch phase.
    public typealias InputLatency = ByTouchPhase<Latency>

    /// The layers that needed offscreen passes, costliest first (Xcode's "Optimization
    /// Opportunities").
    public var opportunities: [Opportunity] = []
    /// The traces the summary covers (one for a replay; several once merged).
    public var traces: [String]?
    /// The stage histograms themselves, so that summaries merge exactly (`uisim merge`).
    public var histograms: Histograms?
    /// How long the replay took, in seconds of wall time (the sum, once merged).
    public var replaySeconds: Double?
    /// Each trace's gated figures, in a summary of several traces (nil for one trace: its
    /// figures are the summary's own), so that `check` names the trace that changed.
    public var perTrace: [TraceFigures]?
    /// Each screen transition (push, pop, interactive pop, present, dismiss, tab switch) in the
    /// order they began, with the frames that showed it and their hitches; nil when there were none.
    public var transitions: [TransitionFigures]?

    /// One screen transition: the frames from the one whose event phase began it to the one
    /// that ended it, and their hitches (a commit hitch there is the incoming screen's first
    /// layout and draw, most often).
    public struct TransitionFigures: Codable, Equatable, Sendable {
        /// "push", "pop", "interactive pop", "present", "dismiss" or "tab switch".
        public var kind: String
        /// The type of the screen shown (pushed, popped to, presented, dismissed, selected).
        public var screen: String
        /// "finished", "cancelled", or "unfinished" (the replay ended first).
        public var outcome: String
        /// The trace it happened in (several once merged).
        public var trace: String?
        /// When its first frame's vsync came, and how long until its last frame was presented, s.
        public var startS: Double
        public var durationS: Double
        public var frames: Int
        public var hitches = Summary.HitchCounts(repeating: 0)
        public var hitchTimeMs = 0.0

        enum CodingKeys: String, CodingKey {
            case kind, screen, outcome, trace, frames, hitches
            case startS = "start_s", durationS = "duration_s", hitchTimeMs = "hitch_time_ms"
        }

        /// "push MessageViewController: 22 frames in 0.37 s, 1 commit hitch".
        public var sentence: String {
            let late = hitches.total == 0 ? "no hitch"
                : [hitches.commit > 0 ? "\(hitches.commit) commit hitch\(hitches.commit == 1 ? "" : "es")" : nil,
                   hitches.render > 0 ? "\(hitches.render) render hitch\(hitches.render == 1 ? "" : "es")" : nil]
                    .compactMap { $0 }.joined(separator: ", ") + String(format: " (%.1f ms)", hitchTimeMs)
            return "\(kind) \(screen)\(outcome == "finished" ? "" : " (\(outcome))"): \(frames) frame\(frames == 1 ? "" : "s") in "
                + String(format: "%.2f s, ", durationS) + late
        }
    }

    /// Hitches in all and by kind (`total` is `commit + render`).
    public typealias HitchCounts = ByHitchKind<Int>

    /// Hitch time in all and by kind, in ms.
    public typealias HitchTimes = ByHitchKind<Double>

    /// The render server's estimated work over the whole replay (`render_estimate_us.total`).
    public struct RenderEstimate: Codable, Equatable, Sendable {
        /// In µs: deterministic, gated exactly (a per-frame statistic would rise when fewer, larger
        /// frames do less work in all).
        public var total = 0.0
    }

    /// Each stage's distribution over frames.
    public struct Stages: Codable, Equatable, Sendable {
        private var values = [PhaseDistribution](repeating: PhaseDistribution(), count: Stage.allCases.count)
        public init() {}

        public subscript(stage: Stage) -> PhaseDistribution {
            get { values[Stage.allCases.firstIndex(of: stage)!] }
            set { values[Stage.allCases.firstIndex(of: stage)!] = newValue }
        }

        public var app: PhaseDistribution { self[.app] }
        public var render: PhaseDistribution { self[.render] }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: FrameRecord.Key.self)
            for stage in Stage.allCases { try container.encode(self[stage], forKey: FrameRecord.Key(stage.rawValue)) }
        }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: FrameRecord.Key.self)
            for stage in Stage.allCases { self[stage] = try container.decode(PhaseDistribution.self, forKey: FrameRecord.Key(stage.rawValue)) }
        }
    }

    /// The stage histograms (nanoseconds), by stage name, as their non-empty buckets: `[value,
    /// count]` pairs, each value recording into the same bucket of a histogram made like
    /// `SummaryBuilder`'s.
    public typealias Histograms = [String: [[UInt64]]]

    enum CodingKeys: String, CodingKey {
        case appTime = "app_time"
        case schema, trace, scene, variant, device, clock, render, frames, hitches, interrupted, touches, counts, warnings, traces, opportunities
        case idleVsyncs = "idle_vsyncs", durationSeconds = "duration_s", activeSeconds = "active_s", refreshRate = "refresh_hz"
        case hitchTimeMs = "hitch_time_ms"
        case hitchTimeRatio = "hitch_time_ratio_ms_per_s", hitchBands = "hitch_bands", hitchBand = "hitch_band"
        case backingStoreBytesPeak = "backing_store_bytes_peak", stages = "stages_us", histograms = "histograms_ns"
        case hierarchyWarnings = "hierarchy_warnings", renderEstimate = "render_estimate_us"
        case overrunMs = "overrun_ms", jankyFrames = "janky_frames", inputLatencyMs = "input_latency_ms"
        case replaySeconds = "replay_s", perTrace = "per_trace", layoutIssues = "layout_issues"
        case contentSize = "content_size", transitions, appearance
    }

    public init(trace: String, scene: String, variant: String, device: String, refreshRate: Int) {
        self.trace = trace
        self.scene = scene
        self.variant = variant
        self.device = device
        self.refreshRate = refreshRate
        traces = [trace]
    }
}
