import Foundation
import Testing
import UIKitTestSupport
import Replay
import Traces
@testable import UIKit

/// Documentation/Architecture.md, "The frame", step 3: samples packaged into one UIEvent per 60 Hz frame.
@Suite struct TouchPackagingTests {
    /// Contact 1 down at 0, moves every 1/240 s (samples 1…23), lifts at 24/240 = 0.1 s.
    /// Frame n (at n/60 s) takes samples 4n−3…4n: four coalesced samples per frame.
    @Test func coalescedSamplesAt240HzIn60HzFrames() throws {
        let log = EventLog()
        let window = makeWindow()
        let view = RecordingView("v", frame: window.bounds, log: log)
        window.addSubview(view)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        for k in 1...23 { trace.move(1, to: CGPoint(x: 100 + Double(k), y: 100), time: Double(k) / 240) }
        trace.up(1, time: 24.0 / 240)
        let (result, _) = try replay(trace, in: window)

        #expect(log.entries == ["v began [1]"] + Array(repeating: "v moved [1]", count: 5) + ["v ended [1]"])
        #expect(view.seen.map { $0.touches[0].coalesced.count } == [1, 4, 4, 4, 4, 4, 4])
        let expected: [TimeInterval] = (0...6).map { Double(4 * $0) / 240 }
        #expect(view.seen.map(\.timestamp) == expected)
        // The coalesced samples of frame 1 are at x = 101…104, the touch itself at the newest.
        let second = view.seen[1].touches[0]
        #expect(second.coalesced.map(\.x) == [101, 102, 103, 104])
        #expect(second.location.x == 104 && second.previousLocation.x == 100)
        // A moving touch has one predicted touch one frame ahead: 1 pt per 1/240 s → +4 pt.
        #expect(second.predicted == [CGPoint(x: 108, y: 100)])
        #expect(view.seen[6].touches[0].phase == .ended && view.seen[6].touches[0].predicted.isEmpty)
        #expect(result.touches.began == 1 && result.touches.moved == 5 && result.touches.ended == 1)
        #expect(result.frames + result.idleVsyncs >= 7)
    }

    @Test func predictedTouchExtrapolatesOneFrame() throws {
        let window = makeWindow()
        let log = EventLog()
        let view = RecordingView("v", frame: window.bounds, log: log)
        window.addSubview(view)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.move(1, to: CGPoint(x: 106, y: 100), time: 1.0 / 60)
        trace.up(1, time: 2.0 / 60)
        _ = try replay(trace, in: window)
        let moved = view.seen[1].touches[0]
        #expect(moved.location == CGPoint(x: 106, y: 100))
        #expect(moved.previousLocation == CGPoint(x: 100, y: 100))
        // 6 pt in 1/60 s = 360 pt/s; one frame ahead is 6 pt further.
        #expect(abs(moved.predicted[0].x - 112) < 1e-9 && moved.predicted[0].y == 100)
    }

    @Test func stillContactIsStationaryWhileAnotherMoves() throws {
        let log = EventLog()
        let window = makeWindow()
        let view = RecordingView("v", frame: window.bounds, log: log)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 50, y: 50), time: 0)
        trace.down(2, at: CGPoint(x: 200, y: 200), time: 0)
        trace.move(2, to: CGPoint(x: 210, y: 200), time: 0.02)
        trace.up(1, time: 0.05)
        trace.up(2, time: 0.05)
        _ = try replay(trace, in: window)
        #expect(log.entries == ["v began [1, 2]", "v moved [2]", "v ended [1, 2]"])
        #expect(view.seen[1].touches.map(\.phase) == [.stationary, .moved])
    }

    @Test func tapCountCountsQuickTapsNearTheSameSpot() throws {
        let window = makeWindow()
        final class TapCounter: UIView {
            var counts: [Int] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { counts.append(touches.first!.tapCount) }
        }
        let view = TapCounter(frame: window.bounds)
        window.addSubview(view)
        var trace = Trace()
        let here = CGPoint(x: 100, y: 100)
        trace.tap(1, at: here, time: 0)
        trace.tap(1, at: CGPoint(x: 110, y: 105), time: 0.25)  // 0.2 s after the first ended
        trace.tap(1, at: here, time: 0.5)
        trace.tap(1, at: here, time: 1.5)                      // too late: starts again
        trace.tap(1, at: CGPoint(x: 300, y: 300), time: 1.75)  // too far
        _ = try replay(trace, in: window)
        #expect(view.counts == [1, 2, 3, 1, 1])
    }

    @Test func aContactStillDownWhenTheTraceEndsIsCancelled() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 10, y: 10), time: 0)
        trace.move(1, to: CGPoint(x: 20, y: 10), time: 0.1)
        let (result, _) = try replay(trace, in: window)
        #expect(log.entries == ["v began [1]", "v moved [1]", "v cancelled [1]"])
        #expect(result.touches.cancelled == 1)
    }

    @Test func cancelSampleCancelsTheTouch() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        var trace = Trace()
        trace.down(2, at: CGPoint(x: 10, y: 10), time: 0)
        trace.cancel(2, time: 0.3)
        _ = try replay(trace, in: window)
        #expect(log.entries == ["v began [2]", "v cancelled [2]"])
    }

    /// A down and an up within one frame: the touch begins in that frame and ends in the next.
    @Test func downAndUpInOneFrameTakeTwoEvents() throws {
        let log = EventLog()
        let window = makeWindow()
        let view = RecordingView("v", frame: window.bounds, log: log)
        window.addSubview(view)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 10, y: 10), time: 0.001)
        trace.up(1, time: 0.005)
        let (_, clock) = try replay(trace, in: window)
        #expect(log.entries == ["v began [1]", "v ended [1]"])
        #expect(view.seen.map(\.timestamp) == [0.001, 0.005])
        #expect(clock.now >= 2.0 / 60)
    }

    @Test func touchKeepsItsViewForLife() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("left", frame: CGRect(x: 0, y: 0, width: 195, height: 844), log: log))
        window.addSubview(RecordingView("right", frame: CGRect(x: 195, y: 0, width: 195, height: 844), log: log))
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 50, y: 50), to: CGPoint(x: 350, y: 50), time: 0, duration: 0.05, rate: 60)
        _ = try replay(trace, in: window)
        #expect(log.entries.allSatisfy { $0.hasPrefix("left ") })
        #expect(log.entries.first == "left began [1]" && log.entries.last == "left ended [1]")
    }

    @Test func touchesOutsideEveryWindowAreDropped() throws {
        let log = EventLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 300, y: 300), time: 0)
        trace.tap(2, at: CGPoint(x: 50, y: 50), time: 0.1)
        let (result, _) = try replay(trace, in: window)
        #expect(log.entries == ["v began [2]", "v ended [2]"])
        #expect(result.touches.began == 1 && result.touches.hitTests == 1)
    }
}

/// Responder-chain forwarding and the view-level touch rules.
@Suite struct DeliveryTests {
    @Test func defaultTouchMethodsPassTouchesUpTheChain() throws {
        let log = EventLog()
        let window = makeWindow()
        let parent = RecordingView("parent", frame: CGRect(x: 0, y: 0, width: 300, height: 300), log: log)
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))   // no overrides
        window.addSubview(parent)
        parent.addSubview(child)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 20, y: 20), time: 0)
        _ = try replay(trace, in: window)
        #expect(log.entries == ["parent began [1]", "parent ended [1]"])
    }

    @Test func singleTouchViewGetsOnlyTheFirstTouch() throws {
        let log = EventLog()
        let window = makeWindow()
        let view = RecordingView("v", frame: window.bounds, log: log)
        window.addSubview(view)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 10, y: 10), time: 0)
        trace.down(2, at: CGPoint(x: 100, y: 100), time: 0.05)
        trace.move(2, to: CGPoint(x: 120, y: 100), time: 0.1)
        trace.up(2, time: 0.15)
        trace.up(1, time: 0.2)
        _ = try replay(trace, in: window)
        #expect(log.entries == ["v began [1]", "v ended [1]"])

        log.entries = []
        view.isMultipleTouchEnabled = true
        _ = try replay(trace, in: window)
        #expect(log.entries == ["v began [1]", "v began [2]", "v moved [2]", "v ended [2]", "v ended [1]"])
    }

    @Test func exclusiveTouchKeepsOtherViewsOut() throws {
        let log = EventLog()
        let window = makeWindow()
        let a = RecordingView("a", frame: CGRect(x: 0, y: 0, width: 100, height: 100), log: log)
        let b = RecordingView("b", frame: CGRect(x: 200, y: 0, width: 100, height: 100), log: log)
        a.isExclusiveTouch = true
        window.addSubview(a)
        window.addSubview(b)
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 50, y: 50), time: 0)
        trace.tap(2, at: CGPoint(x: 250, y: 50), time: 0.05)
        trace.up(1, time: 0.2)
        trace.tap(3, at: CGPoint(x: 250, y: 50), time: 0.3)
        _ = try replay(trace, in: window)
        #expect(log.entries == ["a began [1]", "a ended [1]", "b began [3]", "b ended [3]"])
    }

    @Test func sameTraceTwiceGivesTheSameDelivery() throws {
        func run() throws -> ([String], ReplayResult) {
            let log = EventLog()
            let window = makeWindow()
            let view = RecordingView("v", frame: window.bounds, log: log)
            view.isMultipleTouchEnabled = true
            window.addSubview(view)
            var one = Trace(), two = Trace()
            one.drag(1, from: CGPoint(x: 10, y: 10), to: CGPoint(x: 200, y: 300), time: 0, duration: 0.3, rate: 240)
            two.drag(2, from: CGPoint(x: 300, y: 10), to: CGPoint(x: 20, y: 600), time: 0.1, duration: 0.4, rate: 240)
            let (result, _) = try replay(Trace(merging: [one, two]), in: window)
            return (log.entries, result)
        }
        let first = try run(), second = try run()
        #expect(first.0 == second.0 && first.1 == second.1)
        #expect(first.0.count > 20)
    }
}
