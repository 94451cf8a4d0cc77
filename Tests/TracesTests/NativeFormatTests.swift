import Foundation
import Testing
@testable import Traces

@Suite struct TraceBuilderTests {
    @Test func builderRecordsSamplesAndLastPositions() {
        var trace = Trace()
        trace.down(1, at: CGPoint(x: 150, y: 150), time: 0)
        trace.move(1, to: CGPoint(x: 160, y: 150), time: 0.1)
        trace.down(2, at: CGPoint(x: 10, y: 20), time: 0.15, force: 0.5)
        trace.up(1, time: 0.2)
        #expect(trace.samples.count == 4)
        #expect(trace.samples[3] == TouchSample(time: 0.2, contact: 1, phase: .up, location: CGPoint(x: 160, y: 150)))
        #expect(trace.unfinishedContacts == [2])
        trace.cancel(2, time: 0.3)
        #expect(trace.samples.last?.phase == .cancel && trace.samples.last?.location == CGPoint(x: 10, y: 20))
        #expect(trace.unfinishedContacts.isEmpty && trace.duration == 0.3 && trace.screen == nil)
    }
}

@Suite struct NativeFormatTests {
    func sampleTrace() -> Trace {
        var trace = Trace(screen: TraceScreen(size: CGSize(width: 393, height: 852), scale: 3, refreshRate: 120, deviceName: "iPhone 15 Pro"))
        trace.down(1, at: CGPoint(x: 150.25, y: 0.1), time: 0, force: 1.5, majorRadius: 12)
        trace.move(1, to: CGPoint(x: 1.0 / 3, y: 150), time: 1.0 / 240)
        trace.append(TouchSample(time: 0.01, contact: 7, phase: .down, location: CGPoint(x: 5, y: 5), altitude: 1.2, azimuth: -0.5))
        trace.up(1, time: 0.1)
        trace.cancel(7, time: 0.1)
        return trace
    }

    @Test func writerOutputReadsBackTheSame() throws {
        let trace = sampleTrace()
        let text = NativeTraceWriter.text(for: trace)
        var reader = try NativeTraceReader(text: text)
        #expect(reader.screen == trace.screen)
        var read: [TouchSample] = []
        while let sample = try reader.next() { read.append(sample) }
        #expect(read == trace.samples)
        #expect(reader.format == "uisim-trace 1.1" && reader.warnings.isEmpty)
        #expect(text.contains("screen 393x852 scale=3 refresh=120\ndevice iPhone 15 Pro\n"))
        #expect(text.contains("\n0 1 down 150.25 0.1 force=1.5 radius=12\n"))
    }

    @Test func fileRoundTripThroughTraceContentsOf() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-\(UUID().uuidString).trace")
        defer { try? FileManager.default.removeItem(at: url) }
        try sampleTrace().write(to: url)
        let read = try Trace(contentsOf: url)
        #expect(read.samples == sampleTrace().samples && read.screen == sampleTrace().screen)
    }

    @Test func handWrittenFileWithCommentsAndOmittedPositions() throws {
        let text = """
            # a hand-written tap\r
            uisim-trace 1.0

            0    1 down 10 20   # finger lands
            0.05 1 up
            """
        var reader = try NativeTraceReader(text: text, name: "tap.trace")
        #expect(reader.screen == nil)
        #expect(try reader.next() == TouchSample(time: 0, contact: 1, phase: .down, location: CGPoint(x: 10, y: 20)))
        #expect(try reader.next() == TouchSample(time: 0.05, contact: 1, phase: .up, location: CGPoint(x: 10, y: 20)))
        #expect(try reader.next() == nil)
    }

    @Test func newerMinorVersionSkipsUnknownKeysWithWarnings() throws {
        let text = "uisim-trace 1.3\nscreen 100x200 scale=2 notch=yes\nhaptics on\n0 1 down 1 2 tilt=3\n"
        var reader = try NativeTraceReader(text: text, name: "new.trace")
        let sample = try reader.next()
        #expect(sample?.location == CGPoint(x: 1, y: 2))
        #expect(reader.screen?.size == CGSize(width: 100, height: 200) && reader.screen?.scale == 2)
        #expect(reader.warnings.map(\.description) == [
            "new.trace:2: unknown screen attribute 'notch' from version 1.3 skipped",
            "new.trace:3: unknown header key 'haptics' from version 1.3 skipped",
            "new.trace:4: unknown sample attribute 'tilt' from version 1.3 skipped",
        ])
    }

    /// Broken files: each gives one error naming the file, the line and what is wrong.
    static let broken: [(String, String)] = [
        ("", "bad.trace: empty file: expected 'uisim-trace 1.0' on the first line"),
        ("hello\n", "bad.trace:1: not a uisim trace: the first line must be 'uisim-trace 1.0'"),
        ("uisim-trace one\n", "bad.trace:1: bad version 'one': expected MAJOR.MINOR such as 1.0"),
        ("uisim-trace 2.0\n", "bad.trace:1: version 2.0 is not supported: this uisim reads 1.x"),
        ("uisim-trace 1.0\nscreen big\n", "bad.trace:2: bad screen size: expected 'screen WIDTHxHEIGHT scale=S refresh=HZ', such as 'screen 390x844 scale=3 refresh=60'"),
        ("uisim-trace 1.0\nscreen 10x10 refresh=0\n", "bad.trace:2: bad refresh rate '0': expected whole frames per second in 1...1000"),
        ("uisim-trace 1.0\ncolour blue\n", "bad.trace:2: unknown header key 'colour'"),
        ("uisim-trace 1.0\n0 1 down 1\n", "bad.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        ("uisim-trace 1.0\nx 1 down 1 1\n", "bad.trace:2: unknown header key 'x'"),
        ("uisim-trace 1.0\n0 1 down 1 1\nscreen 10x10\n", "bad.trace:3: header line 'screen' after the first sample"),
        ("uisim-trace 1.0\n0.5 1 down 1 1\n0.7 1 move 2 2\n0.5 1 up\n", "bad.trace:4: time 0.5 is earlier than the previous 0.7"),
        ("uisim-trace 1.0\n0 1 down 1 1\n0.1 1 down 2 2\n", "bad.trace:3: contact 1 goes down while already down"),
        ("uisim-trace 1.0\n0 3 move 1 1\n", "bad.trace:2: contact 3 moves but is not down"),
        ("uisim-trace 1.0\n0 3 up\n", "bad.trace:2: 'up' needs a position X Y"),
        ("uisim-trace 1.0\n0 1 hover 1 1\n", "bad.trace:2: bad phase 'hover': expected down, move, up or cancel"),
        ("uisim-trace 1.0\n0 -1 down 1 1\n", "bad.trace:2: bad contact '-1': expected a whole number ≥ 0"),
        ("uisim-trace 1.0\n0 1 down 1 1\nnan 1 up\n", "bad.trace:3: bad time 'nan': expected seconds, a decimal number such as 0.25"),
        ("uisim-trace 1.0\n0 1 down inf 1\n", "bad.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        ("uisim-trace 1.0\n0 1 down 1 1 force=heavy\n", "bad.trace:2: bad force 'heavy': expected a decimal number"),
        ("uisim-trace 1.0\n0 1 down 1 1 weight=2\n", "bad.trace:2: unknown sample attribute 'weight'"),
        ("uisim-trace 1.0\n-1 1 down 1 1\n", "bad.trace:2: time -1 is negative"),
        ("uisim-trace 1.0\n0 1\n", "bad.trace:2: expected 'TIME CONTACT PHASE [X Y] [KEY=VALUE…]', found '0 1'"),
        ("uisim-trace 1.0\n0 1 down 1 1 " + String(repeating: "x", count: 5000) + "\n", "bad.trace:2: line is longer than 4096 bytes"),
    ]

    @Test(arguments: broken.indices)
    func brokenFileGivesALocatedError(_ index: Int) {
        let (text, expected) = Self.broken[index]
        do {
            var reader = try NativeTraceReader(text: text, name: "bad.trace")
            while try reader.next() != nil {}
            Issue.record("no error for case \(index); expected \(expected)")
        } catch let error as TraceError {
            #expect(error.description == expected)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func tooManyContactsDownAtOnce() {
        var text = "uisim-trace 1.0\n"
        for i in 0...TraceLimits.maxSimultaneousContacts { text += "0 \(i) down 1 1\n" }
        #expect(throws: TraceError(file: "many.trace", line: 66, "more than 64 contacts down at once")) {
            var reader = try NativeTraceReader(text: text, name: "many.trace")
            while try reader.next() != nil {}
        }
    }
}
