import Foundation
import OpenCombine

/// A subscription to values something else observes (a notification, a property): it starts
/// observing at the first demand, delivers each value while there is demand (one with none is
/// dropped, as Foundation's publishers do) and stops observing when cancelled. `@unchecked
/// Sendable`: its state is under `lock`; a value may arrive on any thread.
final class ObservingSubscription<Downstream: Subscriber, Token>: Subscription, @unchecked Sendable
where Downstream.Failure == Never {
    private let lock = NSLock()
    private let start: (_ deliver: @escaping @Sendable (Downstream.Input) -> Void) -> Token
    private let stop: (Token) -> Void
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var token: Token?

    /// `start` begins observing, handing each value to `deliver`; `stop` ends it.
    init(downstream: Downstream, start: @escaping (_ deliver: @escaping @Sendable (Downstream.Input) -> Void) -> Token,
         stop: @escaping (Token) -> Void) {
        self.downstream = downstream
        self.start = start
        self.stop = stop
    }

    func request(_ more: Subscribers.Demand) {
        let first: Bool = lock.withLock {
            guard downstream != nil else { return false }
            demand += more
            return token == nil
        }
        guard first else { return }
        let made = start { [weak self] value in self?.deliver(value) }
        lock.withLock { token = made }
    }

    private func deliver(_ value: Downstream.Input) {
        let receiver: Downstream? = lock.withLock {
            guard let downstream, demand > 0 else { return nil }
            demand -= 1
            return downstream
        }
        guard let receiver else { return }
        let more = receiver.receive(value)
        lock.withLock { if downstream != nil { demand += more } }
    }

    func cancel() {
        let token: Token? = lock.withLock {
            downstream = nil
            defer { self.token = nil }
            return self.token
        }
        if let token { stop(token) }
    }
}
