import Foundation
import HID
import Geometry

/// Turns each frame's hardware samples into the touches of one `UIEvent`, as UIKit's event
/// dispatcher does: a new contact becomes a touch in `.began`, hit-tested once; a contact that
/// moved is `.moved` at its newest sample, the older ones being its coalesced touches; a still
/// contact while others change is `.stationary`; a lifted one `.ended`; a cancelled one
/// `.cancelled`.
///
/// A contact's `down` always gets an event of its own: samples after it in the same frame wait
/// for the next frame (so a touch is never begun and ended in one event). Likewise a `down`
/// that reuses the id of a contact lifted in the same frame waits, and a lift that comes with
/// moves spanning more than a frame interval (the loop was late and several frames' samples
/// arrived together) waits while the moves are delivered.
@MainActor
final class TouchPackager {
    /// The touches of contacts that are down, in the order they began.
    private(set) var activeTouches: [UITouch] = []
    /// Contacts down outside every window: their samples are dropped until they lift.
    private var ignoredContacts: Set<Int> = []
    /// Samples that wait for the next frame, in arrival order.
    private var carried: [TouchSample] = []
    private var lastTap: (location: CGPoint, time: TimeInterval, count: Int)?
    private var tapStarts: [ObjectIdentifier: CGPoint] = [:]
    /// The windows touches may land in, front-most first.
    private let windows: () -> [UIWindow]
    private let frameInterval: TimeInterval

    init(frameInterval: TimeInterval, windows: @escaping () -> [UIWindow]) {
        self.frameInterval = frameInterval
        self.windows = windows
    }

    /// Forgets every touch and waiting sample (after the input broke).
    func abandon() {
        activeTouches = []
        carried = []
    }

    /// Whether samples are waiting for a later frame.
    var hasCarriedSamples: Bool { !carried.isEmpty }

    /// Packages `samples` (plus any carried from the last frame) into one event (nil when no touch
    /// changed), and what it delivers.
    func package(_ samples: [TouchSample]) -> (UIEvent?, EventReport) {
        var report = EventReport()
        // The event exists before its touches are hit-tested: the hit tests are passed it, as
        // UIKit's are, and count the views they visit on it.
        let event = UIEvent(timestamp: 0, touches: [], coalesced: [:], predicted: [:])
        activeTouches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        let queue = carried + samples
        carried = []
        var perTouch: [ObjectIdentifier: [TouchSample]] = [:]
        var changed: [UITouch] = []
        var begunNow: Set<ObjectIdentifier> = []
        var closedContacts: Set<Int> = []
        var newest: TimeInterval = 0

        var index = 0
        while index < queue.count {
            let sample = queue[index]
            index += 1
            if closedContacts.contains(sample.contact) {
                carried.append(sample)
                continue
            }
            if ignoredContacts.contains(sample.contact) {
                if sample.phase == .up || sample.phase == .cancel { ignoredContacts.remove(sample.contact) }
                continue
            }
            if let touch = activeTouches.first(where: { $0.contact == sample.contact }) {
                if begunNow.contains(ObjectIdentifier(touch)) {
                    carried.append(sample)       // after a down, the rest waits for the next frame
                    closedContacts.insert(sample.contact)
                    continue
                }
                if sample.phase == .up || sample.phase == .cancel,
                   let first = perTouch[ObjectIdentifier(touch)]?.first, sample.time - first.time > frameInterval {
                    // Moves of more than one frame come with the lift: the loop was late (a slow
                    // frame, a busy machine) and the samples of several frames arrived at once.
                    // The moves go now, the lift next frame, so lateness never turns a drag into a tap.
                    carried.append(sample)
                    closedContacts.insert(sample.contact)
                    continue
                }
                perTouch[ObjectIdentifier(touch), default: []].append(sample)
                newest = max(newest, sample.time)
                if !changed.contains(where: { $0 === touch }) { changed.append(touch) }
                if sample.phase == .up || sample.phase == .cancel { closedContacts.insert(sample.contact) }
            } else if sample.phase == .down {
                guard let touch = begin(sample, event: event) else {
                    ignoredContacts.insert(sample.contact)
                    continue
                }
                activeTouches.append(touch)
                changed.append(touch)
                begunNow.insert(ObjectIdentifier(touch))
                newest = max(newest, sample.time)
            }
        }
        report.viewsHitTested = event.viewsHitTested
        guard !changed.isEmpty else { return (nil, report) }

        var coalesced: [ObjectIdentifier: [UITouch]] = [:]
        var predicted: [ObjectIdentifier: [UITouch]] = [:]
        for touch in activeTouches {
            let key = ObjectIdentifier(touch)
            if begunNow.contains(key) {
                coalesced[key] = [touch.snapshot(at: touch.windowLocation, timestamp: touch.timestamp, force: touch.force)]
                predicted[key] = []
                report.began += 1
                report.inputs.append(EventReport.Input(phase: .began, sampleTime: touch.timestamp))
            } else if let samples = perTouch[key] {
                update(touch, with: samples, coalesced: &coalesced, predicted: &predicted)
                switch touch.phase {
                case .moved: report.moved += 1
                case .ended: report.ended += 1
                default: report.cancelled += 1
                }
                report.inputs.append(EventReport.Input(phase: touch.phase, sampleTime: samples[0].time))
            } else {
                touch.phase = .stationary
            }
        }
        activeTouches.sort { $0.contact < $1.contact }
        event.timestamp = newest
        event.orderedTouches = activeTouches
        event.coalesced = coalesced
        event.predicted = predicted
        return (event, report)
    }

    private func begin(_ sample: TouchSample, event: UIEvent) -> UITouch? {
        for window in windows() where !window.isHidden {
            let point = window.convert(sample.location, from: window.screen.coordinateSpace)
            guard window.point(inside: point, with: nil) else { continue }
            let tapCount = nextTapCount(at: sample.location, time: sample.time)
            let touch = UITouch(
                contact: sample.contact, phase: .began, timestamp: sample.time, windowLocation: point,
                type: sample.altitude != nil ? .pencil : .direct, force: CGFloat(sample.force ?? 0),
                majorRadius: CGFloat(sample.majorRadius ?? 20), altitude: CGFloat(sample.altitude ?? .pi / 2),
                azimuth: CGFloat(sample.azimuth ?? 0), tapCount: tapCount)
            touch.window = window
            touch.view = window.hitTest(point, with: event)
            tapStarts[ObjectIdentifier(touch)] = sample.location
            return touch
        }
        return nil
    }

    private func update(_ touch: UITouch, with samples: [TouchSample],
                        coalesced: inout [ObjectIdentifier: [UITouch]], predicted: inout [ObjectIdentifier: [UITouch]]) {
        let key = ObjectIdentifier(touch)
        let window = touch.window!
        touch.previousWindowLocation = touch.windowLocation
        var snapshots: [UITouch] = []
        var previousTime = touch.timestamp, previousPoint = touch.windowLocation
        var velocity = CGPoint.zero
        for sample in samples {
            let point = window.convert(sample.location, from: window.screen.coordinateSpace)
            if sample.time > previousTime {
                let dt = sample.time - previousTime
                velocity = CGPoint(x: (point.x - previousPoint.x) / dt, y: (point.y - previousPoint.y) / dt)
            }
            previousTime = sample.time
            previousPoint = point
            touch.windowLocation = point
            touch.timestamp = sample.time
            if let force = sample.force { touch.force = CGFloat(force) }
            if let radius = sample.majorRadius { touch.majorRadius = CGFloat(radius) }
            switch sample.phase {
            case .up: touch.phase = .ended
            case .cancel: touch.phase = .cancelled
            default: touch.phase = .moved
            }
            snapshots.append(touch.snapshot(at: point, timestamp: sample.time, force: touch.force))
        }
        coalesced[key] = snapshots
        switch touch.phase {
        case .moved:
            let ahead = CGPoint(x: touch.windowLocation.x + velocity.x * frameInterval,
                                y: touch.windowLocation.y + velocity.y * frameInterval)
            predicted[key] = [touch.snapshot(at: ahead, timestamp: touch.timestamp + frameInterval, force: touch.force)]
        case .ended:
            predicted[key] = []
            noteTapEnded(touch)
        default:
            predicted[key] = []
            lastTap = nil
            tapStarts[key] = nil
        }
    }

    /// UIKit counts quick taps near the same spot: a touch that begins within 0.35 s of a tap's
    /// end and within 45 pt of it continues the count.
    private func nextTapCount(at location: CGPoint, time: TimeInterval) -> Int {
        guard let last = lastTap, time - last.time <= UITapGestureRecognizer.maximumIntervalBetweenTaps,
              distance(location, last.location) <= UITapGestureRecognizer.allowableMovement else { return 1 }
        return last.count + 1
    }

    private func noteTapEnded(_ touch: UITouch) {
        let key = ObjectIdentifier(touch)
        guard let start = tapStarts.removeValue(forKey: key) else { return }
        let end = touch.window.map { touch.location(in: nil).applying($0.transformToScreenCoordinates) } ?? start
        if distance(start, end) <= UITapGestureRecognizer.allowableMovement {
            lastTap = (start, touch.timestamp, touch.tapCount)
        } else {
            lastTap = nil
        }
    }
}
