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
            // `.new` is always asked for: the publisher sends the new value of each change.
            let (object, keyPath, options) = (object, keyPath, options.union(.new).subtracting(.prior))
            subscriber.receive(subscription: ObservingSubscription(downstream: subscriber, start: { deliver in
                object.observe(keyPath, options: options) { _, change in
                    if let value = change.newValue { deliver(value) }
                }
            }, stop: { $0.invalidate() }))
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
