import Foundation
import QuartzCore
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The render phase's advice on the feed's cards: offscreen passes by cause, rasterization hits
/// and misses, and the optimization opportunities the summary and the report list.
@Suite struct RenderPhaseAdviceTests {
    /// A quick scroll of the feed on an iPhone SE (400 pt in 0.4 s, resting 0.1 s, lifted),
    /// written to a folder as `uisim replay` writes it; the summary and the window.
    func scroll(_ variants: [String: Bool]) throws -> (Summary, UIWindow, String) {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-render-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let definition = try BuiltInScenes.named("feed")
            let settings = try definition.settings(variants)
            let window = definition.makeWindow(settings: settings)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 187, y: 550), to: CGPoint(x: 187, y: 150), time: 0.05, duration: 0.4, rate: 60, hold: 0.1)
            let header = Summary(trace: "scroll.trace", scene: "feed", variant: settings.description, device: "iPhone SE", refreshRate: 60)
            let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
            let replay = Replay(window: window, clock: VirtualClock())
            replay.sinks = [outputs]
            let result = try replay.run(trace)
            let summary = try outputs.finish(interrupted: result.interrupted)
            let report = try String(contentsOf: outputs.reportURL, encoding: .utf8)
            return (summary, window, report)
        }
    }

    /// The cards the feed made (rows are reused, so every card made is still in the window).
    func cards(_ window: UIWindow) -> [UIView] {
        func all(_ view: UIView) -> [UIView] { [view] + view.subviews.flatMap(all) }
        return all(window).filter { $0 is CardView || $0 is DrawnRow.Canvas && $0.superview is DrawnRow }
    }

    /// Shadows cast from the cards' alpha: one pass per card per frame it is damaged in, all of
    /// them on the opportunities list as one entry naming `CardView`, with every card an instance.
    @Test func shadowedCardsAreTheFirstOpportunity() throws {
        let (summary, window, report) = try scroll([:])
        let shadow = try #require(summary.opportunities.first)
        #expect(shadow.layer == "CardView" && shadow.cause == .shadow)
        #expect(shadow.instances == cards(window).count && shadow.instances >= 8)
        #expect(shadow.passes == summary.counts[.shadowPasses] && shadow.pixels == summary.counts[.shadowPixels])
        #expect(shadow.frames > 0 && shadow.frames <= summary.frames)
        #expect(summary.counts.offscreenPasses == summary.counts[.shadowPasses])
        #expect(report.contains("<h2>Optimization opportunities</h2>") && report.contains("layer <code>CardView</code> (\(shadow.instances) instances): shadow without shadowPath"))
        #expect(report.contains("Remedy: set shadowPath"))

        let (withPath, _, pathReport) = try scroll(["shadow-path": true])
        #expect(withPath.counts[.shadowPasses] == 0 && withPath.opportunities.isEmpty)
        #expect(!pathReport.contains("Optimization opportunities"))
        // The same shadows are composited either way; only the offscreen work goes.
        #expect(withPath.counts.blendedPixels == summary.counts.blendedPixels)
    }

    /// Clipping the content to the rounded corners, and the avatar's mask: a pass of each per card.
    @Test func cornerClipAndMaskPassesPerCard() throws {
        let (summary, window, _) = try scroll(["corner-clip": true])
        #expect(summary.counts[.maskPasses] > 0 && summary.counts[.cornerClipPasses] > 0)
        let byCause = Dictionary(uniqueKeysWithValues: summary.opportunities.map { ($0.cause, $0) })
        #expect(byCause[.mask]?.layer == "UIImageView" && byCause[.cornerClip]?.layer == "CardContentView")
        #expect(byCause[.mask]?.instances == cards(window).count && byCause[.cornerClip]?.instances == cards(window).count)
        // A card's avatar lies inside its clip, which lies inside its shadow: at the screen's edge
        // a card can show its shadow without its clip, or its clip without its avatar, never
        // the other way round.
        #expect(summary.counts[.maskPasses] <= summary.counts[.cornerClipPasses])
        #expect(summary.counts[.cornerClipPasses] <= summary.counts[.shadowPasses])
        #expect(summary.counts[.maskPasses] * 10 > summary.counts[.shadowPasses] * 9)
    }

    /// Rasterized cards: a miss when a card first shows (or is reused for another row), hits
    /// while it scrolls; with a bar that follows the scroll inside each card, a miss every frame.
    @Test func rasterizedCardsHitWhileScrollingAndMissWhenTheyChange() throws {
        let (plain, _, _) = try scroll([:])
        let (rasterized, window, _) = try scroll(["rasterize": true])
        #expect(rasterized.counts[.rasterHits] > 5 * rasterized.counts[.rasterMisses])
        // A miss renders the card with its shadow: the shadow's pass only then.
        #expect(rasterized.counts[.shadowPasses] == rasterized.counts[.rasterMisses])
        #expect(rasterized.counts[.rasterHits] + rasterized.counts[.rasterMisses] == plain.counts[.shadowPasses])
        #expect(rasterized.counts[.rasterMisses] >= cards(window).count)
        #expect(rasterized.stages.render.mean < plain.stages.render.mean)

        let (live, _, _) = try scroll(["live-content": true])
        let (liveRasterized, _, _) = try scroll(["live-content": true, "rasterize": true])
        #expect(liveRasterized.counts[.rasterHits] == 0)
        #expect(liveRasterized.counts[.rasterMisses] == live.counts[.shadowPasses])
        #expect(liveRasterized.stages.render.mean > live.stages.render.mean)   // rasterizing costs more than not
    }
}

/// Replays in one process do not leak into each other: two screens, one after the other and back,
/// give each the same counters every time.
@Suite struct ReplayIsolationTests {
    @Test func twoScreensInOneProcessCountTheSameWhicheverRanBefore() throws {
        let trace = AdviceEffectsTests.traces.appendingPathComponent("drag.trace")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-isolation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try BuiltInScenes.named("feed")
        var runs = 0
        func replay(_ device: UIScreen.Model) throws -> Summary {
            runs += 1
            return try Replay.run(trace, scene: feed, device: device, snapshots: .none, outputs: folder.appendingPathComponent("\(runs)"))
        }
        let small = try replay(.iPhoneSE3), large = try replay(.iPhone15Pro)
        let smallAgain = try replay(.iPhoneSE3), largeAgain = try replay(.iPhone15Pro)
        #expect(small.device != large.device)
        #expect(small.counts != large.counts)   // different screens do different work
        #expect(smallAgain.counts == small.counts && smallAgain.touches == small.touches && smallAgain.frames == small.frames)
        #expect(largeAgain.counts == large.counts && largeAgain.touches == large.touches && largeAgain.frames == large.frames)
    }

    /// Replays run on the main actor, one at a time; one app per replay still matters when a
    /// replay runs inside another's frame (as a progress callback can): each counts alone.
    @Test func aReplayInsideAnothersFrameCountsWhatEachCountsAlone() throws {
        let trace = AdviceEffectsTests.traces.appendingPathComponent("drag.trace")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-nested-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try BuiltInScenes.named("feed")
        let devices: [UIScreen.Model] = [.iPhoneSE3, .iPhone15Pro]
        func job(_ device: UIScreen.Model, _ name: String) throws -> ReplayJob {
            var job = try ReplayJob(trace: trace, scene: feed, model: device, out: folder.appendingPathComponent(name), snapshots: .none)
            job.clock = .fixed
            return job
        }
        let alone = try devices.map { try job($0, "alone-\($0.identifier)").run().summary }

        let inner = try job(devices[1], "inner")
        var innerSummary: Summary?
        let outer = try job(devices[0], "outer").run { frame, _ in
            guard frame == 3, innerSummary == nil else { return }   // mid-replay: the outer app is current
            innerSummary = try? inner.run().summary
        }.summary
        let nested = try #require(innerSummary)
        for (together, alone) in zip([outer, nested], alone) {
            #expect(together.device == alone.device)
            #expect(together.counts == alone.counts)
            #expect(together.touches == alone.touches && together.frames == alone.frames)
        }
        #expect(alone[0].counts != alone[1].counts)
    }
}
