import Foundation
import Geometry
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// Diffable data sources and batch updates: a snapshot applied updates the collection view with
/// exactly the inserts, deletes and moves between it and the last one, and the cells of items that
/// stay are kept.
@MainActor
@Suite struct DiffableDataSourceTests {
    final class Cell: UICollectionViewCell {
        var item: Int?
        var prepared = 0
        override func prepareForReuse() {
            super.prepareForReuse()
            prepared += 1
        }
    }

    /// A diffable collection view of 100 × 100 items, three to a 320-wide line, in a window.
    func make() -> (UIWindow, UICollectionView, UICollectionViewDiffableDataSource<String, Int>, () -> [IndexPath: Int]) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 800), collectionViewLayout: layout)
        window.addSubview(collection)
        window.makeKeyAndVisible()
        let registration = UICollectionView.CellRegistration<Cell, Int> { cell, _, item in cell.item = item }
        let source = UICollectionViewDiffableDataSource<String, Int>(collectionView: collection) { view, indexPath, item in
            view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        // What each visible cell shows, by index path.
        let shown = { Dictionary(uniqueKeysWithValues: collection.indexPathsForVisibleItems.map { ($0, (collection.cellForItem(at: $0) as! Cell).item!) }) }
        return (window, collection, source, shown)
    }

    @Test func snapshotsAnswerWhatTheyHold() {
        var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
        snapshot.appendSections(["a", "b"])
        snapshot.appendItems([1, 2, 3], toSection: "a")
        snapshot.appendItems([4, 5])
        snapshot.insertItems([9], beforeItem: 2)
        snapshot.moveItem(1, afterItem: 5)
        snapshot.deleteItems([3])
        #expect(snapshot.itemIdentifiers(inSection: "a") == [9, 2])
        #expect(snapshot.itemIdentifiers(inSection: "b") == [4, 5, 1])
        #expect(snapshot.numberOfItems == 5 && snapshot.numberOfSections == 2 && snapshot.numberOfItems(inSection: "b") == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == "b" && snapshot.indexOfItem(5) == 3)
        snapshot.insertSections(["z"], beforeSection: "a")
        #expect(snapshot.sectionIdentifiers == ["z", "a", "b"] && snapshot.indexOfSection("b") == 2)
        snapshot.deleteSections(["a"])
        #expect(snapshot.itemIdentifiers == [4, 5, 1] && snapshot.sectionIdentifier(containingItem: 9) == nil)
        // Duplicates are left out and remembered for the data source to report.
        snapshot.appendItems([4, 7, 7], toSection: "z")
        #expect(snapshot.itemIdentifiers(inSection: "z") == [7])
        #expect(snapshot.problems == ["duplicate item identifier 4", "duplicate item identifier 7"])
    }

    /// The difference between two snapshots, in UIKit's numbering: 0…9 → delete 2 and 5, insert
    /// 100 at 0 and 101 at the end, move 9 to the front of what stays.
    @Test func theDifferenceIsTheFewestUpdates() {
        var old = NSDiffableDataSourceSnapshot<String, Int>()
        old.appendSections(["s"])
        old.appendItems(Array(0..<10))
        var new = old
        new.deleteItems([2, 5])
        new.moveItem(9, beforeItem: 0)
        new.insertItems([100], beforeItem: 9)
        new.appendItems([101])
        // new: 100, 9, 0, 1, 3, 4, 6, 7, 8, 101
        let difference = SnapshotDifference(from: old, to: new)
        func paths(_ items: [Int]) -> [IndexPath] { items.map { IndexPath(item: $0, section: 0) } }
        #expect(difference.deletes == paths([2, 5]))
        #expect(difference.inserts == paths([0, 9]))
        #expect(difference.moves.map(\.from) == paths([9]) && difference.moves.map(\.to) == paths([1]))
        #expect(difference.changeCount == 5)
    }

    /// Applied to a collection view: the first snapshot reloads; the next updates it, its cells
    /// kept for the items that stay (item 3's cell now at index 2), one cell asked for the one new
    /// item, counted as a diff of its changes; the frames animate for 0.3 s.
    @Test func applyingASnapshotUpdatesTheViewByItsDifference() {
        UIApplication.withNewApplication {
            let (window, collection, source, shown) = make()
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["main"])
            snapshot.appendItems(Array(0..<12))
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            #expect(shown() == Dictionary(uniqueKeysWithValues: (0..<12).map { (IndexPath(item: $0, section: 0), $0) }))
            let cellOf3 = collection.cellForItem(at: IndexPath(item: 3, section: 0))
            _ = window.commitPhase(stopwatch: ManualStopwatch())
            snapshot.deleteItems([1])
            snapshot.appendItems([50])
            source.apply(snapshot)
            let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
            #expect(counts[.snapshotDiffs] == 1 && counts[.snapshotChanges] == 2)
            #expect(counts[.cellForItemCalls] == 1)
            #expect(collection.cellForItem(at: IndexPath(item: 2, section: 0)) === cellOf3)
            #expect(shown().sorted { $0.key < $1.key }.map(\.value) == [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 50])
            #expect(collection.layer.sublayers?.contains { $0.animationKeys()?.contains("position") == true } == true)
            #expect(source.itemIdentifier(for: IndexPath(item: 11, section: 0)) == 50 && source.indexPath(for: 2) == IndexPath(item: 1, section: 0))
            // A duplicate is reported, not fatal.
            snapshot.appendItems([50])
            source.apply(snapshot, animatingDifferences: false)
            #expect(UIApplication.shared.layoutIssues.contains("NSDiffableDataSourceSnapshot: duplicate item identifier 50"))
        }
    }

    /// Batch updates by hand, in UIKit's numbering; a count the data source disagrees with is
    /// reported and the data reloaded (UIKit raises).
    @Test func batchUpdatesKeepCellsAndCheckCounts() {
        UIApplication.withNewApplication {
            final class Numbers: UICollectionViewDataSource {
                var items = Array(0..<6)
                func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
                func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath) as! Cell
                    cell.item = items[indexPath.item]
                    return cell
                }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 800), collectionViewLayout: UICollectionViewFlowLayout())
            collection.register(Cell.self, forCellWithReuseIdentifier: "c")
            let numbers = Numbers()
            collection.dataSource = numbers
            window.addSubview(collection)
            window.makeKeyAndVisible()
            _ = window.layoutPass()
            let cellOf5 = collection.cellForItem(at: IndexPath(item: 5, section: 0))
            numbers.items = [5, 0, 1, 3, 4, 9]   // 2 deleted, 5 moved to the front, 9 inserted at the end
            collection.performBatchUpdates {
                collection.deleteItems(at: [IndexPath(item: 2, section: 0)])
                collection.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 0, section: 0))
                collection.insertItems(at: [IndexPath(item: 5, section: 0)])
            }
            _ = window.layoutPass()
            #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === cellOf5)
            #expect((0..<6).map { (collection.cellForItem(at: IndexPath(item: $0, section: 0)) as! Cell).item } == [5, 0, 1, 3, 4, 9])
            numbers.items.append(10)
            collection.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])   // two claimed, one added
            #expect(UIApplication.shared.layoutIssues.contains { $0.hasPrefix("UICollectionView: the numbers of items after an update ([7])") })
            _ = window.layoutPass()
            #expect(collection.numberOfItems(inSection: 0) == 7)
        }
    }

    /// A table's diffable data source: the first snapshot reloads, the next deletes and inserts the
    /// rows that changed, keeping the other rows' cells.
    @Test func aTableAppliesSnapshotsByTheirDifference() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            let source = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, name in
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = name
                return cell
            }
            window.addSubview(table)
            window.makeKeyAndVisible()
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["a", "b", "c", "d"])
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            let cellOfD = table.cellForRow(at: IndexPath(row: 3, section: 0))
            _ = window.commitPhase(stopwatch: ManualStopwatch())
            snapshot.deleteItems(["b"])
            snapshot.insertItems(["z"], beforeItem: "a")
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
            #expect(counts[.snapshotDiffs] == 1 && counts[.snapshotChanges] == 2 && counts[.cellForRowCalls] == 1)
            #expect((0..<4).map { table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text } == ["z", "a", "c", "d"])
            #expect(table.cellForRow(at: IndexPath(row: 3, section: 0)) === cellOfD)
            #expect(source.itemIdentifier(for: IndexPath(row: 0, section: 0)) == "z" && source.indexPath(for: "d") == IndexPath(row: 3, section: 0))
        }
    }

    /// A moved row keeps its cell (UIKit since iOS 15): moving "d" before "a" asks the cell
    /// provider for nothing, and the cell that showed "d" at row 3 shows it at row 0; a move and a
    /// delete in one snapshot ("c" deleted, "a" moved after "d") reuse the cells on screen too.
    /// Animated, the moved row slides (it does not fade in).
    @Test func aMovedTableRowKeepsItsCell() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
            var asked: [String] = []
            let source = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, name in
                asked.append(name)
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = name
                return cell
            }
            window.addSubview(table)
            window.makeKeyAndVisible()
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems(["a", "b", "c", "d"])
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            #expect(asked == ["a", "b", "c", "d"])
            let cells = (0..<4).map { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
            asked = []
            snapshot.moveItem("d", beforeItem: "a")
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            #expect(asked.isEmpty)
            #expect((0..<4).map { table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text } == ["d", "a", "b", "c"])
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) === cells[3])
            #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.frame.minY == 0)
            snapshot.deleteItems(["c"])
            snapshot.moveItem("a", afterItem: "b")
            source.apply(snapshot)   // animated
            _ = window.layoutPass()
            #expect(asked.isEmpty)
            #expect((0..<3).map { table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text } == ["d", "b", "a"])
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0)) === cells[0])
            #expect(cells[0]?.layer.animation(forKey: "uisim.row.fade") == nil)
        }
    }

    /// Reconfiguring items (iOS 15) asks the cell provider again for each on screen, and its
    /// dequeue hands back the cell that shows it: the same cell, not prepared for reuse (Apple:
    /// reconfiguring "doesn't prepare the cell for reuse"), counted as one cell asked for; a
    /// reconfigured table row likewise.
    @Test func reconfiguringKeepsTheCellWithoutPreparingIt() {
        UIApplication.withNewApplication {
            let (window, collection, source, shown) = make()
            defer { withExtendedLifetime(window) {} }
            var snapshot = NSDiffableDataSourceSnapshot<String, Int>()
            snapshot.appendSections(["main"])
            snapshot.appendItems(Array(0..<6))
            source.apply(snapshot, animatingDifferences: false)
            _ = window.layoutPass()
            let cell = collection.cellForItem(at: IndexPath(item: 4, section: 0)) as! Cell
            cell.item = -1   // configured again, it shows 4 again
            _ = window.commitPhase(stopwatch: ManualStopwatch())
            snapshot.reconfigureItems([4])
            source.apply(snapshot)
            let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
            #expect(counts[.cellForItemCalls] == 1)
            #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0)) === cell)
            #expect(cell.prepared == 0 && cell.item == 4)
            #expect(shown()[IndexPath(item: 4, section: 0)] == 4)

            final class Row: UITableViewCell {
                var prepared = 0
                override func prepareForReuse() {
                    super.prepareForReuse()
                    prepared += 1
                }
            }
            let table = UITableView(frame: window.bounds, style: .plain)
            table.register(Row.self, forCellReuseIdentifier: "row")
            var titles = ["a": "A", "b": "B"]
            let rows = UITableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, name in
                let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
                cell.textLabel?.text = titles[name]
                return cell
            }
            window.addSubview(table)
            var list = NSDiffableDataSourceSnapshot<Int, String>()
            list.appendSections([0])
            list.appendItems(["a", "b"])
            rows.apply(list, animatingDifferences: false)
            _ = window.layoutPass()
            let row = table.cellForRow(at: IndexPath(row: 1, section: 0)) as! Row
            titles["b"] = "B, read"
            list.reconfigureItems(["b"])
            rows.apply(list)
            #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === row)
            #expect(row.prepared == 0 && row.textLabel?.text == "B, read")
        }
    }
}
