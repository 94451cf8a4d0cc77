import Foundation
import Testing
@testable import Traces

/// Keys in traces (format 1.1): `TIME key "TEXT"` lines written and read back the same, with
/// their escapes; errors at their line; a newer minor version's unknown kinds of line skipped;
/// WebDriver `key` sources typing their `keyDown` values.
@Suite struct KeySampleTests {
    @Test func keyLinesRoundTripWithTheirEscapes() throws {
        var trace = Trace(screen: .default)
        trace.tap(1, at: CGPoint(x: 100, y: 200), time: 0.1)
        trace.append(.key(time: 0.3, text: "a \"quote\" # \\ é🙂"))
        trace.append(.key(time: 0.4, text: "\n"))
        trace.append(.key(time: 0.5, text: "\u{8}\t\u{1}"))
        let text = NativeTraceWriter.text(for: trace)
        #expect(text.hasPrefix("uisim-trace 1.1\n"))
        #expect(text.contains("\n0.3 key \"a \\\"quote\\\" \\u0023 \\\\ é🙂\"\n"))
        #expect(text.contains("\n0.4 key \"\\n\"\n0.5 key \"\\b\\t\\u0001\"\n"))
        var reader = try NativeTraceReader(text: text)
        var read: [TouchSample] = []
        while let sample = try reader.next() { read.append(sample) }
        #expect(read == trace.samples && reader.warnings.isEmpty)
        #expect(read[2].isKey && read[2].contact == 0 && read[2].location == .zero)
    }

    @Test func keyWordsAndUnicodeEscapes() throws {
        var reader = try NativeTraceReader(text: "uisim-trace 1.1\n0 key return\n0.1 key delete\n0.2 key space # a comment\n0.3 key \"\\u00e9\"\n")
        var texts: [String?] = []
        while let sample = try reader.next() { texts.append(sample.text) }
        #expect(texts == ["\n", "\u{8}", " ", "é"])
    }

    @Test(arguments: [
        ("0 key \"open", "<memory>:2: a key's text has no closing quote (write # as \\u0023: it starts a comment)"),
        ("0 key \"\"", "<memory>:2: a key line types nothing: \"\""),
        ("0 key \"a\" b", "<memory>:2: text after the key's closing quote: ' b'"),
        ("0 key \"\\q\"", "<memory>:2: bad escape \\q in a key's text: expected \\\", \\\\, \\n, \\b, \\t or \\uXXXX"),
        ("0 key enter", "<memory>:2: bad key 'enter': expected text in double quotes, or return, delete, tab or space"),
        ("0 1 key", "<memory>:2: a key line has no contact: 'TIME key \"TEXT\"'"),
        ("1 key \"a\"\n0.5 key \"b\"", "<memory>:3: time 0.5 is earlier than the previous 1"),
    ])
    func badKeyLinesAreErrorsAtTheirLine(_ line: String, _ message: String) throws {
        var reader = try NativeTraceReader(text: "uisim-trace 1.1\n\(line)\n")
        var problem: String?
        do {
            while try reader.next() != nil {}
        } catch let error as TraceError {
            problem = error.description
        }
        #expect(problem == message)
    }

    /// `TIME appearance light|dark` lines (1.1): written and read back; anything else is an error.
    @Test func appearanceLinesRoundTrip() throws {
        var trace = Trace()
        trace.append(.appearance(time: 0.5, style: "dark"))
        let text = NativeTraceWriter.text(for: trace)
        #expect(text.hasSuffix("\n0.5 appearance dark\n"))
        var reader = try NativeTraceReader(text: text)
        #expect(try reader.next() == trace.samples[0])
        var bad = try NativeTraceReader(text: "uisim-trace 1.1\n0 appearance dim\n")
        #expect(throws: TraceError.self) { try bad.next() }
    }

    /// A file of a newer minor version may bring kinds of line this reader does not know: skipped,
    /// each with a warning at its line; a file of this version may not.
    @Test func aNewerMinorsUnknownLinesAreSkipped() throws {
        var newer = try NativeTraceReader(text: "uisim-trace 1.9\n0 1 down 5 5\n0.1 scroll 3 4\n0.2 1 up\n")
        var phases: [TouchSample.Phase] = []
        while let sample = try newer.next() { phases.append(sample.phase) }
        #expect(phases == [.down, .up] && newer.warnings.map(\.description) == ["<memory>:3: unknown line kind 'scroll' from version 1.9 skipped"])
        var same = try NativeTraceReader(text: "uisim-trace 1.1\n0.1 scroll 3 4\n")
        #expect(throws: TraceError.self) { try same.next() }
    }

    /// Appium's `sendKeys` as WebDriver actions: each `keyDown` types its value at its tick's
    /// start; Backspace (U+E003) is delete, Enter (U+E007) return, Shift (U+E008) nothing (warned);
    /// `keyUp` only waits. A document of keys alone is a trace.
    @Test func webDriverKeySourcesType() throws {
        let json = """
            {"actions": [{"type": "key", "id": "keyboard", "actions": [
                {"type": "keyDown", "value": "h"}, {"type": "keyUp", "value": "h"},
                {"type": "pause", "duration": 100},
                {"type": "keyDown", "value": "\\uE008"}, {"type": "keyDown", "value": "\\uE003"},
                {"type": "keyDown", "value": "\\uE007"}]}]}
            """
        var reader = try WebDriverActionsReader(text: json)
        var samples: [TouchSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples.map(\.text) == ["h", "\u{8}", "\n"] && samples.map(\.time) == [0, 0.1, 0.1])
        #expect(reader.warnings.map(\.description) == ["<memory>:4: key U+E008 types nothing (a modifier or a navigation key): skipped"])
    }

    /// A `keyDown` with no value, or with several characters, is an error at its line.
    @Test func aKeyDownWithoutOneCharacterIsLocated() throws {
        for value in ["", #", "value": "ab""#] {
            let json = "{\"actions\": [{\"type\": \"key\", \"id\": \"k\", \"actions\": [\n{\"type\": \"keyDown\"\(value)}]}]}"
            #expect(throws: TraceError.self) { _ = try WebDriverActionsReader(text: json) }
            do { _ = try WebDriverActionsReader(text: json) } catch let error as TraceError {
                #expect(error.description == "<memory>:2: keyDown needs a \"value\": one character or WebDriver key code")
            }
        }
    }

    /// `Trace.type` spaces the keys `interval` apart, one character (grapheme) each.
    @Test func typingMakesAKeyPerCharacter() {
        var trace = Trace()
        trace.type("a🙂\n", time: 1, interval: 0.25)
        #expect(trace.samples.map(\.text) == ["a", "🙂", "\n"] && trace.samples.map(\.time) == [1, 1.25, 1.5])
    }
}
