import Foundation
import CoreGraphics
import QuartzCore
@testable import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// Apple's render loop, worked out by hand: the pipeline's placement of frames, hitches by type
/// counted once, the hitch time ratio over active time, the render estimate, and whole replays
/// on a stopwatch the test drives.
@Suite struct FramePipelineTests {
    static let p = 1.0 / 60
    let grid = VsyncGrid(rate: 60)

    func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// On time: committed within its interval, rendered in the next, shown two vsyncs after its own.
    @Test func aFrameOnTimeIsShownTwoVsyncsLater() {
        var pipeline = FramePipeline(grid: grid)
        let t = pipeline.schedule(start: 0, appDuration: 0.005, renderDuration: 0.002)
        #expect(near(t.commitEnd, 0.005) && near(t.renderStart, Self.p) && near(t.renderEnd, Self.p + 0.002))
        #expect(near(t.expected, 2 * Self.p) && near(t.presented, 2 * Self.p))
        #expect(t.hitchType == .none && t.hitchTime == 0)
        #expect(near(t.overrun, 0.002 - Self.p))   // 14.7 ms of headroom
    }

    /// A commit 5 ms over its interval: handed over one vsync late, shown one vsync late (a commit
    /// hitch of one interval), and the next frame's app stage waits for the main thread.
    @Test func aCommitThatOverrunsIsACommitHitchOfOneInterval() {
        var pipeline = FramePipeline(grid: grid)
        let late = pipeline.schedule(start: 0, appDuration: Self.p + 0.005, renderDuration: 0.002)
        #expect(near(late.renderStart, 2 * Self.p) && near(late.presented, 3 * Self.p))
        #expect(late.hitchType == .commit && near(late.hitchTime, Self.p))
        // The next vsync's frame cannot start before the main thread is free (21.7 ms): it starts
        // then, in the interval of vsync 1, and commits in time for vsync 2, but the render server
        // renders the late frame until 2p + 2 ms: it renders this one from vsync 3 and shows it at
        // 4, one vsync after the late one. Vsync 2, the one missed, was counted for the late frame.
        let next = pipeline.schedule(start: Self.p, appDuration: 0.001, renderDuration: 0.002)
        #expect(near(next.appStart, Self.p + 0.005) && near(next.vsync, Self.p))
        #expect(near(next.presented, 4 * Self.p) && next.hitchType == .none && next.hitchTime == 0)
    }

    /// A render over its interval: a render hitch; the render server is busy until it ends, so the
    /// next frame waits for it too, but the vsync lost is counted once, for the slow frame.
    @Test func aRenderOverBudgetIsARenderHitch() {
        var pipeline = FramePipeline(grid: grid)
        let slow = pipeline.schedule(start: 0, appDuration: 0.001, renderDuration: Self.p + 0.001)
        #expect(slow.hitchType == .render && near(slow.presented, 3 * Self.p) && near(slow.hitchTime, Self.p))
        let next = pipeline.schedule(start: Self.p, appDuration: 0.001, renderDuration: 0.001)
        // Expected at 3, but the render server is free only at 2p + 1 ms: rendered from vsync 3,
        // shown at 4 — one vsync after the frame before: the display got a new frame at 3 and at
        // 4, so no vsync is lost here and none is counted twice.
        #expect(near(next.renderStart, 3 * Self.p) && near(next.presented, 4 * Self.p))
        #expect(next.hitchType == .none && next.hitchTime == 0)
    }

    /// However slow every frame is, hitch time never exceeds the time the frames span: a render of
    /// 2.5 intervals every vsync for a second.
    @Test func hitchTimeRatioNeverExceedsOneThousand() throws {
        var pipeline = FramePipeline(grid: grid)
        var builder = SummaryBuilder(Summary(trace: "t", scene: "s", variant: "", device: "d", refreshRate: 60))
        for n in 0..<60 {
            let timeline = pipeline.schedule(start: Double(n) * Self.p, appDuration: 0.002, renderDuration: 2.5 * Self.p)
            builder.add(FrameRecord(frame: n, mode: "", timeline: timeline, stages: .init(), counts: .init(), touches: .init()))
        }
        let summary = builder.finished(interrupted: false)
        #expect(summary.hitches.total == 60 && summary.hitches.render == 60)
        #expect(summary.hitchTimeRatio <= 1000 && summary.hitchTimeRatio > 600)
    }

    /// A hand-made timeline: three frames at vsyncs 0, 1 and 10, the second a commit hitch of one
    /// interval. Active time: [0, 2p] ∪ [p, 4p] ∪ [10p, 12p] = 6 intervals = 100 ms; hitch time
    /// 16.7 ms: 166.7 ms/s.
    @Test func hitchTimeRatioOfAHandMadeTimeline() throws {
        var pipeline = FramePipeline(grid: grid)
        var builder = SummaryBuilder(Summary(trace: "t", scene: "s", variant: "", device: "d", refreshRate: 60))
        for (n, (start, app)) in [(0.0, 0.001), (Self.p, Self.p + 0.001), (10 * Self.p, 0.001)].enumerated() {
            let timeline = pipeline.schedule(start: start, appDuration: app, renderDuration: 0.001)
            builder.add(FrameRecord(frame: n, mode: "", timeline: timeline, stages: .init(), counts: .init(), touches: .init()))
        }
        builder.add(FrameRecord(idleVsyncs: 1, vsync: 11 * Self.p, frame: 3, touches: .init()))
        let summary = builder.finished(interrupted: false)
        #expect(summary.frames == 3 && summary.idleVsyncs == 1 && summary.hitches.commit == 1)
        #expect(near(summary.activeSeconds, 6 * Self.p))
        #expect(abs(summary.hitchTimeMs.total - 1000 * Self.p) < 1e-6)
        #expect(abs(summary.hitchTimeRatio - 1000.0 / 6) < 1e-6 && summary.hitchBand == "critical")
        var organizer = summary
        organizer.hitchBands = .organizer
        #expect(organizer.hitchBands.band(for: summary.hitchTimeRatio) == "> 50 ms/s")
    }

    /// The render estimate of a small tree by hand: one opaque 40 × 40 pt layer at @2x redrawn
    /// (6 400 px copied) and one half-transparent 10 × 10 pt layer over it (400 px blended), with
    /// round coefficients: 1 GB/s, 1 µs per layer, 10 µs per offscreen pass.
    @Test func renderEstimateOfASmallTree() throws {
        let model = RenderCostModel(chip: "test", bandwidth: 1e9, perLayer: 1e-6, perOffscreenPass: 1e-5)
        var stats = RenderStatistics()
        stats.layersComposited = 2
        stats.compositedPixels = 6_400 + 400
        stats.blendedPixels = 400
        let estimate = model.estimate(stats)
        #expect(abs(estimate.prepare - 2e-6) < 1e-12)
        #expect(abs(estimate.execute - (6_400 * 8 + 400 * 12) / 1e9) < 1e-12)   // 56 µs
        stats.offscreen[.groupOpacity] = OffscreenCount(passes: 1, pixels: 400)
        let withGroup = model.estimate(stats)
        #expect(abs(withGroup.prepare - 12e-6) < 1e-12 && abs(withGroup.execute - (6_400 * 8 + 400 * 12 + 400 * 8) / 1e9) < 1e-12)
        // A shadow cast from the alpha over the same 400 px: one target, 8 B written and read back
        // plus 16 B of blur per pixel; a mask: two targets, 16 B per pixel.
        stats.offscreen = [.shadow: OffscreenCount(passes: 1, pixels: 400), .mask: OffscreenCount(passes: 1, pixels: 400)]
        let withShadowAndMask = model.estimate(stats)
        #expect(abs(withShadowAndMask.prepare - (2e-6 + 1e-5 + 2e-5)) < 1e-12)
        #expect(abs(withShadowAndMask.execute - (6_400 * 8 + 400 * 12 + 400 * 24 + 400 * 16) / 1e9) < 1e-12)
    }
}

/// Whole replays on a stopwatch the test drives: stage times exact, hitches where the work says.
@Suite struct RenderLoopReplayTests {
    static let p = 1.0 / 60

    /// A pad whose `draw(_:)` costs `cost` seconds of the test's stopwatch, and whose layout costs 1 ms.
    final class Pad: UIView {
        let stopwatch: ManualStopwatch
        var cost = 0.0
        var draws = 0
        init(stopwatch: ManualStopwatch, frame: CGRect) {
            self.stopwatch = stopwatch
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
            stopwatch.advance(by: cost)
        }
        override func layoutSubviews() { stopwatch.advance(by: 0.001) }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { setNeedsDisplay(); setNeedsLayout() }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { setNeedsDisplay() }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { setNeedsDisplay() }
    }

    func run(_ trace: Trace, cost: Double) throws -> (ReplayResult, [FrameRecord], Pad) {
        let stopwatch = ManualStopwatch()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let pad = Pad(stopwatch: stopwatch, frame: CGRect(x: 0, y: 0, width: 390, height: 400))
        pad.cost = cost
        window.addSubview(pad)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: true, stopwatch: stopwatch))
        final class Collect: FrameSink {
            var frames: [FrameRecord] = []
            func write(_ frame: FrameRecord) throws { if frame.kind == .frame { frames.append(frame) } }
        }
        let sink = Collect()
        replay.sinks = [sink]
        let result = try replay.run(trace)
        return (result, sink.frames, pad)
    }

    /// Touch down at vsync 6 costs one interval + 5 ms of drawing and 1 ms of layout: its stages are
    /// exactly that; it is a commit hitch of one interval; the main thread is busy until vsync 7 +
    /// 6 ms, so the three moves that arrive meanwhile wait and are delivered together in the next
    /// turn (vsync 7's, late), one event with their samples coalesced; no frame holds two commits.
    @Test func aCommitThatOverrunsDelaysTheNextEventPhase() throws {
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 6 * Self.p)
        trace.move(1, to: CGPoint(x: 110, y: 100), time: 6.3 * Self.p)
        trace.move(1, to: CGPoint(x: 120, y: 100), time: 6.6 * Self.p)
        trace.move(1, to: CGPoint(x: 130, y: 100), time: 6.9 * Self.p)
        trace.up(1, time: 12 * Self.p)
        let (_, frames, pad) = try run(trace, cost: Self.p + 0.005)
        let first = try #require(frames.first)
        #expect(abs(first.stages[.display] - (Self.p + 0.005) * 1e6) < 0.01)
        #expect(abs(first.stages[.layout] - 1000) < 0.01)
        #expect(first.stages[.app] >= first.stages[.display] + first.stages[.layout])
        #expect(first.hitchType == .commit && abs(first.hitch - 1000 * Self.p) < 1e-6)
        #expect(Int((first.vsync * 60).rounded()) == 6 && Int((first.presented * 60).rounded()) == 9)
        // The next frame: the three moves, one event, as soon as the main thread is free.
        let second = frames[1]
        #expect(Int((second.vsync * 60).rounded()) == 7 && second.touches.moved == 1)
        #expect(abs(second.appStart - first.commitEnd) < 1e-9 && abs(second.appStart - (7 * Self.p + 0.006)) < 1e-9)
        // One commit per frame: one draw each (the first frame's layout ran once).
        #expect(frames.allSatisfy { $0.counts.draws == 1 } && pad.draws == frames.count + 1)
        // Main-thread spans never overlap.
        for (a, b) in zip(frames, frames.dropFirst()) { #expect(b.appStart >= a.commitEnd - 1e-12) }
    }

    /// Two taps a week apart: while the app is at rest between them the display link stops, and
    /// the vsyncs of the gap are counted as idle when the second tap comes, not ticked one by one
    /// (36 million of them would take minutes). Each tap redraws the pad twice (down and up): 4
    /// frames; the vsyncs from the first tap's vsync 6 to the second's are the same as ticking.
    @Test func aWeekLongGapCostsNothing() throws {
        let week = 7 * 24 * 3600.0
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0.1, duration: 0.1)
        trace.tap(2, at: CGPoint(x: 100, y: 100), time: week - 1, duration: 0.1)
        let (result, frames, _) = try run(trace, cost: 0)
        #expect(frames.count == 4)
        #expect(result.frames == 4)
        // Every vsync from 0 to the one that ends the replay is either a frame or idle.
        let last = Int((try #require(frames.last).vsync * 60).rounded())
        #expect(result.frames + result.idleVsyncs == last + 1)
        #expect(result.duration > week - 1)
    }

    /// Counts how the idle vsyncs reach the sinks: one call per gap skipped in one step.
    final class IdleTally: FrameSink {
        var calls = 0, vsyncs = 0
        func write(_ record: FrameRecord) throws {
            guard record.kind == .idle else { return }
            calls += 1
            vsyncs += record.idleVsyncs
        }
    }

    /// A finger held still for a day (the limit is a week) changes nothing between its down and
    /// its lift: those vsyncs are skipped in one step and counted, not ticked one by one (5 million
    /// ticks took minutes). The count is what ticking gives: every vsync from 0 to the lift's.
    @Test func aTouchHeldStillForADayIsSkippedInOneStep() throws {
        let day = 24 * 3600.0
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.up(1, time: day)
        let replay = Replay(window: window, clock: VirtualClock())
        let tally = IdleTally()
        replay.sinks = [tally]
        let result = try replay.run(trace)
        // 60 Hz: the lift is at vsync 5 184 000; vsyncs 0 … 5 184 000 are all idle (nothing to draw).
        #expect(result.frames == 0 && result.idleVsyncs == 5_184_001 && tally.vsyncs == 5_184_001)
        #expect(result.touches.began == 1 && result.touches.ended == 1)
        #expect(tally.calls < 10, "the gap came one vsync at a time: \(tally.calls) calls")
    }

    /// Two runs on the fixed clock give identical frames, counters, render estimates and render
    /// hitches (commit hitches come from measured time and may differ).
    @Test func twoRunsOnTheFixedClockAgree() throws {
        func once() throws -> [FrameRecord] {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let pad = Pad(stopwatch: ManualStopwatch(), frame: CGRect(x: 0, y: 0, width: 390, height: 400))
            pad.backgroundColor = .blue
            window.addSubview(pad)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 50, y: 50), to: CGPoint(x: 300, y: 300), time: 0, duration: 0.4, rate: 120)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            final class Collect: FrameSink {
                var frames: [FrameRecord] = []
                func write(_ frame: FrameRecord) throws { frames.append(frame) }
            }
            let sink = Collect()
            replay.sinks = [sink]
            _ = try replay.run(trace)
            return sink.frames
        }
        let a = try once(), b = try once()
        #expect(a.count == b.count && a.count > 20)
        #expect(a.map(\.countersSignature) == b.map(\.countersSignature))
        #expect(a.map { $0.stages[.render] } == b.map { $0.stages[.render] })
        #expect(a.map { $0.hitchType == .render } == b.map { $0.hitchType == .render })
        #expect(a.map(\.vsync) == b.map(\.vsync))
    }
}
