import Foundation
import InboxScreens
import Testing
import UISim

/// The mailbox (laid out by Auto Layout: anchors to the safe area, a stack-view header, self-sizing
/// rows) replayed against its fling, with the figures worked out by hand.
@MainActor @Suite struct MailboxTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fling = folder.appendingPathComponent("Traces/mailbox/fling.trace")

    func outputs(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("mailbox-tests-\(name)-\(UUID().uuidString)")
    }

    /// The screen, kept for inspection after the replay.
    func keptScene() -> (Scene, MailboxViewController) {
        let screen = MailboxViewController(messages: MailboxScene.sampleMessages)
        return (Scene(name: "mailbox", summary: "the mailbox, kept for inspection") { _ in screen }, screen)
    }

    /// The 17 pt and 15 pt system fonts' lines are SF Pro's, size × 2444 / 2048: 20.287 and
    /// 17.900 pt, rounded up to the @3x pixel: 61/3 (20⅓) and 54/3 (18) pt; the rows follow.
    static let senderHeight: CGFloat = 61.0 / 3, subjectHeight: CGFloat = 18
    /// 10 + 20⅓ + 4 + 18 + 10 = 62⅓ pt of content view, plus the separator's 1/3 pt: 62⅔.
    static let twoLineRow: CGFloat = 10 + senderHeight + 4 + subjectHeight + 10 + 1.0 / 3
    /// 10 + 20⅓ + 10 = 40⅓ pt (the hidden subject collapses with its spacing), plus 1/3 pt: 40⅔.
    static let oneLineRow: CGFloat = 10 + senderHeight + 10 + 1.0 / 3

    /// Row `i`'s height: every third message has no subject.
    static func rowHeight(_ i: Int) -> CGFloat { i % 3 == 2 ? oneLineRow : twoLineRow }

    @Test func theViewIsLaidOutByAnchorsToTheSafeArea() throws {
        let (scene, screen) = keptScene()
        let window = scene.makeWindow(settings: try scene.settings())
        window.layoutIfNeeded()
        // iPhone 14: safe area 47 pt at the top, 34 at the bottom. The header: 8 below the safe
        // area, 16 in from each side; as tall as its tallest view, the 28 pt bold title.
        let titleHeight = screen.titleLabel.intrinsicContentSize.height
        // (Frames on the pixel grid may differ from the sums in the last bit of a double.)
        #expect(screen.header.frame.isApproximatelyEqual(to: CGRect(x: 16, y: 47 + 8, width: 390 - 32, height: titleHeight), tolerance: 1e-9))
        // The switch keeps its 51 × 31 at the trailing end, centred; the count hugs its text.
        // Its top, (33⅔ − 31) / 2 = 1⅓ pt, is on the pixel grid (4 px).
        #expect(screen.unreadOnlySwitch.frame.isApproximatelyEqual(to: CGRect(x: 358 - 51, y: (titleHeight - 31) / 2, width: 51, height: 31),
                                                                   tolerance: 1e-9))
        #expect(abs(screen.unreadLabel.frame.width - screen.unreadLabel.intrinsicContentSize.width) < 1e-9)
        #expect(abs(screen.unreadLabel.frame.maxX - (358 - 51 - 8)) < 1e-6)
        #expect(abs(screen.titleLabel.frame.width - (screen.unreadLabel.frame.minX - 8)) < 1e-9)
        // The table: 8 below the header, down to the safe area's bottom (844 − 34).
        let tableTop = 47 + 8 + titleHeight + 8
        #expect(screen.tableView.frame.isApproximatelyEqual(to: CGRect(x: 0, y: tableTop, width: 390, height: 844 - 34 - tableTop), tolerance: 1e-9))
        #expect(UIApplication.shared.layoutIssues.isEmpty)
    }

    @Test func rowsSizeThemselvesFromTheirStackViews() throws {
        let (scene, screen) = keptScene()
        let window = scene.makeWindow(settings: try scene.settings())
        window.layoutIfNeeded()
        let cell = try #require(screen.tableView.visibleCells.first)
        let sender = try #require(cell.contentView.subviews.first?.subviews.first as? UILabel)
        #expect(abs(sender.intrinsicContentSize.height - Self.senderHeight) < 1e-9)
        // Rows 0, 1 show two labels (62⅔ pt), row 2 one (40⅔ pt), and so on down the screen.
        let rows = screen.tableView.visibleCells.compactMap { screen.tableView.indexPath(for: $0)?.row }.sorted()
        #expect(rows.first == 0)
        for row in rows {
            let rect = screen.tableView.rectForRow(at: IndexPath(row: row, section: 0))
            #expect(abs(rect.height - Self.rowHeight(row)) < 1e-9, "row \(row)")
            #expect(abs(rect.minY - (0..<row).map(Self.rowHeight).reduce(0, +)) < 1e-6, "row \(row)")
        }
    }

    @Test func theFlingMeasuresEachRowThatComesOnScreenOnce() throws {
        let folder = outputs("fling")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (scene, screen) = keptScene()
        let summary = try Replay.run(Self.fling, scene: scene, snapshots: .none, outputs: folder)
        // Before the fling the table shows rows 0–12: the 28 pt bold title is 33⅔ pt tall (28 ×
        // 2444 / 2048 = 33.41, up to the pixel), so the table starts at 47 + 8 + 33⅔ + 8 = 96⅔
        // and is 810 − 96⅔ = 713⅓ pt high; four groups of three rows are 4 × 166 = 664 pt, row 12
        // starts at 664 and row 13 at 726⅔, below the bottom. The fling's last row on screen is the one under
        // the bottom edge at the offset where it stops; every row after 12 came on screen once,
        // was configured once (cellForRowAt) and measured once, with no row measured twice.
        let table = screen.tableView
        let bottom = table.contentOffset.y + table.bounds.height
        var lastRow = 0, y: CGFloat = 0
        while y + Self.rowHeight(lastRow) < bottom { y += Self.rowHeight(lastRow); lastRow += 1 }
        let cameOnScreen = lastRow - 12
        #expect(cameOnScreen > 0)
        #expect(summary.counts[.selfSizingMeasurements] == cameOnScreen)
        #expect(summary.counts[.cellForRowCalls] == cameOnScreen)
        #expect(summary.counts[.cellsCreated] + summary.counts[.cellsReused] == cameOnScreen)
        // Rows come in with their constraints already in place: no constant is edited, nothing is
        // unsatisfiable, and UIKit's console would stay quiet.
        #expect(summary.counts[.constraintConstantChanges] == 0)
        #expect(summary.counts[.unsatisfiableConstraints] == 0)
        #expect(summary.counts[.constraintsAdded] > 0)
        #expect(summary.hierarchyWarnings == 0)
        #expect(UIApplication.shared.layoutIssues.isEmpty)
        // The content size: measured rows at their heights, the rest still at the 64 pt estimate.
        let measured = (0...lastRow).map(Self.rowHeight).reduce(0, +)
        #expect(abs(table.contentSize.height - (measured + CGFloat(MailboxScene.sampleMessages.count - lastRow - 1) * 64)) < 1e-6)
    }

    /// `make examples` replays `Traces` on the inbox scene and checks `Baselines/inbox.json`; the
    /// mailbox, another scene, has its own baseline, checked here: every counter exactly (times
    /// and commit hitches are measured, so the command line gates them, not a parallel test run).
    @Test func theFlingMatchesItsBaseline() throws {
        let folder = outputs("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Baseline.read(from: Self.folder.appendingPathComponent("Baselines/mailbox.json"))
        let summary = try Replay.run(Self.fling, scene: MailboxScene.scene, snapshots: .none, outputs: folder)
        #expect(baseline.settingsDiffering(from: summary).isEmpty)
        let measured = ["stages_us.", "hitches.", "hitch_time_ms."]
        let findings = baseline.check(summary, timeTolerance: 4).findings.filter { finding in
            !measured.contains { finding.name.hasPrefix($0) }
        }
        #expect(!findings.isEmpty)
        for finding in findings where finding.verdict != .same {
            Issue.record("\(finding.message)")
        }
    }
}
