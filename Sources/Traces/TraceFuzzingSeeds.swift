import Foundation

/// Generated seeds for the fuzzing corpus (`make fuzz` writes them beside the fixtures): inputs
/// at the places where readers broke before (issue #28), so that libFuzzer starts from them and
/// mutates around them. For WebDriver actions, swipes over a grid of pauses and durations (every
/// 50 ms from 0 to 2 s) and odd ones; for every format, integers and numbers at their extremes.
extension TraceFuzzing {
    /// The seeds for `format`'s reader, each a file name and its content.
    package static func seeds(_ format: TraceFile.Format) -> [(name: String, text: String)] {
        switch format {
        case .webDriverActions: return webDriverSeeds
        case .native: return nativeSeeds
        case .evemu, .getevent, .libinputRecord:
            return evdevSeeds.map { ($0.name, $0.recording.text(format)) }
        }
    }

    /// Writes `format`'s seeds into `folder` (created if need be); returns how many.
    @discardableResult
    package static func writeSeeds(_ format: TraceFile.Format, to folder: URL) throws -> Int {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let seeds = seeds(format)
        for seed in seeds {
            try Data(seed.text.utf8).write(to: folder.appendingPathComponent("seed-\(seed.name)"))
        }
        return seeds.count
    }

    // MARK: WebDriver actions

    /// An Appium swipe: to (200, 700), down, a pause, a move to (200, 200), up.
    static func swipe(pause: String, duration: String, x: String = "200", y: String = "200") -> String {
        #"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":["#
            + #"{"type":"pointerMove","duration":0,"x":200,"y":700},{"type":"pointerDown","button":0},"#
            + #"{"type":"pause","duration":\#(pause)},{"type":"pointerMove","duration":\#(duration),"x":\#(x),"y":\#(y)},"#
            + #"{"type":"pointerUp","button":0}]}]}"#
    }

    static var webDriverSeeds: [(name: String, text: String)] {
        var seeds: [(name: String, text: String)] = []
        for pause in stride(from: 0, through: 2000, by: 50) {
            for duration in stride(from: 0, through: 2000, by: 50) {
                seeds.append(("grid-\(pause)-\(duration).json", swipe(pause: "\(pause)", duration: "\(duration)")))
            }
        }
        let odd = ["0.001", "0.5", "1", "7", "8.333", "8.334", "16.7", "33", "99.9", "333", "999", "1001", "1234.5", "4321", "60001",
                   "5e-324", "1e-9", "-0", "604799999", "604800000", "604800001", "1e308", "9007199254740993"]
        for (i, pause) in odd.enumerated() {
            for (j, duration) in odd.enumerated() where (i + j) % 3 == 0 || i == j {
                seeds.append(("odd-\(i)-\(j).json", swipe(pause: pause, duration: duration)))
            }
        }
        let extremes = ["0", "-0", "1e7", "-1e7", "10000000.000000002", "1e8", "9223372036854775807", "-9223372036854775808",
                        "2147483647", "-2147483648", "1.7976931348623157e308", "5e-324"]
        for (i, value) in extremes.enumerated() {
            seeds.append(("position-\(i).json", swipe(pause: "10", duration: "100", x: value, y: value)))
            seeds.append(("relative-\(i).json", swipe(pause: "10", duration: "100", x: value, y: "0")
                .replacingOccurrences(of: #""duration":100,"#, with: #""duration":100,"origin":"pointer","#)))
        }
        for (i, pressure) in ["0", "1", "1.0000000000000002", "-0", "5e-324"].enumerated() {
            seeds.append(("pressure-\(i).json", swipe(pause: "10", duration: "100")
                .replacingOccurrences(of: #""button":0},{"type":"pause""#, with: #""button":0,"pressure":\#(pressure),"width":1e7,"height":\#(pressure)},{"type":"pause""#)))
        }
        // Fingers moving in parallel for very different durations, and the most pointers allowed.
        func finger(_ id: Int, _ duration: String) -> String {
            #"{"type":"pointer","id":"f\#(id)","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerMove","x":\#(id),"y":1},"#
                + #"{"type":"pointerDown"},{"type":"pointerMove","duration":\#(duration),"x":300,"y":600},{"type":"pointerUp"}]}"#
        }
        seeds.append(("parallel.json", "[" + [finger(1, "1"), finger(2, "1000"), finger(3, "604799999"), finger(4, "0.001")].joined(separator: ",") + "]"))
        for count in [TraceLimits.maxSimultaneousContacts, TraceLimits.maxSimultaneousContacts + 1] {
            seeds.append(("pointers-\(count).json", "[" + (1...count).map { finger($0, "\($0 * 7)") }.joined(separator: ",") + "]"))
        }
        return seeds
    }

    // MARK: Native

    static var nativeSeeds: [(name: String, text: String)] {
        let header = "uisim-trace 1.0\nscreen 390x844 scale=3 refresh=60\n"
        let numbers = ["0x1p-2", "0x10", "nan", "NaN", "inf", "-inf", "infinity", "1e999", "1e-05", "5e-324", "-0", "+1", ".5", "5.",
                       "604800", "604800.0000001", "1e7", "10000000.000000002", "9223372036854775807", "9223372036854775808", "1.7976931348623157e308"]
        var seeds: [(name: String, text: String)] = []
        for (i, number) in numbers.enumerated() {
            seeds.append(("time-\(i).trace", header + "\(number) 1 down 1 1\n\(number) 1 up\n"))
            seeds.append(("position-\(i).trace", header + "0 1 down \(number) 1\n0.1 1 move 1 \(number)\n0.2 1 up\n"))
            seeds.append(("attribute-\(i).trace", header + "0 1 down 1 1 force=\(number) radius=\(number) altitude=\(number) azimuth=\(number)\n0.1 1 up\n"))
            seeds.append(("screen-\(i).trace", "uisim-trace 1.0\nscreen \(number)x\(number) scale=\(number) refresh=\(number)\n0 1 down 1 1\n"))
        }
        for (i, contact) in ["0", "9223372036854775807", "9223372036854775808", "-1", "0x1"].enumerated() {
            seeds.append(("contact-\(i).trace", header + "0 \(contact) down 1 1\n0.1 \(contact) up\n"))
        }
        seeds.append(("duplicates.trace", header + "screen 1x1\ndevice A\ndevice B\n0 1 down 1 1 force=1 force=2\n"))
        return seeds
    }

    // MARK: Linux input (evemu, getevent, libinput record)

    /// A device with `axes` (code, min, max; X and Y added when not given) and its `events`
    /// (seconds, type, code, value), written in each of the three formats.
    struct EvdevRecording {
        var axes: [(code: Int, min: String, max: String)]
        var events: [(seconds: String, type: Int, code: Int, value: Int32)]

        func text(_ format: TraceFile.Format) -> String {
            let all = axes.map { ($0.code, $0.min, $0.max) }
                + [(0x2f, "0", "9"), (0x35, "0", "1000"), (0x36, "0", "1000"), (0x39, "0", "65535")].filter { usual in !axes.contains { $0.code == usual.0 } }
            func hex(_ n: Int, _ width: Int) -> String {
                let digits = String(n, radix: 16)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            switch format {
            case .evemu:
                return "# EVEMU 1.3\nN: Panel\nP: 02 00 00 00 00 00 00 00\n" + all.map { "A: \(hex($0.0, 2)) \($0.1) \($0.2) 0 0 0\n" }.joined()
                    + events.map { "E: \($0.seconds) \(hex($0.type, 4)) \(hex($0.code, 4)) \($0.value)\n" }.joined()
            case .getevent:
                return "add device 2: /dev/input/event2\n  name:     \"ts\"\n  events:\n    ABS (0003):\n"
                    + all.map { "      \(hex($0.0, 4))  : value 0, min \($0.1), max \($0.2), fuzz 0, flat 0, resolution 0\n" }.joined()
                    + "  input props:\n    INPUT_PROP_DIRECT\n"
                    + events.map { "[\($0.seconds)] /dev/input/event2: \(hex($0.type, 4)) \(hex($0.code, 4)) \(hex(Int(UInt32(bitPattern: $0.value)), 8))\n" }.joined()
            default:
                return "version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event9\n  evdev:\n    name: \"ts\"\n    properties: [1]\n    absinfo:\n"
                    + all.map { "      \($0.0): [\($0.1), \($0.2), 0, 0, 0]\n" }.joined()
                    + "  events:\n  - evdev:\n" + events.map { event -> String in
                        let parts = event.seconds.split(separator: ".")
                        return "    - [\(parts.first ?? "0"), \(parts.count > 1 ? parts[1] : "0"), \(event.type), \(event.code), \(event.value)]\n"
                    }.joined()
            }
        }
    }

    static var evdevSeeds: [(name: String, recording: EvdevRecording)] {
        let ranges = [(String(Int64.min), String(Int64.max)), ("0", String(Int64.max)), (String(Int32.min), String(Int32.max)),
                      ("0", String(Int32.max)), (String(Int64(Int32.min) - 1), "0"), ("0", String(Int64(Int32.max) + 1)), ("0", "0"), ("5", "-5")]
        let touch: [(String, Int, Int, Int32)] = [("1.000000", 3, 0x2f, 0), ("1.000000", 3, 0x39, 1), ("1.000000", 3, 0x35, 500), ("1.000000", 3, 0x36, 500),
                                                  ("1.000000", 3, 0x3a, 100), ("1.000000", 3, 0x30, 10), ("1.000000", 1, 0x14a, 1), ("1.000000", 0, 0, 0),
                                                  ("1.010000", 3, 0x35, 600), ("1.010000", 0, 0, 0), ("1.020000", 3, 0x39, -1), ("1.020000", 0, 0, 0)]
        var seeds: [(name: String, recording: EvdevRecording)] = []
        for code in [0x2f, 0x35, 0x36, 0x3a, 0x30, 0x18, 0x00, 0x01] {
            for (i, range) in ranges.enumerated() {
                seeds.append(("range-\(hex(code))-\(i)", EvdevRecording(axes: [(code, range.0, range.1)], events: touch)))
            }
        }
        let full = [(0x35, String(Int32.min), String(Int32.max)), (0x36, String(Int32.min), String(Int32.max)),
                    (0x3a, String(Int32.min), String(Int32.max)), (0x30, String(Int32.min), String(Int32.max))]
        for code in [0x2f, 0x35, 0x36, 0x39, 0x3a, 0x30] {
            for (i, value) in [Int32.min, Int32.max, -1, 0].enumerated() {
                let events = touch.map { $0.2 == code ? ($0.0, $0.1, $0.2, value) : $0 }
                seeds.append(("value-\(hex(code))-\(i)", EvdevRecording(axes: [], events: events)))
                seeds.append(("full-value-\(hex(code))-\(i)", EvdevRecording(axes: full, events: events)))
            }
        }
        for (i, seconds) in ["0.000000", "1099511627775.999999", "1099511627776.000000", "604800.000000", "604800.000001", "9999999999999.999999"].enumerated() {
            seeds.append(("time-\(i)", EvdevRecording(axes: [], events: [("0.000000", 0, 0, 0)] + touch.map { (seconds, $0.1, $0.2, $0.3) })))
        }
        return seeds
    }

    private static func hex(_ code: Int) -> String { String(code, radix: 16) }
}
