import Foundation

/// A predicate from a format string, as Apple's `NSPredicate(format:_:)`, which
/// swift-corelibs-foundation declares unavailable; `uisim port` spells calls of it
/// `FoundationCompat.NSPredicate(format: …)` (unqualified calls reach it too: Swift prefers it to the
/// unavailable initializer). Stops, as Apple's raises, on a string it cannot read:
/// "Unable to parse the format string". `PredicateFormat.predicate(format:argumentArray:)` throws
/// instead. The grammar read is `PredicateFormat`'s.
public func NSPredicate(format predicateFormat: String, _ args: Any...) -> Foundation.NSPredicate {
    NSPredicate(format: predicateFormat, argumentArray: args)
}

/// A predicate from a format string and its arguments in an array, as Apple's
/// `NSPredicate(format:argumentArray:)`.
public func NSPredicate(format predicateFormat: String, argumentArray arguments: [Any]?) -> Foundation.NSPredicate {
    do {
        return try PredicateFormat.predicate(format: predicateFormat, argumentArray: arguments)
    } catch {
        fatalError("\(error)")
    }
}

extension Foundation.NSPredicate {
    /// This predicate with each `$variable` replaced by its value in `variables`, as Apple's
    /// (swift-corelibs-foundation declares it unavailable; Swift prefers this one). Comparisons and
    /// compound predicates are rebuilt; any other predicate comes back as it is.
    public func withSubstitutionVariables(_ variables: [String: Any]) -> Self {
        (PredicateFormatting.substituting(self, variables) as? Self) ?? self
    }
}

/// Why a format string could not be read: Apple's exception reason, with where and what.
public struct PredicateFormatError: Error, Equatable, CustomStringConvertible {
    /// The format string.
    public let format: String
    /// What was wrong, and at which character (UTF-16 offset) of the format.
    public let reason: String
    public let offset: Int
    public var description: String { "Unable to parse the format string \"\(format)\" (\(reason) at \(offset))" }
}

/// The format string grammar uisim reads (Apple's "Predicate Format String Syntax", the part apps
/// use):
///
/// - predicates: `a AND b`, `a && b`, `a OR b`, `a || b`, `NOT a`, `!a`, parentheses,
///   `TRUEPREDICATE`, `FALSEPREDICATE`; AND binds tighter than OR.
/// - comparisons: `==`, `=`, `!=`, `<>`, `<`, `<=`, `=<`, `>`, `>=`, `=>`, `MATCHES`, `LIKE`,
///   `BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `IN`, `BETWEEN`, with `[c]`, `[d]`, `[n]` (any together)
///   after the operator; `ANY`, `SOME`, `ALL`, `NONE` before the left expression.
/// - expressions: numbers (`18`, `-2.5`, `1e3`, `0x1F`), strings in single or double quotes (with
///   `\"`, `\'`, `\\`, `\n`, `\t` escapes), `TRUE`/`YES`, `FALSE`/`NO`, `NIL`/`NULL`, `SELF`, key paths
///   (`name`, `address.city`, `#reserved`, `@count`), `$variables` (and `$tag.value`), aggregates
///   (`{1, 2}`), and the arguments `%@` (an object), `%K` (a key path), `%d` `%i` `%ld` `%lld` `%u`
///   `%lu` (integers), `%f` `%lf` `%g` `%e` (doubles), `%%`. Keywords are read in any case.
///
/// Not read: arithmetic, functions (`FUNCTION`, `now()`), `SUBQUERY`, `@sum` and the other
/// aggregate operators, positional arguments (`%1$@`). Bounded: at most `maximumLength` characters
/// and `maximumDepth` levels of nesting.
public enum PredicateFormat {
    public static let maximumLength = 10_000
    public static let maximumDepth = 64

    /// The predicate `format` says, with `%` arguments from `arguments`; throws
    /// `PredicateFormatError` when it cannot read it.
    public static func predicate(format: String, argumentArray arguments: [Any]?) throws -> Foundation.NSPredicate {
        var parser = try PredicateParser(format: format, arguments: arguments ?? [])
        return try parser.parse()
    }
}

enum PredicateFormatting {
    static func constant(_ value: Any?) -> String {
        guard let value = KeyValueReading.flatten(value) else { return "nil" }
        if let string = PredicateValues.string(value) {
            return "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        if value is Bool, let number = PredicateValues.number(value) { return number == 0 ? "0" : "1" }
        if let items = KeyValueReading.elements(value) { return "{" + items.map(constant).joined(separator: ", ") + "}" }
        if let expression = value as? NSExpression { return expression.description }
        if let number = PredicateValues.number(value) {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
        return "\(value)"
    }

    static func symbol(_ type: NSComparisonPredicate.Operator) -> String {
        switch type {
        case .lessThan: "<"
        case .lessThanOrEqualTo: "<="
        case .greaterThan: ">"
        case .greaterThanOrEqualTo: ">="
        case .equalTo: "=="
        case .notEqualTo: "!="
        case .matches: "MATCHES"
        case .like: "LIKE"
        case .beginsWith: "BEGINSWITH"
        case .endsWith: "ENDSWITH"
        case .in: "IN"
        case .customSelector: "CUSTOM"
        case .contains: "CONTAINS"
        case .between: "BETWEEN"
        }
    }

    static func substituting(_ predicate: Foundation.NSPredicate, _ variables: [String: Any]) -> Foundation.NSPredicate {
        if let comparison = predicate as? NSComparisonPredicate { return comparison.substituting(variables) }
        if let compound = predicate as? NSCompoundPredicate {
            return NSCompoundPredicate(type: compound.compoundPredicateType, subpredicates: compound.subpredicates.map { substituting($0, variables) })
        }
        return predicate
    }
}

/// A recursive-descent reader of the grammar above, over the format's UTF-16 units.
struct PredicateParser {
    enum Token: Equatable {
        case word(String)           // identifiers and keywords
        case escapedWord(String)    // #word: never a keyword
        case variable(String)
        case string(String)
        case number(Double)
        case argument(Character)    // %@, %K, %d, %f (the conversion's last letter)
        case punctuation(String)
        case end
    }

    let format: String
    var arguments: [Any]
    var argumentIndex = 0
    var tokens: [(token: Token, offset: Int)] = []
    var position = 0
    var depth = 0

    init(format: String, arguments: [Any]) throws {
        self.format = format
        self.arguments = arguments
        let units = Array(format.utf16)
        guard units.count <= PredicateFormat.maximumLength else {
            throw PredicateFormatError(format: String(format.prefix(80)) + "…", reason: "longer than \(PredicateFormat.maximumLength) characters", offset: PredicateFormat.maximumLength)
        }
        tokens = try Self.tokenize(units, format: format)
    }

    func fail(_ reason: String, at offset: Int? = nil) -> PredicateFormatError {
        PredicateFormatError(format: format, reason: reason, offset: offset ?? tokens[min(position, tokens.count - 1)].offset)
    }

    // MARK: Tokens

    static func tokenize(_ units: [UInt16], format: String) throws -> [(token: Token, offset: Int)] {
        var result: [(token: Token, offset: Int)] = []
        var i = 0
        func isWordStart(_ u: UInt16) -> Bool { (u >= 65 && u <= 90) || (u >= 97 && u <= 122) || u == 95 || u == 64 || u > 127 }
        func isWordPart(_ u: UInt16) -> Bool { isWordStart(u) || (u >= 48 && u <= 57) }
        func isDigit(_ u: UInt16) -> Bool { u >= 48 && u <= 57 }
        func text(_ a: Int, _ b: Int) -> String { String(decoding: units[a..<b], as: UTF16.self) }
        while i < units.count {
            let u = units[i]
            let start = i
            if u == 32 || u == 9 || u == 10 || u == 13 { i += 1; continue }
            if isWordStart(u) || u == 35 || u == 36 {          // word, #word, $variable
                i += 1
                let wordStart = (u == 35 || u == 36) ? i : start
                while i < units.count, isWordPart(units[i]) { i += 1 }
                let word = text(wordStart, i)
                if word.isEmpty { throw PredicateFormatError(format: format, reason: "a name expected after \(u == 35 ? "#" : "$")", offset: start) }
                result.append((u == 35 ? .escapedWord(word) : u == 36 ? .variable(word) : .word(word), start))
            } else if isDigit(u) || ((u == 46 || u == 45) && i + 1 < units.count && (isDigit(units[i + 1]) || units[i + 1] == 46)) {
                if u == 48, i + 1 < units.count, units[i + 1] == 120 || units[i + 1] == 88 {     // 0x…
                    i += 2
                    while i < units.count, isWordPart(units[i]) { i += 1 }
                    guard let value = UInt64(text(start + 2, i), radix: 16) else {
                        throw PredicateFormatError(format: format, reason: "not a hexadecimal number", offset: start)
                    }
                    result.append((.number(Double(value)), start))
                    continue
                }
                if u == 45 { i += 1 }
                while i < units.count, isDigit(units[i]) || units[i] == 46 { i += 1 }
                if i < units.count, units[i] == 101 || units[i] == 69 {              // exponent
                    i += 1
                    if i < units.count, units[i] == 43 || units[i] == 45 { i += 1 }
                    while i < units.count, isDigit(units[i]) { i += 1 }
                }
                guard let value = Double(text(start, i)) else { throw PredicateFormatError(format: format, reason: "not a number", offset: start) }
                result.append((.number(value), start))
            } else if u == 34 || u == 39 {                                       // "…" or '…'
                i += 1
                var value: [UInt16] = []
                var closed = false
                while i < units.count {
                    let c = units[i]
                    if c == u { closed = true; i += 1; break }
                    if c == 92, i + 1 < units.count {
                        let next = units[i + 1]
                        value.append(next == 110 ? 10 : next == 116 ? 9 : next == 114 ? 13 : next)
                        i += 2
                        continue
                    }
                    value.append(c)
                    i += 1
                }
                guard closed else { throw PredicateFormatError(format: format, reason: "a string not closed", offset: start) }
                result.append((.string(String(decoding: value, as: UTF16.self)), start))
            } else if u == 37 {                                                  // %…
                i += 1
                while i < units.count, units[i] == 108 || units[i] == 104 || units[i] == 113 { i += 1 }   // l, h, q
                guard i < units.count else { throw PredicateFormatError(format: format, reason: "a conversion expected after %", offset: start) }
                let conversion = Character(Unicode.Scalar(units[i]) ?? "?")
                i += 1
                switch conversion {
                case "@", "K", "d", "i", "u", "f", "g", "e", "x", "c": result.append((.argument(conversion), start))
                case "%": result.append((.string("%"), start))
                default: throw PredicateFormatError(format: format, reason: "the conversion %\(conversion) is not read", offset: start)
                }
            } else {
                let two = i + 1 < units.count ? text(i, i + 2) : ""
                if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                    result.append((.punctuation(two), start))
                    i += 2
                } else if let c = Unicode.Scalar(u), "()[]{},.=<>!".unicodeScalars.contains(c) {
                    result.append((.punctuation(String(c)), start))
                    i += 1
                } else {
                    throw PredicateFormatError(format: format, reason: "unexpected character \(text(i, i + 1).debugDescription)", offset: start)
                }
            }
        }
        result.append((.end, units.count))
        return result
    }

    // MARK: Predicates

    var token: Token { tokens[position].token }

    func isKeyword(_ word: String) -> Bool {
        if case .word(let w) = token { return w.uppercased() == word }
        return false
    }

    func isPunctuation(_ p: String) -> Bool { token == .punctuation(p) }

    mutating func parse() throws -> Foundation.NSPredicate {
        let predicate = try orPredicate()
        guard token == .end else { throw fail("unexpected text after the predicate") }
        return predicate
    }

    mutating func enter() throws {
        depth += 1
        guard depth <= PredicateFormat.maximumDepth else { throw fail("nested deeper than \(PredicateFormat.maximumDepth) levels") }
    }

    mutating func orPredicate() throws -> Foundation.NSPredicate {
        var parts = [try andPredicate()]
        while isKeyword("OR") || isPunctuation("||") {
            position += 1
            parts.append(try andPredicate())
        }
        return parts.count == 1 ? parts[0] : NSCompoundPredicate(orPredicateWithSubpredicates: parts)
    }

    mutating func andPredicate() throws -> Foundation.NSPredicate {
        var parts = [try notPredicate()]
        while isKeyword("AND") || isPunctuation("&&") {
            position += 1
            parts.append(try notPredicate())
        }
        return parts.count == 1 ? parts[0] : NSCompoundPredicate(andPredicateWithSubpredicates: parts)
    }

    mutating func notPredicate() throws -> Foundation.NSPredicate {
        try enter()
        defer { depth -= 1 }
        if isKeyword("NOT") || isPunctuation("!") {
            position += 1
            return NSCompoundPredicate(notPredicateWithSubpredicate: try notPredicate())
        }
        if isPunctuation("(") {
            position += 1
            let inner = try orPredicate()
            guard isPunctuation(")") else { throw fail("a closing parenthesis expected") }
            position += 1
            return inner
        }
        if isKeyword("TRUEPREDICATE") { position += 1; return Foundation.NSPredicate(value: true) }
        if isKeyword("FALSEPREDICATE") { position += 1; return Foundation.NSPredicate(value: false) }
        return try comparison()
    }

    static let operators: [String: NSComparisonPredicate.Operator] = [
        "==": .equalTo, "=": .equalTo, "!=": .notEqualTo, "<>": .notEqualTo, "<": .lessThan, "<=": .lessThanOrEqualTo,
        "=<": .lessThanOrEqualTo, ">": .greaterThan, ">=": .greaterThanOrEqualTo, "=>": .greaterThanOrEqualTo,
        "MATCHES": .matches, "LIKE": .like, "BEGINSWITH": .beginsWith, "ENDSWITH": .endsWith, "CONTAINS": .contains,
        "IN": .in, "BETWEEN": .between,
    ]

    mutating func comparison() throws -> Foundation.NSPredicate {
        var modifier = NSComparisonPredicate.Modifier.direct
        var negated = false
        if isKeyword("ANY") || isKeyword("SOME") { modifier = .any; position += 1 }
        else if isKeyword("ALL") { modifier = .all; position += 1 }
        else if isKeyword("NONE") { modifier = .any; negated = true; position += 1 }
        let left = try expression()
        let type: NSComparisonPredicate.Operator
        switch token {
        case .punctuation(let p) where Self.operators[p] != nil: type = Self.operators[p]!
        case .word(let w) where Self.operators[w.uppercased()] != nil: type = Self.operators[w.uppercased()]!
        default: throw fail("an operator expected")
        }
        position += 1
        var options: NSComparisonPredicate.Options = []
        if isPunctuation("[") {
            position += 1
            guard case .word(let flags) = token else { throw fail("options expected in [ ]") }
            for flag in flags.lowercased() {
                switch flag {
                case "c": options.insert(.caseInsensitive)
                case "d": options.insert(.diacriticInsensitive)
                case "n": options.insert(.normalized)
                default: throw fail("unknown option \(flag)")
                }
            }
            position += 1
            guard isPunctuation("]") else { throw fail("] expected") }
            position += 1
        }
        let right = try expression()
        return NSComparisonPredicate(left, right, modifier: modifier, type: type, options: options, negated: negated)
    }

    // MARK: Expressions

    static let reserved: Set<String> = ["AND", "OR", "NOT", "ANY", "ALL", "SOME", "NONE", "IN", "LIKE", "MATCHES", "BEGINSWITH",
                                        "ENDSWITH", "CONTAINS", "BETWEEN", "TRUEPREDICATE", "FALSEPREDICATE", "SUBQUERY", "FUNCTION"]

    mutating func nextArgument() throws -> Any? {
        guard argumentIndex < arguments.count else { throw fail("more % conversions than arguments (\(arguments.count))") }
        defer { argumentIndex += 1 }
        return arguments[argumentIndex]
    }

    mutating func expression() throws -> NSExpression {
        try enter()
        defer { depth -= 1 }
        let offset = tokens[position].offset
        var result: NSExpression
        switch token {
        case .number(let value):
            position += 1
            result = NSExpression(forConstantValue: value == value.rounded() && abs(value) < 9e15 ? NSNumber(value: Int(value)) : NSNumber(value: value))
        case .string(let value):
            position += 1
            result = NSExpression(forConstantValue: value)
        case .variable(let name):
            position += 1
            result = NSExpression(forVariable: name)
        case .argument(let conversion):
            position += 1
            let argument = try nextArgument()
            switch conversion {
            case "K":
                guard let key = PredicateValues.string(argument) else { throw fail("%K needs a string argument", at: offset) }
                result = NSExpression(forKeyPath: key)
            case "d", "i", "u", "x", "c":
                guard let number = PredicateValues.number(argument) else { throw fail("%\(conversion) needs an integer argument", at: offset) }
                result = NSExpression(forConstantValue: NSNumber(value: Int64(number)))
            case "f", "g", "e":
                guard let number = PredicateValues.number(argument) else { throw fail("%\(conversion) needs a number argument", at: offset) }
                result = NSExpression(forConstantValue: NSNumber(value: number))
            default:
                result = NSExpression(forConstantValue: argument)
            }
        case .punctuation("{"):
            position += 1
            var items: [NSExpression] = []
            if !isPunctuation("}") {
                items.append(try expression())
                while isPunctuation(",") {
                    position += 1
                    items.append(try expression())
                }
            }
            guard isPunctuation("}") else { throw fail("} expected") }
            position += 1
            result = NSExpression(forAggregate: items)
        case .escapedWord(let word):
            position += 1
            result = NSExpression(forKeyPath: word)
        case .word(let word):
            let upper = word.uppercased()
            switch upper {
            case "TRUE", "YES": result = NSExpression(forConstantValue: NSNumber(value: true))
            case "FALSE", "NO": result = NSExpression(forConstantValue: NSNumber(value: false))
            case "NIL", "NULL": result = NSExpression(forConstantValue: nil)
            case "SELF": result = .expressionForEvaluatedObject()
            default:
                guard !Self.reserved.contains(upper) else { throw fail("an expression expected, not \(word)") }
                result = NSExpression(forKeyPath: word)
            }
            position += 1
        default:
            throw fail("an expression expected")
        }
        // A key path after it: `address.city`, `$tag.value`, `SELF.name`.
        var path: [String] = []
        while isPunctuation(".") {
            position += 1
            switch token {
            case .word(let word), .escapedWord(let word): path.append(word)
            default: throw fail("a key expected after .")
            }
            position += 1
        }
        if !path.isEmpty {
            switch result.kind {
            case .keyPath(let head, nil): result = NSExpression(forKeyPath: ([head] + path).joined(separator: "."))
            case .evaluatedObject: result = NSExpression(forKeyPath: path.joined(separator: "."))
            default: result = NSExpression(kind: .keyPath(path.joined(separator: "."), operand: result))
            }
        }
        return result
    }
}
