import Foundation
import OpenCombine
import UIKit

extension NSObject {
    /// A publisher of the values of an observable property (Foundation's): one of UIKit's that
    /// uisim observes (`observe(_:options:changeHandler:)` says which). With `.initial` the
    /// value as the subscriber first asks; each change after while there is demand (a change
    /// with none is dropped). It never finishes.
    public struct KeyValueObservingPublisher<Subject: NSObject, Value>: OpenCombine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never

        public let object: Subject
        public let keyPath: KeyPath<Subject, Value>
        public let options: NSKeyValueObservingOptions

        public init(object: Subject, keyPath: KeyPath<Subject, Value>, options: NSKeyValueObservingOptions) {
            self.object = object
            self.keyPath = keyPath
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            subscriber.receive(subscription: KeyValueSubscription(object: object, keyPath: keyPath, options: options, downstream: subscriber))
        }
    }
}

extension _KeyValueCodingAndObserving where Self: NSObject {
    /// The values of the property at `keyPath` as a publisher (by default the value now, then
    /// each new one).
    public func publisher<Value>(for keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [.initial, .new])
        -> NSObject.KeyValueObservingPublisher<Self, Value> {
        NSObject.KeyValueObservingPublisher(object: self, keyPath: keyPath, options: options)
    }
}

/// A subscription to a property: observes from the first demand until cancelled.
/// `@unchecked Sendable`: its state is under `lock`.
private final class KeyValueSubscription<Subject: NSObject, Value, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Value, Downstream.Failure == Never {
    private let lock = NSLock()
    private let object: Subject
    private let keyPath: KeyPath<Subject, Value>
    private let options: NSKeyValueObservingOptions
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var observation: NSKeyValueObservation?

    init(object: Subject, keyPath: KeyPath<Subject, Value>, options: NSKeyValueObservingOptions, downstream: Downstream) {
        self.object = object
        self.keyPath = keyPath
        self.options = options
        self.downstream = downstream
    }

    func request(_ more: Subscribers.Demand) {
        let start: Bool = lock.withLock {
            guard downstream != nil else { return false }
            demand += more
            return observation == nil
        }
        guard start else { return }
        // `.new` is always asked for: the publisher sends the new value of each change.
        let made = object.observe(keyPath, options: options.union(.new).subtracting(.prior)) { [weak self] _, change in
            if let value = change.newValue { self?.deliver(value) }
        }
        lock.withLock { observation = made }
    }

    private func deliver(_ value: Value) {
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
        let observation: NSKeyValueObservation? = lock.withLock {
            downstream = nil
            defer { self.observation = nil }
            return self.observation
        }
        observation?.invalidate()
    }
}
