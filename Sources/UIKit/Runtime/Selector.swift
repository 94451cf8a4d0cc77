import Foundation

// Selectors, as the Objective-C runtime gives them to Swift code on iOS: `#selector(tapped(_:))`
// names a method by its Objective-C name ("tapped:"), and UIKit calls the method of that name on a
// target: controls, gesture recognizers, bar button items, notifications, delayed performs, the
// responder chain's nil-targeted actions. Swift on Linux has neither `#selector` nor a runtime to
// look a method up by name. Here a selector is its name plus, when `uisim port` (or a hand) wrote
// it from `#selector`, the method itself as Swift references it unapplied (`Cell.tapped(_:)`),
// so the call is an ordinary Swift call that overrides dispatch as usual. Making such a selector
// registers the method under its name for its class, as a class's method list does, so a
// selector made from a string alone (`Selector("tapped:")`, `NSSelectorFromString`) finds it too.

/// A method's Objective-C name, as the runtime's `Selector`: equal when the names are.
public struct Selector: Hashable, ExpressibleByStringLiteral, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `method` holds closures that are only ever called on the main actor (by UIKit's
    // dispatch), and are immutable once made.

    /// The name, e.g. "tapped:" or "handlePan:".
    let name: String
    /// The method it was made from, when it was made from one.
    let method: SelectorMethod?

    /// A selector for the method named `name` (`Selector("tapped:")`): dispatched to whichever
    /// implementation the target's class registered under that name.
    public init(_ name: String) {
        self.name = name
        self.method = nil
    }

    public init(stringLiteral name: String) { self.init(name) }

    /// What `uisim port` writes for `#selector(Cell.refresh)`: the method takes no argument.
    public init<Target: AnyObject, Result>(_ name: String, _ method: @escaping (Target) -> () -> Result) {
        self.init(name, SelectorMethod(Target.self) { target, _ in method(target)() })
    }

    /// What `uisim port` writes for `#selector(Cell.tapped(_:))`: the method takes the sender (a
    /// control, a gesture recognizer, a notification, a timer, the object of `perform(_:with:)`).
    public init<Target: AnyObject, Argument, Result>(_ name: String, _ method: @escaping (Target) -> (Argument) -> Result) {
        self.init(name, SelectorMethod(Target.self) { target, arguments in
            method(target)(SelectorMethod.argument(arguments, 0, name: name))
        })
    }

    /// What `uisim port` writes for `#selector(Cell.tapped(_:for:))`: the sender and the event
    /// (or the two objects of `perform(_:with:with:)`).
    public init<Target: AnyObject, First, Second, Result>(_ name: String, _ method: @escaping (Target) -> (First, Second) -> Result) {
        self.init(name, SelectorMethod(Target.self) { target, arguments in
            method(target)(SelectorMethod.argument(arguments, 0, name: name), SelectorMethod.argument(arguments, 1, name: name))
        })
    }

    /// What `uisim port` writes for a method of three arguments, as UIKit's old animation
    /// delegate's `#selector(animationDidStop(_:finished:context:))`: the animation's identifier,
    /// whether it finished, its context.
    public init<Target: AnyObject, First, Second, Third, Result>(_ name: String,
                                                                 _ method: @escaping (Target) -> (First, Second, Third) -> Result) {
        self.init(name, SelectorMethod(Target.self) { target, arguments in
            method(target)(SelectorMethod.argument(arguments, 0, name: name), SelectorMethod.argument(arguments, 1, name: name),
                           SelectorMethod.argument(arguments, 2, name: name))
        })
    }

    /// A selector for a property's getter (`#selector(getter: Cell.title)`).
    public init<Target: AnyObject, Value>(_ name: String, getter keyPath: KeyPath<Target, Value>) {
        self.init(name, SelectorMethod(Target.self) { target, _ in target[keyPath: keyPath] })
    }

    private init(_ name: String, _ method: SelectorMethod) {
        self.name = name
        self.method = method
        SelectorTable.shared.register(method, named: name)
    }

    public var description: String { name }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The implementation `object` has for this selector: the method it was made from when
    /// `object` is of that class, else the one `object`'s class (or the nearest superclass)
    /// registered under the name.
    func implementation(for object: AnyObject) -> SelectorMethod? {
        if let method, method.accepts(object) { return method }
        return SelectorTable.shared.method(named: name, for: object)
    }
}

/// The selector's name (`NSStringFromSelector`).
public func NSStringFromSelector(_ selector: Selector) -> String { selector.name }

/// A selector by name (`NSSelectorFromString`).
public func NSSelectorFromString(_ name: String) -> Selector { Selector(name) }

/// A method a selector names, callable on any instance of its class.
final class SelectorMethod: @unchecked Sendable {
    // @unchecked: immutable; `call` runs on the main actor, where UIKit dispatches actions.
    let targetClass: AnyClass
    let accepts: (AnyObject) -> Bool
    /// Calls the method on a target with the arguments given (those past the method's last are
    /// ignored; those missing are nil).
    let call: (AnyObject, [Any?]) -> Any

    init<Target: AnyObject>(_ type: Target.Type, call: @escaping (Target, [Any?]) -> Any) {
        self.targetClass = type
        self.accepts = { $0 is Target }
        self.call = { target, arguments in call(target as! Target, arguments) }
    }

    /// The `index`-th of `arguments` (nil when there are fewer) as the method's parameter type.
    static func argument<Parameter>(_ arguments: [Any?], _ index: Int, name: String) -> Parameter {
        argument(index < arguments.count ? arguments[index] : nil, name: name)
    }

    /// `value` as the method's parameter type: the object itself when it is one, nil for an
    /// optional parameter when there is none. An object of another class is passed on as the
    /// Objective-C runtime passes it (real code often declares a sender type it never uses:
    /// `tapped(_ sender: UIButton)` as a gesture's action); any other mismatch is named.
    static func argument<Parameter>(_ value: Any?, name: String) -> Parameter {
        if let value, let parameter = value as? Parameter { return parameter }
        if value == nil, let none = Optional<Any>.none as? Parameter { return none }
        if let value, Swift.type(of: value) is AnyObject.Type, MemoryLayout<Parameter>.size == MemoryLayout<AnyObject>.size,
           Parameter.self is AnyObject.Type || Parameter.self is any OptionalValue.Type {
            // A class, or an optional of one (an optional the size of a reference holds a class).
            return unsafeBitCast(value as AnyObject, to: Parameter.self)
        }
        fatalError("-\(name): argument \(value.map { "\(Swift.type(of: $0))" } ?? "nil") is not a \(Parameter.self)")
    }
}

/// Every class's methods by selector name, filled as selectors are made from methods (the
/// runtime's method lists). Facts about code, the same for every replay: not a replay's state.
final class SelectorTable: @unchecked Sendable {
    // @unchecked: every access holds `lock`.
    static let shared = SelectorTable()

    private let lock = NSLock()
    private var methods: [String: [ObjectIdentifier: SelectorMethod]] = [:]

    func register(_ method: SelectorMethod, named name: String) {
        let key = ObjectIdentifier(method.targetClass)
        lock.lock()
        defer { lock.unlock() }
        if methods[name]?[key] == nil { methods[name, default: [:]][key] = method }
    }

    /// The method registered under `name` for `object`'s class or its nearest superclass.
    func method(named name: String, for object: AnyObject) -> SelectorMethod? {
        lock.lock()
        let byClass = methods[name]
        lock.unlock()
        guard let byClass else { return nil }
        var type: AnyClass? = Swift.type(of: object)
        while let current = type {
            if let method = byClass[ObjectIdentifier(current)] { return method }
            type = _getSuperclass(current)
        }
        return nil
    }
}

// MARK: Sending a selector

extension NSObject {
    /// Whether the object has a method for `selector` (NSObject's `responds(to:)`).
    public func responds(to aSelector: Selector!) -> Bool {
        aSelector.flatMap { $0.implementation(for: self) } != nil
    }

    /// Calls the method `aSelector` names (NSObject's `perform(_:)`); its result, when it is an
    /// object.
    @discardableResult
    public func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        Self.result(of: Self.send(aSelector, to: self, arguments: []))
    }

    /// Calls the method with `object` as its argument (`perform(_:with:)`).
    @discardableResult
    public func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
        Self.result(of: Self.send(aSelector, to: self, arguments: [object]))
    }

    /// Calls the method with two arguments (`perform(_:with:with:)`).
    @discardableResult
    public func perform(_ aSelector: Selector!, with object1: Any!, with object2: Any!) -> Unmanaged<AnyObject>! {
        Self.result(of: Self.send(aSelector, to: self, arguments: [object1, object2]))
    }

    /// Calls `selector`'s method on `target` with as many of `arguments` as it takes; a target
    /// with no such method is the runtime's "unrecognized selector" crash, named.
    @discardableResult
    static func send(_ selector: Selector, to target: AnyObject, arguments: [Any?]) -> Any {
        guard let method = selector.implementation(for: target) else {
            fatalError("-[\(type(of: target)) \(selector.name)]: unrecognized selector sent to instance \(runtimeAddress(of: target))")
        }
        return method.call(target, arguments)
    }

    /// An object result, unretained as the runtime returns it; kept alive until the next
    /// perform on this thread returns one (where an autorelease pool would have drained).
    private static func result(of value: Any) -> Unmanaged<AnyObject>? {
        guard Swift.type(of: value) is AnyObject.Type else { return nil }
        let object = value as AnyObject
        Thread.current.threadDictionary["UISim.performResult"] = object
        return Unmanaged.passUnretained(object)
    }
}
