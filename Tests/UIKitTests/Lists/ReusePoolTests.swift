import Foundation
import Testing
@testable import UIKit

/// The reuse engine under table and collection views (`ReusePool`, Lists/ReusePool.swift): a
/// dequeue makes a view of the registered class, then hands queued ones out again, last queued
/// first, after their `prepareForReuse()`; what it makes, reuses and is asked for is counted; an
/// identifier never registered gets nothing (a table's caller makes its own cell, a collection
/// view stops); a view without a queue leaves the list; the invariant check catches a queued view
/// shown.
@Suite struct ReusePoolTests {
    /// A cell that notes its `prepareForReuse()` calls in a shared log.
    final class LoggingCell: UITableViewCell {
        static var log: [String] = []
        var name = ""
        override func prepareForReuse() {
            super.prepareForReuse()
            Self.log.append("prepare \(name)")
        }
    }

    static func tableCells() -> (ReusePool<UITableViewCell, String>, UIView) {
        let pool = ReusePool<UITableViewCell, String>(.tableCells)
        pool.register(LoggingCell.self, for: "row")
        return (pool, UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
    }

    @Test func aDequeueMakesACellThenReusesTheQueuedOne() throws {
        let (pool, list) = Self.tableCells()
        let made = try #require(pool.dequeue("row", countingIn: list) as? LoggingCell)
        #expect(made.reuseIdentifier == "row")
        #expect(pool.statistics.created == 1 && pool.statistics.reused == 0)
        list.addSubview(made)
        pool.enqueue(made)
        #expect(made.isHidden && made.superview === list)   // queued: hidden, still in the list
        #expect(pool.queued("row").map(ObjectIdentifier.init) == [ObjectIdentifier(made)])
        let again = pool.dequeue("row", countingIn: list)
        #expect(again === made)
        #expect(pool.statistics.created == 1 && pool.statistics.reused == 1)
        #expect(pool.queued("row").isEmpty)
        let third = pool.dequeue("row", countingIn: list)   // the queue is empty: a new one
        #expect(third !== made && pool.statistics.created == 2)
    }

    @Test func theLastCellQueuedIsReusedFirstAfterItsPrepareForReuse() throws {
        let (pool, list) = Self.tableCells()
        LoggingCell.log = []
        let a = try #require(pool.dequeue("row", countingIn: list) as? LoggingCell)
        let b = try #require(pool.dequeue("row", countingIn: list) as? LoggingCell)
        a.name = "a"
        b.name = "b"
        #expect(LoggingCell.log.isEmpty)   // a cell made is not prepared for reuse
        pool.enqueue(a)
        pool.enqueue(b)
        let first = pool.dequeue("row", countingIn: list, afterReuse: { LoggingCell.log.append("check") })
        let second = pool.dequeue("row", countingIn: list, afterReuse: { LoggingCell.log.append("check") })
        #expect(first === b && second === a)
        #expect(LoggingCell.log == ["prepare b", "check", "prepare a", "check"])
        #expect(pool.statistics.created == 2 && pool.statistics.reused == 2)
    }

    @Test func leavingHidesTheCellBeforeTheListIsToldAndQueuesItAfter() throws {
        let (pool, list) = Self.tableCells()
        let cell = try #require(pool.dequeue("row", countingIn: list))
        list.addSubview(cell)
        var seen: (hidden: Bool, queued: Int)?
        pool.enqueue(cell) { seen = (cell.isHidden, pool.queued("row").count) }
        #expect(seen?.hidden == true && seen?.queued == 0)
        #expect(pool.queued("row").count == 1)
        // A cell that was never shown goes back without being hidden again.
        let fresh = try #require(pool.make("row", countingIn: list))
        pool.enqueue(fresh, hiding: false)
        #expect(!fresh.isHidden && pool.queued("row").count == 2)
    }

    @Test func aCellWithoutAReuseIdentifierLeavesTheList() {
        let (pool, list) = Self.tableCells()
        let own = UITableViewCell(style: .default, reuseIdentifier: nil)
        list.addSubview(own)
        pool.enqueue(own)
        #expect(own.superview == nil && own.isHidden)
        #expect(pool.queued("row").isEmpty)
    }

    @Test func anUnregisteredIdentifierGetsNothingAndCountsNothing() {
        let (pool, list) = Self.tableCells()
        #expect(pool.dequeue("other", countingIn: list) == nil)
        #expect(pool.statistics == CellStatistics())
        #expect(pool.isRegistered("row") && !pool.isRegistered("other"))
        pool.register(nil, for: "row")
        #expect(pool.dequeue("row", countingIn: list) == nil && !pool.isRegistered("row"))
        // A table's dequeue without an index path leaves the cell to its caller, as UIKit's.
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        #expect(table.dequeueReusableCell(withIdentifier: "never registered") == nil)
        #expect(table.cellStatistics == CellStatistics())
    }

    @Test func aCollectionViewStopsOnAnUnregisteredIdentifier() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480),
                                                  collectionViewLayout: UICollectionViewFlowLayout())
                _ = collection.dequeueReusableCell(withReuseIdentifier: "never registered", for: IndexPath(item: 0, section: 0))
            }
        }
    }

    @Test func requestsAreCounted() {
        let (pool, list) = Self.tableCells()
        pool.countRequest(.cellForRowCalls, in: list)
        pool.countRequest(.cellForRowCalls, in: list)
        #expect(pool.statistics.cellForRowCalls == 2 && pool.statistics.created == 0)
    }

    @Test func aReconfiguredCellIsHandedBackAsItIs() throws {
        let (pool, list) = Self.tableCells()
        LoggingCell.log = []
        let shown = try #require(pool.dequeue("row", countingIn: list) as? LoggingCell)
        let queued = try #require(pool.dequeue("row", countingIn: list))
        pool.enqueue(queued)
        pool.reconfiguring = shown
        #expect(pool.dequeue("other", countingIn: list) == nil)   // another identifier: not it
        #expect(pool.dequeue("row", countingIn: list) === shown)
        #expect(pool.reconfiguring == nil && LoggingCell.log.isEmpty)
        #expect(pool.statistics.created == 2 && pool.statistics.reused == 0)
        #expect(pool.dequeue("row", countingIn: list) === queued)   // then the queue again
    }

    /// A table's header views are prepared for reuse as its cells are (UIKit's
    /// `UITableViewHeaderFooterView.prepareForReuse()`), and not counted as cells.
    @Test func headerViewsArePreparedForReuseAndNotCounted() throws {
        final class Header: UITableViewHeaderFooterView {
            var prepared = 0
            override func prepareForReuse() { prepared += 1 }
        }
        let pool = ReusePool<UITableViewHeaderFooterView, String>(.tableHeaderFooterViews)
        pool.register(Header.self, for: "header")
        let list = UIView()
        let header = try #require(pool.dequeue("header", countingIn: list) as? Header)
        #expect(header.reuseIdentifier == "header" && header.prepared == 0)
        pool.enqueue(header)
        #expect(pool.dequeue("header", countingIn: list) === header && header.prepared == 1)
        #expect(pool.statistics == CellStatistics())
    }

    @Test func aCollectionViewsSupplementaryViewsAreKeyedByKindAndIdentifier() throws {
        let pool = ReusePool<UICollectionReusableView, UICollectionView.SupplementaryKey>(.collectionSupplementaryViews)
        let header = UICollectionView.SupplementaryKey(kind: UICollectionView.elementKindSectionHeader, identifier: "title")
        let footer = UICollectionView.SupplementaryKey(kind: UICollectionView.elementKindSectionFooter, identifier: "title")
        pool.register(UICollectionReusableView.self, for: header)
        let list = UIView()
        let view = try #require(pool.dequeue(header, countingIn: list))
        #expect(view.reuseIdentifier == "title" && view.reuseQueue == .supplementary(header))
        #expect(pool.dequeue(footer, countingIn: list) == nil)
        pool.enqueue(view)
        #expect(pool.queued(header).count == 1 && pool.queued(footer).isEmpty)
        var queued = Set<ObjectIdentifier>()
        pool._checkInvariants(shown: [], queued: &queued, in: list)
        #expect(pool.statistics == CellStatistics())
    }

    @Test func aQueuedCellShownIsCaught() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let pool = ReusePool<UICollectionViewCell, String>(.collectionCells)
                pool.register(UICollectionViewCell.self, for: "cell")
                let list = UIView()
                let cell = pool.dequeue("cell", countingIn: list)!
                list.addSubview(cell)
                pool.enqueue(cell)
                cell.isHidden = false   // a queued cell shown behind the pool's back
                var queued = Set<ObjectIdentifier>()
                pool._checkInvariants(shown: [], queued: &queued, in: list)
            }
        }
    }
}
