import Foundation
import Synchronization

/// A comparison of two expressions, as Apple's `NSComparisonPredicate` (`age >= 18`,
/// `name BEGINSWITH[c] "an"`, `ANY tags == "x"`). swift-corelibs-foundation declares the class but
/// none of its members; `uisim port` spells this one `FoundationCompat.NSComparisonPredicate`. It is
/// a `Foundation.NSPredicate`, so it evaluates, nests in `NSCompoundPredicate` and passes wherever
/// an `NSPredicate` goes.
///
/// Evaluation follows Apple's: nil and `NSNull` equal only each other; numbers (and Booleans, as
/// 0 and 1) compare by value whatever their type; strings compare with `compare(_:options:)`
/// (`[c]` case-, `[d]` diacritic-insensitive); dates by time; other objects by `isEqual`. `MATCHES`
/// is an ICU regular expression matching the whole string, `LIKE` a pattern with `*` and `?` over
/// the whole string; `CONTAINS` and `IN` test a substring or a collection's elements; `BETWEEN` an
/// aggregate `{low, high}`, both ends included. Where Apple raises on operands that do not compare
/// (a number against a string with `<`), uisim's comparison is false. A regular expression that does
/// not compile stops as Apple's raises: "Can't do regex matching".
open class NSComparisonPredicate: Foundation.NSPredicate {
    // Not Sendable, as Foundation's NSPredicate on Linux (its regex cache is guarded by a Mutex).

    /// How the left expression's value is used: as it is, or each element of it (`ANY`, `ALL`).
    public enum Modifier: UInt, Sendable {
        case direct = 0
        case all = 1
        case any = 2
    }

    /// The operators, with Apple's raw values.
    public enum Operator: UInt, Sendable {
        case lessThan = 0
        case lessThanOrEqualTo = 1
        case greaterThan = 2
        case greaterThanOrEqualTo = 3
        case equalTo = 4
        case notEqualTo = 5
        case matches = 6
        case like = 7
        case beginsWith = 8
        case endsWith = 9
        case `in` = 10
        case customSelector = 11
        case contains = 99
        case between = 100
    }

    /// String comparison options: `[c]`, `[d]`, `[n]`.
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let caseInsensitive = Options(rawValue: 0x1)
        public static let diacriticInsensitive = Options(rawValue: 0x2)
        public static let normalized = Options(rawValue: 0x4)
    }

    public let leftExpression: NSExpression
    public let rightExpression: NSExpression
    public let comparisonPredicateModifier: Modifier
    public let predicateOperatorType: Operator
    public let options: Options
    /// `NONE` is `NOT ANY` on Apple's platforms too; kept to write the format back.
    let negated: Bool
    private let regexes = Mutex<[String: NSRegularExpression]>([:])

    public init(leftExpression lhs: NSExpression, rightExpression rhs: NSExpression, modifier: Modifier, type: Operator, options: Options = []) {
        leftExpression = lhs
        rightExpression = rhs
        comparisonPredicateModifier = modifier
        predicateOperatorType = type
        self.options = options
        negated = false
        super.init(value: false)
    }

    init(_ lhs: NSExpression, _ rhs: NSExpression, modifier: Modifier, type: Operator, options: Options, negated: Bool) {
        leftExpression = lhs
        rightExpression = rhs
        comparisonPredicateModifier = modifier
        predicateOperatorType = type
        self.options = options
        self.negated = negated
        super.init(value: false)
    }

    open override func evaluate(with object: Any?, substitutionVariables bindings: [String: Any]?) -> Bool {
        let left = leftExpression.value(with: object, bindings: bindings)
        let right = rightExpression.value(with: object, bindings: bindings)
        switch comparisonPredicateModifier {
        case .direct:
            return compare(left, right)
        case .any:
            let items = KeyValueReading.elements(left) ?? [left as Any]
            let found = items.contains { compare($0, right) }
            return negated ? !found : found
        case .all:
            let items = KeyValueReading.elements(left) ?? [left as Any]
            return items.allSatisfy { compare($0, right) }
        }
    }

    /// As Apple writes it: `age >= 18`, `name BEGINSWITH[c] "an"`, `$switchRowTag == 0`.
    open override var predicateFormat: String {
        var text = ""
        switch comparisonPredicateModifier {
        case .direct: break
        case .all: text = "ALL "
        case .any: text = negated ? "NONE " : "ANY "
        }
        var flags = ""
        if options.contains(.caseInsensitive) { flags += "c" }
        if options.contains(.diacriticInsensitive) { flags += "d" }
        if options.contains(.normalized) { flags += "n" }
        return text + "\(leftExpression) \(PredicateFormatting.symbol(predicateOperatorType))\(flags.isEmpty ? "" : "[\(flags)]") \(rightExpression)"
    }

    open override var description: String { predicateFormat }

    // MARK: Comparing

    func compare(_ left: Any?, _ right: Any?) -> Bool {
        let left = KeyValueReading.flatten(left), right = KeyValueReading.flatten(right)
        switch predicateOperatorType {
        case .equalTo: return PredicateValues.equal(left, right, options)
        case .notEqualTo: return !PredicateValues.equal(left, right, options)
        case .lessThan: return PredicateValues.order(left, right, options).map { $0 == .orderedAscending } ?? false
        case .lessThanOrEqualTo: return PredicateValues.order(left, right, options).map { $0 != .orderedDescending } ?? false
        case .greaterThan: return PredicateValues.order(left, right, options).map { $0 == .orderedDescending } ?? false
        case .greaterThanOrEqualTo: return PredicateValues.order(left, right, options).map { $0 != .orderedAscending } ?? false
        case .matches:
            guard let string = PredicateValues.string(left), let pattern = PredicateValues.string(right) else { return false }
            return wholeMatch(string, pattern: "\\A(?:" + pattern + ")\\z", shown: pattern)
        case .like:
            guard let string = PredicateValues.string(left), let pattern = PredicateValues.string(right) else { return false }
            return wholeMatch(string, pattern: "\\A" + PredicateValues.likePattern(pattern) + "\\z", shown: pattern)
        case .beginsWith:
            guard let string = PredicateValues.string(left), let prefix = PredicateValues.string(right) else { return false }
            return PredicateValues.fold(string, options).hasPrefix(PredicateValues.fold(prefix, options))
        case .endsWith:
            guard let string = PredicateValues.string(left), let suffix = PredicateValues.string(right) else { return false }
            return PredicateValues.fold(string, options).hasSuffix(PredicateValues.fold(suffix, options))
        case .contains:
            if let items = KeyValueReading.elements(left) { return items.contains { PredicateValues.equal($0, right, options) } }
            guard let string = PredicateValues.string(left), let part = PredicateValues.string(right) else { return false }
            return PredicateValues.contains(string, part, options)
        case .in:
            if let items = KeyValueReading.elements(right) { return items.contains { PredicateValues.equal(left, $0, options) } }
            guard let string = PredicateValues.string(right), let part = PredicateValues.string(left) else { return false }
            return PredicateValues.contains(string, part, options)
        case .between:
            guard let bounds = KeyValueReading.elements(right), bounds.count == 2,
                  let low = PredicateValues.order(left, bounds[0], options), let high = PredicateValues.order(left, bounds[1], options) else { return false }
            return low != .orderedAscending && high != .orderedDescending
        case .customSelector:
            return false
        }
    }

    private func wholeMatch(_ string: String, pattern: String, shown: String) -> Bool {
        var regexOptions: NSRegularExpression.Options = [.dotMatchesLineSeparators]
        if options.contains(.caseInsensitive) { regexOptions.insert(.caseInsensitive) }
        let key = "\(regexOptions.rawValue) " + pattern
        let regex: NSRegularExpression = regexes.withLock { cache in
            if let found = cache[key] { return found }
            guard let made = try? NSRegularExpression(pattern: pattern, options: regexOptions) else {
                fatalError("Can't do regex matching, reason: Can't open pattern \"\(shown)\" (not a valid ICU regular expression)")
            }
            if cache.count < 64 { cache[key] = made }
            return made
        }
        let subject = options.contains(.diacriticInsensitive) ? string.folding(options: .diacriticInsensitive, locale: nil) : string
        let whole = NSRange(location: 0, length: (subject as NSString).length)
        return regex.firstMatch(in: subject, options: [], range: whole) != nil
    }

    /// This predicate with each `$variable` replaced by its value.
    func substituting(_ variables: [String: Any]) -> NSComparisonPredicate {
        NSComparisonPredicate(leftExpression.substituting(variables), rightExpression.substituting(variables),
                              modifier: comparisonPredicateModifier, type: predicateOperatorType, options: options, negated: negated)
    }
}

/// How predicates compare values.
enum PredicateValues {
    static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: n.doubleValue
        case let b as Bool: b ? 1 : 0
        case let i as Int: Double(i)
        case let d as Double: d
        case let f as Float: Double(f)
        case let c as CGFloat: Double(c)
        case let i as Int8: Double(i)
        case let i as Int16: Double(i)
        case let i as Int32: Double(i)
        case let i as Int64: Double(i)
        case let u as UInt: Double(u)
        case let u as UInt8: Double(u)
        case let u as UInt16: Double(u)
        case let u as UInt32: Double(u)
        case let u as UInt64: Double(u)
        case let d as Decimal: NSDecimalNumber(decimal: d).doubleValue
        default: nil
        }
    }

    static func string(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let string = value as? NSString { return string.description }
        if let string = value as? Substring { return String(string) }
        return nil
    }

    static func compareOptions(_ options: NSComparisonPredicate.Options) -> String.CompareOptions {
        var result: String.CompareOptions = []
        if options.contains(.caseInsensitive) { result.insert(.caseInsensitive) }
        if options.contains(.diacriticInsensitive) { result.insert(.diacriticInsensitive) }
        return result
    }

    static func fold(_ string: String, _ options: NSComparisonPredicate.Options) -> String {
        let folding = compareOptions(options)
        return folding.isEmpty ? string : string.folding(options: folding, locale: nil)
    }

    static func contains(_ string: String, _ part: String, _ options: NSComparisonPredicate.Options) -> Bool {
        let part = fold(part, options)
        return part.isEmpty ? false : fold(string, options).contains(part)
    }

    static func equal(_ left: Any?, _ right: Any?, _ options: NSComparisonPredicate.Options) -> Bool {
        let left = KeyValueReading.flatten(left), right = KeyValueReading.flatten(right)
        guard let left, let right else { return left == nil && right == nil }
        if let a = string(left), let b = string(right) { return a.compare(b, options: compareOptions(options)) == .orderedSame }
        if let a = number(left), let b = number(right) { return a == b }
        if let a = left as? Date, let b = right as? Date { return a == b }
        if let a = left as? NSObject, let b = right as? NSObject { return a.isEqual(b) }
        if let a = left as? AnyHashable, let b = right as? AnyHashable { return a == b }
        return false
    }

    static func order(_ left: Any?, _ right: Any?, _ options: NSComparisonPredicate.Options) -> ComparisonResult? {
        let left = KeyValueReading.flatten(left), right = KeyValueReading.flatten(right)
        if let a = number(left), let b = number(right) { return a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame }
        if let a = string(left), let b = string(right) { return a.compare(b, options: compareOptions(options)) }
        if let a = left as? Date, let b = right as? Date { return a.compare(b) }
        return nil
    }

    /// A LIKE pattern as a regular expression: `*` any run of characters, `?` any one, `\` escapes.
    static func likePattern(_ pattern: String) -> String {
        var result = ""
        var escaped = false
        for character in pattern {
            if escaped {
                result += NSRegularExpression.escapedPattern(for: String(character))
                escaped = false
                continue
            }
            switch character {
            case "*": result += ".*"
            case "?": result += "."
            case "\\": escaped = true
            default: result += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return result
    }
}
