import Foundation
import Testing
import Traces

/// `uisim trace synth type`, as the README shows it: a tap to focus a field, then the text, a key
/// every `--interval` seconds, `\n` the return key and `\b` delete.
@Suite struct SynthTypeTests {
    let cli = CommandLineTests()

    @Test func typeWritesATapThenAKeyPerCharacter() throws {
        let folder = cli.temporary("synth-type")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try cli.uisim(["trace", "synth", "type", "--from", "195,317", "--text", "Hey\\bllo\\n", "-o", "type.trace"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        var reader = try NativeTraceReader(url: folder.appendingPathComponent("type.trace"))
        var samples: [TouchSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples.prefix(2).map(\.phase) == [.down, .up] && samples[0].location == CGPoint(x: 195, y: 317))
        #expect(samples.dropFirst(2).map(\.text) == ["H", "e", "y", "\u{8}", "l", "l", "o", "\n"])
        #expect(samples[2].time == 0.1 + 0.05 + 0.2 && abs(samples.last!.time - (0.35 + 7 * 0.2)) < 1e-9)
        let info = try cli.uisim(["trace", "info", "type.trace"], in: folder)
        #expect(info.status == 0 && info.stdout.contains("samples           10, of them 8 keys typed"), "\(info.stdout)")

        let missing = try cli.uisim(["trace", "synth", "type", "-o", "x.trace"], in: folder)
        #expect(missing.status == 64 && missing.stderr.contains("type needs --text"))
        let stray = try cli.uisim(["trace", "synth", "tap", "--text", "hi", "-o", "x.trace"], in: folder)
        #expect(stray.status == 64 && stray.stderr.contains("--text is for type"))
    }
}
