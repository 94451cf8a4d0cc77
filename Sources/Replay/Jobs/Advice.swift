import Foundation
import QuartzCore
import Traces
import UIKit
import Support

/// The advice `uisim advice` measures: the seed notes' five pieces (drawing, layout, blending),
/// three of the render phase's (Apple's Tech Talk 10857: offscreen passes) and two of Auto
/// Layout's (WWDC 2018 session 220), each by an A/B
/// `Experiment` on a built-in scene, with a verdict in numbers and whether the advice held.
///
/// ```swift
/// let report = try Advice.run(runs: 3, scenes: BuiltInScenes.catalog, out: folder)
/// for outcome in report.experiments { print(outcome.advice, outcome.held) }
/// ```
public enum Advice {
    /// The folder of the traces the experiments replay, bundled with the library as a resource,
    /// so the advice runs from any folder.
    public static var bundledTraces: URL {
        Bundle.module.resourceURL!.appendingPathComponent("AdviceTraces", isDirectory: true)
    }

    /// The file names of the traces the experiments replay (sorted): what a folder given instead
    /// of `bundledTraces` must hold.
    public static var traceNames: [String] { Set(definitions.map(\.trace)).sorted() }

    /// One experiment's outcome (an entry of advice.json, a row of advice.html).
    public struct Outcome: Codable, Sendable {
        /// Its place among the experiments, from 1.
        public var number: Int
        public var advice: String
        public var scene: String
        public var trace: String
        /// The variant without the advice (A), and with it (B).
        public var a: String
        public var b: String
        /// What was measured, in numbers.
        public var verdict: String
        public var held: Bool
        /// The comparison's page, relative to advice.html.
        public var report: String
        /// The page of the experiment showing where the advice fails, if there is one.
        public var failureReport: String?
    }

    /// Every experiment's outcome: advice.json.
    public struct Report: Codable, Sendable {
        /// Runs of each variant.
        public var runs: Int
        public var experiments: [Outcome]
        /// Set when a signal stopped the advice: `experiments` are the ones measured before it.
        public var interrupted: Bool?
    }

    /// Runs the sixteen experiments, `runs` interleaved runs of each variant on the fixed clock, on
    /// `scenes` (uisim's built-in ones) with the traces in `traces`, each experiment's outputs in
    /// `out/<n>-<variant>/`; writes `out/advice.json` and `out/advice.html`. `progress(n)` is
    /// told at each run of experiment `n` (from 0), `measured` each outcome as it is known. The
    /// output folder is the advice's while it runs (anything else into it is refused at once). A
    /// signal (`pendingInterruption`) stops it between two runs: the experiments measured whole
    /// are still written (`advice.json`, `advice.html`, marked interrupted), then `Interrupted`
    /// is thrown.
    @MainActor
    public static func run(runs: Int, scenes: SceneCatalog, traces: URL = bundledTraces, out: URL,
                           pendingInterruption: (@Sendable () -> Int32?)? = nil,
                           progress: (Int) -> Void = { _ in }, measured: (Outcome) -> Void = { _ in }) throws -> Report {
        try makeOutputFolder(out)
        let lock = try FolderLock(out)
        defer { withExtendedLifetime(lock) {} }
        var outcomes: [Outcome] = []
        do {
            try measure(runs: runs, scenes: scenes, traces: traces, out: out, pendingInterruption: pendingInterruption,
                        progress: progress) { outcome in
                measured(outcome)
                outcomes.append(outcome)
            }
        } catch let interrupted as Interrupted {
            try write(Report(runs: runs, experiments: outcomes, interrupted: true), to: out)
            throw Interrupted(signal: interrupted.signal,
                              unwritten: "\(out.path)/advice.html has the \(outcomes.count) of \(definitions.count) experiments measured whole")
        }
        let report = Report(runs: runs, experiments: outcomes)
        try write(report, to: out)
        return report
    }

    private static func write(_ report: Report, to out: URL) throws {
        try AtomicFile.write(try StableJSON.encode(report, pretty: true) + Data("\n".utf8), to: out.appendingPathComponent("advice.json"))
        try AtomicFile.write(Data(report.html.utf8), to: out.appendingPathComponent("advice.html"))
    }

    /// Each experiment in turn, its outcome to `measured`.
    @MainActor
    private static func measure(runs: Int, scenes: SceneCatalog, traces: URL, out: URL, pendingInterruption: (@Sendable () -> Int32?)?,
                                progress: (Int) -> Void, measured: (Outcome) -> Void) throws {
        for (index, definition) in definitions.enumerated() {
            let number = index + 1, name = "\(number)-\(definition.variant)"
            let off = definition.base.merging([definition.variant: false]) { $1 }
            let on = definition.base.merging([definition.variant: true]) { $1 }
            var experiment = Experiment(
                trace: traces.appendingPathComponent(definition.trace), scene: try scenes.named(definition.scene),
                a: definition.followedIsOn ? off : on, b: definition.followedIsOn ? on : off, runs: runs,
                model: .iPhone14, out: out.appendingPathComponent(name))
            experiment.pendingInterruption = pendingInterruption
            let comparison = try experiment.run { _ in progress(index) }
            var verdict = definition.verdict(comparison), held = definition.held(comparison)
            var failureReport: String?
            if let failure = definition.failure {
                let failureName = "\(name)-" + failure.base.keys.sorted().joined(separator: "-")
                var second = experiment
                second.a = failure.base.merging(experiment.a) { $1 }
                second.b = failure.base.merging(experiment.b) { $1 }
                second.out = out.appendingPathComponent(failureName)
                let failed = try second.run { _ in progress(index) }
                verdict += "; " + failure.verdict(failed)
                held = held && failure.shows(failed)
                failureReport = "\(failureName)/compare.html"
            }
            let outcome = Outcome(number: number, advice: definition.title, scene: definition.scene, trace: definition.trace,
                                  a: comparison.a.label, b: comparison.b.label, verdict: verdict, held: held,
                                  report: "\(name)/compare.html", failureReport: failureReport)
            measured(outcome)
        }
    }

    /// One piece of advice and the experiment that measures it.
    struct Definition: Sendable {
        let title: String
        let scene: String
        let trace: String
        let variant: String
        /// Variant A is the advice not followed, B followed.
        let followedIsOn: Bool
        /// Whether the advice held: its expected effect, measured (B is the advice followed).
        let held: @Sendable (Comparison) -> Bool
        let verdict: @Sendable (Comparison) -> String
        /// A second experiment showing where the advice fails: the same variants with `base` on
        /// both sides; `shows` says whether the failure was measured.
        var failure: Failure?
        /// Settings on both sides (an experiment on top of another variant).
        var base: [String: Bool] = [:]
    }

    struct Failure: Sendable {
        let base: [String: Bool]
        let shows: @Sendable (Comparison) -> Bool
        let verdict: @Sendable (Comparison) -> String
    }

    /// "a → b" for `figure`.
    static func change(_ c: Comparison, _ figure: Figure) -> String {
        c[figure].map { "\(Baseline.Finding.format($0.a)) → \(Baseline.Finding.format($0.b))" } ?? "?"
    }

    /// `figure` with the advice followed (B).
    static func after(_ c: Comparison, _ figure: Figure) -> String {
        c[figure].map { Baseline.Finding.format($0.b) } ?? "?"
    }

    /// Whether `figure` went down from A to B.
    static func fell(_ c: Comparison, _ figure: Figure) -> Bool {
        c[figure].map { $0.b < $0.a } ?? false
    }

    static func percent(_ c: Comparison, _ figure: Figure) -> String {
        guard let d = c[figure] else { return "?" }
        guard let change = d.change else { return "\(Baseline.Finding.format(d.a)) → \(Baseline.Finding.format(d.b))" }
        return String(format: "%+.0f %%", change * 100).replacingOccurrences(of: "-", with: "−")
    }

    /// The median ratio of time `figure`, "0 → 0" when both sides are 0.
    static func times(_ c: Comparison, _ figure: Figure) -> String {
        guard let r = c.ratio(figure) else { return "?" }
        if r.a == 0 && r.b == 0 { return "0 → 0" }
        guard let median = r.median else { return "n/a" }
        return String(format: median < 0.1 ? "×%.3f" : "×%.2f", median)   // small ratios keep a digit that is not 0
    }

    /// Whether time `figure` went down (its median ratio below 1).
    static func faster(_ c: Comparison, _ figure: Figure) -> Bool {
        (c.ratio(figure)?.median ?? 1) < 1
    }

    static let renderMean = Figure.stage(.render, .mean), appMean = Figure.stage(.app, .mean), displayMean = Figure.stage(.display, .mean)
    static let constraintsMean = Figure.stage(.constraints, .mean), layoutMean = Figure.stage(.layout, .mean)

    /// How many `counter` counted on side A for each `per` counted there ("28"), or "?".
    static func each(_ c: Comparison, _ counter: Counter, per: Counter) -> String {
        guard let n = c[.counter(counter)]?.a, let d = c[.counter(per)]?.a, d > 0 else { return "?" }
        return Baseline.Finding.format((n / d * 10).rounded() / 10)
    }

    @Sendable static func churnVerdict(_ c: Comparison) -> String {
        let counts = "constraints added \(change(c, .counter(.constraintsAdded))), removed \(change(c, .counter(.constraintsRemoved)))"
            + " (\(each(c, .constraintsRemoved, per: .cellsReused)) of each per reused cell's configure → none)"
        let engine = "constant changes \(change(c, .counter(.constraintConstantChanges))), engine solves \(change(c, .counter(.engineSolves)))"
        let times = "constraints phase \(times(c, constraintsMean)) (with the solves of the changes made in cellForRowAt,"
            + " while the table lays out), layout phase \(times(c, layoutMean)), app stage \(times(c, appMean))"
        return counts + ", " + engine + "; " + times
    }

    /// Auto Layout's cost is measured on the same frames on screen (drawing and compositing
    /// equal), with the engine's work on top.
    @Sendable static func sameFramesWithEngineWork(_ c: Comparison) -> Bool {
        let same: [Figure] = [.frames, .counter(.draws), .counter(.drawnPixels), .counter(.compositedPixels)]
        return same.allSatisfy { f in c[f].map { $0.a == $0.b } ?? false } && (c[.counter(.engineSolves)]?.b ?? 0) > 0
    }

    @Sendable static func autoLayoutVerdict(_ c: Comparison) -> String {
        let same = "the same frames on screen (draws \(change(c, .counter(.draws))), pixels drawn \(percent(c, .counter(.drawnPixels))),"
            + " composited \(percent(c, .counter(.compositedPixels))))"
        let engine = "constraints added \(change(c, .counter(.constraintsAdded))), engine solves \(change(c, .counter(.engineSolves))),"
            + " intrinsic-size invalidations \(change(c, .counter(.intrinsicSizeInvalidations))), layouts \(change(c, .counter(.layouts)))"
        let times = "constraints phase \(times(c, constraintsMean)), layout phase \(times(c, layoutMean)), app stage \(times(c, appMean))"
        return same + "; " + engine + "; " + times
    }

    /// The sixteen experiments, in order.
    static let definitions: [Definition] = [
        Definition(title: "system views instead of custom drawing", scene: "feed", trace: "fling.trace", variant: "system-views",
                   followedIsOn: true, held: { fell($0, .counter(.drawnPixels)) }) { c in
            "backing-store bytes \(percent(c, .backingStoreBytesPeak)), pixels drawn \(percent(c, .counter(.drawnPixels))),"
                + " draws \(change(c, .counter(.draws))), display \(times(c, displayMean)),"
                + " app stage \(times(c, appMean))"
        },
        Definition(title: "content mode instead of redraw", scene: "resize", trace: "pinch.trace", variant: "content-mode",
                   followedIsOn: true, held: { fell($0, .counter(.draws)) }) { c in
            "draws \(change(c, .counter(.draws))), pixels drawn \(percent(c, .counter(.drawnPixels))),"
                + " display \(times(c, displayMean)), app stage \(times(c, appMean)),"
                + " commit hitches \(change(c, .hitches(.commit)))"
        },
        Definition(title: "opaque rows", scene: "feed", trace: "fling.trace", variant: "opaque", followedIsOn: true,
                   held: opaqueHeld, verdict: opaqueVerdict),
        Definition(title: "degraded drawing while scrolling", scene: "feed", trace: "fling.trace", variant: "degrade-while-scrolling",
                   followedIsOn: true, held: degradedHeld, verdict: degradedVerdict),
        Definition(title: "no subviews inside controls", scene: "controls", trace: "taps.trace", variant: "subviews-in-controls",
                   followedIsOn: false, held: { fell($0, .hierarchyWarnings) }) { c in
            "hierarchy warnings \(change(c, .hierarchyWarnings)) (robustness, not speed)"
        },
        Definition(title: "a shadowPath instead of a shadow cast from the alpha", scene: "feed", trace: "fling.trace", variant: "shadow-path",
                   followedIsOn: true,
                   held: { c in c[.counter(.shadowPasses)].map { $0.b == 0 && $0.a > 0 } == true && faster(c, renderMean) }) { c in
            "shadow offscreen passes \(change(c, .counter(.shadowPasses))), offscreen pixels \(percent(c, .counter(.offscreenPixels))),"
                + " render stage \(times(c, renderMean)) (estimated), render hitches \(change(c, .hitches(.render)))"
        },
        Definition(title: "rounded corners without masks or clipping", scene: "feed", trace: "fling.trace", variant: "corner-clip",
                   followedIsOn: false,
                   held: { c in fell(c, .counter(.maskPasses)) && fell(c, .counter(.cornerClipPasses)) && faster(c, renderMean) }) { c in
            "mask passes \(change(c, .counter(.maskPasses))), rounded-clip passes \(change(c, .counter(.cornerClipPasses))),"
                + " offscreen pixels \(percent(c, .counter(.offscreenPixels))), render stage \(times(c, renderMean)) (estimated),"
                + " render hitches \(change(c, .hitches(.render)))"
        },
        Definition(title: "rasterizing static content while scrolling", scene: "feed", trace: "fling.trace", variant: "rasterize",
                   followedIsOn: true,
                   held: { c in faster(c, renderMean) && fell(c, .counter(.offscreenPixels)) },
                   verdict: { c in
                       "cache hits \(after(c, .counter(.rasterHits))), misses \(after(c, .counter(.rasterMisses))),"
                           + " offscreen passes \(change(c, .counter(.offscreenPasses))), render stage \(times(c, renderMean)) (estimated)"
                   },
                   failure: Failure(base: ["live-content": true], shows: { c in (c.ratio(renderMean)?.median ?? 0) > 1 }) { c in
                       "but on cards whose content changes every frame: hits \(after(c, .counter(.rasterHits))),"
                           + " misses \(after(c, .counter(.rasterMisses))), render stage \(times(c, renderMean))"
                           + " (above ×1: rasterizing costs more than not)"
                   }),
        Definition(title: "change constraints' constants, don't remove and re-add them", scene: "feed", trace: "fling.trace",
                   variant: "constraint-churn", followedIsOn: false, held: { c in
                       fell(c, .counter(.constraintsAdded)) && fell(c, .counter(.constraintsRemoved)) && faster(c, appMean)
                   }, verdict: churnVerdict, base: ["auto-layout": true]),
        Definition(title: "Auto Layout's cost in a scrolling list", scene: "feed", trace: "fling.trace", variant: "auto-layout",
                   followedIsOn: true, held: sameFramesWithEngineWork, verdict: autoLayoutVerdict),
        Definition(title: "measure text once: cache row heights", scene: "messages", trace: "fling.trace", variant: "cached-heights",
                   // Held when the measurements fall; the layout phase's time is reported (one page's
                   // re-measuring is small next to a frame's layout, and mostly served by the text cache).
                   followedIsOn: true, held: { c in fell(c, .counter(.textMeasurements)) }) { c in
            "text measurements \(change(c, .counter(.textMeasurements))) (heightForRowAt's boundingRect, every row at each page's"
                + " reload → each row once), text layouts \(change(c, .counter(.textLayouts))), cache hits"
                + " \(change(c, .counter(.textLayoutCacheHits))), layout phase \(times(c, layoutMean)), app stage \(times(c, appMean))"
        },
        Definition(title: "let Core Animation animate, don't drive frames from the main thread", scene: "feed", trace: "taps.trace",
                   variant: "display-link-animation", followedIsOn: false,
                   // Held when the app commits fewer layer changes and the render server advances
                   // the pulses in frames the app has no part in (render-only frames).
                   held: { c in
                       fell(c, .counter(.layersCommitted)) && (c[.counter(.renderOnlyFrames)].map { $0.b > $0.a } ?? false)
                   }, verdict: { c in
            "layers committed \(change(c, .counter(.layersCommitted))) (a transform set every frame → once per pulse),"
                + " render-only frames \(change(c, .counter(.renderOnlyFrames))), animations added \(change(c, .counter(.animationsAdded))),"
                + " frames \(change(c, .frames)), app stage per frame \(times(c, appMean)), commit hitches \(change(c, .hitches(.commit)))"
        }, base: ["pulse-on-tap": true]),
        Definition(title: "opaque cards in a collection view", scene: "grid", trace: "fling.trace", variant: "opaque", followedIsOn: true,
                   held: opaqueHeld, verdict: opaqueVerdict),
        Definition(title: "degraded drawing while scrolling a collection view", scene: "grid", trace: "fling.trace",
                   variant: "degrade-while-scrolling", followedIsOn: true, held: degradedHeld, verdict: degradedVerdict),
        Definition(title: "blur is expensive: use it sparingly while scrolling", scene: "feed", trace: "fling.trace",
                   variant: "blurred-header", followedIsOn: false,
                   // Held when the blur's passes go and the render stage falls with them.
                   held: { c in c[.counter(.blurPasses)].map { $0.a > 0 && $0.b == 0 } == true && faster(c, renderMean) },
                   verdict: { c in
                       "blur passes \(change(c, .counter(.blurPasses))), blurred pixels \(percent(c, .counter(.blurPixels))),"
                           + " pixels hidden under the opaque bar \(percent(c, .counter(.occludedPixels))),"
                           + " render stage \(times(c, renderMean)) (estimated), render hitches \(change(c, .hitches(.render)))"
                   }, base: ["header": true]),
        Definition(title: "nibs are slow: build cells in code", scene: "contacts", trace: "contacts/tab-and-fling.trace",
                   variant: "nib-cells", followedIsOn: false,
                   // Held when the frame that makes the list's cells lays out faster with cells
                   // built in code (a nib is decoded for each cell made there, in the layout phase).
                   held: { c in faster(c, layoutMax) }, verdict: nibVerdict),
    ]

    static let appMax = Figure.stage(.app, .max), layoutMax = Figure.stage(.layout, .max)

    @Sendable static func nibVerdict(_ c: Comparison) -> String {
        "nibs loaded \(change(c, .counter(.nibsLoaded))) (one per cell made: \(after(c, .counter(.cellsCreated))) cells, the first"
            + " screen's; \(after(c, .counter(.cellsReused))) reuses load none), objects decoded \(change(c, .counter(.nibObjects))),"
            + " the same frames on screen (draws \(change(c, .counter(.draws))), constraints added \(change(c, .counter(.constraintsAdded))));"
            + " the frame that shows the list: layout phase \(times(c, layoutMax)), app stage \(times(c, appMax));"
            + " every frame: app stage \(times(c, appMean))"
    }

    @Sendable static func opaqueHeld(_ c: Comparison) -> Bool { fell(c, .counter(.blendedPixels)) && faster(c, renderMean) }

    @Sendable static func opaqueVerdict(_ c: Comparison) -> String {
        "blended pixels \(percent(c, .counter(.blendedPixels))), composited pixels \(percent(c, .counter(.compositedPixels))),"
            + " render stage \(times(c, renderMean)) (estimated), app stage \(times(c, appMean))"
    }

    @Sendable static func degradedHeld(_ c: Comparison) -> Bool { faster(c, .scrollingDisplayMean) }

    @Sendable static func degradedVerdict(_ c: Comparison) -> String {
        "display per scrolling frame \(times(c, .scrollingDisplayMean)), draw operations \(percent(c, .counter(.drawOperations))),"
            + " draws \(change(c, .counter(.draws))) (the extra ones: full-quality redraws after scrolling)"
    }
}

extension Advice.Report {
    /// advice.html: a table of the experiments with their numbers and whether each advice held.
    public var html: String {
        let e = Markup.escape
        var html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>uisim advice</title>
            <style>body{font:14px/1.45 -apple-system,Helvetica,Arial,sans-serif;max-width:1080px;margin:24px auto;padding:0 16px;color:#1f2328}
            table{border-collapse:collapse}td,th{padding:6px 10px;border-bottom:1px solid #eaeef2;text-align:left;vertical-align:top}
            .held{color:#1a7f37;font-weight:600}.not{color:#cf222e;font-weight:600}</style></head><body>
            <h1>Sixteen pieces of advice, measured</h1>
            <p>1–5: the seed notes' (the commit side: drawing, layout, blending); 6–8: the render phase's (Apple's Tech Talk 10857: offscreen passes); 9–10: Auto Layout's (WWDC 2018 session 220), on the feed laid out with constraints; 11: text's, on a conversation whose rows are as tall as their messages; 12: animation's, on the feed's cards pulsing when tapped; 13–14: the seed notes' 3 and 4 again, on the cards of a compositional collection view (the <code>grid</code> scene); 15: blur's, on a title bar over the feed; 16: the folklore that nibs are slow, on a list whose cells come from a nib or from code (the <code>contacts</code> scene). Render-stage times are the cost model's estimates.</p>
            <p>\(runs) interleaved run\(runs == 1 ? "" : "s") of each variant; counters exact, times as median ratios (B ÷ A: advice followed ÷ not).</p>
            \(interrupted == true ? "<p class=\"not\">Interrupted: the \(experiments.count) experiments measured whole before the signal.</p>\n" : "")
            <table><tr><th>#</th><th>advice</th><th>experiment</th><th>measured</th><th>held</th></tr>

            """
        for r in experiments {
            html += "<tr><td>\(r.number)</td><td><a href=\"\(e(r.report))\">\(e(r.advice))</a></td>"
                + "<td><code>\(e(r.scene))</code>, <code>\(e(r.trace))</code><br>A: \(e(r.a))<br>B: \(e(r.b))</td>"
                + "<td>\(e(r.verdict))" + (r.failureReport.map { " (<a href=\"\(e($0))\">where it fails</a>)" } ?? "")
                + "</td><td class=\"\(r.held ? "held" : "not")\">\(r.held ? "yes" : "no")</td></tr>\n"
        }
        return html + "</table></body></html>\n"
    }
}
