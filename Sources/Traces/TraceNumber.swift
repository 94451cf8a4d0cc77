import Foundation

/// How traces print and read numbers. Printed: the shortest text that reads back as the same
/// value, without a trailing ".0" (also how `JSONEncoder` prints them, which the replay's
/// hand-written JSON relies on). Read: decimal numbers only (`Traces/FORMAT.md`).
package enum TraceNumber {
    package static func format(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// `text` as a decimal number: an optional sign, digits with an optional decimal point (at
    /// least one digit), and an optional exponent (`e` or `E`, an optional sign, digits), as
    /// `format` prints them (`0.25`, `-3`, `1e-05`). Nil for anything else (hexadecimal such as
    /// `0x1p-2`, `nan`, `inf`, which Swift's `Double(_:)` accepts) and for a value too large to be
    /// finite.
    package static func decimal(_ text: Substring) -> Double? {
        let bytes = text.utf8
        var index = bytes.startIndex
        func skipDigits() -> Int {
            var count = 0
            while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                count += 1
                index = bytes.index(after: index)
            }
            return count
        }
        func skip(_ bytesAccepted: UInt8...) {
            if index < bytes.endIndex, bytesAccepted.contains(bytes[index]) { index = bytes.index(after: index) }
        }
        skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
        var digits = skipDigits()
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: ".") {
            index = bytes.index(after: index)
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index = bytes.index(after: index)
            skip(UInt8(ascii: "+"), UInt8(ascii: "-"))
            guard skipDigits() > 0 else { return nil }
        }
        guard index == bytes.endIndex, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
