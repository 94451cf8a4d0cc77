import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// What a flow layout asks its collection view's delegate, when it adopts it: each item's size,
/// and each section's insets, spacings and header and footer sizes (UIKit's
/// `UICollectionViewDelegateFlowLayout`; a method not implemented takes the layout's property).
@preconcurrency @MainActor
public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, insetForSectionAt section: Int) -> UIEdgeInsets {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumLineSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, minimumInteritemSpacingForSectionAt section: Int) -> CGFloat {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForHeaderInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.headerReferenceSize ?? .zero
    }
    public func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, referenceSizeForFooterInSection section: Int) -> CGSize {
        (collectionViewLayout as? UICollectionViewFlowLayout)?.footerReferenceSize ?? .zero
    }
}

/// Items in lines, as UIKit's `UICollectionViewFlowLayout`: in the scroll direction, sections one
/// after another, each a header, its inset, lines of items `minimumLineSpacing` apart, its inset,
/// a footer. A line takes items while they fit across (the collection view's width less the
/// section's insets, for vertical scrolling) at least `minimumInteritemSpacing` apart; the space
/// left is spread between them, so the first touches the leading inset and the last the trailing
/// one, and a line of one item centres it (Apple's "Using the Flow Layout"). The last line of a
/// section keeps the spacing of a full line, as if more items of its last one's size followed, so
/// its items stay on the grid above them (as PSTCollectionView, the reimplementation of UIKit's,
/// measured it). Items of different sizes in a line are centred across it; the line is as deep as
/// its largest. Headers and footers span the collection view across and take their reference
/// size's depth (height, for vertical scrolling); a depth of 0 means none.
///
/// Every item's frame is worked out in `prepare()` (once per invalidation: new data, a new width,
/// a changed property); the elements in a rectangle are then found by their lines, so a frame that
/// scrolls asks for what is on screen only.
///
/// Where uisim differs: an item wider than the line (undefined in UIKit, which logs it) gets a line
/// of its own at the leading inset and overflows it, reported as a layout issue.
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// UIKit's `automaticSize`: as `estimatedItemSize`, "size the cells from their content".
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// How the section insets are measured: from the content inset (the default), the safe area
    /// or the layout margins.
    public enum SectionInsetReference: Int, Sendable {
        case fromContentInset, fromSafeArea, fromLayoutMargins
    }

    /// The least space between lines (rows, for vertical scrolling). Default 10.
    open var minimumLineSpacing: CGFloat = 10 { didSet { if minimumLineSpacing != oldValue { invalidateLayout() } } }
    /// The least space between items of a line. Default 10.
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { if minimumInteritemSpacing != oldValue { invalidateLayout() } } }
    /// Every item's size unless the delegate says otherwise. Default 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50) { didSet { if itemSize != oldValue { invalidateLayout() } } }
    /// A guess at items' sizes for cells that size themselves: not zero, every item starts at it
    /// (`automaticSize`: at `itemSize`; the delegate's sizes are not asked) and takes the size its
    /// cell prefers as it comes on screen (`preferredLayoutAttributesFitting(_:)`, by default the
    /// cell measured from its content). Default zero: no estimates, items take `itemSize` or the
    /// delegate's size.
    open var estimatedItemSize: CGSize = .zero { didSet { if estimatedItemSize != oldValue { invalidateLayout() } } }
    /// The direction the content scrolls; lines run across it. Default vertical.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical { didSet { if scrollDirection != oldValue { invalidateLayout() } } }
    /// Each section's header size: its height (its width, scrolling horizontally) counts. Default zero: none.
    open var headerReferenceSize: CGSize = .zero { didSet { if headerReferenceSize != oldValue { invalidateLayout() } } }
    /// Each section's footer size, as the header's.
    open var footerReferenceSize: CGSize = .zero { didSet { if footerReferenceSize != oldValue { invalidateLayout() } } }
    /// Space around each section's items (between its header and first line, its last line and footer).
    open var sectionInset: UIEdgeInsets = .zero { didSet { if sectionInset != oldValue { invalidateLayout() } } }
    /// What the section insets are measured from: the content inset (default: the insets are
    /// all), or the safe area or the layout margins (their sides across the lines added).
    open var sectionInsetReference: SectionInsetReference = .fromContentInset { didSet { if sectionInsetReference != oldValue { invalidateLayout() } } }
    /// Whether headers stay at the top of the visible bounds while their section scrolls under
    /// them, until the section's end pushes them on (in front of the cells: z-index 10).
    open var sectionHeadersPinToVisibleBounds = false { didSet { if sectionHeadersPinToVisibleBounds != oldValue { invalidateLayout() } } }
    /// Whether footers stay at the bottom of the visible bounds while their section scrolls.
    open var sectionFootersPinToVisibleBounds = false { didSet { if sectionFootersPinToVisibleBounds != oldValue { invalidateLayout() } } }

    /// A pinned header's or footer's z-index: in front of the cells.
    static let pinnedZIndex = 10

    public override init() { super.init() }

    /// UIKit's initializer from an archive; uisim has none (nil, said in the layout issues).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // MARK: The layout worked out

    /// One line of a section: where it runs along the scroll direction, and its items.
    private struct Line {
        var start: CGFloat, end: CGFloat
        var items: Range<Int>
    }

    private struct Section {
        var header: CGRect?, footer: CGRect?
        var items: [CGRect] = []
        var lines: [Line] = []
        /// Where the section starts and ends along the scroll direction.
        var start: CGFloat = 0, end: CGFloat = 0
    }

    private var sections: [Section] = []
    private var contentSize: CGSize = .zero
    /// The sizes self-sizing cells preferred, and the width across the lines they were measured at.
    private var preferred = PreferredSizes()
    private var measuredAcross: CGFloat?

    /// Whether items size themselves from their cells (`estimatedItemSize` set).
    private var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// The size an item starts at before its cell is measured.
    private var estimate: CGSize { estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize }

    open override var collectionViewContentSize: CGSize { contentSize }

    private var vertical: Bool { scrollDirection == .vertical }

    open override func prepare() {
        super.prepare()
        sections = []
        contentSize = .zero
        guard let collectionView else { return }
        let insets = collectionView.adjustedContentInset
        // The content's extent across the scroll direction: the bounds less the content inset.
        let across = vertical ? collectionView.bounds.width - insets.left - insets.right
            : collectionView.bounds.height - insets.top - insets.bottom
        if measuredAcross != across {
            // Cells measured at another width are measured again.
            measuredAcross = across
            preferred.removeAll()
        }
        takeDelegateMetrics(of: collectionView)
        var along: CGFloat = 0
        for section in 0..<metrics.count {
            var laid = Section()
            laid.start = along
            let m = metrics[section]
            let (inset, lineSpacing, spacing, header, footer) = (m.inset, m.lineSpacing, m.spacing, m.header, m.footer)
            // (leading, trailing) across the lines, (before, after) along the scroll direction.
            var (lead, trail, before, after) = vertical ? (inset.left, inset.right, inset.top, inset.bottom)
                : (inset.top, inset.bottom, inset.left, inset.right)
            // Insets measured from the safe area or the layout margins start that far in, across.
            let reference: UIEdgeInsets = switch sectionInsetReference {
            case .fromContentInset: .zero
            case .fromSafeArea: collectionView.safeAreaInsets
            case .fromLayoutMargins: collectionView.layoutMargins
            }
            if vertical {
                lead += reference.left
                trail += reference.right
            } else {
                lead += reference.top
                trail += reference.bottom
            }

            let headerDepth = vertical ? header.height : header.width
            if headerDepth > 0 {
                laid.header = rect(across: 0, along: along, width: across, depth: headerDepth)
                along += headerDepth
            }
            along += before
            let count = m.sizes.count
            let sizes = isSelfSizing ? (0..<count).map { preferred[IndexPath(item: $0, section: section)] ?? estimate } : m.sizes
            laid.items = [CGRect](repeating: .zero, count: count)
            let room = across - lead - trail
            var first = 0
            while first < count {
                let end = Self.lineEnd(from: first, sizes: sizes, room: room, spacing: spacing, vertical: vertical)
                if end == first + 1, extent(sizes[first]) > room + 1e-9 {
                    collectionView.reportLayoutIssue("the behavior of the UICollectionViewFlowLayout is not defined because the item at \(IndexPath(item: first, section: section)) is \(extent(sizes[first])) pt across and its line has \(room) pt (the collection view's width less the section's insets)")
                }
                if first > 0 { along += lineSpacing }
                let depth = sizes[first..<end].map(self.depth).max() ?? 0
                let offsets = Self.offsets(of: sizes[first..<end].map(extent), room: room, spacing: spacing, last: end == count)
                for (k, item) in (first..<end).enumerated() {
                    let size = sizes[item]
                    laid.items[item] = rect(across: lead + offsets[k], along: along + (depth - self.depth(size)) / 2,
                                            width: extent(size), depth: self.depth(size))
                }
                laid.lines.append(Line(start: along, end: along + depth, items: first..<end))
                along += depth
                first = end
            }
            along += after
            let footerDepth = vertical ? footer.height : footer.width
            if footerDepth > 0 {
                laid.footer = rect(across: 0, along: along, width: across, depth: footerDepth)
                along += footerDepth
            }
            laid.end = along
            sections.append(laid)
        }
        contentSize = vertical ? CGSize(width: across, height: along) : CGSize(width: along, height: across)
    }

    // MARK: Invalidation

    /// What the delegate (or the layout's properties) gave for one section: kept between passes,
    /// and asked again only when an invalidation says so (UIKit's flow layout keeps its "delegate
    /// metrics" until a context's `invalidateFlowLayoutDelegateMetrics`, or an invalidation of
    /// everything or of the data source's counts).
    private struct SectionMetrics {
        var inset: UIEdgeInsets
        var lineSpacing: CGFloat, spacing: CGFloat
        var header: CGSize, footer: CGSize
        /// The items' sizes (not asked when the cells size themselves: zero, one per item).
        var sizes: [CGSize]
    }

    private var metrics: [SectionMetrics] = []
    /// Whether every section's metrics are asked again at the next `prepare()`.
    private var refetchesMetrics = true
    /// Items whose sizes are asked again at the next `prepare()` (a context's `invalidateItems(at:)`).
    private var refetchedItems: Set<IndexPath> = []

    open override class var invalidationContextClass: AnyClass { UICollectionViewFlowLayoutInvalidationContext.self }

    /// Takes what `context` invalidates: the delegate's metrics are asked again for an
    /// invalidation of everything or of the data source's counts, or a flow context's
    /// `invalidateFlowLayoutDelegateMetrics`; the sizes of the items it names otherwise.
    open override func invalidateLayout(with context: UICollectionViewLayoutInvalidationContext) {
        let flow = context as? UICollectionViewFlowLayoutInvalidationContext
        if context.invalidateEverything || context.invalidateDataSourceCounts || flow?.invalidateFlowLayoutDelegateMetrics == true {
            refetchesMetrics = true
        } else if let items = context.invalidatedItemIndexPaths {
            refetchedItems.formUnion(items)
        }
        super.invalidateLayout(with: context)
    }

    /// A bounds change's context: the items are placed again (`invalidateFlowLayoutAttributes`)
    /// when the extent across the lines changes (the width, scrolling vertically), with the sizes
    /// the layout has: the delegate is not asked again (`invalidateFlowLayoutDelegateMetrics`
    /// false), as in UIKit; a layout whose sizes follow the width sets it (MessageKit's does).
    open override func invalidationContext(forBoundsChange newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext {
        let context = super.invalidationContext(forBoundsChange: newBounds)
        if let flow = context as? UICollectionViewFlowLayoutInvalidationContext, let old = collectionView?.bounds {
            flow.invalidateFlowLayoutAttributes = vertical ? old.width != newBounds.width : old.height != newBounds.height
        }
        return context
    }

    override func dataSourceCountsDidChange() { refetchesMetrics = true }

    /// Asks the delegate (or reads the properties) for what is out of date: every section when
    /// the metrics were invalidated or the counts differ from those kept, else the items named.
    private func takeDelegateMetrics(of collectionView: UICollectionView) {
        let flowDelegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        let counts = (0..<collectionView.numberOfSections).map { collectionView.numberOfItems(inSection: $0) }
        func size(at indexPath: IndexPath) -> CGSize {
            if isSelfSizing { return .zero }
            return flowDelegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath) ?? itemSize
        }
        if refetchesMetrics || counts != metrics.map(\.sizes.count) {
            metrics = counts.enumerated().map { section, count in
                SectionMetrics(
                    inset: flowDelegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset,
                    lineSpacing: flowDelegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing,
                    spacing: flowDelegate?.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing,
                    header: flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize,
                    footer: flowDelegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize,
                    sizes: (0..<count).map { size(at: IndexPath(item: $0, section: section)) })
            }
        } else {
            for indexPath in refetchedItems.sorted() where indexPath.section < metrics.count && indexPath.item < metrics[indexPath.section].sizes.count {
                metrics[indexPath.section].sizes[indexPath.item] = size(at: indexPath)
            }
        }
        refetchesMetrics = false
        refetchedItems = []
    }

    /// An item's size across the lines (its width, scrolling vertically) and along them.
    private func extent(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
    private func depth(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }

    private func rect(across x: CGFloat, along y: CGFloat, width: CGFloat, depth: CGFloat) -> CGRect {
        vertical ? CGRect(x: x, y: y, width: width, height: depth) : CGRect(x: y, y: x, width: depth, height: width)
    }

    /// The end of the line that starts with item `first`: items join while they fit in `room`,
    /// `spacing` apart (the first always does).
    static func lineEnd(from first: Int, sizes: [CGSize], room: CGFloat, spacing: CGFloat, vertical: Bool) -> Int {
        var used = vertical ? sizes[first].width : sizes[first].height
        var end = first + 1
        while end < sizes.count {
            let next = vertical ? sizes[end].width : sizes[end].height
            guard used + spacing + next <= room + 1e-9 else { break }
            used += spacing + next
            end += 1
        }
        return end
    }

    /// Where each item of a line starts across it (from the leading inset): the space left is
    /// spread evenly between the items; one item alone is centred. The last line of a section is
    /// spaced as if items of its last one's extent filled it.
    static func offsets(of extents: [CGFloat], room: CGFloat, spacing: CGFloat, last: Bool) -> [CGFloat] {
        var widths = extents
        if last, let filler = extents.last, filler > 0 {
            var used = widths.reduce(0, +) + spacing * CGFloat(widths.count - 1)
            while used + spacing + filler <= room + 1e-9 {
                widths.append(filler)
                used += spacing + filler
            }
        }
        let n = widths.count
        let left = room - widths.reduce(0, +) - spacing * CGFloat(n - 1)
        var x: CGFloat = n == 1 ? max(0, left / 2) : 0
        let extra = n > 1 ? max(0, left) / CGFloat(n - 1) : 0
        var offsets: [CGFloat] = []
        for (k, width) in widths.enumerated() where k < extents.count {
            offsets.append(x)
            x += width + spacing + extra
        }
        return offsets
    }

    // MARK: Self-sizing

    open override func shouldInvalidateLayout(forPreferredLayoutAttributes preferredAttributes: UICollectionViewLayoutAttributes,
                                              withOriginalAttributes originalAttributes: UICollectionViewLayoutAttributes) -> Bool {
        isSelfSizing && preferredAttributes.size != originalAttributes.size
    }

    /// Cells size themselves on both sides (each is held to the estimate only at
    /// `fittingSizeLevel`, weaker than any content's hugging).
    override func selfSizingPriorities(for attributes: UICollectionViewLayoutAttributes) -> (horizontal: UILayoutPriority, vertical: UILayoutPriority)? {
        guard isSelfSizing, attributes.representedElementCategory == .cell else { return nil }
        return (.fittingSizeLevel, .fittingSizeLevel)
    }

    override func hasPreferredSize(at indexPath: IndexPath) -> Bool { !isSelfSizing || preferred[indexPath] != nil }

    override func takePreferredSize(_ size: CGSize, at indexPath: IndexPath) -> Bool {
        guard isSelfSizing else { return false }
        return preferred.take(size, at: indexPath, given: estimate)
    }

    override func dataDidChange(moving: ((IndexPath) -> IndexPath?)?) { preferred.remap(moving) }

    // MARK: Questions

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        var found: [UICollectionViewLayoutAttributes] = []
        for (index, section) in sections.enumerated() where section.end >= low && section.start <= high {
            if let header = shownHeader(of: section), header.overlaps(rect) {
                found.append(supplementary(UICollectionView.elementKindSectionHeader, section: index, frame: header))
            }
            // The first line that reaches the rectangle, by bisection; then the lines until one starts past it.
            var lo = 0, hi = section.lines.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if section.lines[mid].end < low { lo = mid + 1 } else { hi = mid }
            }
            for line in section.lines[lo...] {
                if line.start > high { break }
                for item in line.items where section.items[item].overlaps(rect) {
                    let attributes = makeAttributes(forCellWith: IndexPath(item: item, section: index))
                    attributes.frame = section.items[item]
                    found.append(attributes)
                }
            }
            if let footer = shownFooter(of: section), footer.overlaps(rect) {
                found.append(supplementary(UICollectionView.elementKindSectionFooter, section: index, frame: footer))
            }
        }
        return found
    }

    private func supplementary(_ kind: String, section: Int, frame: CGRect) -> UICollectionViewLayoutAttributes {
        let attributes = makeAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
        attributes.frame = frame
        let pinned = kind == UICollectionView.elementKindSectionHeader ? sectionHeadersPinToVisibleBounds : sectionFootersPinToVisibleBounds
        if pinned { attributes.zIndex = Self.pinnedZIndex }
        return attributes
    }

    /// The visible bounds' start and end along the scroll direction, inside the content inset.
    private func visibleSpan() -> (start: CGFloat, end: CGFloat) {
        guard let collectionView else { return (0, 0) }
        let inset = collectionView.adjustedContentInset, offset = collectionView.contentOffset, size = collectionView.bounds.size
        return vertical ? (offset.y + inset.top, offset.y + size.height - inset.bottom) : (offset.x + inset.left, offset.x + size.width - inset.right)
    }

    /// Where a section's header shows: pinned, no further up than the visible bounds' start and
    /// no further down than where the section's items end (its footer's start) less its depth.
    private func shownHeader(of section: Section) -> CGRect? {
        guard var header = section.header, sectionHeadersPinToVisibleBounds else { return section.header }
        let depth = vertical ? header.height : header.width
        let natural = vertical ? header.minY : header.minX
        let limit = (section.footer.map { vertical ? $0.minY : $0.minX } ?? section.end) - depth
        let place = min(max(natural, visibleSpan().start), max(natural, limit))
        if vertical { header.origin.y = place } else { header.origin.x = place }
        return header
    }

    /// Where a section's footer shows: pinned, no further down than the visible bounds' end and no
    /// further up than where the section's items start (its header's end).
    private func shownFooter(of section: Section) -> CGRect? {
        guard var footer = section.footer, sectionFootersPinToVisibleBounds else { return section.footer }
        let depth = vertical ? footer.height : footer.width
        let natural = vertical ? footer.minY : footer.minX
        let floor = section.header.map { vertical ? $0.maxY : $0.maxX } ?? section.start
        let place = max(min(natural, visibleSpan().end - depth), min(natural, floor))
        if vertical { footer.origin.y = place } else { footer.origin.x = place }
        return footer
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].items.indices.contains(indexPath.item) else { return nil }
        let attributes = makeAttributes(forCellWith: indexPath)
        attributes.frame = sections[indexPath.section].items[indexPath.item]
        return attributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        switch elementKind {
        case UICollectionView.elementKindSectionHeader: return shownHeader(of: section).map { supplementary(elementKind, section: indexPath.section, frame: $0) }
        case UICollectionView.elementKindSectionFooter: return shownFooter(of: section).map { supplementary(elementKind, section: indexPath.section, frame: $0) }
        default: return nil
        }
    }
}
