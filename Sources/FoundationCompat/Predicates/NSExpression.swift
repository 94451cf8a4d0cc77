import Foundation

/// An expression of a predicate, as Apple's `NSExpression`: a constant, the evaluated object
/// (`SELF`), a `$variable`, a key path, a key path through a variable (`$tag.value`, a function
/// expression, `valueForKeyPath:`), or an aggregate (`{1, 2, 3}`). swift-corelibs-foundation
/// declares `NSExpression` but none of its members; `uisim port` spells this one
/// `FoundationCompat.NSExpression`.
///
/// Key paths read dictionaries by key, arrays element by element (`names.first` on an array of
/// dictionaries is an array), `@count` of a collection or string, and otherwise an object's stored
/// properties by reflection (Apple's key-value coding reaches `@objc` properties, computed ones too;
/// reflection sees stored ones only).
open class NSExpression: NSObject {

    /// The kinds of expression, with Apple's raw values.
    public enum ExpressionType: UInt, Sendable {
        case constantValue = 0
        case evaluatedObject = 1
        case variable = 2
        case keyPath = 3
        case function = 4
        case unionSet = 5
        case intersectSet = 6
        case minusSet = 7
        case subquery = 13
        case aggregate = 14
        case anyKey = 15
        case block = 19
        case conditional = 20
    }

    enum Kind {
        case constant(Any?)
        case evaluatedObject
        case variable(String)
        /// A key path, read from the evaluated object or from `operand`.
        case keyPath(String, operand: NSExpression?)
        case aggregate([NSExpression])
    }

    let kind: Kind

    init(kind: Kind) {
        self.kind = kind
        super.init()
    }

    /// An expression whose value is `obj`.
    public convenience init(forConstantValue obj: Any?) { self.init(kind: .constant(obj)) }
    /// The object being evaluated (`SELF`).
    open class func expressionForEvaluatedObject() -> NSExpression { NSExpression(kind: .evaluatedObject) }
    /// The value of `string` in the substitution variables (`$string`).
    public convenience init(forVariable string: String) { self.init(kind: .variable(string)) }
    /// The value at `keyPath` of the evaluated object.
    public convenience init(forKeyPath keyPath: String) { self.init(kind: .keyPath(keyPath, operand: nil)) }
    /// The values of `subexpressions` together (`{a, b}`).
    public convenience init(forAggregate subexpressions: [NSExpression]) { self.init(kind: .aggregate(subexpressions)) }

    open var expressionType: ExpressionType {
        switch kind {
        case .constant: .constantValue
        case .evaluatedObject: .evaluatedObject
        case .variable: .variable
        case .keyPath(_, let operand): operand.map { $0.expressionType == .evaluatedObject } ?? true ? .keyPath : .function
        case .aggregate: .aggregate
        }
    }

    /// A constant expression's value (Apple raises for other kinds; uisim gives nil).
    open var constantValue: Any? {
        if case .constant(let value) = kind { return value }
        return nil
    }

    /// A key path expression's key path ("" for other kinds).
    open var keyPath: String {
        if case .keyPath(let path, _) = kind { return path }
        return ""
    }

    /// A variable expression's name ("" for other kinds).
    open var variable: String {
        if case .variable(let name) = kind { return name }
        return ""
    }

    /// A function expression's function: `valueForKeyPath:` for `$tag.value`.
    open var function: String {
        expressionType == .function ? "valueForKeyPath:" : ""
    }

    /// What a function expression applies its function to (`$tag` in `$tag.value`).
    open var operand: NSExpression {
        if case .keyPath(_, let operand?) = kind { return operand }
        return .expressionForEvaluatedObject()
    }

    /// A function expression's arguments (the key path, as a constant).
    open var arguments: [NSExpression]? {
        guard expressionType == .function, case .keyPath(let path, _) = kind else { return nil }
        return [NSExpression(forConstantValue: path)]
    }

    /// An aggregate expression's expressions.
    open var collection: Any {
        if case .aggregate(let items) = kind { return items }
        return [NSExpression]()
    }

    /// The expression's value for `object`, with `context` holding the substitution variables.
    open func expressionValue(with object: Any?, context: NSMutableDictionary?) -> Any? {
        var bindings: [String: Any] = [:]
        context?.enumerateKeysAndObjects { key, value, _ in
            if let key = key as? String { bindings[key] = value }
        }
        return value(with: object, bindings: bindings)
    }

    func value(with object: Any?, bindings: [String: Any]?) -> Any? {
        switch kind {
        case .constant(let value):
            return value
        case .evaluatedObject:
            return object
        case .variable(let name):
            guard let bindings, let value = bindings[name] else {
                fatalError("Can't get value for '\(name)' in bindings \(bindings ?? [:]).")
            }
            return value
        case .keyPath(let path, let operand):
            var current = operand.map { $0.value(with: object, bindings: bindings) } ?? object
            for key in path.split(separator: ".") { current = KeyValueReading.value(of: current, forKey: String(key)) }
            return current
        case .aggregate(let items):
            return items.map { $0.value(with: object, bindings: bindings) ?? NSNull() }
        }
    }

    /// This expression with each `$variable` replaced by its value in `variables` (a variable not
    /// there stays).
    func substituting(_ variables: [String: Any]) -> NSExpression {
        switch kind {
        case .variable(let name):
            guard let value = variables[name] else { return self }
            return NSExpression(forConstantValue: value)
        case .keyPath(let path, let operand?):
            return NSExpression(kind: .keyPath(path, operand: operand.substituting(variables)))
        case .aggregate(let items):
            return NSExpression(kind: .aggregate(items.map { $0.substituting(variables) }))
        default:
            return self
        }
    }

    /// As Apple's format: `name`, `$tag`, `$tag.value`, `SELF`, `"text"`, `18`, `nil`, `{1, 2}`.
    open override var description: String {
        switch kind {
        case .constant(let value): return PredicateFormatting.constant(value)
        case .evaluatedObject: return "SELF"
        case .variable(let name): return "$" + name
        case .keyPath(let path, let operand):
            guard let operand, operand.expressionType != .evaluatedObject else { return path }
            return "\(operand).\(path)"
        case .aggregate(let items): return "{" + items.map(\.description).joined(separator: ", ") + "}"
        }
    }
}

/// Reading a value by key as key-value coding does, within what Swift can see on Linux.
enum KeyValueReading {
    /// `value` without its optional wrappers; `NSNull` as nil.
    static func flatten(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if value is NSNull { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.flatMap { flatten($0.value) }
        }
        return value
    }

    /// The elements of an array or set (not of a string or dictionary).
    static func elements(_ value: Any?) -> [Any]? {
        guard let value = flatten(value) else { return nil }
        if value is String || value is NSString { return nil }
        if let array = value as? [Any] { return array }
        if let array = value as? NSArray { return array.map { $0 } }
        if let set = value as? NSSet { return set.allObjects }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .set || mirror.displayStyle == .collection { return mirror.children.map(\.value) }
        return nil
    }

    static func value(of object: Any?, forKey key: String) -> Any? {
        guard let object = flatten(object) else { return nil }
        if key == "@count" {
            if let items = elements(object) { return items.count }
            if let string = object as? String { return string.count }
            if let dictionary = object as? [AnyHashable: Any] { return dictionary.count }
            return nil
        }
        if let dictionary = object as? [String: Any] { return dictionary[key] }
        if let dictionary = object as? [AnyHashable: Any] { return dictionary[AnyHashable(key)] }
        if let dictionary = object as? NSDictionary { return dictionary.object(forKey: key) }
        if let items = elements(object) { return items.map { value(of: $0, forKey: key) ?? NSNull() } }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children where child.label == key || child.label == "_" + key || child.label == "$__lazy_storage_$_" + key {
                return child.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }
}
