import Foundation
import Testing

/// `uisim replay --dump-hierarchy` writes the last screen as UIKit's recursiveDescription prints
/// it, and a later replay without it removes the stale file.
@Suite nonisolated struct HierarchyDumpTests {
    let cli = CommandLineTests()

    @Test func aReplayDumpsItsLastScreen() throws {
        let folder = try cli.folderWithAReplay("hierarchy")
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = try cli.uisim(["replay", "tap.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none",
                                    "--dump-hierarchy", "--out", "h"], in: folder)
        #expect(replay.status == 0 && replay.stdout.contains("view hierarchy: "), "\(replay.stderr)")
        let dump = try String(contentsOf: folder.appendingPathComponent("h/hierarchy.txt"), encoding: .utf8)
        let lines = dump.split(separator: "\n")
        #expect(lines.first?.hasPrefix("<UIWindow: 0x1; frame = (0 0; 390 844); ") == true, "\(lines.first ?? "")")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("   | ") && $0.replacingOccurrences(of: "   | ", with: "").hasPrefix("<") } && lines.count > 5)
        #expect(lines.contains { $0.contains("<UISwitch: ") })
        // The same replay again: the same dump, byte for byte.
        #expect(try cli.uisim(["replay", "tap.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none",
                               "--dump-hierarchy", "--quiet", "--out", "h2"], in: folder).status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("h2/hierarchy.txt"), encoding: .utf8) == dump)
        // Without the option, no stale dump is left beside the new outputs.
        #expect(try cli.uisim(["replay", "tap.trace", "--scene", "controls", "--clock", "fixed", "--snapshots", "none", "--quiet", "--out", "h"],
                              in: folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("h/hierarchy.txt").path))
    }
}
