import Foundation
import QuartzCore
import UIFoundation

/// The reuse of one kind of a list's views, written once for `UITableView` and `UICollectionView`:
/// the classes registered by key (a reuse identifier; a collection view's supplementary views',
/// their kind and identifier), a queue per key of the views that left the screen (hidden, still subviews of the
/// list), the dequeue (the view a reconfigure hands back as it is, else a queued one, last in
/// first out, after its `prepareForReuse()`, else one made of the registered class), the counting
/// of cells made, reused and asked for (`cells_created`, `cells_reused`, `cell_for_row_calls`,
/// `cell_for_item_calls`; `CellStatistics`), and the queues' invariant check.
///
/// A list keeps one pool per kind of view: a table one for its cells and one for its sections'
/// header and footer views, a collection view one for its cells and one for its supplementary
/// views; `Kind` says how each pool's views are made, keyed and prepared. The list decides which
/// views leave the screen and when, and what it tells its delegate as they do; the pool keeps them.
@MainActor
final class ReusePool<Element: UIView, Key: Hashable & Comparable> {
    /// How one list's views of one kind are made, keyed, prepared and checked.
    struct Kind {
        /// The list and the views, as the invariant check names them ("UITableView", "cell"), and
        /// what a view is shown for ("a row").
        var list: String, noun: String, shownFor: String
        /// Whether the views made and reused count as cells (`cells_created`, `cells_reused`).
        var countsCells: Bool
        /// Whether a queued view may show while it is out of the list (a table's: one its data
        /// source made itself and left with it); else a queued view is hidden.
        var hiddenOrOutOfList: Bool
        /// Makes a view of a registered class.
        var create: @MainActor (Element.Type) -> Element
        /// Marks a view made for a key (its reuse identifier, its queue).
        var mark: @MainActor (Element, Key) -> Void
        /// The key of the queue a view goes back to; nil: it is not reused, it leaves the list.
        var queueKey: @MainActor (Element) -> Key?
        /// The key a dequeue of the view asks for (a reconfigured view is handed back to a
        /// dequeue of its own reuse identifier).
        var identifier: @MainActor (Element) -> Key?
        /// What a view taken from its queue is told before it is handed out (`prepareForReuse()`).
        var prepare: @MainActor (Element) -> Void
    }

    let kind: Kind
    /// What a key's views are made of: a class, or a nib whose one top-level object is the view.
    enum Registration {
        case type(Element.Type)
        case nib(UINib)
    }
    private var registered: [Key: Registration] = [:]
    private var queues: [Key: [Element]] = [:]
    /// What the pool made, reused and was asked for, since it was made (cells only).
    private(set) var statistics = CellStatistics()
    /// The view on screen that a reconfigure hands back to the next dequeue of its identifier,
    /// as it is (no `prepareForReuse()`).
    var reconfiguring: Element?

    init(_ kind: Kind) {
        self.kind = kind
    }

    // MARK: Registration

    /// Registers the class whose views a dequeue of `key` makes when its queue is empty (nil
    /// forgets it).
    func register(_ type: Element.Type?, for key: Key) {
        registered[key] = type.map { .type($0) }
    }

    /// Registers the nib whose one top-level object a dequeue of `key` makes (nil forgets it).
    func register(nib: UINib?, for key: Key) {
        registered[key] = nib.map { .nib($0) }
    }

    func isRegistered(_ key: Key) -> Bool { registered[key] != nil }

    // MARK: Dequeue

    /// A view for `key`: the reconfigured one when its identifier is `key`; else one from the
    /// queue, prepared for reuse (counted), and then `afterReuse` (the list's invariant check);
    /// else one made of the registered class (counted); else nil, for the list to decide (a
    /// table's caller makes its own; a collection view stops).
    func dequeue(_ key: Key, countingIn list: UIView, afterReuse: () -> Void = {}) -> Element? {
        if let view = reconfiguring, kind.identifier(view) == key {
            reconfiguring = nil
            return view
        }
        if let view = reuse(key, countingIn: list) {
            afterReuse()
            return view
        }
        return make(key, countingIn: list)
    }

    /// The last view queued for `key`, after its `prepareForReuse()` (counted as reused), or nil.
    func reuse(_ key: Key, countingIn list: UIView) -> Element? {
        guard let view = queues[key]?.popLast() else { return nil }
        kind.prepare(view)
        if kind.countsCells {
            statistics.reused += 1
            list.count(.cellsReused)
        }
        return view
    }

    /// A new view of the class registered for `key` (counted as created), or nil.
    func make(_ key: Key, countingIn list: UIView) -> Element? {
        guard let registration = registered[key] else { return nil }
        if kind.countsCells {
            statistics.created += 1
            list.count(.cellsCreated)
        }
        let view: Element
        switch registration {
        case .type(let type):
            view = kind.create(type)
        case .nib(let nib):
            // UIKit's rule and message: the nib holds exactly one top-level object, of the list's class.
            let objects = nib.instantiate(withOwner: nil, options: nil)
            guard objects.count == 1, let made = objects.first as? Element else {
                fatalError("invalid nib registered for identifier (\(key)) - nib must contain exactly one top level object which must be a \(Element.self) instance")
            }
            view = made
        }
        kind.mark(view, key)
        return view
    }

    /// Counts one request of the data source for a cell (`cellForRowAt` or `cellForItemAt`, as
    /// `counter` says), before it is asked.
    func countRequest(_ counter: Counter, in list: UIView) {
        statistics.cellForRowCalls += 1
        list.count(counter)
    }

    // MARK: Enqueue

    /// A view that left the screen: hidden (unless `hiding` is false: a view that was never
    /// shown), then `left` run (the list forgets its state and tells its delegate), then put in
    /// its queue, a subview of the list still; a view without a queue leaves the list.
    func enqueue(_ view: Element, hiding: Bool = true, then left: () -> Void = {}) {
        if hiding { view.isHidden = true }
        left()
        if let key = kind.queueKey(view) { queues[key, default: []].append(view) } else { view.removeFromSuperview() }
    }

    /// The views in `key`'s queue, the next one to be reused last.
    func queued(_ key: Key) -> [Element] { queues[key] ?? [] }

    // MARK: Invariants

    /// Stops the process, naming what broke, unless the queues are as the pool keeps them (a
    /// debug build's check, `UISIM_INTERNAL_CHECKS`): each queued view is in its own key's queue,
    /// is queued once (`queued` gathers the views of the list's other pools, so none is in two),
    /// is not among the views `shown`, and is hidden (or, `hiddenOrOutOfList`, out of `list`).
    func _checkInvariants(shown: Set<ObjectIdentifier>, queued: inout Set<ObjectIdentifier>, in list: UIView) {
        #if UISIM_INTERNAL_CHECKS
        let (name, noun) = (kind.list, kind.noun)
        for key in queues.keys.sorted() {
            for view in queues[key]! {
                let own = kind.queueKey(view)
                precondition(own == key, "\(name): a \(noun) of reuse queue \(own.map { "\($0)" } ?? "nil") is in the queue of \(key)")
                precondition(queued.insert(ObjectIdentifier(view)).inserted, "\(name): a \(noun) is queued twice (\(key))")
                precondition(!shown.contains(ObjectIdentifier(view)), "\(name): a \(noun) shown for \(kind.shownFor) is also queued (\(key))")
                precondition(view.isHidden || (kind.hiddenOrOutOfList && view.superview !== list),
                             "\(name): a queued \(noun) is not hidden\(kind.hiddenOrOutOfList ? " and is in the list" : "") (\(key))")
            }
        }
        #endif
    }
}

// MARK: The pools of UIKit's lists

// Side by side, where the four differ: only cells are counted, and a table's queued view may
// show once it is out of the table.

extension ReusePool.Kind where Element == UITableViewCell, Key == String {
    /// A table's cells: made with `init()`, queued by their reuse identifier, prepared for reuse,
    /// counted; a queued one may show only out of the table.
    static var tableCells: Self {
        Self(list: "UITableView", noun: "cell", shownFor: "a row", countsCells: true, hiddenOrOutOfList: true,
             create: { $0.init() }, mark: { cell, identifier in cell.storedReuseIdentifier = identifier },
             queueKey: { $0.reuseIdentifier }, identifier: { $0.reuseIdentifier }, prepare: { $0.prepareForReuse() })
    }
}

extension ReusePool.Kind where Element == UITableViewHeaderFooterView, Key == String {
    /// A table's section header and footer views: queued by their reuse identifier, prepared for
    /// reuse as cells are, not counted.
    static var tableHeaderFooterViews: Self {
        Self(list: "UITableView", noun: "header view", shownFor: "a section", countsCells: false, hiddenOrOutOfList: true,
             create: { $0.init() }, mark: { header, identifier in header.storedReuseIdentifier = identifier },
             queueKey: { $0.reuseIdentifier }, identifier: { $0.reuseIdentifier }, prepare: { $0.prepareForReuse() })
    }
}

extension ReusePool.Kind where Element == UICollectionViewCell, Key == String {
    /// A collection view's cells: made with `init()`, queued by their reuse identifier, prepared
    /// for reuse, counted; a queued one is hidden.
    static var collectionCells: Self {
        Self(list: "UICollectionView", noun: "cell", shownFor: "an element", countsCells: true, hiddenOrOutOfList: false,
             create: { $0.init() },
             mark: { cell, identifier in
                 cell.reuseIdentifier = identifier
                 cell.reuseQueue = .cell(identifier)
             },
             queueKey: { if case .cell(let identifier)? = $0.reuseQueue { identifier } else { nil } },
             identifier: { $0.reuseIdentifier }, prepare: { $0.prepareForReuse() })
    }
}

extension ReusePool.Kind where Element == UICollectionReusableView, Key == UICollectionView.SupplementaryKey {
    /// A collection view's supplementary views: made with `init()`, queued by their kind and
    /// identifier, prepared for reuse, not counted as cells.
    static var collectionSupplementaryViews: Self {
        Self(list: "UICollectionView", noun: "supplementary view", shownFor: "an element", countsCells: false, hiddenOrOutOfList: false,
             create: { $0.init() },
             mark: { view, key in
                 view.reuseIdentifier = key.identifier
                 view.reuseQueue = .supplementary(key)
             },
             queueKey: { if case .supplementary(let key)? = $0.reuseQueue { key } else { nil } },
             identifier: { _ in nil }, prepare: { $0.prepareForReuse() })
    }
}
