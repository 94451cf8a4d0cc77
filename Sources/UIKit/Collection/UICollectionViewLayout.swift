import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// Where one element of a collection view goes, and how it looks: what a layout hands its
/// collection view (UIKit's `UICollectionViewLayoutAttributes`). `frame` is the center and size
/// together; the transform, alpha, hidden flag and z-index are applied to the element's view.
///
/// As in UIKit, the collection view copies the attributes it shows (`copy(with:)`) and applies
/// new ones to a view (`apply(_:)`) only when they are not equal (`isEqual(_:)`) to the ones it
/// has: a subclass with properties of its own overrides both, and its layout names it in
/// `layoutAttributesClass`.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @preconcurrency NSCopying {
    /// The element's center, in the collection view's content coordinates.
    open var center: CGPoint = .zero
    /// The element's size.
    open var size: CGSize = .zero
    /// The element's frame: its center and size (setting it sets both).
    open var frame: CGRect {
        get { CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height) }
        set {
            let r = newValue.standardized
            size = r.size
            center = CGPoint(x: r.midX, y: r.midY)
        }
    }
    /// The element's bounds: its size at the origin.
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }
    open var transform: CGAffineTransform = .identity
    open var alpha: CGFloat = 1
    /// The element's place in front of or behind the others (higher is in front); cells are 0.
    open var zIndex = 0
    open var isHidden = false
    open var indexPath: IndexPath
    /// A list section's look of the row (nil outside lists).
    var listRow: ListRowStyle?
    /// Whether the element is a cell, a supplementary view or a decoration view.
    open var representedElementCategory: UICollectionView.ElementCategory { category }
    /// A supplementary or decoration view's kind (`UICollectionView.elementKindSectionHeader`…);
    /// nil for a cell.
    open var representedElementKind: String? { kind }
    var category: UICollectionView.ElementCategory
    var kind: String?

    /// The attributes of a cell at the first index path. NSObject's initializer, required (unlike
    /// UIKit's) because `copy(with:)` makes the copy by it: a subclass with an initializer of its
    /// own writes `required init() { super.init() }` too.
    public override required init() {
        indexPath = IndexPath(item: 0, section: 0)
        category = .cell
        super.init()
    }

    /// The attributes of the cell at `indexPath`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// The attributes of a supplementary view of `elementKind` (a section's header…).
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .supplementaryView
        kind = elementKind
    }

    /// The attributes of a decoration view of `decorationViewKind`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .decorationView
        kind = decorationViewKind
    }

    /// Attributes of this class (`layoutAttributesClass`, which must name a subclass) for an
    /// element: what UIKit's layouts make.
    static func make(_ type: AnyClass, category: UICollectionView.ElementCategory, kind: String?, indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let attributes = (type as? UICollectionViewLayoutAttributes.Type ?? UICollectionViewLayoutAttributes.self).init()
        attributes.indexPath = indexPath
        attributes.category = category
        attributes.kind = kind
        return attributes
    }

    /// A copy of the same class with the same values (UIKit's attributes are `NSCopying`; the
    /// collection view keeps copies of the attributes it shows). A subclass overrides it to copy
    /// its own properties into `super.copy(with:)`'s result.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.category = category
        copy.kind = kind
        copy.listRow = listRow
        return copy
    }

    /// Equal attributes of the same element: same class, index path, category and kind, frame,
    /// transform, alpha, z-index and hidden flag (what UIKit compares). A subclass overrides it to
    /// compare its own properties too, or the collection view does not apply a change of them.
    nonisolated open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        if other === self { return true }
        guard type(of: other) == type(of: self), MainQueueMark.isCurrent else { return false }
        return MainActor.assumeIsolated {
            indexPath == other.indexPath && category == other.category && kind == other.kind
                && center == other.center && size == other.size && transform == other.transform && alpha == other.alpha
                && zIndex == other.zIndex && isHidden == other.isHidden && listRow == other.listRow
        }
    }

    nonisolated open override var hash: Int {
        guard MainQueueMark.isCurrent else { return ObjectIdentifier(self).hashValue }
        return MainActor.assumeIsolated {
            var hasher = Hasher()
            hasher.combine(indexPath)
            hasher.combine(category)
            hasher.combine(kind)
            return hasher.finalize()
        }
    }

    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        "<\(type(of: self)): \(representedElementKind ?? "cell") \(indexPath) frame \(frame)>"
    }
}

/// What places a collection view's elements (UIKit's `UICollectionViewLayout`): subclass it and
/// override `prepare()`, `collectionViewContentSize`, `layoutAttributesForElements(in:)` and
/// `layoutAttributesForItem(at:)`, as in UIKit. The collection view asks for the elements in
/// the rectangle it shows (and a margin ahead), after `prepare()` when the layout was
/// invalidated: by `invalidateLayout()`, new data, or a bounds change the layout asks for
/// (`shouldInvalidateLayout(forBoundsChange:)`, by default one of size only).
@preconcurrency @MainActor
open class UICollectionViewLayout: NSObject {
    public override init() { super.init() }

    /// UIKit's initializer from an archive, required as UICollectionViewLayout is `NSCoding`: a
    /// subclass with an initializer of its own implements it. A storyboard's collection view makes
    /// its layout through it (the document's attributes set after); any other coder makes nothing
    /// (nil), said in the layout issues.
    public required init?(coder: NSCoder) {
        guard coder is DocumentCoder else {
            noArchives(Self.self)
            return nil
        }
        super.init()
    }

    /// The collection view the layout serves (set when it is given to one).
    open var collectionView: UICollectionView? { servedView }
    weak var servedView: UICollectionView?

    /// Whether `prepare()` is due before the next question.
    var needsPrepare = true
    /// Whether the next `prepare()` works out everything again (an invalidation, new data, a new
    /// size), or only follows sizes cells preferred since the last.
    var needsFullPrepare = true

    /// The size of all the content: how far the collection view scrolls.
    open var collectionViewContentSize: CGSize { .zero }

    /// Works out the layout (called before the collection view asks anything, once per
    /// invalidation).
    open func prepare() {}

    /// The elements whose frames meet `rect` (content coordinates).
    open func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// The attributes of the decoration view of `elementKind` at `indexPath` (uisim's layouts make
    /// none).
    open func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }

    /// Whether a change of the collection view's bounds to `newBounds` calls for a new layout:
    /// by default, when the size changes (scrolling moves only the origin).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// Marks the layout out of date: it is prepared again before the collection view's next
    /// layout pass. The same as `invalidateLayout(with:)` with a context of
    /// `invalidationContextClass` that invalidates everything.
    open func invalidateLayout() {
        let context = makeInvalidationContext()
        context.everything = true
        invalidateLayout(with: context)
    }

    /// Marks what `context` says out of date (a subclass overrides it to read the context, and
    /// calls super): the layout is prepared again before the collection view's next layout pass,
    /// and the context's content offset and size adjustments are applied to the collection view
    /// now.
    open func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        needsFullPrepare = true
        guard let collectionView else { return }
        if context.contentOffsetAdjustment != .zero {
            let offset = collectionView.contentOffset
            collectionView.contentOffset = CGPoint(x: offset.x + context.contentOffsetAdjustment.x, y: offset.y + context.contentOffsetAdjustment.y)
        }
        if context.contentSizeAdjustment != .zero {
            let size = collectionView.contentSize
            collectionView.contentSize = CGSize(width: size.width + context.contentSizeAdjustment.width,
                                                height: size.height + context.contentSizeAdjustment.height)
        }
        collectionView.setNeedsLayout()
    }

    /// The class of the contexts the layout makes (`invalidateLayout()`, bounds changes): a
    /// subclass of `UICollectionViewLayoutInvalidationContext`. A layout with a context of its
    /// own overrides it.
    open class var invalidationContextClass: AnyClass { UICollectionViewLayoutInvalidationContext.self }

    /// The context for a bounds change the layout asked to follow
    /// (`shouldInvalidateLayout(forBoundsChange:)`): a new one of `invalidationContextClass`; a
    /// subclass overrides it to say more (call super first, then configure what it returns).
    open func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        makeInvalidationContext()
    }

    /// The collection view asked its data source for the counts again (a new data source, a
    /// reload): what the layout keeps per item is out of date, as for a context's
    /// `invalidateDataSourceCounts`.
    func dataSourceCountsDidChange() {}

    /// A new context of `invalidationContextClass` (the base class when it names no subclass).
    func makeInvalidationContext() -> UICollectionViewLayoutInvalidationContext {
        (Self.invalidationContextClass as? UICollectionViewLayoutInvalidationContext.Type ?? UICollectionViewLayoutInvalidationContext.self).init()
    }

    /// Where scrolling that would stop at `proposedContentOffset` stops (paging layouts
    /// override it): there, by default.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// The sections that scroll across the layout's direction, for the collection view to give
    /// each a scroll view (none by default).
    func orthogonalSections() -> [OrthogonalSection] { [] }

    /// An orthogonal section's scroll view moved: the layout answers with its items where they show.
    func setOrthogonalOffset(_ offset: CGFloat, section: Int) {}

    /// The background the layout asks the collection view to show (a list's), unless the app
    /// set its own colour.
    var preferredBackgroundColor: UIColor? { nil }

    // MARK: Self-sizing

    /// Whether a cell's preferred attributes (its `preferredLayoutAttributesFitting(_:)`, asked as
    /// it comes on screen) call for a new layout: by default no, the layout keeps its sizes. Flow
    /// layouts with `estimatedItemSize` and compositional layouts with estimated dimensions say
    /// yes when the size differs from the one they gave, and take it.
    open func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                     withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        false
    }

    /// How the cell of `attributes` measures itself: how strongly its width and height are held to
    /// the attributes' (`.required`: fixed, `.fittingSizeLevel`: from the content); nil when the
    /// layout does not size it from its content.
    func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (horizontal: UILayoutPriority, vertical: UILayoutPriority)? {
        nil
    }

    /// Whether the layout holds a measured size for the item at `indexPath` (a cell on screen
    /// without one is measured again at the next layout pass).
    func hasPreferredSize(at indexPath: IndexPath) -> Bool { true }

    /// Takes the size a cell preferred (asked of every cell the layout sizes from its content);
    /// true when it differs from the size the layout gave it, and the layout must be prepared again.
    func takePreferredSize(_ size: CGSize, at indexPath: IndexPath) -> Bool { false }

    /// The collection view's data changed: on a reload (`moving` nil) measured sizes are forgotten;
    /// on an update, each item's goes to its new index path (`moving`: nil for an item deleted or
    /// reloaded, whose cell is measured again).
    func dataDidChange(moving: ((IndexPath) -> IndexPath?)?) {}

    /// The class of the attributes the layout makes (a subclass of
    /// `UICollectionViewLayoutAttributes`): the flow and compositional layouts make theirs of it,
    /// so a subclass of them that names its own gets its own from `super`.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }

    /// New attributes of `layoutAttributesClass` for an element.
    func makeAttributes(forCellWith indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        UICollectionViewLayoutAttributes.make(Self.layoutAttributesClass, category: .cell, kind: nil, indexPath: indexPath)
    }

    func makeAttributes(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        UICollectionViewLayoutAttributes.make(Self.layoutAttributesClass, category: .supplementaryView, kind: kind, indexPath: indexPath)
    }
}

/// The sizes cells preferred, by section and item: what a self-sizing layout keeps between
/// passes, and through updates (items keep theirs as they move).
struct PreferredSizes {
    private var sections: [Int: [Int: CGSize]] = [:]

    subscript(indexPath: IndexPath) -> CGSize? { sections[indexPath.section]?[indexPath.item] }

    /// The sizes of one section's items, by item.
    func inSection(_ section: Int) -> [Int: CGSize] { sections[section] ?? [:] }

    /// Records `size` for the item; true when it is not the size it had (`given`, the first time).
    mutating func take(_ size: CGSize, at indexPath: IndexPath, given: CGSize?) -> Bool {
        let old = sections[indexPath.section, default: [:]].updateValue(size, forKey: indexPath.item)
        return (old ?? given) != size
    }

    /// Forgets every size (`moving` nil) or moves each to its item's new index path.
    mutating func remap(_ moving: ((IndexPath) -> IndexPath?)?) {
        guard let moving else {
            sections = [:]
            return
        }
        var next: [Int: [Int: CGSize]] = [:]
        for (section, items) in sections {
            for (item, size) in items {
                if let new = moving(IndexPath(item: item, section: section)) { next[new.section, default: [:]][new.item] = size }
            }
        }
        sections = next
    }

    mutating func removeAll() { sections = [:] }
}

/// A section that scrolls across the layout's direction: its band in the content, the width of
/// what scrolls in it, how it settles, and where its groups run (from its content's origin).
struct OrthogonalSection {
    var section: Int
    var band: CGRect
    var contentWidth: CGFloat
    var behavior: UICollectionLayoutSectionOrthogonalScrollingBehavior
    var groups: [(start: CGFloat, end: CGFloat)]
    var leadingInset: CGFloat
}
