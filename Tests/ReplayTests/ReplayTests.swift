import Foundation
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
import UIKit

@Suite struct ReplayTests {
    static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    /// The real wetab recording: 11 single-finger contacts, each delivered as one began and one
    /// ended touch, streamed from the file.
    @Test func realRecordingDeliversElevenTouches() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        var stream = try TraceFile.open(Self.traces.appendingPathComponent("wetab-taps.evemu"))
        let clock = VirtualClock()
        let result = try Replay(window: window, clock: clock).run(&stream)
        #expect(result.touches.began == 11 && result.touches.ended == 11 && result.touches.cancelled == 0)
        #expect(result.touches.hitTests == 11)
        #expect(log.entries.filter { $0.hasPrefix("v began") }.count == 11)
        #expect(log.entries.filter { $0.hasPrefix("v ended") }.count == 11)
        // 4.64 s at 60 Hz: the last vsync is the one after the last lift. The view draws nothing,
        // so no commit has anything to do: every vsync is idle.
        #expect(result.frames == 0 && result.idleVsyncs >= 278 && result.idleVsyncs <= 282)
        #expect(!result.stopped)
    }

    /// Every imported format replays with as many touches as the recording has contacts (the
    /// fixtures of TracesTests, written from each tool's documented output).
    @Test(arguments: [("spread.getevent", 2), ("tap-drag-numeric.getevent", 2), ("protocol-a.evemu", 3),
                      ("two-devices.libinput.yml", 2), ("tap-and-pinch.webdriver.json", 3)])
    func everyFormatReplaysItsContacts(_ name: String, _ contacts: Int) throws {
        let fixtures = Self.traces.deletingLastPathComponent().appendingPathComponent("Tests/TracesTests/Fixtures")
        var info = try TraceFile.open(fixtures.appendingPathComponent(name), options: TraceImportOptions())
        #expect(try TraceInfo(reading: &info).contacts == contacts)
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: EventLog()))
        var stream = try TraceFile.open(fixtures.appendingPathComponent(name), options: TraceImportOptions())
        let result = try Replay(window: window, clock: VirtualClock()).run(&stream)
        #expect(result.touches.began == contacts && result.touches.ended == contacts && result.touches.cancelled == 0)
    }

    @Test func brokenInputStopsTheReplayWithItsPlace() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID().uuidString).trace")
        defer { try? FileManager.default.removeItem(at: url) }
        try "uisim-trace 1.0\n0 1 down 10 10\n0.5 1 move 20 20\n0.2 1 up\n".write(to: url, atomically: true, encoding: .utf8)
        let window = makeWindow()
        var stream = try TraceFile.open(url)
        #expect(throws: TraceError(file: url.path, line: 4, "time 0.2 is earlier than the previous 0.5")) {
            _ = try Replay(window: window, clock: VirtualClock()).run(&stream)
        }
    }

    /// A replay on a virtual clock runs its loop without libevent (a view's tests never touch it);
    /// one that stops on Ctrl-C watches signals through it, as `uisim replay` does.
    @Test(arguments: [false, true]) func aVirtualReplayTouchesLibeventOnlyToWatchSignals(_ stopsOnInterrupt: Bool) throws {
        final class Probe: UIView {
            var usedLibevent: [Bool] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                usedLibevent.append(EventRunLoop.current?.usesLibevent ?? true)
            }
        }
        let window = makeWindow()
        let probe = Probe(frame: window.bounds)
        window.addSubview(probe)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 10, y: 10), time: 0.1)
        let replay = Replay(window: window, clock: VirtualClock())
        replay.stopsOnInterrupt = stopsOnInterrupt
        _ = try replay.run(trace)
        #expect(probe.usedLibevent == [stopsOnInterrupt])
    }

    @Test func traceFromAnotherScreenIsStretchedOntoThisOne() throws {
        final class Where: UIView {
            var points: [CGPoint] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { points.append(touches.first!.location(in: nil)) }
        }
        let window = makeWindow()   // 390 × 844
        let view = Where(frame: window.bounds)
        window.addSubview(view)
        var trace = Trace(screen: TraceScreen(size: CGSize(width: 195, height: 422), scale: 2, refreshRate: 60))
        trace.tap(1, at: CGPoint(x: 100, y: 200), time: 0)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(view.points == [CGPoint(x: 200, y: 400)])
    }

    @Test func proMotionScreenTicksAt120Hz() throws {
        let window = makeWindow()
        window.screen = UIScreen(model: .iPhone15Pro)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 10, y: 10), time: 0, duration: 0.1)
        let result = try Replay(window: window, clock: VirtualClock()).run(trace)
        // Down at vsync 0, up at vsync 12 (0.1 s = 12/120); the lift is delivered in vsync 12's
        // event phase, before its display-link tick, which finds the app idle: vsyncs 0…12, all
        // idle (an empty window has nothing to commit).
        #expect(result.frames == 0 && result.idleVsyncs == 13)
    }
}

/// A loop late by several frames (a slow frame, a busy machine) gets the samples of those frames
/// at once: the moves are delivered as moves, the lift a frame later, so a drag stays a drag.
@Suite struct LateLoopTests {
    /// A view whose first touch costs `cost` seconds of work on the stopwatch the clock measures.
    final class Slow: RecordingView {
        let stopwatch: ManualStopwatch
        let cost: Double
        init(stopwatch: ManualStopwatch, cost: Double, frame: CGRect, log: EventLog) {
            self.stopwatch = stopwatch
            self.cost = cost
            super.init("v", frame: frame, log: log)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            stopwatch.advance(by: cost)
        }
    }

    /// The drag of fling.trace's shape: down at `start`, a move every 1/120 s, up 8 ms after the last.
    static func drag(start: Double = 0.1) -> Trace {
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 195, y: 700), time: start)
        for step in 1...14 { trace.move(1, to: CGPoint(x: 195, y: 700 - 32 * Double(step)), time: start + Double(step) / 120) }
        trace.up(1, time: start + 14.0 / 120 + 0.008)
        return trace
    }

    @Test func aLoopLateByTheWholeDragStillDeliversMovesBeforeTheLift() throws {
        let log = EventLog()
        let stopwatch = ManualStopwatch()
        let window = makeWindow()
        let view = Slow(stopwatch: stopwatch, cost: 0.3, frame: window.bounds, log: log)
        window.addSubview(view)
        let clock = VirtualClock(measuresWork: true, stopwatch: stopwatch)
        let result = try Replay(window: window, clock: clock).run(Self.drag())
        // The began costs 300 ms: every move and the lift are due when the loop comes back.
        #expect(log.entries == ["v began [1]", "v moved [1]", "v ended [1]"])
        // The moved event carries all 14 moves, the last at y = 700 − 14 × 32 = 252.
        #expect(view.seen[1].touches[0].coalesced.count == 14)
        #expect(view.seen[1].touches[0].location == CGPoint(x: 195, y: 252))
        #expect(result.touches.began == 1 && result.touches.moved == 1 && result.touches.ended == 1)
    }

    @Test func aLoopOnTimeDeliversTheLastMoveWithTheLiftAsBefore() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        let (result, _) = try replay(Self.drag(), in: window)
        // 60 Hz: the lift at 0.2247 s comes in the vsync of 0.2333 s with the last move (0.2167 s
        // is earlier than it): one event, ended, with its move coalesced. Moves come in vsyncs
        // 0.1167 … 0.2167 (7 events).
        #expect(log.entries.first == "v began [1]" && log.entries.last == "v ended [1]")
        #expect(result.touches.moved == 7)
    }
}

/// The --realtime path: a producer thread paces samples on the real clock and wakes the loop
/// through a pipe. Only counts are checked (times are real). The trace lasts 60 ms.
@Suite struct RealtimeReplayTests {
    /// Counts the touches the frame records and idle vsyncs carry, as the summary adds them.
    final class TouchTally: FrameSink {
        var touches = FrameRecord.Touches()
        func write(_ record: FrameRecord) throws { touches.add(record.touches) }
    }

    /// Real-time input wakes the loop between vsyncs; touches delivered in such a turn that changed
    /// nothing on screen are counted in the next record, never lost (the summary said began 0).
    @Test func everyTouchDeliveredIsInTheRecords() throws {
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: EventLog()))
        let replay = Replay(window: window, clock: RealClock())
        let tally = TouchTally()
        replay.sinks = [tally]
        // Down between two vsyncs (0.1 and 0.1167 s): it arrives, and is delivered, between them.
        let result = try replay.run(LateLoopTests.drag(start: 0.105))
        #expect(result.touches.began == 1 && result.touches.moved >= 1 && result.touches.ended == 1)
        var expected = FrameRecord.Touches()
        expected.began = result.touches.began
        expected.moved = result.touches.moved
        expected.ended = result.touches.ended
        #expect(tally.touches == expected)
    }

    /// A loop that cannot keep up (here its first touch takes until after the trace's end, as a
    /// busy machine would make it): every sample is still delivered, the drag as a drag.
    @Test func aLoopBusyPastTheTraceEndDeliversEverySample() throws {
        final class Busy: RecordingView {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                super.touchesBegan(touches, with: event)
                let clock = EventRunLoop.current!.clock
                while clock.now < 0.3 {}   // the producer meanwhile queues every sample (the trace ends at 0.22)
            }
        }
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(Busy("v", frame: window.bounds, log: log))
        let replay = Replay(window: window, clock: RealClock())
        let tally = TouchTally()
        replay.sinks = [tally]
        let result = try replay.run(LateLoopTests.drag())
        #expect(log.entries == ["v began [1]", "v moved [1]", "v ended [1]"])
        #expect(result.touches.began == 1 && result.touches.moved == 1 && result.touches.ended == 1)
        #expect(tally.touches.began == 1 && tally.touches.moved == 1 && tally.touches.ended == 1)
        #expect(result.duration >= 0.3)
    }

    @Test func realClockDeliversTheSameTouches() throws {
        let log = EventLog()
        let window = makeWindow()
        window.addSubview(RecordingView("v", frame: window.bounds, log: log))
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 10, y: 10), time: 0)
        trace.move(1, to: CGPoint(x: 50, y: 10), time: 0.03)
        trace.up(1, time: 0.06)
        let result = try Replay(window: window, clock: RealClock()).run(trace)
        #expect(log.entries == ["v began [1]", "v moved [1]", "v ended [1]"])
        #expect(result.touches.began == 1 && result.touches.ended == 1 && result.duration >= 0.06)
    }
}
