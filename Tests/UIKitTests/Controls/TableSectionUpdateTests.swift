import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// Section updates, as UIKit's: a plain table of titled sections (headers 28 pt, rows 44 pt).
@MainActor
@Suite struct TableSectionUpdateTests {
    final class Sections: UITableViewDataSource {
        var sections: [(title: String, rows: [String])] = [("A", ["a0", "a1"]), ("B", ["b0"])]
        var asked: [IndexPath] = []
        func numberOfSections(in tableView: UITableView) -> Int { sections.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].rows.count }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath)
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = sections[indexPath.section].rows[indexPath.row]
            return cell
        }
    }

    func table(_ source: Sections) -> (UIWindow, UITableView) {
        let window = makeWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, table)
    }

    func texts(_ table: UITableView) -> [String] { table.visibleCells.map { $0.textLabel?.text ?? "" } }

    /// Inserting section 1 ("N", one row) between A and B: A's header 0…28, its rows 28…116; N's
    /// header 116…144, its row 144…188; B's header 188…216, its row 216…260 (the content's height).
    /// B's row keeps its cell (moved to section 2); only N's row is asked for.
    @Test func insertingASectionShowsItsRowsAndMovesTheOthers() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            let b0 = table.cellForRow(at: IndexPath(row: 0, section: 1))
            source.sections.insert(("N", ["n0"]), at: 1)
            source.asked = []
            table.insertSections(IndexSet(integer: 1), with: .none)
            _ = window.layoutPass()
            #expect(table.numberOfSections == 3 && texts(table) == ["a0", "a1", "n0", "b0"])
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)) == CGRect(x: 0, y: 144, width: 390, height: 44))
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 2)) === b0 && b0?.frame.minY == 216)
            #expect(table.contentSize.height == 260 && source.asked == [IndexPath(row: 0, section: 1)])
        }
    }

    /// Deleting section 0: B's header moves up to 0…28 and its row to 28…72.
    @Test func deletingASectionMovesTheOthersUp() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            source.sections.remove(at: 0)
            table.deleteSections(IndexSet(integer: 0), with: .none)
            _ = window.layoutPass()
            #expect(table.numberOfSections == 1 && texts(table) == ["b0"])
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minY == 28 && table.contentSize.height == 72)
        }
    }

    /// Deleting section 0 animated (`.fade`, 0.3 s on ease-in-out): B's row slides from 144 (A's
    /// header 28 + two rows 88 + B's header 28) up to 28, half-way (86) at 0.15 s, while a0 fades
    /// (opacity 0.5 then) and goes back to its queue, hidden, when the animation ends.
    @Test func aDeletedSectionFadesAndTheOthersSlide() {
        UIApplication.withNewApplication {
            let clock = AnimationScene.Clock()
            AnimationRegistry.current.mediaClock = { clock.now }
            let source = Sections()
            let (window, table) = table(source)
            window.commit(at: 0)
            let a0 = table.cellForRow(at: IndexPath(row: 0, section: 0))!, b0 = table.cellForRow(at: IndexPath(row: 0, section: 1))!
            var done: [Bool] = []
            source.sections.remove(at: 0)
            table.performBatchUpdates({ table.deleteSections(IndexSet(integer: 0), with: .fade) }, completion: { done.append($0) })
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === b0 && b0.frame.minY == 28)   // the model, at once
            clock.now = 0.15
            #expect(abs((b0.layer.presentation()?.frame.minY ?? 0) - 86) < 1e-3)
            #expect(abs((a0.layer.presentation()?.opacity ?? 1) - 0.5) < 1e-3)
            window.commit(at: 0.31)
            #expect(a0.isHidden && done == [true])
        }
    }

    /// Reloading section 1 after its rows changed (b0 → c0, c1) asks for its two rows again:
    /// 28 + 88 + 28 + 88 = 232 pt of content.
    @Test func reloadingASectionAsksForItsRowsAgain() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            source.sections[1].rows = ["c0", "c1"]
            source.asked = []
            table.reloadSections(IndexSet(integer: 1), with: .none)
            _ = window.layoutPass()
            #expect(texts(table) == ["a0", "a1", "c0", "c1"] && table.contentSize.height == 232)
            #expect(source.asked == [IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)])
        }
    }

    /// Moving section 0 after section 1: B first (header 0…28, row 28…72), then A (header
    /// 72…100, rows 100…188); every row keeps its cell, none is asked for.
    @Test func movingASectionKeepsItsCells() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            let a0 = table.cellForRow(at: IndexPath(row: 0, section: 0))
            source.sections.swapAt(0, 1)
            source.asked = []
            table.moveSection(0, toSection: 1)
            _ = window.layoutPass()
            #expect(texts(table) == ["b0", "a0", "a1"] && source.asked.isEmpty)
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 1)) === a0 && a0?.frame.minY == 100)
        }
    }

    /// A section inserted and a row deleted in one batch: A loses a1, N comes first.
    @Test func sectionAndRowChangesInOneBatch() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            source.sections[0].rows.remove(at: 1)
            source.sections.insert(("N", ["n0"]), at: 0)
            table.performBatchUpdates {
                table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)   // old numbering
                table.insertSections(IndexSet(integer: 0), with: .none)             // new numbering
            }
            _ = window.layoutPass()
            #expect(texts(table) == ["n0", "a0", "b0"] && table.numberOfRows(inSection: 1) == 1)
        }
    }

    /// An insert the data source does not have: UIKit raises with its message; uisim reports the
    /// same (2 sections after, 2 before, 1 inserted) and reloads.
    @Test func aWrongSectionCountIsUIKitsInconsistency() {
        UIApplication.withNewApplication {
            let source = Sections()
            let (window, table) = table(source)
            table.insertSections(IndexSet(integer: 2), with: .fade)
            _ = window.layoutPass()
            #expect(UIApplication.shared.layoutIssues.contains(
                "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (1 inserted, 0 deleted). (UIKit raises NSInternalInconsistencyException; uisim reloads the data)"))
            #expect(table.numberOfSections == 2 && texts(table) == ["a0", "a1", "b0"])
        }
    }
}
