import Foundation
import Geometry
import CoreGraphics
import QuartzCore

/// Where one element of a collection view goes, and how it looks: what a layout hands its
/// collection view (UIKit's `UICollectionViewLayoutAttributes`). `frame` is the center and size
/// together; the transform, alpha, hidden flag and z-index are applied to the element's view.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes {
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
    public private(set) var representedElementCategory: UICollectionView.ElementCategory
    /// A supplementary or decoration view's kind (`UICollectionView.elementKindSectionHeader`…);
    /// nil for a cell.
    public private(set) var representedElementKind: String?

    public required init() {
        indexPath = IndexPath(item: 0, section: 0)
        representedElementCategory = .cell
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
        representedElementCategory = .supplementaryView
        representedElementKind = elementKind
    }

    /// The attributes of a decoration view of `decorationViewKind`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        representedElementCategory = .decorationView
        representedElementKind = decorationViewKind
    }

    /// A copy (UIKit's attributes are `NSCopying`; a layout hands out copies of what it keeps).
    open func copy() -> Any {
        let copy = Self.init()
        copy.center = center
        copy.size = size
        copy.transform = transform
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.representedElementCategory = representedElementCategory
        copy.representedElementKind = representedElementKind
        copy.listRow = listRow
        return copy
    }

    open var description: String {
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
open class UICollectionViewLayout {
    public init() {}

    /// The collection view the layout serves (set when it is given to one).
    public internal(set) weak var collectionView: UICollectionView?

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

    /// Whether a change of the collection view's bounds to `newBounds` calls for a new layout:
    /// by default, when the size changes (scrolling moves only the origin).
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        guard let collectionView else { return false }
        return newBounds.size != collectionView.bounds.size
    }

    /// Marks the layout out of date: it is prepared again before the collection view's next
    /// layout pass.
    open func invalidateLayout() {
        needsPrepare = true
        needsFullPrepare = true
        collectionView?.setNeedsLayout()
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

    /// The class of the attributes the layout makes.
    open class var layoutAttributesClass: AnyClass { UICollectionViewLayoutAttributes.self }
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
