import Foundation

/// A pointer to an object reference that is not retained by the memory it points to, as Swift on
/// Apple's platforms declares it for Objective-C's `id *` out-parameters (`NSError **`,
/// `-getObjectValue:forString:errorDescription:`'s `id *`). Swift on Linux has no such type.
///
/// As on Apple's platforms, the memory holds the reference at +0: setting `pointee` stores the bits
/// of the new reference without retaining it there, and the object is kept alive by an autorelease
/// pool. Where uisim stops: Linux has no autorelease pools, so `AutoreleasingPool` stands in for the
/// one a run loop drains on Apple's platforms and keeps the last `AutoreleasingPool.capacity`
/// objects written through any such pointer alive (all threads together); an object read back
/// after that many more writes may be gone, where on iOS it lives until its pool drains. The
/// compiler's `&object` conversion to this type is Apple's compiler's alone: make one from an
/// `UnsafeMutablePointer` (`init(_:)`), as Eureka does.
@frozen
public struct AutoreleasingUnsafeMutablePointer<Pointee>: Equatable, Hashable {
    public let _rawValue: UnsafeMutableRawPointer

    /// Points at the memory of `from` (which must be at least as large as an object reference).
    public init<U>(_ from: UnsafeMutablePointer<U>) {
        precondition(MemoryLayout<Pointee>.size == MemoryLayout<AnyObject?>.size,
                     "AutoreleasingUnsafeMutablePointer points at an optional object reference, not a \(Pointee.self)")
        _rawValue = UnsafeMutableRawPointer(from)
    }

    public init?<U>(_ from: UnsafeMutablePointer<U>?) {
        guard let from else { return nil }
        self.init(from)
    }

    /// The reference the memory holds. Reading copies it (retained by the copy); setting stores
    /// the new reference unretained and hands it to `AutoreleasingPool`.
    public var pointee: Pointee {
        get { _rawValue.load(as: Pointee.self) }
        nonmutating set {
            AutoreleasingPool.autorelease(unsafeBitCast(newValue, to: AnyObject?.self))
            withUnsafeBytes(of: newValue) { bytes in
                _rawValue.copyMemory(from: bytes.baseAddress!, byteCount: MemoryLayout<Pointee>.size)
            }
        }
    }

    /// The element at `i`, as `pointee` is the one at 0.
    public subscript(i: Int) -> Pointee {
        (_rawValue + i * MemoryLayout<AnyObject?>.stride).load(as: Pointee.self)
    }
}

/// What keeps the objects written through an `AutoreleasingUnsafeMutablePointer` alive, standing
/// in for Objective-C's autorelease pools (which Linux does not have): the last `capacity` of them,
/// oldest released first.
public enum AutoreleasingPool {
    /// How many objects the pool holds at most.
    public static let capacity = 1024
    /// @unchecked Sendable: every use of `objects` holds `lock`.
    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var objects: [AnyObject] = []
    }
    private static let storage = Storage()

    /// Holds `object` until `capacity` more have been added, or `drain()`.
    public static func autorelease(_ object: AnyObject?) {
        guard let object else { return }
        storage.lock.lock()
        var released: [AnyObject] = []
        if storage.objects.count >= capacity {
            released = Array(storage.objects.prefix(capacity / 2))
            storage.objects.removeFirst(capacity / 2)
        }
        storage.objects.append(object)
        storage.lock.unlock()
        _ = released   // released here, outside the lock: a deinit may autorelease again
    }

    /// Releases every object held, as draining the pool does (a test's or a run loop turn's end).
    public static func drain() {
        storage.lock.lock()
        let released = storage.objects
        storage.objects.removeAll()
        storage.lock.unlock()
        _ = released   // released here, outside the lock: a deinit may autorelease again
    }

    /// How many objects the pool holds.
    public static var count: Int {
        storage.lock.lock()
        defer { storage.lock.unlock() }
        return storage.objects.count
    }
}
