import Foundation
import QuartzCore
import UIKit

/// Where a figure's value is written.
public struct FigurePlaces: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A replay's `summary.json`, under the figure's name.
    public static let summary = FigurePlaces(rawValue: 1)
    /// Each frame of `frames.jsonl`, under `Figure.framePath`.
    public static let frames = FigurePlaces(rawValue: 2)
    /// A baseline and `check` (and so its JUnit cases): the gated figures.
    public static let baseline = FigurePlaces(rawValue: 4)
    /// `compare.json` (and the advice's verdicts).
    public static let compare = FigurePlaces(rawValue: 8)
}

/// What unit a figure is in.
public enum FigureUnit: String, Sendable {
    case count, pixels, bytes
    case microseconds = "µs", milliseconds = "ms", msPerSecond = "ms/s", percent = "%"
}

/// Which way a figure gets worse, for a check.
public enum FigureWorse: Sendable, Equatable {
    /// More is worse (work done: draws, pixels, hitches).
    case higher
    /// Neither way by itself: a change is reported and passes unless strict (pixels skipped under
    /// opaque layers grow with opaque views and shrink with less damage; rasterization hits grow
    /// with rasterized layers on screen longer, the misses being gated apart; reused cells grow as
    /// created ones fall, `cellForRowAt` calls being gated apart).
    case neither
    /// Any change is a regression (the trace was delivered differently).
    case anyChange
}

/// How `check` judges a figure.
public enum FigureGate: Sendable, Equatable {
    /// Exactly: a change is a regression when it goes the worse way, an improvement the other.
    case exact(FigureWorse)
    /// A measured time: a regression when it grows past the tolerance ratio (and by more than
    /// `TraceFigures.timeFloor`), an improvement when it shrinks past it.
    case ratio
    /// Not gated: written and shown only.
    case reported
}

/// A statistic of a stage's time over frames.
public enum Statistic: String, CaseIterable, Codable, Sendable {
    case p50, p90, p95, p99, max, mean
}

/// Hitches in all, or by the stage that was late.
public enum HitchKind: String, CaseIterable, Codable, Sendable {
    case total, commit, render
}

/// The phases of a touch.
public enum TouchPhase: String, CaseIterable, Codable, Sendable {
    case began, moved, ended, cancelled
}

/// A value for each kind of hitch (for counts and times, `total` is `commit + render`).
public struct ByHitchKind<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var total: Value, commit: Value, render: Value

    public init(repeating value: Value) {
        (total, commit, render) = (value, value, value)
    }

    public subscript(kind: HitchKind) -> Value {
        get {
            switch kind {
            case .total: total
            case .commit: commit
            case .render: render
            }
        }
        set {
            switch kind {
            case .total: total = newValue
            case .commit: commit = newValue
            case .render: render = newValue
            }
        }
    }
}

extension ByHitchKind where Value: AdditiveArithmetic {
    /// Zero for every kind.
    public init() { self.init(repeating: .zero) }
}

/// A value for each touch phase.
public struct ByTouchPhase<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
    public var began: Value, moved: Value, ended: Value, cancelled: Value

    public init(repeating value: Value) {
        (began, moved, ended, cancelled) = (value, value, value, value)
    }

    public subscript(phase: TouchPhase) -> Value {
        get {
            switch phase {
            case .began: began
            case .moved: moved
            case .ended: ended
            case .cancelled: cancelled
            }
        }
        set {
            switch phase {
            case .began: began = newValue
            case .moved: moved = newValue
            case .ended: ended = newValue
            case .cancelled: cancelled = newValue
            }
        }
    }
}

extension ByTouchPhase where Value == Int {
    /// No touch in any phase.
    public init() { self.init(repeating: 0) }

    /// The touches `report` delivered, by phase (the packager counted them, once).
    public init(_ report: EventReport) {
        (began, moved, ended, cancelled) = (report.began, report.moved, report.ended, report.cancelled)
    }

    /// Adds `other`'s touches (saturating).
    public mutating func add(_ other: ByTouchPhase<Int>) {
        for phase in TouchPhase.allCases { self[phase].addSaturating(other[phase]) }
    }
}

extension ByTouchPhase where Value == Summary.Latency {
    /// No latency in any phase.
    public init() { self.init(repeating: Summary.Latency()) }
}

/// A figure of a replay, declared once: its one name (a path in `summary.json`, the same in a
/// baseline, a JUnit case, `compare.json`), its unit, how `check` gates it, where it is written and
/// what it means. Everything that names, writes, reads or judges a figure goes through this type,
/// so a misspelt figure does not compile.
///
/// Adding a counter is two places: a case of `Counter` (with its meaning and which way is worse)
/// and the stage that counts it (see the README's contributor notes).
public enum Figure: Hashable, Sendable, CustomStringConvertible {
    /// Frames: commits that had something to do.
    case frames
    /// Vsyncs with nothing to commit.
    case idleVsyncs
    /// Frames presented late: in all, or by the stage that was late.
    case hitches(HitchKind)
    /// Hitch time in ms (each late frame counted once).
    case hitchTime(HitchKind)
    /// Hitch time per second of active time.
    case hitchTimeRatio
    /// Touch phases delivered.
    case touches(TouchPhase)
    /// A counter of the work frames did.
    case counter(Counter)
    /// The most backing-store bytes alive at once.
    case backingStoreBytesPeak
    /// Problems in how the scene's views are built.
    case hierarchyWarnings
    /// A statistic of a stage's time over frames.
    case stage(Stage, Statistic)
    /// The render server's estimated work over the whole replay.
    case renderEstimateTotal
    /// The mean display time of the frames spent scrolling (an experiment's, from its frames).
    case scrollingDisplayMean
    /// A statistic of the frames' overrun: when each was ready minus its expected presentation, ms
    /// (negative is headroom; Macrobenchmark's `frameOverrunMs`).
    case overrun(Statistic)
    /// Frames whose work (app and render stages) took longer than a frame interval.
    case jankyFrames
    /// Janky frames as a share of the frames, %.
    case jankyShare
    /// A statistic of the input latency of touches of a phase: from the oldest hardware sample a
    /// delivered touch reflects to the presentation of the frame that shows it, ms.
    case inputLatency(TouchPhase, Statistic)
    /// How many touches of a phase have an input latency (those a frame showed).
    case inputLatencyCount(TouchPhase)

    /// Every figure, in the order tables show them.
    public static let all: [Figure] = [.frames, .idleVsyncs]
        + HitchKind.allCases.map(Figure.hitches) + HitchKind.allCases.map(Figure.hitchTime) + [.hitchTimeRatio]
        + TouchPhase.allCases.map(Figure.touches)
        + Counter.allCases.map(Figure.counter) + [.backingStoreBytesPeak, .hierarchyWarnings]
        + Stage.allCases.flatMap { stage in Statistic.allCases.map { Figure.stage(stage, $0) } }
        + [.renderEstimateTotal, .scrollingDisplayMean]
        + Statistic.allCases.map(Figure.overrun) + [.jankyFrames, .jankyShare]
        + TouchPhase.allCases.flatMap { phase in [Figure.inputLatencyCount(phase)] + Statistic.allCases.map { Figure.inputLatency(phase, $0) } }

    private static let byName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The figure called `name`, if one is.
    public init?(name: String) {
        guard let figure = Self.byName[name] else { return nil }
        self = figure
    }

    /// The figure's one name: its path in `summary.json` ("hitches.commit", "counts.draws",
    /// "stages_us.layout.p90").
    public var name: String {
        switch self {
        case .frames: "frames"
        case .idleVsyncs: "idle_vsyncs"
        case .hitches(let kind): "hitches.\(kind.rawValue)"
        case .hitchTime(let kind): "hitch_time_ms.\(kind.rawValue)"
        case .hitchTimeRatio: "hitch_time_ratio_ms_per_s"
        case .touches(let phase): "touches.\(phase.rawValue)"
        case .counter(let counter): "counts.\(counter.rawValue)"
        case .backingStoreBytesPeak: "backing_store_bytes_peak"
        case .hierarchyWarnings: "hierarchy_warnings"
        case .stage(let stage, let statistic): "stages_us.\(stage.rawValue).\(statistic.rawValue)"
        case .renderEstimateTotal: "render_estimate_us.total"
        case .scrollingDisplayMean: "scrolling_display_us.mean"
        case .overrun(let statistic): "overrun_ms.\(statistic.rawValue)"
        case .jankyFrames: "janky_frames.count"
        case .jankyShare: "janky_frames.share"
        case .inputLatency(let phase, let statistic): "input_latency_ms.\(phase.rawValue).\(statistic.rawValue)"
        case .inputLatencyCount(let phase): "input_latency_ms.\(phase.rawValue).count"
        }
    }

    public var description: String { name }

    /// Where the figure of a single frame is in `frames.jsonl`, if frames carry it.
    public var framePath: String? {
        switch self {
        case .touches, .counter: name
        case .stage(let stage, _): "stages_us.\(stage.rawValue)"
        default: nil
        }
    }

    public var unit: FigureUnit {
        switch self {
        case .frames, .idleVsyncs, .hitches, .touches, .hierarchyWarnings, .jankyFrames, .inputLatencyCount: .count
        case .hitchTime, .overrun, .inputLatency: .milliseconds
        case .jankyShare: .percent
        case .hitchTimeRatio: .msPerSecond
        case .counter(let counter): counter.unit
        case .backingStoreBytesPeak: .bytes
        case .stage, .renderEstimateTotal, .scrollingDisplayMean: .microseconds
        }
    }

    /// How `check` judges the figure.
    public var gate: FigureGate {
        switch self {
        case .frames, .backingStoreBytesPeak, .hierarchyWarnings, .renderEstimateTotal: .exact(.higher)
        case .hitches(let kind), .hitchTime(let kind): kind == .total ? .reported : .exact(.higher)
        case .touches: .exact(.anyChange)
        case .counter(let counter): counter.isLevel ? .reported : .exact(counter.worse)
        case .stage(let stage, let statistic):
            Summary.gatedStages.contains(stage) || stage == .render ? (statistic == .p50 || statistic == .p90 ? .ratio : .reported) : .reported
        case .idleVsyncs, .hitchTimeRatio, .scrollingDisplayMean, .overrun, .jankyFrames, .jankyShare, .inputLatency, .inputLatencyCount: .reported
        }
    }

    /// Where the figure is written.
    public var places: FigurePlaces {
        var places: FigurePlaces = self == .scrollingDisplayMean ? [] : .summary
        if framePath != nil { places.insert(.frames) }
        if gate != .reported { places.insert(.baseline) }
        if Self.compared.contains(self) { places.insert(.compare) }
        return places
    }

    /// What the figure is, in a line.
    public var meaning: String {
        switch self {
        case .frames: "frames (commits that had something to do)"
        case .idleVsyncs: "vsyncs with nothing to commit"
        case .hitches(.total): "hitches: frames presented late"
        case .hitches(let kind): "\(kind.rawValue) hitches: frames late because of the \(kind == .commit ? "app's commit" : "render server")"
        case .hitchTime(.total): "hitch time (ms), each late frame counted once"
        case .hitchTime(let kind): "hitch time of \(kind.rawValue) hitches (ms)"
        case .hitchTimeRatio: "hitch time ratio (ms of hitches per second of active time)"
        case .touches(let phase): "touches \(phase.rawValue)"
        case .counter(let counter): counter.label
        case .backingStoreBytesPeak: "the most backing-store bytes alive at once"
        case .hierarchyWarnings: "hierarchy warnings (subviews inside system controls, …)"
        case .stage(let stage, let statistic): "\(stage.label) time, \(statistic.rawValue) over frames (µs)"
        case .renderEstimateTotal: "the render server's estimated time over the whole replay (µs)"
        case .scrollingDisplayMean: "display time per frame while scrolling, mean (µs)"
        case .overrun(let statistic): "frame overrun, \(statistic.rawValue) (ms: when ready minus expected presentation; negative is headroom)"
        case .jankyFrames: "janky frames: app and render stages over a frame interval"
        case .jankyShare: "janky frames, % of frames"
        case .inputLatency(let phase, let statistic): "input latency of touches \(phase.rawValue), \(statistic.rawValue) (ms: sample to presentation)"
        case .inputLatencyCount(let phase): "touches \(phase.rawValue) with an input latency (shown by a frame)"
        }
    }

    /// What `compare` sets side by side: every exact figure and the times below, as ratios.
    static let compared: Set<Figure> = Set(all.filter {
        if case .exact = $0.gate { return true }
        return false
    }).union([.idleVsyncs] + comparedTimes)

    /// The times `compare` gives as median ratios B ÷ A.
    public static let comparedTimes: [Figure] = [
        .stage(.app, .p50), .stage(.app, .p95), .stage(.app, .max), .stage(.app, .mean), .stage(.event, .mean), .stage(.constraints, .mean),
        .stage(.layout, .mean), .stage(.layout, .max),
        .stage(.display, .mean), .stage(.commit, .mean), .stage(.render, .p50), .stage(.render, .mean), .hitchTimeRatio,
        .scrollingDisplayMean,
    ]
}

extension Stage {
    /// The stage in words.
    public var label: String {
        switch self {
        case .app: "app stage"
        case .event: "event phase"
        case .constraints: "constraints (update pass and solve)"
        case .layout: "layout"
        case .display: "display"
        case .prepare: "prepare"
        case .commit: "commit"
        case .text: "text (inside the commit phase)"
        case .render: "render stage"
        case .renderPrepare: "render prepare"
        case .renderExecute: "render execute"
        case .frame: "whole frame (app + render)"
        }
    }
}

extension Counter {
    /// Which way the counter gets worse, for a check: more is worse, but for the counters whose
    /// change is neither better nor worse by itself (`FigureWorse.neither`).
    public var worse: FigureWorse {
        switch self {
        case .occludedPixels, .rasterHits, .cellsReused: .neither
        default: .higher
        }
    }

    /// The counter's unit.
    public var unit: FigureUnit {
        if self == .backingStoreBytes { return .bytes }
        return rawValue.hasSuffix("_pixels") ? .pixels : .count
    }
}
