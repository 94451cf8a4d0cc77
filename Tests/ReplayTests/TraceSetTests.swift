import Foundation
import Replay
import Testing
import Traces
import Support

@Suite struct TraceSetTests {
    static let traces = ReplayTests.traces

    @Test func aFolderGivesItsTracesByNameAndLeavesOtherFilesOut() throws {
        let names = try TraceSet.resolve([Self.traces.path]).map(\.lastPathComponent)
        #expect(names == ["drag.trace", "fling-and-catch.trace", "fling.trace", "pinch.trace", "slow-drag.trace", "taps.trace", "wetab-taps.evemu"])
        // A file named again, directly, counts once.
        #expect(try TraceSet.resolve([Self.traces.path, Self.traces.appendingPathComponent("taps.trace").path]).count == 7)
        // Missing: a usage error (64), named directly or in a list.
        #expect(throws: FileError(.unreadable, file: "/no/such/folder", "no such file or folder")) { try TraceSet.resolve(["/no/such/folder"]) }
    }

    @Test func shardsPartitionTheTracesAndDoNotMoveWhenOthersAreAdded() throws {
        let names = (0..<200).map { URL(fileURLWithPath: "/traces/recording-\($0).evemu") }
        for count in [1, 2, 3, 4, 7] {
            let shards = try (1...count).map { try Shard(index: $0, count: count) }
            for url in names { #expect(shards.filter { $0.contains(url) }.count == 1) }
            // Roughly even: no shard holds more than twice its share.
            for shard in shards { #expect(names.filter(shard.contains).count <= 2 * names.count / count + 1) }
        }
        // Stable: the shard of a trace depends on its file name only.
        let four = try Shard("3/4")
        let mine = names.filter(four.contains).map(\.lastPathComponent)
        let more = names + (200..<300).map { URL(fileURLWithPath: "/elsewhere/new-\($0).trace") }
        #expect(Array(more.filter(four.contains).map(\.lastPathComponent).prefix(mine.count)) == mine)
        #expect(throws: TraceError.self) { try Shard("5/4") }
        #expect(throws: TraceError.self) { try Shard("0/4") }
        #expect(throws: TraceError.self) { try Shard("two") }
    }

    @Test func aListNamesTracesRelativeToItself() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("ci.txt")
        try "# the smoke set\na.trace\n\n/abs/b.evemu  # absolute\n".write(to: list, atomically: true, encoding: .utf8)
        #expect(try TraceSet.paths(listedIn: list) == [folder.appendingPathComponent("a.trace").path, "/abs/b.evemu"])
    }

    /// A list written on Windows (CRLF) names the same paths: no "\r" is left in them.
    @Test func aListWithCRLFLineEndingsNamesTheSamePaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-list-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("ci.txt")
        try "a.trace\r\n# note\r\n/abs/b.evemu\r\n".write(to: list, atomically: true, encoding: .utf8)
        #expect(try TraceSet.paths(listedIn: list) == [folder.appendingPathComponent("a.trace").path, "/abs/b.evemu"])
    }

    /// café.trace composed (NFC) and decomposed (NFD) in one folder are two files (Swift's strings
    /// call their names equal): both are found, and the batch refuses them by name (65).
    @Test func namesEqualOnlyOnceNormalizedAreTwoTracesAndRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-nfc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["caf\u{E9}", "cafe\u{301}"] {
            try "uisim-trace 1.0\n0 1 down 10 10\n0.1 1 up\n".write(to: folder.appendingPathComponent("\(name).trace"), atomically: true, encoding: .utf8)
        }
        let urls = try TraceSet.resolve([folder.path])
        #expect(urls.count == 2)
        #expect(Set(urls.map { Array($0.lastPathComponent.utf8) }).count == 2)
    }
}
