import Foundation

/// JSON written by hand for what a replay writes every frame (`frames.jsonl`, `trace.json`):
/// `JSONEncoder` and `JSONSerialization` cost more per frame than the frame's own work. Writes
/// the same text `JSONEncoder` does with sorted keys (numbers in their shortest exact form, no
/// trailing `.0`), so that files stay byte for byte what they were; callers give keys in sorted order.
struct JSONText {
    private(set) var text = ""

    init(capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    /// Starts an object; `body` adds its members.
    mutating func object(_ body: (inout JSONObject) -> Void) {
        text += "{"
        var object = JSONObject(text: text)
        text = ""
        body(&object)
        text = object.text + "}"
    }

    static func number(_ value: Double) -> String {
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
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

/// The members of an object being written.
struct JSONObject {
    fileprivate(set) var text: String
    private var first = true

    fileprivate init(text: String) {
        self.text = text
    }

    private mutating func key(_ name: String) {
        text += first ? "\"" : ",\""
        first = false
        text += name
        text += "\":"
    }

    mutating func callAsFunction(_ name: String, _ value: Double) {
        key(name)
        text += JSONText.number(value)
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
        text += "{"
        var inner = JSONObject(text: text)
        text = ""
        body(&inner)
        text = inner.text + "}"
    }
}
