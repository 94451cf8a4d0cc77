// The Swift source as tokens, just enough to rewrite what Swift on Linux rejects without touching
// anything else: comments and string literals (raw, multi-line, with interpolations) are single
// tokens, so nothing inside them is ever rewritten; identifiers, `@attributes`, `#keywords`,
// numbers and punctuation are tokens of their own; whitespace and newlines are kept as tokens so
// that the text is exactly the tokens joined.

/// One token: what it is and where it is in the file's bytes.
struct SwiftToken: Equatable {
    enum Kind: Equatable {
        case identifier     // also keywords, `backticked` names and $0
        case attribute      // `@objc`: the name with its @
        case pound          // `#selector`, `#if`: the name with its #
        case string         // a whole literal, interpolations included
        case comment
        case number
        case whitespace
        case newline
        case punctuation    // one byte
    }

    let kind: Kind
    let range: Range<Int>
}

/// Splits Swift source into tokens. Bytes it cannot make sense of (an unterminated string or
/// comment) end the file's last token: the rewriter leaves them as they are.
struct SwiftLexer {
    /// How deep strings may nest in interpolations (`"\("\(…)")"`) before the lexer stops.
    static let maximumNesting = 32

    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func tokens() -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        var i = 0
        while i < bytes.count {
            let start = i
            let kind: SwiftToken.Kind
            let c = bytes[i]
            switch c {
            case ASCII.newline:
                i += 1
                kind = .newline
            case ASCII.space, ASCII.tab, ASCII.carriageReturn:
                while i < bytes.count, [ASCII.space, ASCII.tab, ASCII.carriageReturn].contains(bytes[i]) { i += 1 }
                kind = .whitespace
            case ASCII.slash where peek(i + 1) == ASCII.slash:
                while i < bytes.count, bytes[i] != ASCII.newline { i += 1 }
                kind = .comment
            case ASCII.slash where peek(i + 1) == ASCII.star:
                i = endOfBlockComment(from: i)
                kind = .comment
            case ASCII.quote:
                i = endOfString(from: i, hashes: 0, depth: 0)
                kind = .string
            case ASCII.pound where rawStringHashes(at: i) != nil:
                let hashes = rawStringHashes(at: i)!
                i = endOfString(from: i + hashes, hashes: hashes, depth: 0)
                kind = .string
            case ASCII.pound where isIdentifierStart(peek(i + 1)):
                i = endOfIdentifier(from: i + 1)
                kind = .pound
            case ASCII.at where isIdentifierStart(peek(i + 1)):
                i = endOfIdentifier(from: i + 1)
                kind = .attribute
            case ASCII.backtick:
                i += 1
                while i < bytes.count, bytes[i] != ASCII.backtick, bytes[i] != ASCII.newline { i += 1 }
                if i < bytes.count, bytes[i] == ASCII.backtick { i += 1 }
                kind = .identifier
            case ASCII.dollar where isIdentifierPart(peek(i + 1)):
                i = endOfIdentifier(from: i + 1)
                kind = .identifier
            case _ where isDigit(c):
                while i < bytes.count, isIdentifierPart(bytes[i]) || (bytes[i] == ASCII.dot && isDigit(peek(i + 1))) { i += 1 }
                kind = .number
            case _ where isIdentifierStart(c):
                i = endOfIdentifier(from: i)
                kind = .identifier
            default:
                i += 1
                kind = .punctuation
            }
            tokens.append(SwiftToken(kind: kind, range: start..<i))
        }
        return tokens
    }

    private func peek(_ i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private func isDigit(_ c: UInt8?) -> Bool { c.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }

    private func isIdentifierStart(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == ASCII.underscore || c >= 0x80
    }

    private func isIdentifierPart(_ c: UInt8?) -> Bool { isIdentifierStart(c) || isDigit(c) }

    private func endOfIdentifier(from start: Int) -> Int {
        var i = start
        while i < bytes.count, isIdentifierPart(bytes[i]) { i += 1 }
        return i
    }

    /// Block comments nest in Swift.
    private func endOfBlockComment(from start: Int) -> Int {
        var depth = 0
        var i = start
        while i < bytes.count {
            if bytes[i] == ASCII.slash, peek(i + 1) == ASCII.star {
                depth += 1
                i += 2
            } else if bytes[i] == ASCII.star, peek(i + 1) == ASCII.slash {
                depth -= 1
                i += 2
                if depth == 0 { return i }
            } else {
                i += 1
            }
        }
        return i
    }

    /// How many `#` open a raw string at `i` (`#"…"#`, `##"""…"""##`), or nil.
    private func rawStringHashes(at i: Int) -> Int? {
        var j = i
        while j < bytes.count, bytes[j] == ASCII.pound { j += 1 }
        return j < bytes.count && bytes[j] == ASCII.quote && j > i ? j - i : nil
    }

    /// The end of the string literal whose opening quote is at `start`, closed by a quote (or
    /// three) followed by `hashes` hashes; escapes and interpolations (`\(…)`, `\#(…)` in a raw
    /// string) are skipped, strings nested in interpolations included (to `maximumNesting`
    /// levels: deeper, the rest of the file is one token).
    private func endOfString(from start: Int, hashes: Int, depth: Int) -> Int {
        guard depth < Self.maximumNesting else { return bytes.count }
        let multiline = peek(start + 1) == ASCII.quote && peek(start + 2) == ASCII.quote
        var i = start + (multiline ? 3 : 1)
        while i < bytes.count {
            let c = bytes[i]
            if c == ASCII.newline, !multiline { return i }
            if c == ASCII.backslash, hasHashes(hashes, at: i + 1) {
                let after = i + 1 + hashes
                if peek(after) == ASCII.openParen {
                    i = endOfInterpolation(from: after, depth: depth + 1)
                } else {
                    i = after + 1
                }
                continue
            }
            if c == ASCII.quote {
                if multiline {
                    if peek(i + 1) == ASCII.quote, peek(i + 2) == ASCII.quote, hasHashes(hashes, at: i + 3) { return i + 3 + hashes }
                } else if hasHashes(hashes, at: i + 1) {
                    return i + 1 + hashes
                }
            }
            i += 1
        }
        return i
    }

    private func hasHashes(_ count: Int, at i: Int) -> Bool {
        guard count > 0 else { return true }
        guard i + count <= bytes.count else { return false }
        return bytes[i..<(i + count)].allSatisfy { $0 == ASCII.pound }
    }

    /// The end of `(…)` at `open`, inside which strings and comments may nest.
    private func endOfInterpolation(from open: Int, depth: Int) -> Int {
        var depth = 0
        var i = open
        while i < bytes.count {
            let c = bytes[i]
            if c == ASCII.openParen {
                depth += 1
            } else if c == ASCII.closeParen {
                depth -= 1
                if depth == 0 { return i + 1 }
            } else if c == ASCII.quote {
                i = endOfString(from: i, hashes: 0, depth: depth)
                continue
            } else if c == ASCII.pound, let hashes = rawStringHashes(at: i) {
                i = endOfString(from: i + hashes, hashes: hashes, depth: depth)
                continue
            } else if c == ASCII.slash, peek(i + 1) == ASCII.star {
                i = endOfBlockComment(from: i)
                continue
            }
            i += 1
        }
        return i
    }
}

enum ASCII {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let pound = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let backtick = UInt8(ascii: "`")
    static let dollar = UInt8(ascii: "$")
    static let underscore = UInt8(ascii: "_")
    static let dot = UInt8(ascii: ".")
    static let backslash = UInt8(ascii: "\\")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
}
