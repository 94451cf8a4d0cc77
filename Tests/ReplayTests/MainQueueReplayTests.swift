import Dispatch
import Foundation
import CoreGraphics
import Replay
import RunLoop
import Traces
import UIKit
import XCTest

/// App code that hops to the main queue while handling a touch runs inside the replay, in the
/// turn where iOS runs it (XCTest: the main thread, whose loop serves the main queue).
nonisolated final class MainQueueReplayTests: XCTestCase {
    final class Button: UIView {
        var log: [String] = []
        var pressed = false
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            (pressed ? UIColor.red : UIColor.white).setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
        private func note(_ what: String) {
            let time = EventRunLoop.current.map { "\($0.clock.now)" } ?? "after the replay"
            log.append("\(what)@\(time)")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            note("began")
            DispatchQueue.main.async { [self] in
                note("block")
                pressed = true
                setNeedsDisplay()
            }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            note("ended")
            Task { @MainActor [self] in
                note("task")
                pressed = false
                setNeedsDisplay()
            }
        }
    }

    func testWorkQueuedOnTheMainQueueDuringAPressRunsInTheTouchsFrame() throws {
        try MainActor.assumeIsolated {   // XCTest runs it on the main thread
            XCTAssertTrue(MainQueue.isServiceableHere)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let button = Button(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
            window.addSubview(button)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 110, y: 110), time: 0.5, duration: 0.5)   // the 0.5 s press
            let replay = Replay(window: window, clock: VirtualClock())
            var drawingFrames: [TimeInterval: Int] = [:]
            replay.afterFrame = { frame, _ in
                if frame.counts[.draws] > 0 { drawingFrames[frame.vsync] = frame.counts[.draws] }
            }
            let result = try replay.run(trace)
            // The block and the task ran in the turn of their touch, at its vsync, before its commit:
            // the button's redraw is in that frame (60 Hz: 0.5 s and 1.0 s are vsyncs 30 and 60).
            XCTAssertEqual(button.log, ["began@0.5", "block@0.5", "ended@1.0", "task@1.0"])
            XCTAssertEqual(drawingFrames, [0.5: 1, 1.0: 1])
            XCTAssertEqual(result.work.display.layersDisplayed, 2)
            XCTAssertFalse(button.pressed)
        }
    }

    /// The documented way with the replay's default clock (virtual, measuring the app's work):
    /// both hops run inside the replay, before the lift.
    func testHopsRunInsideAReplayOnItsDefaultClock() throws {
        try MainActor.assumeIsolated {   // XCTest runs it on the main thread
            final class Hopper: UIView {
                var log: [String] = []
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                    log.append("began")
                    DispatchQueue.main.async { self.log.append("main queue") }
                    Task { @MainActor in self.log.append("main actor") }
                }
                override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = Hopper(frame: window.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            var trace = Trace()
            trace.down(1, at: CGPoint(x: 100, y: 100), time: 0)
            trace.up(1, time: 0.5)
            let result = try Replay(window: window).run(trace)
            XCTAssertEqual(view.log, ["began", "main queue", "main actor", "ended"])
            XCTAssertEqual(result.touches.began, 1)
            XCTAssertEqual(result.touches.ended, 1)
        }
    }
}
