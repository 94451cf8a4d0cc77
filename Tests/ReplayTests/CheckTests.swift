import Foundation
import FoundationXML
@testable import Replay
import Testing

/// `uisim check`'s judgement: counters and hitches exact, a change a regression or an
/// improvement by which way is worse; times by ratio above a floor; trace by trace.
@Suite struct CheckTests {
    static func baseline(_ traces: [TraceFigures]) throws -> Baseline {
        var summary = Summary(trace: "x", scene: "feed", variant: "opaque=off", device: "iPhone 14", refreshRate: 60)
        summary.clock = "fixed"
        summary.perTrace = traces
        return Baseline(summary: summary)
    }

    static func result(_ traces: [TraceFigures], variant: String = "opaque=off", clock: String = "fixed") -> Summary {
        var summary = Summary(trace: "\(traces.count) traces", scene: "feed", variant: variant, device: "iPhone 14", refreshRate: 60)
        summary.clock = clock
        summary.perTrace = traces
        return summary
    }

    static let figures: [String: Double] = [
        "frames": 100, "counts.draws": 40, "counts.occluded_pixels": 1000, "touches.moved": 12, "hitches.commit": 0, "hitch_time_ms.commit": 0,
        "counts.shadow_passes": 10, "counts.raster_hits": 50, "counts.raster_misses": 5,
        "stages_us.display.p50": 400, "stages_us.layout.p90": 20,
    ]

    func verdicts(_ changes: [String: Double], tolerance: Double = 1.5) throws -> [String: Baseline.Finding.Verdict] {
        let base = try Self.baseline([TraceFigures(trace: "drag.trace", replaySeconds: 1, figures: Self.figures)])
        var now = Self.figures
        now.merge(changes) { $1 }
        let report = base.check(Self.result([TraceFigures(trace: "drag.trace", replaySeconds: 2, figures: now)]), timeTolerance: tolerance)
        return Dictionary(uniqueKeysWithValues: report.findings.map { ($0.name, $0.verdict) })
    }

    @Test func countersAreExactAndJudgedByWhichWayIsWorse() throws {
        #expect(try verdicts([:]).values.allSatisfy { $0 == .same })
        #expect(try verdicts(["counts.draws": 41])["counts.draws"] == .regression)
        #expect(try verdicts(["counts.draws": 26])["counts.draws"] == .improvement)
        // Pixels skipped under opaque layers: more with opaque views, fewer with less damage; a
        // change is neither better nor worse by itself.
        #expect(try verdicts(["counts.occluded_pixels": 2000])["counts.occluded_pixels"] == .changed)
        #expect(try verdicts(["counts.occluded_pixels": 999])["counts.occluded_pixels"] == .changed)
        // A shadow without a path more: a regression; rasterization hits are neither (the misses
        // are the cost, gated on their own).
        #expect(try verdicts(["counts.shadow_passes": 11])["counts.shadow_passes"] == .regression)
        #expect(try verdicts(["counts.raster_hits": 40])["counts.raster_hits"] == .changed)
        #expect(try verdicts(["counts.raster_misses": 6])["counts.raster_misses"] == .regression)
        // Touches delivered differently: neither better nor worse, a regression either way.
        #expect(try verdicts(["touches.moved": 11])["touches.moved"] == .regression)
        #expect(try verdicts(["hitches.commit": 1, "hitch_time_ms.commit": 16.67])["hitches.commit"] == .regression)
        #expect(try verdicts(["hitches.commit": 1, "hitch_time_ms.commit": 16.67])["hitch_time_ms.commit"] == .regression)
    }

    @Test func timesAreJudgedByRatioAboveAFloor() throws {
        #expect(try verdicts(["stages_us.display.p50": 649])["stages_us.display.p50"] == .same)         // ×1.62 but +249 µs
        #expect(try verdicts(["stages_us.display.p50": 651])["stages_us.display.p50"] == .regression)   // ×1.63 and +251 µs
        #expect(try verdicts(["stages_us.display.p50": 651], tolerance: 2)["stages_us.display.p50"] == .same)
        #expect(try verdicts(["stages_us.display.p50": 1000])["stages_us.display.p50"] == .regression)  // ×2.5, +600 µs
        #expect(try verdicts(["stages_us.display.p50": 1000], tolerance: 2.5)["stages_us.display.p50"] == .same) // ×2.50 exactly
        #expect(try verdicts(["stages_us.display.p50": 100])["stages_us.display.p50"] == .improvement) // 400 > 100 × 1.5, −300 µs
        #expect(try verdicts(["stages_us.display.p50": 200])["stages_us.display.p50"] == .same)        // ÷2 but −200 µs
        // 20 → 70 µs is ×3.5 but only 50 µs more: below the floor, noise (the CI run that read the
        // fling's event phase 16.6 → 69.6 µs).
        #expect(try verdicts(["stages_us.layout.p90": 70])["stages_us.layout.p90"] == .same)
        #expect(try verdicts(["stages_us.layout.p90": 271])["stages_us.layout.p90"] == .regression)
        // A trace of a few frames: its times are reported, not gated.
        #expect(try verdicts(["frames": 19, "stages_us.layout.p90": 271])["stages_us.layout.p90"] == .same)
    }

    /// Times that got faster past the tolerance, and nothing else: most often a quieter machine,
    /// and `check` says to keep the baseline rather than to make one from this run.
    @Test func onlyTimesFasterIsNotAReasonToUpdateTheBaseline() throws {
        let base = try Self.baseline([TraceFigures(trace: "drag.trace", replaySeconds: 1, figures: Self.figures)])
        func report(_ changes: [String: Double]) -> CheckReport {
            var now = Self.figures
            now.merge(changes) { $1 }
            return base.check(Self.result([TraceFigures(trace: "drag.trace", replaySeconds: 1, figures: now)]), timeTolerance: 1.5)
        }
        let faster = report(["stages_us.display.p50": 100])   // 400 → 100 µs: ÷4, −300 µs
        #expect(faster.onlyTimesImproved && faster.otherChanges == 1 && !faster.fails(strict: false))
        #expect(!report(["stages_us.display.p50": 100, "counts.draws": 26]).onlyTimesImproved)   // and fewer draws
        #expect(!report(["counts.draws": 26]).onlyTimesImproved)
        #expect(!report([:]).onlyTimesImproved)
    }

    @Test func tracesAndFiguresMissingOrNew() throws {
        let base = try Self.baseline([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: Self.figures),
                                      TraceFigures(trace: "b.trace", replaySeconds: 1, figures: Self.figures)])
        var more = Self.figures
        more["counts.offscreen_passes"] = 3
        let report = base.check(Self.result([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: more),
                                             TraceFigures(trace: "c.trace", replaySeconds: 1, figures: Self.figures)]), timeTolerance: 1.5)
        #expect(report.suites.map(\.trace) == ["a.trace", "b.trace", "c.trace"])
        #expect(report.suites[0].findings.first { $0.name == "counts.offscreen_passes" }?.verdict == .new)
        #expect(report.suites[1].findings.map(\.verdict) == [.regression])   // b was not replayed
        #expect(report.suites[2].findings.map(\.verdict) == [.new])          // c is not in the baseline
        #expect(report.regressions == 1 && report.otherChanges == 2)
        #expect(report.fails(strict: false) && report.fails(strict: true))

        let improved = try Self.baseline([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: Self.figures)])
            .check(Self.result([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: Self.figures.merging(["counts.draws": 30]) { $1 })]),
                   timeTolerance: 1.5)
        #expect(!improved.fails(strict: false) && improved.fails(strict: true))
    }

    /// A counter the baseline's uisim did not have is the same when it is 0 (the work it counts
    /// was not done: a strict gate stays green), news when it is not.
    @Test func aNewCounterAtZeroIsNotAChange() throws {
        let base = try Self.baseline([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: Self.figures)])
        var now = Self.figures
        now["counts.nibs_loaded"] = 0
        let same = base.check(Self.result([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: now)]), timeTolerance: 1.5)
        #expect(same.suites[0].findings.first { $0.name == "counts.nibs_loaded" }?.verdict == .same)
        #expect(same.otherChanges == 0 && !same.fails(strict: true))
        now["counts.nibs_loaded"] = 2
        let news = base.check(Self.result([TraceFigures(trace: "a.trace", replaySeconds: 1, figures: now)]), timeTolerance: 1.5)
        #expect(news.suites[0].findings.first { $0.name == "counts.nibs_loaded" }?.verdict == .new && news.otherChanges == 1)
    }

    @Test func settingsThatDifferAreNamed() throws {
        let base = try Self.baseline([])
        #expect(base.settingsDiffering(from: Self.result([])).isEmpty)
        let differing = base.settingsDiffering(from: Self.result([], variant: "opaque=on", clock: "virtual"))
        #expect(differing.map(\.name) == ["variant", "clock"])
        #expect(differing.map(\.baseline) == ["opaque=off", "fixed"] && differing.map(\.result) == ["opaque=on", "virtual"])
    }

    /// The JUnit XML as Jenkins' JUnit plugin and GitLab's parser read it: `testsuites` holding a
    /// `testsuite` per trace (name, tests, failures, errors, skipped, time), each holding
    /// `testcase`s (classname, name, numeric time) with at most one `failure` (message, type) or a
    /// `system-out`; the counts of every level add up.
    @Test func junitHasASuitePerTraceAndACasePerFigure() throws {
        let base = try Self.baseline([TraceFigures(trace: "drag.trace", replaySeconds: 1, figures: Self.figures),
                                      TraceFigures(trace: "tap.trace", replaySeconds: 1, figures: Self.figures)])
        let report = base.check(Self.result([
            TraceFigures(trace: "drag.trace", replaySeconds: 2.5, figures: Self.figures.merging(["counts.draws": 78]) { $1 }),
            TraceFigures(trace: "tap.trace", replaySeconds: 0.5, figures: Self.figures),
        ]), timeTolerance: 1.5)
        let xml = JUnitReport.xml(report, properties: [("scene", "feed <&\"> ")], strict: false)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        func attribute(_ element: XMLElement, _ name: String) -> String? { element.attribute(forName: name)?.stringValue }
        func int(_ element: XMLElement, _ name: String) -> Int { Int(attribute(element, name) ?? "") ?? -1 }
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { attribute($0, "name") } == ["drag.trace", "tap.trace"])
        #expect(suites.map { attribute($0, "time") } == ["2.500", "0.500"])
        var cases = 0, failures = 0
        for suite in suites {
            for name in ["tests", "failures", "errors", "skipped"] { #expect(int(suite, name) >= 0, "\(name)") }
            let testcases = suite.elements(forName: "testcase")
            #expect(int(suite, "tests") == testcases.count)
            #expect(testcases.count == Self.figures.count + 1)   // the replay itself, then each figure
            let failed = testcases.filter { !$0.elements(forName: "failure").isEmpty }
            #expect(int(suite, "failures") == failed.count)
            #expect(suite.elements(forName: "properties").first?.elements(forName: "property")
                .contains { attribute($0, "name") == "scene" && attribute($0, "value") == "feed <&\"> " } == true)
            for testcase in testcases {
                #expect(attribute(testcase, "classname") == attribute(suite, "name")!.replacingOccurrences(of: ".trace", with: ""))
                #expect(attribute(testcase, "name")?.isEmpty == false)
                #expect(Double(attribute(testcase, "time") ?? "") != nil)
                let failure = testcase.elements(forName: "failure"), out = testcase.elements(forName: "system-out")
                #expect(failure.count + out.count == 1)
                if let f = failure.first { #expect(attribute(f, "message") != nil && attribute(f, "type") == "regression") }
                if let o = out.first { #expect(o.stringValue?.isEmpty == false) }
            }
            cases += testcases.count
            failures += failed.count
        }
        #expect(int(root, "tests") == cases && int(root, "failures") == failures && failures == 1)
        let failure = try #require(suites[0].elements(forName: "testcase").first { attribute($0, "name") == "counts.draws" }?
            .elements(forName: "failure").first)
        #expect(attribute(failure, "message") == "regression: counts.draws: 40 → 78 (+38)")
        let replay = try #require(suites[0].elements(forName: "testcase").first)
        #expect(attribute(replay, "name") == "replayed" && attribute(replay, "time") == "2.500")
        // Times add up, as GitLab sums its cases: the replay case carries the suite's time.
        #expect(attribute(root, "time") == "3.000")
    }
}

/// The charts' value axes: a handful of round ticks for any range.
@Suite struct ChartAxisTests {
    @Test func niceTicksForAnyRange() {
        // A 450 ms frame: ticks every 100 ms up to 500, not a label every 8.3 ms.
        let long = ChartAxis(upTo: 450)
        #expect(long.step == 100 && long.top == 500 && long.ticks == [0, 100, 200, 300, 400, 500])
        #expect(long.label(200) == "200")
        // The budget and a half at 60 Hz: 25 ms.
        #expect(ChartAxis(upTo: 25).ticks == [0, 5, 10, 15, 20, 25])
        let small = ChartAxis(upTo: 0.33)
        #expect(abs(small.step - 0.05) < 1e-12 && abs(small.top - 0.35) < 1e-12 && small.label(0.05) == "0.05")
        #expect(zip(ChartAxis(upTo: 0).ticks, [0, 0.2, 0.4, 0.6, 0.8, 1]).allSatisfy { abs($0 - $1) < 1e-12 })
        for largest in stride(from: 0.01, through: 10_000, by: 7.3) {
            let axis = ChartAxis(upTo: largest)
            #expect(axis.top >= largest && axis.ticks.count <= 9 && axis.ticks.count >= 2, "\(largest)")
        }
    }
}
