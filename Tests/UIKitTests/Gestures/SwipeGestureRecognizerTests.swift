import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// `UISwipeGestureRecognizer` on traced touches, on the virtual clock. Every trace moves at 60 Hz
/// (a sample per vsync, so each move is delivered at its own time). The figures the tests rest on:
/// - sourced (UIKit's defaults on iOS 26.1, read from the recognizer and bracketed by probes; the
///   Books app's copy of the recognizer has the same): a finger must cover
///   50 × (1 − min(t, 0.5) × 0.94) pt along the direction by time t (50 at first, 26.5 at 0.5 s),
///   may drift 50 × (1 − min(t, 0.5) × 0.98) pt across it, 0 pt backwards, and the swipe fails
///   past 0.5 s;
/// - chosen (no source): no speed test beyond that decay (`minimumPrimaryMovementRate` 0).
@Suite struct SwipeGestureRecognizerTests {
    typealias Scene = TouchStage

    /// Fingers `contacts` come down at `start` (the second 40 pt below the first) and move by
    /// `step` each 1/60 s for `frames` frames, then lift the frame after.
    static func drag(_ contacts: [Int] = [1], from start: CGPoint = CGPoint(x: 100, y: 300), step: CGPoint, frames: Int) -> Trace {
        var trace = Trace()
        func origin(_ n: Int) -> CGPoint { CGPoint(x: start.x, y: start.y + 40 * CGFloat(n)) }
        for (n, contact) in contacts.enumerated() { trace.down(contact, at: origin(n), time: 0) }
        for i in 1...frames {
            for (n, contact) in contacts.enumerated() {
                let o = origin(n)
                trace.move(contact, to: CGPoint(x: o.x + step.x * CGFloat(i), y: o.y + step.y * CGFloat(i)), time: Double(i) / 60)
            }
        }
        for contact in contacts { trace.up(contact, time: Double(frames + 1) / 60) }
        return trace
    }

    /// 20 pt right per frame (1 200 pt/s): 20 pt at 1/60 s (needs 49.2), 40 at 2/60 (needs 48.4),
    /// 60 at 3/60 ≥ 50 × (1 − 0.05 × 0.94) = 47.65: recognized once at 0.050, the view's touch
    /// cancelled; its location is where the swipe began.
    @Test func aFastRightSwipeIsRecognizedOnce() throws {
        let scene = Scene()
        let swipe = UISwipeGestureRecognizer()
        #expect(swipe.direction == .right && swipe.numberOfTouchesRequired == 1)
        var locations: [CGPoint] = []
        swipe.addTarget { locations.append($0.location(in: nil)) }
        try scene.run(Self.drag(step: CGPoint(x: 20, y: 0), frames: 6), [(swipe, "swipe")])
        #expect(scene.log.entries == ["view began [1]", "view moved [1]", "view moved [1]", "swipe ended@0.050", "view cancelled [1]"])
        #expect(locations == [CGPoint(x: 100, y: 300)])
    }

    /// The same swipe to the left: the right-only recognizer fails at the first move (20 pt the
    /// wrong way, 0 allowed) and the view sees the whole touch; a left recognizer beside it
    /// recognizes at 0.050.
    @Test func aLeftSwipeFailsARightOnlyRecognizer() throws {
        do {
            let scene = Scene()
            try scene.run(Self.drag(step: CGPoint(x: -20, y: 0), frames: 6), [(UISwipeGestureRecognizer(), "right")])
            #expect(scene.log.entries == ["view began [1]"] + Array(repeating: "view moved [1]", count: 6) + ["view ended [1]"])
        }
        do {
            let scene = Scene()
            let left = UISwipeGestureRecognizer()
            left.direction = .left
            try scene.run(Self.drag(step: CGPoint(x: -20, y: 0), frames: 6), [(UISwipeGestureRecognizer(), "right"), (left, "left")])
            #expect(scene.log.entries.filter { !$0.hasPrefix("view") } == ["left ended@0.050"])
        }
    }

    /// Slow and straying drags. At 40 pt/s a finger has covered 40t pt by t, never the
    /// 50 × (1 − 0.94t) it needs before 0.5 s (they meet at 0.575 s): the first move after 0.5 s
    /// (31/60 = 0.517 s) fails it and the view's touch ends. At 100 pt/s the need falls below what
    /// was covered at 21/60 = 0.35 s (35 ≥ 33.55; at 20/60, 33.3 < 34.3): a slow swipe needs a
    /// short distance. A 45° drag of 20 pt a frame each way drifts 60 pt sideways at 3/60, past
    /// the 50 × (1 − 0.05 × 0.98) = 47.55 allowed, before its 60 pt forward count.
    @Test func aSlowOrStrayingDragFails() throws {
        do {
            let scene = Scene()
            try scene.run(Self.drag(step: CGPoint(x: 40.0 / 60, y: 0), frames: 60), [(UISwipeGestureRecognizer(), "swipe")])
            #expect(!scene.log.entries.contains { $0.hasPrefix("swipe") })
            #expect(scene.log.entries.last == "view ended [1]")
        }
        do {
            let scene = Scene()
            try scene.run(Self.drag(step: CGPoint(x: 100.0 / 60, y: 0), frames: 30), [(UISwipeGestureRecognizer(), "swipe")])
            #expect(scene.log.entries.filter { $0.hasPrefix("swipe") } == ["swipe ended@0.350"])
        }
        do {
            let scene = Scene()
            try scene.run(Self.drag(step: CGPoint(x: 20, y: 20), frames: 6), [(UISwipeGestureRecognizer(), "swipe")])
            #expect(!scene.log.entries.contains { $0.hasPrefix("swipe") })
            #expect(scene.log.entries.last == "view ended [1]")
        }
    }

    /// A two-finger recognizer: one finger swiping never counts (it fails when the finger lifts);
    /// two fingers swiping together are recognized when both have gone 60 pt (0.050), located at
    /// where they began, (100, 320) between (100, 300) and (100, 340).
    @Test func aTwoFingerRecognizerIgnoresOneFinger() throws {
        do {
            let scene = Scene()
            let swipe = UISwipeGestureRecognizer()
            swipe.numberOfTouchesRequired = 2
            try scene.run(Self.drag(step: CGPoint(x: 20, y: 0), frames: 6), [(swipe, "swipe")])
            #expect(!scene.log.entries.contains { $0.hasPrefix("swipe") })
            #expect(scene.log.entries.last == "view ended [1]")
        }
        do {
            let scene = Scene()
            let swipe = UISwipeGestureRecognizer()
            swipe.numberOfTouchesRequired = 2
            var location: CGPoint?
            swipe.addTarget { location = $0.location(in: nil) }
            try scene.run(Self.drag([1, 2], step: CGPoint(x: 20, y: 0), frames: 6), [(swipe, "swipe")])
            #expect(scene.log.entries.filter { $0.hasPrefix("swipe") } == ["swipe ended@0.050"])
            #expect(location == CGPoint(x: 100, y: 320))
        }
    }

    /// A pan that requires the swipe to fail (`require(toFail:)`), on the same view. A fast swipe:
    /// the pan passes its 10 pt at the first move but waits; the swipe recognizes at 0.050 and
    /// the pan fails, never begun. A slow drag (40 pt/s): the pan passes 10 pt at 16/60 s
    /// (10.7 pt) and waits for the swipe, which fails at 31/60 s; the pan begins then (0.517),
    /// changes with each move and ends when the finger lifts (61/60 = 1.017 s), as UIKit's
    /// `require(toFail:)` orders them.
    @Test func aPanRequiringTheSwipeToFailWaitsForIt() throws {
        do {
            let scene = Scene()
            let swipe = UISwipeGestureRecognizer(), pan = UIPanGestureRecognizer()
            pan.require(toFail: swipe)
            try scene.run(Self.drag(step: CGPoint(x: 20, y: 0), frames: 6), [(swipe, "swipe"), (pan, "pan")])
            #expect(scene.log.entries.filter { !$0.hasPrefix("view") } == ["swipe ended@0.050"])
        }
        do {
            let scene = Scene()
            let swipe = UISwipeGestureRecognizer(), pan = UIPanGestureRecognizer()
            pan.require(toFail: swipe)
            try scene.run(Self.drag(step: CGPoint(x: 40.0 / 60, y: 0), frames: 60), [(swipe, "swipe"), (pan, "pan")])
            let recognizers = scene.log.entries.filter { !$0.hasPrefix("view") }
            // The pan's first action is at 0.517, never before; in that event it began and then
            // took the move (a change), two actions (each logs the state when it runs: changed);
            // then one change per move from the 32nd to the 60th, and the end.
            #expect(recognizers.first?.hasPrefix("pan ") == true && recognizers.first?.hasSuffix("@0.517") == true)
            #expect(recognizers.last == "pan ended@1.017")
            #expect(!recognizers.contains { $0.hasPrefix("swipe") })
            #expect(recognizers.count == 2 + 29 + 1)
        }
    }
}
