import Foundation

/// A JSON value and the line it starts on, so that a problem in a JSON trace can name its line
/// (Foundation's parsers do not say where a value was). Strict RFC 8259, nesting at most
/// `TraceLimits.maxJSONDepth` deep.
package struct JSONNode {
    package indirect enum Value {
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package let value: Value
    /// 1-based line where the value starts.
    package let line: Int
    /// A number's text as written, kept only when the number is not what it says: beyond 2^53
    /// (1e300, 18446744073709551616), where a Double no longer holds every whole number, so that
    /// 9007199254740993 would be read as 9007199254740992 without a word. Nil for everything else.
    package var unheldNumber: String?

    package init(value: Value, line: Int, unheldNumber: String? = nil) {
        self.value = value
        self.line = line
        self.unheldNumber = unheldNumber
    }

    /// The numbers of the document that a Double does not hold as written (`unheldNumber`), each
    /// with its path ("counts.draws", "traces[2].figures") and line, in document order.
    package func unheldNumbers(path: String = "") -> [(path: String, text: String, line: Int)] {
        switch value {
        case .object(let members):
            return members.flatMap { $0.value.unheldNumbers(path: path.isEmpty ? $0.key : "\(path).\($0.key)") }
        case .array(let items):
            return items.enumerated().flatMap { $1.unheldNumbers(path: "\(path)[\($0)]") }
        default:
            return unheldNumber.map { [(path, $0, line)] } ?? []
        }
    }

    package subscript(key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    package var string: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    package var number: Double? {
        if case let .number(number) = value { return number }
        return nil
    }

    package var array: [JSONNode]? {
        if case let .array(items) = value { return items }
        return nil
    }

    package var isObject: Bool {
        if case .object = value { return true }
        return false
    }

    /// Parses `bytes` (UTF-8) as one JSON document; errors name `file` and the line.
    package static func parse(_ bytes: [UInt8], file: String) throws -> JSONNode {
        var parser = JSONParser(bytes: bytes, file: file)
        let node = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON document") }
        return node
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var index = 0
    var line = 1

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    func error(_ message: String) -> TraceError {
        TraceError(file: file, line: line, "bad JSON: \(message)")
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    mutating func value(depth: Int) throws -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else { throw error("the document ends where a value was expected") }
        let start = line
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < TraceLimits.maxJSONDepth else { throw error("nested deeper than \(TraceLimits.maxJSONDepth) levels") }
            index += 1
            var members: [(key: String, value: JSONNode)] = []
            skipWhitespace()
            if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: start) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name") }
                let key = try string()
                skipWhitespace()
                guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after member name \(TraceEcho.quoted(key, "\""))") }
                members.append((key, try value(depth: depth + 1)))
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "}")) { return JSONNode(value: .object(members), line: start) }
                throw error(index >= bytes.count ? "the document ends inside an object" : "expected ',' or '}' in an object")
            }
        case UInt8(ascii: "["):
            guard depth < TraceLimits.maxJSONDepth else { throw error("nested deeper than \(TraceLimits.maxJSONDepth) levels") }
            index += 1
            var items: [JSONNode] = []
            skipWhitespace()
            if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(items), line: start) }
            while true {
                items.append(try value(depth: depth + 1))
                skipWhitespace()
                if peek(UInt8(ascii: ",")) { continue }
                if peek(UInt8(ascii: "]")) { return JSONNode(value: .array(items), line: start) }
                throw error(index >= bytes.count ? "the document ends inside an array" : "expected ',' or ']' in an array")
            }
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try string()), line: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONNode(value: .bool(true), line: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONNode(value: .bool(false), line: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONNode(value: .null, line: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (number, unheld) = try self.number()
            return JSONNode(value: .number(number), line: start, unheldNumber: unheld)
        default:
            throw error("unexpected character '\(Unicode.Scalar(bytes[index]).escaped(asASCII: true))'")
        }
    }

    private mutating func peek(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func literal(_ word: String) throws {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected '\(word)'")
        }
        index += expected.count
    }

    /// The number, and its text when a Double does not hold it as written (`unheldNumber`).
    private mutating func number() throws -> (Double, String?) {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        _ = peek(UInt8(ascii: "-"))
        guard digits() > 0 else { throw error("expected digits in a number") }
        if peek(UInt8(ascii: ".")) { guard digits() > 0 else { throw error("expected digits after '.'") } }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            _ = peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-"))
            guard digits() > 0 else { throw error("expected digits in an exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw error("number \(TraceEcho.capped(text)) is out of range") }
        guard number.magnitude >= 0x1p53 else { return (number, nil) }
        // From 2^53 on, whole numbers are held exactly only when the text is that very number.
        let whole = !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        let held = whole && Int64(text).map { Double(exactly: $0) != nil && $0.magnitude <= 1 << 53 } == true
        return (number, held ? nil : TraceEcho.capped(text))
    }

    private mutating func string() throws -> String {
        index += 1   // the opening quote
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(index)
                index += 1
                guard index < bytes.count else { throw error("the document ends inside a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{c}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("bad surrogate pair in a string") }
                        code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw error("bad escape '\\\(Unicode.Scalar(escape).escaped(asASCII: true))' in a string")
                }
                run = index
            case 0..<0x20:
                throw error(byte == UInt8(ascii: "\n") ? "the line ends inside a string" : "control character in a string")
            default:
                index += 1
            }
        }
        throw error("the document ends inside a string")
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw error("expected 4 hexadecimal digits after '\\u'")
        }
        index += 4
        return code
    }
}
