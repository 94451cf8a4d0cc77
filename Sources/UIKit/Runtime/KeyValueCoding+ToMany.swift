import Foundation

// Key-value coding's to-many proxy, and key-value observing of what it changes, on any NSObject,
// as Swift code on iOS uses them on its own classes: Eureka's form keeps its sections in a stored
// `_sections = NSMutableArray()`, changes them through `mutableArrayValue(forKey: "_sections")`,
// and observes "_sections" for the insertions, removals and replacements that proxy reports.
// Foundation on Linux has no key-value coding. Here the proxy reaches the stored property by
// reflection, as iOS's reaches an instance variable when the class has no accessor methods for
// the key (Swift's stored properties have none: `accessInstanceVariablesDirectly`'s path), and
// the observations are kept on the object (KeyValueObserving.swift's, as an associated value).
//
// Which changes a mutation makes is iOS's: the proxy notifies for the methods Foundation's
// notifying proxy (NSKeyValueNotifyingMutableArray) implements, one change each, and does every
// other mutation as NSMutableArray's own implementation does it, through those: adding objects
// from an array is an insertion per object, removing all objects a removal per object from the
// last, and so on (KeyValueMutableArray lists them).

extension NSObject {
    /// A mutable array whose changes are changes of the to-many property `key` (Foundation's
    /// key-value coding): it holds no objects of its own but reads the object's stored
    /// `NSMutableArray` property named `_<key>` or `<key>` (in that order, this class's first and
    /// then its superclasses', as iOS searches instance variables) on every use, so an array
    /// assigned to the property later is the one it reads and changes, and each change it makes
    /// is told to the key's observers (`addObserver(_:forKeyPath:options:context:)`) with its kind,
    /// indexes and objects.
    ///
    /// A key that names no stored property is the runtime's `NSUnknownKeyException`, named (at
    /// once here; iOS raises at the proxy's first use). Accessor methods (`insertObject:in<Key>AtIndex:`,
    /// `set<Key>:`), which iOS looks for first, are Objective-C's and not looked for.
    public func mutableArrayValue(forKey key: String) -> NSMutableArray {
        guard let property = ToManyProperty(key: key, of: self) else {
            fatalError(KeyValueCoding.unknownKeyMessage(key, of: self))
        }
        return KeyValueMutableArray(container: self, property: property)
    }

    /// Tells the observers of the to-many property `key` that the objects at `indexes` are about
    /// to be inserted, removed or replaced (Foundation's, paired with
    /// `didChange(_:valuesAt:forKey:)`): the prior notifications go out, and the objects the change
    /// removes or replaces are kept for the notification after it.
    public func willChange(_ changeKind: NSKeyValueChange, valuesAt indexes: IndexSet, forKey key: String) {
        KeyValueObserving.observers(ofAny: self, creating: false)?
            .willChange(key, of: self, .toMany(changeKind, indexes, objects: KeyValueCoding.objects(of: key, in: self)))
    }

    /// Tells the observers of the to-many property `key` that the objects at `indexes` have been
    /// inserted, removed or replaced (Foundation's, after `willChange(_:valuesAt:forKey:)`).
    public func didChange(_ changeKind: NSKeyValueChange, valuesAt indexes: IndexSet, forKey key: String) {
        KeyValueObserving.observers(ofAny: self, creating: false)?
            .didChange(key, of: self, .toMany(changeKind, indexes, objects: KeyValueCoding.objects(of: key, in: self)))
    }
}

/// A stored `NSMutableArray` property that a key names, as key-value coding reaches an instance
/// variable: the property `_<key>`, or else `<key>`, the first found from the object's class up
/// through its superclasses (reflection lists a class's own stored properties, then its
/// superclass's). An Optional's value is its wrapped value.
struct ToManyProperty: Sendable {
    /// The key as it was given ("_sections"); its observers are told by this key.
    let key: String
    /// The stored property's name.
    let name: String

    /// The property of `object` that `key` names, or nil when none holds an `NSMutableArray`.
    init?(key: String, of object: AnyObject) {
        guard let found = Self.candidate(for: key, of: object), KeyValueObserving.boxed(found.value) is NSMutableArray else { return nil }
        self.key = key
        name = found.name
    }

    /// The array the property holds now, or nil if it no longer holds one (it was set to nil).
    func array(of object: AnyObject) -> NSMutableArray? {
        Self.storedProperties(of: object).first { $0.name == name }.flatMap { KeyValueObserving.boxed($0.value) as? NSMutableArray }
    }

    /// The stored property key-value coding would take for `key`: `_<key>`, else `<key>`, whatever it holds.
    static func candidate(for key: String, of object: AnyObject) -> (name: String, value: Any)? {
        let properties = storedProperties(of: object)
        for name in ["_" + key, key] {
            if let found = properties.first(where: { $0.name == name }) { return found }
        }
        return nil
    }

    /// The names of `object`'s stored properties that hold an `NSMutableArray`, for a message.
    static func arrayNames(of object: AnyObject) -> [String] {
        storedProperties(of: object).filter { KeyValueObserving.boxed($0.value) is NSMutableArray }.map(\.name)
    }

    /// `object`'s stored properties, its class's first and then each superclass's, as reflection lists them.
    static func storedProperties(of object: AnyObject) -> [(name: String, value: Any)] {
        sequence(first: Mirror(reflecting: object), next: \.superclassMirror).flatMap { mirror in
            mirror.children.compactMap { child in child.label.map { (name: $0, value: child.value) } }
        }
    }
}

enum KeyValueCoding {
    /// The runtime's exception for a key that names no stored `NSMutableArray` property of
    /// `object`, with what uisim can read and what the object has.
    static func unknownKeyMessage(_ key: String, of object: NSObject) -> String {
        let type = type(of: object)
        var message = "NSUnknownKeyException: [<\(type) \(runtimeAddress(of: object))> valueForUndefinedKey:]: "
            + "this class is not key value coding-compliant for the key \(key)."
        if let found = ToManyProperty.candidate(for: key, of: object) {
            message += " (Its stored property \(found.name) holds \(describe(KeyValueObserving.boxed(found.value))), not an NSMutableArray: "
        } else {
            message += " (It has no stored property _\(key) or \(key): "
        }
        message += "uisim's key-value coding reads a stored NSMutableArray property named _<key> or <key>, as iOS reads an instance variable"
        let arrays = ToManyProperty.arrayNames(of: object)
        return message + (arrays.isEmpty ? "; \(type) has none.)" : "; \(type) has \(arrays.joined(separator: ", ")).)")
    }

    /// The key-value observing keys `object` has besides UIKit's, for a message: its stored
    /// `NSMutableArray` properties.
    static func toManyKeys(of object: NSObject) -> String {
        let arrays = ToManyProperty.arrayNames(of: object)
        return "; nor is it a stored NSMutableArray property, which uisim observes on any NSObject for mutableArrayValue(forKey:)'s changes"
            + (arrays.isEmpty ? " (\(type(of: object)) has none)" : " (\(type(of: object)) has \(arrays.joined(separator: ", ")))")
    }

    /// The objects of the to-many property `key` of `object` at given indexes, read when a change
    /// needs them (none if the key names no such property).
    static func objects(of key: String, in object: NSObject) -> (IndexSet) -> [Any] {
        { indexes in ToManyProperty(key: key, of: object)?.array(of: object)?.objects(at: indexes) ?? [] }
    }

    /// Whether two objects of an array are equal as Foundation's `isEqual:` has them: the same
    /// object, or equal by `==` (an NSObject's `isEqual`, a Swift type's Equatable conformance).
    /// Foundation on Linux's own NSArray compares only Hashable values, and finds nothing else.
    static func isEqual(_ a: Any, _ b: Any) -> Bool {
        if isIdentical(a, b) { return true }
        guard let a = a as? any Equatable else { return false }
        return equal(a, b)
    }

    /// Whether `a` and `b` are the same object.
    static func isIdentical(_ a: Any, _ b: Any) -> Bool {
        type(of: a) is AnyClass && type(of: b) is AnyClass && (a as AnyObject) === (b as AnyObject)
    }

    private static func equal<Value: Equatable>(_ a: Value, _ b: Any) -> Bool {
        (b as? Value).map { $0 == a } ?? false
    }

    private static func describe(_ value: Any) -> String {
        value is NSNull ? "nil" : "a \(type(of: value))"
    }
}

extension KeyValueObserving {
    /// `object`'s observations: a UIKit class keeps its own (`keyValueObservers`), any other
    /// NSObject's are kept on it as an associated value; made with the first when `creating`.
    static func observers(ofAny object: NSObject, creating: Bool) -> KeyValueObservers? {
        if let observable = object as? KeyValueObservable {
            return creating ? observers(of: observable) : observable.keyValueObservers
        }
        return associatedValue(KeyValueObservers.self, on: object, creating: creating ? { KeyValueObservers() } : nil)
    }

    /// Whether `object` is in its deinit: a weak reference to it made now reads nil. (Its
    /// associated values cannot be found then: the table knows its objects by weak references.)
    static func isDeinitializing(_ object: AnyObject) -> Bool {
        WeakReference(object).object == nil
    }
}

/// The array `mutableArrayValue(forKey:)` returns (Foundation's NSKeyValueIvarMutableArray, and
/// NSKeyValueNotifyingMutableArray around it while the key is observed): it reads the container's
/// property on every use and changes the array it holds, telling the key's observers.
///
/// The mutations that are one change each are those of Foundation's notifying proxy: `add`,
/// `insert(_:at:)` and `insert(_:at:)` with an IndexSet (insertion), `removeLastObject`,
/// `removeObject(at:)` and `removeObjects(at:)` (removal), `replaceObject(at:with:)` and
/// `replaceObjects(at:with:)` (replacement). Every other mutation is NSMutableArray's own, built on
/// those as iOS's generic NSMutableArray (CoreFoundation's) builds it; Foundation on Linux's stops a
/// subclass at some (`replaceObjects(in:withObjectsFrom:)`, `exchangeObject`, a non-Hashable object
/// to `removeObjects(in:)`) and groups others otherwise:
/// `addObjects(from:)` inserts each object at the end in turn; `removeAllObjects` removes each
/// object from the last; `removeObjects(in:)` with a range removes at its start, once per object;
/// `removeObjects(in:)` with an array, `remove(_:)` and `removeObject(identicalTo:)` remove each
/// match from the last; `replaceObjects(in:withObjectsFrom:)` replaces the objects the range and
/// the new objects have in common one by one, then removes the range's rest (as above) or inserts
/// the new objects' rest one by one after them; `exchangeObject(at:withObjectAt:)` is two
/// replacements; `setArray` removes all and adds each; sorting replaces every object in turn; and
/// the subscript's set replaces, or inserts at the end.
final class KeyValueMutableArray: NSMutableArray {
    /// The object whose property this is (retained, as iOS's proxy retains it).
    private let container: NSObject
    private let property: ToManyProperty

    init(container: NSObject, property: ToManyProperty) {
        self.container = container
        self.property = property
        super.init()
    }

    required init(objects: UnsafePointer<AnyObject>?, count: Int) {
        fatalError("mutableArrayValue(forKey:)'s proxy holds no objects of its own")
    }

    required convenience init?(coder: NSCoder) {
        fatalError("mutableArrayValue(forKey:)'s proxy is not decoded")
    }

    required convenience init(arrayLiteral elements: Any...) {
        fatalError("mutableArrayValue(forKey:)'s proxy holds no objects of its own")
    }

    /// The array the property holds now. One that holds none any more (set to nil) is the
    /// runtime's exception, named.
    private var array: NSMutableArray {
        guard let array = property.array(of: container) else {
            fatalError("NSInternalInconsistencyException: mutableArrayValue(forKey: \"\(property.key)\") of <\(type(of: container)) "
                       + "\(runtimeAddress(of: container))>: the value of its stored property \(property.name) is nil or not an NSMutableArray")
        }
        return array
    }

    /// Makes one change of the objects at `indexes`, told to the key's observers around it.
    private func change(_ kind: NSKeyValueChange, at indexes: IndexSet, _ mutate: (NSMutableArray) -> Void) {
        let array = self.array
        guard let observers = KeyValueObserving.observers(ofAny: container, creating: false) else { return mutate(array) }
        let objects: (IndexSet) -> [Any] = { [self] in self.array.objects(at: $0) }
        observers.willChange(property.key, of: container, .toMany(kind, indexes, objects: objects))
        mutate(array)
        observers.didChange(property.key, of: container, .toMany(kind, indexes, objects: objects))
    }

    /// Stops at a range beyond the array's end, as NSMutableArray's range methods do.
    private func check(_ range: NSRange, _ method: String) {
        let count = self.count
        guard range.location < 0 || range.length < 0 || NSMaxRange(range) > count else { return }
        fatalError("NSRangeException: *** -[NSMutableArray \(method)]: range {\(range.location), \(range.length)} extends beyond bounds "
                   + (count == 0 ? "for empty array" : "[0 .. \(count - 1)]"))
    }

    // MARK: NSArray's primitives

    override var count: Int { array.count }

    override func object(at index: Int) -> Any { array.object(at: index) }

    // MARK: The notifying proxy's mutations: one change each

    override func add(_ anObject: Any) {
        let array = self.array
        change(.insertion, at: IndexSet(integer: array.count)) { $0.add(anObject) }
    }

    override func insert(_ anObject: Any, at index: Int) {
        change(.insertion, at: IndexSet(integer: index)) { $0.insert(anObject, at: index) }
    }

    override func insert(_ objects: [Any], at indexes: IndexSet) {
        change(.insertion, at: indexes) { $0.insert(objects, at: indexes) }
    }

    override func removeLastObject() {
        let count = self.count
        guard count > 0 else { return }
        change(.removal, at: IndexSet(integer: count - 1)) { $0.removeLastObject() }
    }

    override func removeObject(at index: Int) {
        change(.removal, at: IndexSet(integer: index)) { $0.removeObject(at: index) }
    }

    override func removeObjects(at indexes: IndexSet) {
        change(.removal, at: indexes) { $0.removeObjects(at: indexes) }
    }

    override func replaceObject(at index: Int, with anObject: Any) {
        change(.replacement, at: IndexSet(integer: index)) { $0.replaceObject(at: index, with: anObject) }
    }

    override func replaceObjects(at indexes: IndexSet, with objects: [Any]) {
        change(.replacement, at: indexes) { $0.replaceObjects(at: indexes, with: objects) }
    }

    // MARK: NSMutableArray's other mutations, through those

    override subscript(idx: Int) -> Any {
        get { object(at: idx) }
        set {
            // setObject:atIndexedSubscript:, which Swift's subscript is: the end is an insertion.
            if idx == count { insert(newValue, at: idx) } else { replaceObject(at: idx, with: newValue) }
        }
    }

    override func addObjects(from otherArray: [Any]) {
        for object in otherArray { insert(object, at: count) }
    }

    override func removeAllObjects() {
        for index in (0..<count).reversed() { removeObject(at: index) }
    }

    override func removeObjects(in range: NSRange) {
        check(range, "removeObjectsInRange:")
        for _ in 0..<range.length { removeObject(at: range.location) }
    }

    override func removeObjects(in otherArray: [Any]) {
        removeEach(in: NSRange(location: 0, length: count)) { object in otherArray.contains { KeyValueCoding.isEqual($0, object) } }
    }

    override func remove(_ anObject: Any) {
        removeEach(in: NSRange(location: 0, length: count)) { KeyValueCoding.isEqual(anObject, $0) }
    }

    override func remove(_ anObject: Any, in range: NSRange) {
        check(range, "removeObject:inRange:")
        removeEach(in: range) { KeyValueCoding.isEqual(anObject, $0) }
    }

    override func removeObject(identicalTo anObject: Any) {
        removeEach(in: NSRange(location: 0, length: count)) { KeyValueCoding.isIdentical(anObject, $0) }
    }

    override func removeObject(identicalTo anObject: Any, in range: NSRange) {
        check(range, "removeObjectIdenticalTo:inRange:")
        removeEach(in: range) { KeyValueCoding.isIdentical(anObject, $0) }
    }

    /// Removes each object in `range` that `matches`, from the last.
    private func removeEach(in range: NSRange, where matches: (Any) -> Bool) {
        for index in Range(range)!.reversed() where matches(object(at: index)) { removeObject(at: index) }
    }

    override func replaceObjects(in range: NSRange, withObjectsFrom otherArray: [Any]) {
        check(range, "replaceObjectsInRange:withObjectsFromArray:")
        let common = Swift.min(range.length, otherArray.count)
        for offset in 0..<common { replaceObject(at: range.location + offset, with: otherArray[offset]) }
        if range.length > common {
            removeObjects(in: NSRange(location: range.location + common, length: range.length - common))
        } else {
            for offset in common..<otherArray.count { insert(otherArray[offset], at: range.location + offset) }
        }
    }

    override func replaceObjects(in range: NSRange, withObjectsFrom otherArray: [Any], range otherRange: NSRange) {
        replaceObjects(in: range, withObjectsFrom: Array(otherArray[Range(otherRange)!]))
    }

    override func setArray(_ otherArray: [Any]) {
        removeAllObjects()
        addObjects(from: otherArray)
    }

    override func exchangeObject(at idx1: Int, withObjectAt idx2: Int) {
        guard idx1 != idx2 else { return }
        let (low, high) = (Swift.min(idx1, idx2), Swift.max(idx1, idx2))
        let (first, second) = (object(at: low), object(at: high))
        replaceObject(at: low, with: second)
        replaceObject(at: high, with: first)
    }

    override func sort(options opts: NSSortOptions = [], usingComparator cmptr: (Any, Any) -> ComparisonResult) {
        replaceObjects(in: NSRange(location: 0, length: count), withObjectsFrom: sortedArray(options: opts, usingComparator: cmptr))
    }

    override func sort(_ compare: (Any, Any, UnsafeMutableRawPointer?) -> Int, context: UnsafeMutableRawPointer?) {
        replaceObjects(in: NSRange(location: 0, length: count), withObjectsFrom: sortedArray(compare, context: context))
    }

    override func sort(using sortDescriptors: [NSSortDescriptor]) {
        replaceObjects(in: NSRange(location: 0, length: count), withObjectsFrom: sortedArray(using: sortDescriptors))
    }

    // MARK: Finding objects, by isEqual as iOS

    override func index(of anObject: Any) -> Int {
        index(of: anObject, in: NSRange(location: 0, length: count))
    }

    override func index(of anObject: Any, in range: NSRange) -> Int {
        Range(range)!.first { KeyValueCoding.isEqual(anObject, object(at: $0)) } ?? NSNotFound
    }

    override func indexOfObjectIdentical(to anObject: Any) -> Int {
        (0..<count).first { KeyValueCoding.isIdentical(anObject, object(at: $0)) } ?? NSNotFound
    }

    override func contains(_ anObject: Any) -> Bool {
        index(of: anObject) != NSNotFound
    }
}
