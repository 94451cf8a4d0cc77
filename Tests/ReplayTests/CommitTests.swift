import Foundation
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// An app that changes views while handling a touch gets exactly that frame's layout, display
/// and composite work.
@Suite struct CommitTests {
    final class Button: UIView {
        var draws = 0
        var pressed = false
        override func draw(_ rect: CGRect) {
            draws += 1
            (pressed ? UIColor.red : UIColor.white).setFill()
            UIGraphicsGetCurrentContext()?.fill(rect)
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            pressed = true
            setNeedsDisplay()
            superview?.setNeedsLayout()
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            pressed = false
            setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    final class Container: UIView {
        var layouts = 0
        override func layoutSubviews() { layouts += 1 }
    }

    @Test func touchDrivenRedrawIsCountedExactly() throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let container = Container(frame: window.bounds)
        container.backgroundColor = .gray
        let button = Button(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
        window.addSubview(container)
        container.addSubview(button)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 110, y: 110), time: 0.5, duration: 0.1)
        let replay = Replay(window: window, clock: VirtualClock())
        replay.renderMode = .measured   // cairo paints every frame, so the frame buffer can be read
        let result = try replay.run(trace)
        // The app was on screen before the trace (one draw, not counted); then touch down
        // redraws the whole button and the lift its 10 × 10 pt corner.
        #expect(button.draws == 3)
        #expect(result.work.display.layersDisplayed == 2)
        // At @3x: 120 × 60 px, then 30 × 30 px.
        #expect(result.work.display.pixelsDrawn == 120 * 60 + 30 * 30)
        // Layouts: the container on touch down (the launch layout is not counted).
        #expect(result.work.layouts == 1 && container.layouts == 2)
        // Damage: the button, then its 30 × 30 px corner.
        #expect(result.work.render.damagedPixels == 120 * 60 + 30 * 30)
        #expect(result.work.backingStoreBytes >= 120 * 60 * 4)
        // Only the 10 × 10 pt corner was redrawn white on release; the rest stays red.
        let image = window.compositor.snapshot()
        #expect(image.pixel(x: 310, y: 310) == 0xFFFF_FFFF)
        #expect(image.pixel(x: 400, y: 330) == 0xFFFF_0000)
    }

    /// A counter is counted where the work happens, and from there reaches the frame's record,
    /// frames.jsonl and the summary with nothing mapped by hand: a view that counts 2 at each
    /// layout, laid out once on touch down (the launch layout comes before the first frame and is
    /// not counted), gives 2 in one frame and 2 in the summary; the counters it did not touch stay 0.
    @Test func aCounterCountedByAStageReachesEveryOutput() throws {
        final class Counting: UIView {
            override func layoutSubviews() { count(.cellForRowCalls, by: 2) }
        }
        final class Frames: FrameSink {
            var records: [FrameRecord] = []
            func write(_ frame: FrameRecord) throws { records.append(frame) }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let container = Counting(frame: window.bounds)
        let button = Button(frame: CGRect(x: 100, y: 100, width: 40, height: 20))
        window.addSubview(container)
        container.addSubview(button)
        container.count(.cellForRowCalls, by: 5)   // between frames, outside a commit: not counted
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 110, y: 110), time: 0.5, duration: 0.1)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
        let frames = Frames()
        replay.sinks = [frames]
        _ = try replay.run(trace)
        let counted = frames.records.filter { $0.counts[.cellForRowCalls] != 0 }
        #expect(counted.count == 1 && counted.first?.counts[.cellForRowCalls] == 2)
        #expect(counted.first?.counts[.cellsCreated] == 0)
        let line = try #require(counted.first?.jsonLine)
        #expect(line.contains("\"cell_for_row_calls\":2"), "\(line)")
        var builder = SummaryBuilder(Summary(trace: "tap.trace", scene: "test", variant: "", device: "iPhone 14", refreshRate: 60))
        for frame in frames.records { builder.add(frame) }
        let summary = builder.finished(interrupted: false)
        #expect(summary[.counter(.cellForRowCalls)] == 2 && summary[.counter(.cellsReused)] == 0)
    }
}
