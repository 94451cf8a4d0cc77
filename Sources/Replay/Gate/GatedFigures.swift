import Foundation

/// One trace's gated figures, by name ("counts.draws", "hitches.commit", "stages_us.layout.p50"…,
/// each `Figure.name`): what a baseline keeps and `check` compares. A many-trace summary keeps one
/// per trace, so a check (and its JUnit report) names the trace that changed.
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

    /// The value of `figure`, if the trace has it.
    public subscript(figure: Figure) -> Double? {
        get { figures[figure.name] }
        set { figures[figure.name] = newValue }
    }

    /// Below this many µs a time's growth is noise, whatever its ratio: a phase of 16 µs whose p90
    /// reads 70 µs on a shared CI machine (measured: the fling's event phase, ×4.2) is not a
    /// regression. 250 µs is 1.5 % of a 60 Hz frame, less than any change a user could see.
    public static let timeFloor = 250.0

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
    static let gatedStages: [Stage] = [.app, .event, .constraints, .layout, .display, .commit]

    /// The value of `figure` in this summary; nil where it has none (the render estimate of a
    /// measured replay, a figure only an experiment has).
    public subscript(figure: Figure) -> Double? {
        switch figure {
        case .frames: Double(frames)
        case .idleVsyncs: Double(idleVsyncs)
        case .hitches(let kind): Double(hitches[kind])
        case .hitchTime(let kind): hitchTimeMs[kind]
        case .hitchTimeRatio: hitchTimeRatio
        case .touches(let phase): Double(touches[phase])
        case .counter(let counter): Double(counts[counter])
        case .backingStoreBytesPeak: Double(backingStoreBytesPeak)
        case .hierarchyWarnings: Double(hierarchyWarnings)
        case .stage(let stage, let statistic): stages[stage][statistic]
        case .renderEstimateTotal: renderEstimate?.total
        case .scrollingDisplayMean: nil
        case .overrun(let statistic): overrunMs[statistic]
        case .jankyFrames: Double(jankyFrames.count)
        case .jankyShare: jankyFrames.share
        case .inputLatency(let phase, let statistic): inputLatencyMs[phase][statistic]
        case .inputLatencyCount(let phase): Double(inputLatencyMs[phase].count)
        }
    }

    /// The value of a figure that is a count, exactly (`self[figure]` gives it as a Double).
    func count(of figure: Figure) -> Int? {
        switch figure {
        case .frames: frames
        case .idleVsyncs: idleVsyncs
        case .hitches(let kind): hitches[kind]
        case .touches(let phase): touches[phase]
        case .counter(let counter): counts[counter]
        case .backingStoreBytesPeak: backingStoreBytesPeak
        case .hierarchyWarnings: hierarchyWarnings
        case .jankyFrames: jankyFrames.count
        case .inputLatencyCount(let phase): inputLatencyMs[phase].count
        default: nil
        }
    }

    /// The figures this summary's replay is gated on: every figure a baseline keeps, but the render
    /// stage's times when it was estimated (its total estimate is gated instead).
    var gatedFigures: [Figure] {
        Figure.all.filter { figure in
            guard figure.places.contains(.baseline), self[figure] != nil else { return false }
            if case .stage(.render, _) = figure { return render == RenderMode.measured.rawValue }
            return true
        }
    }

    /// The figures of this summary itself.
    var ownFigures: TraceFigures {
        var figures = TraceFigures(trace: trace, replaySeconds: replaySeconds, figures: [:])
        for figure in gatedFigures { figures[figure] = self[figure] }
        return figures
    }
}
