import Foundation

// The Objective-C runtime's associated objects, which Swift code on iOS uses to give a class it
// does not own a stored property (SnapKit keeps a view's constraints so, many libraries their
// state on a view or a controller). Foundation on Linux has no Objective-C runtime; these keep
// the same functions, with the same signatures and retain semantics, in a table of their own.

/// How an associated value is held, as the Objective-C runtime's `objc_AssociationPolicy`.
public enum objc_AssociationPolicy: UInt, Sendable {
    /// Not retained: the value is read back while something else keeps it alive (held weakly
    /// here, so a value that went away reads as nil rather than a dangling reference).
    case OBJC_ASSOCIATION_ASSIGN = 0
    /// Retained.
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    /// Copied (`NSCopying`'s `copy()`), the copy retained.
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    /// Retained, atomically.
    case OBJC_ASSOCIATION_RETAIN = 769
    /// Copied, atomically.
    case OBJC_ASSOCIATION_COPY = 771
}

/// Associates `value` with `object` under `key` (the address of a static or global variable, as
/// Swift code passes `&key`), held as `policy` says; nil removes the association. `object` must
/// be a class instance (a value type has no identity to associate with: nothing is kept).
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy) {
    guard let owner = AssociationTable.owner(object) else { return }
    let held: AssociationTable.Held? = value.map { value in
        switch policy {
        case .OBJC_ASSOCIATION_ASSIGN:
            return (value as AnyObject?).map { .weak(WeakReference($0)) } ?? .strong(value)
        case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
            return .strong(value)
        case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
            return .strong((value as? NSCopying)?.copy() ?? value)
        }
    }
    AssociationTable.shared.set(held, for: owner, key: key)
}

/// The instance of `Value` kept on `object` under a key of its own (the class's metadata, an
/// address no other key has), made by `make` on first use when `creating`: how uisim keeps
/// runtime state on objects it does not own (pending performs, selector observations).
func associatedValue<Value: AnyObject>(_ type: Value.Type, on object: AnyObject, creating make: (() -> Value)?) -> Value? {
    let key = unsafeBitCast(type as AnyClass, to: UnsafeRawPointer.self)
    if let existing = objc_getAssociatedObject(object, key) as? Value { return existing }
    guard let make else { return nil }
    let value = make()
    objc_setAssociatedObject(object, key, value, .OBJC_ASSOCIATION_RETAIN)
    return value
}

/// The value associated with `object` under `key`, or nil.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    guard let owner = AssociationTable.owner(object) else { return nil }
    return AssociationTable.shared.value(for: owner, key: key)
}

/// Removes every value associated with `object` (the runtime does this when an object is freed).
public func objc_removeAssociatedObjects(_ object: Any) {
    guard let owner = AssociationTable.owner(object) else { return }
    AssociationTable.shared.removeAll(for: owner)
}

/// An object held without retaining it, by the runtime's tables (associated values under
/// `OBJC_ASSOCIATION_ASSIGN`, notification and key-value observers). `@unchecked Sendable`: the
/// reference is only read once made, and a weak reference is safe to read from any thread (a
/// notification may be posted from any).
final class WeakReference: @unchecked Sendable {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// An object's address, as the runtime prints it in its messages (`0x00007f…`).
func runtimeAddress(of object: AnyObject) -> String {
    "\(Unmanaged.passUnretained(object).toOpaque())"
}

/// Every object's associated values, by the object's identity. An entry holds its object weakly:
/// once the object has gone (and its address may serve another), the entry is stale and is
/// dropped, with the values it retained, at the next look at the table; the table sweeps stale
/// entries whenever it has doubled since its last sweep, so it stays in proportion to the
/// objects alive.
///
/// `@unchecked Sendable`: like the Objective-C runtime's own table it is one per process and
/// called from any thread; every access to `entries` is under `lock`.
final class AssociationTable: @unchecked Sendable {
    enum Held {
        case strong(Any)
        case weak(WeakReference)

        var value: Any? {
            switch self {
            case .strong(let value): value
            case .weak(let box): box.object
            }
        }
    }

    struct Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: Held] = [:]
    }

    static let shared = AssociationTable()

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var sweptAt = 16

    /// The class instance `object` is, or nil for a value.
    static func owner(_ object: Any) -> AnyObject? {
        guard type(of: object) is AnyClass else { return nil }
        return object as AnyObject
    }

    func set(_ held: Held?, for owner: AnyObject, key: UnsafeRawPointer) {
        var released: [Held] = []
        lock.lock()
        let id = ObjectIdentifier(owner)
        var entry = Entry(owner: owner)
        if let existing = entries[id] {
            // Another object's entry at this address is stale: its object has gone.
            if existing.owner === owner { entry = existing } else { released.append(contentsOf: existing.values.values) }
        }
        if let held {
            if let previous = entry.values.updateValue(held, forKey: key) { released.append(previous) }
        } else if let previous = entry.values.removeValue(forKey: key) {
            released.append(previous)
        }
        entries[id] = entry.values.isEmpty ? nil : entry
        if entries.count >= sweptAt { released.append(contentsOf: sweep()) }
        lock.unlock()
        // The values let go of are released here, outside the lock: their deinits may use the table.
        released.removeAll()
    }

    func value(for owner: AnyObject, key: UnsafeRawPointer) -> Any? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
        return entry.values[key]?.value
    }

    func removeAll(for owner: AnyObject) {
        lock.lock()
        let removed = entries.removeValue(forKey: ObjectIdentifier(owner))
        lock.unlock()
        _ = removed
    }

    /// The entries whose object has gone, removed; their values are returned to be released
    /// outside the lock. Called with the lock held.
    private func sweep() -> [Held] {
        var released: [Held] = []
        for (id, entry) in entries where entry.owner == nil {
            released.append(contentsOf: entry.values.values)
            entries[id] = nil
        }
        sweptAt = max(16, entries.count * 2)
        return released
    }

    /// How many objects have values (stale entries included until the next sweep); for tests.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
