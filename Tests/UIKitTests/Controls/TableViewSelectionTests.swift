import Foundation
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A table view's rows highlight when a finger rests on them (after the scroll view's 150 ms delay
/// for content touches) and are selected when it lifts; a drag scrolls instead and selects nothing.
@Suite struct TableViewSelectionTests {
    final class Rows: UITableViewDataSource, UITableViewDelegate {
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 300 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
            log.append(String(format: "select %d at %.3f", indexPath.row, EventRunLoop.current?.clock.now ?? -1))
        }
        func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
            log.append("deselect \(indexPath.row)")
        }
    }

    func table() -> (UIWindow, UITableView, Rows) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        table.rowHeight = 88
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        let rows = Rows()
        table.dataSource = rows
        table.delegate = rows
        window.addSubview(table)
        return (window, table, rows)
    }

    /// Each frame's highlighted rows, as "vsync: rows".
    func highlights(_ replay: Replay, _ table: UITableView) -> () -> [String] {
        var seen: [String] = []
        var last = ""
        replay.afterFrame = { frame, _ in
            let rows = table.visibleCells.filter(\.isHighlighted).compactMap { table.indexPath(for: $0)?.row }.map(String.init).joined(separator: ",")
            if rows != last { seen.append(String(format: "%.3f: [%@]", frame.vsync, rows)) }
            last = rows
        }
        return { seen }
    }

    @Test func aPressHighlightsAfterTheDelayAndSelectsOnLift() throws {
        let (window, table, rows) = table()
        var trace = Trace()
        // Row 2 spans 176–264; the finger rests on it from 0.1 s to 0.5 s.
        trace.down(1, at: CGPoint(x: 195, y: 220), time: 0.1)
        trace.up(1, time: 0.5)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
        let seen = highlights(replay, table)
        _ = try replay.run(trace)
        // The touch comes down in the frame of 0.100 s; the delay ends 150 ms later, at 0.250 s
        // (the timer fires in the turn of that vsync): the row highlights in that frame, and the
        // highlight goes in the frame of the lift, which selects the row.
        #expect(seen() == ["0.250: [2]", "0.500: []"])
        #expect(rows.log == ["select 2 at 0.500"])
        #expect(table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.isSelected == true)
    }

    @Test func aQuickTapHighlightsAndSelectsAtTheLift() throws {
        let (window, table, rows) = table()
        table.selectRow(at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 100), time: 0.1, duration: 0.05)   // row 1 (88–176), 50 ms
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
        _ = try replay.run(trace)
        // Lifted before the delay: the delayed touch-down and the lift arrive together; the old
        // selection goes first, as UIKit tells it.
        #expect(rows.log == ["deselect 5", "select 1 at 0.150"])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
        #expect(table.visibleCells.filter(\.isHighlighted).isEmpty)
    }

    @Test func aDragScrollsAndSelectsNothing() throws {
        let (window, table, rows) = table()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), time: 0.1, duration: 0.5, rate: 60, hold: 0.1)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
        let seen = highlights(replay, table)
        _ = try replay.run(trace)
        #expect(rows.log.isEmpty)
        #expect(seen().isEmpty)   // the pan began within the delay: the row never saw the touch
        #expect(table.contentOffset.y > 200)
    }
}

/// Each frame's record counts the cells a table view made, reused and asked for.
@Suite struct TableViewCountsTests {
    final class Counts: FrameSink {
        var total = FrameRecord.Counts()
        func write(_ frame: FrameRecord) throws { total.add(frame.counts) }
    }

    @Test func framesCountCellsCreatedReusedAndAskedFor() throws {
        let (window, table, rows) = TableViewSelectionTests().table()   // rows: the table holds its data source weakly
        var trace = Trace()
        // A slow drag up by 300 pt, held before the lift: the content follows to offset 300, no fling.
        trace.drag(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 400), time: 0.1, duration: 1, rate: 60, hold: 0.3)
        let replay = Replay(window: window, clock: VirtualClock(measuresWork: false))
        let counts = Counts()
        replay.sinks = [counts]
        _ = try replay.run(trace)
        #expect(table.contentOffset.y == 300 && rows.log.isEmpty)
        // Before frame 0 rows 0–9 were made (not counted). At offset 300 the screen ends at 1 144:
        // rows 10, 11 and 12 came on screen (3 calls). Row 10 appeared (offset past 36) while row
        // 0 was still on screen (until offset 88): 11 rows at once, one new cell; rows 11 and 12
        // reused the cells of rows 0 and 1.
        #expect(counts.total[.cellForRowCalls] == 3)
        #expect(counts.total[.cellsCreated] == 1)
        #expect(counts.total[.cellsReused] == 2)
    }
}
