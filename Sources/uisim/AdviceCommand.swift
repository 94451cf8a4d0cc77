import ArgumentParser
import Foundation
import UISim

/// `uisim advice`: the seed notes' five pieces of advice, each measured by one experiment.
struct AdviceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "advice",
        abstract: "Measure the seed notes' five pieces of advice on their built-in experiments, one verdict each.")

    @Option(help: "Runs of each variant.")
    var runs: Int = 3

    @Option(help: "The folder with the bundled traces.")
    var traces: String = "Traces"

    @Option(help: "The output folder.")
    var out: String = "out/advice"

    struct Definition {
        let title: String
        let scene: String
        let trace: String
        let variant: String
        /// Variant A is the advice not followed, B followed.
        let followedIsOn: Bool
        let verdict: (Comparison) -> String
    }

    static func percent(_ d: Comparison.Difference?) -> String {
        guard let d else { return "?" }
        guard let change = d.change else { return "\(d.a) → \(d.b)" }
        return String(format: "%+.0f %%", change * 100).replacingOccurrences(of: "-", with: "−")
    }

    static func times(_ r: Comparison.Ratio?) -> String {
        guard let median = r?.median else { return "n/a" }
        return String(format: "×%.2f", median)
    }

    static let definitions: [Definition] = [
        Definition(title: "system views instead of custom drawing", scene: "feed", trace: "fling.trace", variant: "system-views",
                   followedIsOn: true) { c in
            "backing-store bytes \(percent(c.counter("backing_store_bytes_peak"))), pixels drawn \(percent(c.counter("drawn_pixels"))),"
                + " draws \(c.counter("draws").map { "\($0.a) → \($0.b)" } ?? "?"), display \(times(c.time("display mean")))"
        },
        Definition(title: "content mode instead of redraw", scene: "resize", trace: "pinch.trace", variant: "content-mode",
                   followedIsOn: true) { c in
            "draws \(c.counter("draws").map { "\($0.a) → \($0.b)" } ?? "?"), pixels drawn \(percent(c.counter("drawn_pixels"))),"
                + " display \(times(c.time("display mean"))), frame p50 \(times(c.time("frame p50")))"
        },
        Definition(title: "opaque rows", scene: "feed", trace: "fling.trace", variant: "opaque", followedIsOn: true) { c in
            "blended pixels \(percent(c.counter("blended_pixels"))), occluded pixels \(percent(c.counter("occluded_pixels"))),"
                + " render p50 \(times(c.time("render p50")))"
        },
        Definition(title: "degraded drawing while scrolling", scene: "feed", trace: "fling.trace", variant: "degrade-while-scrolling",
                   followedIsOn: true) { c in
            "display per scrolling frame \(times(c.time("display per scrolling frame"))), draw operations \(percent(c.counter("draw_operations"))),"
                + " draws \(c.counter("draws").map { "\($0.a) → \($0.b)" } ?? "?") (the extra ones: full-quality redraws after scrolling)"
        },
        Definition(title: "no subviews inside controls", scene: "controls", trace: "taps.trace", variant: "subviews-in-controls",
                   followedIsOn: false) { c in
            "hierarchy warnings \(c.counter("hierarchy_warnings").map { "\($0.a) → \($0.b)" } ?? "?") (robustness, not speed)"
        },
    ]

    func run() throws {
        var lines: [String] = []
        var results: [[String: String]] = []
        let folder = URL(fileURLWithPath: out)
        for (index, definition) in Self.definitions.enumerated() {
            let scene = try BuiltInScenes.named(definition.scene)
            let off = [definition.variant: false], on = [definition.variant: true]
            let experiment = Experiment(
                trace: URL(fileURLWithPath: traces).appendingPathComponent(definition.trace), scene: scene,
                a: definition.followedIsOn ? off : on, b: definition.followedIsOn ? on : off, runs: runs,
                model: .iPhone14, out: folder.appendingPathComponent("\(index + 1)-\(definition.variant)"))
            var bar = ProgressBar(total: nil, enabled: true)
            let comparison: Comparison
            do {
                comparison = try experiment.run { _ in bar.update(frame: index, time: 0) }
            } catch let error as TraceError {
                report(error.description)
                throw Exit.badData
            }
            bar.finish()
            let verdict = "\(index + 1). \(definition.title): \(definition.verdict(comparison))"
            print(verdict)
            lines.append(verdict)
            results.append(["advice": definition.title, "scene": definition.scene, "trace": definition.trace,
                            "a": comparison.a.label, "b": comparison.b.label, "verdict": definition.verdict(comparison),
                            "report": experiment.out.appendingPathComponent("compare.html").path])
        }
        let json = try JSONSerialization.data(withJSONObject: ["runs": runs, "experiments": results], options: [.prettyPrinted, .sortedKeys])
        try json.write(to: folder.appendingPathComponent("advice.json"), options: .atomic)
        var html = "<!doctype html><html><head><meta charset=\"utf-8\"><title>uisim advice</title><style>body{font:15px/1.5 sans-serif;max-width:960px;margin:24px auto}</style></head><body><h1>The seed notes' advice, measured</h1><ol>"
        for (line, result) in zip(lines, results) {
            html += "<li><a href=\"\(URL(fileURLWithPath: result["report"]!).path.replacingOccurrences(of: folder.path + "/", with: ""))\">\(line.drop { $0 != " " }.dropFirst())</a></li>"
        }
        html += "</ol><p>\(runs) interleaved runs of each variant; counters exact, times as median ratios (B ÷ A, advice followed ÷ not).</p></body></html>\n"
        try Data(html.utf8).write(to: folder.appendingPathComponent("advice.html"), options: .atomic)
        print("report: \(folder.appendingPathComponent("advice.html").path)")
    }
}
