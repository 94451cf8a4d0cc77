import Foundation
import Testing
import UISim
@testable import Replay
@testable import UISimCommandLine

/// What the commands print, read by people: no cut columns, no stray spaces, parts smaller than
/// their whole, clear errors, and the advice page with its numbers.
@Suite(.serialized) nonisolated struct CommandTextTests {
    let cli = CommandLineTests()

    /// A check whose only changes are faster times says to keep the baseline; with a counter
    /// improved too, it asks for the baseline to be updated.
    @Test func checkTextKeepsTheBaselineWhenOnlyTimesGotFaster() {
        func finding(_ name: String, _ verdict: Baseline.Finding.Verdict) -> Baseline.Finding {
            Baseline.Finding(name: name, baseline: 400, current: 100, verdict: verdict, message: name)
        }
        let times = CheckReport(suites: [.init(trace: "drag.trace", replaySeconds: 1, findings: [finding("stages_us.app.p50", .improvement)])],
                                timeTolerance: 1.5)
        let text = CheckCommand.text(times, strict: false, update: "uisim baseline out -o b.json")
        #expect(text.hasSuffix("ok: no regression in 1 checks of 1 trace; 1 time faster than ÷1.50, most often a quieter machine: keep the baseline (one made from this run would fail ordinary runs)"), "\(text)")
        let counters = CheckReport(suites: [.init(trace: "drag.trace", replaySeconds: 1,
                                                  findings: [finding("stages_us.app.p50", .improvement), finding("counts.draws", .improvement)])],
                                   timeTolerance: 1.5)
        #expect(CheckCommand.text(counters, strict: false, update: "uisim baseline out -o b.json").contains("update the baseline (uisim baseline out -o b.json)"))
    }

    @Test func scenesListsEveryVariantWhole() throws {
        let scenes = try cli.uisim(["scenes"])
        #expect(scenes.status == 0)
        for name in ["opaque", "degrade-while-scrolling", "system-views", "subviews-in-controls", "content-mode", "transform"] {
            #expect(scenes.stdout.contains("--variant \(name)=on|off  "), "\(name)")
        }
        // One column: every description starts at the same place.
        let starts = Set(scenes.stdout.split(separator: "\n").map { line in
            line.distance(from: line.startIndex, to: line.range(of: "  ", options: .backwards)!.upperBound)
        })
        #expect(starts.count == 1)
    }

    @Test func replayHelpReadsAsOneSentence() throws {
        let help = try cli.uisim(["replay", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.split(separator: "\n").contains { $0.last == " " })
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("so a slow frame delays the next (the default); fixed: every vsync gets a frame"))
    }

    /// The terminal summary: blended pixels are a part of the composited ones, and the pixels
    /// hidden under opaque layers are said apart, as what was not composited.
    @Test func summaryTableSaysWhatIsAPartOfWhat() {
        var summary = Summary(trace: "t.trace", scene: "feed", variant: "", device: "iPhone 14", refreshRate: 60)
        summary.counts.compositedPixels = 448_452
        summary.counts.blendedPixels = 139_572
        summary.counts.occludedPixels = 617_760
        let table = summary.table(report: "r.html")
        #expect(table.contains("pixels composited                 448452, of them 139572 blended"))
        #expect(table.contains("pixels hidden, not composited     617760 (under opaque layers)"))
    }

    /// Rows that only mean something when their work happened: the constraints phase when the
    /// layout engine solved, text when text was laid out or drawn.
    @Test func summaryTableShowsConstraintsAndTextWhenTheyWorked() {
        var summary = Summary(trace: "t.trace", scene: "feed", variant: "", device: "iPhone 14", refreshRate: 60)
        let quiet = summary.table(report: "r.html")
        #expect(!quiet.contains("constraints p50") && !quiet.contains("\ntext "))
        summary.counts[.engineSolves] = 3
        summary.counts[.textLayouts] = 2
        summary.counts[.textLayoutCacheHits] = 5
        summary.counts[.glyphsDrawn] = 40
        let busy = summary.table(report: "r.html")
        #expect(busy.contains("  constraints p50 / p95 / p99"))
        #expect(busy.contains("text                              2 laid out, 5 from the cache, 0 measured by the app, 40 glyphs drawn"))
    }

    /// `advice` on short stand-ins for its traces: sixteen verdicts with their numbers, whether each
    /// advice held, and advice.html as a table of them. The render phase's three (6–8) hold even
    /// on a short fling: counts of offscreen passes fall, and rasterizing content that changes
    /// every frame costs more than not.
    @Test func adviceShowsItsNumbersAndWhetherEachHeld() throws {
        let folder = cli.temporary("advice")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("t/contacts"), withIntermediateDirectories: true)
        for gesture in [["fling", "--from", "195,700", "--to", "195,300", "--duration", "0.1", "-o", "t/fling.trace"],
                        ["pinch", "--from", "195,380", "--distance", "120,200", "--duration", "0.2", "-o", "t/pinch.trace"],
                        ["tap", "--from", "100,200", "-o", "t/taps.trace"],
                        ["tap", "--from", "292,785", "-o", "t/contacts/tab-and-fling.trace"]] {
            #expect(try cli.uisim(["trace", "synth"] + gesture, in: folder).status == 0)
        }
        let advice = try cli.uisim(["advice", "--runs", "1", "--traces", "t", "--out", "a"], in: folder)
        #expect(advice.status == 0, "\(advice.stderr)")
        let verdicts = advice.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(verdicts.count == 16)
        #expect(verdicts.allSatisfy { $0.hasSuffix("— held") || $0.hasSuffix("— did not hold") })
        #expect(verdicts[1].contains("2. content mode instead of redraw: draws ") && verdicts[1].hasSuffix("— held"))
        let html = try String(contentsOf: folder.appendingPathComponent("a/advice.html"), encoding: .utf8)
        #expect(html.contains("1 interleaved run of each variant"))
        #expect(html.components(separatedBy: "<tr><td>").count - 1 == 16)
        #expect(verdicts[5].hasPrefix("6. a shadowPath instead of a shadow cast from the alpha: shadow offscreen passes ")
                && verdicts[5].contains(" → 0,") && verdicts[5].hasSuffix("— held"))
        #expect(verdicts[6].hasPrefix("7. rounded corners without masks or clipping: mask passes ") && verdicts[6].hasSuffix("— held"))
        #expect(verdicts[7].hasPrefix("8. rasterizing static content while scrolling: cache hits ")
                && verdicts[7].contains("but on cards whose content changes every frame: hits 0,") && verdicts[7].hasSuffix("— held"))
        #expect(html.contains("href=\"8-rasterize-live-content/compare.html\">where it fails</a>"))
        // Auto Layout's two (issue 30): churn adds and removes constraints that constants do not;
        // the constraints' layout puts the same frames on screen as the hand-written one.
        #expect(verdicts[8].hasPrefix("9. change constraints' constants, don't remove and re-add them: constraints added ")
                && verdicts[8].contains(" removed ") && verdicts[8].contains("constraints phase ×"))
        #expect(verdicts[9].hasPrefix("10. Auto Layout's cost in a scrolling list: the same frames on screen (draws ")
                && verdicts[9].contains("constraints added 0 → ") && verdicts[9].hasSuffix("— held"))
        #expect(html.contains("href=\"9-constraint-churn/compare.html\"") && html.contains("href=\"10-auto-layout/compare.html\""))
        // Text's (issue 31): the conversation's heights, measured at each reload or once.
        #expect(verdicts[10].hasPrefix("11. measure text once: cache row heights: text measurements "), "\(verdicts[10])")
        #expect(html.contains("href=\"11-cached-heights/compare.html\""))
        // Animation's (issue 32): a tapped card's pulse, driven by a display link or by Core Animation.
        #expect(verdicts[11].hasPrefix("12. let Core Animation animate, don't drive frames from the main thread: layers committed ")
                && verdicts[11].contains("render-only frames 0 → ") && verdicts[11].hasSuffix("— held"), "\(verdicts[11])")
        #expect(html.contains("href=\"12-display-link-animation/compare.html\""))
        // The collection view's (issue 33): opaque cards and degraded thumbnails on the grid.
        #expect(verdicts[12].hasPrefix("13. opaque cards in a collection view: blended pixels ") && verdicts[12].hasSuffix("— held"), "\(verdicts[12])")
        #expect(verdicts[13].hasPrefix("14. degraded drawing while scrolling a collection view: display per scrolling frame ×"), "\(verdicts[13])")
        #expect(html.contains("href=\"13-opaque/compare.html\"") && html.contains("href=\"14-degrade-while-scrolling/compare.html\""))
        #expect(html.contains("<th>measured</th><th>held</th>") && html.contains("href=\"2-content-mode/compare.html\""))
        let compare = try String(contentsOf: folder.appendingPathComponent("a/2-content-mode/compare.html"), encoding: .utf8)
        #expect(compare.contains(" ms</text>") && compare.contains(">A: ") && compare.contains(">B: ") && compare.contains("frame number"))
        #expect(compare.contains("1 run each, interleaved"))
    }
}

/// `trace convert` and `trace cut` stream (sample by sample, in constant memory) and write what
/// the in-memory library does: the same samples, read back; a broken input leaves no file.
@Suite(.serialized) nonisolated struct StreamingTraceToolsTests {
    let cli = CommandLineTests()

    @Test func convertAndCutWriteWhatTheLibraryDoes() throws {
        let source = CommandLineTests.root.appendingPathComponent("Traces/wetab-taps.evemu")
        let converted = cli.temporary("converted.trace"), cut = cli.temporary("cut.trace")
        defer { for url in [converted, cut] { try? FileManager.default.removeItem(at: url) } }
        #expect(try cli.uisim(["trace", "convert", source.path, "-o", converted.path]).status == 0)
        #expect(try cli.uisim(["trace", "cut", source.path, "--from", "1", "--to", "3", "-o", cut.path]).status == 0)
        let original = try Trace(contentsOf: source)
        #expect(try Trace(contentsOf: converted).samples == original.samples)
        #expect(try Trace(contentsOf: cut).samples == original.cut(from: 1, to: 3).samples)

        // trace synth streams too, and writes the library's gestures, jitter included.
        let synth = cli.temporary("synth.trace")
        defer { try? FileManager.default.removeItem(at: synth) }
        #expect(try cli.uisim(["trace", "synth", "drag", "--from", "195.1,700.3", "--to", "12.7,100.9", "--duration", "0.7",
                               "--jitter", "3", "--seed", "5", "-o", synth.path]).status == 0)
        var expected = Trace(screen: .default)
        expected.drag(1, from: CGPoint(x: 195.1, y: 700.3), to: CGPoint(x: 12.7, y: 100.9), time: 0.1, duration: 0.7, rate: 120)
        #expect(try Trace(contentsOf: synth).samples == expected.jittered(by: 3, seed: 5).samples)
        let pinch = cli.temporary("pinch.trace")
        defer { try? FileManager.default.removeItem(at: pinch) }
        #expect(try cli.uisim(["trace", "synth", "pinch", "--from", "195,380", "--distance", "120,320", "-o", pinch.path]).status == 0)
        let twoFingers = Trace.twoFingers(center: CGPoint(x: 195, y: 380), startDistance: 120, endDistance: 320, time: 0.1, duration: 0.5)
        #expect(try Trace(contentsOf: pinch).samples == twoFingers.samples)

        let broken = cli.temporary("broken.trace"), folder = cli.temporary("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: broken); try? FileManager.default.removeItem(at: folder) }
        try "uisim-trace 1.0\n0 1 down 1 1\n0.5 1 move 2 2\n0.2 1 up\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try cli.uisim(["trace", "convert", broken.path, "-o", folder.appendingPathComponent("x.trace").path])
        #expect(failed.status == 65 && failed.stderr.contains(":4: time 0.2 is earlier than the previous 0.5"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

/// The command line as a library: an app's scenes beside the built-in ones.
@Suite(.serialized) struct OwnScenesCommandTests {
    static let mine = Scene(name: "mine", summary: "an app's own screen", variants: [.init(name: "dense", summary: "more rows")]) { window, _ in
        window.addSubview(UIView(frame: window.bounds))
    }

    @Test func anAppsScenesComeFirstAndReplayByName() throws {
        let catalog = try SceneCatalog([Self.mine] + BuiltInScenes.all)
        try CommandScenes.$catalog.withValue(catalog) {
            #expect(ScenesCommand.listing(CommandScenes.catalog.scenes).hasPrefix("mine (default)"))
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-mine-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let root = CommandLineTests.root
            var command = try UISimCommand.parseAsRoot(
                ["replay", root.appendingPathComponent("Traces/taps.trace").path, "--variant", "dense=on", "--out", folder.path, "--quiet"])
            try command.run()
            let summary = try Summary.read(from: folder.appendingPathComponent("summary.json"))
            #expect(summary.scene == "mine" && summary.variant == "dense=on")
            // The default scene is the app's first.
            let trace = root.appendingPathComponent("Traces/taps.trace").path
            let replay = try #require(try UISimCommand.parseAsRoot(["replay", trace]) as? ReplayCommand)
            #expect(replay.sceneOptions.scene == "mine")
            #expect(try UISimCommand.parseAsRoot(["replay", trace, "--scene", "feed"]) is ReplayCommand)
            #expect(throws: (any Error).self) { try UISimCommand.parseAsRoot(["replay", trace, "--scene", "nope"]) }
        }
    }

    @Test func twoScenesOfOneNameAreRefusedAtStart() {
        #expect(throws: SceneError("two scenes are named 'feed': give each scene its own name")) {
            try SceneCatalog([Scene(name: "feed", summary: "mine") { _, _ in }] + BuiltInScenes.all)
        }
    }
}
