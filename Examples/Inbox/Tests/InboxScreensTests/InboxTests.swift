import Foundation
import InboxScreens
import Testing
import UISim

/// The inbox's own performance tests: replay a recorded trace, assert on the summary. On the main
/// actor, as UIKit's types are.
@MainActor @Suite struct InboxTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Traces")

    func outputs(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("inbox-tests-\(name)-\(UUID().uuidString)")
    }

    @Test func scrollingReusesCellsAndDoesNotHitch() throws {
        let folder = outputs("scroll")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try Replay.run(Self.traces.appendingPathComponent("scroll.trace"), scene: InboxScene.scene, outputs: folder)
        #expect(summary.hitches.total == 0)
        // 844 pt shows at most 13 rows of 72 pt at once: cells made while scrolling are few, the
        // rest are reused.
        #expect(summary.counts[.cellsCreated] <= 3)
        #expect(summary.counts[.cellsReused] > summary.counts[.cellsCreated])
        // Each row coming on screen draws its avatar and its two labels; the fling reaches the
        // second section, whose header draws its title once. Nothing else draws.
        #expect(summary.counts.draws == 3 * summary.counts[.cellForRowCalls] + 1)
    }

    @Test func opaqueAvatarsBlendFewerPixels() throws {
        let folder = outputs("opaque")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = Self.traces.appendingPathComponent("scroll.trace")
        let blended = try Replay.run(trace, scene: InboxScene.scene, snapshots: .none, outputs: folder.appendingPathComponent("a"))
        let opaque = try Replay.run(trace, scene: InboxScene.scene, variants: ["opaque-avatars": true], snapshots: .none,
                                    outputs: folder.appendingPathComponent("b"))
        #expect(opaque.counts.blendedPixels < blended.counts.blendedPixels)
        #expect(opaque.counts.draws == blended.counts.draws)
    }

    /// The tap at y = 430: the table starts under the navigation bar (47 + 44 = 91), its first
    /// header 28 pt, rows of 72 pt from 119: row 4 (407–479). It pushes the message; the edge
    /// swipe at 1.2 s pops it. Each is a transition of its own, spanned in the summary.
    @Test func aTapPushesTheMessageAndAnEdgeSwipePopsIt() throws {
        let folder = outputs("tap")
        defer { try? FileManager.default.removeItem(at: folder) }
        let screen = InboxViewController(messages: InboxScene.sampleMessages)
        let navigation = UINavigationController(rootViewController: screen)
        let scene = Scene(name: "inbox-under-test", summary: "the inbox, kept for inspection") { _ in navigation }
        let summary = try Replay.run(Self.traces.appendingPathComponent("open-message.trace"), scene: scene, snapshots: .none, outputs: folder)
        #expect(screen.opened == [4])
        #expect(summary.transitions?.map { "\($0.kind) \($0.screen) \($0.outcome)" } == [
            "push MessageViewController finished", "interactive pop InboxViewController finished",
        ])
        #expect(navigation.viewControllers.count == 1)
    }

    /// Compose (the bar's trailing button, at x = 340) presents the sheet at its medium detent;
    /// the swipe down at 1.5 s dismisses it.
    @Test func composeIsASheetASwipeDismisses() throws {
        let folder = outputs("compose")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try Replay.run(Self.traces.appendingPathComponent("compose.trace"), scene: InboxScene.scene, snapshots: .none, outputs: folder)
        #expect(summary.transitions?.map { "\($0.kind) \($0.screen) \($0.outcome)" } == [
            "present ComposeViewController finished", "dismiss ComposeViewController finished",
        ])
    }
}
