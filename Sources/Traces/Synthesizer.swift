import Foundation
import Geometry

/// Gestures made by hand in code: what tests, scenes and `uisim trace synth` build traces from.
/// Moves are spaced at `rate` Hz (a touchscreen's sampling rate: 60, 120 or 240).
extension Trace {
    /// A tap of contact `contact` at `point`, held for `duration` seconds.
    public mutating func tap(_ contact: Int, at point: CGPoint, time: TimeInterval, duration: TimeInterval = 0.05) {
        down(contact, at: point, time: time)
        up(contact, time: time + duration)
    }

    /// Two taps 0.15 s apart (well within UIKit's 0.35 s), the second with contact `contact + 1`.
    public mutating func doubleTap(_ contact: Int, at point: CGPoint, time: TimeInterval) {
        tap(contact, at: point, time: time)
        tap(contact + 1, at: point, time: time + 0.2)
    }

    /// A finger held still for `duration` (0.8 s: past UIKit's 0.5 s long press).
    public mutating func longPress(_ contact: Int, at point: CGPoint, time: TimeInterval, duration: TimeInterval = 0.8) {
        tap(contact, at: point, time: time, duration: duration)
    }

    /// A straight drag from `start` to `end` over `duration` seconds, sampled at `rate` Hz; the
    /// finger lifts one sample later, or after resting still for `hold` seconds (so the release
    /// has no speed).
    public mutating func drag(_ contact: Int, from start: CGPoint, to end: CGPoint, time: TimeInterval,
                              duration: TimeInterval, rate: Double = 120, hold: TimeInterval = 0) {
        precondition(duration > 0 && rate > 0, "a drag needs a positive duration and rate")
        down(contact, at: start, time: time)
        let steps = max(1, Int((duration * rate).rounded()))
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            move(contact, to: CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f),
                 time: time + duration * f)
        }
        up(contact, time: time + duration + max(hold, 1 / rate))
    }

    /// A fling: a fast drag released at full speed, so a scroll view decelerates after it.
    public mutating func fling(_ contact: Int, from start: CGPoint, to end: CGPoint, time: TimeInterval,
                               duration: TimeInterval = 0.12, rate: Double = 120) {
        drag(contact, from: start, to: end, time: time, duration: duration, rate: rate)
    }

    /// Two fingers (`contact` and `contact + 1`) about `center`, on a line at `angle`, their
    /// distance going from `startDistance` to `endDistance` while the line turns by `rotation`.
    public static func twoFingers(center: CGPoint, startDistance: CGFloat, endDistance: CGFloat, angle: CGFloat = 0,
                                  rotation: CGFloat = 0, time: TimeInterval, duration: TimeInterval, rate: Double = 120,
                                  contact: Int = 1, screen: TraceScreen? = nil) -> Trace {
        var trace = Trace(screen: screen)
        let steps = max(1, Int((duration * rate).rounded()))
        func points(_ f: Double) -> (CGPoint, CGPoint) {
            let d = (startDistance + (endDistance - startDistance) * CGFloat(f)) / 2
            let a = angle + rotation * CGFloat(f)
            let offset = CGPoint(x: cos(a) * d, y: sin(a) * d)
            return (CGPoint(x: center.x - offset.x, y: center.y - offset.y), CGPoint(x: center.x + offset.x, y: center.y + offset.y))
        }
        let first = points(0)
        trace.down(contact, at: first.0, time: time)
        trace.down(contact + 1, at: first.1, time: time)
        for i in 1...steps {
            let p = points(Double(i) / Double(steps))
            let t = time + duration * Double(i) / Double(steps)
            trace.move(contact, to: p.0, time: t)
            trace.move(contact + 1, to: p.1, time: t)
        }
        trace.up(contact, time: time + duration + 1 / rate)
        trace.up(contact + 1, time: time + duration + 1 / rate)
        return trace
    }

    /// The trace with every position moved by up to `amount` points at random, reproducibly
    /// for a `seed` (a hand is never perfectly still).
    public func jittered(by amount: Double, seed: UInt64) -> Trace {
        var generator = SeededGenerator(seed: seed)
        var result = Trace(screen: screen)
        var last: [Int: CGPoint] = [:]
        for var sample in samples {
            switch sample.phase {
            case .down, .move:
                sample.location.x += CGFloat(Double.random(in: -amount...amount, using: &generator))
                sample.location.y += CGFloat(Double.random(in: -amount...amount, using: &generator))
                last[sample.contact] = sample.location
            case .up, .cancel:
                sample.location = last[sample.contact] ?? sample.location
            }
            result.append(sample)
        }
        return result
    }
}

extension Trace {
    /// The samples from `start` to `end`, shifted to start at 0. Contacts down at `start` go
    /// down at 0 where they were; contacts still down at `end` stay down.
    public func cut(from start: TimeInterval, to end: TimeInterval) -> Trace {
        var result = Trace(screen: screen)
        var down: [Int: CGPoint] = [:]
        var opened = false
        for sample in samples {
            if sample.time > end { break }
            if sample.time < start {
                switch sample.phase {
                case .down, .move: down[sample.contact] = sample.location
                case .up, .cancel: down[sample.contact] = nil
                }
                continue
            }
            if !opened {
                for contact in down.keys.sorted() { result.down(contact, at: down[contact]!, time: 0) }
                opened = true
            }
            var shifted = sample
            shifted.time -= start
            result.append(shifted)
        }
        return result
    }
}
