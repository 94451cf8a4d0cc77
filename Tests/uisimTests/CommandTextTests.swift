import Foundation
import Testing
import UISim
@testable import uisim

/// What the commands print, read by people: no cut columns, no stray spaces, parts smaller than
/// their whole, clear errors, and the advice page with its numbers.
@Suite(.serialized) struct CommandTextTests {
    let cli = CommandLineTests()

    @Test func scenesListsEveryVariantWhole() throws {
        let scenes = try cli.uisim(["scenes"])
        #expect(scenes.status == 0)
        for name in ["opaque", "degrade-while-scrolling", "system-views", "subviews-in-controls", "content-mode", "transform"] {
            #expect(scenes.stdout.contains("--variant \(name)=on|off  "), "\(name)")
        }
        // One column: every description starts at the same place.
        let starts = Set(scenes.stdout.split(separator: "\n").map { line in
            line.distance(from: line.startIndex, to: line.range(of: "  ", options: .backwards)!.upperBound)
        })
        #expect(starts.count == 1)
    }

    @Test func replayHelpReadsAsOneSentence() throws {
        let help = try cli.uisim(["replay", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.split(separator: "\n").contains { $0.last == " " })
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("so a slow frame delays the next (the default); fixed: every vsync gets a frame"))
    }

    /// The terminal summary: blended pixels are a part of the composited ones, and the pixels
    /// hidden under opaque layers are said apart, as what was not composited.
    @Test func summaryTableSaysWhatIsAPartOfWhat() {
        var summary = Summary(trace: "t.trace", scene: "feed", variant: "", device: "iPhone 14", refreshRate: 60)
        summary.counts.compositedPixels = 448_452
        summary.counts.blendedPixels = 139_572
        summary.counts.occludedPixels = 617_760
        let table = ReplayCommand.table(summary, report: "r.html")
        #expect(table.contains("pixels composited                 448452, of them 139572 blended"))
        #expect(table.contains("pixels hidden, not composited     617760 (under opaque layers)"))
    }

    @Test func adviceOutsideTheProjectSaysToGiveTraces() throws {
        let empty = cli.temporary("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let advice = try cli.uisim(["advice", "--runs", "1"], in: empty)
        #expect(advice.status == 64)
        #expect(advice.stderr.contains("cannot read Traces/fling.trace, Traces/pinch.trace, Traces/taps.trace"))
        #expect(advice.stderr.contains("--traces FOLDER"))
        for runs in ["0", "-1", "51"] {
            let bad = try cli.uisim(["advice", "--runs=\(runs)"])
            #expect(bad.status == 64 && bad.stderr.contains("--runs must be between 1 and 50"), "\(runs)")
        }
    }

    /// `advice` on short stand-ins for its traces: five verdicts with their numbers, whether each
    /// advice held, and advice.html as a table of them.
    @Test func adviceShowsItsNumbersAndWhetherEachHeld() throws {
        let folder = cli.temporary("advice")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("t"), withIntermediateDirectories: true)
        for gesture in [["fling", "--from", "195,700", "--to", "195,300", "--duration", "0.1", "-o", "t/fling.trace"],
                        ["pinch", "--from", "195,380", "--distance", "120,200", "--duration", "0.2", "-o", "t/pinch.trace"],
                        ["tap", "--from", "100,200", "-o", "t/taps.trace"]] {
            #expect(try cli.uisim(["trace", "synth"] + gesture, in: folder).status == 0)
        }
        let advice = try cli.uisim(["advice", "--runs", "1", "--traces", "t", "--out", "a"], in: folder)
        #expect(advice.status == 0, "\(advice.stderr)")
        let verdicts = advice.stdout.split(separator: "\n").filter { $0.first?.isNumber == true }
        #expect(verdicts.count == 5)
        #expect(verdicts.allSatisfy { $0.hasSuffix("— held") || $0.hasSuffix("— did not hold") })
        #expect(verdicts[1].contains("2. content mode instead of redraw: draws ") && verdicts[1].hasSuffix("— held"))
        let html = try String(contentsOf: folder.appendingPathComponent("a/advice.html"), encoding: .utf8)
        #expect(html.contains("1 interleaved run of each variant"))
        #expect(html.components(separatedBy: "<tr><td>").count - 1 == 5)
        #expect(html.contains("<th>measured</th><th>held</th>") && html.contains("href=\"2-content-mode/compare.html\""))
        let compare = try String(contentsOf: folder.appendingPathComponent("a/2-content-mode/compare.html"), encoding: .utf8)
        #expect(compare.contains(" ms</text>") && compare.contains(">A: ") && compare.contains(">B: ") && compare.contains("frame number"))
        #expect(compare.contains("1 run each, interleaved"))
    }
}
