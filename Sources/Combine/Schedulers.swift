import Dispatch
import Foundation
import OpenCombine
import RunLoop

// `DispatchQueue` and `RunLoop` as Combine's schedulers, as Apple's Foundation declares them, on
// the replay's clock: while a uisim run loop serves the main thread (a replay in `uisim`, an
// app's command line or an XCTest test), the time they tell is the loop's and what they schedule
// later is a timer of that loop, so `debounce(for: .milliseconds(50), scheduler: DispatchQueue.main)`
// waits 50 ms of the trace's time and a replay gives the same events on every run.
// - `DispatchQueue.main`: an action runs as a block of the main queue (in the same turn, before
//   the commit); a later one is a timer in the common modes, as GCD's timers ignore the mode.
// - Another queue (`DispatchQueue.global()`, as `subscribe(on:)` is given): an action scheduled
//   from the main thread runs at once, on it, rather than on one of GCD's threads, whose timing
//   no replay could repeat (a screen subscribes as it loads, often before the replay's loop
//   runs); a later one is a timer of the loop.
// - `RunLoop.main`: an action is a timer of the loop in the default mode, so, as on iOS,
//   `receive(on: RunLoop.main)` holds values back while a scroll view tracks a finger.
// With no loop serving the thread (Swift Testing's threads, a background thread) they are GCD's
// and Foundation's own, in real time.

/// The uisim run loop serving this thread, when it is the main thread.
private func servingLoop() -> EventRunLoop? {
    guard Thread.isMainThread else { return nil }
    return MainActor.assumeIsolated { EventRunLoop.current }
}

/// Schedules `action` on `loop` at `seconds` of its clock (now, if past), in `mode`, repeating
/// every `interval` when given.
@discardableResult
private func loopTimer(on loop: EventRunLoop, at seconds: TimeInterval, interval: TimeInterval?, mode: LoopMode,
                       _ action: @escaping () -> Void) -> LoopTimer {
    nonisolated(unsafe) let action = action
    return MainActor.assumeIsolated {
        let repeating = (interval ?? 0) > 0
        let timer = LoopTimer(fireAt: max(seconds, loop.clock.now), interval: repeating ? interval! : 0, repeats: repeating) { _ in action() }
        loop.add(timer, forMode: mode)
        return timer
    }
}

/// What cancels a repeating schedule: invalidates `timer` (on the main thread, where it runs).
private func cancelling(_ timer: LoopTimer) -> AnyCancellable {
    AnyCancellable {
        if Thread.isMainThread {
            MainActor.assumeIsolated { timer.invalidate() }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { timer.invalidate() } }
        }
    }
}

// MARK: DispatchQueue

extension DispatchQueue: @retroactive Scheduler {
    /// A point in time of a dispatch queue scheduler: a `DispatchTime` (on the loop's timeline,
    /// in nanoseconds, while a loop serves the thread).
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) { dispatchTime = time }

        public func distance(to other: SchedulerTimeType) -> Stride {
            .nanoseconds(Int(Int64(bitPattern: other.dispatchTime.uptimeNanoseconds &- dispatchTime.uptimeNanoseconds)))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            let moved = Int64(bitPattern: dispatchTime.uptimeNanoseconds) + Int64(n.magnitude)
            return SchedulerTimeType(DispatchTime(uptimeNanoseconds: UInt64(max(moved, 0))))
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.uptimeNanoseconds) }
        public static func == (a: SchedulerTimeType, b: SchedulerTimeType) -> Bool {
            a.dispatchTime.uptimeNanoseconds == b.dispatchTime.uptimeNanoseconds
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        public init(from decoder: Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        /// A distance between two times, in nanoseconds (`magnitude`); a literal is in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
                              Hashable, Codable, Sendable {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The distance in nanoseconds.
            public var magnitude: Int

            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            private init(nanoseconds: Int) { magnitude = nanoseconds }

            public init(_ timeInterval: DispatchTimeInterval) {
                switch timeInterval {
                case .seconds(let s): self = .seconds(s)
                case .milliseconds(let ms): self = .milliseconds(ms)
                case .microseconds(let us): self = .microseconds(us)
                case .nanoseconds(let ns): self = .nanoseconds(ns)
                case .never: self = .nanoseconds(.max)
                @unknown default: self = .nanoseconds(.max)
                }
            }

            public init(floatLiteral value: Double) { self = .seconds(value) }
            public init(integerLiteral value: Int) { self = .seconds(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self = .seconds(value)
            }

            public static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: clamped(s * 1e9)) }
            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s.multipliedClamped(by: 1_000_000_000)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms.multipliedClamped(by: 1_000_000)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us.multipliedClamped(by: 1_000)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            public static func < (a: Stride, b: Stride) -> Bool { a.magnitude < b.magnitude }
            public static func + (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.magnitude + b.magnitude) }
            public static func - (a: Stride, b: Stride) -> Stride { Stride(nanoseconds: a.magnitude - b.magnitude) }
            /// The product of the two in seconds (SignedNumeric's; Apple leaves it undocumented).
            public static func * (a: Stride, b: Stride) -> Stride { .seconds(a.seconds * b.seconds) }
            public static func += (a: inout Stride, b: Stride) { a = a + b }
            public static func -= (a: inout Stride, b: Stride) { a = a - b }
            public static func *= (a: inout Stride, b: Stride) { a = a * b }

            var seconds: Double { Double(magnitude) / 1e9 }

            private static func clamped(_ nanoseconds: Double) -> Int {
                nanoseconds >= Double(Int.max) ? .max : nanoseconds <= Double(Int.min) ? .min : Int(nanoseconds)
            }
        }
    }

    /// GCD's options for a scheduled block.
    public struct SchedulerOptions {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// Whether this is the main queue (each `DispatchQueue.main` is another wrapper of it, on Linux).
    private var isMain: Bool { label == DispatchQueue.main.label }

    /// The loop's time while a loop serves the thread; otherwise GCD's.
    public var now: SchedulerTimeType {
        guard let loop = servingLoop() else { return SchedulerTimeType(DispatchTime.now()) }
        return SchedulerTimeType(loop: loop)
    }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if !isMain, Thread.isMainThread {
            action()
            return
        }
        nonisolated(unsafe) let action = action   // Combine's actions are not Sendable; GCD runs each once
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {
        if let loop = servingLoop() {
            loopTimer(on: loop, at: date.seconds, interval: nil, mode: .common, action)
            return
        }
        nonisolated(unsafe) let action = action
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action() }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        if let loop = servingLoop() {
            return cancelling(loopTimer(on: loop, at: date.seconds, interval: max(interval.seconds, 0), mode: .common, action))
        }
        let source = DispatchSource.makeTimerSource(queue: self)
        source.schedule(deadline: date.dispatchTime, repeating: interval.timeInterval, leeway: tolerance.timeInterval)
        nonisolated(unsafe) let action = action
        source.setEventHandler { action() }
        source.resume()
        return AnyCancellable { source.cancel() }
    }
}

extension DispatchQueue.SchedulerTimeType {
    /// Now on `loop`'s timeline.
    fileprivate init(loop: EventRunLoop) {
        let seconds = MainActor.assumeIsolated { loop.clock.now }
        self.init(DispatchTime(uptimeNanoseconds: UInt64(max(seconds, 0) * 1e9)))
    }

    /// This time in seconds of a loop's timeline.
    fileprivate var seconds: TimeInterval { Double(dispatchTime.uptimeNanoseconds) / 1e9 }
}

private extension Int {
    func multipliedClamped(by factor: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        return overflow ? (self > 0 ? .max : .min) : product
    }
}

// MARK: RunLoop

extension RunLoop: @retroactive Scheduler {
    /// A point in time of a run loop scheduler: a `Date` (the loop's timeline counted from the
    /// reference date, while a loop serves the thread).
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var date: Date

        public init(_ date: Date) { self.date = date }

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(other.date.timeIntervalSince(date)) }
        public func advanced(by n: Stride) -> SchedulerTimeType { SchedulerTimeType(date.addingTimeInterval(n.magnitude)) }

        /// A distance between two times, in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
                              Hashable, Codable, Sendable {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The distance in seconds.
            public var magnitude: TimeInterval
            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init(floatLiteral value: TimeInterval) { magnitude = value }
            public init(integerLiteral value: TimeInterval) { magnitude = value }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }

            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }

            public static func < (a: Stride, b: Stride) -> Bool { a.magnitude < b.magnitude }
            public static func + (a: Stride, b: Stride) -> Stride { Stride(a.magnitude + b.magnitude) }
            public static func - (a: Stride, b: Stride) -> Stride { Stride(a.magnitude - b.magnitude) }
            public static func * (a: Stride, b: Stride) -> Stride { Stride(a.magnitude * b.magnitude) }
            public static func += (a: inout Stride, b: Stride) { a.magnitude += b.magnitude }
            public static func -= (a: inout Stride, b: Stride) { a.magnitude -= b.magnitude }
            public static func *= (a: inout Stride, b: Stride) { a.magnitude *= b.magnitude }
        }
    }

    /// A run loop scheduler takes no options.
    public struct SchedulerOptions: Sendable {}

    public var minimumTolerance: SchedulerTimeType.Stride { SchedulerTimeType.Stride(0) }

    /// The loop's time (counted from the reference date) while a loop serves the main thread
    /// and this is the main run loop; otherwise the date now.
    public var now: SchedulerTimeType {
        guard let loop = servedLoop() else { return SchedulerTimeType(Date()) }
        return SchedulerTimeType(Date(timeIntervalSinceReferenceDate: MainActor.assumeIsolated { loop.clock.now }))
    }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        if let loop = servedLoop() {
            loopTimer(on: loop, at: 0, interval: nil, mode: .default, action)
            return
        }
        nonisolated(unsafe) let action = action
        perform { action() }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                         _ action: @escaping () -> Void) {
        if let loop = servedLoop() {
            loopTimer(on: loop, at: date.date.timeIntervalSinceReferenceDate, interval: nil, mode: .default, action)
            return
        }
        nonisolated(unsafe) let action = action
        add(Timer(fire: date.date, interval: 0, repeats: false) { _ in action() }, forMode: .default)
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        if let loop = servedLoop() {
            return cancelling(loopTimer(on: loop, at: date.date.timeIntervalSinceReferenceDate, interval: max(interval.magnitude, 0),
                                        mode: .default, action))
        }
        nonisolated(unsafe) let action = action
        let timer = Timer(fire: date.date, interval: interval.magnitude, repeats: true) { _ in action() }
        add(timer, forMode: .default)
        return AnyCancellable { timer.invalidate() }
    }

    /// The uisim loop that stands for this run loop: the main thread's, for `RunLoop.main`.
    private func servedLoop() -> EventRunLoop? {
        self === RunLoop.main ? servingLoop() : nil
    }
}
