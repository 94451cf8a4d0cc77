import Foundation
import Testing
@testable import Traces

@Suite struct TraceToolsTests {
    static let scratch: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-tools-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("uisim-tools-tests-\(getpid())"))
        }
        return folder
    }()

    /// A trace file of `text` in this process's scratch folder, which goes when the process exits.
    func temporary(_ text: String) throws -> URL {
        let url = Self.scratch.appendingPathComponent("\(UUID().uuidString).trace")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `trace info` on the real recording agrees with it: 11 contacts, never two at once, 4.64 s,
    /// sampled at 200 Hz while moving.
    @Test func infoOfTheRealRecording() throws {
        var stream = try TraceFile.open(EvemuTests.wetab)
        let info = try TraceInfo(reading: &stream)
        #expect(info.format == "evemu 1.1" && info.samples == 42 && info.contacts == 11 && info.maxSimultaneous == 1)
        #expect(abs(info.duration - 4.637766) < 1e-9 && abs(info.rate - 200) < 0.5 && info.unfinished == 0)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as! [String: Any]
        #expect(Set(json.keys) == ["format", "samples", "contacts", "max_simultaneous", "duration_s", "rate_hz", "unfinished", "keys"])
    }

    /// `trace info` reports what the recording holds: two fingers still down at its end count as
    /// left down, although the evdev reader cancels them (with a warning) for a replay; so does a
    /// WebDriver pointer never lifted, and a contact of uisim's own format that the trace leaves down.
    @Test func infoCountsContactsLeftDownAtTheEnd() throws {
        var evemu = try EvemuReader(text: EvemuTests.device + """
            E: 1.000000 0003 002f 0000
            E: 1.000000 0003 0039 0005
            E: 1.000000 0003 0035 0500
            E: 1.000000 0003 0036 1000
            E: 1.000000 0003 002f 0001
            E: 1.000000 0003 0039 0006
            E: 1.000000 0003 0035 0100
            E: 1.000000 0003 0036 0100
            E: 1.000000 0000 0000 0000
            E: 1.010000 0003 002f 0000
            E: 1.010000 0003 0035 0510
            E: 1.010000 0000 0000 0000

            """)
        let fromEvemu = try TraceInfo(reading: &evemu)
        #expect(fromEvemu.contacts == 2 && fromEvemu.unfinished == 2)
        #expect(evemu.warnings.count == 2)

        var webdriver = try WebDriverActionsReader(text: #"""
            {"actions": [{"type": "pointer", "id": "f1", "parameters": {"pointerType": "touch"},
              "actions": [{"type": "pointerMove", "x": 10, "y": 10}, {"type": "pointerDown"}, {"type": "pause", "duration": 50}]}]}
            """#)
        #expect(try TraceInfo(reading: &webdriver).unfinished == 1)

        var native = try TraceFile.open(try temporary("uisim-trace 1.0\n0 1 down 1 1\n0.1 2 down 5 5\n0.2 2 up\n"))
        #expect(try TraceInfo(reading: &native).unfinished == 1)
    }

    @Test func validateReportsEveryProblemAndGoesOn() throws {
        let url = try temporary("uisim-trace 1.0\n0 1 down 1 1\n0.5 1 move 2 2\n0.2 1 up\n0.6 2 hover 1 1\n0.6 3 down 1 1 "
                                + String(repeating: "x", count: 5000) + "\n0.7 1 up\n0.8 9 move 1 1\n")
        defer { try? FileManager.default.removeItem(at: url) }
        let problems = try TraceFile.problems(in: url).map(\.description)
        #expect(problems == [
            "\(url.path):4: time 0.2 is earlier than the previous 0.5",
            "\(url.path):5: bad phase 'hover': expected down, move, up or cancel",
            "\(url.path):6: line is longer than 4096 bytes",
            "\(url.path):8: contact 9 moves but is not down",
        ])
    }

    @Test func cutShiftsTimesAndRebasesContactsAlreadyDown() {
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0), time: 0, duration: 1, rate: 10)
        trace.tap(2, at: CGPoint(x: 5, y: 5), time: 2)
        let part = trace.cut(from: 0.45, to: 0.75)
        #expect(part.samples.first == TouchSample(time: 0, contact: 1, phase: .down, location: CGPoint(x: 40, y: 0)))
        #expect(part.samples.dropFirst().map(\.location.x) == [50, 60, 70])
        #expect(part.unfinishedContacts == [1])
        #expect(abs(part.duration - 0.25) < 1e-9)   // the last sample inside is the move at 0.7 s
    }

    @Test func synthesizedGesturesAreValidTraces() {
        var trace = Trace()
        trace.doubleTap(1, at: CGPoint(x: 10, y: 10), time: 0)
        trace.longPress(3, at: CGPoint(x: 10, y: 10), time: 1)
        #expect(trace.samples.count == 6 && trace.unfinishedContacts.isEmpty)
        let pinch = Trace.twoFingers(center: CGPoint(x: 100, y: 100), startDistance: 100, endDistance: 200, time: 0, duration: 0.5, rate: 60)
        let first = pinch.samples[0].location, second = pinch.samples[1].location
        #expect(abs(second.x - first.x - 100) < 1e-9)
        let last = pinch.samples.filter { $0.phase == .move }.suffix(2).map(\.location)
        #expect(abs(last[1].x - last[0].x - 200) < 1e-9)
        let jittered = pinch.jittered(by: 2, seed: 7)
        #expect(jittered.samples.count == pinch.samples.count && jittered.samples != pinch.samples)
        #expect(jittered.samples == pinch.jittered(by: 2, seed: 7).samples)
        #expect(zip(jittered.samples, pinch.samples).allSatisfy { abs($0.location.x - $1.location.x) <= 2 })
    }
}
