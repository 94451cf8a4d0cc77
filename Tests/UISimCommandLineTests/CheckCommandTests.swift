import Foundation
import FoundationXML
import Testing

/// `uisim check` on real replays: a regression fails with a JUnit case naming the trace and the
/// figure, an improvement passes and asks for the baseline to be updated (fails with --strict),
/// and a result made with other settings is refused.
@Suite(.serialized) nonisolated struct CheckCommandTests {
    let cli = CommandLineTests()

    /// A folder with a tap and a drag, replayed on the fixed clock into `out`, and a baseline of it.
    func setUp(_ folder: URL, dragTo: String) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("traces"), withIntermediateDirectories: true)
        #expect(try cli.uisim(["trace", "synth", "tap", "--from", "100,300", "-o", "traces/tap.trace"], in: folder).status == 0)
        #expect(try cli.uisim(["trace", "synth", "drag", "--from", "195,700", "--to", dragTo, "--duration", "0.5",
                               "-o", "traces/drag.trace"], in: folder).status == 0)
    }

    func replay(_ folder: URL, _ extra: [String] = []) throws {
        let replay = try cli.uisim(["replay", "traces", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "out"] + extra, in: folder)
        #expect(replay.status == 0, "\(replay.stderr)")
    }

    /// The counters are this test's subject: times may vary as much as a loaded machine makes them
    /// (a commit phase of 74 µs read 381 µs with the machine's load at 4 on 2 cores).
    static let countersOnly = ["--time-tolerance", "1000"]

    @Test func aRegressionFailsNamingTheTraceAndTheFigure() throws {
        let folder = cli.temporary("check")
        defer { try? FileManager.default.removeItem(at: folder) }
        try setUp(folder, dragTo: "195,500")
        try replay(folder)
        #expect(try cli.uisim(["baseline", "out", "-o", "baseline.json"], in: folder).status == 0)
        #expect(try cli.uisim(["check", "out", "--baseline", "baseline.json"] + Self.countersOnly, in: folder).status == 0)

        // A longer drag under the same name: more rows scroll into view and are drawn.
        try setUp(folder, dragTo: "195,100")
        try replay(folder)
        let check = try cli.uisim(["check", "out", "--baseline", "baseline.json", "--junit", "junit.xml"] + Self.countersOnly, in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("drag.trace:\n") && !check.stdout.contains("tap.trace:"))
        #expect(check.stdout.contains("regression  counts.draws: "))
        let document = try XMLDocument(data: Data(contentsOf: folder.appendingPathComponent("junit.xml")))
        let failures = try document.nodes(forXPath: "//testcase[failure]").compactMap { $0 as? XMLElement }
        let named = failures.map { "\($0.attribute(forName: "classname")!.stringValue!) \($0.attribute(forName: "name")!.stringValue!)" }
        #expect(named.contains("drag counts.draws"))
        #expect(named.allSatisfy { $0.hasPrefix("drag ") })
        let suites = try document.nodes(forXPath: "//testsuite/@name").map { $0.stringValue! }
        #expect(suites == ["drag.trace", "tap.trace"])

        // Back to the short drag: the same figures pass; a shorter one is an improvement.
        try setUp(folder, dragTo: "195,600")
        try replay(folder)
        let improved = try cli.uisim(["check", "out", "--baseline", "baseline.json"] + Self.countersOnly, in: folder)
        #expect(improved.status == 0)
        #expect(improved.stdout.contains("improvement counts.draws: ") || improved.stdout.contains("improvement counts.layouts: "))
        #expect(improved.stdout.contains("update the baseline (uisim baseline out -o baseline.json)"))
        #expect(try cli.uisim(["check", "out", "--baseline", "baseline.json", "--strict"] + Self.countersOnly, in: folder).status == 1)
    }

    @Test func otherSettingsThanTheBaselinesAreRefused() throws {
        let folder = cli.temporary("settings")
        defer { try? FileManager.default.removeItem(at: folder) }
        try setUp(folder, dragTo: "195,500")
        try replay(folder)
        #expect(try cli.uisim(["baseline", "out", "-o", "baseline.json"], in: folder).status == 0)
        try replay(folder, ["--variant", "opaque=on"])
        let variant = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(variant.status == 64)
        let settings = { (opaque: String) in
            "auto-layout=off blurred-header=off constraint-churn=off corner-clip=off degrade-while-scrolling=off display-link-animation=off"
                + " header=off live-content=off opaque=\(opaque) pulse-on-tap=off rasterize=off shadow-path=off system-views=on"
        }
        #expect(variant.stderr.contains("the baseline's variant is '\(settings("off"))', the result's '\(settings("on"))'"))
        // Another text size (Dynamic Type) is another setting; a size uisim does not know is a usage error.
        try replay(folder, ["--content-size", "accessibility-large"])
        let text = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(text.status == 64 && text.stderr.contains("the baseline's content size is 'large', the result's 'accessibility-large'"),
                "\(text.stderr)")
        // So is dark mode: recorded in the summary, refused against a light baseline.
        try replay(folder, ["--appearance", "dark"])
        let dark = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(dark.status == 64 && dark.stderr.contains("the baseline's appearance is 'light', the result's 'dark'"), "\(dark.stderr)")
        let summary = try String(contentsOf: folder.appendingPathComponent("out/summary.json"), encoding: .utf8)
        #expect(summary.contains("\"appearance\" : \"dark\"") || summary.contains("\"appearance\":\"dark\""))
        let purple = try cli.uisim(["replay", "traces", "--appearance", "purple", "--quiet", "--out", "purple"], in: folder)
        #expect(purple.status == 64 && purple.stderr.contains("purple") && purple.stderr.contains("--appearance"), "\(purple.stderr)")
        let huge = try cli.uisim(["replay", "traces", "--content-size", "huge", "--quiet", "--out", "huge"], in: folder)
        #expect(huge.status == 64 && huge.stderr.contains("huge"))
        let clock = try cli.uisim(["replay", "traces", "--snapshots", "none", "--quiet", "--out", "out"], in: folder)
        #expect(clock.status == 0)
        let virtual = try cli.uisim(["check", "out", "--baseline", "baseline.json"], in: folder)
        #expect(virtual.status == 64 && virtual.stderr.contains("the baseline's clock is 'fixed', the result's 'virtual'"))
    }
}
