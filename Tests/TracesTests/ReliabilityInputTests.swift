import Foundation
import Testing
@testable import Traces

/// Input defects of the hostile run (issue 53): a cut keeps the appearance in effect, a native
/// trace that is not UTF-8 is refused at its line and byte, a JSON number beyond what a Double
/// holds is flagged with its path rather than read rounded.
@Suite struct ReliabilityInputTests {
    /// A dark window at the cut's start replays dark: the appearance is set again at 0, before
    /// the contacts already down; keys before the cut are gone with it.
    @Test func aCutKeepsTheAppearanceInEffectAtItsStart() {
        var trace = Trace()
        trace.append(.appearance(time: 0.5, style: "dark"))
        trace.append(.key(time: 0.6, text: "a"))
        trace.drag(1, from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: 0), time: 1, duration: 1, rate: 10)
        let part = trace.cut(from: 1.45, to: 1.75)
        #expect(part.samples.first == .appearance(time: 0, style: "dark"))
        #expect(part.samples.dropFirst().first == TouchSample(time: 0, contact: 1, phase: .down, location: CGPoint(x: 40, y: 0)))
        #expect(!part.samples.contains { $0.isKey })
        // An appearance switched back before the start: the last one holds.
        var back = trace
        back.append(.appearance(time: 2.5, style: "light"))
        back.tap(2, at: CGPoint(x: 5, y: 5), time: 3)
        #expect(back.cut(from: 2.9, to: 4).samples.first == .appearance(time: 0, style: "light"))
        // One right at the start is kept once, not twice.
        #expect(trace.cut(from: 0.5, to: 1).samples.filter { $0.phase == .appearance }.count == 1)
    }

    /// Bytes that are not UTF-8 in a native trace (a stray byte, an overlong form, a surrogate,
    /// past U+10FFFF) are an error at their line, naming the byte; never read as U+FFFD.
    @Test(arguments: [[0xFF, 0xFE], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] as [[UInt8]])
    func aNativeTraceThatIsNotUTF8IsRefusedAtItsByte(_ bad: [UInt8]) throws {
        let bytes = Array("uisim-trace 1.1\n0 1 down 10 10\n0.1 key \"".utf8) + bad + Array("\"\n0.2 1 up\n".utf8)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-utf8-\(UUID().uuidString).trace")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var reader = try NativeTraceReader(url: url)
        let error = #expect(throws: TraceError.self) { while try reader.next() != nil {} }
        let hex = String(bad[0], radix: 16, uppercase: true)
        #expect(error?.line == 3 && error?.message == "not UTF-8 at byte 10 of the line (0x\(hex)): uisim's traces are UTF-8 text", "\(String(describing: error))")
    }

    /// Valid UTF-8 of every length reads as it is.
    @Test func utf8OfEveryLengthReads() throws {
        var reader = try NativeTraceReader(text: "uisim-trace 1.1\n0 key \"é€🙂a\"\n")
        #expect(try reader.next()?.text == "é€🙂a")
        #expect(LineReader.firstInvalidUTF8(ArraySlice(Array("aé€🙂".utf8) + [0x80])) == 10)
    }

    /// From 2^53 on a Double no longer holds every whole number: such numbers keep their text,
    /// with their path and line, so a reader can refuse them; 2^53 itself is held.
    @Test func numbersBeyondWhatADoubleHoldsAreFlagged() throws {
        let text = "{\"a\": 9007199254740992,\n \"b\": {\"c\": [1, 9007199254740993]},\n \"d\": 1e300, \"e\": 18446744073709551616, \"f\": 0.5}"
        let document = try JSONNode.parse(Array(text.utf8), file: "x.json")
        let flagged = document.unheldNumbers()
        #expect(flagged.map(\.path) == ["b.c[1]", "d", "e"])
        #expect(flagged.map(\.text) == ["9007199254740993", "1e300", "18446744073709551616"])
        #expect(flagged.map(\.line) == [2, 3, 3])
    }
}
