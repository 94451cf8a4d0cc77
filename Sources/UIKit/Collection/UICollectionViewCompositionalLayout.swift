import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// One dimension of a layout size (UIKit's `NSCollectionLayoutDimension`): a fraction of the
/// container's width or height, an absolute length, or an estimate (the length until the cell,
/// measured as it comes on screen, says its own).
@preconcurrency @MainActor
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
@preconcurrency @MainActor
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
@preconcurrency @MainActor
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
@preconcurrency @MainActor
open class NSCollectionLayoutItem {
    open private(set) var layoutSize: NSCollectionLayoutSize
    /// Space kept inside the item's frame around the cell (the cell is the frame less these).
    open var contentInsets = NSDirectionalEdgeInsets()

    public init(layoutSize: NSCollectionLayoutSize) {
        self.layoutSize = layoutSize
    }

    /// Places the item's cells for a size of `size` (its dimensions resolved, estimates as
    /// given): appends their frames, relative to `origin`, to `frames`, and returns the item's
    /// size. A leaf item is one cell, inset by `contentInsets`; along a dimension that is
    /// `.estimated`, it takes the size its cell preferred (`measured(leaf)`, leaves numbered in
    /// order from `leaf`), plus the insets.
    func place(size: CGSize, at origin: CGPoint, leaf: inout Int, measured: (Int) -> CGSize?, into frames: inout [CGRect]) -> CGSize {
        var size = size
        if let preferred = measured(leaf) {
            if layoutSize.widthDimension.isEstimated { size.width = preferred.width + contentInsets.leading + contentInsets.trailing }
            if layoutSize.heightDimension.isEstimated { size.height = preferred.height + contentInsets.top + contentInsets.bottom }
        }
        leaf += 1
        frames.append(CGRect(x: origin.x + contentInsets.leading, y: origin.y + contentInsets.top,
                             width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
                             height: max(0, size.height - contentInsets.top - contentInsets.bottom)))
        return size
    }

    /// The leaf items of the item, in the order their cells are placed, for a size of `size`.
    func leaves(size: CGSize) -> [NSCollectionLayoutItem] { [self] }

    /// The cells' frames relative to the item's origin, without measured sizes.
    func leafFrames(size: CGSize) -> [CGRect] {
        var frames: [CGRect] = []
        var leaf = 0
        _ = place(size: size, at: .zero, leaf: &leaf, measured: { _ in nil }, into: &frames)
        return frames
    }
}

/// Items in a row or a column (UIKit's `NSCollectionLayoutGroup`), itself an item of a section or
/// a bigger group. A group with `subitems` repeats them while they fit along it; one with
/// `count` holds that many of its item, each the group's length less the spacing, divided.
@preconcurrency @MainActor
open class NSCollectionLayoutGroup: NSCollectionLayoutItem {
    enum Axis { case horizontal, vertical }
    let axis: Axis
    open private(set) var subitems: [NSCollectionLayoutItem]
    let count: Int?
    /// The space between the group's items (none by default).
    open var interItemSpacing: NSCollectionLayoutSpacing?

    init(axis: Axis, layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem], count: Int?) {
        self.axis = axis
        self.subitems = subitems
        self.count = count
        super.init(layoutSize: layoutSize)
    }

    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitems: [NSCollectionLayoutItem]) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: subitems, count: nil)
    }

    open class func horizontal(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        NSCollectionLayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: [subitem], count: max(1, count))
    }

    /// iOS 16's spelling of the `count` form.
    open class func horizontal(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        horizontal(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    open class func vertical(layoutSize: NSCollectionLayoutSize, repeatingSubitem subitem: NSCollectionLayoutItem, count: Int) -> NSCollectionLayoutGroup {
        vertical(layoutSize: layoutSize, subitem: subitem, count: count)
    }

    /// The subitems the group holds in a size of `size`, with their sizes (estimates as given):
    /// `count` of its item, sharing its length less the spacing, or its subitems in turn while
    /// they fit. What it holds does not depend on measured sizes, so every repeat of a group takes
    /// the same number of items.
    private func arranged(in inner: CGSize) -> [(NSCollectionLayoutItem, CGSize)] {
        let along = axis == .horizontal ? inner.width : inner.height
        let spacing = interItemSpacing?.spacing ?? 0
        if let count, let item = subitems.first {
            var size = item.layoutSize.resolved(in: inner)
            let share = max(0, (along - spacing * CGFloat(count - 1)) / CGFloat(count))
            if axis == .horizontal { size.width = share } else { size.height = share }
            return Array(repeating: (item, size), count: count)
        }
        var placed: [(NSCollectionLayoutItem, CGSize)] = []
        guard !subitems.isEmpty else { return placed }
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
        return placed
    }

    private func inner(_ size: CGSize) -> CGSize {
        CGSize(width: max(0, size.width - contentInsets.leading - contentInsets.trailing),
               height: max(0, size.height - contentInsets.top - contentInsets.bottom))
    }

    override func leaves(size: CGSize) -> [NSCollectionLayoutItem] {
        arranged(in: inner(size)).flatMap { $0.0.leaves(size: $0.1) }
    }

    /// Places the subitems one after another along the group, `interItemSpacing` apart (flexible
    /// spacing spreads what is left between them). Where measured cells changed the subitems'
    /// sizes, the group follows along a dimension it estimates: across, as deep as its deepest
    /// subitem (a row of self-sizing cards is as tall as its tallest; each card keeps its own
    /// height, at the top: UIKit has no way to make them all the tallest's, Apple's forums say);
    /// along, as long as its subitems and spacing. A subitem whose dimension is fractional keeps
    /// its fraction of the estimate (it does not follow the group's measured size, as in UIKit).
    override func place(size: CGSize, at origin: CGPoint, leaf: inout Int, measured: (Int) -> CGSize?, into frames: inout [CGRect]) -> CGSize {
        let inner = inner(size)
        let horizontal = axis == .horizontal
        let placed = arranged(in: inner)
        let spacing = interItemSpacing?.spacing ?? 0
        // Each subitem placed at the origin first, to learn its size.
        var pieces: [(item: NSCollectionLayoutItem, size: CGSize, frames: Range<Int>)] = []
        var local: [CGRect] = []
        for (item, itemSize) in placed {
            let first = local.count
            let actual = item.place(size: itemSize, at: .zero, leaf: &leaf, measured: measured, into: &local)
            pieces.append((item, actual, first..<local.count))
        }
        let lengths = pieces.map { horizontal ? $0.size.width : $0.size.height }
        let alongInner = horizontal ? inner.width : inner.height
        var gap = spacing
        if interItemSpacing?.isFlexibleSpacing == true, pieces.count > 1 {
            gap = max(spacing, (alongInner - lengths.reduce(0, +)) / CGFloat(pieces.count - 1))
        }
        let estimatesAcross = horizontal ? layoutSize.heightDimension.isEstimated : layoutSize.widthDimension.isEstimated
        let estimatesAlong = horizontal ? layoutSize.widthDimension.isEstimated : layoutSize.heightDimension.isEstimated
        var across = horizontal ? inner.height : inner.width
        if estimatesAcross, let deepest = pieces.map({ horizontal ? $0.size.height : $0.size.width }).max() { across = deepest }
        var offset: CGFloat = 0
        for piece in pieces {
            let shift = horizontal ? CGPoint(x: origin.x + contentInsets.leading + offset, y: origin.y + contentInsets.top)
                : CGPoint(x: origin.x + contentInsets.leading, y: origin.y + contentInsets.top + offset)
            for index in piece.frames { frames.append(local[index].offsetBy(dx: shift.x, dy: shift.y)) }
            offset += (horizontal ? piece.size.width : piece.size.height) + gap
        }
        let alongUsed = pieces.isEmpty ? 0 : offset - gap
        var result = size
        if horizontal {
            if estimatesAcross { result.height = across + contentInsets.top + contentInsets.bottom }
            if estimatesAlong { result.width = alongUsed + contentInsets.leading + contentInsets.trailing }
        } else {
            if estimatesAcross { result.width = across + contentInsets.leading + contentInsets.trailing }
            if estimatesAlong { result.height = alongUsed + contentInsets.top + contentInsets.bottom }
        }
        return result
    }
}

/// A supplementary view of a compositional layout (UIKit's `NSCollectionLayoutSupplementaryItem`).
@preconcurrency @MainActor
open class NSCollectionLayoutSupplementaryItem: NSCollectionLayoutItem {
    open private(set) var elementKind: String
    /// Its place in front of or behind the cells (0, theirs, by default: give a pinned header 1
    /// or more, as UIKit's samples do, to keep it over the cells scrolling under it).
    open var zIndex = 0

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String) {
        self.elementKind = elementKind
        super.init(layoutSize: layoutSize)
    }
}

/// A section's header or footer (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`): above
/// the section's items (`.top`) or below them (`.bottom`), across the section, pushing the items
/// along (`extendsBoundary`).
@preconcurrency @MainActor
open class NSCollectionLayoutBoundarySupplementaryItem: NSCollectionLayoutSupplementaryItem {
    open private(set) var alignment: NSRectAlignment
    open private(set) var offset: CGPoint
    /// Whether the view takes room of its own, moving the items (default true).
    open var extendsBoundary = true
    /// Whether the view stays in sight while its section scrolls: a header at the top of the
    /// visible bounds until the end of its section pushes it up, a footer at their bottom.
    open var pinToVisibleBounds = false

    public init(layoutSize: NSCollectionLayoutSize, elementKind: String, alignment: NSRectAlignment, absoluteOffset: CGPoint = .zero) {
        self.alignment = alignment
        offset = absoluteOffset
        super.init(layoutSize: layoutSize, elementKind: elementKind)
    }
}

/// How a section scrolls across the layout's direction (a carousel): its groups in a row, in a
/// scroll view of its own the width of the collection view; freely (`.continuous`), settling on
/// a group's leading edge (`.continuousGroupLeadingBoundary`), by the width of the section
/// (`.paging`), by a group (`.groupPaging`), or by a group brought to the centre
/// (`.groupPagingCentered`).
public enum UICollectionLayoutSectionOrthogonalScrollingBehavior: Int, Sendable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// A section of a compositional layout: its group repeated until its items are placed (UIKit's
/// `NSCollectionLayoutSection`).
@preconcurrency @MainActor
open class NSCollectionLayoutSection {
    public let group: NSCollectionLayoutGroup
    open var contentInsets = NSDirectionalEdgeInsets()
    /// The space between one group and the next.
    open var interGroupSpacing: CGFloat = 0
    open var orthogonalScrollingBehavior = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
    open var boundarySupplementaryItems: [NSCollectionLayoutBoundarySupplementaryItem] = []
    /// The list configuration of a section made by `list(using:layoutEnvironment:)`.
    var list: UICollectionLayoutListConfiguration?

    public init(group: NSCollectionLayoutGroup) {
        self.group = group
    }
}

/// What a section provider is told: the size of the collection view's content area and its traits
/// (UIKit's `NSCollectionLayoutEnvironment`).
@preconcurrency @MainActor
public protocol NSCollectionLayoutEnvironment {
    var container: NSCollectionLayoutContainer { get }
}

@preconcurrency @MainActor
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
@preconcurrency @MainActor
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
/// Estimated dimensions: items start at their estimates; each cell is measured as it comes on
/// screen (the estimated side from its content, the other held), and the repeat of the group
/// holding it is laid out again with the sizes measured so far, the ones below moved along (a
/// measurement costs the repeats below it a move, never a new layout of the section). Estimated
/// headers and footers keep their estimates.
///
/// Orthogonal sections (`orthogonalScrollingBehavior`) lay their groups in a row, in a band as tall
/// as the group; the collection view shows them in a scroll view of their own, which a sideways
/// drag scrolls (a vertical one scrolls the collection view). Their items keep their estimates.
///
/// Headers and footers with `pinToVisibleBounds` stay in sight while their section scrolls.
///
/// Not yet in uisim: horizontal scrolling, decoration items, `visibleItemsInvalidationHandler`.
@preconcurrency @MainActor
open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let sectionProvider: UICollectionViewCompositionalLayoutSectionProvider
    open var configuration: UICollectionViewCompositionalLayoutConfiguration {
        didSet { invalidateLayout() }
    }

    // Four designated initializers, as Swift imports UIKit's (the header marks none designated):
    // a subclass's own initializer may call any of them.

    public init(section: NSCollectionLayoutSection) {
        sectionProvider = { _, _ in section }
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(section: NSCollectionLayoutSection, configuration: UICollectionViewCompositionalLayoutConfiguration) {
        sectionProvider = { _, _ in section }
        self.configuration = configuration
        super.init()
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider) {
        self.sectionProvider = sectionProvider
        configuration = UICollectionViewCompositionalLayoutConfiguration()
        super.init()
    }

    public init(sectionProvider: @escaping UICollectionViewCompositionalLayoutSectionProvider,
                configuration: UICollectionViewCompositionalLayoutConfiguration) {
        self.sectionProvider = sectionProvider
        self.configuration = configuration
        super.init()
    }

    /// UIKit's initializer from an archive; uisim has none (nil, said in the layout issues).
    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// One repeat of a section's group: where it runs down the content, its items, and its cells'
    /// frames relative to its origin where measured sizes changed them (nil: the section's template).
    private struct Run {
        var start: CGFloat, length: CGFloat
        var items: Range<Int>
        var frames: [CGRect]?
        var end: CGFloat { start + length }
    }

    private struct Section {
        var group: NSCollectionLayoutGroup?
        var groupSize: CGSize = .zero
        /// The cells' frames in one repeat of the group, from estimates, and its length.
        var template: [CGRect] = []
        var templateLength: CGFloat = 0
        /// The leaf item of each cell of a repeat.
        var leaves: [NSCollectionLayoutItem] = []
        var x0: CGFloat = 0
        var spacing: CGFloat = 0
        var runs: [Run] = []
        /// Where the items start, and the space after them (the bottom inset).
        var itemsStart: CGFloat = 0, bottomInset: CGFloat = 0
        var headers: [Boundary] = []
        /// Footers, relative to the end of the items and the bottom inset.
        var footers: [Boundary] = []
        var start: CGFloat = 0, end: CGFloat = 0
        /// A list section's configuration, and its number of items.
        var list: UICollectionLayoutListConfiguration?
        var itemCount = 0
        /// An orthogonal section's: how it scrolls, its band's height, the width of its content
        /// (its runs lie along it, from the leading inset), and how far it is scrolled.
        var orthogonal = UICollectionLayoutSectionOrthogonalScrollingBehavior.none
        var bandHeight: CGFloat = 0, contentWidth: CGFloat = 0
        var scrollOffset: CGFloat = 0

        var itemsEnd: CGFloat { orthogonal != .none ? itemsStart + bandHeight : runs.last?.end ?? itemsStart }
        var footersStart: CGFloat { itemsEnd + bottomInset }

        /// The headers and footers where they lie in the content (footers placed), unpinned.
        var supplementary: [Boundary] {
            headers + footers.map { footer in
                var placed = footer
                placed.frame = footer.frame.offsetBy(dx: 0, dy: footersStart)
                return placed
            }
        }

        /// Where a boundary item shows with the visible bounds running `top`–`bottom`: a pinned
        /// header no higher than the top, and no lower than the end of the section's items less
        /// its height; a pinned footer no lower than the bottom, nor higher than the items' start.
        func shown(_ item: Boundary, top: CGFloat, bottom: CGFloat) -> CGRect {
            guard item.pinned else { return item.frame }
            var frame = item.frame
            if item.isHeader {
                frame.origin.y = min(max(frame.minY, top), max(frame.minY, footersStart - frame.height))
            } else {
                frame.origin.y = max(min(frame.minY, bottom - frame.height), min(frame.minY, itemsStart))
            }
            return frame
        }

        func frame(ofItem item: Int) -> CGRect? {
            guard !template.isEmpty else { return nil }
            let index = item / template.count
            guard runs.indices.contains(index) else { return nil }
            let run = runs[index]
            guard run.items.contains(item) else { return nil }
            let relative = run.frames?[item - run.items.lowerBound] ?? template[item - run.items.lowerBound]
            return place(relative, in: run)
        }

        /// A cell's frame in the content, from its frame in its run.
        func place(_ relative: CGRect, in run: Run) -> CGRect {
            orthogonal != .none ? relative.offsetBy(dx: run.start - scrollOffset, dy: itemsStart) : relative.offsetBy(dx: x0, dy: run.start)
        }

        /// Lays the runs out from `first` on, one after another from where the one before ends.
        mutating func restack(from first: Int) {
            var y = first == 0 ? (orthogonal != .none ? x0 : itemsStart) : runs[first - 1].end + spacing
            for index in first..<runs.count {
                runs[index].start = y
                y = runs[index].end + spacing
            }
            var end = footersStart
            for footer in footers where footer.extendsBoundary { end = max(end, footersStart + footer.frame.maxY) }
            self.end = end
        }

        /// Moves the whole section along by `delta`.
        mutating func shift(by delta: CGFloat) {
            start += delta
            end += delta
            itemsStart += delta
            if orthogonal == .none { for index in runs.indices { runs[index].start += delta } }
            for index in headers.indices { headers[index].frame.origin.y += delta }
        }
    }

    /// A section's header or footer: where it lies (a footer from the end of the items), and how
    /// it shows.
    private struct Boundary {
        var kind: String
        var frame: CGRect
        var extendsBoundary: Bool
        var pinned: Bool
        var zIndex: Int
        var isHeader: Bool
    }

    private var sections: [Section] = []
    private var contentSize: CGSize = .zero
    private var listBackground: UIColor?
    /// Sizes self-sizing cells preferred, the width they were measured at, and the runs they
    /// changed since the last `prepare()`, by section.
    private var preferred = PreferredSizes()
    private var measuredWidth: CGFloat?
    private var changedRuns: [Int: Set<Int>] = [:]

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        if needsFullPrepare || sections.isEmpty {
            prepareAll()
        } else {
            followPreferredSizes()
        }
        changedRuns = [:]
    }

    override var preferredBackgroundColor: UIColor? { listBackground }

    private func prepareAll() {
        sections = []
        contentSize = .zero
        listBackground = nil
        guard let collectionView else { return }
        let insets = collectionView.adjustedContentInset
        let width = collectionView.bounds.width - insets.left - insets.right
        let height = collectionView.bounds.height - insets.top - insets.bottom
        if measuredWidth != width {
            measuredWidth = width
            preferred.removeAll()
        }
        let environment = LayoutEnvironment(container: LayoutContainer(contentSize: CGSize(width: width, height: height)))
        var y: CGFloat = 0
        for index in 0..<collectionView.numberOfSections {
            if index > 0 { y += configuration.interSectionSpacing }
            var laid = Section()
            laid.start = y
            guard let section = sectionProvider(index, environment) else {
                collectionView.reportLayoutIssue("UICollectionViewCompositionalLayout: the section provider gave no section for section \(index)")
                laid.itemsStart = y
                laid.end = y
                sections.append(laid)
                continue
            }
            let inner = CGSize(width: max(0, width - section.contentInsets.leading - section.contentInsets.trailing), height: height)
            laid.x0 = section.contentInsets.leading
            laid.spacing = section.interGroupSpacing
            laid.bottomInset = section.contentInsets.bottom
            laid.list = section.list
            var topInset = section.contentInsets.top
            if let list = section.list {
                if listBackground == nil { listBackground = list.background }
                // A grouped list's first section has 35 pt above it, twice the others' 17.5.
                if index == 0, list.isGrouped, list.headerMode != .supplementary { topInset += 17.5 }
            }
            for item in section.boundarySupplementaryItems {
                let size = item.layoutSize.resolved(in: inner)
                switch item.alignment {
                case .top, .topLeading, .topTrailing:
                    laid.headers.append(Boundary(kind: item.elementKind, frame: CGRect(x: laid.x0 + item.offset.x, y: y + item.offset.y, width: size.width, height: size.height),
                                                 extendsBoundary: item.extendsBoundary, pinned: item.pinToVisibleBounds, zIndex: item.zIndex, isHeader: true))
                    if item.extendsBoundary { y += size.height }
                case .bottom, .bottomLeading, .bottomTrailing:
                    laid.footers.append(Boundary(kind: item.elementKind, frame: CGRect(x: laid.x0 + item.offset.x, y: item.offset.y, width: size.width, height: size.height),
                                                 extendsBoundary: item.extendsBoundary, pinned: item.pinToVisibleBounds, zIndex: item.zIndex, isHeader: false))
                default:
                    break
                }
            }
            y += topInset
            laid.itemsStart = y
            laid.group = section.group
            laid.groupSize = section.group.layoutSize.resolved(in: inner)
            var leaf = 0
            let templateSize = section.group.place(size: laid.groupSize, at: .zero, leaf: &leaf, measured: { _ in nil }, into: &laid.template)
            laid.orthogonal = section.orthogonalScrollingBehavior
            laid.scrollOffset = orthogonalOffsets[index] ?? 0
            // An orthogonal section's groups run across, in a band as tall as its group.
            laid.templateLength = laid.orthogonal != .none ? templateSize.width : templateSize.height
            laid.bandHeight = templateSize.height
            laid.leaves = section.group.leaves(size: laid.groupSize)
            let count = collectionView.numberOfItems(inSection: index)
            laid.itemCount = count
            if laid.template.isEmpty && count > 0 {
                collectionView.reportLayoutIssue("UICollectionViewCompositionalLayout: the group of section \(index) holds no item (\(laid.groupSize.width) × \(laid.groupSize.height) pt)")
            }
            if !laid.template.isEmpty {
                let perRun = laid.template.count
                laid.runs.reserveCapacity((count + perRun - 1) / perRun)
                var first = 0
                while first < count {
                    let end = min(count, first + perRun)
                    laid.runs.append(Run(start: 0, length: laid.templateLength, items: first..<end))
                    first = end
                }
                let sizes = preferred.inSection(index)
                for run in Set(sizes.keys.map { $0 / perRun }) where laid.runs.indices.contains(run) && laid.orthogonal == .none {
                    measure(run, of: &laid, section: index, sizes: sizes)
                }
            }
            laid.restack(from: 0)
            if laid.orthogonal != .none {
                laid.contentWidth = (laid.runs.last?.end ?? laid.x0) + section.contentInsets.trailing
            }
            y = laid.end
            sections.append(laid)
        }
        contentSize = CGSize(width: width, height: y)
    }

    /// Lays out one run again with the sizes its cells preferred.
    private func measure(_ run: Int, of section: inout Section, section index: Int, sizes: [Int: CGSize]) {
        guard let group = section.group else { return }
        let first = section.runs[run].items.lowerBound
        var frames: [CGRect] = []
        var leaf = 0
        let size = group.place(size: section.groupSize, at: .zero, leaf: &leaf, measured: { sizes[first + $0] }, into: &frames)
        section.runs[run].frames = frames
        section.runs[run].length = size.height
    }

    /// Follows the sizes cells preferred since the last `prepare()`: the runs they changed are laid
    /// out again, the runs after them and the sections below move along.
    private func followPreferredSizes() {
        var delta: CGFloat = 0
        for index in sections.indices {
            if delta != 0 { sections[index].shift(by: delta) }
            guard let runs = changedRuns[index], let first = runs.min() else { continue }
            let sizes = preferred.inSection(index)
            let oldEnd = sections[index].end
            for run in runs where sections[index].runs.indices.contains(run) {
                measure(run, of: &sections[index], section: index, sizes: sizes)
            }
            sections[index].restack(from: first)
            delta += sections[index].end - oldEnd
        }
        contentSize.height += delta
    }

    // MARK: Self-sizing

    private func leaf(at indexPath: IndexPath) -> NSCollectionLayoutItem? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        // Orthogonal sections keep their estimates (their band would have to follow).
        guard section.orthogonal == .none else { return nil }
        guard !section.leaves.isEmpty, indexPath.item >= 0 else { return nil }
        return section.leaves[indexPath.item % section.leaves.count]
    }

    private func estimates(_ item: NSCollectionLayoutItem) -> Bool {
        item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated
    }

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        guard originalAttributes.representedElementCategory == .cell, let item = leaf(at: originalAttributes.indexPath), estimates(item) else { return false }
        return preferredAttributes.size != originalAttributes.size
    }

    /// A cell's side its item estimates comes from the content (`fittingSizeLevel`); a side of a
    /// fractional or absolute dimension is held (`required`), as a list row's width is.
    override func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (horizontal: UILayoutPriority, vertical: UILayoutPriority)? {
        guard attributes.representedElementCategory == .cell, let item = leaf(at: attributes.indexPath), estimates(item) else { return nil }
        return (item.layoutSize.widthDimension.isEstimated ? .fittingSizeLevel : .required,
                item.layoutSize.heightDimension.isEstimated ? .fittingSizeLevel : .required)
    }

    override func hasPreferredSize(at indexPath: IndexPath) -> Bool {
        guard let item = leaf(at: indexPath), estimates(item) else { return true }
        return preferred[indexPath] != nil
    }

    override func takePreferredSize(_ size: CGSize, at indexPath: IndexPath) -> Bool {
        guard let item = leaf(at: indexPath), estimates(item),
              let given = sections[indexPath.section].frame(ofItem: indexPath.item)?.size else { return false }
        guard preferred.take(size, at: indexPath, given: given) else { return false }
        changedRuns[indexPath.section, default: []].insert(indexPath.item / sections[indexPath.section].template.count)
        return true
    }

    override func dataDidChange(moving: ((IndexPath) -> IndexPath?)?) { preferred.remap(moving) }

    // MARK: Orthogonal sections

    /// How far each orthogonal section is scrolled (its scroll view's offset), kept across prepares.
    private var orthogonalOffsets: [Int: CGFloat] = [:]

    override func orthogonalSections() -> [OrthogonalSection] {
        guard let collectionView else { return [] }
        let insets = collectionView.adjustedContentInset
        let width = collectionView.bounds.width - insets.left - insets.right
        return sections.enumerated().compactMap { index, section in
            guard section.orthogonal != .none else { return nil }
            return OrthogonalSection(section: index, band: CGRect(x: 0, y: section.itemsStart, width: width, height: section.bandHeight),
                                     contentWidth: section.contentWidth, behavior: section.orthogonal,
                                     groups: section.runs.map { ($0.start, $0.end) }, leadingInset: section.x0)
        }
    }

    override func setOrthogonalOffset(_ offset: CGFloat, section: Int) {
        orthogonalOffsets[section] = offset
        if sections.indices.contains(section) { sections[section].scrollOffset = offset }
    }

    // MARK: Questions

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for (index, section) in sections.enumerated() where section.end >= rect.minY && section.start <= rect.maxY {
            let (top, bottom) = visibleSpan()
            for item in section.supplementary {
                let frame = section.shown(item, top: top, bottom: bottom)
                guard frame.overlaps(rect) else { continue }
                found.append(boundary(item, frame: frame, section: index))
            }
            // The runs that reach the rectangle: along y, or along x in an orthogonal section's
            // content (the rectangle moved by its scroll).
            let orthogonal = section.orthogonal != .none
            if orthogonal, section.itemsStart > rect.maxY || section.itemsEnd < rect.minY { continue }
            let low = orthogonal ? rect.minX + section.scrollOffset : rect.minY
            let high = orthogonal ? rect.maxX + section.scrollOffset : rect.maxY
            var lo = 0, hi = section.runs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if section.runs[mid].end < low { lo = mid + 1 } else { hi = mid }
            }
            for run in section.runs[lo...] {
                if run.start > high { break }
                for item in run.items {
                    let relative = run.frames?[item - run.items.lowerBound] ?? section.template[item - run.items.lowerBound]
                    let frame = section.place(relative, in: run)
                    guard frame.overlaps(rect) else { continue }
                    found.append(cell(item, of: section, index, frame: frame))
                }
            }
        }
        return found
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section), let frame = sections[indexPath.section].frame(ofItem: indexPath.item) else { return nil }
        return cell(indexPath.item, of: sections[indexPath.section], indexPath.section, frame: frame)
    }

    /// A cell's attributes; in a list section, with the row's look: a separator under every row
    /// (but the last of a grouped section), the corners of an inset-grouped section rounded.
    private func cell(_ item: Int, of section: Section, _ index: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = makeAttributes(forCellWith: IndexPath(item: item, section: index))
        attributes.frame = frame
        if let list = section.list {
            let last = item == section.itemCount - 1
            var corners: CACornerMask = []
            if list.appearance == .insetGrouped {
                if item == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
                if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
            }
            attributes.listRow = ListRowStyle(appearance: list.appearance, separator: list.showsSeparators && !(last && list.isGrouped), corners: corners)
        }
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              let item = sections[indexPath.section].supplementary.first(where: { $0.kind == elementKind }) else { return nil }
        let (top, bottom) = visibleSpan()
        return boundary(item, frame: sections[indexPath.section].shown(item, top: top, bottom: bottom), section: indexPath.section)
    }

    private func boundary(_ item: Boundary, frame: CGRect, section: Int) -> UICollectionViewLayoutAttributes {
        let attributes = makeAttributes(forSupplementaryViewOfKind: item.kind, with: IndexPath(item: 0, section: section))
        attributes.frame = frame
        attributes.zIndex = item.zIndex
        return attributes
    }

    /// The visible bounds' top and bottom in the content, inside the content inset.
    private func visibleSpan() -> (top: CGFloat, bottom: CGFloat) {
        guard let collectionView else { return (0, 0) }
        let inset = collectionView.adjustedContentInset
        return (collectionView.contentOffset.y + inset.top, collectionView.contentOffset.y + collectionView.bounds.height - inset.bottom)
    }
}
