import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

@Suite struct GestureRecognizerTests {
    typealias Scene = TouchStage

    /// Runs `trace`, logging recognizers' actions with the time of the run loop's clock.
    func run(_ trace: Trace, _ scene: Scene, recognizers: [(UIGestureRecognizer, String)]) throws {
        try scene.run(trace, recognizers)
    }

    /// UIKit: a view with a tap recognizer gets touchesBegan, then touchesCancelled when the
    /// tap is recognized.
    @Test func tapIsRecognizedAndTheViewsTouchIsCancelled() throws {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0, duration: 0.1)
        try run(trace, scene, recognizers: [(tap, "tap")])
        #expect(scene.log.entries == ["view began [1]", "tap ended@0.100", "view cancelled [1]"])
        #expect(tap.state == .possible)   // reset after the sequence
    }

    @Test func tapThatMovesTooFarFailsAndTheViewGetsTheEnd() throws {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.move(1, to: CGPoint(x: 150, y: 100), time: 0.05)
        trace.up(1, time: 0.1)
        try run(trace, scene, recognizers: [(tap, "tap")])
        #expect(scene.log.entries == ["view began [1]", "view moved [1]", "view ended [1]"])
    }

    @Test func cancelsTouchesInViewFalseLetsTheViewSeeEverything() throws {
        let scene = Scene()
        let tap = UITapGestureRecognizer()
        tap.cancelsTouchesInView = false
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0, duration: 0.1)
        try run(trace, scene, recognizers: [(tap, "tap")])
        #expect(scene.log.entries == ["view began [1]", "tap ended@0.100", "view ended [1]"])
    }

    /// A double tap: the first tap's end is held (delaysTouchesEnded) and becomes part of the
    /// cancellation when the second tap is recognized.
    @Test func doubleTapIsRecognizedOnTheSecondTap() throws {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.tap(2, at: CGPoint(x: 105, y: 100), time: 0.25)
        try run(trace, scene, recognizers: [(double, "double")])
        #expect(scene.log.entries == ["view began [1]", "view began [2]", "double ended@0.300", "view cancelled [1, 2]"])
    }

    /// One tap on a double-tap recognizer: it fails 0.35 s after the tap, and the held end
    /// reaches the view then.
    @Test func doubleTapFailsAfterTheIntervalAndReleasesTheHeldEnd() throws {
        let scene = Scene()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        var ended: TimeInterval?
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
        let virtual = VirtualClock()
        scene.view.addGestureRecognizer(double)
        let probe = EndProbe { ended = virtual.now }
        scene.view.addSubview(probe)
        probe.frame = scene.view.bounds
        _ = try Replay(window: scene.window, clock: virtual).run(trace)
        #expect(ended.map { abs($0 - 0.4) < 1e-9 } == true)
        #expect(double.state == .possible)
    }

    /// A single tap that requires the double tap to fail: recognized only once the double tap
    /// gives up (0.35 s after the tap); a double tap recognizes the double, never the single.
    @Test func requireToFailMakesTheSingleTapWait() throws {
        do {
            let scene = Scene()
            let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
            try run(trace, scene, recognizers: [(single, "single"), (double, "double")])
            #expect(scene.log.entries == ["view began [1]", "single ended@0.400", "view cancelled [1]"])
        }
        do {
            let scene = Scene()
            let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
            trace.tap(2, at: CGPoint(x: 100, y: 100), time: 0.2)
            try run(trace, scene, recognizers: [(single, "single"), (double, "double")])
            #expect(scene.log.entries == ["view began [1]", "view began [2]", "double ended@0.250", "view cancelled [1, 2]"])
        }
    }

    /// `location(in:)` is the first tap's location for the recognizer's whole life: a single tap
    /// recognized late (after the double tap failed, its touch long gone) still says where it was,
    /// in the view's coordinates; a double tap says where its first tap was, not its second
    /// (UIKit: "the location is the first tap"); two-finger taps give their centroid.
    @Test func tapLocationIsTheFirstTapsAlsoWhenRecognizedLate() throws {
        do {
            let scene = Scene()
            let inner = UIView(frame: CGRect(x: 40, y: 60, width: 200, height: 200))
            scene.view.addSubview(inner)
            let single = UITapGestureRecognizer(), double = UITapGestureRecognizer()
            double.numberOfTapsRequired = 2
            single.require(toFail: double)
            var seen: [CGPoint] = []
            single.addTarget { r in seen.append(r.location(in: inner)) }
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 100, y: 120), time: 0)
            try run(trace, scene, recognizers: [(single, "single"), (double, "double")])
            #expect(seen == [CGPoint(x: 60, y: 60)])                      // (100, 120) − (40, 60), at 0.400
            #expect(single.location(in: nil) == CGPoint(x: 100, y: 120))  // still, after the reset
        }
        do {
            let scene = Scene()
            let double = UITapGestureRecognizer()
            double.numberOfTapsRequired = 2
            double.numberOfTouchesRequired = 2
            var seen: [CGPoint] = []
            double.addTarget { r in seen.append(r.location(in: nil)) }
            var trace = Trace()
            trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
            trace.down(2, at: CGPoint(x: 140, y: 120), time: 0)
            trace.up(1, time: 0.05)
            trace.up(2, time: 0.05)
            trace.down(3, at: CGPoint(x: 110, y: 104), time: 0.25)
            trace.down(4, at: CGPoint(x: 150, y: 124), time: 0.25)
            trace.up(3, time: 0.3)
            trace.up(4, time: 0.3)
            try run(trace, scene, recognizers: [(double, "double")])
            #expect(seen == [CGPoint(x: 120, y: 110)])   // the first tap's centroid, not the second's (130, 114)
        }
    }

    /// UIKit: with a pan recognizer, a still tap reaches touchesEnded; a drag ends in
    /// touchesCancelled once the pan begins.
    @Test func panLetsAStillTapThroughAndCancelsADrag() throws {
        do {
            let scene = Scene()
            let pan = UIPanGestureRecognizer()
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
            try run(trace, scene, recognizers: [(pan, "pan")])
            #expect(scene.log.entries == ["view began [1]", "view ended [1]"])
        }
        do {
            let scene = Scene()
            let pan = UIPanGestureRecognizer()
            var translations: [CGPoint] = []
            pan.addTarget { r in translations.append((r as! UIPanGestureRecognizer).translation(in: scene.view)) }
            var trace = Trace()
            // 60 pt right over 0.1 s in 6 moves at 60 Hz: the pan begins at the second move (20 pt).
            trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
            for i in 1...6 { trace.move(1, to: CGPoint(x: 100 + 10 * Double(i), y: 100), time: Double(i) / 60) }
            trace.up(1, time: 7.0 / 60)
            try run(trace, scene, recognizers: [(pan, "pan")])
            #expect(scene.log.entries == [
                "view began [1]", "view moved [1]", "pan began@0.033", "view cancelled [1]",
                "pan changed@0.050", "pan changed@0.067", "pan changed@0.083", "pan changed@0.100", "pan ended@0.117",
            ])
            #expect(translations.map(\.x) == [20, 30, 40, 50, 60, 60])
            // 10 pt per 1/60 s over the last 100 ms.
            #expect(abs(pan.velocity(in: scene.view).x - 600) < 1e-6 || pan.state == .possible)
        }
    }

    @Test func panVelocityIsMeasuredOverTheLastTenthOfASecond() throws {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        var velocities: [CGPoint] = []
        pan.addTarget { r in velocities.append((r as! UIPanGestureRecognizer).velocity(in: nil)) }
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        for i in 1...12 { trace.move(1, to: CGPoint(x: 100, y: 100 + 5 * Double(i)), time: Double(i) / 60) }
        trace.up(1, time: 13.0 / 60)
        try run(trace, scene, recognizers: [(pan, "pan")])
        // 5 pt per 1/60 s = 300 pt/s, downwards.
        #expect(velocities.count == 11)
        #expect(velocities.dropFirst().allSatisfy { abs($0.y - 300) < 1e-6 && $0.x == 0 })
    }

    @Test func longPressBeginsAfterHalfASecond() throws {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.move(1, to: CGPoint(x: 103, y: 100), time: 0.2)
        trace.move(1, to: CGPoint(x: 150, y: 100), time: 0.7)
        trace.up(1, time: 0.8)
        try run(trace, scene, recognizers: [(press, "press")])
        #expect(scene.log.entries == [
            "view began [1]", "view moved [1]", "press began@0.500", "view cancelled [1]", "press changed@0.700", "press ended@0.800",
        ])
    }

    @Test func longPressFailsWhenTheFingerWanders() throws {
        let scene = Scene()
        let press = UILongPressGestureRecognizer()
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
        trace.move(1, to: CGPoint(x: 120, y: 100), time: 0.2)
        trace.up(1, time: 0.8)
        try run(trace, scene, recognizers: [(press, "press")])
        #expect(scene.log.entries == ["view began [1]", "view moved [1]", "view ended [1]"])
    }

    @Test func delaysTouchesBeganHoldsTheBeginUntilFailure() throws {
        let scene = Scene()
        let pan = UIPanGestureRecognizer()
        pan.delaysTouchesBegan = true
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0, duration: 0.1)
        try run(trace, scene, recognizers: [(pan, "pan")])
        // Nothing reaches the view while the pan might begin; when it fails, began and ended go together.
        #expect(scene.log.entries == ["view began [1]", "view ended [1]"])
        #expect(scene.view.seen.map(\.timestamp) == [0.1, 0.1])
    }

    @Test func panWinsOverTapOnADrag() throws {
        let scene = Scene()
        let pan = UIPanGestureRecognizer(), tap = UITapGestureRecognizer()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 300), time: 0, duration: 0.1, rate: 60)
        try run(trace, scene, recognizers: [(tap, "tap"), (pan, "pan")])
        #expect(scene.log.entries.filter { $0.hasPrefix("tap") }.isEmpty)
        #expect(scene.log.entries.contains("pan began@0.017"))
        #expect(scene.log.entries.last?.hasPrefix("pan ended") == true)
    }

    @Test func delegateCanStopARecognizerOrHideTouchesFromIt() throws {
        final class Delegate: UIGestureRecognizerDelegate {
            let begin: Bool, receive: Bool
            init(begin: Bool, receive: Bool) { self.begin = begin; self.receive = receive }
            func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { begin }
            func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { receive }
        }
        for (begin, receive) in [(false, true), (true, false)] {
            let scene = Scene()
            let tap = UITapGestureRecognizer()
            let delegate = Delegate(begin: begin, receive: receive)
            tap.delegate = delegate
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0)
            try run(trace, scene, recognizers: [(tap, "tap")])
            #expect(scene.log.entries == ["view began [1]", "view ended [1]"], "begin \(begin) receive \(receive)")
        }
    }

    @Test func simultaneousRecognitionWhenTheDelegateAllows() throws {
        final class Both: UIGestureRecognizerDelegate {
            func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { true }
        }
        let scene = Scene()
        let a = UIPanGestureRecognizer(), b = UIPanGestureRecognizer()
        let both = Both()
        a.delegate = both
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 200), time: 0, duration: 0.05, rate: 60)
        try run(trace, scene, recognizers: [(a, "a"), (b, "b")])
        #expect(scene.log.entries.contains { $0.hasPrefix("a began") } && scene.log.entries.contains { $0.hasPrefix("b began") })
    }

    /// UIKit: "default control actions prevent overlapping gesture recognizer behavior": an
    /// ancestor's single tap does not begin on a button (its action runs) but does on a plain
    /// subview; a long press, not the button's action, still begins on the button.
    @Test func anAncestorsSingleTapDoesNotBeginOnAButton() throws {
        let scene = Scene()
        let button = UIButton(frame: CGRect(x: 0, y: 600, width: 200, height: 44))
        let plain = UIView(frame: CGRect(x: 0, y: 400, width: 200, height: 44))
        scene.view.addSubview(button)
        scene.view.addSubview(plain)
        var buttonTaps = 0
        button.addAction(UIAction { _ in buttonTaps += 1 }, for: .touchUpInside)
        let tap = UITapGestureRecognizer()
        let press = UILongPressGestureRecognizer()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 620), time: 0, duration: 0.05)        // the button
        trace.tap(2, at: CGPoint(x: 100, y: 420), time: 1, duration: 0.05)        // the plain view
        trace.tap(3, at: CGPoint(x: 100, y: 620), time: 2, duration: 0.8)         // held on the button
        try run(trace, scene, recognizers: [(tap, "tap"), (press, "press")])
        #expect(scene.log.entries.filter { $0.hasPrefix("tap") } == ["tap ended@1.050"])
        #expect(scene.log.entries.filter { $0.hasPrefix("press") } == ["press began@2.500", "press ended@2.800"])
        #expect(buttonTaps == 1)
    }
}

/// Records when touchesEnded arrives.
final class EndProbe: UIView {
    let onEnd: () -> Void
    init(onEnd: @escaping () -> Void) {
        self.onEnd = onEnd
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { onEnd() }
}
