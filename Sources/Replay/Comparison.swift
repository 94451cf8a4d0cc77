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

    /// B ÷ A over the runs; nil when A is 0 in every run (no ratio is defined).
    public struct Ratio: Codable, Sendable {
        public var name: String
        public var median: Double?
        public var min: Double?
        public var max: Double?

        init(name: String, values: [Double]) {
            self.name = name
            let sorted = values.sorted()
            median = sorted.isEmpty ? nil : sorted[sorted.count / 2]
            min = sorted.first
            max = sorted.last
        }
    }

    public struct Difference: Codable, Sendable {
        public var name: String
        public var a: Int
        public var b: Int
        /// (b − a) / a, or nil when a is 0.
        public var change: Double?
    }

    public var trace: String
    public var scene: String
    public var a: Side
    public var b: Side
    public var counters: [Difference]
    public var times: [Ratio]

    public init(trace: String, scene: String, a: Side, b: Side) {
        self.trace = trace
        self.scene = scene
        self.a = a
        self.b = b
        let x = a.runs[0], y = b.runs[0]
        func diff(_ name: String, _ p: Int, _ q: Int) -> Difference {
            Difference(name: name, a: p, b: q, change: p != 0 ? Double(q - p) / Double(p) : nil)
        }
        counters = [diff("frames", x.frames, y.frames), diff("idle_vsyncs", x.idleVsyncs, y.idleVsyncs),
                    diff("commit_hitches", x.hitchesByType.commit, y.hitchesByType.commit),
                    diff("render_hitches", x.hitchesByType.render, y.hitchesByType.render)]
            + zip(x.counts.named, y.counts.named).map { diff($0.name, $0.value, $1.value) }
            + [diff("backing_store_bytes_peak", x.backingStoreBytesPeak, y.backingStoreBytesPeak),
               diff("hierarchy_warnings", x.warnings.count, y.warnings.count)]
        func ratios(_ name: String, _ value: (Summary) -> Double) -> Ratio {
            Ratio(name: name, values: zip(a.runs, b.runs).compactMap { value($0) > 0 ? value($1) / value($0) : (value($1) == 0 ? 1 : nil) })
        }
        times = [
            ratios("app p50") { $0.stages.app.p50 }, ratios("app p95") { $0.stages.app.p95 },
            ratios("app mean") { $0.stages.app.mean },
            ratios("event mean") { $0.stages[.event].mean }, ratios("layout mean") { $0.stages[.layout].mean },
            ratios("display mean") { $0.stages[.display].mean }, ratios("commit mean") { $0.stages[.commit].mean },
            ratios("render p50") { $0.stages.render.p50 }, ratios("render mean") { $0.stages.render.mean },
            ratios("hitch time ratio") { $0.hitchTimeRatio },
        ]
        times.append(Ratio(name: "display per scrolling frame",
                           values: zip(a.scrollingDisplay, b.scrollingDisplay).compactMap { $0 > 0 ? $1 / $0 : ($1 == 0 ? 1 : nil) }))
    }

    public func counter(_ name: String) -> Difference? { counters.first { $0.name == name } }
    public func time(_ name: String) -> Ratio? { times.first { $0.name == name } }

    /// Mean display time of the frames spent scrolling (run-loop tracking mode) in a frames file.
    public static func scrollingDisplayTime(framesFile: URL) throws -> Double {
        var total = 0.0, count = 0
        try FrameRecord.forEach(in: framesFile) { frame in
            guard frame.mode == "UITrackingRunLoopMode" else { return }
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
            lines.append(d.name.padding(toLength: 28, withPad: " ", startingAt: 0) + "\(d.a) → \(d.b)  (\(change))")
        }
        for r in times {
            let text = r.median.map { String(format: "×%.2f  (runs ×%.2f–×%.2f)", $0, r.min!, r.max!) } ?? "n/a (0 in A)"
            lines.append(r.name.padding(toLength: 28, withPad: " ", startingAt: 0) + text)
        }
        return lines.joined(separator: "\n")
    }
}
