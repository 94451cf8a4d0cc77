import Foundation
import Geometry
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// UICollectionView with UIKit's flow layout: frames worked out by hand from Apple's "Using the
/// Flow Layout" (lines filled while items fit, the space left spread between them, a lone item
/// centred, items centred across their line) and PSTCollectionView's last line (spaced as if full).
@MainActor
@Suite struct UICollectionViewTests {
    /// A cell that counts its `prepareForReuse()` calls.
    final class Cell: UICollectionViewCell {
        var prepared = 0
        override func prepareForReuse() {
            super.prepareForReuse()
            prepared += 1
        }
    }

    final class Header: UICollectionReusableView {}

    /// Items of given sizes in sections; records what the collection view asks and tells.
    final class Source: UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        var sizes: [[CGSize]]
        var asked: [IndexPath] = []
        var events: [String] = []
        var usesSizes = true

        init(_ sizes: [[CGSize]]) { self.sizes = sizes }

        func numberOfSections(in collectionView: UICollectionView) -> Int { sizes.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sizes[section].count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            asked.append(indexPath)
            return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            usesSizes ? sizes[indexPath.section][indexPath.item] : (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
        }
        /// Whether the highlight and selection questions are logged too.
        var logsQuestions = false
        var selects = true
        func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
            if logsQuestions { events.append("shouldHighlight \(indexPath.item)") }
            return true
        }
        func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {
            if logsQuestions { events.append("didHighlight \(indexPath.item)") }
        }
        func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {
            if logsQuestions { events.append("didUnhighlight \(indexPath.item)") }
        }
        func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
            if logsQuestions { events.append("shouldSelect \(indexPath.item)") }
            return selects
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { events.append("select \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) { events.append("deselect \(indexPath.item)") }
        func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            events.append("show \(indexPath.item)")
        }
        func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
            events.append("hide \(indexPath.item)")
        }
    }

    /// A collection view of `size` in a window, laid out by `layout`, showing `source`.
    func make(_ source: Source, layout: UICollectionViewFlowLayout, size: CGSize = CGSize(width: 320, height: 480)) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(Cell.self, forCellWithReuseIdentifier: "cell")
        collection.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "header")
        collection.register(Header.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "header")
        collection.dataSource = source
        collection.delegate = source
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, collection)
    }

    func frame(_ collection: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// 100 × 100 items in a 320-wide view, insets 10 all round, spacing 10 (the defaults): a line
    /// has 300 pt, two items take 210, a third would need 320. The 90 pt left go between them:
    /// x = 10 and 210 (the second ends at 310, the right inset). Lines 110 apart from y = 10.
    /// The last line's lone item stays on the grid at x = 10 (a line of two of its size would fit).
    /// Content: 10 + 3 × 100 + 2 × 10 + 10 = 340 high, 320 wide.
    @Test func linesAreFilledAndJustified() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 5)])
        source.usesSizes = false
        let (_, collection) = make(source, layout: layout)
        #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
        #expect(frame(collection, 0) == CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(frame(collection, 1) == CGRect(x: 210, y: 10, width: 100, height: 100))
        #expect(frame(collection, 2) == CGRect(x: 10, y: 120, width: 100, height: 100))
        #expect(frame(collection, 3) == CGRect(x: 210, y: 120, width: 100, height: 100))
        #expect(frame(collection, 4) == CGRect(x: 10, y: 230, width: 100, height: 100))
        #expect(collection.contentSize == CGSize(width: 320, height: 340))
        #expect(collection.visibleCells.count == 5)
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.frame == CGRect(x: 210, y: 10, width: 100, height: 100))
    }

    /// A line with one item (250 of 300 pt) centres it: x = 10 + 25. Items of different heights
    /// share a line centred across it: a 40-high item beside an 80-high one sits 20 pt down.
    @Test func aLoneItemIsCentredAndShortItemsCentreInTheirLine() {
        let layout = UICollectionViewFlowLayout()
        layout.sectionInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let source = Source([[CGSize(width: 250, height: 50), CGSize(width: 100, height: 40), CGSize(width: 100, height: 80), CGSize(width: 250, height: 50)]])
        let (_, collection) = make(source, layout: layout)
        #expect(frame(collection, 0) == CGRect(x: 35, y: 0, width: 250, height: 50))
        // Line 2: 100 + 10 + 100 = 210 of 300, 90 between: x = 10 and 210; 80 deep, from y = 60.
        #expect(frame(collection, 1) == CGRect(x: 10, y: 80, width: 100, height: 40))
        #expect(frame(collection, 2) == CGRect(x: 210, y: 60, width: 100, height: 80))
        // The last line: no second 250 fits, so it is a lone item, centred.
        #expect(frame(collection, 3) == CGRect(x: 35, y: 150, width: 250, height: 50))
        #expect(collection.contentSize.height == 200)
    }

    /// Sections one after the other: a header (the view's width, its reference height), the
    /// inset, the lines, the inset, a footer. Section 0: header 0–40, items from 45 (top inset 5)
    /// to 95, bottom inset to 100, footer 100–120; section 1 starts at 120.
    @Test func headersFootersAndInsetsStackSections() {
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        layout.sectionInset = UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        let source = Source([[CGSize(width: 50, height: 50)], [CGSize(width: 50, height: 50)]])
        let (_, collection) = make(source, layout: layout)
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(frame(collection, 0, 0)?.minY == 45)
        #expect(collection.layoutAttributesForSupplementaryElement(ofKind: footer, at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: 0, y: 100, width: 320, height: 20))
        #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 0, y: 120, width: 320, height: 40))
        #expect(frame(collection, 0, 1)?.minY == 165)
        #expect(collection.contentSize.height == 240)
        // The headers and footers on screen are views, as the cells.
        #expect(collection.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 0, y: 120, width: 320, height: 40))
        #expect(collection.supplementaryView(forElementKind: footer, at: IndexPath(item: 0, section: 1))?.reuseIdentifier == "header")
    }

    /// Scrolling horizontally, lines are columns filling the height: 100 × 100 items in a view
    /// 320 high (room 320: three, 10 apart, exactly), columns 110 apart.
    @Test func horizontalScrollingFillsColumns() {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 100, height: 100)
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 7)])
        source.usesSizes = false
        let (_, collection) = make(source, layout: layout, size: CGSize(width: 390, height: 320))
        #expect(frame(collection, 0) == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(frame(collection, 2) == CGRect(x: 0, y: 220, width: 100, height: 100))
        #expect(frame(collection, 3) == CGRect(x: 110, y: 0, width: 100, height: 100))
        #expect(frame(collection, 6) == CGRect(x: 220, y: 0, width: 100, height: 100))
        #expect(collection.contentSize == CGSize(width: 320, height: 320))
    }

    /// 300 items of 100 × 100, three to a line (320 wide, spacing 10: exactly), lines 110 apart,
    /// in a view 480 high: lines 0–4 show (the fifth from 440), 15 cells. Scrolled by 220 (two
    /// lines), lines 0–1 leave and 5–6 come: their six cells are the six that left. Scrolled to
    /// the end, cells are never more than six lines' worth (18: a line enters before one leaves).
    @Test func onlyItemsOnScreenAreAskedForAndTheirCellsReused() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 300)])
        source.usesSizes = false
        let (window, collection) = make(source, layout: layout)
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(0..<15))
        #expect(source.asked.count == 15)
        _ = window.commitPhase(stopwatch: ManualStopwatch())
        collection.contentOffset = CGPoint(x: 0, y: 220)
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(6..<21))
        #expect(counts[.cellForItemCalls] == 6 && counts[.cellsReused] == 6 && counts[.cellsCreated] == 0)
        // The layout handed over the elements in the bounds only: 15 of 300.
        #expect(counts[.layoutAttributes] == 15)
        #expect(source.events.suffix(12) == ["hide 0", "hide 1", "hide 2", "hide 3", "hide 4", "hide 5",
                                             "show 15", "show 16", "show 17", "show 18", "show 19", "show 20"])
        var offset: CGFloat = 220
        let end = collection.contentSize.height - collection.bounds.height
        while offset < end {
            offset = min(offset + 7, end)
            collection.contentOffset = CGPoint(x: 0, y: offset)
            _ = window.layoutPass()
        }
        #expect(collection.contentSize.height == 10_990, "\(collection.contentSize.height - 10_990)")
        #expect(collection.indexPathsForVisibleItems.last == IndexPath(item: 299, section: 0))
        let cells = collection.subviews.compactMap { $0 as? Cell }
        #expect(cells.count == 18)
        #expect(source.asked.count == 300)
        // prepareForReuse ran before every reuse: 300 handed out by 18 cells.
        #expect(cells.reduce(0) { $0 + $1.prepared } == 300 - 18)
    }

    /// A tap selects (the delegate told), another item's tap moves the selection; with multiple
    /// selection, a selected item's tap deselects it. `selectItem` tells no delegate.
    @Test func selectionFollowsUIKit() {
        let layout = UICollectionViewFlowLayout()
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 6)])
        let (_, collection) = make(source, layout: layout)
        func tap(_ item: Int) {
            let cell = collection.cellForItem(at: IndexPath(item: item, section: 0))!
            let touch = UITouch(contact: 1, phase: .began, timestamp: 0, windowLocation: cell.center, type: .direct,
                                force: 0, majorRadius: 20, altitude: .pi / 2, azimuth: 0, tapCount: 1)
            touch.view = cell
            let touches: Set<UITouch> = [touch]
            collection.touchesBegan(touches, with: nil)
            #expect(cell.isHighlighted)
            collection.touchesEnded(touches, with: nil)
            #expect(!cell.isHighlighted)
        }
        source.events = []
        tap(1)
        tap(4)
        #expect(source.events == ["select 1", "deselect 1", "select 4"])
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.isSelected == true)
        #expect(collection.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == false)
        collection.allowsMultipleSelection = true
        source.events = []
        tap(2)
        tap(4)
        #expect(source.events == ["select 2", "deselect 4"])
        collection.selectItem(at: IndexPath(item: 5, section: 0), animated: false, scrollPosition: [])
        #expect(source.events.count == 2 && collection.indexPathsForSelectedItems?.count == 2)
        #expect(collection.indexPathForItem(at: CGPoint(x: 50, y: 50)) == IndexPath(item: 0, section: 0))
        #expect(collection.indexPathForItem(at: CGPoint(x: 105, y: 50)) == nil)   // between items
    }

    /// A tap on an item asks and tells the delegate in UIKit's order (Collection View Programming
    /// Guide, figure 2-3): shouldHighlight and didHighlight at the touch, then at the lift
    /// shouldSelect while the item is still highlighted, didUnhighlight, didSelect. An item the
    /// delegate will not select still loses its highlight, after the question.
    @Test func highlightAndSelectionComeInUIKitsOrder() {
        let layout = UICollectionViewFlowLayout()
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 6)])
        let (window, collection) = make(source, layout: layout)
        defer { withExtendedLifetime(window) {} }
        source.logsQuestions = true
        func tap(_ item: Int) {
            let cell = collection.cellForItem(at: IndexPath(item: item, section: 0))!
            let touch = UITouch(contact: 1, phase: .began, timestamp: 0, windowLocation: cell.center, type: .direct,
                                force: 0, majorRadius: 20, altitude: .pi / 2, azimuth: 0, tapCount: 1)
            touch.view = cell
            collection.touchesBegan([touch], with: nil)
            collection.touchesEnded([touch], with: nil)
        }
        source.events = []
        tap(2)
        #expect(source.events == ["shouldHighlight 2", "didHighlight 2", "shouldSelect 2", "didUnhighlight 2", "select 2"])
        source.events = []
        source.selects = false
        tap(3)
        #expect(source.events == ["shouldHighlight 3", "didHighlight 3", "shouldSelect 3", "didUnhighlight 3"])
        #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0))?.isHighlighted == false)
        #expect(collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    /// An item wider than its line (undefined in UIKit) keeps a line of its own at the leading
    /// inset and is reported; scrolling to an item that does not exist is reported too.
    @Test func badInputsAreReported() {
        UIApplication.withNewApplication {
            let layout = UICollectionViewFlowLayout()
            let source = Source([[CGSize(width: 400, height: 50), CGSize(width: 50, height: 50)]])
            let (_, collection) = make(source, layout: layout)
            #expect(frame(collection, 0) == CGRect(x: 0, y: 0, width: 400, height: 50))
            #expect(frame(collection, 1)?.minY == 60)
            collection.scrollToItem(at: IndexPath(item: 9, section: 0), at: .top, animated: false)
            let issues = UIApplication.shared.layoutIssues
            #expect(issues.contains { $0.hasPrefix("the behavior of the UICollectionViewFlowLayout is not defined because the item at [0, 0] is 400.0 pt across") })
            #expect(issues.contains { $0.hasPrefix("UICollectionView.scrollToItem: no item 9 in section 0") })
        }
    }

    /// scrollToItem puts the item where asked, within the content: item 30 (line 10, y = 1100)
    /// at the top; centred, its middle (1150) at the middle of 480 (offset 910).
    @Test func scrollToItemPlacesTheItem() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 300)])
        source.usesSizes = false
        let (window, collection) = make(source, layout: layout)
        collection.scrollToItem(at: IndexPath(item: 30, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset.y == 1100)
        collection.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: false)
        #expect(collection.contentOffset.y == 910)
        collection.scrollToItem(at: IndexPath(item: 299, section: 0), at: .top, animated: false)
        #expect(collection.contentOffset.y == collection.contentSize.height - 480)
        _ = window.layoutPass()
        #expect(collection.indexPathsForVisibleItems.contains(IndexPath(item: 299, section: 0)))
    }

    /// Prefetching: the items within a screen ahead of the bounds in the direction of scrolling,
    /// not on screen, told once each; those that leave the zone unseen are cancelled. 100 × 100
    /// items, 3 to a line 110 apart, a view 480 high: at rest, lines 5–8 (items 15–26); scrolled
    /// down 220, lines 6–10 ahead, of which items 27–32 are new (18–20 are on screen, 21–26
    /// told already); scrolled back to the top, nothing lies above, and 21–32 are cancelled.
    @Test func prefetchingRunsAheadOfTheScroll() {
        final class Prefetcher: UICollectionViewDataSourcePrefetching {
            var told: [[Int]] = [], cancelled: [[Int]] = []
            func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) { told.append(indexPaths.map(\.item)) }
            func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) { cancelled.append(indexPaths.map(\.item)) }
        }
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        let source = Source([Array(repeating: CGSize(width: 100, height: 100), count: 300)])
        source.usesSizes = false
        let prefetcher = Prefetcher()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(Cell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = source
        collection.prefetchDataSource = prefetcher
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        #expect(collection.isPrefetchingEnabled)
        #expect(prefetcher.told == [Array(15...26)])
        _ = window.commitPhase(stopwatch: ManualStopwatch())
        collection.contentOffset = CGPoint(x: 0, y: 220)
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(prefetcher.told.last == Array(27...32) && counts[.prefetchedItems] == 6)
        collection.contentOffset = .zero
        _ = window.layoutPass()
        #expect(prefetcher.cancelled == [Array(21...32)])
        #expect(prefetcher.told.count == 2)
    }
}

