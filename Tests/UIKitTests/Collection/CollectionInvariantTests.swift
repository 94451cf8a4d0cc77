import Foundation
import Testing
import UIKit

/// The collection view's reuse queues (`UICollectionView._checkReuseInvariants`, on in the debug
/// build the tests build) hold through scrolling, reloads and item updates.
@Suite struct CollectionInvariantTests {
    final class Items: UICollectionViewDataSource {
        var count = 500
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                            at indexPath: IndexPath) -> UICollectionReusableView {
            collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath)
        }
    }

    @Test func theQueuesHoldThroughScrollingReloadsAndUpdates() {
        let items = Items()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        layout.headerReferenceSize = CGSize(width: 390, height: 40)
        let collection = UICollectionView(frame: window.bounds, collectionViewLayout: layout)
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        collection.register(UICollectionReusableView.self, forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader,
                            withReuseIdentifier: "header")
        collection.dataSource = items
        window.addSubview(collection)
        for y in [0.0, 500, 5000, 4900, 0] {
            collection.setContentOffset(CGPoint(x: 0, y: y), animated: false)
            collection.layoutIfNeeded()
            collection._checkReuseInvariants()
        }
        collection.reloadData()
        collection._checkReuseInvariants()
        collection.layoutIfNeeded()
        UIView.performWithoutAnimation {
            items.count -= 3
            collection.deleteItems(at: [0, 2, 4].map { IndexPath(item: $0, section: 0) })
            items.count += 1
            collection.insertItems(at: [IndexPath(item: 1, section: 0)])
        }
        collection.layoutIfNeeded()
        collection._checkReuseInvariants()
        #expect(collection.visibleCells.count > 10)
    }
}
