// uisim's own declarations, read from its sources with the port's lexer: each type (class, struct,
// enum, protocol) and each member declared in it or in an extension of it, with what the SDK check
// compares (access, `open`, static/class, settability, the optionality mark of every type,
// `required`/`convenience`/failable). Enough of Swift's grammar for declarations as this project writes
// them; bodies are skipped by their braces.
@testable import Port
import Foundation

struct SourceLocation: CustomStringConvertible {
    let file: String
    let line: Int
    var description: String { "\(file):\(line)" }
}

struct SourceType {
    enum Kind: String { case `class`, `struct`, `enum`, `protocol`, `actor` }
    let name: String
    let kind: Kind
    let modifiers: Set<String>
    let inherited: [String]
    let location: SourceLocation
    var attributes: [String] = []
}

struct SourceMember {
    enum Kind: String { case variable = "var", function = "func", initializer = "init", `subscript`, enumCase = "case" }
    /// The type the member belongs to (`UIControl.State` for a nested one).
    let type: String
    let kind: Kind
    /// A variable's or function's name; `init`.
    let name: String
    /// Argument labels, `_` for none.
    let labels: [String]
    let parameterTypes: [String]
    /// A variable's type, a function's result (`Void` when it has none).
    let resultType: String
    let modifiers: Set<String>
    let settable: Bool
    let failable: Bool
    /// Declared in a protocol's body (a requirement), or in an extension.
    let inProtocol: Bool
    let inExtension: Bool
    let location: SourceLocation
    var attributes: [String] = []

    var isStatic: Bool { modifiers.contains("static") || modifiers.contains("class") }
    var isOpen: Bool { modifiers.contains("open") }
    var swiftName: String {
        kind == .variable ? name : name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }
}

/// The optionality mark that ends a type as written: `?`, `!` or nothing.
func optionalityMark(_ type: String) -> String {
    let t = type.trimmingCharacters(in: .whitespaces)
    if t.hasSuffix("?") { return "?" }
    if t.hasSuffix("!") { return "!" }
    return ""
}

struct SourceDeclarations {
    private(set) var types: [SourceType] = []
    private(set) var members: [SourceMember] = []

    static let memberModifiers: Set<String> = [
        "public", "open", "internal", "private", "fileprivate", "package", "final", "override", "static", "class",
        "required", "convenience", "nonisolated", "weak", "unowned", "dynamic", "mutating", "nonmutating", "lazy",
        "indirect", "optional", "isolated", "consuming", "borrowing", "__consuming",
    ]

    /// Reads every `.swift` file under `folder`.
    init(folder: URL) throws {
        try self.init(folders: [folder])
    }

    /// Reads every `.swift` file under each of `folders` (UIKit's and UIFoundation's: one surface,
    /// as `import UIKit` is on iOS).
    init(folders: [URL]) throws {
        for folder in folders {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" }
                .sorted { $0.path < $1.path }
            for file in files {
                let bytes = try [UInt8](Data(contentsOf: file))
                var reader = Reader(bytes: bytes, file: file.path.replacingOccurrences(of: folder.deletingLastPathComponent().path + "/", with: ""))
                reader.scope(type: nil, typeKind: nil, extensionAccess: nil, inExtension: false, into: &self)
            }
        }
    }

    fileprivate mutating func add(_ type: SourceType) { types.append(type) }
    fileprivate mutating func add(_ member: SourceMember) { members.append(member) }
}

/// Walks one file's tokens (comments and whitespace left out, newlines kept).
private struct Reader {
    let bytes: [UInt8]
    let file: String
    var tokens: [SwiftToken] = []
    var lines: [Int] = []
    var i = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        var line = 1
        for token in SwiftLexer(bytes).tokens() {
            switch token.kind {
            case .newline:
                tokens.append(token)
                lines.append(line)
                line += 1
            case .comment, .string:
                line += bytes[token.range].filter { $0 == ASCII.newline }.count
                if token.kind == .string {
                    tokens.append(token)
                    lines.append(line)
                }
            case .whitespace:
                continue
            default:
                tokens.append(token)
                lines.append(line)
            }
        }
    }

    func text(_ k: Int) -> String { k < tokens.count ? String(decoding: bytes[tokens[k].range], as: UTF8.self) : "" }
    func kind(_ k: Int) -> SwiftToken.Kind? { k < tokens.count ? tokens[k].kind : nil }
    var atEnd: Bool { i >= tokens.count }
    func location(_ k: Int) -> SourceLocation { SourceLocation(file: file, line: k < lines.count ? lines[k] : lines.last ?? 1) }

    mutating func skipNewlines() { while !atEnd && kind(i) == .newline { i += 1 } }

    /// From an opening `(`, `[`, `{` or `<` at `i`, past its closing partner.
    mutating func skipBalanced() {
        let open = text(i)
        let close = ["(": ")", "[": "]", "{": "}", "<": ">"][open]!
        var depth = 0
        while !atEnd {
            let t = text(i)
            if kind(i) == .punctuation {
                if t == open { depth += 1 }
                else if t == close {
                    depth -= 1
                    if depth == 0 { i += 1; return }
                } else if open == "<" && (t == "{" || t == ";") { return }
            }
            i += 1
        }
    }

    /// A type as written, up to where it ends at depth 0 (a newline, `{`, `=`, `,`, `)`, `where`).
    mutating func typeText() -> String {
        var out = ""
        var depth = 0
        while !atEnd {
            let t = text(i)
            let k = kind(i)
            if depth == 0 {
                if k == .newline || (k == .punctuation && ["{", "=", ",", ")", ";", "}"].contains(t)) { break }
                if k == .identifier && t == "where" { break }
            }
            if k == .punctuation {
                if "([<".contains(t) { depth += 1 }
                if ")]>".contains(t) {
                    // `->` is not a closing angle.
                    if !(t == ">" && out.hasSuffix("-")) { depth -= 1 }
                }
            }
            if k == .newline { i += 1; continue }
            if k == .identifier, !out.isEmpty, let last = out.last, last.isLetter || last.isNumber || last == "_" { out += " " }
            out += t
            i += 1
        }
        return out
    }

    mutating func skipAttributes() -> [String] {
        var attributes: [String] = []
        while !atEnd {
            skipNewlines()
            guard kind(i) == .attribute else { break }
            attributes.append(text(i))
            i += 1
            if text(i) == "(" { skipBalanced() }
        }
        return attributes
    }

    /// A scope's declarations up to its closing `}` (or the file's end).
    mutating func scope(type: String?, typeKind: SourceType.Kind?, extensionAccess: String?, inExtension: Bool,
                        into out: inout SourceDeclarations) {
        while !atEnd {
            skipNewlines()
            if atEnd { return }
            if text(i) == "}" && kind(i) == .punctuation { i += 1; return }
            if kind(i) == .pound {
                // `#if`, `#else`, `#endif`, `#warning(…)`: every branch is read.
                i += 1
                while !atEnd && kind(i) != .newline { i += 1 }
                continue
            }
            let start = i
            let attributes = skipAttributes()
            var modifiers = Set<String>()
            while !atEnd, kind(i) == .identifier, SourceDeclarations.memberModifiers.contains(text(i)) {
                let m = text(i)
                // `class var` / `class func` is a modifier; `class Name` a declaration.
                if m == "class", kind(i + 1) == .identifier, !["func", "var", "let", "subscript", "override", "final",
                    "public", "open", "static", "nonisolated", "required", "convenience"].contains(text(i + 1)) { break }
                i += 1
                if text(i) == "(" {
                    // `private(set)`: the setter's access.
                    let setterAccess = m
                    i += 1
                    modifiers.insert(setterAccess + "(set)")
                    while !atEnd && text(i) != ")" { i += 1 }
                    i += 1
                } else {
                    modifiers.insert(m)
                }
                skipNewlines()
            }
            let keyword = text(i)
            let here = location(start)
            switch keyword {
            case "class", "struct", "enum", "protocol", "actor", "extension":
                i += 1
                var name = text(i)
                i += 1
                while text(i) == "." && kind(i + 1) == .identifier { name += "." + text(i + 1); i += 2 }
                if text(i) == "<" { skipBalanced() }
                var inherited: [String] = []
                if text(i) == ":" {
                    i += 1
                    while !atEnd {
                        skipNewlines()
                        let t = typeText()
                        if !t.isEmpty { inherited.append(t) }
                        if text(i) == "," { i += 1; continue }
                        break
                    }
                }
                while !atEnd && text(i) != "{" { i += 1 }
                i += 1
                let qualified = keyword == "extension" ? name : (type.map { $0 + "." + name } ?? name)
                if keyword == "extension" {
                    let access = modifiers.contains("public") ? "public" : (modifiers.contains("open") ? "open" : nil)
                    scope(type: qualified, typeKind: nil, extensionAccess: access, inExtension: true, into: &out)
                } else {
                    let kind = SourceType.Kind(rawValue: keyword)!
                    out.add(SourceType(name: qualified, kind: kind, modifiers: modifiers, inherited: inherited, location: here,
                                       attributes: attributes))
                    scope(type: qualified, typeKind: kind, extensionAccess: nil, inExtension: false, into: &out)
                }
            case "func", "init", "subscript":
                i += 1
                var name = keyword
                var failable = false
                if keyword == "func" {
                    name = ""
                    while !atEnd && text(i) != "(" && text(i) != "<" { name += text(i); i += 1 }
                    name = name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))   // `default`() is default()
                } else if keyword == "init", text(i) == "?" || text(i) == "!" {
                    failable = true
                    i += 1
                }
                if text(i) == "<" { skipBalanced() }
                let (labels, types) = parameters(subscript: keyword == "subscript")
                var result = "Void"
                while !atEnd, kind(i) == .identifier, ["throws", "rethrows", "async"].contains(text(i)) {
                    i += 1
                    if text(i) == "(" { skipBalanced() }
                }
                if text(i) == "-" && text(i + 1) == ">" {
                    i += 2
                    result = typeText()
                }
                if text(i) == "where" { while !atEnd && text(i) != "{" && kind(i) != .newline { i += 1 } }
                var settable = false
                if text(i) == "{" {
                    if keyword == "subscript" { settable = accessorsSettable(stored: false) } else { skipBalanced() }
                }
                if let type {
                    out.add(SourceMember(type: type, kind: keyword == "func" ? .function : (keyword == "init" ? .initializer : .subscript),
                                         name: name, labels: labels, parameterTypes: types, resultType: result,
                                         modifiers: effective(modifiers, extensionAccess), settable: settable, failable: failable,
                                         inProtocol: typeKind == .protocol, inExtension: inExtension, location: here,
                                         attributes: attributes))
                }
            case "var", "let":
                i += 1
                let name = text(i).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                i += 1
                var declaredType = ""
                if text(i) == ":" { i += 1; declaredType = typeText() }
                var hasInitializer = false
                if text(i) == "=" {
                    hasInitializer = true
                    skipExpression()
                }
                var settable = keyword == "var"
                if text(i) == "{" {
                    settable = accessorsSettable(stored: hasInitializer)
                }
                if modifiers.contains(where: { $0.hasSuffix("(set)") && !$0.hasPrefix("public") && !$0.hasPrefix("open") }) {
                    settable = false
                }
                if let type {
                    out.add(SourceMember(type: type, kind: .variable, name: name, labels: [], parameterTypes: [], resultType: declaredType,
                                         modifiers: effective(modifiers, extensionAccess), settable: settable, failable: false,
                                         inProtocol: typeKind == .protocol, inExtension: inExtension, location: here,
                                         attributes: attributes))
                }
            case "case" where typeKind == .enum:
                // `case a, b = 2, c(Int)`: each name, with its raw value when an integer literal gives it.
                i += 1
                while !atEnd && kind(i) != .newline && text(i) != "}" {
                    guard kind(i) == .identifier else { i += 1; continue }
                    let name = text(i).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                    let at = location(i)
                    i += 1
                    var raw: String?
                    if text(i) == "(" { skipBalanced() }
                    if text(i) == "=" {
                        i += 1
                        var literal = ""
                        while !atEnd && kind(i) != .newline && text(i) != "," && text(i) != "}" { literal += text(i); i += 1 }
                        raw = literal
                    }
                    if let type {
                        out.add(SourceMember(type: type, kind: .enumCase, name: name, labels: [], parameterTypes: [], resultType: raw ?? "",
                                             modifiers: [], settable: false, failable: false, inProtocol: false, inExtension: inExtension,
                                             location: at))
                    }
                    if text(i) == "," { i += 1 }
                }
            case "case", "typealias", "associatedtype", "import", "precedencegroup", "operator", "macro", "deinit":
                i += 1
                if keyword == "deinit" { skipNewlines(); if text(i) == "{" { skipBalanced() }; continue }
                // To the line's end or the scope's closing brace (`enum E { case a, b }` on one line).
                while !atEnd && kind(i) != .newline && !(kind(i) == .punctuation && text(i) == "}") {
                    if "([{".contains(text(i)) && kind(i) == .punctuation { skipBalanced() } else { i += 1 }
                }
            default:
                // A statement or something this reader does not model: skipped to the line's end.
                if text(i) == "{" || text(i) == "(" || text(i) == "[" { skipBalanced(); continue }
                i += 1
            }
        }
    }

    /// Access as declared, or the extension's (`public extension`) when the member names none.
    func effective(_ modifiers: Set<String>, _ extensionAccess: String?) -> Set<String> {
        let access: Set<String> = ["public", "open", "internal", "private", "fileprivate", "package"]
        guard modifiers.isDisjoint(with: access), let extensionAccess else { return modifiers }
        return modifiers.union([extensionAccess])
    }

    /// A parameter clause at `i`: each parameter's label (`_` for none) and type.
    mutating func parameters(subscript isSubscript: Bool) -> ([String], [String]) {
        guard text(i) == "(" else { return ([], []) }
        i += 1
        var labels: [String] = []
        var types: [String] = []
        while !atEnd {
            skipNewlines()
            if text(i) == ")" { i += 1; break }
            _ = skipAttributes()
            var names: [String] = []
            while !atEnd && text(i) != ":" && text(i) != ")" { names.append(text(i)); i += 1; skipNewlines() }
            guard text(i) == ":" else { continue }
            i += 1
            skipNewlines()
            let t = typeText()
            // A subscript's parameters have no labels unless two names are written.
            labels.append(isSubscript ? (names.count > 1 ? names[0] : "_") : (names.first ?? "_"))
            types.append(t)
            if text(i) == "=" { skipExpression(stopAtComma: true) }
            skipNewlines()
            if text(i) == "," { i += 1 }
        }
        return (labels, types)
    }

    /// An initial value at `=`: to the line's end at depth 0 (or a `,`/`)` in a parameter list), or
    /// to an accessor block `{ didSet … }` that follows on the same line.
    mutating func skipExpression(stopAtComma: Bool = false) {
        i += 1
        skipNewlines()
        while !atEnd {
            let t = text(i)
            let k = kind(i)
            if k == .newline {
                // A line that starts with `.` or an operator continues the expression.
                var j = i
                while kind(j) == .newline { j += 1 }
                if text(j) == "." && kind(j + 1) == .identifier && !stopAtComma { i = j; continue }
                return
            }
            if k == .punctuation {
                if stopAtComma && (t == "," || t == ")") { return }
                if t == "{" {
                    // `= value { didSet {…} }` is an observer; `= { … }()` a closure.
                    if isObserverBlock() { return }
                    skipBalanced()
                    continue
                }
                if t == "(" || t == "[" { skipBalanced(); continue }
                if t == "}" { return }
            }
            i += 1
        }
    }

    /// Whether the `{` at `i` opens accessors (`get`, `set`, `didSet`, `willSet`) rather than a closure.
    func isObserverBlock() -> Bool {
        var j = i + 1
        while kind(j) == .newline { j += 1 }
        while kind(j) == .attribute { j += 1 }
        return ["get", "set", "didSet", "willSet", "_modify", "_read", "nonmutating", "mutating"].contains(text(j))
    }

    /// From an accessor block at `i`, past it: whether it has a setter (`set`, or observers on a stored
    /// property). A block with no accessor keyword is a computed getter.
    mutating func accessorsSettable(stored: Bool) -> Bool {
        let isAccessors = isObserverBlock()
        guard isAccessors else {
            skipBalanced()
            return false
        }
        var settable = false
        let start = i
        var depth = 0
        while !atEnd {
            let t = text(i)
            if kind(i) == .punctuation && t == "{" { depth += 1 }
            if kind(i) == .punctuation && t == "}" {
                depth -= 1
                if depth == 0 { i += 1; break }
            }
            if depth == 1 && kind(i) == .identifier && ["set", "didSet", "willSet", "_modify"].contains(t) { settable = true }
            i += 1
        }
        _ = start
        return settable || stored
    }
}
