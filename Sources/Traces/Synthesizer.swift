import Foundation

/// Gestures made by hand in code: what tests, scenes and `uisim trace synth` build traces from.
/// Samples are spaced at `rate` Hz (a touchscreen's sampling rate: 60, 120 or 240).
extension Trace {
    /// A tap of contact `contact` at `point`, held for `duration` seconds.
    public mutating func tap(_ contact: Int, at point: CGPoint, time: TimeInterval, duration: TimeInterval = 0.05) {
        down(contact, at: point, time: time)
        up(contact, time: time + duration)
    }

    /// A straight drag from `start` to `end` over `duration` seconds, sampled at `rate` Hz, then
    /// a lift one sample later.
    public mutating func drag(_ contact: Int, from start: CGPoint, to end: CGPoint, time: TimeInterval,
                              duration: TimeInterval, rate: Double = 120) {
        precondition(duration > 0 && rate > 0, "a drag needs a positive duration and rate")
        down(contact, at: start, time: time)
        let steps = max(1, Int((duration * rate).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(contact, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f),
                 time: time + duration * f)
        }
        up(contact, time: time + duration + 1 / rate)
    }
}
