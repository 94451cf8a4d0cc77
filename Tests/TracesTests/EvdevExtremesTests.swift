import Foundation
import Testing
@testable import Traces

/// Integer extremes in the three Linux input formats (evemu, getevent, libinput record): a range
/// that is not 32-bit, as no device can declare, is refused at its line; ranges and values at the
/// 32-bit extremes are read (issue #28: an evemu axis of Int64.min...Int64.max stopped the program
/// with an overflow).
@Suite struct EvdevExtremesTests {
    /// One recording of a device with `axes` (code, min, max) besides its X and Y, in each format;
    /// its events are `events` (type, code, value), each report closed by the caller.
    struct Recording {
        var axes: [(code: Int, min: String, max: String)]
        var events: [(type: Int, code: Int, value: Int32)] = []

        /// The line of the first given axis in each format.
        static let axisLine: [TraceFile.Format: Int] = [.evemu: 3, .getevent: 5, .libinputRecord: 9]

        func text(_ format: TraceFile.Format) -> String {
            // The given axes first, then the usual ones they do not replace.
            let ordered = axes.map { ($0.code, $0.min, $0.max) } + [(0x2f, "0", "1"), (0x35, "0", "1000"), (0x36, "0", "1000"), (0x39, "0", "65535")]
                .filter { usual in !axes.contains { $0.code == usual.0 } }
            func hex(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n, radix: 16).count)) + String(n, radix: 16) }
            switch format {
            case .evemu:
                return "# EVEMU 1.3\nN: Panel\n" + ordered.map { "A: \(hex($0.0, 2)) \($0.1) \($0.2) 0 0\n" }.joined()
                    + events.map { "E: 1.000000 \(hex($0.type, 4)) \(hex($0.code, 4)) \($0.value)\n" }.joined()
            case .getevent:
                return "add device 2: /dev/input/event2\n  name:     \"ts\"\n  events:\n    ABS (0003):\n"
                    + ordered.map { "      \(hex($0.0, 4))  : value 0, min \($0.1), max \($0.2), fuzz 0, flat 0, resolution 0\n" }.joined()
                    + events.map { "[   1.000000] /dev/input/event2: \(hex($0.type, 4)) \(hex($0.code, 4)) \(hex(Int(UInt32(bitPattern: $0.value)), 8))\n" }.joined()
            default:
                return "version: 1\nndevices: 1\ndevices:\n- node: /dev/input/event9\n  evdev:\n    name: \"ts\"\n    properties: [1]\n    absinfo:\n"
                    + ordered.map { "      \($0.0): [\($0.1), \($0.2), 0, 0, 0]\n" }.joined()
                    + "  events:\n  - evdev:\n" + events.map { "    - [  1,  0, \($0.type), \($0.code), \($0.value)]\n" }.joined()
            }
        }
    }

    static let formats: [TraceFile.Format] = [.evemu, .getevent, .libinputRecord]

    /// Every problem of `text` read as `format`, as `uisim trace validate` reads it.
    static func problems(_ text: String, _ format: TraceFile.Format) -> [TraceError] {
        var problems: [TraceError] = []
        do {
            var stream = try TraceFuzzing.stream(format, bytes: Array(text.utf8), name: "x")
            for _ in 0..<100 {
                do {
                    guard try stream.next() != nil else { break }
                } catch let error as TraceError {
                    problems.append(error)
                }
            }
        } catch let error as TraceError {
            problems.append(error)
        } catch {
            Issue.record("not a TraceError: \(error)")
        }
        return problems
    }

    static func samples(_ text: String, _ format: TraceFile.Format) throws -> [TouchSample] {
        var stream = try TraceFuzzing.stream(format, bytes: Array(text.utf8), name: "x")
        var samples: [TouchSample] = []
        while let sample = try stream.next() { samples.append(sample) }
        return samples
    }

    static let int64Min = String(Int64.min), int64Max = String(Int64.max)
    static let int32Min = String(Int32.min), int32Max = String(Int32.max)

    /// Ranges no 32-bit device declares, on each kind of axis the decoder reads: refused at the
    /// axis's line, in every format.
    @Test(arguments: [
        (0x35, int64Min, int64Max, "ABS_MT_POSITION_X"), (0x35, "0", int64Max, "ABS_MT_POSITION_X"),
        (0x35, int64Min, "0", "ABS_MT_POSITION_X"), (0x2f, "0", int64Max, "ABS_MT_SLOT"),
        (0x3a, int64Min, int64Max, "ABS_MT_PRESSURE"), (0x30, "0", int64Max, "ABS_MT_TOUCH_MAJOR"),
        (0x18, int64Min, "1", "ABS_PRESSURE"), (0x36, "0", "2147483648", "ABS_MT_POSITION_Y"),
    ])
    func rangesPastThirtyTwoBitsAreRefusedAtTheirLine(_ code: Int, _ min: String, _ max: String, _ name: String) {
        let recording = Recording(axes: [(code, min, max)], events: [(3, 0x39, 1), (3, 0x35, 1), (3, 0x36, 1), (0, 0, 0)])
        for format in Self.formats {
            let problems = Self.problems(recording.text(format), format)
            let line = Recording.axisLine[format]!
            #expect(problems.first?.description == "x:\(line): axis \(name) declares \(min)...\(max): a device's values are 32-bit (-2147483648...2147483647)",
                    "\(format)")
        }
    }

    /// Position, pressure and touch-major ranges spanning every 32-bit value, with events at both
    /// ends: the corners of the screen, force 0 and 2, and radii that are large but finite.
    @Test(arguments: formats)
    func thirtyTwoBitRangesAndValuesAtTheirEndsAreRead(_ format: TraceFile.Format) throws {
        let recording = Recording(axes: [(0x35, Self.int32Min, Self.int32Max), (0x36, Self.int32Min, Self.int32Max), (0x3a, Self.int32Min, Self.int32Max), (0x30, Self.int32Min, Self.int32Max)],
                                  events: [(3, 0x39, Int32.max), (3, 0x35, Int32.min), (3, 0x36, Int32.min), (3, 0x3a, Int32.min), (3, 0x30, Int32.max), (0, 0, 0),
                                           (3, 0x35, Int32.max), (3, 0x36, Int32.max), (3, 0x3a, Int32.max), (3, 0x30, Int32.min), (0, 0, 0),
                                           (3, 0x39, -1), (0, 0, 0)])
        let samples = try Self.samples(recording.text(format), format)
        #expect(samples.map(\.phase) == [.down, .move, .up])
        #expect(samples[0].location == CGPoint(x: 0, y: 0) && samples[0].force == 0)
        #expect(samples[1].location == CGPoint(x: 390, y: 844) && samples[1].force == 2)
        #expect(samples.allSatisfy { $0.majorRadius?.isFinite ?? true })
    }

    /// Events at the 32-bit extremes on an ordinary device: a position far off the screen is past
    /// the coordinate limit, a slot past the device's slots is refused, each at its line.
    @Test(arguments: formats)
    func eventValuesAtTheExtremesAreLocatedProblems(_ format: TraceFile.Format) {
        let offScreen = Recording(axes: [], events: [(3, 0x39, 1), (3, 0x35, Int32.min), (3, 0x36, Int32.max), (0, 0, 0)])
        let problems = Self.problems(offScreen.text(format), format)
        #expect(problems.first?.message.hasPrefix("position (-837518622") == true && problems.first?.line != nil, "\(format)")
        let slot = Recording(axes: [], events: [(3, 0x2f, Int32.max), (0, 0, 0)])
        #expect(Self.problems(slot.text(format), format).first?.message == "slot 2147483647 is outside the device's 2 slots", "\(format)")
        let negativeSlot = Recording(axes: [], events: [(3, 0x2f, Int32.min), (0, 0, 0)])
        #expect(Self.problems(negativeSlot.text(format), format).first?.message == "slot -2147483648 is outside the device's 2 slots", "\(format)")
    }

    /// A slot axis at the 32-bit maximum is read as a range, then refused as too many slots.
    @Test(arguments: formats)
    func aSlotAxisOfTwoBillionSlotsIsRefused(_ format: TraceFile.Format) {
        let recording = Recording(axes: [(0x2f, "0", Self.int32Max)], events: [(3, 0x39, 1), (3, 0x35, 1), (3, 0x36, 1), (0, 0, 0)])
        #expect(Self.problems(recording.text(format), format).first?.message == "ABS_MT_SLOT allows 0...2147483647: uisim reads 1 to 64 slots from 0",
                "\(format)")
    }
}
