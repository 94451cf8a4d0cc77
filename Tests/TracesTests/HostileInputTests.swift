import Foundation
import Geometry
import Testing
@testable import Traces
import Support

/// Broken input of every format: each case gives one clear error with its place (or a located
/// warning where skipping is right), read through the same path as `uisim trace validate` and
/// `uisim replay`, and never a crash, a hang or unbounded memory.
@Suite struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// The file's extension (detection looks at the content, not at this).
        var ext: String
        var content: @Sendable () -> [UInt8]
        /// The first problem, with `F` for the file's path.
        var expected: String
        var testDescription: String { name }
    }

    static func text(_ string: String) -> @Sendable () -> [UInt8] { { Array(string.utf8) } }

    static let native = "uisim-trace 1.0\n"
    static let device = "# EVEMU 1.1\nN: Panel\nA: 2f 0 1 0 0\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\nA: 39 0 65535 0 0\n"   // 6 lines
    static let probe = """
        add device 2: /dev/input/event2
          name:     "ts"
          events:
            ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1000, fuzz 0, flat 0, resolution 0
                        ABS_MT_POSITION_Y     : value 0, min 0, max 1000, fuzz 0, flat 0, resolution 0

        """   // 5 lines
    static let libinput = """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event9
          evdev:
            name: "ts"
            absinfo:
              53: [0, 1000, 0, 0, 0]
              54: [0, 1000, 0, 0, 0]
            properties: [1]
          events:

        """   // 11 lines
    static func pointer(_ id: String, _ actions: String) -> String {
        #"{"type": "pointer", "id": "\#(id)", "parameters": {"pointerType": "touch"}, "actions": [\#(actions)]}"#
    }

    static let cases: [Case] = [
        // uisim's native format
        Case(name: "native: truncated line", ext: "trace", content: text(native + "0 1 down 10\n"),
             expected: "F:2: bad position: expected two decimal numbers X Y after 'down'"),
        Case(name: "native: bad number", ext: "trace", content: text(native + "0.1.2 1 down 10 10\n"),
             expected: "F:2: bad time '0.1.2': expected seconds, a decimal number such as 0.25"),
        Case(name: "native: NaN time", ext: "trace", content: text(native + "nan 1 down 10 10\n"),
             expected: "F:2: bad time 'nan': expected seconds, a decimal number such as 0.25"),
        Case(name: "native: infinite position", ext: "trace", content: text(native + "0 1 down inf 10\n"),
             expected: "F:2: bad position: expected two decimal numbers X Y after 'down'"),
        Case(name: "native: time going backwards", ext: "trace", content: text(native + "1 1 down 1 1\n0.5 1 up\n"),
             expected: "F:3: time 0.5 is earlier than the previous 1"),
        Case(name: "native: id reused while down", ext: "trace", content: text(native + "0 1 down 1 1\n0.1 1 down 2 2\n"),
             expected: "F:3: contact 1 goes down while already down"),
        Case(name: "native: 1000 simultaneous contacts", ext: "trace",
             content: text(native + (0..<1000).map { "0 \($0) down 1 1\n" }.joined()),
             expected: "F:66: more than 64 contacts down at once"),
        Case(name: "native: a 10 MB single line", ext: "trace",
             content: text(native + "0 1 down 1 1 " + String(repeating: "9", count: 10_000_000) + "\n"),
             expected: "F:2: line is longer than 4096 bytes"),
        Case(name: "native: wrong header version", ext: "trace", content: text("uisim-trace 2.0\n0 1 down 1 1\n"),
             expected: "F:1: version 2.0 is not supported: this uisim reads 1.x"),
        Case(name: "any: empty file", ext: "trace", content: text(""), expected: "F: empty file: no trace in it"),
        Case(name: "any: binary garbage", ext: "bin", content: {
            var generator = SeededGenerator(seed: 42)
            return (0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }, expected: "F:1: unknown trace format: expected a uisim trace ('uisim-trace 1.0'), an evemu recording, getevent -lt output, a libinput recording or WebDriver actions JSON"),

        // evemu
        Case(name: "evemu: truncated event", ext: "evemu", content: text(device + "E: 1.000000 0003 0035\n"),
             expected: "F:7: bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'"),
        Case(name: "evemu: bad number", ext: "evemu", content: text(device + "E: 1.0x0000 0003 0035 10\n"),
             expected: "F:7: bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'"),
        Case(name: "evemu: NaN time", ext: "evemu", content: text(device + "E: nan 0003 0035 10\n"),
             expected: "F:7: bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'"),
        Case(name: "evemu: time going backwards", ext: "evemu", content: text(device + "E: 2.0 0000 0000 0000\nE: 1.5 0000 0000 0000\n"),
             expected: "F:8: time -0.5 is earlier than the previous 0"),
        Case(name: "evemu: 1000 slots", ext: "evemu", content: text("N: Big\nA: 2f 0 999 0 0\nA: 35 0 10 0 0\nA: 36 0 10 0 0\nE: 1.0 0000 0000 0000\n"),
             expected: "F:5: ABS_MT_SLOT allows 0...999: uisim reads 1 to 64 slots from 0"),
        Case(name: "evemu: axis min == max", ext: "evemu", content: text("N: Flat\nA: 35 0 1000 0 0\nA: 36 7 7 0 0\nE: 1.0 0000 0000 0000\n"),
             expected: "F:3: axis ABS_MT_POSITION_Y has an empty range 7...7"),
        Case(name: "evemu: wrong header version", ext: "evemu", content: text("# EVEMU 2.0\n" + device.dropFirst(12) + "E: 1.0 0000 0000 0000\n"),
             expected: "F:1: evemu format 2.0 is not supported: uisim reads 1.x"),
        Case(name: "evemu: unknown event code (warning)", ext: "evemu", content: text(device + "E: 1.0 001f 0005 0001\nE: 1.0 0000 0000 0000\n"),
             expected: "F:7: unknown event type 0x1f code 0x5: skipped"),
        Case(name: "evemu: tracking id reused while down (warning)", ext: "evemu",
             content: text(device + "E: 1.0 0003 0039 0001\nE: 1.0 0000 0000 0000\nE: 1.1 0003 0039 0002\nE: 1.1 0000 0000 0000\nE: 1.2 0003 0039 -001\nE: 1.2 0000 0000 0000\n"),
             expected: "F:10: slot 0 got tracking id 2 while contact 1 (id 1) was down: that contact lifts"),   // at the report that ends on line 10
        Case(name: "evemu: slot out of range", ext: "evemu", content: text(device + "E: 1.0 0003 002f 0040\n"),
             expected: "F:7: slot 40 is outside the device's 2 slots"),

        // getevent
        Case(name: "getevent: no time stamps", ext: "getevent", content: text(probe + "/dev/input/event2: EV_ABS       ABS_MT_POSITION_X    00000010\n"),
             expected: "F:6: no time stamp: record with 'getevent -lt' (or -t)"),
        Case(name: "getevent: bad value", ext: "getevent", content: text(probe + "[   1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 0000zz10\n"),
             expected: "F:6: bad value '0000zz10': expected 8 hexadecimal digits"),
        Case(name: "getevent: truncated line", ext: "getevent", content: text(probe + "[   1.000000] /dev/input/event2: EV_ABS\n"),
             expected: "F:6: bad event: expected 'TYPE CODE VALUE'"),
        Case(name: "getevent: unknown event name (warning)", ext: "getevent",
             content: text(probe + "[   1.000000] /dev/input/event2: EV_ABS ABS_MT_WARP_X 00000001\n[   1.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000001\n[   1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"),
             expected: "F:6: unknown event name 'ABS_MT_WARP_X': skipped"),
        Case(name: "getevent: axis min == max", ext: "getevent",
             content: text(probe.replacingOccurrences(of: "ABS_MT_POSITION_Y     : value 0, min 0, max 1000", with: "ABS_MT_POSITION_Y     : value 0, min 0, max 0")),
             expected: "F:5: axis ABS_MT_POSITION_Y has an empty range 0...0"),
        Case(name: "getevent: time going backwards", ext: "getevent",
             content: text(probe + "[   2.000000] /dev/input/event2: EV_ABS ABS_MT_POSITION_X 00000001\n[   1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"),
             expected: "F:7: time -1 is earlier than the previous 0"),

        // libinput record
        Case(name: "libinput: wrong version", ext: "yml", content: text(libinput.replacingOccurrences(of: "version: 1", with: "version: 2")),
             expected: "F:1: libinput record version 2 is not supported: uisim reads version 1"),
        Case(name: "libinput: broken YAML", ext: "yml", content: text(libinput.replacingOccurrences(of: "[0, 1000, 0, 0, 0]\n      54", with: "[0, 1000, 0, 0, 0\n      54")),
             expected: "F:9: bad YAML: did not find expected ',' or ']'"),
        Case(name: "libinput: truncated event row", ext: "yml", content: text(libinput + "  - evdev:\n    - [  0,      0,   3,  53]\n"),
             expected: "F:13: bad event: expected '- [SEC, USEC, TYPE, CODE, VALUE]' with whole numbers in range"),
        Case(name: "libinput: axis min == max", ext: "yml", content: text(libinput.replacingOccurrences(of: "54: [0, 1000", with: "54: [5, 5")),
             expected: "F:9: axis ABS_MT_POSITION_Y has an empty range 5...5"),
        Case(name: "libinput: only a touchpad", ext: "yml", content: text(libinput.replacingOccurrences(of: "properties: [1]", with: "properties: [0, 2]") + "  - evdev:\n    - [  0,      0,   0,   0,      0]\n"),
             expected: "F: no touchscreen in the recording: \"ts\" (/dev/input/event9) is a touchpad (INPUT_PROP_POINTER)"),

        // WebDriver actions
        Case(name: "webdriver: truncated JSON", ext: "json", content: text("{\"actions\": [\n" + pointer("f", #"{"type": "pointerDown"}"#).dropLast(3)),
             expected: "F:2: bad JSON: the document ends inside an object"),
        Case(name: "webdriver: NaN", ext: "json", content: text("{\"actions\": [\n" + pointer("f", "{\"type\": \"pointerMove\",\n \"x\": NaN, \"y\": 1}") + "]}"),
             expected: "F:3: bad JSON: unexpected character 'N'"),
        Case(name: "webdriver: infinite number", ext: "json", content: text("[" + pointer("f", #"{"type": "pointerMove", "x": 1e999, "y": 1}"#) + "]"),
             expected: "F:1: bad JSON: number 1e999 is out of range"),
        Case(name: "webdriver: pointer id reused", ext: "json", content: text("[\n" + pointer("f", "") + ",\n" + pointer("f", "") + "]"),
             expected: "F:3: input source id 'f' is used twice (first on line 2)"),
        Case(name: "webdriver: down while down", ext: "json", content: text("[" + pointer("f", "{\"type\": \"pointerDown\"},\n{\"type\": \"pointerDown\"}") + "]"),
             expected: "F:2: pointer 'f' goes down while already down"),
        Case(name: "webdriver: 1000 pointers", ext: "json", content: text("[" + (0..<1000).map { pointer("f\($0)", "") }.joined(separator: ",\n") + "]"),
             expected: "F:65: more than 64 pointers"),
        Case(name: "webdriver: element origin", ext: "json",
             content: text("[" + pointer("f", #"{"type": "pointerMove", "x": 1, "y": 1, "origin": {"element-6066-11e4-a52e-4f735466cecf": "x"}}"#) + "]"),
             expected: "F:1: origin must be \"viewport\" or \"pointer\": element origins need a live app"),
        Case(name: "webdriver: nested 1000 deep", ext: "json", content: text(String(repeating: "[", count: 1000)),
             expected: "F:1: bad JSON: nested deeper than 32 levels"),
        Case(name: "webdriver: a 10 MB single line", ext: "json", content: text("{\"actions\": \"" + String(repeating: "x", count: 10_000_000) + "\"}"),
             expected: "F:1: expected {\"actions\": [input sources…]} or a list of input sources"),
        Case(name: "webdriver: time past a week", ext: "json", content: text("[" + pointer("f", #"{"type": "pointerDown"}, {"type": "pause", "duration": 604800000}, {"type": "pause", "duration": 1000}, {"type": "pointerUp"}"#) + "]"),
             expected: "F:1: time 604801 is past the limit of 604800 s"),

        // Every other located problem the readers name.
        Case(name: "evemu: bad version", ext: "evemu", content: text("# EVEMU one\n" + device.dropFirst(12) + "E: 1.0 0000 0000 0000\n"),
             expected: "F:1: bad evemu version 'one': expected MAJOR.MINOR such as 1.1"),
        Case(name: "evemu: bad property line", ext: "evemu", content: text("N: P\nP: 02 zz\n"),
             expected: "F:2: bad property line: expected 'P: BYTE BYTE…' in hex"),
        Case(name: "evemu: a report of 5000 events", ext: "evemu",
             content: text(device + String(repeating: "E: 1.0 0003 0035 0001\n", count: 5000)),
             expected: "F:4103: more than 4096 events without a SYN_REPORT"),
        Case(name: "evemu: 65 protocol A contacts in one report", ext: "evemu",
             content: text("N: A\nA: 35 0 1000 0 0\nA: 36 0 1000 0 0\n" + String(repeating: "E: 1.0 0003 0035 0001\nE: 1.0 0003 0036 0001\nE: 1.0 0000 0002 0000\n", count: 65) + "E: 1.0 0000 0000 0000\n"),
             expected: "F:199: more than 64 contacts in one report"),
        Case(name: "evemu: SYN_DROPPED (warning)", ext: "evemu", content: text(device + "E: 1.0 0000 0003 0000\nE: 1.0 0000 0000 0000\n"),
             expected: "F:7: SYN_DROPPED: the device's buffer overflowed; events up to the next SYN_REPORT are skipped"),
        Case(name: "evemu: ends inside a report (warning)", ext: "evemu", content: text(device + "E: 1.0 0003 0035 0001\n"),
             expected: "F: the recording ends inside a report: its last 1 events, without a SYN_REPORT, are skipped"),
        Case(name: "getevent: unclosed time stamp", ext: "getevent", content: text(probe + "[   1.000000 /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"),
             expected: "F:6: bad time stamp: expected '[ SECONDS.MICROS]'"),
        Case(name: "getevent: bad time stamp", ext: "getevent", content: text(probe + "[   1.0.0] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n"),
             expected: "F:6: bad time stamp '1.0.0': expected SECONDS.MICROS"),
        Case(name: "getevent: devices but no events", ext: "getevent", content: text(probe),
             expected: "F: no events: record with 'getevent -lt' (or -t)"),
        Case(name: "getevent: axis line without a range", ext: "getevent", content: text(probe.replacingOccurrences(of: "min 0, max 1000, fuzz 0, flat 0, resolution 0\n    ", with: "fuzz 0\n    ")),
             expected: "F:4: bad axis line: expected ': value V, min MIN, max MAX, …'"),
        Case(name: "libinput: no version", ext: "yml", content: text(libinput.replacingOccurrences(of: "version: 1\n", with: "")),
             expected: "F:1: not a libinput recording: it starts with 'version: 1'"),
        Case(name: "libinput: a device without evdev", ext: "yml", content: text("version: 1\ndevices:\n- node: /dev/input/event1\n  events:\n"),
             expected: "F:4: a device without an 'evdev:' description before its events"),
        Case(name: "libinput: bad absinfo", ext: "yml", content: text(libinput.replacingOccurrences(of: "53: [0, 1000, 0, 0, 0]", with: "53: [zero]")),
             expected: "F:8: bad absinfo entry: expected 'CODE: [MIN, MAX, FUZZ, FLAT, RESOLUTION]'"),
        Case(name: "libinput: a 2 MB description", ext: "yml",
             content: text("version: 1\n" + String(repeating: "# " + String(repeating: "x", count: 1000) + "\n", count: 2100)),
             expected: "F:1: a device description is longer than 1048576 bytes"),
        Case(name: "webdriver: unknown source type", ext: "json", content: text(#"[{"type": "gamepad", "id": "g", "actions": []}]"#),
             expected: "F:1: unknown input source type 'gamepad': expected pointer, key, none or wheel"),
        Case(name: "webdriver: source without id", ext: "json", content: text(#"[{"type": "pointer", "actions": []}]"#),
             expected: "F:1: an input source needs an \"id\""),
        Case(name: "webdriver: unknown pointerType", ext: "json", content: text(#"[{"type": "pointer", "id": "p", "parameters": {"pointerType": "laser"}, "actions": []}]"#),
             expected: "F:1: unknown pointerType 'laser': expected touch, pen or mouse"),
        Case(name: "webdriver: unknown action", ext: "json", content: text("[" + pointer("f", "\n{\"type\": \"pointerWiggle\"}") + "]"),
             expected: "F:2: unknown action 'pointerWiggle' for a pointer input source"),
        Case(name: "webdriver: move without y", ext: "json", content: text("[" + pointer("f", #"{"type": "pointerMove", "x": 1}"#) + "]"),
             expected: "F:1: pointerMove needs numbers \"x\" and \"y\""),
        Case(name: "webdriver: negative duration", ext: "json", content: text("[" + pointer("f", #"{"type": "pause", "duration": -5}"#) + "]"),
             expected: "F:1: bad duration: expected milliseconds from 0 to 604800000"),
        Case(name: "webdriver: pressure above 1", ext: "json", content: text("[" + pointer("f", #"{"type": "pointerDown", "pressure": 3}"#) + "]"),
             expected: "F:1: bad pressure: expected a number from 0 to 1"),
        Case(name: "webdriver: no pointer", ext: "json", content: text(#"{"actions": [{"type": "none", "id": "n", "actions": [{"type": "pause", "duration": 10}]}]}"#),
             expected: "F:1: no pointer input source and no key typed: nothing touches the screen"),
        Case(name: "webdriver: broken surrogate pair", ext: "json", content: text(#"["\ud800\u0041"]"#),
             expected: "F:1: bad JSON: bad surrogate pair in a string"),
        Case(name: "webdriver: a 17 MB file", ext: "json", content: { Array("[".utf8) + Array(repeating: UInt8(ascii: " "), count: 17 * 1024 * 1024) + Array("]".utf8) },
             expected: "F: larger than 16777216 bytes: too large to read whole"),
    ]

    @Test func atLeastTwentyFiveCasesAcrossEveryFormat() {
        #expect(Self.cases.count >= 25)
        #expect(Set(Self.cases.map { $0.name.split(separator: ":")[0] }) == ["native", "any", "evemu", "getevent", "libinput", "webdriver"])
    }

    @Test(arguments: cases)
    func brokenInputGivesALocatedProblem(_ item: Case) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-hostile-\(UUID().uuidString).\(item.ext)")
        try Data(item.content()).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let problems = try TraceFile.problems(in: url)
        #expect(problems.first?.description == item.expected.replacingOccurrences(of: "F", with: url.path, options: .anchored))
        // Every problem names the file, and a line wherever one line is to blame.
        #expect(problems.allSatisfy { $0.file == url.path })
        #expect(problems.count <= 1000)
    }
}
