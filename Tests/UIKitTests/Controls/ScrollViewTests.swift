import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A 390 × 844 window with a scroll view over 4 000 pt of content.
@Suite struct ScrollViewTests {
    final class Recorder: UIScrollViewDelegate {
        var log: [String] = []
        var modes: [String] = []
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { log.append("didEndDragging \(decelerate)") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.append("didEndDecelerating") }
        func scrollViewDidScroll(_ scrollView: UIScrollView) { modes.append(EventRunLoop.current?.currentMode?.rawValue ?? "") }
    }

    func scroller() -> (UIWindow, UIScrollView, Recorder) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        scroll.contentSize = CGSize(width: 390, height: 4000)
        let recorder = Recorder()
        scroll.delegate = recorder
        window.addSubview(scroll)
        return (window, scroll, recorder)
    }

    @Test func aSlowDragFollowsTheFingerAndDoesNotDecelerate() throws {
        let (window, scroll, recorder) = scroller()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 300), time: 0, duration: 1, rate: 60, hold: 0.3)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        // 400 pt of finger travel: the content moved 400 pt (the pan's hysteresis is included in its translation).
        #expect(abs(scroll.contentOffset.y - 400) < 1e-6)
        #expect(recorder.log == ["willBeginDragging", "didEndDragging false"])
        #expect(!scroll.isDragging && !scroll.isDecelerating)
        #expect(Set(recorder.modes) == ["UITrackingRunLoopMode"])
    }

    @Test func aFlingDeceleratesByTheRateAndStops() throws {
        let (window, scroll, recorder) = scroller()
        var trace = Trace()
        trace.fling(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 400), time: 0, duration: 0.1, rate: 120)
        let result = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(recorder.log == ["willBeginDragging", "didEndDragging true", "didEndDecelerating"])
        // 3 000 pt/s at release: the content coasts on, well past the 300 pt dragged, and stops
        // within the content; frames keep coming while it moves.
        #expect(scroll.contentOffset.y > 1000 && scroll.contentOffset.y <= 4000 - 844)
        #expect(result.frames > 60)
        #expect(!scroll.isDecelerating)
    }

    @Test func aDefaultModeTimerWaitsWhileTheFingerDrags() throws {
        let (window, _, _) = scroller()
        var fired: [TimeInterval] = []
        final class Starter: UIView {}
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 600), time: 0, duration: 0.5, rate: 60, hold: 0.2)
        let clock = VirtualClock()
        let replay = Replay(window: window, clock: clock)
        replay.afterFrame = { frame, _ in
            if frame.frame == 0 {
                EventRunLoop.current?.add(LoopTimer(fireAt: 0.2) { _ in fired.append(clock.now) }, forMode: .default)
            }
        }
        _ = try replay.run(trace)
        // Due at 0.2 s, in the middle of the drag: it fires when tracking ends, at the lift (0.7 s).
        #expect(fired.count == 1 && fired[0] >= 0.7 - 1e-9)
    }

    @Test func pullingPastTheTopRubberBandsAndSpringsBack() throws {
        let (window, scroll, _) = scroller()
        var offsets: [CGFloat] = []
        final class Watch: UIScrollViewDelegate {
            var onScroll: (CGFloat) -> Void = { _ in }
            func scrollViewDidScroll(_ scrollView: UIScrollView) { onScroll(scrollView.contentOffset.y) }
        }
        let watch = Watch()
        watch.onScroll = { offsets.append($0) }
        scroll.delegate = watch
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 195, y: 200), to: CGPoint(x: 195, y: 500), time: 0, duration: 0.5, rate: 60, hold: 0.2)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        // 300 pt down past the top: the band gives (1 − 1/(300·0.55/844 + 1))·844 ≈ 138 pt.
        let deepest = offsets.min()!
        #expect(abs(deepest + (1 - 1 / (300 * 0.55 / 844 + 1)) * 844) < 1e-6)
        #expect(scroll.contentOffset.y == 0)
    }

    @Test func aQuickTapReachesAButtonInsideAndADragDoesNot() throws {
        let (window, scroll, _) = scroller()
        let button = UIButton(frame: CGRect(x: 100, y: 500, width: 190, height: 60))
        var events: [String] = []
        button.addAction(UIAction { _ in events.append("tap") }, for: .touchUpInside)
        button.addAction(UIAction { _ in events.append("cancel") }, for: .touchCancel)
        scroll.addSubview(button)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 530), time: 0.1, duration: 0.08)
        trace.drag(2, from: CGPoint(x: 195, y: 530), to: CGPoint(x: 195, y: 300), time: 1, duration: 0.3, rate: 60, hold: 0.2)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        // The tap: held back while the scroll view waits, then delivered at the lift. The drag
        // begins within 150 ms, so the button never sees it.
        #expect(events == ["tap"])
        #expect(scroll.contentOffset.y > 200)
    }
}

@Suite struct FlingAndCatchTests {
    /// A finger that touches a decelerating scroll view stops it where it is, and the content
    /// never sees that touch.
    @Test func aTouchStopsTheDecelerationAndDoesNotReachTheContent() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        scroll.contentSize = CGSize(width: 390, height: 20000)
        window.addSubview(scroll)
        let log = EventLog()
        let content = RecordingView("content", frame: CGRect(x: 0, y: 0, width: 390, height: 20000), log: log)
        scroll.addSubview(content)
        var offsetAtCatch: CGFloat = 0
        final class Watch: UIScrollViewDelegate {
            var ended = false
            func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { ended = true }
        }
        let watch = Watch()
        scroll.delegate = watch
        var trace = Trace()
        trace.fling(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 250), time: 0, duration: 0.12, rate: 120)
        trace.tap(2, at: CGPoint(x: 195, y: 400), time: 0.6, duration: 0.3)
        let replay = Replay(window: window, clock: VirtualClock())
        replay.afterFrame = { frame, _ in
            // The last frame before the catch (the catch itself changes nothing on screen).
            if frame.vsync < 0.6 - 1e-9 { offsetAtCatch = scroll.contentOffset.y }
        }
        _ = try replay.run(trace)
        #expect(offsetAtCatch > 1000)
        #expect(scroll.contentOffset.y == offsetAtCatch)      // stopped at the catch, not a point further
        #expect(!scroll.isDecelerating && !watch.ended)       // caught, not ended by itself
        #expect(log.entries.filter { $0.contains("[2]") }.isEmpty)
    }
}
