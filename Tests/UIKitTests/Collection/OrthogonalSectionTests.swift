import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A carousel over a list: section 0 scrolls sideways (150 × 100 groups, 10 apart, 16 pt insets:
/// its content 16 + 10 × 150 + 9 × 10 + 16 = 1 622 wide), section 1 is 30 rows of 60 pt from
/// y = 100. The carousel's cells live in its own scroll view; a sideways drag scrolls it, a
/// vertical one the list, wherever it starts.
@MainActor
@Suite struct OrthogonalSectionTests {
    final class Source: UICollectionViewDataSource, UICollectionViewDelegate {
        var selected: [IndexPath] = []
        func numberOfSections(in collectionView: UICollectionView) -> Int { 2 }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { section == 0 ? 10 : 30 }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) { selected.append(indexPath) }
    }

    static func layout(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { index, _ in
            let fill = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
            if index == 0 {
                let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(150), heightDimension: .absolute(100)), subitems: [fill])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = behavior
                section.interGroupSpacing = 10
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                return section
            }
            let row = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)), subitems: [fill])
            return NSCollectionLayoutSection(group: row)
        }
    }

    func make(_ behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior = .continuous) -> (UIWindow, UICollectionView, Source) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: Self.layout(behavior))
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        let source = Source()
        collection.dataSource = source
        collection.delegate = source
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, collection, source)
    }

    func carousel(_ collection: UICollectionView) -> UIScrollView? {
        collection.subviews.compactMap { $0 as? OrthogonalScrollView }.first
    }

    func visible(_ collection: UICollectionView, section: Int) -> [Int] {
        collection.indexPathsForVisibleItems.filter { $0.section == section }.map(\.item)
    }

    /// On screen: carousel items 0–2 (item 2 spans 336–486, from 336 < 390), rows 0–12 (row 12
    /// spans 820–880). Scrolled 300 sideways, the carousel shows 176–690 of its content: items 1–4;
    /// item 0's frame is 300 pt to the left of its place. Its cells are the carousel's subviews,
    /// framed in its content.
    @Test func theCarouselLaysOutItsGroupsInARow() throws {
        let (window, collection, source) = make()
        defer { withExtendedLifetime(source) {} }   // a data source is held weakly
        let scroller = try #require(carousel(collection))
        #expect(scroller.frame == CGRect(x: 0, y: 0, width: 390, height: 100))
        #expect(scroller.contentSize == CGSize(width: 1622, height: 100))
        #expect(collection.contentSize.height == CGFloat(100 + 30 * 60))
        #expect(visible(collection, section: 0) == [0, 1, 2])
        #expect(visible(collection, section: 1) == Array(0...12))
        let cell = try #require(collection.cellForItem(at: IndexPath(item: 2, section: 0)))
        #expect(cell.superview === scroller && cell.frame == CGRect(x: 336, y: 0, width: 150, height: 100))
        #expect(collection.cellForItem(at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 0, y: 100, width: 390, height: 60))

        scroller.contentOffset = CGPoint(x: 300, y: 0)
        _ = window.layoutPass()
        #expect(visible(collection, section: 0) == [1, 2, 3, 4])
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame == CGRect(x: -284, y: 0, width: 150, height: 100))
        #expect(collection.cellForItem(at: IndexPath(item: 4, section: 0))?.frame == CGRect(x: 656, y: 0, width: 150, height: 100))
        #expect(collection.contentOffset == .zero)
    }

    /// A slow sideways drag of 200 pt on the carousel scrolls it 200 pt, the list not at all; a
    /// vertical drag of 90 pt that starts on the carousel scrolls the list 90 pt, the carousel not
    /// at all.
    @Test func dragsGoToTheScrollViewThatScrollsTheirWay() throws {
        let (window, collection, source) = make()
        defer { withExtendedLifetime(source) {} }
        let scroller = try #require(carousel(collection))
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 100, y: 50), time: 0, duration: 0.5, rate: 60, hold: 0.3)
        trace.drag(2, from: CGPoint(x: 195, y: 95), to: CGPoint(x: 195, y: 5), time: 1.5, duration: 0.5, rate: 60, hold: 0.3)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(abs(scroller.contentOffset.x - 200) < 1e-6)
        #expect(abs(collection.contentOffset.y - 90) < 1e-6 && collection.contentOffset.x == 0)
        // The carousel shows 200–590 of its content: items 1 (176–326) to 3 (496–646).
        #expect(visible(collection, section: 0) == [1, 2, 3])
    }

    /// Group paging: a quick flick of 50 pt to the left settles one group on, with group 1's
    /// leading edge at the section's inset: 160 (150 + 10).
    @Test func groupPagingSettlesOnTheNextGroup() throws {
        let (window, collection, source) = make(.groupPaging)
        defer { withExtendedLifetime(source) {} }
        let scroller = try #require(carousel(collection))
        var trace = Trace()
        trace.fling(1, from: CGPoint(x: 300, y: 50), to: CGPoint(x: 240, y: 50), time: 0, duration: 0.06, rate: 120)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(scroller.contentOffset.x == 160)
    }

    /// A tap on a carousel item selects it (after the delays of both scroll views).
    @Test func aTapSelectsACarouselItem() throws {
        let (window, _, source) = make()
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 250, y: 50), time: 0, duration: 0.3)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        #expect(source.selected == [IndexPath(item: 1, section: 0)])
    }
}
