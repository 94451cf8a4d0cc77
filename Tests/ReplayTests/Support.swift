import Foundation
import Replay
import RunLoop
import Traces
import UIKit

/// A log of what views and recognizers received, as text, in order.
final class EventLog {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

/// What a touch looked like when a view received it (touches are live objects that change
/// after delivery, as in UIKit, so tests keep copies).
struct SeenTouch {
    var contact: Int
    var phase: UITouch.Phase
    var location: CGPoint
    var previousLocation: CGPoint
    var tapCount: Int
    var coalesced: [CGPoint]
    var predicted: [CGPoint]
}

/// One call of a touch method: the event's timestamp and every touch of the event.
struct SeenEvent {
    var method: String
    var timestamp: TimeInterval
    var touches: [SeenTouch]
}

/// A view that logs its touch methods: "name began [1, 2]" with the touches' contacts.
class RecordingView: UIView {
    let name: String
    let log: EventLog
    var seen: [SeenEvent] = []

    init(_ name: String, frame: CGRect, log: EventLog) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func record(_ what: String, _ touches: Set<UITouch>, _ event: UIEvent?) {
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

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches, event) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches, event) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches, event) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches, event) }
}

/// A 390 × 844 window with a deterministic clock (time moves only by jumps).
func makeWindow() -> UIWindow {
    UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
}

func replay(_ trace: Trace, in window: UIWindow) throws -> (ReplayResult, VirtualClock) {
    let clock = VirtualClock()
    let result = try Replay(window: window, clock: clock).run(trace)
    return (result, clock)
}

