import Foundation

// The XML of Interface Builder documents (document format 3.0), read by a tokenizer of our own
// rather than FoundationXML's `XMLParser`: that one is libxml2 underneath, which expands internal
// entities and cannot bound the depth or say which line an element started on for us. This one
// reads the subset Xcode writes (the XML declaration, elements, attributes, text, comments, the
// five predefined entities and character references) and refuses the rest: a DOCTYPE, any other
// entity, a processing instruction, CDATA. It expands nothing and fetches nothing; the size, the
// depth, the number of elements and of attributes are bounded (`NibLimits`), so no document, however
// hostile, takes more than linear work. As the trace readers (JSONDocument), errors name the line.

/// The bounds every Interface Builder document is read within.
public enum NibLimits {
    /// The largest document read (a storyboard of a big app is a few MB).
    public static let maxDocumentBytes = 16 * 1024 * 1024
    /// The deepest nesting of elements (a view 40 levels down is about 120 elements deep).
    public static let maxDepth = 256
    /// The most elements one document may hold.
    public static let maxElements = 500_000
    /// The most attributes one element may have.
    public static let maxAttributes = 256
}

/// A document that cannot be loaded: `file:line: message`, as UIKit would throw it, with the
/// document's name and the line of the element at fault.
public struct NibLoadingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The document's name as given (its path, or "Name.xib" for a nib made from data).
    public let file: String
    /// 1-based line, or nil for a problem with the whole document.
    public let line: Int?
    public let message: String

    public init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}

/// One element of the document: its name, attributes in order, children, text and line.
final class NibXMLElement {
    let name: String
    let attributes: [(name: String, value: String)]
    let line: Int
    var children: [NibXMLElement] = []
    var text = ""

    init(name: String, attributes: [(name: String, value: String)], line: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    subscript(attribute: String) -> String? {
        attributes.first(where: { $0.name == attribute })?.value
    }

    /// The first child named `name` (with `key` when given).
    func child(_ name: String, key: String? = nil) -> NibXMLElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children of the first child named `name` (`<subviews>`, `<constraints>`, `<connections>`).
    func children(of name: String) -> [NibXMLElement] {
        child(name)?.children ?? []
    }
}

/// Reads one document into its root element.
struct NibXMLReader {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var elements = 0

    /// Parses `data` (UTF-8) whole; errors name `file` and the line.
    static func parse(_ data: Data, file: String) throws(NibLoadingError) -> NibXMLElement {
        guard data.count <= NibLimits.maxDocumentBytes else {
            throw NibLoadingError(file: file, line: nil, "larger than \(NibLimits.maxDocumentBytes) bytes")
        }
        var reader = NibXMLReader(bytes: [UInt8](data), file: file)
        return try reader.document()
    }

    private init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    private func error(_ message: String, line: Int? = nil) -> NibLoadingError {
        NibLoadingError(file: file, line: line ?? self.line, message)
    }

    private var atEnd: Bool { index >= bytes.count }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != pointer[offset] { return false }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func skipSpace() {
        while let byte = peek(), Self.isSpace(byte) { advance() }
    }

    private mutating func document() throws(NibLoadingError) -> NibXMLElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }   // a UTF-8 byte order mark
        if starts(with: "<?xml") {
            let start = line
            advance(5)
            guard let end = find("?>") else { throw error("the XML declaration is not closed", line: start) }
            let declaration = string(index..<end)
            if let encoding = declaration.range(of: "encoding=") {
                let value = declaration[encoding.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" }
                guard value.uppercased() == "UTF-8" else { throw error("encoding \(value) is not UTF-8", line: start) }
            }
            advance(end + 2 - index)
        }
        var root: NibXMLElement?
        while true {
            skipSpace()
            if atEnd { break }
            if try skipMarkupOtherThanElements() { continue }
            guard peek() == UInt8(ascii: "<"), root == nil else {
                throw error(root == nil ? "text before the document's element" : "content after the document's element")
            }
            root = try element(depth: 1)
        }
        guard let root else { throw error("no document element: not an Interface Builder document", line: nil) }
        return root
    }

    /// Skips a comment; refuses a DOCTYPE, a processing instruction or CDATA. True when it skipped.
    private mutating func skipMarkupOtherThanElements() throws(NibLoadingError) -> Bool {
        if starts(with: "<!--") {
            let start = line
            advance(4)
            guard let end = find("--") else { throw error("a comment is not closed", line: start) }
            advance(end - index)
            guard starts(with: "-->") else { throw error("\"--\" inside a comment") }
            advance(3)
            return true
        }
        if starts(with: "<!DOCTYPE") || starts(with: "<!doctype") {
            throw error("a DOCTYPE is not allowed in an Interface Builder document (no DTD is read, no entity defined)")
        }
        if starts(with: "<![CDATA[") { throw error("CDATA sections are not written by Xcode and not read") }
        if starts(with: "<!") { throw error("markup declarations are not allowed") }
        if starts(with: "<?") { throw error("processing instructions are not allowed") }
        return false
    }

    /// The index where `text` next starts, from the current index.
    private func find(_ text: StaticString) -> Int? {
        let count = text.utf8CodeUnitCount
        let pointer = text.utf8Start
        var position = index
        while position + count <= bytes.count {
            var match = true
            for offset in 0..<count where bytes[position + offset] != pointer[offset] { match = false; break }
            if match { return position }
            position += 1
        }
        return nil
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...:
            true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            !first
        default:
            false
        }
    }

    private mutating func name() throws(NibLoadingError) -> String {
        let start = index
        guard let first = peek(), Self.isNameByte(first, first: true) else {
            throw error("expected a name, found \(describe(peek()))")
        }
        while let byte = peek(), Self.isNameByte(byte, first: index == start) { advance() }
        return try validated(start..<index)
    }

    private func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the document" }
        if byte >= 0x21 && byte < 0x7F { return "\"\(Character(UnicodeScalar(byte)))\"" }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func validated(_ range: Range<Int>) throws(NibLoadingError) -> String {
        guard let text = String(validating: bytes[range], as: UTF8.self) else { throw error("not UTF-8") }
        return text
    }

    /// An element and everything in it; the reader is at its "<".
    private mutating func element(depth: Int) throws(NibLoadingError) -> NibXMLElement {
        guard depth <= NibLimits.maxDepth else { throw error("elements nested deeper than \(NibLimits.maxDepth) levels") }
        elements += 1
        guard elements <= NibLimits.maxElements else { throw error("more than \(NibLimits.maxElements) elements") }
        let start = line
        advance()   // "<"
        let elementName = try name()
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = peek().map(Self.isSpace) ?? false
            skipSpace()
            guard let byte = peek() else { throw error("<\(elementName)> is not closed", line: start) }
            if byte == UInt8(ascii: "/") {
                advance()
                guard peek() == UInt8(ascii: ">") else { throw error("expected \">\" after \"/\" in <\(elementName)>") }
                advance()
                return NibXMLElement(name: elementName, attributes: attributes, line: start)
            }
            if byte == UInt8(ascii: ">") { advance(); break }
            guard hadSpace else { throw error("expected a space before an attribute of <\(elementName)>") }
            let attributeName = try name()
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw error("attribute \(attributeName) of <\(elementName)> has no value") }
            advance()
            skipSpace()
            let value = try quotedValue(of: attributeName)
            guard !attributes.contains(where: { $0.name == attributeName }) else {
                throw error("attribute \(attributeName) given twice in <\(elementName)>")
            }
            guard attributes.count < NibLimits.maxAttributes else {
                throw error("<\(elementName)> has more than \(NibLimits.maxAttributes) attributes")
            }
            attributes.append((attributeName, value))
        }
        let node = NibXMLElement(name: elementName, attributes: attributes, line: start)
        var text = ""
        while true {
            guard let byte = peek() else { throw error("<\(elementName)> (line \(start)) is not closed at the end of the document") }
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    advance(2)
                    let closing = try name()
                    skipSpace()
                    guard peek() == UInt8(ascii: ">") else { throw error("expected \">\" to end </\(closing)>") }
                    advance()
                    guard closing == elementName else {
                        throw error("</\(closing)> closes <\(elementName)> opened on line \(start)")
                    }
                    node.text = text
                    return node
                }
                if try skipMarkupOtherThanElements() { continue }
                node.children.append(try element(depth: depth + 1))
            } else {
                text += try characterData(until: UInt8(ascii: "<"), normalizingSpace: false)
            }
        }
    }

    private mutating func quotedValue(of attribute: String) throws(NibLoadingError) -> String {
        guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw error("the value of \(attribute) is not quoted")
        }
        let start = line
        advance()
        let value = try characterData(until: quote, normalizingSpace: true)
        guard peek() == quote else { throw error("the value of \(attribute) is not closed", line: start) }
        advance()
        return value
    }

    /// Text up to `end` (not consumed), references replaced; in an attribute value, a tab, line
    /// feed or carriage return is a space (XML's normalization) and "<" is an error.
    private mutating func characterData(until end: UInt8, normalizingSpace: Bool) throws(NibLoadingError) -> String {
        var result = ""
        var runStart = index
        func flush(_ reader: Self, _ result: inout String, _ runStart: Int) throws(NibLoadingError) {
            if runStart < reader.index { result += try reader.validated(runStart..<reader.index) }
        }
        while let byte = peek(), byte != end {
            if byte == UInt8(ascii: "&") {
                try flush(self, &result, runStart)
                result.append(try reference())
                runStart = index
            } else if normalizingSpace && byte == UInt8(ascii: "<") {
                throw error("\"<\" inside an attribute value")
            } else if normalizingSpace && (byte == 0x09 || byte == 0x0A || byte == 0x0D) {
                try flush(self, &result, runStart)
                result.append(" ")
                advance()
                runStart = index
            } else {
                advance()
            }
        }
        if atEnd && normalizingSpace { throw error("an attribute value is not closed at the end of the document") }
        try flush(self, &result, runStart)
        return result
    }

    /// `&name;` or `&#…;`, the reader at "&": only the five predefined entities and character
    /// references exist here.
    private mutating func reference() throws(NibLoadingError) -> Character {
        advance()
        let start = index
        while let byte = peek(), byte != UInt8(ascii: ";"), index - start < 12 { advance() }
        guard peek() == UInt8(ascii: ";") else { throw error("\"&\" not followed by a reference ending in \";\"") }
        let name = string(start..<index)
        advance()
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, value != 0, let scalar = UnicodeScalar(value) { return Character(scalar) }
            throw error("&\(name); is not a character")
        }
        throw error("entity &\(name); is not defined (only &lt; &gt; &amp; &quot; &apos; and character references are read)")
    }
}
