import Foundation

/// Splitting and trimming of trace lines on their UTF-8 bytes. The separators uisim's formats
/// use (spaces, tabs, `#`) are ASCII, so cutting at them never splits a character; working on
/// bytes avoids Foundation's `trimmingCharacters` and grapheme-by-grapheme `split`, which cost
/// most of a line's parsing.
enum TraceText {
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), hash = UInt8(ascii: "#")

    /// `text` without the spaces and tabs around it.
    static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != space && $0 != tab }) else { return text[text.endIndex...] }
        let last = bytes.lastIndex(where: { $0 != space && $0 != tab })!
        return text[first...last]
    }

    /// `text` up to its first `#` (a comment), trimmed.
    static func uncommented(_ text: Substring) -> Substring {
        let end = text.utf8.firstIndex(of: hash) ?? text.endIndex
        return trimmed(text[..<end])
    }

    /// The words of `text`, between spaces and tabs.
    static func fields(_ text: Substring) -> [Substring] {
        text.utf8.split(whereSeparator: { $0 == space || $0 == tab }).map { Substring($0) }
    }

    /// Whether `text` holds `byte` (an ASCII character).
    static func contains(_ text: Substring, _ byte: UInt8) -> Bool {
        text.utf8.contains(byte)
    }
}
