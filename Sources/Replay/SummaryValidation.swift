import Foundation

extension Int {
    /// Adds `other`, stopping at `Int.max` instead of trapping: counts read from files are at
    /// most 2^53 (`Summary.problems`), but enough of them summed could still overflow.
    mutating func addSaturating(_ other: Int) {
        let (sum, overflow) = addingReportingOverflow(other)
        self = overflow ? .max : sum
    }
}

extension Summary {
    /// The largest count a summary may hold: what JSON numbers carry exactly (2^53).
    public static let maxCount = 1 << 53
    /// The largest time a summary may hold, in seconds or milliseconds (a week in ms, and more).
    public static let maxTime = 1e12

    /// The problems that make this summary unusable, each with the path of its value (none: it is
    /// valid). Counts are whole numbers from 0 to 2^53, times finite and not negative, histogram
    /// buckets `[value, count]` pairs that a summary's histogram can hold.
    public var problems: [FigureProblem] {
        var problems: [FigureProblem] = []
        func count(_ name: String, _ value: Int) {
            if value < 0 || value > Self.maxCount { problems.append(FigureProblem(name, "is \(value): expected 0 to 2^53")) }
        }
        func time(_ name: String, _ value: Double) {
            if !value.isFinite || value < 0 || value > Self.maxTime { problems.append(FigureProblem(name, "is \(value): expected a time from 0 to 10^12")) }
        }
        count("frames", frames)
        count("idle_vsyncs", idleVsyncs)
        count("hitches", hitches)
        count("hitches_by_type.commit", hitchesByType.commit)
        count("hitches_by_type.render", hitchesByType.render)
        count("backing_store_bytes_peak", backingStoreBytesPeak)
        for (name, value) in [("began", touches.began), ("moved", touches.moved), ("ended", touches.ended), ("cancelled", touches.cancelled)] {
            count("touches.\(name)", value)
        }
        for counter in Counter.allCases { count("counts.\(counter.rawValue)", counts[counter]) }
        for (name, value) in [("duration_s", durationSeconds), ("active_s", activeSeconds), ("hitch_time_ms", hitchTimeMs),
                              ("hitch_time_ms_by_type.commit", hitchTimeMsByType.commit),
                              ("hitch_time_ms_by_type.render", hitchTimeMsByType.render), ("replay_s", replaySeconds ?? 0)] {
            time(name, value)
        }
        for stage in Stage.allCases {
            let d = stages[stage]
            for (statistic, value) in [("p50", d.p50), ("p90", d.p90), ("p95", d.p95), ("p99", d.p99), ("max", d.max), ("mean", d.mean)] {
                time("stages_us.\(stage.rawValue).\(statistic)", value)
            }
        }
        for (index, o) in opportunities.enumerated() {
            for (name, value) in [("instances", o.instances), ("frames", o.frames), ("passes", o.passes), ("pixels", o.pixels)] {
                count("opportunities[\(index)].\(name)", value)
            }
            time("opportunities[\(index)].estimated_ms", o.estimatedMs)
        }
        for (name, pairs) in (histograms ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard Stage(rawValue: name) != nil else {
                problems.append(FigureProblem("histograms_ns.\(name)", "is an unknown stage"))
                continue
            }
            var total: UInt64 = 0
            for (index, pair) in pairs.enumerated() {
                guard pair.count == 2, pair[0] <= SummaryBuilder.highestTrackableNanoseconds, pair[1] > 0, pair[1] <= UInt64(Self.maxCount) else {
                    problems.append(FigureProblem("histograms_ns.\(name)[\(index)]", "is \(pair): expected [value up to 6e11 ns, count from 1 to 2^53]"))
                    continue
                }
                total = total.addingReportingOverflow(pair[1]).overflow ? .max : total + pair[1]
            }
            // Each frame is recorded once per stage: the buckets count the summary's frames (and so
            // never more than 2^53, which merging many summaries must not overflow either).
            if total != UInt64(clamping: frames) && problems.isEmpty {
                problems.append(FigureProblem("histograms_ns.\(name)", "counts \(total) frames, the summary \(frames)"))
            }
        }
        for (index, entry) in (perTrace ?? []).enumerated() {
            problems += Baseline.problems(of: entry, at: "per_trace[\(index)]")
        }
        if let perTrace, Set(perTrace.map(\.trace)).count != perTrace.count {
            problems.append(FigureProblem("per_trace", "lists a trace twice"))
        }
        return problems
    }
}

extension Baseline {
    /// The problems that make this baseline unusable, each with the path of its value: a trace
    /// listed twice, a figure that is not a finite number from 0 (counts: whole, at most 2^53;
    /// times: at most 10^12 µs).
    public var problems: [FigureProblem] {
        var problems: [FigureProblem] = []
        var seen: Set<String> = []
        for (index, entry) in traces.enumerated() {
            if !seen.insert(entry.trace).inserted {
                problems.append(FigureProblem("traces[\(index)].trace", "is \(entry.trace), listed twice"))
            }
            problems += Self.problems(of: entry, at: "traces[\(index)]")
        }
        return problems
    }

    /// The problems of one trace's figures (`path` names the entry): each a finite number from 0;
    /// counts whole, at most 2^53; times at most 10^12 µs.
    static func problems(of entry: TraceFigures, at path: String) -> [FigureProblem] {
        var problems: [FigureProblem] = []
        for (name, value) in entry.figures.sorted(by: { $0.key < $1.key }) {
            let at = "\(path).figures.\(name)"
            switch FigureRule.of(name) {
            case .time:
                if !value.isFinite || value < 0 || value > Summary.maxTime {
                    problems.append(FigureProblem(at, "is \(value): expected a time from 0 to 10^12 µs"))
                }
            case .exact:
                let whole = !name.hasPrefix("hitch_time_ms")
                if !value.isFinite || value < 0 || value > Double(Summary.maxCount) || (whole && value != value.rounded()) {
                    problems.append(FigureProblem(at, "is \(value): expected \(whole ? "a whole number" : "a number") from 0 to 2^53"))
                }
            }
        }
        if let seconds = entry.replaySeconds, !seconds.isFinite || seconds < 0 || seconds > Summary.maxTime {
            problems.append(FigureProblem("\(path).replay_s", "is \(seconds): expected a time from 0 to 10^12"))
        }
        return problems
    }
}
