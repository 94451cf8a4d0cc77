import Foundation
import Testing
@testable import Traces

/// Errors and warnings echo at most 80 characters of any piece of input, then its length, in
/// every format (issue #28: a 10 MB pointer id was echoed whole to standard error); control
/// characters in input are escaped.
@Suite struct InputEchoTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var ext: String
        var content: @Sendable () -> String
        /// A problem (error or warning) that must be among those reported, in full.
        var expected: String
        var testDescription: String { name }
    }

    static let huge = 10 * 1024 * 1024
    static func a(_ count: Int) -> String { String(repeating: "a", count: count) }
    static let cut = "'" + a(80) + "…'"

    static let cases: [Case] = [
        Case(name: "native: a long phase", ext: "trace", content: { "uisim-trace 1.0\n0 1 " + a(4000) + " 1 1\n" },
             expected: "F:2: bad phase \(cut) (4000 characters): expected down, move, up or cancel"),
        Case(name: "native: a long attribute name", ext: "trace", content: { "uisim-trace 1.0\n0 1 down 1 1 " + a(3000) + "=x\n" },
             expected: "F:2: bad \(a(80))… (3000 characters) 'x': expected a decimal number"),
        Case(name: "native: a long header key", ext: "trace", content: { "uisim-trace 1.0\n" + a(4000) + "\n" },
             expected: "F:2: unknown header key \(cut) (4000 characters)"),
        Case(name: "evemu: a long device name", ext: "evemu", content: { "# EVEMU 1.3\nN: " + a(4000) + "\nE: 1.0 0000 0000 0000\n" },
             expected: "F: no touchscreen in the recording: \"\(a(80))…\" (4000 characters) has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)"),
        Case(name: "evemu: a long version", ext: "evemu", content: { "# EVEMU " + a(4000) + "\n" },
             expected: "F:1: bad evemu version \(cut) (4000 characters): expected MAJOR.MINOR such as 1.1"),
        Case(name: "getevent: a long event name", ext: "getevent",
             content: { HostileInputTests.probe + "[   1.000000] /dev/input/event2: EV_ABS " + a(4000) + " 00000001\n" },
             expected: "F:6: unknown event name \(cut) (4000 characters): skipped"),
        Case(name: "getevent: a long device name and node", ext: "getevent",
             content: { "add device 1: /dev/" + a(2000) + "\n  name:     \"" + a(2000) + "\"\n  input props:\n    INPUT_PROP_DIRECT\n"
                 + "[   1.000000] /dev/" + a(2000) + ": EV_KEY KEY_POWER DOWN\n" },
             expected: "F: no touchscreen in the recording: \"\(a(80))…\" (2000 characters) (/dev/\(a(75))… (2005 characters)) has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)"),
        Case(name: "libinput: a long version", ext: "yml", content: { "version: " + a(4000) + "\ndevices:\n- evdev:\n  events:\n" },
             expected: "F:1: bad version \(cut) (4000 characters): expected 1"),
        Case(name: "libinput: a long device name", ext: "yml",
             content: { HostileInputTests.libinput.replacingOccurrences(of: "name: \"ts\"", with: "name: \"" + a(4000) + "\"")
                 .replacingOccurrences(of: "properties: [1]", with: "properties: [0]") + "  - evdev:\n    - [  0,      0,   0,   0,      0]\n" },
             expected: "F: no touchscreen in the recording: \"\(a(80))…\" (4000 characters) (/dev/input/event9) is a touchpad (INPUT_PROP_POINTER)"),
        Case(name: "webdriver: a 10 MB pointer id", ext: "json",
             content: { #"[{"type": "pointer", "id": ""# + a(huge) + #"", "actions": [{"type": "pointerDown"}]}]"# },
             expected: "F:1: pointer \(cut) (10485760 characters) is a mouse (the default pointerType): replayed as a finger"),
        Case(name: "webdriver: a 10 MB pointer id left down", ext: "json",
             content: { #"[{"type": "pointer", "id": ""# + a(huge) + #"", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerDown"}]}]"# },
             expected: "F: pointer \(cut) (10485760 characters) was still down at the end: cancelled at 0 s"),
        Case(name: "webdriver: a 10 MB action type", ext: "json",
             content: { #"[{"type": "pointer", "id": "f", "actions": [{"type": ""# + a(huge) + #""}]}]"# },
             expected: "F:1: unknown action \(cut) (10485760 characters) for a pointer input source"),
        Case(name: "webdriver: a 10 MB member name", ext: "json", content: { #"{""# + a(huge) + #"" 1}"# },
             expected: "F:1: bad JSON: expected ':' after member name \"\(a(80))…\" (10485760 characters)"),
        Case(name: "webdriver: a 10 MB number", ext: "json", content: { "[1" + String(repeating: "0", count: huge) + "]" },
             expected: "F:1: bad JSON: number 1\(String(repeating: "0", count: 79))… (10485761 characters) is out of range"),
        Case(name: "webdriver: control characters in an id", ext: "json",
             content: { #"[{"type": "pointer", "id": "a\u001b[2J\nb", "parameters": {"pointerType": "pen"}, "actions": [{"type": "pointerDown"}]}]"# },
             expected: "F: pointer 'a\\u{1B}[2J\\nb' was still down at the end: cancelled at 0 s"),
    ]

    @Test(arguments: cases)
    func inputIsEchoedAtMostEightyCharacters(_ item: Case) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-echo-\(UUID().uuidString).\(item.ext)")
        try Data(item.content().utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let problems = try TraceFile.problems(in: url).map { $0.description.replacingOccurrences(of: url.path, with: "F") }
        #expect(problems.contains(item.expected), "\(problems.map { String($0.prefix(300)) })")
        #expect(problems.allSatisfy { $0.count < 400 })
    }

    @Test func quotedAndCapped() {
        #expect(TraceEcho.quoted("abc") == "'abc'" && TraceEcho.quoted("abc", "\"") == "\"abc\"")
        #expect(TraceEcho.quoted(Self.a(80)) == "'\(Self.a(80))'")
        #expect(TraceEcho.quoted(Self.a(81)) == "'\(Self.a(80))…' (81 characters)")
        // Characters, not bytes: 80 é (160 bytes) are shown whole.
        #expect(TraceEcho.capped(String(repeating: "é", count: 80)) == String(repeating: "é", count: 80))
        #expect(TraceEcho.capped(String(repeating: "é", count: 100)) == String(repeating: "é", count: 80) + "… (100 characters)")
        #expect(TraceEcho.capped("tab\tand\u{7f}") == "tab\\tand\\u{7F}")
    }
}
