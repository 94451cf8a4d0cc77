import Foundation
import QuartzCore
import Replay
@testable import Scenes
import Testing
import Traces

/// Schema 4 renamed figures to one spelling each. The bundled traces give the same figures as under
/// schema 3 (their summaries, made by uisim before the change, are kept in Fixtures/schema3), and a
/// baseline a team committed (schema 2 or 3) still checks.
@Suite struct SchemaMigrationTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema3")

    /// A schema-3 summary's exact figures under schema 4's names: the mapping the README gives
    /// (`hitches_by_type.commit` → `hitches.commit`, `hitches` → `hitches.total`, …). Commit
    /// hitches are left out: they come from measured time.
    static func exactFigures(ofSchema3 summary: [String: Any]) -> [String: Double] {
        var figures: [String: Double] = [:]
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        for key in ["frames", "idle_vsyncs", "backing_store_bytes_peak"] { figures[key] = number(summary[key]) }
        for (key, value) in summary["counts"] as? [String: Any] ?? [:] { figures["counts.\(key)"] = number(value) }
        for (key, value) in summary["touches"] as? [String: Any] ?? [:] { figures["touches.\(key)"] = number(value) }
        figures["hitches.render"] = number((summary["hitches_by_type"] as? [String: Any])?["render"])
        figures["hitch_time_ms.render"] = number((summary["hitch_time_ms_by_type"] as? [String: Any])?["render"])
        figures["hierarchy_warnings"] = Double((summary["warnings"] as? [Any])?.count ?? 0)
        return figures
    }

    @Test func theBundledTracesGiveTheSameFiguresUnderTheirNewNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-schema-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = try TraceSet.resolve([FigureVocabularyTests.traces.path])
        var job = try ReplayJob(trace: traces[0], scene: try BuiltInScenes.named("feed"), out: folder, snapshots: .none)
        job.clock = .fixed
        let result = try ReplayBatch(traces: traces, job: job, out: folder).run()
        #expect(result.summaries.count == 7)
        for summary in result.summaries {
            let name = (summary.trace as NSString).deletingPathExtension
            let old = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.fixtures.appendingPathComponent("\(name).summary.json"))) as! [String: Any]
            #expect(old["schema"] as? Int == 3)
            let expected = Self.exactFigures(ofSchema3: old)
            // Every counter schema 3 had (the 29 before Auto Layout's) and every touch phase.
            let newCounters = Counter.allCases.filter { old["counts"].flatMap { ($0 as? [String: Any]) }?[$0.rawValue] == nil }
            #expect(expected.count == 3 + (Counter.allCases.count - newCounters.count) + TouchPhase.allCases.count + 3)
            #expect(newCounters.count == 36)   // Auto Layout's eight, ambiguous_layouts, text's four, animations' five, collection views' six, navigation's five, images' two, blur's two, trait_changes and Interface Builder's two
            // The built-in feed uses no constraints and no self-sizing rows: Auto Layout's counters
            // are 0. It draws text: text's counters are not.
            let text: Set<Counter> = [.textLayouts, .textLayoutCacheHits, .textMeasurements, .glyphsDrawn]
            for counter in newCounters where !text.contains(counter) { #expect(summary[.counter(counter)] == 0, "\(counter)") }
            for (figureName, value) in expected.sorted(by: { $0.key < $1.key }) {
                let figure = try #require(Figure(name: figureName), "\(figureName) has no schema-4 declaration")
                #expect(summary[figure] == value, "\(summary.trace): \(figureName) was \(value), is \(summary[figure] ?? .nan)")
            }
        }
    }

    /// A schema-3 baseline is read under today's names and checks today's replays; the app time it
    /// did not say is wall time, refused against a CPU-timed result with the option that matches.
    @Test func aSchema3BaselineStillChecks() throws {
        let baseline = try Baseline.read(from: Self.fixtures.appendingPathComponent("traces.baseline.json"))
        #expect(baseline.schema == Baseline.schemaVersion && baseline.traces.count == 7)
        for entry in baseline.traces {
            for name in entry.figures.keys { #expect(Figure(name: name) != nil, "\(name)") }
        }
        var text = try String(contentsOf: Self.fixtures.appendingPathComponent("traces.baseline.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"app_time\" : \"cpu\",", with: "")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-old-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder, atomically: false, encoding: .utf8)
        let withoutAppTime = try Baseline.read(from: folder)
        #expect(withoutAppTime.appTime == nil)
        var result = Summary(trace: "drag.trace", scene: withoutAppTime.scene, variant: withoutAppTime.variant, device: withoutAppTime.device,
                             refreshRate: 60)
        result.clock = withoutAppTime.clock
        result.appTime = "cpu"
        #expect(withoutAppTime.settingsDiffering(from: result).map(\.name) == ["app time"])
    }

    /// A schema-2 baseline's offscreen layers are today's offscreen passes.
    @Test func aSchema2BaselineHasItsFigureRenamed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-schema2-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try """
        {"schema": 2, "scene": "feed", "variant": "", "device": "iPhone 14", "clock": "fixed",
         "traces": [{"trace": "drag.trace", "figures": {"frames": 10, "counts.offscreen_layers": 4, "counts.draws": 3}}]}
        """.write(to: url, atomically: false, encoding: .utf8)
        let baseline = try Baseline.read(from: url)
        #expect(baseline.schema == 4)
        #expect(baseline.traces[0].figures == ["frames": 10, "counts.offscreen_passes": 4, "counts.draws": 3])
    }
}
