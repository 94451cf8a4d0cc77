import Foundation
import InboxScreens
import Testing
import UISim

/// The threads (a compositional list with a diffable data source) replayed against its traces.
@MainActor @Suite struct ThreadsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func outputs(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("threads-tests-\(name)-\(UUID().uuidString)")
    }

    /// The first screen: a grouped header (17 + a 13 pt footnote line, 15.51, + 6 = 38.51 pt), three
    /// pinned rows of a sender and a subject (11 + 61/3 + 3 + 43/3 + 11 = 179/3 pt each), 17.5 below;
    /// the second header; its first row, thread 3, from 273.53 pt. The list starts under the status
    /// bar (its content inset adjusted by the safe area's 47 pt, as UIKit's), so three taps at
    /// y = 347 (300 in the content) archive threads 3, 4 and 5, each applied as a one-delete
    /// difference that brings one new row on screen.
    @Test func tapsArchiveThreadsByTheirDifference() throws {
        let screen = ThreadsViewController(threads: ThreadsScene.sampleThreads)
        let scene = Scene(name: "threads", summary: "kept for inspection") { _ in screen }
        let out = outputs("archive")
        defer { try? FileManager.default.removeItem(at: out) }
        let summary = try Replay.run(Self.folder.appendingPathComponent("Traces/threads/archive.trace"), scene: scene, snapshots: .none, outputs: out)
        let header = 17 + 13 * 2444.0 / 2048 + 6
        let firstRow = try #require(screen.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame)
        #expect(abs(firstRow.minY - (2 * header + 3 * 179.0 / 3 + 17.5)) < 1e-9 && firstRow.minX == 16 && firstRow.width == 358)
        #expect(screen.archived == [3, 4, 5])
        #expect(summary.counts[.snapshotDiffs] == 3 && summary.counts[.snapshotChanges] == 3)
        #expect(summary.counts[.cellForItemCalls] == 3)
        #expect(screen.collectionView.backgroundColor == .systemGroupedBackground)
    }
}
