import Foundation
import Geometry
import Support

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

    /// `text` typed one character every `interval` seconds from `time` (0.2 s: five keys a
    /// second, a steady typist): a key sample each, `"\n"` the return key, `"\u{8}"` delete.
    public mutating func type(_ text: String, time: TimeInterval, interval: TimeInterval = 0.2) {
        for (index, character) in text.enumerated() {
            append(.key(time: time + Double(index) * interval, text: String(character)))
        }
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
        for sample in Self.dragSamples(contact, from: start, to: end, time: time, duration: duration, rate: rate, hold: hold) {
            append(sample)
        }
    }

    /// The samples of `drag(…)`, made one at a time as they are read (a drag of days is never in
    /// memory: what `uisim trace synth` writes from).
    public static func dragSamples(_ contact: Int, from start: CGPoint, to end: CGPoint, time: TimeInterval,
                                   duration: TimeInterval, rate: Double = 120, hold: TimeInterval = 0) -> LazyMapSequence<ClosedRange<Int>, TouchSample> {
        precondition(duration > 0 && rate > 0, "a drag needs a positive duration and rate")
        let steps = max(1, Int((duration * rate).rounded()))
        func point(_ f: Double) -> CGPoint { CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f) }
        return (0...steps + 1).lazy.map { i in
            if i == 0 { return TouchSample(time: time, contact: contact, phase: .down, location: start) }
            // The lift is where the last move was.
            if i == steps + 1 { return TouchSample(time: time + duration + max(hold, 1 / rate), contact: contact, phase: .up, location: point(1)) }
            let f = Double(i) / Double(steps)
            return TouchSample(time: time + duration * f, contact: contact, phase: .move, location: point(f))
        }
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
        for sample in twoFingerSamples(center: center, startDistance: startDistance, endDistance: endDistance, angle: angle,
                                       rotation: rotation, time: time, duration: duration, rate: rate, contact: contact) {
            trace.append(sample)
        }
        return trace
    }

    /// The samples of `twoFingers(…)`, made one at a time as they are read.
    public static func twoFingerSamples(center: CGPoint, startDistance: CGFloat, endDistance: CGFloat, angle: CGFloat = 0,
                                        rotation: CGFloat = 0, time: TimeInterval, duration: TimeInterval, rate: Double = 120,
                                        contact: Int = 1) -> LazyMapSequence<ClosedRange<Int>, TouchSample> {
        let steps = max(1, Int((duration * rate).rounded()))
        func points(_ f: Double) -> (CGPoint, CGPoint) {
            let d = (startDistance + (endDistance - startDistance) * CGFloat(f)) / 2
            let a = angle + rotation * CGFloat(f)
            let offset = CGPoint(x: cos(a) * d, y: sin(a) * d)
            return (CGPoint(x: center.x - offset.x, y: center.y - offset.y), CGPoint(x: center.x + offset.x, y: center.y + offset.y))
        }
        // Two samples per step, the first finger's first: downs, then each step's moves, then ups.
        return (0...2 * steps + 3).lazy.map { index in
            let step = index / 2, finger = index % 2
            let phase: TouchSample.Phase = step == 0 ? .down : step == steps + 1 ? .up : .move
            let f = step == 0 ? 0 : step == steps + 1 ? 1 : Double(step) / Double(steps)
            let p = points(f)
            let t = step == steps + 1 ? time + duration + 1 / rate : time + duration * f
            return TouchSample(time: t, contact: contact + finger, phase: phase, location: finger == 0 ? p.0 : p.1)
        }
    }

    /// The trace with every position moved by up to `amount` points at random, reproducibly
    /// for a `seed` (a hand is never perfectly still).
    public func jittered(by amount: Double, seed: UInt64) -> Trace {
        var jitter = Jitter(amount: amount, seed: seed)
        var result = Trace(screen: screen)
        for sample in samples { result.append(jitter.apply(sample)) }
        return result
    }
}

extension Trace {
    /// The samples from `start` to `end`, shifted to start at 0. Contacts down at `start` go
    /// down at 0 where they were; contacts still down at `end` stay down.
    public func cut(from start: TimeInterval, to end: TimeInterval) -> Trace {
        var result = Trace(screen: screen)
        var cut = TraceCut(from: start, to: end)
        for sample in samples {
            guard let taken = cut.take(sample) else { break }
            for sample in taken { result.append(sample) }
        }
        return result
    }
}

/// Moves positions by up to `amount` points at random, reproducibly for a seed, one sample at a
/// time (a lift stays where its contact last was).
public struct Jitter {
    private let amount: Double
    private var generator: SeededGenerator
    private var last: [Int: CGPoint] = [:]

    public init(amount: Double, seed: UInt64) {
        self.amount = amount
        generator = SeededGenerator(seed: seed)
    }

    public mutating func apply(_ sample: TouchSample) -> TouchSample {
        var sample = sample
        switch sample.phase {
        case .down, .move:
            sample.location.x += CGFloat(Double.random(in: -amount...amount, using: &generator))
            sample.location.y += CGFloat(Double.random(in: -amount...amount, using: &generator))
            last[sample.contact] = sample.location
        case .up, .cancel:
            sample.location = last[sample.contact] ?? sample.location
        case .key, .appearance:
            return sample
        }
        if sample.phase == .up || sample.phase == .cancel { last[sample.contact] = nil }
        return sample
    }
}
