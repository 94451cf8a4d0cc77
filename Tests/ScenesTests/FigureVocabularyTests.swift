import Foundation
import QuartzCore
import Replay
@testable import Scenes
import Testing
import Traces
import UIKit

/// The figures are declared once (`Figure`): this suite adds nothing by hand. It walks the
/// declarations and finds each figure under its one name wherever it says it is written, and
/// checks that `check` judges each gated figure by its declaration.
@Suite struct FigureVocabularyTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces")

    /// A replay of the fling on the feed, on the fixed clock, with its outputs in a new folder.
    static func replay() throws -> (ReplayJob.Result, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-figures-\(UUID().uuidString)")
        var job = try ReplayJob(trace: traces.appendingPathComponent("fling.trace"), scene: try BuiltInScenes.named("feed"),
                                out: folder, snapshots: .none)
        job.clock = .fixed
        return (try job.run(), folder)
    }

    /// The value at `path` ("counts.draws") in a JSON object, if there is one.
    static func value(at path: String, in object: Any) -> Any? {
        path.split(separator: ".").reduce(Optional(object)) { node, key in (node as? [String: Any])?[String(key)] }
    }

    static func json(_ url: URL) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    @Test func everyFigureIsWrittenUnderItsOneName() throws {
        let (result, folder) = try Self.replay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = result.summary

        // summary.json: every figure the summary holds, at its name, with the summary's value.
        let written = try Self.json(folder.appendingPathComponent("summary.json"))
        for figure in Figure.all where figure.places.contains(.summary) {
            let number = Self.value(at: figure.name, in: written) as? Double
            #expect(number != nil, "summary.json has no \(figure.name)")
            if let number, let expected = summary[figure] { #expect(abs(number - expected) <= 1e-9 * max(1, abs(expected)), "\(figure.name)") }
        }

        // frames.jsonl: every figure a frame carries, in every frame.
        let lines = try String(contentsOf: folder.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let frames = records.filter { $0["kind"] as? String == "frame" }
        #expect(frames.count == summary.frames)
        // Idle records and frames add up to the summary: its idle vsyncs, its touches.
        #expect(records.compactMap { $0["idle_vsyncs"] as? Int }.reduce(0, +) == summary.idleVsyncs)
        for phase in TouchPhase.allCases {
            #expect(records.compactMap { ($0["touches"] as? [String: Int])?[phase.rawValue] }.reduce(0, +) == summary.touches[phase], "\(phase)")
        }
        for frame in frames {
            for figure in Figure.all where figure.places.contains(.frames) {
                #expect(Self.value(at: figure.framePath!, in: frame) is Double, "a frame has no \(figure.framePath!)")
            }
        }

        // trace.json: every counter on a counter track of its unit, under its name, in every frame.
        let trace = try Self.json(folder.appendingPathComponent("trace.json"))
        let tracks = (trace["traceEvents"] as? [[String: Any]] ?? []).filter { $0["ph"] as? String == "C" }
        for counter in Counter.allCases {
            let samples = tracks.compactMap { ($0["args"] as? [String: Any])?[counter.rawValue] as? Int }
            #expect(samples.count == summary.frames, "trace.json follows \(counter.rawValue) in \(samples.count) frames")
        }

        // A baseline and check's JUnit cases: every gated figure (the render stage's times only when
        // measured: this replay's render stage is estimated, its total gated instead).
        let gated = Figure.all.filter { figure in
            guard figure.places.contains(.baseline) else { return false }
            if case .stage(.render, _) = figure { return false }
            return true
        }
        let baselineURL = folder.appendingPathComponent("baseline.json")
        try Baseline(summary: summary).write(to: baselineURL)
        let baseline = try Self.json(baselineURL)
        let figures = try #require(((baseline["traces"] as? [[String: Any]])?.first)?["figures"] as? [String: Double])
        #expect(Set(figures.keys) == Set(gated.map(\.name)))
        let report = try Baseline.read(from: baselineURL).check(summary, timeTolerance: 1.5)
        let junit = JUnitReport.xml(report, properties: [], strict: false)
        for figure in gated { #expect(junit.contains("name=\"\(figure.name)\""), "JUnit has no case \(figure.name)") }
        #expect(report.regressions == 0)
    }

    /// compare.json: every figure `compare` sets side by side, under its name.
    @Test func compareWritesEveryComparedFigure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-compare-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let experiment = Experiment(trace: Self.traces.appendingPathComponent("taps.trace"), scene: try BuiltInScenes.named("controls"),
                                    a: ["subviews-in-controls": false], b: ["subviews-in-controls": true], runs: 1, out: folder)
        _ = try experiment.run()
        let written = try Self.json(folder.appendingPathComponent("compare.json"))
        let names = ((written["counters"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
            + ((written["times"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        for figure in Figure.all where figure.places.contains(.compare) {
            #expect(names.contains(figure.name), "compare.json has no \(figure.name)")
        }
        #expect(Set(names).isSubset(of: Set(Figure.all.map(\.name))))
    }

    /// Each gated figure, made worse by one unit, fails `check`, and passes made better; a figure
    /// whose change is neither way passes either way; times by their ratio.
    @Test func everyGatedFigureIsJudgedByItsDeclaration() throws {
        let (result, folder) = try Self.replay()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = result.summary
        let baseline = Baseline(summary: summary)
        let original = try #require(summary.figuresPerTrace.first)
        #expect(original.figures[Figure.frames.name]! >= Double(TraceFigures.minimumFramesForTimes))
        func verdict(_ figure: Figure, _ value: Double) -> Baseline.Finding.Verdict? {
            var changed = summary
            var figures = original
            figures[figure] = value
            changed.perTrace = [figures]
            return baseline.check(changed, timeTolerance: 1.5).findings.first { $0.name == figure.name }?.verdict
        }
        for name in original.figures.keys.sorted() {
            let figure = try #require(Figure(name: name))
            let value = original.figures[name]!
            switch figure.gate {
            case .exact(.higher):
                #expect(verdict(figure, value + 1) == .regression, "\(name) + 1")
                if value >= 1 { #expect(verdict(figure, value - 1) == .improvement, "\(name) − 1") }
            case .exact(.anyChange):
                #expect(verdict(figure, value + 1) == .regression, "\(name) + 1")
                if value >= 1 { #expect(verdict(figure, value - 1) == .regression, "\(name) − 1") }
            case .exact(.neither):
                #expect(verdict(figure, value + 1) == .changed, "\(name) + 1")
            case .ratio:
                // Worse: past the tolerance and the floor; better: below ÷ tolerance by more than the floor.
                #expect(verdict(figure, value * 1.5 + TraceFigures.timeFloor + 1) == .regression, "\(name) slower")
                if value > 3 * TraceFigures.timeFloor { #expect(verdict(figure, value / 3) == .improvement, "\(name) faster") }
            case .reported:
                Issue.record("\(name) is in a baseline but not gated")
            }
        }
    }
}
