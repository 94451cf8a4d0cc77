// Shared by the tests of UIKit and of the replay, as NIO's NIOTestUtils: a window on a device, a
// touch driver (a trace of taps, drags and pinches built with `Trace`'s `tap`, `down`, `move`, `up`,
// replayed through the whole pipeline on a virtual clock), and the views and log that record what
// the app received.
import Foundation
import Replay
import RunLoop
import Traces
import UIKit

/// A log of what views and recognizers received, as text, in order.
public final class EventLog {
    public var entries: [String] = []
    public init() {}
    public func add(_ entry: String) { entries.append(entry) }
}

/// What a touch looked like when a view received it (touches are live objects that change
/// after delivery, as in UIKit, so tests keep copies).
public struct SeenTouch {
    public var contact: Int
    public var phase: UITouch.Phase
    public var location: CGPoint
    public var previousLocation: CGPoint
    public var tapCount: Int
    public var coalesced: [CGPoint]
    public var predicted: [CGPoint]
}

/// One call of a touch method: the event's timestamp and every touch of the event.
public struct SeenEvent {
    public var method: String
    public var timestamp: TimeInterval
    public var touches: [SeenTouch]
}

/// A view that logs its touch methods: "name began [1, 2]" with the touches' contacts.
open class RecordingView: UIView {
    public let name: String
    public let log: EventLog
    public var seen: [SeenEvent] = []

    public init(_ name: String, frame: CGRect, log: EventLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public func record(_ what: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
        log.add("\(name) \(what) \(touches.map(\.contact).sorted())")
        guard let event else { return }
        let all = event.allTouches!.sorted { $0.contact < $1.contact }.map { touch in
            SeenTouch(contact: touch.contact, phase: touch.phase, location: touch.location(in: nil),
                      previousLocation: touch.previousLocation(in: nil), tapCount: touch.tapCount,
                      coalesced: event.coalescedTouches(for: touch)!.map { $0.location(in: nil) },
                      predicted: event.predictedTouches(for: touch)!.map { $0.location(in: nil) })
        }
        seen.append(SeenEvent(method: what, timestamp: event.timestamp, touches: all))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches, event) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches, event) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches, event) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches, event) }
}

/// A 390 × 844 window with a deterministic clock (time moves only by jumps).
public func makeWindow() -> UIWindow {
    UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
}

/// Replays `trace` in `window` through the whole pipeline (digitizer, events, recognizers, layout,
/// display, the commit) on a virtual clock, which it returns with the result.
public func replay(_ trace: Trace, in window: UIWindow) throws -> (ReplayResult, VirtualClock) {
    let clock = VirtualClock()
    let result = try Replay(window: window, clock: clock).run(trace)
    return (result, clock)
}


/// Records a recognizer's actions as "name state@time".
public func track(_ recognizer: UIGestureRecognizer, _ name: String, _ log: EventLog, clock: @escaping () -> TimeInterval) {
    recognizer.addTarget { r in log.add("\(name) \(r.state)@\(String(format: "%.3f", clock()))") }
}

/// The stage a recognizer's test plays on: a full-screen `RecordingView` in a 390 × 844 window,
/// and the log both it and the recognizers write to.
public struct TouchStage {
    public let window = makeWindow()
    public let log = EventLog()
    public let view: RecordingView

    public init() {
        view = RecordingView("view", frame: CGRect(x: 0, y: 0, width: 390, height: 844), log: log)
        window.addSubview(view)
    }

    /// Adds `recognizers` to the view, each action logged as "name state@time" on the replay's
    /// virtual clock, and replays `trace` through the whole pipeline.
    public func run(_ trace: Trace, _ recognizers: [(UIGestureRecognizer, String)]) throws {
        let clock = VirtualClock()
        for (recognizer, name) in recognizers {
            view.addGestureRecognizer(recognizer)
            track(recognizer, name, log) { clock.now }
        }
        _ = try Replay(window: window, clock: clock).run(trace)
    }
}
