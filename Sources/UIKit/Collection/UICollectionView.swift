import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a collection view asks for its items, as UIKit's (`@MainActor`, as UIKit's protocols are).
/// The optional methods of UIKit's protocol have defaults here.
@preconcurrency @MainActor
public protocol UICollectionViewDataSource: AnyObject {
    func numberOfSections(in collectionView: UICollectionView) -> Int
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    /// A section's header or footer (`kind`), when the layout has one: dequeue it with
    /// `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    /// Not implemented: UIKit raises when the layout asks for a supplementary view; uisim shows an
    /// empty one and reports a layout issue.
    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.reportLayoutIssue("the layout asked for a \(kind) at \(indexPath) and the data source has no collectionView(_:viewForSupplementaryElementOfKind:at:)")
        return UICollectionReusableView()
    }
}

/// What a collection view tells and asks its delegate (UIKit's `UICollectionViewDelegate`; a
/// scroll view delegate too).
@preconcurrency @MainActor
public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String, at indexPath: IndexPath)
    func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView, forElementOfKind elementKind: String, at indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, willDisplaySupplementaryView view: UICollectionReusableView, forElementKind elementKind: String, at indexPath: IndexPath) {}
    public func collectionView(_ collectionView: UICollectionView, didEndDisplayingSupplementaryView view: UICollectionReusableView, forElementOfKind elementKind: String, at indexPath: IndexPath) {}
}

/// What a collection view tells ahead of time about items about to come on screen, so their data
/// can be fetched before their cells are asked for (UIKit's `UICollectionViewDataSourcePrefetching`).
@preconcurrency @MainActor
public protocol UICollectionViewDataSourcePrefetching: AnyObject {
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension UICollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: UICollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

/// Items in sections, placed by a layout, as UIKit's `UICollectionView` (a scroll view): it asks
/// its layout for the elements in the rectangle it shows, asks its data source for those cells
/// and supplementary views only, reuses the views of elements that scrolled off
/// (`dequeueReusableCell(withReuseIdentifier:for:)`, `prepareForReuse()`), and highlights an item
/// while a finger rests on it (after the scroll view's delay for content touches) and selects it
/// when the finger lifts.
///
/// Counted per frame: `cells_created` and `cells_reused` (with the table views'),
/// `cell_for_item_calls`, `supplementary_views` (asked of the data source) and `layout_attributes`
/// (elements the layout handed over: what a layout costs grows with these).
///
/// Cells that size themselves (a flow layout's `estimatedItemSize`, a compositional layout's
/// `.estimated` dimensions) are measured as they come on screen
/// (`preferredLayoutAttributesFitting(_:)`, counted in `self_sizing_measurements`); the layout
/// takes the sizes and the pass places the elements again, as UIKit's does.
///
/// Where uisim differs: views of elements off screen stay subviews, hidden, in their reuse queue
/// (as uisim's table view). Not yet: orthogonal sections scrolling on their own, pinned headers,
/// decoration views, drag and drop, list cells.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The direction a layout's content scrolls.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// What an element is: a cell, a supplementary view (a header…) or a decoration view.
    public enum ElementCategory: UInt, Sendable { case cell, supplementaryView, decorationView }

    /// The kinds of a flow layout's section headers and footers (UIKit's strings).
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// Where `scrollToItem(at:at:animated:)` puts the item: one vertical and one horizontal
    /// position may be combined; none, the least scroll that shows it.
    public struct ScrollPosition: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// A collection view of `frame` placed by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        serve(layout)
    }

    /// Serves `layout` and takes the default background (which is not the app's own colour).
    private func serve(_ layout: UICollectionViewLayout) {
        layout.servedView = self
        showingLayoutBackground = true
        backgroundColor = .systemBackground
        showingLayoutBackground = false
        hasOwnBackground = false
    }

    /// A collection view from a document (`<collectionView>`): the layout its element gives, then
    /// its inspector's properties and prototype cells (registered by reuse identifier).
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        let layout = decoder.collectionViewLayout()
        collectionViewLayout = layout
        super.init(coder: coder)
        serve(layout)
        UINibDecoder.didInit(self, as: UICollectionView.self, coder: coder)
    }

    /// Whether the app set the background colour (a list layout's is shown otherwise).
    private var hasOwnBackground = false
    private var showingLayoutBackground = false

    open override var backgroundColor: UIColor? {
        didSet { if !showingLayoutBackground { hasOwnBackground = true } }
    }

    /// Shows the layout's background (a list's) unless the app chose its own.
    private func showLayoutBackground() {
        guard !hasOwnBackground, let color = collectionViewLayout.preferredBackgroundColor, backgroundColor != color else { return }
        showingLayoutBackground = true
        backgroundColor = color
        showingLayoutBackground = false
    }

    /// The layout placing the items; a new one places them at the next layout pass.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            if oldValue.servedView === self { oldValue.servedView = nil }
            collectionViewLayout.servedView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Sets the layout; animated, the items on screen move to their new places in 0.3 s (UIKit's
    /// animated layout change), then `completion` runs.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        collectionViewLayout = layout
        guard animated, UIView.areAnimationsEnabled, window != nil else {
            layoutIfNeeded()
            completion?(true)
            return
        }
        UIView.animate(withDuration: 0.3, animations: { self.layoutIfNeeded() }, completion: completion)
    }

    open weak var dataSource: UICollectionViewDataSource? {
        didSet { needsReload = true; setNeedsLayout() }
    }

    /// The scroll view's delegate, as a collection view delegate (set `delegate`).
    var collectionDelegate: UICollectionViewDelegate? { delegate as? UICollectionViewDelegate }

    /// Told of items about to come on screen (UIKit's `prefetchDataSource`): the items within one
    /// screen ahead of the bounds, in the direction the content last moved, that are not on screen
    /// yet, once each; an item that leaves that zone without being shown is cancelled.
    open weak var prefetchDataSource: UICollectionViewDataSourcePrefetching?
    /// Whether the prefetch data source is told (default true, as UIKit's).
    open var isPrefetchingEnabled = true

    /// Items the prefetch data source was told of and that have not come on screen since.
    private var prefetched: Set<IndexPath> = []
    private var lastOffset: CGPoint?

    /// Whether a tap selects an item (default true), and whether several can be selected.
    open var allowsSelection = true
    open var allowsMultipleSelection = false

    // MARK: Registration and reuse

    /// The cells' reuse (Lists/ReusePool.swift): registered classes, queues, counts.
    private let cells = ReusePool<UICollectionViewCell, String>(.collectionCells)
    /// The reuse of supplementary views, keyed by kind and identifier (not counted as cells).
    private let supplementaryViews = ReusePool<UICollectionReusableView, SupplementaryKey>(.collectionSupplementaryViews)

    /// Registers the class (a `UICollectionViewCell` subclass) whose cells
    /// `dequeueReusableCell(withReuseIdentifier:for:)` makes for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cells.register(nil, for: identifier)
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("\(cellClass) is not a UICollectionViewCell subclass")
        }
        cells.register(type, for: identifier)
    }

    /// Registers the nib (one top-level `UICollectionViewCell`) whose cells
    /// `dequeueReusableCell(withReuseIdentifier:for:)` makes for `identifier`.
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        cells.register(nib: nib, for: identifier)
    }

    /// Registers the nib (one top-level `UICollectionReusableView`) of supplementary views of
    /// `kind` for `identifier`.
    open func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        supplementaryViews.register(nib: nib, for: SupplementaryKey(kind: kind, identifier: identifier))
    }

    /// Registers the class of supplementary views of `elementKind` for `identifier`.
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let key = SupplementaryKey(kind: elementKind, identifier: identifier)
        guard let viewClass else {
            supplementaryViews.register(nil, for: key)
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("\(viewClass) is not a UICollectionReusableView subclass")
        }
        supplementaryViews.register(type, for: key)
    }

    /// The key of a supplementary view's registration and queue: its kind and identifier.
    struct SupplementaryKey: Hashable, Comparable, CustomStringConvertible {
        var kind: String, identifier: String
        static func < (a: Self, b: Self) -> Bool { (a.kind, a.identifier) < (b.kind, b.identifier) }
        var description: String { "\(kind) \(identifier)" }
    }

    func isRegistered(cell identifier: String) -> Bool { cells.isRegistered(identifier) }
    func isRegistered(supplementary identifier: String, kind: String) -> Bool {
        supplementaryViews.isRegistered(SupplementaryKey(kind: kind, identifier: identifier))
    }

    /// A cell for `identifier`: one from its reuse queue (after its `prepareForReuse()`), else a
    /// new one of the registered class. An identifier never registered is a programming error,
    /// as in UIKit.
    /// (Reconfiguring an item, the cell on screen as it is, with no `prepareForReuse()`.)
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        guard let cell = cells.dequeue(identifier, countingIn: self, afterReuse: _checkReuseInvariants) else {
            preconditionFailure("could not dequeue a view of kind UICollectionElementKindCell with identifier \(identifier): register a class for it")
        }
        return cell
    }

    /// A supplementary view of `elementKind` for `identifier`, from its queue or the registered class.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionReusableView {
        let key = SupplementaryKey(kind: elementKind, identifier: identifier)
        guard let view = supplementaryViews.dequeue(key, countingIn: self, afterReuse: _checkReuseInvariants) else {
            preconditionFailure("could not dequeue a view of kind \(elementKind) with identifier \(identifier): register a class for it")
        }
        return view
    }

    // MARK: Data

    private var needsReload = true
    private var itemCounts: [Int] = []

    /// Whether the counts have been asked of the data source since the last reload (a diffable
    /// data source's first snapshot reloads instead of updating).
    var hasLoadedData: Bool { !needsReload }

    /// Counts a diffable data source's applied difference: one diff, of `changes` changes.
    func countSnapshotDifference(_ changes: Int) {
        count(.snapshotDiffs)
        count(.snapshotChanges, by: changes)
    }

    /// Reloads every item: views on screen go back to their queues, counts are asked again and
    /// the layout is invalidated.
    open func reloadData() {
        for (key, view) in shown.sorted(by: { $0.key < $1.key }) { hide(view, for: key) }
        shown = [:]
        selected = []
        prefetched = []
        needsReload = true
        collectionViewLayout.dataDidChange(moving: nil)
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
        _checkReuseInvariants()
    }

    private func loadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        guard let dataSource else {
            itemCounts = []
            return
        }
        itemCounts = (0..<max(0, dataSource.numberOfSections(in: self))).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        collectionViewLayout.needsPrepare = true
        collectionViewLayout.needsFullPrepare = true
        collectionViewLayout.dataSourceCountsDidChange()
    }

    /// The number of sections, from the data source.
    open var numberOfSections: Int {
        loadIfNeeded()
        return itemCounts.count
    }

    /// The number of items in `section`, from the data source.
    open func numberOfItems(inSection section: Int) -> Int {
        loadIfNeeded()
        return itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    // MARK: Elements on screen

    /// An element on screen: a cell (kind nil) or a supplementary view, at its index path.
    struct ElementKey: Hashable, Comparable {
        var kind: String?
        var indexPath: IndexPath

        static func < (a: ElementKey, b: ElementKey) -> Bool {
            ((a.kind ?? ""), a.indexPath) < ((b.kind ?? ""), b.indexPath)
        }
    }

    private var shown: [ElementKey: UICollectionReusableView] = [:]
    /// The scroll views of orthogonal sections, by section.
    var orthogonalScrollers: [Int: OrthogonalScrollView] = [:]
    private var lastBoundsSize: CGSize?

    /// A bounds change the layout asks to follow (by default, a new size) prepares it again, with
    /// the context the layout makes for it: both asked before the change (the layout sees the
    /// old bounds as `collectionView.bounds`), the context taken after it, as UIKit does.
    open override var bounds: CGRect {
        willSet { boundsContext = boundsChangeContext(to: newValue) }
        didSet { takeBoundsChangeContext() }
    }

    /// A new frame is a bounds change of its size.
    open override var frame: CGRect {
        willSet { boundsContext = transform.isIdentity ? boundsChangeContext(to: CGRect(origin: bounds.origin, size: newValue.size)) : nil }
        didSet { takeBoundsChangeContext() }
    }

    /// The context of the bounds change under way, if the layout asked to follow it.
    private var boundsContext: UICollectionViewLayoutInvalidationContext?

    private func boundsChangeContext(to newBounds: CGRect) -> UICollectionViewLayoutInvalidationContext? {
        let layout = collectionViewLayout
        guard newBounds != bounds, layout.shouldInvalidateLayout(forBoundsChange: newBounds) else { return nil }
        return layout.invalidationContext(forBoundsChange: newBounds)
    }

    private func takeBoundsChangeContext() {
        guard let context = boundsContext else { return }
        boundsContext = nil
        collectionViewLayout.invalidateLayout(with: context)
    }

    /// Whether the layout pass is under way (a cell measuring itself may call `layoutIfNeeded()`,
    /// which comes back here: the pass under way does the work).
    private var isPlacing = false

    open override func layoutSubviews() {
        super.layoutSubviews()
        guard !isPlacing else { return }
        isPlacing = true
        defer { isPlacing = false }
        loadIfNeeded()
        if lastBoundsSize != bounds.size {
            // A new size (set by the bounds or the frame) lays everything out again.
            lastBoundsSize = bounds.size
            collectionViewLayout.needsPrepare = true
            collectionViewLayout.needsFullPrepare = true
        }
        // Cells that size themselves are measured as they come on screen; a size the layout takes
        // prepares it again and the pass runs again (a few times at most: measured items keep
        // their sizes, so only items newly brought on screen are measured again).
        var wanted: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        for _ in 0..<Self.selfSizingPasses {
            let fresh: [(UICollectionViewCell, UICollectionViewLayoutAttributes)]
            (wanted, fresh) = placeElements()
            guard measure(fresh) else { break }
        }
        prefetchAhead(shown: Set(wanted.keys.filter { $0.kind == nil }.map(\.indexPath)))
        _checkReuseInvariants()
    }

    /// How many times one layout pass places the elements again after cells measured themselves.
    static let selfSizingPasses = 4

    /// Prepares the layout if due, asks it for the elements in the bounds, and shows them: views
    /// of elements that left go back to their queues, new ones are asked of the data source.
    /// Returns the elements shown, and the cells to measure (new on screen, or without a size
    /// the layout keeps) when the layout sizes cells from their content.
    private func placeElements() -> ([ElementKey: UICollectionViewLayoutAttributes], [(UICollectionViewCell, UICollectionViewLayoutAttributes)]) {
        prepareLayoutIfNeeded()
        showLayoutBackground()
        syncOrthogonalScrollers()
        let layout = collectionViewLayout
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
        let elements = layout.layoutAttributesForElements(in: bounds) ?? []
        count(.layoutAttributes, by: elements.count)
        // The elements in the layout's order (sections, then items: deterministic, as UIKit asks).
        var wanted: [ElementKey: UICollectionViewLayoutAttributes] = [:]
        var order: [ElementKey] = []
        wanted.reserveCapacity(elements.count)
        order.reserveCapacity(elements.count)
        for attributes in elements where attributes.representedElementCategory != .decorationView {
            let key = ElementKey(kind: attributes.representedElementCategory == .cell ? nil : attributes.representedElementKind,
                                 indexPath: attributes.indexPath)
            guard key.kind != nil || isItem(key.indexPath) else { continue }
            if wanted.updateValue(attributes, forKey: key) == nil { order.append(key) }
        }
        // Views of elements that left go back to their queues first, so the new ones reuse them
        // (in index-path order: the few that left, sorted).
        for key in shown.keys.filter({ wanted[$0] == nil }).sorted() {
            if let view = shown.removeValue(forKey: key) { hide(view, for: key) }
        }
        var toMeasure: [(UICollectionViewCell, UICollectionViewLayoutAttributes)] = []
        for key in order {
            guard let attributes = wanted[key] else { continue }
            // A cell of an orthogonal section lives in the section's scroll view.
            let scroller = key.kind == nil ? orthogonalScrollers[key.indexPath.section] : nil
            let container: UIView = scroller ?? self
            if let view = shown[key] {
                if view.superview !== container { container.insertSubview(view, at: 0) }
                apply(attributes, to: view, in: scroller)
                if key.kind == nil, let cell = view as? UICollectionViewCell, !layout.hasPreferredSize(at: key.indexPath) {
                    toMeasure.append((cell, attributes))
                }
                continue
            }
            guard let dataSource else { break }
            let view: UICollectionReusableView
            if let kind = key.kind {
                count(.supplementaryViews)
                view = dataSource.collectionView(self, viewForSupplementaryElementOfKind: kind, at: key.indexPath)
            } else {
                cells.countRequest(.cellForItemCalls, in: self)
                let cell = dataSource.collectionView(self, cellForItemAt: key.indexPath)
                cell.isSelected = selected.contains(key.indexPath)
                view = cell
            }
            // A view coming on screen starts where it belongs (inside an animated update, it does
            // not slide in from where its last item was).
            UIView.performWithoutAnimation {
                apply(attributes, to: view, in: scroller)
                if view.superview !== container { container.insertSubview(view, at: 0) }
                view.isHidden = attributes.isHidden
            }
            shown[key] = view
            if let cell = view as? UICollectionViewCell, key.kind == nil {
                toMeasure.append((cell, attributes))
                collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: key.indexPath)
            } else if let kind = key.kind {
                collectionDelegate?.collectionView(self, willDisplaySupplementaryView: view, forElementKind: kind, at: key.indexPath)
            }
        }
        return (wanted, toMeasure)
    }

    /// Asks each cell the layout sizes from its content for its preferred attributes (counted as
    /// self-sizing measurements) and gives the layout the sizes it takes; true when it took one.
    private func measure(_ cells: [(UICollectionViewCell, UICollectionViewLayoutAttributes)]) -> Bool {
        let layout = collectionViewLayout
        var changed = false
        for (cell, attributes) in cells {
            guard let priorities = layout.selfSizingPriorities(for: attributes) else { continue }
            count(.selfSizingMeasurements)
            cell.updateConfigurationIfNeeded()
            cell.fittingPriorities = priorities
            // The cell is asked with a copy (which it may change and return), as UIKit asks.
            let preferred = cell.preferredLayoutAttributesFitting(attributes.copy() as? UICollectionViewLayoutAttributes ?? attributes)
            cell.fittingPriorities = nil
            let asks = layout.shouldInvalidateLayout(forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
            if layout.takePreferredSize(preferred.size, at: attributes.indexPath) || asks { changed = true }
        }
        if changed { layout.needsPrepare = true }
        return changed
    }

    /// Tells the prefetch data source of the items within a screen ahead of the bounds, in the
    /// direction the content last moved (down or right at first), and cancels the ones that left.
    private func prefetchAhead(shown: Set<IndexPath>) {
        defer { lastOffset = contentOffset }
        guard isPrefetchingEnabled, let prefetchDataSource else { return }
        let delta = lastOffset.map { CGPoint(x: contentOffset.x - $0.x, y: contentOffset.y - $0.y) } ?? .zero
        var ahead = bounds
        if abs(delta.x) > abs(delta.y) {
            ahead.origin.x += delta.x < 0 ? -bounds.width : bounds.width
        } else {
            ahead.origin.y += delta.y < 0 ? -bounds.height : bounds.height
        }
        let zone = Set((collectionViewLayout.layoutAttributesForElements(in: ahead) ?? [])
            .filter { $0.representedElementCategory == .cell && isItem($0.indexPath) }.map(\.indexPath))
        prefetched.subtract(shown)
        let cancelled = prefetched.subtracting(zone).sorted()
        let fresh = zone.subtracting(shown).subtracting(prefetched).sorted()
        prefetched.subtract(cancelled)
        prefetched.formUnion(fresh)
        if !cancelled.isEmpty { prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancelled) }
        if !fresh.isEmpty {
            count(.prefetchedItems, by: fresh.count)
            prefetchDataSource.collectionView(self, prefetchItemsAt: fresh)
        }
    }

    private func isItem(_ indexPath: IndexPath) -> Bool {
        itemCounts.indices.contains(indexPath.section) && indexPath.item >= 0 && indexPath.item < itemCounts[indexPath.section]
    }

    /// Applies attributes to a view: in an orthogonal section's `scroller`, its frame is moved
    /// into the scroll view's content.
    private func apply(_ attributes: UICollectionViewLayoutAttributes, to view: UICollectionReusableView, in scroller: OrthogonalScrollView? = nil) {
        var frame = attributes.frame
        if let scroller { frame = frame.offsetBy(dx: scroller.contentOffset.x - scroller.frame.minX, dy: -scroller.frame.minY) }
        // The frame without the transform, then the transform, as UIKit applies attributes.
        if view.transform != .identity { view.transform = .identity }
        if view.frame != frame { view.frame = frame }
        if view.transform != attributes.transform { view.transform = attributes.transform }
        if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
        if view.layer.zPosition != CGFloat(attributes.zIndex) { view.layer.zPosition = CGFloat(attributes.zIndex) }
        if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
        if let row = attributes.listRow {
            if let cell = view as? UICollectionViewListCell {
                cell.listStyle = row.appearance
                cell.showsSeparator = row.separator
            }
            if !row.corners.isEmpty {
                view.layer.cornerRadius = UICollectionLayoutListConfiguration.cornerRadius
                view.layer.maskedCorners = row.corners
                view.layer.masksToBounds = true
                view.hasListCorners = true
            }
        }
        if view.hasListCorners, attributes.listRow?.corners.isEmpty ?? true {
            view.layer.cornerRadius = 0
            view.layer.maskedCorners = .all
            view.layer.masksToBounds = false
            view.hasListCorners = false
        }
        // UIKit keeps a copy of the attributes a view shows and applies new ones only when they
        // are not equal to it (a subclass's `isEqual(_:)` and `copy(with:)` count).
        if view.appliedAttributes?.isEqual(attributes) != true {
            let copy = attributes.copy() as? UICollectionViewLayoutAttributes ?? attributes
            view.appliedAttributes = copy
            view.apply(copy)
        }
    }

    /// Stops the process, naming what broke, unless the reuse queues are as the collection view
    /// keeps them (a debug build's check, `UISIM_INTERNAL_CHECKS`, after each operation that
    /// moves views between the screen and the queues): each queued view belongs to its queue (a
    /// cell's queue is its reuse identifier; a supplementary view's, its kind and identifier), is
    /// queued once, is not shown for an element, and is hidden.
    package func _checkReuseInvariants() {
        #if UISIM_INTERNAL_CHECKS
        var queued = Set<ObjectIdentifier>()
        let onScreen = Set(shown.values.map(ObjectIdentifier.init))
        cells._checkInvariants(shown: onScreen, queued: &queued, in: self)
        supplementaryViews._checkInvariants(shown: onScreen, queued: &queued, in: self)
        #endif
    }

    /// An element's view left the screen: hidden, its attributes forgotten, a cell unhighlighted,
    /// the delegate told, then back to the queue it came from (a view the app made leaves).
    private func hide(_ view: UICollectionReusableView, for key: ElementKey) {
        let left = {
            view.appliedAttributes = nil
            if let cell = view as? UICollectionViewCell {
                cell.isHighlighted = false
                if key.kind == nil { self.collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: key.indexPath) }
            }
            if let kind = key.kind {
                self.collectionDelegate?.collectionView(self, didEndDisplayingSupplementaryView: view, forElementOfKind: kind, at: key.indexPath)
            }
        }
        // A view made by the cells' dequeue goes back to their pool (whatever it was shown as).
        if case .cell? = view.reuseQueue, let cell = view as? UICollectionViewCell {
            cells.enqueue(cell, then: left)
        } else {
            supplementaryViews.enqueue(view, then: left)
        }
    }

    /// The cell shown for the item at `indexPath`, if it is on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        shown[ElementKey(kind: nil, indexPath: indexPath)] as? UICollectionViewCell
    }

    /// The index path of a cell on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        shown.first { $0.key.kind == nil && $0.value === cell }?.key.indexPath
    }

    /// The cells on screen, in item order.
    open var visibleCells: [UICollectionViewCell] {
        shown.filter { $0.key.kind == nil }.sorted { $0.key < $1.key }.compactMap { $0.value as? UICollectionViewCell }
    }

    /// The index paths of the items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        shown.keys.filter { $0.kind == nil }.map(\.indexPath).sorted()
    }

    /// The supplementary view of `elementKind` shown at `indexPath`, if on screen.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        shown[ElementKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The item at `point` (content coordinates), from the layout.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        layoutIfNeeded()
        let probe = CGRect(x: point.x, y: point.y, width: 0, height: 0).insetBy(dx: -0.5, dy: -0.5)
        let elements = collectionViewLayout.layoutAttributesForElements(in: probe) ?? []
        return elements.last { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) && isItem($0.indexPath) }?.indexPath
    }

    /// The layout's attributes of the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The layout's attributes of the supplementary view of `kind` at `indexPath`.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    private func prepareLayoutIfNeeded() {
        loadIfNeeded()
        if collectionViewLayout.needsPrepare {
            collectionViewLayout.needsPrepare = false
            collectionViewLayout.prepare()
            collectionViewLayout.needsFullPrepare = false
        }
    }

    // MARK: Updates

    /// Updates collected by `performBatchUpdates` (nil outside one).
    private var batch: Batch?


    /// One batch of updates, in UIKit's numbering: deletes and reloads by the index paths before
    /// the batch, inserts by those after, moves from before to after.
    struct Batch {
        var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
        var isEmpty: Bool {
            deletedSections.isEmpty && insertedSections.isEmpty && reloadedSections.isEmpty && deletes.isEmpty && inserts.isEmpty
                && reloads.isEmpty && moves.isEmpty
        }
    }

    /// Inserts items (at their index paths after the update; the data source already has them):
    /// the items after move along, animated, and the new ones fade in.
    open func insertItems(at indexPaths: [IndexPath]) { update { $0.inserts += indexPaths } }
    /// Deletes items (at their index paths before the update): they fade out, the others close up.
    open func deleteItems(at indexPaths: [IndexPath]) { update { $0.deletes += indexPaths } }
    /// Asks the data source again for the cells of `indexPaths`.
    open func reloadItems(at indexPaths: [IndexPath]) { update { $0.reloads += indexPaths } }
    /// Configures the cells of `indexPaths` on screen again, keeping them (iOS 15): the data source
    /// is asked for each (`cellForItemAt`), and its dequeue hands back the cell on screen without
    /// `prepareForReuse()`, as UIKit documents; an item off screen is configured when it comes on.
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        guard !needsReload, let dataSource else { return }
        for indexPath in indexPaths {
            guard let cell = shown[ElementKey(kind: nil, indexPath: indexPath)] as? UICollectionViewCell else { continue }
            cells.reconfiguring = cell
            cells.countRequest(.cellForItemCalls, in: self)
            let configured = dataSource.collectionView(self, cellForItemAt: indexPath)
            cells.reconfiguring = nil
            if configured !== cell {
                reportLayoutIssue("UICollectionView.reconfigureItems: the data source returned another cell for \(indexPath) than the one it reconfigures (dequeue it with the same reuse identifier)")
            }
        }
        setNeedsLayout()
    }

    /// Moves an item (keeping its cell) from `indexPath` (before) to `newIndexPath` (after).
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { update { $0.moves.append((indexPath, newIndexPath)) } }
    open func insertSections(_ sections: IndexSet) { update { $0.insertedSections.formUnion(sections) } }
    open func deleteSections(_ sections: IndexSet) { update { $0.deletedSections.formUnion(sections) } }
    open func reloadSections(_ sections: IndexSet) { update { $0.reloadedSections.formUnion(sections) } }

    /// Runs `updates` (inserts, deletes, moves, reloads) as one change, animated together in
    /// 0.3 s; `completion` runs when the animations end (`true`), in the next turn without them.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = batch
        batch = Batch()
        updates?()
        let collected = batch!
        batch = outer
        if outer != nil {
            update { $0.merge(collected) }
            AnimationRegistry.current.completeNextTurn(completion)
        } else {
            apply(collected, completion: completion)
        }
    }

    private func update(_ change: (inout Batch) -> Void) {
        if batch != nil {
            change(&batch!)
            return
        }
        var one = Batch()
        change(&one)
        apply(one, completion: nil)
    }

    /// How long UIKit's collection view animates an update (its rows' 0.3 s, as a table's).
    static let updateAnimationDuration: TimeInterval = 0.3

    /// Applies a batch to the items, the views on screen and the selection; the layout is
    /// prepared again, and the change animated in a window.
    private func apply(_ batch: Batch, completion: ((Bool) -> Void)?) {
        guard !needsReload, let dataSource, !batch.isEmpty else {
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        let newCounts = (0..<max(0, dataSource.numberOfSections(in: self))).map { max(0, dataSource.collectionView(self, numberOfItemsInSection: $0)) }
        guard let origins = Self.origins(of: batch, oldCounts: itemCounts, newCounts: newCounts) else {
            // UIKit raises when the data source disagrees; uisim reloads everything instead.
            reportLayoutIssue("UICollectionView: the numbers of items after an update (\(newCounts)) do not follow from the ones before (\(itemCounts)) and the update's inserts, deletes and moves; reloading the data")
            reloadData()
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        // Old index path → new, for the items that stay (and moves): one array per old section
        // (no index path made per item: a 10 000-item update asks for the few on screen).
        var newPlace = itemCounts.map { [Place](repeating: .none, count: $0) }
        for (section, items) in origins.items.enumerated() {
            for (item, origin) in items.enumerated() where origin.section >= 0 {
                newPlace[Int(origin.section)][Int(origin.item)] = Place(section: Int32(section), item: Int32(item))
            }
        }
        func moved(_ old: IndexPath) -> IndexPath? {
            guard newPlace.indices.contains(old.section), newPlace[old.section].indices.contains(old.item) else { return nil }
            let place = newPlace[old.section][old.item]
            return place.section < 0 ? nil : IndexPath(item: Int(place.item), section: Int(place.section))
        }
        let reloadedSections = batch.reloadedSections
        let reloadedItems = Set(batch.reloads)
        func isReloaded(_ old: IndexPath) -> Bool { reloadedSections.contains(old.section) || reloadedItems.contains(old) }
        var sectionMap: [Int: Int] = [:]
        for (new, old) in origins.sections.enumerated() {
            if let old { sectionMap[old] = new }
        }
        var leaving: [(ElementKey, UICollectionReusableView)] = []
        var next: [ElementKey: UICollectionReusableView] = [:]
        for (key, view) in shown.sorted(by: { $0.key < $1.key }) {
            if key.kind == nil {
                if let new = moved(key.indexPath), !isReloaded(key.indexPath) {
                    next[ElementKey(kind: nil, indexPath: new)] = view
                } else {
                    leaving.append((key, view))
                }
            } else if let section = sectionMap[key.indexPath.section], !batch.reloadedSections.contains(key.indexPath.section) {
                next[ElementKey(kind: key.kind, indexPath: IndexPath(item: key.indexPath.item, section: section))] = view
            } else {
                leaving.append((key, view))
            }
        }
        shown = next
        selected = selected.compactMap(moved)
        itemCounts = newCounts
        collectionViewLayout.dataDidChange { old in isReloaded(old) ? nil : moved(old) }
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()

        let animates = UIView.areAnimationsEnabled && window != nil
        guard animates else {
            for (key, view) in leaving { hide(view, for: key) }
            _checkReuseInvariants()
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        // The items that stay move to their new places (frames animated by the layout pass); the
        // deleted ones fade out, then go back to their queues; the inserted ones fade in.
        let staying = Set(next.keys)
        animateListUpdate(duration: Self.updateAnimationDuration, fadeKey: "uisim.item.fade", leaving: leaving,
                          settle: { [weak self] key, view in
                              self?.hide(view, for: key)
                              self?._checkReuseInvariants()
                          },
                          arriving: { self.shown.filter { !staying.contains($0.key) }.map(\.value) }, completion: completion)
    }

    /// An item's place, before or after an update (section −1: none, an inserted item).
    struct Place: Equatable {
        var section: Int32, item: Int32
        static let none = Place(section: -1, item: -1)
    }

    /// Where each section and item after `batch` comes from: for every new section, the old one it
    /// was (nil: inserted) and for every item, the place it was (`.none`: inserted, or in a
    /// reloaded or inserted section, made anew). Nil when the new counts do not follow from the
    /// old ones and the batch (UIKit's "invalid number of items" exception).
    static func origins(of batch: Batch, oldCounts: [Int], newCounts: [Int]) -> (sections: [Int?], items: [[Place]])? {
        // Sections: the old ones not deleted, in order, around the inserted ones.
        guard batch.deletedSections.allSatisfy({ $0 < oldCounts.count }),
              oldCounts.count - batch.deletedSections.count + batch.insertedSections.count == newCounts.count,
              batch.insertedSections.allSatisfy({ $0 < newCounts.count }) else { return nil }
        var oldOfNew = [Int?](repeating: nil, count: newCounts.count)
        var survivors = (0..<oldCounts.count).filter { !batch.deletedSections.contains($0) }.makeIterator()
        for new in 0..<newCounts.count where !batch.insertedSections.contains(new) { oldOfNew[new] = survivors.next() }
        // The items that leave their place (deleted or moved away), by old section; the places
        // fixed by inserts and moves, by new section.
        var leaving: [Int: Set<Int>] = [:]
        for path in batch.deletes { leaving[path.section, default: []].insert(path.item) }
        for move in batch.moves { leaving[move.from.section, default: []].insert(move.from.item) }
        var fixed: [Int: [Int: Place]] = [:]
        for path in batch.inserts { fixed[path.section, default: [:]][path.item] = Place.none }
        for move in batch.moves { fixed[move.to.section, default: [:]][move.to.item] = Place(section: Int32(move.from.section), item: Int32(move.from.item)) }
        var origins: [[Place]] = []
        for new in 0..<newCounts.count {
            guard let old = oldOfNew[new] else {
                origins.append([Place](repeating: .none, count: newCounts[new]))
                continue
            }
            let reloadSection = batch.reloadedSections.contains(old)
            let gone = leaving[old] ?? [], pinned = fixed[new] ?? [:]
            var next = 0
            var items: [Place] = []
            items.reserveCapacity(newCounts[new])
            for item in 0..<newCounts[new] {
                if let origin = pinned[item] {
                    items.append(origin)
                    continue
                }
                while next < oldCounts[old] && gone.contains(next) { next += 1 }
                guard next < oldCounts[old] else { return nil }
                items.append(reloadSection ? .none : Place(section: Int32(old), item: Int32(next)))
                next += 1
            }
            while next < oldCounts[old] && gone.contains(next) { next += 1 }
            guard next == oldCounts[old] else { return nil }
            origins.append(items)
        }
        return (oldOfNew, origins)
    }

    // MARK: Scrolling to an item

    /// Scrolls so that the item sits at `scrollPosition` (a vertical and a horizontal position;
    /// none: the least scroll that shows it), within the content; animated as
    /// `setContentOffset(_:animated:)` is.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard isItemAfterLoading(indexPath), let frame = layoutAttributesForItem(at: indexPath)?.frame else {
            reportLayoutIssue("UICollectionView.scrollToItem: no item \(indexPath.item) in section \(indexPath.section) (\(itemCounts.count) sections: \(itemCounts) items)")
            return
        }
        let inset = adjustedContentInset
        let width = bounds.width - inset.left - inset.right, height = bounds.height - inset.top - inset.bottom
        var offset = contentOffset
        if scrollPosition.contains(.top) { offset.y = frame.minY - inset.top }
        else if scrollPosition.contains(.centeredVertically) { offset.y = frame.midY - inset.top - height / 2 }
        else if scrollPosition.contains(.bottom) { offset.y = frame.maxY - inset.top - height }
        if scrollPosition.contains(.left) { offset.x = frame.minX - inset.left }
        else if scrollPosition.contains(.centeredHorizontally) { offset.x = frame.midX - inset.left - width / 2 }
        else if scrollPosition.contains(.right) { offset.x = frame.maxX - inset.left - width }
        if scrollPosition.isEmpty {
            scrollRectToVisible(frame, animated: animated)
            return
        }
        let range = offsetRange
        offset.x = min(max(offset.x, range.min.x), range.max.x)
        offset.y = min(max(offset.y, range.min.y), range.max.y)
        setContentOffset(offset, animated: animated)
    }

    private func isItemAfterLoading(_ indexPath: IndexPath) -> Bool {
        loadIfNeeded()
        return isItem(indexPath)
    }

    // MARK: Selection

    private var selected: [IndexPath] = []

    /// The selected items, in the order they were selected (nil when none, as UIKit's).
    open var indexPathsForSelectedItems: [IndexPath]? { selected.isEmpty ? nil : selected }

    /// Selects an item (without telling the delegate, as UIKit's), deselecting the others unless
    /// multiple selection is allowed; nil deselects every item.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()
        guard let indexPath else {
            for item in selected { deselectItem(at: item, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for item in selected where item != indexPath { deselectItem(at: item, animated: animated) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects an item (without telling the delegate).
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// The cell a finger is on, highlighted.
    private var touchedCell: (cell: UICollectionViewCell, indexPath: IndexPath)?

    /// The cell the one touch is in: the touched view or its ancestor, here or in an orthogonal
    /// section's scroll view.
    private func cell(touchedBy touches: Set<UITouch>) -> (UICollectionViewCell, IndexPath)? {
        guard touches.count == 1, var view = touches.first?.view else { return nil }
        while view !== self {
            if let cell = view as? UICollectionViewCell, let indexPath = indexPath(for: cell) { return (cell, indexPath) }
            guard let parent = view.superview else { return nil }
            view = parent
        }
        return nil
    }

    /// A finger came down on an item (the scroll view delays it 150 ms): it highlights.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard allowsSelection, touchedCell == nil, let (cell, indexPath) = cell(touchedBy: touches) else {
            return super.touchesBegan(touches, with: event)
        }
        guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true else { return }
        touchedCell = (cell, indexPath)
        cell.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
    }

    /// The finger lifted on the item: the delegate is asked whether to select it (or, with
    /// multiple selection, to deselect a selected one) while it is still highlighted, then the
    /// highlight goes, then the item is selected and the delegate told: UIKit's order
    /// (shouldHighlight, didHighlight, shouldSelect, didUnhighlight, didSelect; Collection View
    /// Programming Guide, "Managing the Visual State for Selections and Highlights").
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let (cell, indexPath) = touchedCell else { return super.touchesEnded(touches, with: event) }
        touchedCell = nil
        let delegate = collectionDelegate
        let deselecting = allowsMultipleSelection && selected.contains(indexPath)
        let allowed = deselecting ? delegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
            : delegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true
        cell.isHighlighted = false
        delegate?.collectionView(self, didUnhighlightItemAt: indexPath)
        guard allowed else { return }
        if deselecting {
            deselectItem(at: indexPath, animated: false)
            delegate?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        let deselected = allowsMultipleSelection ? [] : selected.filter { $0 != indexPath }
        for item in deselected { deselectItem(at: item, animated: false) }
        for item in deselected { delegate?.collectionView(self, didDeselectItemAt: item) }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        cell.storyboardSegues?.perform(\.selection, sender: cell)
        delegate?.collectionView(self, didSelectItemAt: indexPath)
    }

    /// The scroll took the touch (a drag began): the highlight goes, nothing is selected.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let (cell, indexPath) = touchedCell else { return super.touchesCancelled(touches, with: event) }
        touchedCell = nil
        cell.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    }
}

extension UICollectionView.Batch {
    mutating func merge(_ other: UICollectionView.Batch) {
        deletedSections.formUnion(other.deletedSections)
        insertedSections.formUnion(other.insertedSections)
        reloadedSections.formUnion(other.reloadedSections)
        deletes += other.deletes
        inserts += other.inserts
        reloads += other.reloads
        moves += other.moves
    }
}
