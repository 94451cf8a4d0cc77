import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// Layout invalidation contexts (issue #46): what a flow layout asks its delegate again for
/// each kind of context, the context a bounds change makes (and MessageKit's override of it),
/// the content offset and size adjustments, and a layout's own context class.
@MainActor
@Suite struct InvalidationContextTests {
    final class Cell: UICollectionViewCell {}

    /// `count` items in one section, each `size(width)` for the collection view's width; counts
    /// the size questions.
    final class Source: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
        let count: Int
        let size: (CGFloat) -> CGSize
        var sizeQuestions = 0
        init(count: Int, size: @escaping (CGFloat) -> CGSize) {
            self.count = count
            self.size = size
        }
        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }
        func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
            sizeQuestions += 1
            return size(collectionView.bounds.width)
        }
    }

    func make(_ source: Source, layout: UICollectionViewFlowLayout, width: CGFloat = 390) -> (UIWindow, UICollectionView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: 480), collectionViewLayout: layout)
        collection.contentInsetAdjustmentBehavior = .never
        collection.register(Cell.self, forCellWithReuseIdentifier: "cell")
        collection.dataSource = source
        collection.delegate = source
        window.addSubview(collection)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, collection)
    }

    func frame(_ collection: UICollectionView, _ item: Int) -> CGRect? {
        collection.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame
    }

    /// Ten 100 × 50 items, three to a 390-pt line (100 + 10 + 100 + 10 + 100 = 320; a fourth
    /// would make 430): the delegate is asked once per item (10), not again for a flow context
    /// that invalidates nothing of its metrics, again for all of them (20) when one does, for the
    /// one item a context names (21), and for all after `invalidateLayout()` (31).
    @Test func onlyAContextInvalidatingTheDelegateMetricsAsksForSizesAgain() {
        let source = Source(count: 10) { _ in CGSize(width: 100, height: 50) }
        let layout = UICollectionViewFlowLayout()
        let (window, collection) = make(source, layout: layout)
        #expect(source.sizeQuestions == 10)
        #expect(frame(collection, 3) == CGRect(x: 0, y: 60, width: 100, height: 50))

        layout.invalidateLayout(with: UICollectionViewFlowLayoutInvalidationContext())
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 10)

        let metrics = UICollectionViewFlowLayoutInvalidationContext()
        metrics.invalidateFlowLayoutDelegateMetrics = true
        layout.invalidateLayout(with: metrics)
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 20)

        let one = UICollectionViewFlowLayoutInvalidationContext()
        one.invalidateItems(at: [IndexPath(item: 3, section: 0)])
        layout.invalidateLayout(with: one)
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 21)

        layout.invalidateLayout()
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 31)
        // New data is an invalidation of the data source's counts: asked again (41).
        collection.reloadData()
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 41)
        withExtendedLifetime(window) {}
    }

    /// A flow layout that keeps the contexts of the bounds changes it is given.
    final class RecordingFlowLayout: UICollectionViewFlowLayout {
        var contexts: [UICollectionViewLayoutInvalidationContext] = []
        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            contexts.append(context)
            super.invalidateLayout(with: context)
        }
    }

    /// The width from 390 to 300: the flow layout asks to follow it and places the items again
    /// (`invalidateFlowLayoutAttributes`) with the sizes it has, the delegate not asked
    /// (`invalidateFlowLayoutDelegateMetrics` false): two 100-pt items to a line now (a third would
    /// make 320), so item 2 starts the second line at y 60 and item 4 the third at 120. A height
    /// change alone asks for a new layout too (a new size) without placing anything again.
    @Test func aWidthChangePlacesTheItemsAgainWithTheSizesKept() throws {
        let source = Source(count: 10) { _ in CGSize(width: 100, height: 50) }
        let layout = RecordingFlowLayout()
        let (window, collection) = make(source, layout: layout)
        layout.contexts = []
        collection.frame = CGRect(x: 0, y: 0, width: 300, height: 480)
        collection.layoutIfNeeded()
        #expect(source.sizeQuestions == 10)
        #expect(frame(collection, 2)?.origin == CGPoint(x: 0, y: 60))
        #expect(frame(collection, 4)?.origin == CGPoint(x: 0, y: 120))
        let context = try #require(layout.contexts.last as? UICollectionViewFlowLayoutInvalidationContext)
        #expect(layout.contexts.count == 1)
        #expect(context.invalidateFlowLayoutAttributes && !context.invalidateFlowLayoutDelegateMetrics && !context.invalidateEverything)

        collection.bounds = CGRect(x: 0, y: 0, width: 300, height: 400)
        let taller = try #require(layout.contexts.last as? UICollectionViewFlowLayoutInvalidationContext)
        #expect(layout.contexts.count == 2 && !taller.invalidateFlowLayoutAttributes)
        // Scrolling (the origin alone) asks for nothing.
        collection.contentOffset = CGPoint(x: 0, y: 40)
        #expect(layout.contexts.count == 2)
        withExtendedLifetime(window) {}
    }

    /// MessageKit's MessagesCollectionViewFlowLayout, as it is written: a bounds change of width
    /// asks for a new layout, and its context asks the delegate again.
    final class MessagesLayout: UICollectionViewFlowLayout {
        var boundsAsked: [CGFloat] = []
        override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
            collectionView?.bounds.width != newBounds.width
        }
        override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
            boundsAsked.append(newBounds.width)
            let context = super.invalidationContext(forBoundsChange: newBounds)
            guard let flowLayoutContext = context as? UICollectionViewFlowLayoutInvalidationContext else { return context }
            flowLayoutContext.invalidateFlowLayoutDelegateMetrics = shouldInvalidateLayout(forBoundsChange: newBounds)
            return flowLayoutContext
        }
    }

    /// Messages as wide as the collection view less 20 pt: at 390 each is 370 wide; at 300 the
    /// override's context has the ten sizes asked again (20 questions), each now 280 wide. A plain
    /// flow layout keeps its 370-pt items (asked 10 times only) and says they overflow.
    @Test func messageKitsBoundsChangeContextAsksForSizesAgain() {
        let messages = Source(count: 10) { CGSize(width: $0 - 20, height: 40) }
        let layout = MessagesLayout()
        let (window, collection) = make(messages, layout: layout)
        #expect(messages.sizeQuestions == 10 && frame(collection, 0)?.width == 370)
        layout.boundsAsked = []   // (the frame the collection view was made with was a change from zero)
        collection.frame = CGRect(x: 0, y: 0, width: 300, height: 480)
        collection.layoutIfNeeded()
        #expect(layout.boundsAsked == [300])
        #expect(messages.sizeQuestions == 20 && frame(collection, 0)?.width == 280)
        // The same height change is no width change: not asked.
        collection.frame = CGRect(x: 0, y: 0, width: 300, height: 400)
        #expect(layout.boundsAsked == [300])

        let plainMessages = Source(count: 10) { CGSize(width: $0 - 20, height: 40) }
        let (plainWindow, plain) = make(plainMessages, layout: UICollectionViewFlowLayout())
        plain.frame = CGRect(x: 0, y: 0, width: 300, height: 480)
        plain.layoutIfNeeded()
        #expect(plainMessages.sizeQuestions == 10 && frame(plain, 0)?.width == 370)
        withExtendedLifetime((window, plainWindow)) {}
    }

    /// Sixty 100 × 50 items, three to a line: 20 lines, 20 × 50 + 19 × 10 = 1190 pt of content.
    /// A context's offset adjustment moves the content offset at once (100 → 150), its size
    /// adjustment the content size (1190 → 1220) until the layout's next pass gives its own.
    @Test func adjustmentsMoveTheOffsetAndTheContentSize() {
        let source = Source(count: 60) { _ in CGSize(width: 100, height: 50) }
        let layout = UICollectionViewFlowLayout()
        let (window, collection) = make(source, layout: layout)
        #expect(collection.contentSize == CGSize(width: 390, height: 1190))
        collection.contentOffset = CGPoint(x: 0, y: 100)
        let context = UICollectionViewFlowLayoutInvalidationContext()
        context.contentOffsetAdjustment = CGPoint(x: 0, y: 50)
        context.contentSizeAdjustment = CGSize(width: 0, height: 30)
        layout.invalidateLayout(with: context)
        #expect(collection.contentOffset == CGPoint(x: 0, y: 150))
        #expect(collection.contentSize == CGSize(width: 390, height: 1220))
        collection.layoutIfNeeded()
        #expect(collection.contentSize == CGSize(width: 390, height: 1190))
        withExtendedLifetime(window) {}
    }

    final class OwnContext: UICollectionViewLayoutInvalidationContext {
        var note = "own"
    }

    /// A layout that names its own context class gets contexts of it from `invalidateLayout()`
    /// (invalidating everything and the counts) and from bounds changes.
    final class OwnLayout: UICollectionViewLayout {
        var taken: [UICollectionViewLayoutInvalidationContext] = []
        override class var invalidationContextClass: AnyClass { OwnContext.self }
        override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
            taken.append(context)
            super.invalidateLayout(with: context)
        }
    }

    @Test func aLayoutsOwnContextClassIsMade() throws {
        #expect(ObjectIdentifier(UICollectionViewFlowLayout.invalidationContextClass) == ObjectIdentifier(UICollectionViewFlowLayoutInvalidationContext.self))
        #expect(ObjectIdentifier(UICollectionViewLayout.invalidationContextClass) == ObjectIdentifier(UICollectionViewLayoutInvalidationContext.self))
        let layout = OwnLayout()
        layout.invalidateLayout()
        let context = try #require(layout.taken.last as? OwnContext)
        #expect(context.note == "own" && context.invalidateEverything && context.invalidateDataSourceCounts)
        let bounds = layout.invalidationContext(forBoundsChange: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(bounds is OwnContext && !bounds.invalidateEverything && !bounds.invalidateDataSourceCounts)
    }

    /// What a context marks: items once each (nil before any), supplementary and decoration
    /// views by kind.
    @Test func aContextKeepsWhatItMarks() {
        let context = UICollectionViewLayoutInvalidationContext()
        #expect(context.invalidatedItemIndexPaths == nil && context.invalidatedSupplementaryIndexPaths == nil
                && context.invalidatedDecorationIndexPaths == nil)
        context.invalidateItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        context.invalidateItems(at: [IndexPath(item: 1, section: 0)])
        #expect(context.invalidatedItemIndexPaths == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        context.invalidateSupplementaryElements(ofKind: UICollectionView.elementKindSectionHeader, at: [IndexPath(item: 0, section: 3)])
        #expect(context.invalidatedSupplementaryIndexPaths == [UICollectionView.elementKindSectionHeader: [IndexPath(item: 0, section: 3)]])
        context.invalidateDecorationElements(ofKind: "badge", at: [IndexPath(item: 0, section: 0)])
        #expect(context.invalidatedDecorationIndexPaths?["badge"]?.count == 1)
        #expect(context.contentOffsetAdjustment == .zero && context.contentSizeAdjustment == .zero)
        let flow = UICollectionViewFlowLayoutInvalidationContext()
        #expect(!flow.invalidateFlowLayoutDelegateMetrics && !flow.invalidateFlowLayoutAttributes)
    }
}
