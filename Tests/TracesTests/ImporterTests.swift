import Foundation
import Testing
@testable import Traces

/// The importers on fixtures written from each tool's documented output (see Fixtures/README.md),
/// each read through content detection as `uisim replay` reads them. Expected positions are the
/// device units over the axis range times the 390 × 844 pt default screen.
@Suite struct ImporterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func read(_ name: String, options: TraceImportOptions = TraceImportOptions()) throws -> (samples: [TouchSample], stream: any TouchSampleStream) {
        var stream = try TraceFile.open(fixtures.appendingPathComponent(name), options: options)
        var samples: [TouchSample] = []
        while let sample = try stream.next() { samples.append(sample) }
        return (samples, stream)
    }

    static func info(_ name: String) throws -> TraceInfo {
        var stream = try TraceFile.open(fixtures.appendingPathComponent(name), options: TraceImportOptions())
        return try TraceInfo(reading: &stream)
    }

    static func close(_ a: CGPoint, _ b: CGPoint) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9
    }

    @Test func formatsAreDetectedByContent() throws {
        let expected: [String: TraceFile.Format] = [
            "spread.getevent": .getevent, "tap-drag-numeric.getevent": .getevent, "protocol-a.evemu": .evemu,
            "two-devices.libinput.yml": .libinputRecord, "tap-and-pinch.webdriver.json": .webDriverActions,
        ]
        for (name, format) in expected {
            #expect(try TraceFile.format(of: Self.fixtures.appendingPathComponent(name)) == format, "\(name)")
        }
        #expect(try TraceFile.format(of: EvemuTests.wetab) == .evemu)
    }

    /// getevent -lp then -lt of an Android phone (0…1080 × 0…2400, protocol B): two fingers
    /// spreading, a volume key pressed on another device meanwhile.
    @Test func geteventLabelledTwoFingersAndAnotherDevice() throws {
        let (samples, stream) = try Self.read("spread.getevent")
        #expect(stream.format == "getevent -lt")
        #expect(samples.count == 24)   // 2 downs, 10 reports × 2 moves, 2 ups
        #expect(samples.map(\.contact).filter { $0 == 1 }.count == 12)
        #expect(samples[0].phase == .down && Self.close(samples[0].location, CGPoint(x: 195, y: 1000.0 / 2400 * 844)))
        #expect(samples[0].force == 1.0)                           // pressure 128 of 0…256
        #expect(abs(samples[0].majorRadius! - 20.0 / 1080 * 390 / 2) < 1e-12)
        #expect(samples[1].phase == .down && samples[1].contact == 2 && abs(samples[1].time - 0.008) < 1e-9)
        #expect(samples[1].force == 0.5 && Self.close(samples[1].location, CGPoint(x: 195, y: 1400.0 / 2400 * 844)))
        let last = samples.filter { $0.contact == 2 && $0.phase == .move }.last!
        #expect(Self.close(last.location, CGPoint(x: 195, y: 1700.0 / 2400 * 844)))
        #expect(samples.suffix(2).map(\.phase) == [.up, .up])
        #expect(stream.warnings.map(\.message) == [
            "skipped 4 events of \"gpio-keys\" (/dev/input/event1): uisim reads one touchscreen (choose with --input-device)",
        ])
        let info = try Self.info("spread.getevent")
        #expect(info.contacts == 2 && info.maxSimultaneous == 2 && info.unfinished == 0 && abs(info.duration - 0.104) < 1e-9)
        #expect(abs(info.rate - 125) < 1e-6)   // a report every 8 ms
    }

    /// getevent -t with no -p block: positions are pixels of the 1170 × 2532 px screen.
    @Test func geteventNumericWithoutAxisRanges() throws {
        let (samples, stream) = try Self.read("tap-drag-numeric.getevent")
        #expect(stream.format == "getevent -t")
        #expect(samples.map(\.phase) == [.down, .up, .down, .move, .move, .move, .move, .move, .up])
        #expect(samples.map(\.contact) == [1, 1, 2, 2, 2, 2, 2, 2, 2])
        #expect(Self.close(samples[0].location, CGPoint(x: 300.0 / 1169 * 390, y: 600.0 / 2531 * 844)))
        #expect(Self.close(samples[7].location, CGPoint(x: 900.0 / 1169 * 390, y: 1500.0 / 2531 * 844)))
        #expect(stream.warnings.map(\.description) == [
            "\(Self.fixtures.path)/tap-drag-numeric.getevent:1: no axis ranges for an unnamed device (record 'getevent -lp' into the file first): positions are taken as pixels of the 1170×2532 screen",
        ])
    }

    /// `adb shell getevent -lt > t.txt` (or `-t`) alone: the `add device` and `name:` lines, then
    /// events, no capability listing. The device whose events carry positions is the touchscreen;
    /// positions are pixels of the 1170 × 2532 px screen. Protocol B with a key device interleaved,
    /// labelled and numeric: the same samples.
    @Test(arguments: ["lt-b-two-devices.getevent", "t-b-two-devices.getevent"])
    func geteventWithoutCapabilitiesProtocolBTwoDevices(_ name: String) throws {
        let (samples, stream) = try Self.read(name)
        #expect(stream.format == (name.hasPrefix("lt") ? "getevent -lt" : "getevent -t"))
        #expect(samples.map(\.phase) == [.down, .move, .down, .move, .move, .up, .up])
        #expect(samples.map(\.contact) == [1, 1, 2, 1, 2, 1, 2])
        #expect(samples.map(\.time).map { ($0 * 1000).rounded() } == [0, 8, 12, 16, 16, 24, 24])
        #expect(Self.close(samples[0].location, CGPoint(x: 585.0 / 1169 * 390, y: 1266.0 / 2531 * 844)))
        #expect(Self.close(samples[1].location, CGPoint(x: 585.0 / 1169 * 390, y: 1200.0 / 2531 * 844)))
        #expect(Self.close(samples[2].location, CGPoint(x: 300.0 / 1169 * 390, y: 600.0 / 2531 * 844)))
        #expect(Self.close(samples[4].location, CGPoint(x: 330.0 / 1169 * 390, y: 600.0 / 2531 * 844)))
        #expect(stream.warnings.map(\.message) == [
            "no axis ranges for \"fts_ts\" (/dev/input/event4) (record 'getevent -lp' into the file first): positions are taken as pixels of the 1170×2532 screen",
            "skipped 4 events of \"gpio-keys\" (/dev/input/event1): uisim reads one touchscreen (choose with --input-device)",
        ])
        // Named by --input-device, the same.
        let (named, _) = try Self.read(name, options: TraceImportOptions(device: "fts"))
        #expect(named == samples)
    }

    /// `getevent -lt /dev/input/event2` (or `-t`): one device, so no node before its events;
    /// protocol A (anonymous contacts, `SYN_MT_REPORT`), one finger dragging right, then lifting.
    @Test(arguments: ["lt-a-one-device.getevent", "t-a-one-device.getevent"])
    func geteventWithoutCapabilitiesProtocolAOneDevice(_ name: String) throws {
        let (samples, stream) = try Self.read(name)
        #expect(samples.map(\.phase) == [.down, .move, .move, .up])
        #expect(samples.map(\.time).map { ($0 * 1000).rounded() } == [0, 10, 20, 30])
        #expect(Self.close(samples[0].location, CGPoint(x: 400.0 / 1169 * 390, y: 800.0 / 2531 * 844)))
        #expect(Self.close(samples[2].location, CGPoint(x: 440.0 / 1169 * 390, y: 800.0 / 2531 * 844)))
        #expect(stream.warnings.map(\.message) == [
            "no axis ranges for \"synaptics_dsx\" (/dev/input/event2) (record 'getevent -lp' into the file first): positions are taken as pixels of the 1170×2532 screen",
        ])
    }

    @Test func geteventDeviceOption() throws {
        #expect(throws: TraceError.self) { try Self.read("spread.getevent", options: TraceImportOptions(device: "gpio")) }
        let (samples, _) = try Self.read("spread.getevent", options: TraceImportOptions(device: "/dev/input/event2"))
        #expect(samples.count == 24)
    }

    /// A protocol A panel: contacts are anonymous and reported in alternating order, so only
    /// nearest-position matching keeps each finger's identity.
    @Test func evemuProtocolAMatchesContactsByNearestPosition() throws {
        let (samples, stream) = try Self.read("protocol-a.evemu")
        #expect(stream.format == "evemu 1.2")
        #expect(samples.count == 18)
        let first = samples.filter { $0.contact == 1 }, second = samples.filter { $0.contact == 2 }
        #expect(first.first?.phase == .down && first.last?.phase == .up)
        // Finger 1 only ever moves right and down, finger 2 left and up, whatever the report order.
        #expect(zip(first.dropFirst(), first).allSatisfy { $0.location.x >= $1.location.x && $0.location.y >= $1.location.y })
        #expect(zip(second.dropFirst(), second).allSatisfy { $0.location.x <= $1.location.x && $0.location.y <= $1.location.y })
        #expect(Self.close(first[0].location, CGPoint(x: 2000.0 / 9600 * 390, y: 2000.0 / 7200 * 844)))
        #expect(Self.close(second.last!.location, CGPoint(x: 5800.0 / 9600 * 390, y: 4400.0 / 7200 * 844)))
        #expect(abs(first[0].force! - 100.0 / 255 * 2) < 1e-12)
        // The touch after everyone lifted is a new contact, 3.
        #expect(samples.suffix(3).map(\.contact) == [3, 3, 3] && samples.suffix(3).map(\.phase) == [.down, .move, .up])
        let info = try Self.info("protocol-a.evemu")
        #expect(info.contacts == 3 && info.maxSimultaneous == 2 && info.unfinished == 0)
        #expect(stream.warnings.isEmpty)
    }

    /// libinput record of a laptop with a touchpad and a touchscreen: the touchpad
    /// (INPUT_PROP_POINTER) is skipped, the touchscreen read.
    @Test func libinputRecordReadsTheTouchscreen() throws {
        let (samples, stream) = try Self.read("two-devices.libinput.yml")
        #expect(stream.format == "libinput-record 1")
        #expect(samples.map(\.phase) == [.down] + Array(repeating: .move, count: 8) + [.up, .down, .up])
        #expect(samples.map(\.contact) == Array(repeating: 1, count: 10) + [2, 2])
        #expect(samples[0].time == 0 && Self.close(samples[0].location, CGPoint(x: 195, y: 5000.0 / 6752 * 844)))
        #expect(abs(samples[0].majorRadius! - 30.0 / 3120 * 390 / 2) < 1e-12 && abs(samples[0].force! - 100.0 / 255 * 2) < 1e-12)
        #expect(Self.close(samples[8].location, CGPoint(x: 195, y: 3000.0 / 6752 * 844)))
        #expect(abs(samples[10].time - (9 * 0.008333 + 0.3)) < 1e-9)
        #expect(stream.warnings.map(\.message) == [
            "skipped 8 events of \"SYNA8004:00 06CB:CD8B Touchpad\" (/dev/input/event6): uisim reads one touchscreen (choose with --input-device)",
        ])
        let touchpad = try Self.read("two-devices.libinput.yml", options: TraceImportOptions(device: "Touchpad"))
        #expect(touchpad.samples.map(\.phase) == [.down, .up])
    }

    /// Appium-style actions: a tap, a pause, then two fingers moving apart over 0.5 s in the same
    /// tick, interpolated at 120 Hz (the default 60 Hz screen's touch rate).
    @Test func webDriverActionsTicksAndInterpolation() throws {
        let (samples, stream) = try Self.read("tap-and-pinch.webdriver.json")
        #expect(stream.format == "webdriver-actions" && stream.warnings.isEmpty)
        #expect(samples.count == 126)   // tap 2, two downs, 60 moves per finger, two ups
        #expect(samples[0] == TouchSample(time: 0, contact: 1, phase: .down, location: CGPoint(x: 100, y: 200)))
        #expect(samples[1].phase == .up && abs(samples[1].time - 0.05) < 1e-12)
        #expect(samples[2].contact == 1 && samples[3].contact == 2 && abs(samples[3].time - 0.35) < 1e-12)
        // The moves alternate finger 1, finger 2 at each 1/120 s.
        let moves = Array(samples[4..<124])
        #expect(moves.map(\.contact) == Array(repeating: [1, 2], count: 60).flatMap { $0 })
        #expect(abs(moves[0].time - (0.35 + 1.0 / 120)) < 1e-12 && abs(moves[0].location.y - (400 - 100.0 / 60)) < 1e-9)
        #expect(abs(moves[1].location.y - (450 + 100.0 / 60)) < 1e-9)
        #expect(abs(moves[118].time - 0.85) < 1e-12 && moves[118].location == CGPoint(x: 195, y: 300) && moves[119].location == CGPoint(x: 195, y: 550))
        let info = try Self.info("tap-and-pinch.webdriver.json")
        #expect(info.contacts == 3 && info.maxSimultaneous == 2 && info.unfinished == 0)
        #expect(abs(info.duration - 0.85) < 1e-12 && abs(info.rate - 120) < 1e-6)
    }

    @Test func webDriverRateFollowsTheScreen() throws {
        let text = #"[{"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [{"type": "pointerDown"}, {"type": "pointerMove", "duration": 100, "x": 10, "y": 0}, {"type": "pointerUp"}]}]"#
        var stream = try WebDriverActionsReader(text: text, options: TraceImportOptions(screen: TraceScreen(size: CGSize(width: 100, height: 100), scale: 2, refreshRate: 120)))
        var moves = 0
        while let sample = try stream.next() { if sample.phase == .move { moves += 1 } }
        #expect(moves == 24)   // 0.1 s at 240 Hz
    }

    /// --fit aspect keeps the WeTab's square axes square on the tall screen: 390 pt both ways,
    /// centred with (844 - 390) / 2 = 227 pt above.
    @Test func aspectFitCentresTheDevice() throws {
        var stream = try TraceFile.open(EvemuTests.wetab, options: TraceImportOptions(fit: .aspect))
        let first = try stream.next()!
        #expect(Self.close(first.location, CGPoint(x: 13552.0 / 32760 * 390, y: 27360.0 / 32760 * 390 + 227)))
    }

    /// Several device descriptions in one evemu file: the events after each belong to it.
    @Test func evemuWithSeveralDevices() throws {
        let keyboard = "N: AT Translated Set 2 keyboard\nI: 0011 0001 0001 ab41\nE: 0.000000 0001 001e 0001\nE: 0.000000 0000 0000 0000\n"
        let panel = "N: Panel\nA: 35 0 100 0 0\nA: 36 0 100 0 0\nA: 2f 0 1 0 0\nE: 0.100000 0003 0039 0001\nE: 0.100000 0003 0035 0050\nE: 0.100000 0003 0036 0050\nE: 0.100000 0000 0000 0000\nE: 0.200000 0003 0039 -001\nE: 0.200000 0000 0000 0000\n"
        var reader = try EvemuReader(text: "# EVEMU 1.3\n" + keyboard + panel, name: "two.evemu")
        var samples: [TouchSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples.map(\.phase) == [.down, .up] && samples[0].location == CGPoint(x: 195, y: 422))
        #expect(abs(samples[1].time - 0.1) < 1e-12)
        #expect(reader.deviceName == "Panel")
        #expect(reader.warnings.map(\.message) == ["skipped 2 events of \"AT Translated Set 2 keyboard\": uisim reads one touchscreen (choose with --input-device)"])
    }

    /// A single-touch device (ABS_X/Y and BTN_TOUCH, no multitouch axes).
    @Test func evemuSingleTouch() throws {
        let text = "N: Resistive\nA: 00 0 1000 0 0\nA: 01 0 1000 0 0\nA: 18 0 255 0 0\n"
            + "E: 1.0 0003 0000 0500\nE: 1.0 0003 0001 0250\nE: 1.0 0001 014a 0001\nE: 1.0 0000 0000 0000\n"
            + "E: 1.01 0003 0001 0300\nE: 1.01 0000 0000 0000\nE: 1.02 0001 014a 0000\nE: 1.02 0000 0000 0000\n"
        var reader = try EvemuReader(text: text)
        var samples: [TouchSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples.map(\.phase) == [.down, .move, .up])
        #expect(samples[0].location == CGPoint(x: 195, y: 211) && samples[1].location == CGPoint(x: 195, y: 253.2))
    }
}

/// A UTF-8 byte-order mark at the start (Windows editors write one) changes nothing: every format
/// is recognized and reads the same samples, with the same line numbers.
@Suite struct ByteOrderMarkTests {
    @Test(arguments: ["spread.getevent", "protocol-a.evemu", "two-devices.libinput.yml", "tap-and-pinch.webdriver.json",
                      "../../../Traces/drag.trace", "../../../Traces/wetab-taps.evemu"])
    func aByteOrderMarkIsSkipped(_ name: String) throws {
        let original = ImporterTests.fixtures.appendingPathComponent(name)
        let marked = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-bom-\(UUID().uuidString)-\(original.lastPathComponent)")
        defer { try? FileManager.default.removeItem(at: marked) }
        try (Data([0xEF, 0xBB, 0xBF]) + Data(contentsOf: original)).write(to: marked)
        #expect(try TraceFile.format(of: marked) == TraceFile.format(of: original))
        func samples(_ url: URL) throws -> [TouchSample] {
            var stream = try TraceFile.open(url)
            var all: [TouchSample] = []
            while let sample = try stream.next() { all.append(sample) }
            return all
        }
        #expect(try samples(marked) == samples(original))
    }
}
