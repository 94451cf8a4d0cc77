import Foundation

/// Reads a file line by line with a fixed-size buffer, so memory does not grow with the file.
/// Lines end with "\n" (a "\r" before it is dropped); a line longer than
/// `TraceLimits.maxLineLength` is an error at its line.
package struct LineReader {
    let name: String
    private let channel: InputChannel?
    private var memory: [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    package private(set) var lineNumber = 0
    private static let chunk = 64 * 1024
    /// The longest line accepted, in bytes.
    private var maxLineLength = TraceLimits.maxLineLength
    /// Whether a line that is not UTF-8 (a stray byte, an overlong form, a surrogate) is an error
    /// at its line and byte, as uisim's own format requires, rather than read with U+FFFD in place.
    package var requiresUTF8 = false

    package init(url: URL, maxLineLength: Int = TraceLimits.maxLineLength, interruption: Int32? = nil) throws {
        name = url.path
        self.maxLineLength = maxLineLength
        channel = try InputChannel(path: url.path, interruption: interruption)
    }

    init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    init(name: String, bytes: [UInt8]) {
        self.name = name
        channel = nil
        memory = bytes
    }

    /// Lines of `prefix` (bytes already read from `channel`), then of the rest of `channel`: a
    /// file, a pipe or standard input read once, from its start.
    init(name: String, channel: InputChannel, prefix: [UInt8]) {
        self.name = name
        self.channel = channel
        memory = prefix
    }

    /// The next line without its terminator, or nil at the end of the file. A line longer than
    /// the limit is an error; it is skipped, so reading can go on after it.
    package mutating func next() throws -> String? {
        while true {
            if skippingLongLine {
                guard let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) else {
                    start = buffer.count
                    if atEnd { return nil }
                    try fill()
                    continue
                }
                start = newline + 1
                skippingLongLine = false
                continue
            }
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if newline - start > maxLineLength + 1 {
                    start = newline + 1
                    throw longLine()
                }
                let from = start
                start = newline + 1   // past it before it is read: a line in error is skipped
                return try take(from: from, upTo: newline)
            }
            if buffer.count - start > maxLineLength + 1 {
                skippingLongLine = true
                throw longLine()
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let from = start
                start = buffer.count
                return try take(from: from, upTo: buffer.count)
            }
            try fill()
        }
    }

    private mutating func take(from start: Int, upTo end: Int) throws -> String {
        lineNumber += 1
        var stop = end
        if stop > start && buffer[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        var first = start
        // A UTF-8 byte-order mark (Windows editors write one) is not part of the first line.
        if lineNumber == 1 && stop - first >= 3 && buffer[first] == 0xEF && buffer[first + 1] == 0xBB && buffer[first + 2] == 0xBF {
            first += 3
        }
        if requiresUTF8, let offset = Self.firstInvalidUTF8(buffer[first..<stop]) {
            let byte = buffer[first + offset]
            throw TraceError(file: name, line: lineNumber,
                             "not UTF-8 at byte \(offset + 1) of the line (0x\(String(byte, radix: 16, uppercase: true))): uisim's traces are UTF-8 text")
        }
        return String(decoding: buffer[first..<stop], as: UTF8.self)
    }

    /// The offset of the first byte of `bytes` that does not begin valid UTF-8 (Unicode's rules:
    /// no overlong forms, no surrogates, nothing past U+10FFFF), or nil when all of it is.
    static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        // Plain ASCII, the usual line, needs no decoding.
        guard bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private var skippingLongLine = false

    /// The error for the line being skipped (it counts as a line).
    private mutating func longLine() -> TraceError {
        lineNumber += 1
        return TraceError(file: name, line: lineNumber, "line is longer than \(maxLineLength) bytes")
    }

    private mutating func fill() throws {
        buffer.removeSubrange(0..<start)
        start = 0
        if let bytes = memory {
            buffer.append(contentsOf: bytes)
            memory = nil
            if channel == nil { atEnd = true }
            return
        }
        let data: [UInt8]
        do {
            data = try channel?.read(upTo: Self.chunk) ?? []
        } catch let error as TraceError {
            throw TraceError(file: name, line: lineNumber + 1, error.message)
        }
        guard !data.isEmpty else {
            atEnd = true
            return
        }
        buffer.append(contentsOf: data)
    }
}
