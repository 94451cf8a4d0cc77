import Foundation
import Geometry
import Layers

/// One dimension of a layout size (UIKit's `NSCollectionLayoutDimension`): a fraction of the
/// container's width or height, an absolute length, or an estimate (taken as the length: uisim
/// does not size cells from their content yet).
@MainActor
public final class NSCollectionLayoutDimension {
    enum Kind { case fractionalWidth, fractionalHeight, absolute, estimated }
    let kind: Kind
    /// The fraction, or the length in points.
    public let dimension: CGFloat

    init(_ kind: Kind, _ dimension: CGFloat) {
        self.kind = kind
        self.dimension = dimension
    }

    public static func fractionalWidth(_ fractionalWidth: CGFloat) -> Self { Self(.fractionalWidth, fractionalWidth) }
    public static func fractionalHeight(_ fractionalHeight: CGFloat) -> Self { Self(.fractionalHeight, fractionalHeight) }
    public static func absolute(_ absoluteDimension: CGFloat) -> Self { Self(.absolute, absoluteDimension) }
    public static func estimated(_ estimatedDimension: CGFloat) -> Self { Self(.estimated, estimatedDimension) }

    public var isFractionalWidth: Bool { kind == .fractionalWidth }
    public var isFractionalHeight: Bool { kind == .fractionalHeight }
    public var isAbsolute: Bool { kind == .absolute }
    public var isEstimated: Bool { kind == .estimated }

    /// The length in a container of `container` size.
    func resolved(in container: CGSize) -> CGFloat {
        switch kind {
        case .fractionalWidth: container.width * dimension
        case .fractionalHeight: container.height * dimension
        case .absolute, .estimated: dimension
        }
    }
}

/// A width and a height (UIKit's `NSCollectionLayoutSize`).
@MainActor
public final class NSCollectionLayoutSize {
    public let widthDimension: NSCollectionLayoutDimension
    public let heightDimension: NSCollectionLayoutDimension

    public init(widthDimension width: NSCollectionLayoutDimension, heightDimension height: NSCollectionLayoutDimension) {
        widthDimension = width
        heightDimension = height
    }

    func resolved(in container: CGSize) -> CGSize {
        CGSize(width: widthDimension.resolved(in: container), height: heightDimension.resolved(in: container))
    }
}

/// The space between the items of a group (UIKit's `NSCollectionLayoutSpacing`): fixed, or at
/// least so much, the space left spread between them.
@MainActor
public final class NSCollectionLayoutSpacing {
    public let spacing: CGFloat
    public let isFlexibleSpacing: Bool
    public var isFixedSpacing: Bool { !isFlexibleSpacing }

    init(_ spacing: CGFloat, flexible: Bool) {
        self.spacing = spacing
        isFlexibleSpacing = flexible
    }

    public static func fixed(_ fixedSpacing: CGFloat) -> Self { Self(fixedSpacing, flexible: false) }
    public static func flexible(_ flexibleSpacing: CGFloat) -> Self { Self(flexibleSpacing, flexible: true) }
}

/// Where a supplementary item sits on its section (UIKit's `NSRectAlignment`).
public enum NSRectAlignment: Int, Sendable {
    case none, top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing
}

/// One item of a compositional layout: a cell's size and the insets around its content (UIKit's
/// `NSCollectionLayoutItem`).
@MainActor
open class NSCollectionLayoutItem {
    public let layoutSize: NSCollectionLayoutSize
    /// Space kept inside the item's frame around the cell (the cell is the frame less these).
    open var contentInsets = NSDirectionalEdgeInsets()

    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// The frames of the cells the item places, relative to its origin, for a size of `size`:
    /// one, inset (a group places its subitems').
    func leafFrames(size: CGSize) -> [CGRect] {
        [CGRect(x: contentInsets.leading, y: contentInsets.top,
                width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
                height: max(0, size.height - contentInsets.top - contentInsets.bottom))]
    }
}

/// Items in a row or a column (UIKit's `NSCollectionLayoutGroup`), itself an item of a section or
/// a bigger group. A group with `subitems` repeats them while they fit along it; one with
/// `count` holds that many of its item, each the group's length less the spacing, divided.
@MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    public let subitems: [NSCollectionLayoutItem]
    let count: Int?
    /// The space between the group's items (none by default).
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(axis: Axis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    public class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    public class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    public class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    /// iOS 16's spelling of the `count` form.
    public class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    public class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    override func leafFrames(size: CGSize) -> [CGRect] {
        let inner = CGSize(width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
                           height: max(0, size.height - contentInsets.top - contentInsets.bottom))
        let along = axis == .horizontal ? inner.width : inner.height
        let spacing = interItemSpacing?.spacing ?? 0
        // The subitems placed, with their sizes: `count` of the one, or the subitems in turn while they fit.
        var placed: [(NSCollectionLayoutItem, CGSize)] = []
        if let count, let item = subitems.first {
            var size = item.layoutSize.resolved(in: inner)
            let share = max(0, (along - spacing * CGFloat(count - 1)) / CGFloat(count))
            if axis == .horizontal { size.width = share } else { size.height = share }
            placed = Array(repeating: (item, size), count: count)
        } else if !subitems.isEmpty {
            var used: CGFloat = 0, index = 0
            while true {
                let item = subitems[index % subitems.count]
                let size = item.layoutSize.resolved(in: inner)
                let length = axis == .horizontal ? size.width : size.height
                let next = used + (placed.isEmpty ? 0 : spacing) + length
                guard length > 0, placed.isEmpty || next <= along + 1e-9 else { break }
                placed.append((item, size))
                used = next
                index += 1
                if next >= along - 1e-9 || placed.count >= 10_000 { break }
            }
        }
        // Flexible spacing spreads what is left between the items.
        let lengths = placed.map { axis == .horizontal ? $0.1.width : $0.1.height }
        var gap = spacing
        if interItemSpacing?.isFlexibleSpacing == true, placed.count > 1 {
            gap = max(spacing, (along - lengths.reduce(0, +)) / CGFloat(placed.count - 1))
        }
        var frames: [CGRect] = []
        var offset: CGFloat = 0
        for (item, size) in placed {
            let origin = axis == .horizontal ? CGPoint(x: contentInsets.leading + offset, y: contentInsets.top)
                : CGPoint(x: contentInsets.leading, y: contentInsets.top + offset)
            frames += item.leafFrames(size: size).map { $0.offsetBy(dx: origin.x, dy: origin.y) }
            offset += (axis == .horizontal ? size.width : size.height) + gap
        }
        return frames
    }
}

/// A supplementary view of a compositional layout (UIKit's `NSCollectionLayoutSupplementaryItem`).
@MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    public let elementKind: String

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// A section's header or footer (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`): above
/// the section's items (`.top`) or below them (`.bottom`), across the section, pushing the items
/// along (`extendsBoundary`).
@MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    public let alignment: NSRectAlignment
    public let offset: CGPoint
    /// Whether the view takes room of its own, moving the items (default true).
    open var extendsBoundary = true
    /// Whether the view stays in sight while its section scrolls (not yet in uisim).
    open var pinToVisibleBounds = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// How a section scrolls across the layout's direction (a carousel); uisim lays such a section out
/// as `.none` for now and reports it.
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section of a compositional layout: its group repeated until its items are placed (UIKit's
/// `NSCollectionLayoutSection`).
@MainActor
open class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    open var contentInsets = NSDirectionalEdgeInsets()
    /// The space between one group and the next.
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// What a section provider is told: the size of the collection view's content area and its traits
/// (UIKit's `NSCollectionLayoutEnvironment`).
@MainActor
public protocol NSCollectionLayoutEnvironment {
    var container: NSCollectionLayoutContainer { get }
}

@MainActor
public protocol NSCollectionLayoutContainer {
    var contentSize: CGSize { get }
    var effectiveContentSize: CGSize { get }
    var contentInsets: NSDirectionalEdgeInsets { get }
    var effectiveContentInsets: NSDirectionalEdgeInsets { get }
}

struct LayoutContainer: NSCollectionLayoutContainer {
    var contentSize: CGSize
    var contentInsets = NSDirectionalEdgeInsets()
    var effectiveContentSize: CGSize { contentSize }
    var effectiveContentInsets: NSDirectionalEdgeInsets { contentInsets }
}

struct LayoutEnvironment: NSCollectionLayoutEnvironment {
    var container: NSCollectionLayoutContainer
}

/// A compositional layout's settings (UIKit's `UICollectionViewCompositionalLayoutConfiguration`).
@MainActor
open class UICollectionViewCompositionalLayoutConfiguration {
    /// The direction the sections follow each other (uisim lays out vertically).
    open var scrollDirection = UICollectionView.ScrollDirection.vertical
    /// The space between sections.
    open var interSectionSpacing: CGFloat = 0
    public init() {}
}

public typealias UICollectionViewCompositionalLayoutSectionProvider = @MainActor (Int, NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?

/// Sections built of groups of items, as UIKit's `UICollectionViewCompositionalLayout`: each
/// section's group is laid out once against the section's width (fractional sizes of the
/// container: the collection view's width less the section's insets, and its height), then
/// repeated down the section, `interGroupSpacing` apart, each repeat taking as many items as the
/// group holds (a group the last items do not fill keeps its size). Headers and footers
/// (`boundarySupplementaryItems`, `.top`/`.bottom`) take room above and below the items. Frames are
/// worked out in `prepare()`; the elements in a rectangle are found by bisection on the groups.
///
/// Not yet in uisim: horizontal scrolling, orthogonal sections (laid out as ordinary ones, and
/// reported), estimated sizes (taken as given), pinned headers, decoration items, list
/// configurations.
@MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    public convenience init(section: NSCollectionLayoutSection) {
        self.init(section: section, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    public convenience init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.init(sectionProvider: sectionProvider, configuration: UICollectionViewCompositionalLayoutConfiguration())
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// One repeat of a section's group: where it runs down the content and its items.
    private struct Run {
        var start: CGFloat, end: CGFloat
        var items: Range<Int>
    }

    private struct Section {
        var items: [CGRect] = []
        var runs: [Run] = []
        var supplementary: [(kind: String, frame: CGRect)] = []
        var start: CGFloat = 0, end: CGFloat = 0
    }

    private var sections: [Section] = []
    private var contentSize: CGSize = .zero

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        sections = []
        contentSize = .zero
        guard let collectionView else { return }
        let insets = collectionView.adjustedContentInset
        let width = collectionView.bounds.width - insets.left - insets.right
        let height = collectionView.bounds.height - insets.top - insets.bottom
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: CGSize(width: width, height: height)))
        var y: CGFloat = 0
        for index in 0..<collectionView.numberOfSections {
            if index > 0 { y += configuration.interSectionSpacing }
            var laid = Section()
            laid.start = y
            guard let section = sectionProvider(index, environment) else {
                collectionView.reportLayoutIssue("UICollectionViewCompositionalLayout: the section provider gave no section for section \(index)")
                laid.end = y
                sections.append(laid)
                continue
            }
            if section.orthogonalScrollingBehavior != .none {
                collectionView.reportLayoutIssue("UICollectionViewCompositionalLayout: section \(index) scrolls orthogonally (\(section.orthogonalScrollingBehavior)); uisim lays it out as an ordinary section")
            }
            let inner = CGSize(width: max(0, width - section.contentInsets.leading - section.contentInsets.trailing), height: height)
            let x0 = section.contentInsets.leading
            let headers = section.boundarySupplementaryItems.filter { [.top, .topLeading, .topTrailing].contains($0.alignment) }
            let footers = section.boundarySupplementaryItems.filter { [.bottom, .bottomLeading, .bottomTrailing].contains($0.alignment) }
            for header in headers {
                let size = header.layoutSize.resolved(in: inner)
                laid.supplementary.append((header.elementKind, CGRect(x: x0 + header.offset.x, y: y + header.offset.y, width: size.width, height: size.height)))
                if header.extendsBoundary { y += size.height }
            }
            y += section.contentInsets.top
            let groupSize = section.group.layoutSize.resolved(in: inner)
            let template = section.group.leafFrames(size: groupSize)
            let count = collectionView.numberOfItems(inSection: index)
            laid.items.reserveCapacity(count)
            if template.isEmpty && count > 0 {
                collectionView.reportLayoutIssue("UICollectionViewCompositionalLayout: the group of section \(index) holds no item (\(groupSize.width) × \(groupSize.height) pt)")
            }
            var first = 0
            while first < count && !template.isEmpty {
                if first > 0 { y += section.interGroupSpacing }
                let end = min(count, first + template.count)
                for frame in template[0..<(end - first)] { laid.items.append(frame.offsetBy(dx: x0, dy: y)) }
                laid.runs.append(Run(start: y, end: y + groupSize.height, items: first..<end))
                y += groupSize.height
                first = end
            }
            y += section.contentInsets.bottom
            for footer in footers {
                let size = footer.layoutSize.resolved(in: inner)
                laid.supplementary.append((footer.elementKind, CGRect(x: x0 + footer.offset.x, y: y + footer.offset.y, width: size.width, height: size.height)))
                if footer.extendsBoundary { y += size.height }
            }
            laid.end = y
            sections.append(laid)
        }
        contentSize = CGSize(width: width, height: y)
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for (index, section) in sections.enumerated() where section.end >= rect.minY && section.start <= rect.maxY {
            for (kind, frame) in section.supplementary where frame.overlaps(rect) {
                let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: index))
                attributes.frame = frame
                found.append(attributes)
            }
            var lo = 0, hi = section.runs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if section.runs[mid].end < rect.minY { lo = mid + 1 } else { hi = mid }
            }
            for run in section.runs[lo...] {
                if run.start > rect.maxY { break }
                for item in run.items where section.items[item].overlaps(rect) {
                    let attributes = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: index))
                    attributes.frame = section.items[item]
                    found.append(attributes)
                }
            }
        }
        return found
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = sections[indexPath.section].items[indexPath.item]
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              let frame = sections[indexPath.section].supplementary.first(where: { $0.kind == elementKind })?.frame else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        attributes.frame = frame
        return attributes
    }
}
