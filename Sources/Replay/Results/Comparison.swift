import Foundation

/// Two variants of a scene replayed the same number of times, interleaved (A B A B …, so the
/// machine's noise hits both), compared: counters exactly (they must not change between runs of
/// one variant), phase times as the median of the per-pair ratios B/A with their spread.
public struct Comparison: Codable, Sendable {
    public struct Side: Codable, Sendable {
        /// The variant settings, "name=on …".
        public var label: String
        public var runs: [Summary]
        /// Mean display time per frame while scrolling (frames in the tracking mode), per run, µs.
        public var scrollingDisplay: [Double]
        /// Whether every run gave the same counters.
        public var deterministic: Bool

        public init(label: String, runs: [Summary], scrollingDisplay: [Double], deterministic: Bool) {
            self.label = label
            self.runs = runs
            self.scrollingDisplay = scrollingDisplay
            self.deterministic = deterministic
        }
    }

    /// B ÷ A over the runs, by pairs; nil when A is 0 in every run and B is not (no ratio is
    /// defined). `a` and `b` are each side's median, so that "0 → 0" can be told from ×1.
    public struct Ratio: Codable, Sendable {
        /// The figure's name.
        public var name: String
        public var median: Double?
        public var min: Double?
        public var max: Double?
        public var a: Double
        public var b: Double

        init(name: String, a: [Double], b: [Double]) {
            self.name = name
            let sorted = zip(a, b).compactMap { $0 > 0 ? $1 / $0 : ($1 == 0 ? 1 : nil) }.sorted()
            median = sorted.isEmpty ? nil : sorted[sorted.count / 2]
            min = sorted.first
            max = sorted.last
            self.a = a.sorted()[a.count / 2]
            self.b = b.sorted()[b.count / 2]
        }
    }

    /// A figure that must not change between runs of one variant: A's and B's.
    public struct Difference: Codable, Sendable {
        /// The figure's name.
        public var name: String
        public var a: Double
        public var b: Double
        /// (b − a) / a, or nil when a is 0.
        public var change: Double?
    }

    public var trace: String
    public var scene: String
    public var a: Side
    public var b: Side
    /// Every figure `compare` sets side by side that is exact (`Figure.compared`), in
    /// `Figure.all`'s order.
    public var counters: [Difference]
    /// The times, as median ratios B ÷ A (`Figure.comparedTimes`).
    public var times: [Ratio]

    public init(trace: String, scene: String, a: Side, b: Side) {
        self.trace = trace
        self.scene = scene
        self.a = a
        self.b = b
        let x = a.runs[0], y = b.runs[0]
        counters = Figure.all.filter { Figure.compared.contains($0) && !Figure.comparedTimes.contains($0) }.compactMap { figure in
            guard let p = x[figure], let q = y[figure] else { return nil }
            return Difference(name: figure.name, a: p, b: q, change: p != 0 ? (q - p) / p : nil)
        }
        times = Figure.comparedTimes.map { figure in
            func values(_ side: Side) -> [Double] {
                figure == .scrollingDisplayMean ? side.scrollingDisplay : side.runs.map { $0[figure] ?? 0 }
            }
            return Ratio(name: figure.name, a: values(a), b: values(b))
        }
    }

    /// A's and B's `figure`, if `compare` sets it side by side exactly.
    public subscript(figure: Figure) -> Difference? { counters.first { $0.name == figure.name } }

    /// The median ratio of `figure`, a time `compare` gives as a ratio.
    public func ratio(_ figure: Figure) -> Ratio? { times.first { $0.name == figure.name } }

    /// Mean display time of the frames spent scrolling (run-loop tracking mode) in a frames file.
    public static func scrollingDisplayTime(framesFile: URL) throws -> Double {
        var total = 0.0, count = 0
        try FrameRecord.forEach(in: framesFile) { frame in
            guard frame.kind == .frame, frame.mode == "UITrackingRunLoopMode" else { return }
            total += frame.stages[.display]
            count += 1
        }
        return count > 0 ? total / Double(count) : 0
    }

    /// A table of the comparison, for a terminal.
    public var table: String {
        var lines = ["\(trace) on \(scene): A = [\(a.label)], B = [\(b.label)], \(a.runs.count) run\(a.runs.count == 1 ? "" : "s") each, interleaved"]
        if !a.deterministic || !b.deterministic { lines.append("WARNING: counters differed between runs of one variant") }
        for d in counters {
            let change = d.change.map { String(format: "%+.1f %%", $0 * 100) } ?? (d.a == d.b ? "=" : "new")
            lines.append(d.name.padding(toLength: 36, withPad: " ", startingAt: 0) + "\(Baseline.Finding.format(d.a)) → \(Baseline.Finding.format(d.b))  (\(change))")
        }
        for r in times {
            let text = r.a == 0 && r.b == 0 ? "0 → 0"
                : r.median.map { String(format: "×%.2f  (runs ×%.2f–×%.2f)", $0, r.min!, r.max!) } ?? "n/a (0 in A)"
            lines.append(r.name.padding(toLength: 36, withPad: " ", startingAt: 0) + text)
        }
        return lines.joined(separator: "\n")
    }
}
