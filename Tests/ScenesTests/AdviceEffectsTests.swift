import Foundation
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The expected effects of the seed notes' advice, as counters (times are for benchmarks).
@Suite struct AdviceEffectsTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Traces")

    /// On an iPhone SE's screen (a third of an iPhone 14's pixels, so the tests stay quick); the
    /// traces, recorded for 390 × 844 pt, are stretched onto it.
    func replay(_ scene: String, _ trace: String, _ variants: [String: Bool]) throws -> (ReplayResult, UIWindow) {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
            let definition = try BuiltInScenes.named(scene)
            let window = definition.makeWindow(settings: try definition.settings(variants))
            var stream = try TraceFile.open(Self.traces.appendingPathComponent(trace))
            return (try Replay(window: window, clock: VirtualClock()).run(&stream), window)
        }
    }

    /// A quick scroll of the feed that ends still: 400 pt in 0.4 s, resting 0.1 s, lifted.
    func scroll(_ variants: [String: Bool]) throws -> (ReplayResult, UIWindow) {
        try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
            let definition = try BuiltInScenes.named("feed")
            let window = definition.makeWindow(settings: try definition.settings(variants))
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 187, y: 550), to: CGPoint(x: 187, y: 150), time: 0.05, duration: 0.4, rate: 60, hold: 0.1)
            return (try Replay(window: window, clock: VirtualClock()).run(trace), window)
        }
    }

    /// Content mode other than .redraw: no draw(_:) during the pinch, only scaling.
    @Test func contentModeScalesInsteadOfRedrawing() throws {
        let (redraw, _) = try replay("resize", "pinch.trace", ["content-mode": false])
        let (scaled, _) = try replay("resize", "pinch.trace", ["content-mode": true])
        #expect(redraw.work.display.layersDisplayed > 40)
        #expect(scaled.work.display.layersDisplayed == 0 && scaled.work.display.pixelsDrawn == 0)
        #expect(scaled.work.render.misalignedLayers > 0)   // stretched content, as Simulator would color it
        let (transformed, _) = try replay("resize", "pinch.trace", ["transform": true])
        #expect(transformed.work.display.layersDisplayed == 0 && transformed.work.layouts == 0)
    }

    /// Opaque rows, labels and charts hide what is beneath them: fewer pixels blended, more
    /// skipped. The cards stay blended either way (their rounded corners are not opaque, as
    /// Simulator's "Color Blended Layers" shows a rounded view red), so the fall is a third, not
    /// the three quarters of flat rows.
    @Test func opaqueRowsBlendLess() throws {
        let (clear, _) = try scroll(["opaque": false])
        let (opaque, _) = try scroll(["opaque": true])
        #expect(opaque.work.render.blendedPixels * 3 < clear.work.render.blendedPixels * 2)
        #expect(opaque.work.render.occludedPixels > clear.work.render.occludedPixels)
        #expect(opaque.work.display == clear.work.display)   // the same drawing either way
    }

    /// Degrading while scrolling: after scrolling stops, each visible row that was drawn cheaply
    /// redraws exactly once in full quality — and those are the only extra draws.
    @Test func degradedRowsRedrawOnceWhenScrollingStops() throws {
        let (plain, _) = try scroll(["degrade-while-scrolling": false])
        let (degraded, window) = try scroll(["degrade-while-scrolling": true])
        let feed = try #require(window.rootViewController as? FeedViewController)
        let restored = feed.restoredRows
        let bounds = feed.tableView.bounds
        #expect(restored.count >= 4 && Set(restored).count == restored.count)
        // The rows on screen that came on while scrolling (the first ones drew in full before).
        let visible = (feed.tableView.indexPathsForVisibleRows ?? []).map(\.row)
        #expect(restored == Array(visible.suffix(restored.count)))
        #expect(restored.allSatisfy { CGFloat($0) * FeedViewController.rowHeight < bounds.maxY && CGFloat($0 + 1) * FeedViewController.rowHeight > bounds.minY })
        #expect(degraded.work.display.layersDisplayed == plain.work.display.layersDisplayed + restored.count)
        // The cheap charts skip the gradient: fewer operations despite the extra redraws.
        #expect(degraded.work.display.drawOperations < plain.work.display.drawOperations + restored.count * 3)
    }

    /// System views instead of one big draw(_:) per row: fewer backing-store bytes and pixels drawn.
    @Test func systemViewsDrawLess() throws {
        let (drawn, _) = try scroll(["system-views": false])
        let (composed, _) = try scroll(["system-views": true])
        #expect(composed.work.backingStoreBytes < drawn.work.backingStoreBytes)
        #expect(composed.work.display.pixelsDrawn < drawn.work.display.pixelsDrawn)
    }

    /// Subviews inside controls: one hierarchy warning per badge (every other of the 18 buttons).
    @Test func subviewsInControlsAreReported() throws {
        let plain = try BuiltInScenes.named("controls")
        #expect(plain.makeWindow(settings: try plain.settings()).hierarchyWarnings().isEmpty)
        let badged = plain.makeWindow(settings: try plain.settings(["subviews-in-controls": true]))
        #expect(badged.hierarchyWarnings().count == 9)
    }
}
