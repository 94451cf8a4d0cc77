import Foundation
import OpenCombine

extension NotificationCenter {
    /// A publisher of the notifications `center` posts named `name` (from `object`, when given),
    /// as Foundation's: each is delivered on the thread that posts it, while there is demand (one
    /// posted with none is dropped, as Foundation's does). It never finishes.
    public struct Publisher: OpenCombine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(center: center, name: name, object: object, downstream: subscriber)
            subscriber.receive(subscription: subscription)
        }
    }

    /// The notifications named `name` (from `object`, when given) as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

/// A subscription to a notification: observes from the first demand until cancelled.
/// `@unchecked Sendable`: its state is under `lock`; a notification may be posted on any thread.
private final class NotificationSubscription<Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Notification, Downstream.Failure == Never {
    private let lock = NSLock()
    private let center: NotificationCenter
    private let name: Notification.Name
    private let object: AnyObject?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var token: NSObjectProtocol?

    init(center: NotificationCenter, name: Notification.Name, object: AnyObject?, downstream: Downstream) {
        self.center = center
        self.name = name
        self.object = object
        self.downstream = downstream
    }

    func request(_ more: Subscribers.Demand) {
        let start: Bool = lock.withLock {
            guard downstream != nil else { return false }
            demand += more
            return token == nil
        }
        guard start else { return }
        let made = center.addObserver(forName: name, object: object, queue: nil) { [weak self] notification in
            self?.deliver(notification)
        }
        lock.withLock { token = made }
    }

    private func deliver(_ notification: Notification) {
        let receiver: Downstream? = lock.withLock {
            guard let downstream, demand > 0 else { return nil }
            demand -= 1
            return downstream
        }
        guard let receiver else { return }
        let more = receiver.receive(notification)
        lock.withLock { if downstream != nil { demand += more } }
    }

    func cancel() {
        let token: NSObjectProtocol? = lock.withLock {
            downstream = nil
            defer { self.token = nil }
            return self.token
        }
        if let token { center.removeObserver(token) }
    }
}
