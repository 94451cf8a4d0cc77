import Foundation
import Geometry
import CoreGraphics

/// What part of a layout an invalidation makes out of date, as UIKit's
/// `UICollectionViewLayoutInvalidationContext`: a layout is handed one in
/// `invalidateLayout(with:)` and may prepare only that part again. `invalidateLayout()` gives
/// one that invalidates everything; a bounds change the layout asks for gives the one
/// `invalidationContext(forBoundsChange:)` makes. The content offset and size adjustments are
/// applied to the collection view as the context is taken (UIKit: "the collection view applies
/// this adjustment to its content offset immediately").
@preconcurrency @MainActor
open class UICollectionViewLayoutInvalidationContext: NSObject {
    /// Whether everything must be worked out again (`invalidateLayout()`, new data).
    open var invalidateEverything: Bool { everything }
    /// Whether the number of sections or items changed (the data source is asked again).
    open var invalidateDataSourceCounts: Bool { everything || dataSourceCounts }
    /// The items marked with `invalidateItems(at:)`, or nil for none.
    open var invalidatedItemIndexPaths: [IndexPath]? { items.isEmpty ? nil : items }
    /// The supplementary views marked, by kind, or nil for none.
    open var invalidatedSupplementaryIndexPaths: [String: [IndexPath]]? { supplementaries.isEmpty ? nil : supplementaries }
    /// The decoration views marked, by kind, or nil for none.
    open var invalidatedDecorationIndexPaths: [String: [IndexPath]]? { decorations.isEmpty ? nil : decorations }
    /// How far the collection view's content offset moves as the context is taken.
    open var contentOffsetAdjustment: CGPoint = .zero
    /// How much the content size grows (or shrinks) as the context is taken, until the layout's
    /// next `collectionViewContentSize`.
    open var contentSizeAdjustment: CGSize = .zero

    var everything = false
    var dataSourceCounts = false
    private var items: [IndexPath] = []
    private var supplementaries: [String: [IndexPath]] = [:]
    private var decorations: [String: [IndexPath]] = [:]

    /// A context that invalidates nothing yet. Required (UIKit's is not) so that the layout can
    /// make one of its `invalidationContextClass`, as UIKit makes it: a subclass with an
    /// initializer of its own writes `required init() { super.init() }` too.
    public override required init() { super.init() }

    /// Marks items whose attributes are out of date.
    open func invalidateItems(at indexPaths: [IndexPath]) {
        for indexPath in indexPaths where !items.contains(indexPath) { items.append(indexPath) }
    }

    /// Marks supplementary views of `elementKind` whose attributes are out of date.
    open func invalidateSupplementaryElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        for indexPath in indexPaths where !(supplementaries[elementKind]?.contains(indexPath) ?? false) {
            supplementaries[elementKind, default: []].append(indexPath)
        }
    }

    /// Marks decoration views of `elementKind` whose attributes are out of date.
    open func invalidateDecorationElements(ofKind elementKind: String, at indexPaths: [IndexPath]) {
        for indexPath in indexPaths where !(decorations[elementKind]?.contains(indexPath) ?? false) {
            decorations[elementKind, default: []].append(indexPath)
        }
    }
}

/// A flow layout's invalidation context (UIKit's `UICollectionViewFlowLayoutInvalidationContext`):
/// whether the sizes, insets and spacings the delegate gives are asked again
/// (`invalidateFlowLayoutDelegateMetrics`) and whether the items are placed again
/// (`invalidateFlowLayoutAttributes`). Both are false in a new context, as UIKit documents; the
/// flow layout's `invalidateLayout()` invalidates everything (both), and its bounds-change context
/// places the items again when the width across the lines changed, with the sizes it has.
@preconcurrency @MainActor
open class UICollectionViewFlowLayoutInvalidationContext: UICollectionViewLayoutInvalidationContext {
    /// Whether the flow layout asks its delegate again for every size, inset and spacing.
    open var invalidateFlowLayoutDelegateMetrics = false
    /// Whether the flow layout places its items again.
    open var invalidateFlowLayoutAttributes = false

    public required init() { super.init() }
}
