import Foundation
import Testing
import UIKit

/// `uisim replay --audit`, as the README shows it: the findings printed after the summary and
/// written to audit.json; a later replay into the same folder without it leaves no stale audit.
@Suite struct AuditCommandTests {
    let cli = CommandLineTests()

    @Test func replayAuditsTheControlsScene() throws {
        let folder = cli.temporary("audit")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try cli.uisim(["trace", "synth", "tap", "--from", "70,110", "-o", "tap.trace"], in: folder).status == 0)
        let audited = try cli.uisim(["replay", "tap.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none", "--audit", "--out", "out"], in: folder)
        #expect(audited.status == 0, "\(audited.stderr)")
        #expect(audited.stdout.contains("accessibility audit: 18 findings (") && audited.stdout.contains("out/audit.json)"), "\(audited.stdout)")
        #expect(audited.stdout.contains("not-an-element: CardButton in UIWindow > UIView at (16, 63, 111.33 × 102.67)"))
        struct File: Decodable { var findings: [AccessibilityFinding] }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("out/audit.json")))
        #expect(file.findings.count == 18 && file.findings.filter { $0.kind == .notAnElement }.count >= 9)
        let plain = try cli.uisim(["replay", "tap.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "out"], in: folder)
        #expect(plain.status == 0 && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/audit.json").path))
    }
}
