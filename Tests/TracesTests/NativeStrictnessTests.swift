import Foundation
import Testing
@testable import Traces

/// The native reader reads what `Traces/FORMAT.md` says and nothing more: numbers are decimal
/// (Swift's `Double(_:)` also reads hexadecimal, `nan` and `inf`), an attribute is given once, and
/// so is each header key (issue #28: `0x1p-2` as a time, `force=1 force=2` and two `screen` lines
/// were read).
@Suite struct NativeStrictnessTests {
    static let header = "uisim-trace 1.0\n"

    /// Each refused at its line.
    static let refused: [(String, String)] = [
        (header + "0x1p-2 1 down 1 1\n", "x.trace:2: bad time '0x1p-2': expected seconds, a decimal number such as 0.25"),
        (header + "0 1 down 1 1\n0x10 1 up\n", "x.trace:3: bad time '0x10': expected seconds, a decimal number such as 0.25"),
        (header + "inf 1 down 1 1\n", "x.trace:2: bad time 'inf': expected seconds, a decimal number such as 0.25"),
        (header + "0 1 down 1 1\nNaN 1 up\n", "x.trace:3: bad time 'NaN': expected seconds, a decimal number such as 0.25"),
        (header + "1e999 1 down 1 1\n", "x.trace:2: bad time '1e999': expected seconds, a decimal number such as 0.25"),
        (header + "0 1 down 0x1p3 1\n", "x.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        (header + "0 1 down 1 0xA\n", "x.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        (header + "0 1 down -inf 1\n", "x.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        (header + "0 1 down 1 nan\n", "x.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        (header + "0 1 down 1 infinity\n", "x.trace:2: bad position: expected two decimal numbers X Y after 'down'"),
        (header + "0 1 down 1 1 force=0x1p1\n", "x.trace:2: bad force '0x1p1': expected a decimal number"),
        (header + "0 1 down 1 1 radius=nan\n", "x.trace:2: bad radius 'nan': expected a decimal number"),
        (header + "0 1 down 1 1 altitude=inf\n", "x.trace:2: bad altitude 'inf': expected a decimal number"),
        (header + "0 1 down 1 1 azimuth=1e\n", "x.trace:2: bad azimuth '1e': expected a decimal number"),
        (header + "0 1 down 1 1 force=1 force=2\n", "x.trace:2: attribute 'force' is given twice"),
        (header + "0 1 down 1 1 radius=1 force=1 radius=1\n", "x.trace:2: attribute 'radius' is given twice"),
        (header + "screen 390x844\nscreen 100x100\n0 1 down 1 1\n", "x.trace:3: a second 'screen' line: the first is on line 2"),
        (header + "device A\nscreen 390x844\ndevice B\n", "x.trace:4: a second 'device' line: the first is on line 2"),
        (header + "screen 390x844 scale=2 scale=3\n", "x.trace:2: screen attribute 'scale' is given twice"),
        (header + "screen 390x844 scale=0x1p1\n", "x.trace:2: bad scale '0x1p1': expected a number in (0, 10]"),
        (header + "screen 390x844 scale=nan\n", "x.trace:2: bad scale 'nan': expected a number in (0, 10]"),
        (header + "screen 390x844 refresh=0x3c\n", "x.trace:2: bad refresh rate '0x3c': expected whole frames per second in 1...1000"),
        (header + "screen nanx844\n", "x.trace:2: bad screen size: expected 'screen WIDTHxHEIGHT scale=S refresh=HZ', such as 'screen 390x844 scale=3 refresh=60'"),
        (header + "screen 390xinf\n", "x.trace:2: bad screen size: expected 'screen WIDTHxHEIGHT scale=S refresh=HZ', such as 'screen 390x844 scale=3 refresh=60'"),
    ]

    @Test(arguments: refused.indices)
    func whatTheFormatDoesNotSayIsRefused(_ index: Int) {
        let (text, expected) = Self.refused[index]
        do {
            var reader = try NativeTraceReader(text: text, name: "x.trace")
            while try reader.next() != nil {}
            Issue.record("no error; expected \(expected)")
        } catch let error as TraceError {
            #expect(error.description == expected)
        } catch {
            Issue.record("not a TraceError: \(error)")
        }
    }

    /// What is decimal: a sign, digits with or without a point, an exponent; what is not.
    @Test func decimalNumbers() {
        let accepted: [(Substring, Double)] = [("0", 0), ("-0", 0), ("+1", 1), ("0.25", 0.25), (".5", 0.5), ("5.", 5), ("1e-05", 1e-5),
                                               ("1E3", 1000), ("-1.5e+2", -150), ("007", 7), ("5e-324", 5e-324)]
        for (text, value) in accepted { #expect(TraceNumber.decimal(text) == value, "\(text)") }
        for text: Substring in ["", "-", ".", "+.", "e5", "1e", "1e+", "0x1p-2", "0x10", "nan", "NaN", "inf", "-inf", "infinity",
                                "1.2.3", "1 ", " 1", "1_000", "١", "1e999", "--1", "1e5.0"] {
            #expect(TraceNumber.decimal(text) == nil, "\(text)")
        }
    }

    /// What the writer prints reads back the same, exponents included.
    @Test func theWritersNumbersAreDecimal() throws {
        var trace = Trace(screen: TraceScreen(size: CGSize(width: 1e-3, height: 1e6), scale: 0.5, refreshRate: 60))
        trace.down(1, at: CGPoint(x: 1e-7, y: 5e-324), time: 1e-5, force: 1e-300, majorRadius: 123_456_789)
        trace.move(1, to: CGPoint(x: -1e6, y: 0.1 + 0.2), time: 1e-4)
        trace.up(1, time: 1e-4)
        var reader = try NativeTraceReader(text: NativeTraceWriter.text(for: trace))
        var read: [TouchSample] = []
        while let sample = try reader.next() { read.append(sample) }
        #expect(read == trace.samples && reader.screen == trace.screen)
    }
}
