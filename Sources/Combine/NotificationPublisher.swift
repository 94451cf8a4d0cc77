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
            let (center, name, object) = (center, name, object)
            subscriber.receive(subscription: ObservingSubscription(downstream: subscriber, start: { deliver in
                center.addObserver(forName: name, object: object, queue: nil) { deliver($0) }
            }, stop: { center.removeObserver($0) }))
        }
    }

    /// The notifications named `name` (from `object`, when given) as a publisher.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }
}
