import Foundation
import Testing
import UIKit

/// The table's reuse queues (`UITableView._checkReuseInvariants`) and the scroll view's state
/// (`UIScrollView._checkScrollInvariants`), on in the debug build the tests build: they hold
/// through scrolling, reloads and row updates, and a corrupted one stops the process.
@Suite struct ControlsInvariantTests {
    final class Rows: UITableViewDataSource {
        var count = 200
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = "Row \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Section" }
    }

    static func table(_ rows: Rows) -> (UIWindow, UITableView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = rows
        window.addSubview(table)
        table.layoutIfNeeded()
        return (window, table)
    }

    @Test func theTablesQueuesHoldThroughScrollingReloadsAndUpdates() {
        let rows = Rows()
        let (window, table) = Self.table(rows)
        for y in [400.0, 3000, 2950, 0] {
            table.setContentOffset(CGPoint(x: 0, y: y), animated: false)
            table.layoutIfNeeded()
            table._checkReuseInvariants()
        }
        table.reloadData()
        table._checkReuseInvariants()
        table.layoutIfNeeded()
        rows.count -= 2
        table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 3, section: 0)], with: .none)
        rows.count += 1
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        table.layoutIfNeeded()
        table._checkReuseInvariants()
        table._checkScrollInvariants()
        #expect(table.cellStatistics.created < 30)   // the queues were used, not bypassed
        _ = window
    }

    @Test func aQueuedCellShownBehindTheTablesBackIsCaught() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let rows = Rows()
                let (window, table) = Self.table(rows)
                table.reloadData()   // the cells on screen go back to the queue, hidden, still in the table
                table.subviews.first { $0 is UITableViewCell && $0.isHidden }?.isHidden = false
                table._checkReuseInvariants()
                _ = window
            }
        }
    }

    @Test func theScrollStateHoldsThroughOffsetsAndZooms() {
        let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        scroll.contentSize = CGSize(width: 320, height: 4000)
        scroll.isPagingEnabled = true
        scroll.setContentOffset(CGPoint(x: 0, y: 960), animated: false)
        scroll.scrollRectToVisible(CGRect(x: 0, y: 3000, width: 10, height: 10), animated: false)
        scroll.setContentOffset(CGPoint(x: 0, y: 100), animated: true)   // no run loop: at once
        scroll.minimumZoomScale = 0.5
        scroll.zoomScale = 0.75
        scroll._checkScrollInvariants()
        #expect(scroll.contentOffset.y == 100 && !scroll.isDecelerating && !scroll.isDragging)
    }

    @Test func aContentOffsetThatIsNotFiniteIsCaught() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
                scroll.bounds.origin.y = .infinity
                scroll._checkScrollInvariants()
            }
        }
    }
}
