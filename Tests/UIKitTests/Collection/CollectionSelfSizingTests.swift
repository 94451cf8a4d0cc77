import Foundation
import Geometry
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// Self-sizing cells in collection views: a compositional list of estimated rows, cards in pairs,
/// a flow layout of tags with `estimatedItemSize`; each cell measured as it comes on screen, the
/// layout following the sizes it prefers. Frames worked out by hand.
@MainActor
@Suite struct CollectionSelfSizingTests {
    /// A cell whose content is one box pinned to the content view's edges, `height` tall (Auto
    /// Layout's way of self-sizing).
    final class BoxCell: UICollectionViewCell {
        let box = UIView()
        lazy var height = box.heightAnchor.constraint(equalToConstant: 10)
        override init(frame: CGRect) {
            super.init(frame: frame)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            NSLayoutConstraint.activate([
                box.topAnchor.constraint(equalTo: contentView.topAnchor),
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
                box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
                height,
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// A cell without constraints that says its size in `sizeThatFits(_:)` (UIKit's second way).
    /// It lays itself out before it is measured, as many cells do: `layoutIfNeeded()` reaches the
    /// collection view in the middle of its layout pass, which carries on.
    final class TagCell: UICollectionViewCell {
        var size = CGSize.zero
        override func sizeThatFits(_ size: CGSize) -> CGSize { self.size }
        override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
            setNeedsLayout()
            layoutIfNeeded()
            return super.preferredLayoutAttributesFitting(layoutAttributes)
        }
    }

    final class Boxes: UICollectionViewDataSource {
        var heights: [CGFloat]
        var asked: [Int] = []
        init(_ heights: [CGFloat]) { self.heights = heights }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { heights.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            asked.append(indexPath.item)
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "box", for: indexPath) as! BoxCell
            cell.height.constant = heights[indexPath.item]
            return cell
        }
    }

    final class Tags: UICollectionViewDataSource {
        let sizes: [CGSize]
        init(_ sizes: [CGSize]) { self.sizes = sizes }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sizes.count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath) as! TagCell
            cell.size = sizes[indexPath.item]
            return cell
        }
    }

    func make(_ layout: UICollectionViewLayout, _ source: UICollectionViewDataSource, height: CGFloat = 600) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: height), collectionViewLayout: layout)
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(BoxCell.self, forCellWithReuseIdentifier: "box")
        collection.register(TagCell.self, forCellWithReuseIdentifier: "tag")
        collection.dataSource = source
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.commitPhase(stopwatch: ManualStopwatch())
        return (window, collection)
    }

    func frame(_ collection: UICollectionView, _ item: Int) -> CGRect? {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }

    /// A list: rows the full width, 44 estimated; boxes of 60 and 30 in turn, 20 rows.
    static func list() -> UICollectionViewCompositionalLayout {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(44))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
    }

    /// At the estimates, rows 0–13 reach the 600 pt bounds (row 13 spans 572–616): 14 measured.
    /// Measured, pairs are 90 tall, row 13 starts at 6 × 90 + 60 = 600 and leaves the screen;
    /// the content is 7 × 90 for the measured rows and 6 × 44 for the rest: 894.
    /// Scrolled to 300 (bounds to 900): rows 13–19 come on screen (13 again, measured again),
    /// 7 measurements; every row measured, the content is 10 × 90 = 900, row 19 at 870; rows
    /// 6 (270–330) to 19 on screen.
    @Test func aListOfEstimatedRowsFollowsItsCells() {
        let boxes = Boxes((0..<20).map { $0 % 2 == 0 ? 60 : 30 })
        let (window, collection) = make(Self.list(), boxes)
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(0...12))
        #expect(frame(collection, 1) == CGRect(x: 0, y: 60, width: 320, height: 30))
        #expect(frame(collection, 12) == CGRect(x: 0, y: 540, width: 320, height: 60))
        #expect(frame(collection, 14) == CGRect(x: 0, y: 630, width: 320, height: 44))
        #expect(collection.contentSize == CGSize(width: 320, height: 894))
        let cell = collection.cellForItem(at: IndexPath(item: 2, section: 0)) as! BoxCell
        #expect(cell.frame == CGRect(x: 0, y: 90, width: 320, height: 60) && cell.box.frame == CGRect(x: 0, y: 0, width: 320, height: 60))

        collection.contentOffset = CGPoint(x: 0, y: 300)
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.selfSizingMeasurements] == 7)
        #expect(collection.contentSize.height == 900)
        #expect(frame(collection, 19) == CGRect(x: 0, y: 870, width: 320, height: 30))
        #expect(collection.indexPathsForVisibleItems.map(\.item) == Array(6...19))
    }

    /// The first screen's measurements are counted in its commit: 14.
    @Test func measurementsAreCounted() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        _ = window.commitPhase(stopwatch: ManualStopwatch())
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: Self.list())
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(BoxCell.self, forCellWithReuseIdentifier: "box")
        let boxes = Boxes((0..<20).map { $0 % 2 == 0 ? 60 : 30 })
        collection.dataSource = boxes
        window.addSubview(collection)
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.selfSizingMeasurements] == 14 && counts[.cellForItemCalls] == 14)
        // A pass with nothing new measures nothing.
        collection.setNeedsLayout()
        #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts[.selfSizingMeasurements] == 0)
    }

    /// Cards in pairs: each half the width, 100 estimated, the pair's group estimated too. Boxes
    /// 120 and 80, then 50 and 70: the first row is 120 tall (its tallest), the second 70; each
    /// card keeps its own height, at the top of its row.
    @Test func aRowIsAsTallAsItsTallestCard() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(100)))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(100)), subitems: [item])
        let (_, collection) = make(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), Boxes([120, 80, 50, 70]))
        #expect((0..<4).map { frame(collection, $0) } == [
            CGRect(x: 0, y: 0, width: 160, height: 120), CGRect(x: 160, y: 0, width: 160, height: 80),
            CGRect(x: 0, y: 120, width: 160, height: 50), CGRect(x: 160, y: 120, width: 160, height: 70),
        ])
        #expect(collection.contentSize.height == 190)
    }

    /// Tags in a flow layout with `estimatedItemSize`, sized by `sizeThatFits`: 100, 150, 80 and
    /// 200 wide, 30 tall, 10 apart in 320. At the 50 × 50 estimate all four share a line and are
    /// measured. Measured: 100 + 10 + 150 + 10 + 80 = 350 > 320, so the first line holds two, its
    /// 60 pt left between them (the second at 170); the last line, 80 and 200, keeps its spacing
    /// as a full line would and spreads 30: the second at 120. Lines 10 apart: 0 and 40.
    @Test func flowLayoutTagsSizeThemselves() {
        let layout = UICollectionViewFlowLayout()
        layout.estimatedItemSize = CGSize(width: 50, height: 50)
        let tags = Tags([CGSize(width: 100, height: 30), CGSize(width: 150, height: 30), CGSize(width: 80, height: 30), CGSize(width: 200, height: 30)])
        let (_, collection) = make(layout, tags)
        #expect((0..<4).map { frame(collection, $0) } == [
            CGRect(x: 0, y: 0, width: 100, height: 30), CGRect(x: 170, y: 0, width: 150, height: 30),
            CGRect(x: 0, y: 40, width: 80, height: 30), CGRect(x: 120, y: 40, width: 200, height: 30),
        ])
        #expect(collection.contentSize == CGSize(width: 320, height: 70))
    }

    /// Without an estimate, the flow layout's items keep `itemSize`, and nothing is measured.
    @Test func withoutEstimatesNothingIsMeasured() {
        let layout = UICollectionViewFlowLayout()
        let (window, collection) = make(layout, Tags([CGSize(width: 100, height: 30)]))
        collection.setNeedsLayout()
        #expect(window.commitPhase(stopwatch: ManualStopwatch()).counts[.selfSizingMeasurements] == 0)
        #expect(frame(collection, 0)?.size == CGSize(width: 50, height: 50))
    }

    /// An inserted row is measured alone: the rows on screen keep the sizes they were measured
    /// at, moved one place down (row 0's 60 is now row 1's).
    @Test func anInsertMeasuresOnlyTheNewRow() {
        let boxes = Boxes((0..<20).map { $0 % 2 == 0 ? 60 : 30 })
        let (window, collection) = make(Self.list(), boxes)
        boxes.heights.insert(100, at: 0)
        UIView.performWithoutAnimation { collection.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(counts[.selfSizingMeasurements] == 1 && counts[.cellForItemCalls] == 1)
        #expect(frame(collection, 0) == CGRect(x: 0, y: 0, width: 320, height: 100))
        #expect(frame(collection, 1) == CGRect(x: 0, y: 100, width: 320, height: 60))
        #expect(frame(collection, 2) == CGRect(x: 0, y: 160, width: 320, height: 30))
    }

    /// A cell's own `preferredLayoutAttributesFitting(_:)` (UIKit's third way) decides its size.
    @Test func aCellsOwnPreferredAttributesWin() {
        final class Fixed: UICollectionViewCell {
            override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
                let attributes = layoutAttributes.copy() as! UICollectionViewLayoutAttributes
                attributes.frame.size.height = 77
                return attributes
            }
        }
        final class Source: UICollectionViewDataSource {
            func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
            func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
                collectionView.dequeueReusableCell(withReuseIdentifier: "fixed", for: indexPath)
            }
        }
        let source = Source()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), collectionViewLayout: Self.list())
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(Fixed.self, forCellWithReuseIdentifier: "fixed")
        collection.dataSource = source
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        #expect(frame(collection, 1) == CGRect(x: 0, y: 77, width: 320, height: 77))
        #expect(collection.contentSize.height == 154)
    }

    /// A cell whose constraints give it no height (a zero-height box) keeps the estimate, 44, as
    /// a measurement that cannot be a size.
    @Test func aCellMeasuringNothingKeepsTheEstimate() {
        let boxes = Boxes([0, 30])
        let (_, collection) = make(Self.list(), boxes)
        defer { withExtendedLifetime(boxes) {} }
        #expect(frame(collection, 0) == CGRect(x: 0, y: 0, width: 320, height: 44))
        #expect(frame(collection, 1) == CGRect(x: 0, y: 44, width: 320, height: 30))
    }
}
