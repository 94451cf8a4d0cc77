import Foundation

// Key-value observing of UIKit's own properties, as iOS code uses it: `observe(\.contentOffset)`
// returning an `NSKeyValueObservation`, and `addObserver(_:forKeyPath:options:context:)` with
// an `observeValue(forKeyPath:of:change:context:)` override. Foundation on Linux has neither the
// Objective-C runtime that swaps in a notifying setter nor any of these names; here the
// properties' own setters tell the observers (KeyValueObserving+UIKit.swift lists them), and
// cost one check of an optional while nobody observes. As on iOS, KVO is per key: a setter
// notifies its own key (and those it sets in turn), whether or not the value changed (a scroll
// view's contentOffset only when it changes: UIScrollView.contentOffset says why). Any NSObject's
// stored NSMutableArray property can be observed too, for the changes `mutableArrayValue(forKey:)`
// makes (KeyValueCoding+ToMany.swift).

// MARK: Foundation's names

/// What a change reports (Foundation's `NSKeyValueObservingOptions`).
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The value after the change.
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// The value before the change.
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    /// One notification at once, as the observation is added (with the value now, for `.new`).
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    /// A notification before each change as well as after it.
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// The kind of a change (Foundation's `NSKeyValueChange`); a property's is `.setting`.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion = 2
    case removal = 3
    case replacement = 4
}

/// A key of the change dictionary (Foundation's `NSKeyValueChangeKey`).
public struct NSKeyValueChangeKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The kind of change, an `NSNumber` of `NSKeyValueChange`'s raw value.
    public static let kindKey = NSKeyValueChangeKey("kind")
    /// The value after the change (`.new`); `NSNull` for nil.
    public static let newKey = NSKeyValueChangeKey("new")
    /// The value before the change (`.old`); `NSNull` for nil.
    public static let oldKey = NSKeyValueChangeKey("old")
    /// The indexes of a to-many change (never given for a property).
    public static let indexesKey = NSKeyValueChangeKey("indexes")
    /// `true` (an `NSNumber`) in the notification sent before a change (`.prior`).
    public static let notificationIsPriorKey = NSKeyValueChangeKey("notificationIsPrior")
}

/// A change as `observe(_:options:changeHandler:)` hands it over (Foundation's
/// `NSKeyValueObservedChange`): the values typed, each nil unless its option was asked for.
public struct NSKeyValueObservedChange<Value> {
    public typealias Kind = NSKeyValueChange
    public let kind: Kind
    /// The value after the change, with `.new` (nil in a prior notification).
    public let newValue: Value?
    /// The value before the change, with `.old`.
    public let oldValue: Value?
    /// The indexes of a to-many change; nil for a property.
    public let indexes: IndexSet?
    /// Whether this is the notification sent before the change (`.prior`).
    public let isPrior: Bool
}

/// The types `observe(_:options:changeHandler:)` is offered on (Foundation's; NSObject).
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

/// An observation `observe(_:options:changeHandler:)` made (Foundation's
/// `NSKeyValueObservation`): it lasts until it is invalidated or released.
public class NSKeyValueObservation: NSObject, @unchecked Sendable {
    // @unchecked: `object` is a weak reference, read only; the record's state is under its lock.
    private weak var object: NSObject?
    private let record: ObservationRecord

    init(object: NSObject, record: ObservationRecord) {
        self.object = object
        self.record = record
    }

    /// Stops the observation; nothing more is delivered (releasing it does the same).
    public func invalidate() {
        guard record.deactivate() else { return }
        (object as? KeyValueObservable)?.keyValueObservers?.remove(record)
    }

    deinit { invalidate() }
}

extension _KeyValueCodingAndObserving {
    /// Calls `changeHandler` with each change of the property at `keyPath` (one of UIKit's that
    /// KeyValueObserving+UIKit.swift lists; another is the runtime's crash, named) until the
    /// observation returned is invalidated or released. The key path is recognised by its
    /// property: a subclass's (`\MyScrollView.contentOffset`) is, and one that overrides the
    /// property non-finally; a final class's override is called directly, so its key path names
    /// the override alone, and is not (observe through the superclass's key path, or by name).
    public func observe<Value>(_ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
                               changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void) -> NSKeyValueObservation {
        guard let object = self as? NSObject & KeyValueObservable,
              let property = KeyValueObserving.property(matching: keyPath, in: Self.self) else {
            fatalError("NSUnknownKeyException: [<\(Self.self)> observe(_:options:changeHandler:)]: could not extract a key from "
                       + "\(type(of: keyPath as AnyKeyPath)) \(keyPath): it is not a property uisim observes"
                       + KeyValueObserving.observedKeys(of: Self.self as? AnyClass)
                       + ". (A final class's override of a UIKit property, or a `final override`, is its own key path: observe it "
                       + "through the superclass's, as `(view as UIView).observe(\\.frame)`, or by name with addObserver(_:forKeyPath:).)")
        }
        let record = ObservationRecord(key: property.key, options: options, read: { ($0 as! Self)[keyPath: keyPath] },
                                       receiver: .handler { object, old, new, isPrior in
            changeHandler(object as! Self, NSKeyValueObservedChange(
                kind: .setting, newValue: new.map { $0 as! Value }, oldValue: old.map { $0 as! Value }, indexes: nil, isPrior: isPrior))
        })
        KeyValueObserving.observers(of: object).add(record)
        let observation = NSKeyValueObservation(object: object, record: record)
        if options.contains(.initial) { record.deliverInitial(object) }
        return observation
    }
}

extension NSObject {
    /// Registers `observer` to be sent `observeValue(forKeyPath:of:change:context:)` with each
    /// change of the property named `keyPath` ("contentSize", "hidden"; UIKit's properties
    /// KeyValueObserving+UIKit.swift lists), or of the stored NSMutableArray property of any
    /// NSObject that `keyPath` names as `mutableArrayValue(forKey:)` reads it ("_sections"): each
    /// insertion, removal and replacement that proxy makes, with its indexes and objects. The
    /// observer is not retained. An unknown key is the runtime's `NSUnknownKeyException`, named.
    ///
    /// The observer's class must be one that can be sent `observeValue`: any UIKit class that
    /// declares it (`UIResponder` and so every view and view controller, `UIGestureRecognizer`,
    /// `NSLayoutConstraint`, `UIBarItem`, …), or another class that conforms to
    /// `NSKeyValueObserving` (Foundation's NSObject cannot be given an overridable method from
    /// here); any other is stopped at once, named.
    public func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
                            context: UnsafeMutableRawPointer?) {
        let property = self is KeyValueObservable ? KeyValueObserving.property(named: keyPath, of: self) : nil
        let toMany = property == nil ? ToManyProperty(key: keyPath, of: self) : nil
        guard property != nil || toMany != nil else {
            fatalError("NSUnknownKeyException: [<\(type(of: self)) \(runtimeAddress(of: self))> addObserver:<\(type(of: observer))> "
                       + "forKeyPath:@\"\(keyPath)\"]: this class is not key value coding-compliant for the key \(keyPath)"
                       + KeyValueObserving.observedKeys(of: type(of: self)) + KeyValueCoding.toManyKeys(of: self))
        }
        guard observer is NSKeyValueObserving else {
            fatalError("\(type(of: observer)) observes \"\(keyPath)\" of \(type(of: self)) but cannot be sent observeValue(forKeyPath:of:change:context:): "
                       + "on Linux a class that is not a UIKit class conforms to NSKeyValueObserving to receive it "
                       + "(declare `class \(type(of: observer)): NSObject, NSKeyValueObserving` and drop `override` from its observeValue)")
        }
        // A to-many property's value (for `.initial`) is its objects.
        let read: (NSObject) -> Any = property?.boxedValue ?? { object in toMany!.array(of: object).map { Array($0) } ?? NSNull() }
        let record = ObservationRecord(key: property?.key ?? keyPath, options: options, read: read,
                                       receiver: .observer(WeakReference(observer), ObjectIdentifier(observer), keyPath: keyPath, context: context))
        KeyValueObserving.observers(ofAny: self, creating: true)!.add(record)
        if options.contains(.initial) { record.deliverInitial(self) }
    }

    /// Stops `observer`'s most recent observation of `keyPath` made with `context`. One that
    /// is not registered is the runtime's crash, named.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        removeKeyValueObserver(observer, keyPath: keyPath, context: .some(context))
    }

    /// Stops `observer`'s most recent observation of `keyPath`, whatever its context.
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        removeKeyValueObserver(observer, keyPath: keyPath, context: nil)
    }

    private func removeKeyValueObserver(_ observer: NSObject, keyPath: String, context: UnsafeMutableRawPointer??) {
        let observers = KeyValueObserving.observers(ofAny: self, creating: false)
        // In its own deinit an object that is not UIKit's has no observations to find (it keeps
        // them as an associated value, which the table no longer gives for it): they go with it.
        if observers == nil, !(self is KeyValueObservable), KeyValueObserving.isDeinitializing(self) { return }
        guard let observers, observers.removeObserver(ObjectIdentifier(observer), keyPath: keyPath, context: context) else {
            fatalError("NSRangeException: Cannot remove an observer <\(type(of: observer)) \(runtimeAddress(of: observer))> "
                       + "for the key path \"\(keyPath)\" from <\(type(of: self)) \(runtimeAddress(of: self))> because it is not "
                       + "registered as an observer.")
        }
    }
}

/// What can be sent `observeValue(forKeyPath:of:change:context:)`: on iOS, every NSObject. UIKit's
/// classes that descend from NSObject conform here with an overridable `observeValue` (whose
/// default is NSObject's: the change was not handled, a crash named); any other class an
/// observer is of conforms itself, with the SDK's method spelled without `override`.
public protocol NSKeyValueObserving: AnyObject {
    func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?)
}

// MARK: The machinery

/// An object whose properties can be observed: it keeps its observations (nil until the
/// first, so a setter's whole cost while nobody observes is one check of this optional).
protocol KeyValueObservable: AnyObject {
    var keyValueObservers: KeyValueObservers? { get set }
}

/// The observations of one object, and the changes under way. `@unchecked Sendable`: an
/// observation may be removed from any thread (a deinit); `records` and `pending` are only
/// touched under `lock`, and nothing is delivered with the lock held.
final class KeyValueObservers: @unchecked Sendable {
    private let lock = NSLock()
    private var records: [ObservationRecord] = []
    /// The changes under way, innermost last: each key's observations and their old values.
    private var pending: [(key: String, changes: [(record: ObservationRecord, old: Any?)])] = []
    /// Keys whose setters are being run by another key's change and do not notify
    /// (autoresizing sets the bounds and center as a frame).
    private var quiet: [String: Int] = [:]

    func add(_ record: ObservationRecord) {
        lock.withLock { records.append(record) }
    }

    func remove(_ record: ObservationRecord) {
        lock.withLock { records.removeAll { $0 === record } }
    }

    /// Removes the most recent observation by the observer `id` of `keyPath` (with `context`,
    /// when given); whether there was one. An observer that has gone is matched by its address
    /// (it is removing itself in its deinit).
    func removeObserver(_ id: ObjectIdentifier, keyPath: String, context: UnsafeMutableRawPointer??) -> Bool {
        let removed: ObservationRecord? = lock.withLock {
            guard let index = records.lastIndex(where: { $0.isObservation(by: id, keyPath: keyPath, context: context) }) else { return nil }
            return records.remove(at: index)
        }
        guard let removed else { return false }
        _ = removed.deactivate()
        return true
    }

    /// What changes: a property's value (`.setting`), or the objects at `indexes` of a to-many
    /// property, inserted, removed or replaced, which `objects` reads from it.
    enum Change {
        case setting
        case toMany(NSKeyValueChange, IndexSet, objects: (IndexSet) -> [Any])
    }

    /// The property `key` of `object` is about to change: the prior notifications go out and
    /// the old values are kept for `didChange` (a to-many change's: the objects it removes or
    /// replaces). Called by the setter or the to-many proxy, paired with `didChange`.
    func willChange(_ key: String, of object: NSObject, _ change: Change = .setting) {
        let observing: [ObservationRecord] = lock.withLock { quiet[key] == nil ? records.filter { $0.key == key } : [] }
        let changes: [(record: ObservationRecord, old: Any?)]
        switch change {
        case .setting:
            changes = observing.map { (record: $0, old: $0.options.contains(.old) ? $0.read(object) : nil) }
        case .toMany(let kind, let indexes, let objects):
            let old: [Any]? = kind != .insertion && observing.contains { $0.options.contains(.old) } ? objects(indexes) : nil
            changes = observing.map { (record: $0, old: $0.options.contains(.old) ? old : nil) }
        }
        lock.withLock { pending.append((key, changes)) }
        for entry in changes where entry.record.options.contains(.prior) {
            entry.record.deliver(object, old: entry.old, new: nil, isPrior: true, change)
        }
    }

    /// The property `key` of `object` has changed: the notifications go out (a to-many change's
    /// new values: the objects it inserted or replaced with).
    func didChange(_ key: String, of object: NSObject, _ change: Change = .setting) {
        let changes: [(record: ObservationRecord, old: Any?)] = lock.withLock {
            guard let index = pending.lastIndex(where: { $0.key == key }) else { return [] }
            return pending.remove(at: index).changes
        }
        var inserted: [Any]?
        for entry in changes where entry.record.isActive {
            var new: Any?
            if entry.record.options.contains(.new) {
                switch change {
                case .setting:
                    new = entry.record.read(object)
                case .toMany(let kind, let indexes, let objects) where kind != .removal:
                    if inserted == nil { inserted = objects(indexes) }
                    new = inserted
                case .toMany:
                    break
                }
            }
            entry.record.deliver(object, old: entry.old, new: new, isPrior: false, change)
        }
    }

    /// How many observations the object has; for tests.
    var count: Int { lock.withLock { records.count } }

    /// Runs `body` with the setters of `keys` not notifying.
    func quieting<Result>(_ keys: [String], _ body: () -> Result) -> Result {
        lock.withLock { for key in keys { quiet[key, default: 0] += 1 } }
        defer {
            lock.withLock {
                for key in keys {
                    if quiet[key] == 1 { quiet[key] = nil } else { quiet[key]! -= 1 }
                }
            }
        }
        return body()
    }
}

/// One observation: a key, its options, how to read the value and whom to tell.
final class ObservationRecord: @unchecked Sendable {
    // @unchecked: immutable but for `active`, which is under `lock`.
    enum Receiver {
        /// `observe(_:options:changeHandler:)`'s handler, given the object and the old and new values.
        case handler((NSObject, _ old: Any?, _ new: Any?, _ isPrior: Bool) -> Void)
        /// An observer (not retained, and known by its address), sent `observeValue`.
        case observer(WeakReference, ObjectIdentifier, keyPath: String, context: UnsafeMutableRawPointer?)
    }

    let key: String
    let options: NSKeyValueObservingOptions
    /// The value now: typed for a handler, as the change dictionary holds it for an observer.
    let read: (NSObject) -> Any
    let receiver: Receiver
    private let lock = NSLock()
    private var active = true

    init(key: String, options: NSKeyValueObservingOptions, read: @escaping (NSObject) -> Any, receiver: Receiver) {
        self.key = key
        self.options = options
        self.read = read
        self.receiver = receiver
    }

    var isActive: Bool { lock.withLock { active } }

    /// Ends the observation; whether it was still active.
    func deactivate() -> Bool {
        lock.withLock { defer { active = false }; return active }
    }

    func isObservation(by id: ObjectIdentifier, keyPath: String, context: UnsafeMutableRawPointer??) -> Bool {
        guard case .observer(let held, let observerID, let path, let ownContext) = receiver,
              observerID == id, path == keyPath else { return false }
        // Another object at the address of an observer that went without removing itself is not it.
        if let object = held.object, ObjectIdentifier(object) != id { return false }
        if case .some(let context) = context { return ownContext == context }
        return true
    }

    /// The notification `.initial` asks for, as the observation is added.
    func deliverInitial(_ object: NSObject) {
        deliver(object, old: nil, new: options.contains(.new) ? read(object) : nil, isPrior: false)
    }

    /// Tells of a change: its kind and indexes (a to-many change's) and values, as the
    /// receiver takes them.
    func deliver(_ object: NSObject, old: Any?, new: Any?, isPrior: Bool, _ shape: KeyValueObservers.Change = .setting) {
        let old = options.contains(.old) ? old : nil
        switch receiver {
        case .handler(let handler):
            handler(object, old, new, isPrior)
        case .observer(let held, _, let keyPath, let context):
            // An observer that has gone without removing itself hears nothing (on iOS, a crash).
            guard let observer = held.object as? NSKeyValueObserving else { return }
            var change: [NSKeyValueChangeKey: Any] = [.kindKey: NSNumber(value: NSKeyValueChange.setting.rawValue)]
            if case .toMany(let kind, let indexes, _) = shape {
                change[.kindKey] = NSNumber(value: kind.rawValue)
                change[.indexesKey] = indexes
            }
            if let old { change[.oldKey] = old }
            if let new { change[.newKey] = new }
            if isPrior { change[.notificationIsPriorKey] = NSNumber(value: true) }
            observer.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
        }
    }
}

/// A property that can be observed: its key (the Objective-C name: "hidden" for `isHidden`),
/// its key path from the class it was listed for, and its value as the change dictionary holds
/// it: the Swift value itself (a `CGSize`, so `change?[.newKey] as? CGSize` reads it as on iOS),
/// `NSNull` for nil.
struct ObservableProperty: @unchecked Sendable {
    // @unchecked: immutable; a key path is immutable, and `boxedValue` reads a UIKit property,
    // on the main thread as every KVO notification.
    let key: String
    let keyPath: AnyKeyPath
    let boxedValue: (NSObject) -> Any

    init<Root: NSObject, Value>(_ key: String, _ keyPath: KeyPath<Root, Value>) {
        self.key = key
        self.keyPath = keyPath
        self.boxedValue = { KeyValueObserving.boxed(($0 as! Root)[keyPath: keyPath]) }
    }
}

enum KeyValueObserving {
    /// `object`'s observations, made with the first.
    static func observers(of object: KeyValueObservable) -> KeyValueObservers {
        if let observers = object.keyValueObservers { return observers }
        let observers = KeyValueObservers()
        object.keyValueObservers = observers
        return observers
    }

    /// The property whose key path (rooted at `root`, the type `observe` was called on) is `keyPath`.
    static func property(matching keyPath: AnyKeyPath, in root: Any.Type) -> ObservableProperty? {
        guard let root = root as? AnyClass else { return nil }
        return MainActor.assumeIsolated { properties(of: root) }.first { $0.keyPath == keyPath }
    }

    /// The property of `object`'s class named `key`.
    static func property(named key: String, of object: NSObject) -> ObservableProperty? {
        let type: AnyClass = type(of: object)
        return MainActor.assumeIsolated { properties(of: type) }.first { $0.key == key }
    }

    /// The keys uisim observes for `type`, for a message.
    static func observedKeys(of type: AnyClass?) -> String {
        guard let type else { return "" }
        let keys = MainActor.assumeIsolated { properties(of: type) }.map(\.key)
        return keys.isEmpty ? " (uisim observes no property of \(type))" : " (uisim observes these keys of \(type): \(keys.joined(separator: ", ")))"
    }

    @MainActor private static var cache: [ObjectIdentifier: [ObservableProperty]] = [:]

    /// The observable properties of `type`, its superclasses' included, with key paths rooted
    /// at `type` (a subclass's `\.frame` is another key path than `\UIView.frame`).
    @MainActor static func properties(of type: AnyClass) -> [ObservableProperty] {
        if let known = cache[ObjectIdentifier(type)] { return known }
        let properties = uikitProperties(of: type)
        cache[ObjectIdentifier(type)] = properties
        return properties
    }

    /// `value` as the change dictionary holds it: an optional's value, or `NSNull` for nil.
    static func boxed(_ value: Any) -> Any {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.wrappedValue.map(boxed) ?? NSNull()
    }

    /// NSObject's `observeValue`: reached by an observer that did not handle a change.
    static func unhandled(_ observer: AnyObject, keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                          context: UnsafeMutableRawPointer?) -> Never {
        fatalError("NSInternalInconsistencyException: <\(type(of: observer)) \(runtimeAddress(of: observer))>: An -observeValueForKeyPath:ofObject:change:context: "
                   + "message was received but not handled. Key path: \(keyPath ?? "nil") Observed object: \(object.map { "\(type(of: $0))" } ?? "nil") "
                   + "Change: \(change.map { "\(Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }))" } ?? "nil") Context: \(context.map { "\($0)" } ?? "0x0")")
    }
}

protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { map { $0 as Any } }
}
