import Foundation
import Geometry
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
import UIKit

/// Animations in a replay: committed once, then advanced by the render server every vsync in
/// render-only frames (no layout, no draw), until they end; the replay waits for them, and the
/// completion runs on the main thread in the turn after the last frame.
@MainActor
@Suite struct AnimationReplayTests {
    final class Frames: FrameSink {
        var records: [FrameRecord] = []
        func write(_ frame: FrameRecord) throws { if frame.kind == .frame { records.append(frame) } }
    }

    /// A button that, lifted, slides a box 100 pt right over 1 s, linearly.
    final class Slider: UIView {
        let box = UIView(frame: CGRect(x: 0, y: 300, width: 100, height: 100))
        var completedAt: [Double] = []
        override init(frame: CGRect) {
            super.init(frame: frame)
            box.backgroundColor = .blue
            addSubview(box)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                self.box.center.x += 100
            }, completion: { _ in self.completedAt.append(CACurrentMediaTime()) })
        }
    }

    /// The replay of a tap on the slider: its frames (not idle records), the result, the view.
    func replayTap() throws -> ([FrameRecord], ReplayResult, Slider) {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let slider = Slider(frame: window.bounds)
            slider.backgroundColor = .white
            window.addSubview(slider)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 100), time: 0.1, duration: 0.1)   // lifted at vsync 12 (0.2 s)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let sink = Frames()
            replay.sinks = [sink]
            let result = try replay.run(trace)
            return (sink.records, result, slider)
        }
    }

    @Test func anAnimationIsCommittedOnceThenRenderedEveryVsyncUntilItEnds() throws {
        let (frames, result, slider) = try replayTap()
        func vsync(_ f: FrameRecord) -> Int { Int((f.vsync * 60).rounded()) }
        // The lift's frame commits the new model and the animation (shown at its start).
        let lift = try #require(frames.first { vsync($0) == 12 })
        #expect(lift.counts[.animationsAdded] == 1 && lift.counts[.layersCommitted] >= 1)
        #expect(lift.counts[.renderOnlyFrames] == 0)
        // Then vsyncs 13…72: the render server alone moves the box (the animation ends at
        // 0.2 + 1 s = vsync 72, whose frame shows the model again).
        let renderOnly = frames.filter { $0.counts[.renderOnlyFrames] == 1 }
        #expect(renderOnly.map(vsync) == Array(13...72))
        for frame in renderOnly {
            #expect(frame.counts.layouts == 0 && frame.counts.draws == 0 && frame.counts[.layersCommitted] == 0)
            #expect(frame.counts[.layersAnimated] == 1 && frame.counts.damagedPixels > 0)
        }
        let total = frames.reduce(into: Counts()) { $0.add($1.counts) }
        #expect(total[.animationsAdded] == 1 && total[.animationsFinished] == 1)
        #expect(total[.animationsRunning] == 60)   // vsyncs 12…71
        #expect(total[.renderOnlyFrames] == 60)
        // The completion ran in the next turn (vsync 73), on the replay's clock; then the
        // replay ended, idle.
        #expect(slider.completedAt.count == 1)
        #expect(abs((slider.completedAt.first ?? 0) - 73.0 / 60) < 1e-9)
        #expect(result.frames == frames.count)
        #expect(slider.box.center.x == 150)
    }

    /// A scroll view scrolled by code, animated: it moves itself on the main thread every frame
    /// (scrollViewDidScroll each time, app-stage work), along ease-in-out for 0.3 s.
    final class Scroller: UIView, UIScrollViewDelegate {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 390, height: 600))
        var offsets: [CGFloat] = []
        var ended = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
            scroll.contentSize = CGSize(width: 390, height: 5000)
            scroll.delegate = self
            addSubview(scroll)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            scroll.setContentOffset(CGPoint(x: 0, y: 1800), animated: true)
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset.y) }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { ended += 1 }
    }

    @Test func anAnimatedContentOffsetMovesFrameByFrameOnTheMainThread() throws {
        let (scroller, frames) = try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let scroller = Scroller(frame: window.bounds)
            window.addSubview(scroller)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 50), time: 0.1, duration: 0.1)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let sink = Frames()
            replay.sinks = [sink]
            _ = try replay.run(trace)
            return (scroller, sink.records)
        }
        // 0.3 s at 60 Hz: 18 steps, the last exactly at the target; ease in-out, so the middle
        // step (9 of 18, half the time) is half-way.
        #expect(scroller.offsets.count == 18)
        #expect(scroller.offsets.last == 1800)
        #expect(abs(scroller.offsets[8] - 900) < 1e-4)   // the curve's control points are Floats
        #expect(zip(scroller.offsets, scroller.offsets.dropFirst()).allSatisfy { $0 < $1 })
        #expect(scroller.ended == 1)
        #expect(scroller.scroll.contentOffset.y == 1800)
        // The app moved the content each frame: no render-only frame.
        #expect(frames.allSatisfy { $0.counts[.renderOnlyFrames] == 0 })
    }

    /// trace.json shows the animation as one async slice on the render server, from the frame
    /// that first rendered it (vsync 12's) to the one that showed its end (vsync 72's).
    @Test func theChromeTraceShowsEachAnimationAsASlice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-animation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames: [FrameRecord] = try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let slider = Slider(frame: window.bounds)
            window.addSubview(slider)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 100), time: 0.1, duration: 0.1)
            let header = Summary(trace: "tap.trace", scene: "slider", variant: "", device: "Test", refreshRate: 60)
            let outputs = try ReplayOutputs(directory: folder, header: header, snapshots: .none)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let sink = Frames()
            replay.sinks = [outputs, sink]
            let result = try replay.run(trace)
            _ = try outputs.finish(interrupted: result.interrupted)
            return sink.records
        }
        let began = try #require(frames.first { !$0.animations.isEmpty })
        #expect(Int((began.vsync * 60).rounded()) == 12)
        let ended = try #require(frames.last { !$0.animations.isEmpty })
        #expect(Int((ended.vsync * 60).rounded()) == 72)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("trace.json"))) as! [String: Any]
        let events = (json["traceEvents"] as! [[String: Any]]).filter { $0["cat"] as? String == "animation" }
        #expect(events.map { $0["ph"] as? String } == ["b", "e"])
        #expect(events.map { $0["name"] as? String } == ["position on UIView", "position on UIView"])
        #expect(events[0]["id"] as? Int == events[1]["id"] as? Int)
        #expect((events[0]["ts"] as! Double) == (began.renderStart * 1e6).rounded())
        #expect((events[1]["ts"] as! Double) == (ended.renderStart * 1e6).rounded())
    }

    /// In `afterFrame` the app reads its model, as between Core Animation's frames: a view whose
    /// centre the tap's lift (vsync 12) animates from 100 to 300 (linear, 1 s) has
    /// `layer.position.x` 300 from that frame on, while `presentation()` moves 200/60 = 3.33 pt a
    /// frame: 100 at the lift's frame, 103.33 and 106.67 at the next two.
    @Test func theModelIsTheAppsInTheFrameCallbackAndThePresentationMoves() throws {
        final class Mover: UIView {
            let box = UIView(frame: CGRect(x: 50, y: 300, width: 100, height: 100))
            override init(frame: CGRect) {
                super.init(frame: frame)
                box.backgroundColor = .blue
                addSubview(box)
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { self.box.center.x = 300 })
            }
        }
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let mover = Mover(frame: window.bounds)
            window.addSubview(mover)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 100), time: 0.1, duration: 0.1)   // lifted at vsync 12 (0.2 s)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            var seen: [(vsync: Int, model: CGFloat, shown: CGFloat)] = []
            replay.afterFrame = { frame, _ in
                let vsync = Int((frame.vsync * 60).rounded())
                guard vsync >= 12 else { return }
                seen.append((vsync, mover.box.layer.position.x, mover.box.layer.presentation()?.position.x ?? .nan))
            }
            _ = try replay.run(trace)
            #expect(seen.count > 3)
            for s in seen.prefix(60) { #expect(s.model == 300, "\(s)") }
            let first = seen.prefix(3).map(\.shown)
            #expect(first.count == 3 && zip(first, [100, 100 + 200.0 / 60, 100 + 400.0 / 60]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(first)")
            #expect(mover.box.center.x == 300)
        }
    }

    /// A spinner that turns for ever (`.repeat`), started before the replay, and a tap: the
    /// replay renders the spinner's frames while the trace lasts and ends when the app is at rest
    /// but for it (an endless animation can never end, and a replay must).
    @Test func anEndlessAnimationDoesNotKeepTheReplayGoing() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let spinner = UIView(frame: CGRect(x: 170, y: 400, width: 50, height: 50))
            spinner.backgroundColor = .gray
            window.addSubview(spinner)
            window.makeKeyAndVisible()
            window.commit(at: 0)
            UIView.animate(withDuration: 0.5, delay: 0, options: [.repeat, .curveLinear], animations: {
                spinner.transform = CGAffineTransform(rotationAngle: .pi / 2)
            })
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 100), time: 0.1, duration: 0.1)
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            let sink = Frames()
            replay.sinks = [sink]
            let result = try replay.run(trace)
            #expect(!result.stopped)
            #expect(result.duration < 1)
            #expect(sink.records.contains { $0.counts[.renderOnlyFrames] == 1 && $0.counts[.layersAnimated] == 1 })
            #expect(spinner.layer.animationKeys() == ["transform"])   // still turning
        }
    }

    /// A screen that moves a view from a display link it never stops, added as UIKit code adds
    /// one (`add(to: .main, forMode: .common)`) before the replay: it ticks from the replay's
    /// first vsync, and the replay, which the app never lets rest, ends at the settle limit after
    /// the trace's last sample, saying so.
    @Test func anAppThatNeverRestsEndsAtTheSettleLimit() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let ball = UIView(frame: CGRect(x: 0, y: 400, width: 20, height: 20))
            ball.backgroundColor = .red
            window.addSubview(ball)
            var ticks: [TimeInterval] = []
            let link = CADisplayLink { link in
                ticks.append(link.timestamp)
                ball.center.x = CGFloat(ticks.count % 300)
            }
            link.add(to: .main, forMode: .common)
            defer { link.invalidate() }
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 100), time: 0.1, duration: 0.1)   // the last sample at 0.2 s
            let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
            replay.settleLimit = 0.5
            let sink = Frames()
            replay.sinks = [sink]
            let result = try replay.run(trace)
            #expect(result.unsettled && !result.stopped && !result.interrupted)
            #expect(ticks.first == 0)
            // Busy from 0.2 s; the vsync whose next one is past 0.2 + 0.5 s ends it.
            #expect(abs(result.duration - 0.7) < 2.0 / 60)
            #expect(sink.records.count >= 40)
        }
    }
}

