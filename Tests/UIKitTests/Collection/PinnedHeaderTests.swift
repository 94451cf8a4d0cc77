import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// Headers that stay at the top while their section scrolls under them: a flow layout's
/// `sectionHeadersPinToVisibleBounds`, a compositional boundary item's `pinToVisibleBounds`, a
/// plain list's headers. Frames worked out by hand.
@MainActor
@Suite struct PinnedHeaderTests {
    /// Items in sections, headers dequeued as "h" (the compositional layout tests' data source).
    typealias Items = CompositionalLayoutTests.Items

    func make(_ layout: UICollectionViewLayout, _ items: Items) -> (UIWindow, UICollectionView) {
        CompositionalLayoutTests().make(layout, items)
    }

    func header(_ collection: UICollectionView, _ section: Int) -> UICollectionReusableView? {
        collection.supplementaryView(forElementKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: section))
    }

    /// Three 100 pt items a line in 320 (10 apart), 12 items a section: 4 lines, 430 pt, under a
    /// 40 pt header. Section 0 runs 0–470, section 1 470–940. Scrolled to 100, header 0 shows at
    /// 100, in front (z 10); at 450 the end of section 0 (470) pushes it to 430; at 600, header 1
    /// is pinned at 600 and header 0 is gone.
    @Test func flowLayoutHeadersPinUntilTheirSectionEnds() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 0, height: 40)
        layout.sectionHeadersPinToVisibleBounds = true
        let items = Items([12, 12])
        let (window, collection) = make(layout, items)
        #expect(collection.contentSize.height == 940)
        #expect(header(collection, 0)?.frame == CGRect(x: 0, y: 0, width: 320, height: 40))
        for (offset, expected) in [(CGFloat(100), CGFloat(100)), (450, 430)] {
            collection.contentOffset = CGPoint(x: 0, y: offset)
            _ = window.layoutPass()
            #expect(header(collection, 0)?.frame.minY == expected, "at \(offset)")
            #expect(header(collection, 0)?.layer.zPosition == 10)
        }
        #expect(header(collection, 1)?.frame.minY == 470)
        collection.contentOffset = CGPoint(x: 0, y: 600)
        _ = window.layoutPass()
        #expect(header(collection, 0) == nil)
        #expect(header(collection, 1)?.frame.minY == 600)
        withExtendedLifetime(items) {}
    }

    /// A compositional section's header with `pinToVisibleBounds` and z-index 2: 20 rows of 50 pt
    /// under a 30 pt header, section 0 runs 0–1 030; scrolled to 500, the header shows at 500.
    /// Without pinning it stays at 0 (off screen, not shown).
    @Test func compositionalHeadersPinWhenAsked() {
        func layout(pinned: Bool) -> UICollectionViewCompositionalLayout {
            let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50))
            let section = NSCollectionLayoutSection(group: .horizontal(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            header.pinToVisibleBounds = pinned
            header.zIndex = 2
            section.boundarySupplementaryItems = [header]
            return UICollectionViewCompositionalLayout(section: section)
        }
        for pinned in [true, false] {
            let items = Items([20])
            let (window, collection) = make(layout(pinned: pinned), items)
            collection.contentOffset = CGPoint(x: 0, y: 500)
            _ = window.layoutPass()
            if pinned {
                #expect(header(collection, 0)?.frame == CGRect(x: 0, y: 500, width: 320, height: 30))
                #expect(header(collection, 0)?.layer.zPosition == 2)
            } else {
                #expect(header(collection, 0) == nil)
            }
            withExtendedLifetime(items) {}
        }
    }

    /// A plain list's headers are pinned (UIKit's plain lists, as plain tables); a grouped list's
    /// are not.
    @Test func aPlainListPinsItsHeaders() {
        for appearance in [UICollectionLayoutListConfiguration.Appearance.plain, .insetGrouped] {
            var configuration = UICollectionLayoutListConfiguration(appearance: appearance)
            configuration.headerMode = .supplementary
            let layout = UICollectionViewCompositionalLayout.list(using: configuration)
            let items = Items([30])
            let (window, collection) = make(layout, items)
            collection.contentOffset = CGPoint(x: 0, y: 300)
            _ = window.layoutPass()
            #expect((header(collection, 0)?.frame.minY == 300) == (appearance == .plain), "\(appearance)")
            withExtendedLifetime(items) {}
        }
    }

    /// `sectionInsetReference = .fromLayoutMargins`: the collection view's 8 pt margins are added
    /// to the section's 10 pt insets across the lines: items start at 18 and 100 pt items fit two
    /// in 320 − 36 = 284 (the third would need 320), the second at 284 + 18 − 100 = 202.
    @Test func sectionInsetsFromTheLayoutMargins() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.sectionInset = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        layout.sectionInsetReference = .fromLayoutMargins
        let items = Items([3])
        let (_, collection) = make(layout, items)
        #expect(collection.layoutMargins.left == 8 && collection.layoutMargins.right == 8)
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 18)
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minX == 202)
        #expect(collection.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.minY == 110)
        withExtendedLifetime(items) {}
    }
}
