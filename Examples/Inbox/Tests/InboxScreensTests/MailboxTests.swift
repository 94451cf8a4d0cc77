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

    /// uisim's 17 pt and 15 pt system fonts are 21 and 18 pt high on the @3x grid; the rows follow.
    static let senderHeight: CGFloat = 21, subjectHeight: CGFloat = 18
    /// 10 + 21 + 4 + 18 + 10 = 63 pt of content view, plus the separator's 1/3 pt.
    static let twoLineRow: CGFloat = 10 + senderHeight + 4 + subjectHeight + 10 + 1.0 / 3
    /// 10 + 21 + 10 = 41 pt (the hidden subject collapses with its spacing), plus 1/3 pt.
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
        #expect(screen.header.frame == CGRect(x: 16, y: 47 + 8, width: 390 - 32, height: titleHeight))
        // The switch keeps its 51 × 31 at the trailing end, centred; the count hugs its text.
        #expect(screen.unreadOnlySwitch.frame == CGRect(x: 358 - 51, y: (titleHeight - 31) / 2, width: 51, height: 31))
        #expect(screen.unreadLabel.frame.width == screen.unreadLabel.intrinsicContentSize.width)
        #expect(abs(screen.unreadLabel.frame.maxX - (358 - 51 - 8)) < 1e-6)
        #expect(screen.titleLabel.frame.width == screen.unreadLabel.frame.minX - 8)
        // The table: 8 below the header, down to the safe area's bottom (844 − 34).
        let tableTop = 47 + 8 + titleHeight + 8
        #expect(screen.tableView.frame == CGRect(x: 0, y: tableTop, width: 390, height: 844 - 34 - tableTop))
        #expect(UIApplication.shared.layoutIssues.isEmpty)
    }

    @Test func rowsSizeThemselvesFromTheirStackViews() throws {
        let (scene, screen) = keptScene()
        let window = scene.makeWindow(settings: try scene.settings())
        window.layoutIfNeeded()
        let cell = try #require(screen.tableView.visibleCells.first)
        let sender = try #require(cell.contentView.subviews.first?.subviews.first as? UILabel)
        #expect(sender.intrinsicContentSize.height == Self.senderHeight)
        // Rows 0, 1 show two labels (63⅓ pt), row 2 one (41⅓ pt), and so on down the screen.
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
        // Before the fling the table (714 pt high) shows rows 0–12: four groups of three rows are
        // 4 × 168 = 672 pt, row 12 starts at 672. The fling's last row on screen is the one under
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
