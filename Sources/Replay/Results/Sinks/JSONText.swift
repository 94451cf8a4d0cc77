import Foundation
import Traces

/// JSON written by hand for what a replay writes every frame (`frames.jsonl`, `trace.json`):
/// `JSONEncoder` and `JSONSerialization` cost more per frame than the frame's own work. Writes
/// the same text `JSONEncoder` does with sorted keys (numbers in their shortest exact form, no
/// trailing `.0`), so that files stay byte for byte what they were; callers give keys in sorted order.
enum JSONText {
    /// One object; `body` adds its members.
    static func object(capacity: Int, _ body: (inout JSONObject) -> Void) -> String {
        var object = JSONObject(capacity: capacity)
        object.write(body)
        return object.text
    }

    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{c}": out += "\\f"
            case let c where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// The members of the object being written (nested objects are written in place).
struct JSONObject {
    private(set) var text = ""
    private var first = true

    fileprivate init(capacity: Int) {
        text.reserveCapacity(capacity)
    }

    /// `{`, the members `body` adds, `}`.
    fileprivate mutating func write(_ body: (inout JSONObject) -> Void) {
        text += "{"
        let outer = first
        first = true
        body(&self)
        first = outer
        text += "}"
    }

    private mutating func key(_ name: String) {
        text += first ? "\"" : ",\""
        first = false
        text += name
        text += "\":"
    }

    mutating func callAsFunction(_ name: String, _ value: Double) {
        key(name)
        text += TraceNumber.format(value)
    }

    mutating func callAsFunction(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
    }

    mutating func callAsFunction(_ name: String, _ value: String) {
        key(name)
        text += JSONText.string(value)
    }

    mutating func callAsFunction(_ name: String, object body: (inout JSONObject) -> Void) {
        key(name)
        write(body)
    }
}
