import Foundation
import Testing
@testable import Traces

/// What the evemu, getevent and libinput record readers remember about a recording is bounded,
/// however many lines it has: at most `TraceLimits.maxDevices` devices, properties and axes the
/// kernel defines, and as many unknown names and codes as there are warnings to keep. Counted,
/// not timed: each of these grew with every line before (and the devices met were searched
/// linearly, quadratic in their number).
@Suite struct EvdevBookkeepingTests {
    static func problems(_ text: String, _ format: TraceFile.Format) -> [String] {
        EvdevExtremesTests.problems(text, format).map(\.description)
    }

    static func panel(_ name: String, seconds: Int) -> String {
        "N: \(name)\nA: 35 0 100 0 0\nA: 36 0 100 0 0\nP: 00\nE: \(seconds).000000 0001 0074 0001\nE: \(seconds).000000 0000 0000 0000\n"
    }

    @Test func evemuWithMoreDevicesThanTheLimitIsRefused() {
        let text = (0...TraceLimits.maxDevices).map { "N: keys \($0)\nE: \($0).000000 0001 0074 0001\n" }.joined()
        #expect(Self.problems(text, .evemu).first == "x:514: more than 256 input devices in the recording")
    }

    @Test func geteventWithMoreDevicesThanTheLimitIsRefused() {
        let added = (0...TraceLimits.maxDevices).map { "add device \($0): /dev/input/event\($0)\n  name: \"k\($0)\"\n" }.joined()
        #expect(Self.problems(added + "[ 1.000000] /dev/input/event1: 0001 0074 00000001\n", .getevent).first
                == "x:513: more than 256 input devices in the recording")
        // Events of nodes that no `add device` line names count as well.
        let events = HostileInputTests.probe + "[ 1.000000] /dev/input/event2: 0003 0039 00000001\n"
            + (0...TraceLimits.maxDevices).map { "[ 1.000000] /dev/input/x\($0): 0001 0074 00000001\n" }.joined()
        #expect(Self.problems(events, .getevent).first == "x:262: more than 256 input devices in the recording")
    }

    @Test func libinputWithMoreDevicesThanTheLimitIsRefused() {
        let text = "version: 1\nndevices: 300\ndevices:\n" + (0...TraceLimits.maxDevices).map {
            "- node: /dev/input/event\($0)\n  evdev:\n    name: \"k\($0)\"\n  events:\n  - evdev:\n    - [  1,  0,   1, 116,  1]\n"
        }.joined()
        #expect(Self.problems(text, .libinputRecord).first == "x:1543: more than 256 input devices in the recording")
    }

    /// A recording without a touchscreen names the first devices in its error, and counts the rest.
    @Test func theErrorForNoTouchscreenNamesEightDevices() {
        let text = (1...200).map { "N: keys \($0)\nE: \($0).000000 0001 0074 0001\n" }.joined()
        let problem = Self.problems(text, .evemu).first { $0.contains("no touchscreen") }
        #expect(problem?.hasSuffix("\"keys 8\" has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y); and 192 more") == true)
        #expect((problem?.count ?? 0) < 1000)
    }

    /// Ten thousand property bytes and axes of codes the kernel does not define: only the 32
    /// properties and the axes up to ABS_MAX (0x3f) are kept.
    @Test func propertiesAndAxesAreOnlyThoseTheKernelDefines() throws {
        let properties = String(repeating: "P: ff ff ff ff ff ff ff ff\n", count: 1250)
        let axes = (0x40..<0x2000).map { "A: \(String($0, radix: 16)) 0 10 0 0\n" }.joined()
        var evemu = try EvemuReader(text: "N: Panel\n" + properties + "A: 35 0 100 0 0\nA: 36 0 100 0 0\n" + axes
                                    + "E: 1.0 0003 0039 0001\nE: 1.0 0000 0000 0000\n")
        _ = try evemu.next()
        #expect(evemu.core.chosen?.properties?.count == Evdev.propertyCount)
        #expect(evemu.core.chosen?.axes.keys.sorted() == [0x35, 0x36])

        let getevent = "add device 2: /dev/input/event2\n  name: \"ts\"\n  events:\n    ABS (0003):\n"
            + (0x30..<0x2000).map { "      \(String($0, radix: 16))  : value 0, min 0, max 100, fuzz 0, flat 0, resolution 0\n" }.joined()
            + "  input props:\n" + (0..<10_000).map { "    \(String($0, radix: 16))\n" }.joined()
            + "[ 1.000000] /dev/input/event2: 0003 0039 00000001\n[ 1.000000] /dev/input/event2: 0000 0000 00000000\n"
        var reader = try GeteventReader(text: getevent)
        _ = try reader.next()
        #expect(reader.core.chosen?.properties?.count == Evdev.propertyCount)
        #expect(reader.core.chosen?.axes.count == 0x40 - 0x30)
    }

    /// Ten thousand distinct unknown event names or codes: as many remembered as warnings kept;
    /// past them, new ones are no longer warned about.
    @Test func unknownNamesAndCodesAreRememberedUpToTheWarningLimit() throws {
        var getevent = try GeteventReader(text: HostileInputTests.probe
            + (0..<10_000).map { "[ 1.000000] /dev/input/event2: EV_ABS ABS_UNKNOWN_\($0) 00000001\n" }.joined()
            + "[ 1.000000] /dev/input/event2: EV_SYN SYN_REPORT 00000000\n")
        while try getevent.next() != nil {}
        #expect(getevent.unknownLabels.count == TraceLimits.maxWarnings)
        #expect(getevent.warnings.count == TraceLimits.maxWarnings)

        var evemu = try EvemuReader(text: HostileInputTests.device
            + (0..<10_000).map { "E: 1.0 \(String(0x100 + $0, radix: 16)) 0000 0001\n" }.joined())
        while try evemu.next() != nil {}
        #expect(evemu.core.decoder?.warnedCodes.count == TraceLimits.maxWarnings)
    }
}
