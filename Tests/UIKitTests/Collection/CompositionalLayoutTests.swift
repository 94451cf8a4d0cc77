import Foundation
import Geometry
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// UICollectionViewCompositionalLayout: sizes as fractions of their container, groups that repeat
/// their items or hold a count, sections that repeat their group; frames worked out by hand.
@MainActor
@Suite struct CompositionalLayoutTests {
    final class Items: UICollectionViewDataSource {
        var counts: [Int]
        init(_ counts: [Int]) { self.counts = counts }
        func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "c", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "h", for: indexPath)
        }
    }

    /// A 600 pt tall collection view in a window, its cells "c" and its headers "h" (of the kind
    /// "header" and UIKit's section-header kind), laid out.
    func make(_ layout: UICollectionViewLayout, _ items: Items, width: CGFloat = 320) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 600), collectionViewLayout: layout)
        collection.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "c")
        for kind in ["header", UICollectionView.elementKindSectionHeader] {
            collection.register(UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "h")
        }
        collection.dataSource = items
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, collection)
    }

    func frame(_ collection: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    /// Two columns: items half the group's width and all its height, 5 pt insets; the group the
    /// section's width and 100 high, groups 10 apart below an 8 pt inset. 5 items: 3 groups, the
    /// last half full; the content 8 + 3 × 100 + 2 × 10 = 328 high.
    @Test func aTwoColumnGrid() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
        item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 8, leading: 0, bottom: 0, trailing: 0)
        let (_, collection) = make(UICollectionViewCompositionalLayout(section: section), Items([5]))
        #expect(frame(collection, 0) == CGRect(x: 5, y: 13, width: 150, height: 90))
        #expect(frame(collection, 1) == CGRect(x: 165, y: 13, width: 150, height: 90))
        #expect(frame(collection, 2) == CGRect(x: 5, y: 123, width: 150, height: 90))
        #expect(frame(collection, 4) == CGRect(x: 5, y: 233, width: 150, height: 90))
        #expect(collection.contentSize == CGSize(width: 320, height: 328))
        #expect(collection.visibleCells.count == 5)
    }

    /// A group of a count: three items share 320 pt less two 10 pt spaces, 100 each. Flexible
    /// spacing of at least 5 between three 100 pt items spreads the 20 left: 10 apart.
    @Test func countsAndSpacings() {
        let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
        let counted = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitem: item, count: 3)
        counted.interItemSpacing = .fixed(10)
        let (_, a) = make(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: counted)), Items([4]))
        #expect([0, 1, 2, 3].map { frame(a, $0) } == [CGRect(x: 0, y: 0, width: 100, height: 50), CGRect(x: 110, y: 0, width: 100, height: 50),
                                                      CGRect(x: 220, y: 0, width: 100, height: 50), CGRect(x: 0, y: 50, width: 100, height: 50)])
        let fixedWidth = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(40)))
        let flexible = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)), subitems: [fixedWidth])
        flexible.interItemSpacing = .flexible(5)
        let (_, b) = make(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: flexible)), Items([3]))
        #expect([0, 1, 2].map { frame(b, $0)?.minX } == [0, 110, 220])
    }

    /// Groups in groups: a 200 × 200 item beside a column of two 100 × 100 ones (300 pt wide):
    /// three items a group, the second group from y = 200.
    @Test func nestedGroups() {
        let big = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(2.0 / 3), heightDimension: .fractionalHeight(1)))
        let small = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        let column = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0 / 3), heightDimension: .fractionalHeight(1)), subitems: [small])
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(200)), subitems: [big, column])
        let (_, collection) = make(UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), Items([4]), width: 300)
        #expect(frame(collection, 0) == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(frame(collection, 1) == CGRect(x: 200, y: 0, width: 100, height: 100))
        #expect(frame(collection, 2) == CGRect(x: 200, y: 100, width: 100, height: 100))
        #expect(frame(collection, 3) == CGRect(x: 0, y: 200, width: 200, height: 200))
    }

    /// A section provider's sections, each with a header of 44 pt across its insets (16 each
    /// side), 20 pt between sections: section 1 starts at 44 + 50 + 20 = 114.
    @Test func sectionsFromAProviderWithHeaders() {
        var asked: [Int] = []
        let layout = UICollectionViewCompositionalLayout(sectionProvider: { index, environment in
            asked.append(index)
            #expect(environment.container.contentSize == CGSize(width: 320, height: 600))
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)))
            let group = NSCollectionLayoutGroup.vertical(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
            let section = NSCollectionLayoutSection(group: group)
            section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
            section.boundarySupplementaryItems = [NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(44)), elementKind: "header", alignment: .top)]
            return section
        })
        let configuration = UICollectionViewCompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        layout.configuration = configuration
        let (_, collection) = make(layout, Items([1, 1]))
        #expect(asked == [0, 1])
        #expect(collection.layoutAttributesForSupplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1))?.frame == CGRect(x: 16, y: 114, width: 288, height: 44))
        #expect(frame(collection, 0, 0) == CGRect(x: 16, y: 44, width: 288, height: 50))
        #expect(frame(collection, 0, 1) == CGRect(x: 16, y: 158, width: 288, height: 50))
        #expect(collection.supplementaryView(forElementKind: "header", at: IndexPath(item: 0, section: 0)) != nil)
    }

    /// A frame that scrolls asks the layout for what is on screen, not for every item: the same
    /// layout attributes per frame with 100 items as with 10 000 (flow and compositional layouts).
    @Test func attributesPerFrameFollowTheScreenNotTheItemCount() {
        func perFrame(_ makeLayout: () -> UICollectionViewLayout, items: Int) -> Int {
            let (window, collection) = make(makeLayout(), Items([items]))
            _ = window.commitPhase(stopwatch: ManualStopwatch())
            collection.contentOffset = CGPoint(x: 0, y: 300)
            return window.commitPhase(stopwatch: ManualStopwatch()).counts[.layoutAttributes]
        }
        let flow = { () -> UICollectionViewLayout in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            return layout
        }
        let compositional = { () -> UICollectionViewLayout in
            let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
            return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        }
        // Flow: lines 110 apart, 600 pt from 300: lines 2…8 (7 of 3). Compositional: rows 100 apart,
        // 3…8 (6 of 2: row 2 ends at 300 and row 9 starts at 900, touching the bounds only).
        #expect(perFrame(flow, items: 100) == 21 && perFrame(flow, items: 10_000) == 21)
        #expect(perFrame(compositional, items: 100) == 12 && perFrame(compositional, items: 10_000) == 12)
    }
}
