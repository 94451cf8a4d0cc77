import Foundation
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// UITableView as UIKit has it: rows asked for on screen only, cells reused, sections with
/// headers that stay on top, heights from the delegate or the table.
@Suite struct UITableViewTests {
    /// A cell that counts its `prepareForReuse()` calls.
    final class CountingCell: UITableViewCell {
        var prepared = 0
        var row = -1
        override func prepareForReuse() {
            super.prepareForReuse()
            prepared += 1
        }
    }

    /// A data source of `rows` rows per section, logging what it is asked.
    final class Source: UITableViewDataSource, UITableViewDelegate {
        var rows: [Int]
        var titles: [String?]
        var heights: ((IndexPath) -> CGFloat)?
        var asked: [IndexPath] = []
        var heightAsked: [IndexPath] = []
        var ended: [IndexPath] = []
        /// Every cell handed out, with whether it came from the queue already prepared.
        var handedOut: [(cell: CountingCell, prepared: Int)] = []

        init(rows: [Int], titles: [String?] = []) {
            self.rows = rows
            self.titles = titles
        }

        func numberOfSections(in tableView: UITableView) -> Int { rows.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath)
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! CountingCell
            handedOut.append((cell, cell.prepared))
            cell.row = indexPath.row
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
            section < titles.count ? titles[section] : nil
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            heightAsked.append(indexPath)
            return heights?(indexPath) ?? UITableView.automaticDimension
        }
        func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            ended.append(indexPath)
        }
    }

    func table(_ source: Source, rowHeight: CGFloat = 88) -> (UIWindow, UITableView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        table.register(CountingCell.self, forCellReuseIdentifier: "row")
        table.rowHeight = rowHeight
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, table)
    }

    @Test func scrollingThreeHundredRowsMakesOnlyTheCellsOnScreen() {
        let source = Source(rows: [300])
        let (window, table) = table(source)
        // The window counts cells from its first commit phase on: the screen built before is not a frame's.
        #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts == Counts())
        // 844 pt shows rows 0–9 (row 9 ends at 880).
        #expect(table.indexPathsForVisibleRows == (0...9).map { IndexPath(row: $0, section: 0) })
        #expect(table.contentSize.height == CGFloat(300 * 88))
        // Scrolled 7 pt at a time to the end (300 × 88 − 844 = 25 556 pt): at most 11 rows are on
        // screen at once (844 / 88 = 9.6, so 10 whole and parts of 2 when the rows do not line up
        // with the top). 11 cells are made, every other row reuses one.
        var offset: CGFloat = 0
        while offset < 25_556 {
            offset = min(offset + 7, 25_556)
            table.contentOffset = CGPoint(x: 0, y: offset)
            _ = window.layoutPass()
            #expect(table.visibleCells.count <= 11)
        }
        let stats = table.cellStatistics
        #expect(stats.created == 11)   // at most visible + 2 = 13, as the issue asks; exactly the most on screen at once
        #expect(stats.cellForRowCalls == 300 && source.asked.count == 300)
        #expect(stats.reused == 289)
        // prepareForReuse ran before each reuse: a cell handed out for the nth time had been
        // prepared n − 1 times by then.
        var times: [ObjectIdentifier: Int] = [:]
        for (cell, prepared) in source.handedOut {
            #expect(prepared == times[ObjectIdentifier(cell), default: 0])
            times[ObjectIdentifier(cell), default: 0] += 1
        }
        #expect(table.indexPathsForVisibleRows?.last == IndexPath(row: 299, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 299, section: 0))?.frame == CGRect(x: 0, y: 299 * 88, width: 390, height: 88))
        #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
        // The commit after the scrolling hands over what the window's table made since the commit
        // before: all but the first screen's 10 cells and calls; the next, nothing.
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.cellsCreated] == stats.created - 10 && counts[.cellForRowCalls] == stats.cellForRowCalls - 10)
        #expect(counts[.cellsReused] == stats.reused)
        #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts == Counts())
    }

    @Test func heightsComeFromTheDelegateOrTheTableAndEstimatesDeferThem() {
        let source = Source(rows: [100])
        source.heights = { $0.row % 2 == 0 ? 50 : UITableView.automaticDimension }   // odd rows: the table's 88
        let (window, table) = table(source)
        let expected: CGFloat = 50 * 50 + 50 * 88
        #expect(table.contentSize.height == expected)
        #expect(source.heightAsked.count == 100)   // without an estimate every height is asked at load
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 50 + 88 + 50, width: 390, height: 88))
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 190)) == IndexPath(row: 3, section: 0))

        let lazy = Source(rows: [100])
        lazy.heights = { _ in 100 }
        let other = UITableView(frame: window.bounds, style: .plain)
        other.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        other.register(CountingCell.self, forCellReuseIdentifier: "row")
        other.estimatedRowHeight = 44
        other.dataSource = lazy
        other.delegate = lazy
        window.addSubview(other)
        _ = window.layoutPass()
        // Rows 0–8 measured 100 each fill 844 pt (row 8 spans 800–900): nine heights asked; the
        // other 91 rows still count at their estimate.
        #expect(Set(lazy.heightAsked).count == 9)
        let estimated: CGFloat = 9 * 100 + 91 * 44
        #expect(other.contentSize.height == estimated)
        #expect(other.visibleCells.count == 9)
    }

    @Test func sectionHeadersTakeTheirPlaceAndStayOnTop() {
        let source = Source(rows: [5, 20], titles: ["First", "Second"])
        let (window, table) = table(source)
        // Section 0: header 0–28, rows 28–468; section 1: header 468–496, rows from 496.
        let expected: CGFloat = 2 * 28 + 25 * 88
        #expect(table.contentSize.height == expected)
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 496)
        let headers = { table.subviews.compactMap { $0 as? UITableViewHeaderFooterView }.filter { !$0.isHidden } }
        #expect(headers().map { $0.textLabel?.text } == ["First", "Second"])
        // Scrolled 300 pt: section 0's header stays at the top of the bounds (y = 300).
        table.contentOffset = CGPoint(x: 0, y: 300)
        _ = window.layoutPass()
        #expect(headers().first { $0.textLabel?.text == "First" }?.frame.minY == 300)
        // Scrolled 450 pt: section 0 ends at 468, so its header is pushed up to 440.
        table.contentOffset = CGPoint(x: 0, y: 450)
        _ = window.layoutPass()
        #expect(headers().first { $0.textLabel?.text == "First" }?.frame.minY == 440)
        // Scrolled 600 pt: section 0 is gone, its header too; section 1's sits at the top.
        table.contentOffset = CGPoint(x: 0, y: 600)
        _ = window.layoutPass()
        #expect(headers().map { $0.textLabel?.text } == ["Second"])
        #expect(headers().first?.frame.minY == 600)
    }

    @Test func reloadDataAsksAgainAndReusesTheCells() {
        let source = Source(rows: [300])
        let (window, table) = table(source)
        source.rows = [3]
        table.reloadData()
        _ = window.layoutPass()
        #expect(table.numberOfRows(inSection: 0) == 3)
        #expect(table.indexPathsForVisibleRows?.count == 3)
        #expect(table.cellStatistics.created == 10 && table.cellStatistics.reused == 3)
        #expect(source.ended.count == 10)   // every visible row ended its display at the reload
    }

    /// `scrollToRow(at:at:animated:)` without animation: row 50 of 300 rows of 88 pt (its top at
    /// 4 400) at the top, middle and bottom of what the insets leave visible; the last row
    /// asked at the top stops at the end of the content.
    @Test func scrollToRowPutsTheRowWhereAsked() {
        let source = Source(rows: [300])
        let (_, table) = table(source)
        let inset = table.adjustedContentInset
        let visible = 844 - inset.top - inset.bottom
        let row = IndexPath(row: 50, section: 0)
        table.scrollToRow(at: row, at: .top, animated: false)
        #expect(table.contentOffset.y == 4400 - inset.top)
        table.scrollToRow(at: row, at: .middle, animated: false)
        #expect(table.contentOffset.y == 4444 - inset.top - visible / 2)
        table.scrollToRow(at: row, at: .bottom, animated: false)
        #expect(table.contentOffset.y == 4488 - inset.top - visible)
        table.scrollToRow(at: IndexPath(row: 299, section: 0), at: .top, animated: false)
        #expect(table.contentOffset.y == 300 * 88 + inset.bottom - 844)
        // Already visible: `.none` leaves it.
        let before = table.contentOffset
        table.scrollToRow(at: IndexPath(row: 296, section: 0), at: .none, animated: false)
        #expect(table.contentOffset == before)
    }

    /// 20 rows of 88 pt on screen at media time 0, with the clock the test sets.
    func animatedTable() -> (AnimationScene.Clock, Source, UIWindow, UITableView) {
        let clock = AnimationScene.Clock()
        AnimationRegistry.current.mediaClock = { clock.now }
        let source = Source(rows: [20])
        let (window, table) = table(source)
        window.commit(at: 0)
        return (clock, source, window, table)
    }

    /// Deleting row 2 of rows of 88 pt, animated: the rows below move up by 88 pt over 0.3 s on
    /// ease-in-out (half-way at half time), the deleted row's cell fades out and goes back to its
    /// queue when the animation ends; then inserting a row at the top fades its cell in.
    @Test func deletedAndInsertedRowsAnimate() {
        UIApplication.withNewApplication {
            let (clock, source, window, table) = animatedTable()
            let third = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            let fourth = table.cellForRow(at: IndexPath(row: 3, section: 0))!
            var done: [Bool] = []
            source.rows = [19]
            table.performBatchUpdates({ table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .fade) }, completion: { done.append($0) })
            #expect(table.numberOfRows(inSection: 0) == 19)
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === fourth)   // the row below took its place
            #expect(fourth.frame.minY == 176)                                         // the model, at once
            clock.now = 0.15
            #expect(abs((fourth.layer.presentation()?.frame.minY ?? 0) - 220) < 1e-3)  // half of 264 → 176
            #expect(abs((third.layer.presentation()?.opacity ?? 1) - 0.5) < 1e-3)
            #expect(source.ended.isEmpty)
            window.commit(at: 0.31)
            #expect(done == [true])
            #expect(source.ended == [IndexPath(row: 2, section: 0)])
            #expect(third.isHidden)
            // An insert at the top: the new row's cell fades in.
            source.rows = [20]
            clock.now = 1
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
            let top = try! #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === fourth && fourth.frame.minY == 264)
            clock.now = 1.15
            #expect(abs((top.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-3)
        }
    }

    /// An animated reload of row 1: its cell is asked again, the old one fades out (and goes
    /// back to its queue at the end) while the new one fades in; the other rows stay.
    @Test func aReloadedRowCrossFades() {
        UIApplication.withNewApplication {
            let (clock, source, window, table) = animatedTable()
            let old = table.cellForRow(at: IndexPath(row: 1, section: 0))!
            let below = table.cellForRow(at: IndexPath(row: 2, section: 0))!
            let asked = source.asked.count
            table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
            #expect(source.asked.count == asked + 1 && source.asked.last == IndexPath(row: 1, section: 0))
            let new = try! #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
            #expect(new !== old && table.cellForRow(at: IndexPath(row: 2, section: 0)) === below)
            #expect(new.layer.presentation() == nil)   // a new cell has been on no frame yet
            window.commit(at: 0.1)
            clock.now = 0.15
            #expect(abs((old.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-3)
            #expect(abs((new.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-3)
            window.commit(at: 0.31)
            #expect(old.isHidden && source.ended == [IndexPath(row: 1, section: 0)])
        }
    }

    /// Updates the data source disagrees with, and a scroll to a row that is not there: UIKit
    /// raises; uisim reloads (or leaves the offset) and says why, with the counts.
    @Test func inconsistentUpdatesAreReportedWithTheirCounts() {
        UIApplication.withNewApplication {
            let (_, source, _, table) = animatedTable()
            let asked = source.asked.count
            table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)   // the data source still has 20
            // UIKit's message: 20 + 1 inserted is 21, not the data source's 20.
            #expect(UIApplication.shared.layoutIssues.contains("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). (UIKit raises NSInternalInconsistencyException; uisim reloads the data)"))
            table.layoutIfNeeded()
            #expect(table.numberOfRows(inSection: 0) == 20 && source.asked.count > asked)   // reloaded
            let offset = table.contentOffset
            table.scrollToRow(at: IndexPath(row: 40, section: 0), at: .top, animated: false)
            #expect(table.contentOffset == offset)
            #expect(UIApplication.shared.layoutIssues.contains("UITableView.scrollToRow: no row 40 in section 0 (1 sections: [20] rows)"))
        }
    }
}
