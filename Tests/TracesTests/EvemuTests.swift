import Foundation
import Testing
@testable import Traces

/// The real recording in ../shared/traces/real (copied to Traces/): an eGalax touchscreen on a
/// WeTab, 11 taps and short drags, never two at once, 4.64 s.
@Suite struct EvemuTests {
    static let wetab = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces/wetab-taps.evemu")

    func readAll(_ stream: inout some TouchSampleStream) throws -> [TouchSample] {
        var samples: [TouchSample] = []
        while let sample = try stream.next() { samples.append(sample) }
        return samples
    }

    @Test func wetabRecordingHasElevenSeparateContacts() throws {
        var reader = try EvemuReader(url: Self.wetab)
        #expect(reader.deviceName == "eGalax-Inc.-USB-TouchController Virtual Device")
        #expect(reader.format == "evemu 1.1")
        let samples = try readAll(&reader)
        var tracker = ContactTracker()
        for sample in samples { try tracker.accept(sample) }
        #expect(tracker.contacts == 11)
        #expect(tracker.maxSimultaneous == 1)
        #expect(samples.filter { $0.phase == .down }.count == 11)
        #expect(samples.filter { $0.phase == .up }.count == 11)
        #expect(samples.filter { $0.phase == .cancel }.isEmpty)
        #expect(Set(samples.map(\.contact)) == Set(1...11))
        // First event 1288981453.965969; the last line's time gives the length.
        #expect(abs(samples.last!.time - 4.64) < 0.01)
        // The first touch at (13552, 27360) of 0...32760, stretched onto 390 × 844 points, at its
        // SYN_REPORT 31 µs after the first event.
        #expect(samples[0] == TouchSample(time: 0.000031, contact: 1, phase: .down,
                                          location: CGPoint(x: 13552.0 / 32760 * 390, y: 27360.0 / 32760 * 844)))
        // Lifted 0.204970 s later where it was.
        #expect(samples[1].phase == .up && samples[1].contact == 1 && samples[1].location == samples[0].location)
        #expect(samples[1].time == 0.204983)
        #expect(reader.warnings.isEmpty)
    }

    @Test func detectedByContentAndReadIntoATrace() throws {
        let trace = try Trace(contentsOf: Self.wetab)
        #expect(trace.screen == .default)
        #expect(trace.samples.count > 22)
        #expect(trace.unfinishedContacts.isEmpty)
    }

    static let device = """
        # EVEMU 1.1
        N: Test Panel
        A: 2f 0 1 0 0
        A: 35 0 1000 0 0
        A: 36 0 2000 0 0
        A: 39 0 65535 0 0

        """

    @Test func twoSlotsAndAContactLeftDownIsCancelled() throws {
        let text = Self.device + """
            E: 10.000000 0003 002f 0000
            E: 10.000000 0003 0039 0005
            E: 10.000000 0003 0035 0500
            E: 10.000000 0003 0036 1000
            E: 10.000000 0003 002f 0001
            E: 10.000000 0003 0039 0006
            E: 10.000000 0003 0035 0000
            E: 10.000000 0003 0036 0000
            E: 10.000000 0000 0000 0000
            E: 10.010000 0003 002f 0000
            E: 10.010000 0003 0035 1000
            E: 10.010000 0003 002f 0001
            E: 10.010000 0003 0039 -001
            E: 10.010000 0000 0000 0000
            E: 10.020000 0000 0000 0000
            """
        var reader = try EvemuReader(text: text, name: "two.evemu",
                                     options: TraceImportOptions(screen: TraceScreen(size: CGSize(width: 100, height: 200), scale: 2, refreshRate: 60)))
        let samples = try readAll(&reader)
        #expect(samples.map(\.phase) == [.down, .down, .move, .up, .cancel])
        #expect(samples.map(\.contact) == [1, 2, 1, 2, 1])
        #expect(samples[0].location == CGPoint(x: 50, y: 100))
        #expect(samples[2].location == CGPoint(x: 100, y: 100))
        #expect(samples[3].location == CGPoint(x: 0, y: 0))
        #expect(abs(samples[4].time - 0.02) < 1e-9)
        #expect(reader.warnings.map(\.description) == ["two.evemu: contact 1 was still down at the end: cancelled at 0.02 s"])
    }

    static let broken: [(String, String)] = [
        ("# EVEMU 1.1\nN: x\n", "e.evemu: no events: an evemu recording has 'E:' lines"),
        ("A: 00 0 10 0 0\nE: 1.0 0000 0000 0000\n",
         "e.evemu: no touchscreen in the recording: an unnamed device has no position axes (ABS_MT_POSITION_X/Y or ABS_X/Y)"),
        ("A: 35 5 5 0 0\nA: 36 0 10 0 0\nE: 1.0 0000 0000 0000\n", "e.evemu:1: axis ABS_MT_POSITION_X has an empty range 5...5"),
        ("A: zz 0 1\n", "e.evemu:1: bad axis line: expected 'A: CODE MIN MAX FUZZ FLAT [RESOLUTION]'"),
        (device + "E: 1.0 0003 0035\n", "e.evemu:7: bad event: expected 'E: SECONDS.MICROS TYPE CODE VALUE'"),
        (device + "E: 2.0 0000 0000 0000\nE: 1.0 0000 0000 0000\n", "e.evemu:8: time -1 is earlier than the previous 0"),
        (device + "E: 1.0 0003 002f 0009\n", "e.evemu:7: slot 9 is outside the device's 2 slots"),
    ]

    @Test(arguments: broken.indices)
    func brokenRecordingGivesALocatedError(_ index: Int) {
        let (text, expected) = Self.broken[index]
        do {
            var reader = try EvemuReader(text: text, name: "e.evemu")
            while try reader.next() != nil {}
            Issue.record("no error for case \(index)")
        } catch let error as TraceError {
            #expect(error.description == expected)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}
