import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// The state of a list's data by identity, as UIKit's `NSDiffableDataSourceSnapshot`: sections and
/// their items, each named by a unique identifier. A diffable data source applies one by working
/// out the difference from the last (inserts, deletes, moves) and updating its view with it.
///
/// Identifiers must be unique, as in UIKit: where UIKit raises on a duplicate, the snapshot leaves
/// it out and the data source reports it when the snapshot is applied (a layout issue in the
/// replay's summary) rather than stopping the app.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [[ItemIdentifierType]] = []
    /// Where each item is: its section's index.
    private var sectionOfItem: [ItemIdentifierType: Int] = [:]
    /// What the snapshot refused (duplicate identifiers, unknown ones), for the data source to report.
    var problems: [String] = []

    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []

    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { sectionOfItem.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        indexOfSection(identifier).map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        indexOfSection(identifier).map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sectionOfItem[identifier].map { sections[$0] }
    }

    /// The item's index among all the snapshot's items.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let section = sectionOfItem[identifier], let index = items[section].firstIndex(of: identifier) else { return nil }
        return items[..<section].reduce(0) { $0 + $1.count } + index
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    /// The index path of an item.
    func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let index = items[section].firstIndex(of: identifier) else { return nil }
        return IndexPath(item: index, section: section)
    }

    func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard items.indices.contains(indexPath.section), items[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return items[indexPath.section][indexPath.item]
    }

    func items(ofSectionAt index: Int) -> [ItemIdentifierType] { items[index] }

    /// The identifier of the section at `index`, if there is one.
    func sectionIdentifier(at index: Int) -> SectionIdentifierType? { sections.indices.contains(index) ? sections[index] : nil }

    /// How many items the section at `index` holds (0 for a section that is not there).
    func itemCount(inSectionAt index: Int) -> Int { items.indices.contains(index) ? items[index].count : 0 }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in unique(sections: identifiers) {
            sections.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        guard let index = section(toIdentifier, for: "insertSections(_:beforeSection:)") else { return }
        insert(sections: identifiers, at: index)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        guard let index = section(toIdentifier, for: "insertSections(_:afterSection:)") else { return }
        insert(sections: identifiers, at: index + 1)
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers {
            guard let index = sections.firstIndex(of: identifier) else { continue }
            for item in items[index] { sectionOfItem[item] = nil }
            sections.remove(at: index)
            items.remove(at: index)
            reindex(from: index)
        }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: false)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        moveSection(identifier, to: toIdentifier, after: true)
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        reloadedSectionIdentifiers += identifiers.filter { sections.contains($0) }
    }

    private mutating func moveSection(_ identifier: SectionIdentifierType, to target: SectionIdentifierType, after: Bool) {
        guard identifier != target, let from = section(identifier, for: "moveSection"), section(target, for: "moveSection") != nil else { return }
        let moving = items.remove(at: from)
        sections.remove(at: from)
        let to = sections.firstIndex(of: target)! + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moving, at: to)
        reindex(from: 0)
    }

    private mutating func insert(sections identifiers: [SectionIdentifierType], at index: Int) {
        let fresh = unique(sections: identifiers)
        sections.insert(contentsOf: fresh, at: index)
        items.insert(contentsOf: fresh.map { _ in [] }, at: index)
        reindex(from: index)
    }

    private mutating func unique(sections identifiers: [SectionIdentifierType]) -> [SectionIdentifierType] {
        var seen = Set(sections), fresh: [SectionIdentifierType] = []
        for identifier in identifiers {
            if seen.insert(identifier).inserted { fresh.append(identifier) } else { problems.append("duplicate section identifier \(identifier)") }
        }
        return fresh
    }

    private mutating func section(_ identifier: SectionIdentifierType, for method: String) -> Int? {
        if let index = sections.firstIndex(of: identifier) { return index }
        problems.append("\(method): no section \(identifier) in the snapshot")
        return nil
    }

    private mutating func reindex(from section: Int) {
        for index in section..<items.count { for item in items[index] { sectionOfItem[item] = index } }
    }

    // MARK: Items

    /// Appends items to `sectionIdentifier`, or to the last section.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        let index: Int
        if let sectionIdentifier {
            guard let found = section(sectionIdentifier, for: "appendItems(_:toSection:)") else { return }
            index = found
        } else {
            guard !sections.isEmpty else {
                problems.append("appendItems(_:): the snapshot has no section to append to")
                return
            }
            index = sections.count - 1
        }
        // One hash operation an item: an identifier already there keeps its section.
        items[index].reserveCapacity(items[index].count + identifiers.count)
        sectionOfItem.reserveCapacity(sectionOfItem.count + identifiers.count)
        for item in identifiers {
            if let previous = sectionOfItem.updateValue(index, forKey: item) {
                sectionOfItem[item] = previous
                problems.append("duplicate item identifier \(item)")
            } else {
                items[index].append(item)
            }
        }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(items: identifiers, next: beforeIdentifier, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(items: identifiers, next: afterIdentifier, after: true)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        var touched = Set<Int>()
        for item in identifiers { if let section = sectionOfItem.removeValue(forKey: item) { touched.insert(section) } }
        for section in touched { items[section].removeAll { gone.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionOfItem = [:]
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: false)
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        move(identifier, next: toIdentifier, after: true)
    }

    /// Marks items whose cells are to be made again (their content changed).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        reloadedItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    /// Marks items whose cells are to be configured again in place: the cell provider is asked
    /// again and its dequeue hands back the cell on screen, without `prepareForReuse()`.
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        reconfiguredItemIdentifiers += identifiers.filter { sectionOfItem[$0] != nil }
    }

    private mutating func insert(items identifiers: [ItemIdentifierType], next neighbour: ItemIdentifierType, after: Bool) {
        guard let section = sectionOfItem[neighbour], let index = items[section].firstIndex(of: neighbour) else {
            problems.append("insertItems: no item \(neighbour) in the snapshot")
            return
        }
        let fresh = unique(items: identifiers)
        items[section].insert(contentsOf: fresh, at: index + (after ? 1 : 0))
        for item in fresh { sectionOfItem[item] = section }
    }

    private mutating func move(_ identifier: ItemIdentifierType, next neighbour: ItemIdentifierType, after: Bool) {
        guard identifier != neighbour, let from = sectionOfItem[identifier], sectionOfItem[neighbour] != nil else {
            problems.append("moveItem: \(identifier) or \(neighbour) is not in the snapshot")
            return
        }
        items[from].removeAll { $0 == identifier }
        let section = sectionOfItem[neighbour]!
        let index = items[section].firstIndex(of: neighbour)! + (after ? 1 : 0)
        items[section].insert(identifier, at: index)
        sectionOfItem[identifier] = section
    }

    private mutating func unique(items identifiers: [ItemIdentifierType]) -> [ItemIdentifierType] {
        var fresh: [ItemIdentifierType] = [], seen = Set<ItemIdentifierType>()
        for item in identifiers {
            if sectionOfItem[item] == nil, seen.insert(item).inserted { fresh.append(item) } else { problems.append("duplicate item identifier \(item)") }
        }
        return fresh
    }

    /// The snapshot without its reload marks (what a data source keeps once applied).
    var settled: Self {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        copy.problems = []
        return copy
    }
}

/// The difference between two snapshots as one batch of updates, in UIKit's numbering: sections
/// deleted (old indexes) and inserted (new), items deleted (old index paths), inserted (new),
/// moved (old to new; within a section, the fewest by `CollectionDifference`'s moves, and between
/// sections, an item that left one for another), reloaded (old).
struct SnapshotDifference {
    var deletedSections = IndexSet(), insertedSections = IndexSet(), reloadedSections = IndexSet()
    var deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = []
    /// Items to configure again in their cells (old index paths; not moved or deleted ones).
    var reconfigures: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []

    var changeCount: Int {
        deletedSections.count + insertedSections.count + reloadedSections.count + deletes.count + inserts.count + reloads.count + moves.count
            + reconfigures.count
    }

    init<S, I>(from old: NSDiffableDataSourceSnapshot<S, I>, to new: NSDiffableDataSourceSnapshot<S, I>) {
        let sectionChanges = new.sectionIdentifiers.difference(from: old.sectionIdentifiers)
        for change in sectionChanges {
            switch change {
            case .remove(let offset, _, _): deletedSections.insert(offset)
            case .insert(let offset, _, _): insertedSections.insert(offset)
            }
        }
        // Items of sections in both: by section, the removals and insertions; an item removed from
        // one place and inserted at another is a move.
        var removed: [I: IndexPath] = [:], inserted: [I: IndexPath] = [:]
        for (newIndex, section) in new.sectionIdentifiers.enumerated() where !insertedSections.contains(newIndex) {
            guard let oldIndex = old.indexOfSection(section) else { continue }
            let before = old.items(ofSectionAt: oldIndex), after = new.items(ofSectionAt: newIndex)
            if before == after { continue }
            for change in after.difference(from: before) {
                switch change {
                case .remove(let offset, let item, _): removed[item] = IndexPath(item: offset, section: oldIndex)
                case .insert(let offset, let item, _): inserted[item] = IndexPath(item: offset, section: newIndex)
                }
            }
        }
        // Items of deleted sections that reappear elsewhere, and items of inserted sections that
        // came from elsewhere, move too.
        for oldIndex in deletedSections {
            for (offset, item) in old.items(ofSectionAt: oldIndex).enumerated() where new.sectionIdentifier(containingItem: item) != nil {
                removed[item] = IndexPath(item: offset, section: oldIndex)
            }
        }
        for newIndex in insertedSections {
            for (offset, item) in new.items(ofSectionAt: newIndex).enumerated() where old.sectionIdentifier(containingItem: item) != nil {
                inserted[item] = IndexPath(item: offset, section: newIndex)
            }
        }
        for (item, from) in removed {
            if let to = inserted.removeValue(forKey: item) {
                // Inside an inserted section, the section's insert makes it: the old one is deleted.
                if insertedSections.contains(to.section) { if !deletedSections.contains(from.section) { deletes.append(from) } }
                else if deletedSections.contains(from.section) { inserts.append(to) }
                else { moves.append((from, to)) }
            } else if !deletedSections.contains(from.section) {
                deletes.append(from)
            }
        }
        for (_, to) in inserted where !insertedSections.contains(to.section) { inserts.append(to) }
        deletes.sort()
        inserts.sort()
        moves.sort { $0.from < $1.from }
        for item in new.reloadedItemIdentifiers {
            if let path = old.indexPath(of: item), !deletes.contains(path), !moves.contains(where: { $0.from == path }) { reloads.append(path) }
        }
        for item in new.reconfiguredItemIdentifiers where !new.reloadedItemIdentifiers.contains(item) {
            if let path = old.indexPath(of: item), !deletes.contains(path) { reconfigures.append(path) }
        }
        for section in new.reloadedSectionIdentifiers {
            if let index = old.indexOfSection(section), !deletedSections.contains(index) { reloadedSections.insert(index) }
        }
    }
}

/// A collection view's data source that takes its data as snapshots (UIKit's
/// `UICollectionViewDiffableDataSource`): `apply(_:animatingDifferences:completion:)` works out
/// what changed since the last snapshot and updates the collection view with exactly those
/// inserts, deletes and moves (animated, by default); cells come from `cellProvider`.
/// Keep a reference to it: the collection view holds its data source weakly, as UIKit's.
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: UICollectionViewDataSource {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    /// Makes the sections' supplementary views (headers, footers).
    public var supplementaryViewProvider: SupplementaryViewProvider?
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// The data now shown (a copy to change and apply).
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`: the collection view is updated by the difference from the last one,
    /// animated unless `animatingDifferences` is false; `completion` runs when it is done.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
                    completion: (() -> Void)? = nil) {
        guard let collectionView else { return }
        for problem in snapshot.problems { collectionView.reportLayoutIssue("NSDiffableDataSourceSnapshot: \(problem)") }
        let old = current
        current = snapshot.settled
        guard collectionView.hasLoadedData else {
            collectionView.reloadData()
            AnimationRegistry.current.completeNextTurn(completion.map { done in { _ in done() } })
            return
        }
        let difference = SnapshotDifference(from: old, to: snapshot)
        collectionView.countSnapshotDifference(difference.changeCount)
        let update = {
            collectionView.performBatchUpdates({
                collectionView.deleteSections(difference.deletedSections)
                collectionView.insertSections(difference.insertedSections)
                collectionView.reloadSections(difference.reloadedSections)
                collectionView.deleteItems(at: difference.deletes)
                collectionView.insertItems(at: difference.inserts)
                collectionView.reloadItems(at: difference.reloads)
                for move in difference.moves { collectionView.moveItem(at: move.from, to: move.to) }
            }, completion: { _ in completion?() })
            if !difference.reconfigures.isEmpty {
                // Reconfigures name the items before the update: after it, by identity.
                collectionView.reconfigureItems(at: difference.reconfigures.compactMap { old.item(at: $0) }.compactMap { self.current.indexPath(of: $0) })
            }
        }
        if animatingDifferences { update() } else { UIView.performWithoutAnimation(update) }
    }

    /// Shows `snapshot` by reloading everything (no difference worked out, nothing animated).
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        current = snapshot.settled
        collectionView?.reloadData()
        AnimationRegistry.current.completeNextTurn(completion.map { done in { _ in done() } })
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.sectionIdentifier(at: index) }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    public func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        current.itemCount(inSectionAt: section)
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) { return cell }
        // UIKit raises when the provider returns nil; uisim shows an empty cell and says so.
        collectionView.reportLayoutIssue("UICollectionViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
        return UICollectionViewCell()
    }

    public func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        if let view = supplementaryViewProvider?(collectionView, kind, indexPath) { return view }
        collectionView.reportLayoutIssue("UICollectionViewDiffableDataSource: no supplementary view provider made a \(kind) for \(indexPath)")
        return UICollectionReusableView()
    }
}

extension UICollectionView {
    /// How a cell class is registered and configured, without a reuse identifier of your own
    /// (UIKit's `UICollectionView.CellRegistration`): `dequeueConfiguredReusableCell(using:for:item:)`
    /// dequeues a cell of `Cell` and runs `handler` on it with the item.
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (Cell, IndexPath, Item) -> Void
        let identifier = "uisim.registration." + UUID().uuidString
        let handler: Handler

        public init(handler: @escaping Handler) { self.handler = handler }
    }

    /// A supplementary view's registration (UIKit's `UICollectionView.SupplementaryRegistration`).
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (Supplementary, String, IndexPath) -> Void
        let identifier = "uisim.registration." + UUID().uuidString
        public let elementKind: String
        let handler: Handler

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
        }
    }

    /// A cell of the registration's class, configured by its handler for `item`.
    public func dequeueConfiguredReusableCell<Cell, Item>(using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?) -> Cell {
        if !isRegistered(cell: registration.identifier) { register(Cell.self, forCellWithReuseIdentifier: registration.identifier) }
        let cell = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath) as! Cell
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view of the registration's class and kind, configured by its handler.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath) -> Supplementary {
        if !isRegistered(supplementary: registration.identifier, kind: registration.elementKind) {
            register(Supplementary.self, forSupplementaryViewOfKind: registration.elementKind, withReuseIdentifier: registration.identifier)
        }
        let view = dequeueReusableSupplementaryView(ofKind: registration.elementKind, withReuseIdentifier: registration.identifier, for: indexPath) as! Supplementary
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }
}

/// A table view's data source that takes its data as snapshots (UIKit's
/// `UITableViewDiffableDataSource`): `apply(_:animatingDifferences:completion:)` updates the table
/// by the difference from the last snapshot, rows inserted, deleted and reloaded with
/// `defaultRowAnimation`; a row that moved keeps its cell, as since iOS 15. Where uisim differs: a
/// change of sections reloads the table (uisim's table inserts, deletes and moves rows only). Keep a reference to it: the table holds its data source weakly, as UIKit's.
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: UITableViewDataSource {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()
    /// How inserted and deleted rows animate (default `.automatic`).
    open var defaultRowAnimation = UITableView.RowAnimation.automatic

    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        tableView.dataSource = self
    }

    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// Shows `snapshot`: the table is updated by the difference from the last one, animated unless
    /// `animatingDifferences` is false; `completion` runs when it is done.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
                    completion: (() -> Void)? = nil) {
        guard let tableView else { return }
        for problem in snapshot.problems { tableView.reportLayoutIssue("NSDiffableDataSourceSnapshot: \(problem)") }
        let old = current
        current = snapshot.settled
        let difference = SnapshotDifference(from: old, to: snapshot)
        guard tableView.hasLoadedRows, difference.deletedSections.isEmpty, difference.insertedSections.isEmpty,
              difference.reloadedSections.isEmpty else {
            tableView.reloadData()
            AnimationRegistry.current.completeNextTurn(completion.map { done in { _ in done() } })
            return
        }
        tableView.countSnapshotDifference(difference.changeCount)
        let animation = animatingDifferences ? defaultRowAnimation : .none
        tableView.performBatchUpdates({
            tableView.deleteRows(at: difference.deletes, with: animation)
            tableView.insertRows(at: difference.inserts, with: animation)
            // A moved row keeps its cell (since iOS 15): no cell is asked for it again.
            for move in difference.moves { tableView.moveRow(at: move.from, to: move.to) }
        }, completion: { _ in completion?() })
        if !difference.reloads.isEmpty {
            // Reloads name the rows before the update: after it, by identity.
            let reloaded = difference.reloads.compactMap { old.item(at: $0) }.compactMap { current.indexPath(of: $0) }
            tableView.reloadRows(at: reloaded, with: animation)
        }
        if !difference.reconfigures.isEmpty {
            tableView.reconfigureRows(at: difference.reconfigures.compactMap { old.item(at: $0) }.compactMap { current.indexPath(of: $0) })
        }
    }

    /// Shows `snapshot` by reloading the table.
    open func applySnapshotUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
                                           completion: (() -> Void)? = nil) {
        current = snapshot.settled
        tableView?.reloadData()
        AnimationRegistry.current.completeNextTurn(completion.map { done in { _ in done() } })
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPath(of: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { current.sectionIdentifier(at: index) }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { current.indexOfSection(sectionIdentifier) }

    // MARK: UITableViewDataSource

    public func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        current.itemCount(inSectionAt: section)
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) { return cell }
        tableView.reportLayoutIssue("UITableViewDiffableDataSource: the cell provider returned no cell for \(indexPath)")
        return UITableViewCell(style: .default, reuseIdentifier: nil)
    }
}
