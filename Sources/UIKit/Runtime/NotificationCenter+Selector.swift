import Foundation

// `NotificationCenter.addObserver(_:selector:name:object:)`, which Foundation on Linux lacks: the
// observer's method named by the selector gets the notification. As on iOS 9 and later, the
// observer is not retained, and one that has been freed gets nothing; `removeObserver(_:)` and
// `removeObserver(_:name:object:)` stop it. The observations are kept on their observer (an
// associated value), so they go when it goes.

extension NotificationCenter {
    /// Sends `aSelector` to `observer` with each notification named `aName` (nil: any name)
    /// posted by `anObject` (nil: any sender), on the posting thread.
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        let target = observer as AnyObject
        let held = WeakReference(target)
        let token = addObserver(forName: aName, object: anObject, queue: nil) { notification in
            guard let target = held.object else { return }
            NSObject.send(aSelector, to: target, arguments: [notification])
        }
        SelectorObservations.of(target, creating: true)!.add(SelectorObservations.Entry(
            center: self, name: aName, object: anObject.map { $0 as AnyObject }, token: token))
    }

    /// Removes every observation of `observer`: those `addObserver(_:selector:name:object:)` made
    /// for it, or, given the token `addObserver(forName:object:queue:using:)` returned, that one.
    /// (Declared for objects so that it is chosen over Foundation's, which knows only tokens.)
    public func removeObserver(_ observer: AnyObject) {
        removeObserver(observer, name: nil, object: nil)
    }

    /// Removes `observer`'s observations of `aName` (nil: every name) from `anObject` (nil: every
    /// sender).
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        let sender = anObject.map { $0 as AnyObject }
        if let observations = SelectorObservations.of(observer, creating: false) {
            for entry in observations.remove(where: { $0.center === self && (aName == nil || $0.name == aName)
                && (sender == nil || $0.object === sender) }) {
                let token: Any = entry.token
                removeObserver(token)
            }
        }
        // A token of Foundation's own block-based observations.
        let foundationObserver: Any = observer
        removeObserver(foundationObserver, name: aName, object: anObject)
    }
}

/// The selector observations of one observer; when it goes, they are removed from their centers.
final class SelectorObservations: @unchecked Sendable {
    // @unchecked: `entries` is only touched under `lock`.
    struct Entry {
        let center: NotificationCenter
        let name: NSNotification.Name?
        let object: AnyObject?
        let token: NSObjectProtocol
    }

    private let lock = NSLock()
    private var entries: [Entry] = []

    static func of(_ observer: AnyObject, creating: Bool) -> SelectorObservations? {
        associatedValue(SelectorObservations.self, on: observer, creating: creating ? { SelectorObservations() } : nil)
    }

    func add(_ entry: Entry) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    func remove(where matches: (Entry) -> Bool) -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        let removed = entries.filter(matches)
        entries.removeAll(where: matches)
        return removed
    }

    deinit {
        for entry in entries {
            let token: Any = entry.token
            entry.center.removeObserver(token)
        }
    }
}
