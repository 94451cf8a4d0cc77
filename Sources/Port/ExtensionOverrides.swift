// Overrides declared in extensions. iOS lets an extension override a superclass's Objective-C
// member (`extension FormViewController { override func pressesBegan(...) }`); Swift on Linux
// rejects every override in an extension ("declarations in extensions cannot override yet").
// `port` keeps the member where it is, renamed (`_extensionOverride_pressesBegan`, its `override`
// blanked), and gives the class's own body a one-line override that forwards to it, on the line of
// the body's closing brace, so no line moves. The class must be declared in the sources ported.

import Foundation

/// One override found in an extension: what its own file rewrites, and the forwarding override
/// its class's body gets.
struct ExtensionOverride: Sendable {
    /// The extended class, as the extension names it.
    let className: String
    /// The significant indices, in the member's file, of `override` and of the member's name.
    let overrideToken: Int
    let nameToken: Int
    let newName: String
    let line: Int
    /// The override for the class body, on one line; nil when it cannot be forwarded (`reason`).
    let forwarder: String?
    let reason: String?

    static let prefix = "_extensionOverride_"
}

extension ExtensionOverride {
    /// The `override` members of `walk`'s top-level extensions, in order.
    static func find(in walk: TokenWalk) -> [ExtensionOverride] {
        var found: [ExtensionOverride] = []
        var s = 0
        while s + 1 < walk.significant.count {
            defer { s += 1 }
            guard walk.isIdentifier(s, "extension"), walk.enclosingType[s] == nil, !(s > 0 && walk.isPunctuation(s - 1, ".")),
                  walk.isIdentifier(s + 1) else { continue }
            var name = walk.text(s + 1), t = s + 2
            while walk.isPunctuation(t, "."), walk.isIdentifier(t + 1) {
                name += "." + walk.text(t + 1)
                t += 2
            }
            var open = t
            var constrained = false
            while open < walk.significant.count, !walk.isPunctuation(open, "{") {
                if walk.isIdentifier(open, "where") { constrained = true }
                open += 1
            }
            guard open < walk.significant.count, let close = walk.matching(open) else { continue }
            // `public extension X`: its members are public unless they say otherwise.
            var extensionAccess: String?
            var p = s - 1
            while p >= 0, walk.kind(p) == .identifier, modifiers.contains(walk.text(p)) {
                if ["open", "public"].contains(walk.text(p)) { extensionAccess = walk.text(p) }
                p -= 1
            }
            var m = open + 1
            while m < close {
                if walk.isPunctuation(m, "{") || walk.isPunctuation(m, "(") || walk.isPunctuation(m, "[") {
                    m = (walk.matching(m) ?? close) + 1
                    continue
                }
                if walk.isIdentifier(m, "override"), let member = member(at: m, in: walk, className: name, constrained: constrained,
                                                                          extensionAccess: extensionAccess) {
                    found.append(member.override)
                    m = member.end + 1
                    continue
                }
                m += 1
            }
            s = close
        }
        return found
    }

    /// The member whose `override` is at `o`: its rewrite and forwarder, and its last token.
    private static func member(at o: Int, in walk: TokenWalk, className: String, constrained: Bool,
                               extensionAccess: String?) -> (override: ExtensionOverride, end: Int)? {
        // The modifiers around `override`, back to the member's start and on to its keyword.
        var start = o
        while start > 0, walk.kind(start - 1) == .identifier, modifiers.contains(walk.text(start - 1)) { start -= 1 }
        var keyword = o + 1
        while keyword < walk.significant.count, walk.kind(keyword) == .identifier, modifiers.contains(walk.text(keyword)) { keyword += 1 }
        guard walk.isIdentifier(keyword) else { return nil }
        let kind = walk.text(keyword)
        // The body's braces: the first `{` after the signature at bracket depth 0.
        var b = keyword + 1
        while b < walk.significant.count, !walk.isPunctuation(b, "{") {
            if walk.isPunctuation(b, "(") || walk.isPunctuation(b, "[") || (walk.isPunctuation(b, "<") && kind == "func" && b == keyword + 2) {
                b = (walk.matching(b) ?? b) + 1
                continue
            }
            if walk.isPunctuation(b, "}") || walk.isPunctuation(b, ";") || (walk.isIdentifier(b) && ["func", "var", "let", "override"].contains(walk.text(b)) && b > keyword + 1) {
                break
            }
            b += 1
        }
        let nameToken = keyword + 1
        let hasBody = b < walk.significant.count && walk.isPunctuation(b, "{")
        let end = hasBody ? (walk.matching(b) ?? b) : max(b - 1, nameToken)
        let name = walk.isIdentifier(nameToken) ? walk.text(nameToken).trimmingBackticks : ""
        let newName = ExtensionOverride.prefix + name
        func make(_ forwarder: String?, _ reason: String?) -> (override: ExtensionOverride, end: Int) {
            (ExtensionOverride(className: className, overrideToken: o, nameToken: nameToken, newName: newName, line: walk.line(o),
                               forwarder: forwarder, reason: reason), end)
        }
        if constrained { return make(nil, "an override in a constrained extension (where …) cannot be forwarded: move it into \(className)'s body") }
        guard hasBody, !name.isEmpty else { return make(nil, "this override of \(className) in an extension has no body to forward to: move it into the class's body") }
        // The declaration as written, on one line: comments and line breaks become spaces.
        let signature = oneLine(walk, from: start, to: b - 1)
        let access = modifiersBetween(walk, start, keyword).contains { ["open", "public", "internal", "package", "fileprivate", "private"].contains($0) }
            ? "" : extensionAccess.map { $0 + " " } ?? ""
        switch kind {
        case "func":
            var open = nameToken + 1
            if walk.isPunctuation(open, "<") { open = (walk.matching(open) ?? open) + 1 }
            guard walk.isPunctuation(open, "("), let close = walk.matching(open) else { return make(nil, "cannot read the parameters of \(name)") }
            guard let arguments = forwardedArguments(walk, open, close) else {
                return make(nil, "\(name) has a variadic parameter: an override in an extension cannot forward it; move it into \(className)'s body")
            }
            let effects = (close + 1..<b).map(walk.text)
            let call = (effects.contains("throws") || effects.contains("rethrows") ? "try " : "") + (effects.contains("async") ? "await " : "")
                + newName + "(" + arguments + ")"
            return make("\(access)\(signature) { return \(call) } ", nil)
        case "var":
            let body = (b + 1..<end)
            if body.contains(where: { walk.isIdentifier($0, "willSet") || walk.isIdentifier($0, "didSet") }) {
                return make(nil, "an observer override (\(name)'s willSet/didSet) in an extension cannot be forwarded: move it into \(className)'s body")
            }
            let settable = body.contains { walk.isIdentifier($0, "set") && walk.isPunctuation($0 + 1, "{") || walk.isIdentifier($0, "set") && walk.isPunctuation($0 + 1, "(") }
            let accessors = settable ? "get { return \(newName) } set { \(newName) = newValue }" : "return \(newName)"
            return make("\(access)\(signature) { \(accessors) } ", nil)
        default:
            return make(nil, "an overriding \(kind) in an extension cannot be forwarded: move it into \(className)'s body")
        }
    }

    static let modifiers: Set<String> = ["open", "public", "internal", "package", "fileprivate", "private", "final", "override", "class",
                                         "static", "required", "convenience", "dynamic", "mutating", "nonmutating", "lazy", "weak", "unowned"]

    private static func modifiersBetween(_ walk: TokenWalk, _ a: Int, _ b: Int) -> [String] { (a..<b).map(walk.text) }

    /// The source from significant token `a` through `b` on one line.
    private static func oneLine(_ walk: TokenWalk, from a: Int, to b: Int) -> String {
        var text = ""
        var spaced = false
        for token in walk.tokens[walk.significant[a]...walk.significant[b]] {
            switch token.kind {
            case .whitespace, .newline, .comment:
                if !spaced { text += " " }
                spaced = true
            default:
                text += String(decoding: walk.bytes[token.range], as: UTF8.self)
                spaced = false
            }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The call's arguments for the parameters between `open` and `close` (`label: name`,
    /// `&name` for an `inout` one); nil when one is variadic.
    private static func forwardedArguments(_ walk: TokenWalk, _ open: Int, _ close: Int) -> String? {
        var pieces: [[Int]] = [[]]
        var depth = 0
        for s in (open + 1)..<close {
            if walk.kind(s) == .punctuation {
                switch walk.text(s) {
                case "(", "[", "<": depth += 1
                case ")", "]", ">": depth -= 1
                case "," where depth == 0:
                    pieces.append([])
                    continue
                default: break
                }
            }
            pieces[pieces.count - 1].append(s)
        }
        var arguments: [String] = []
        for piece in pieces where !piece.isEmpty {
            guard let colon = piece.firstIndex(where: { walk.isPunctuation($0, ":") }) else { return nil }
            let words = piece[..<colon].filter { walk.kind($0) == .identifier }.map { walk.text($0).trimmingBackticks }
            guard let internalName = words.last else { return nil }
            let type = piece[(colon + 1)...]
            if type.contains(where: { walk.isPunctuation($0, ".") && walk.isPunctuation($0 + 1, ".") && walk.isPunctuation($0 + 2, ".") }) {
                return nil
            }
            let value = (type.contains { walk.isIdentifier($0, "inout") } ? "&" : "") + internalName
            let label = words.count >= 2 ? words[0] : internalName
            arguments.append(label == "_" ? value : "\(label): \(value)")
        }
        return arguments.joined(separator: ", ")
    }
}
