import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A view controller whose view is a table (UIKit's `UITableViewController`): the table is its
/// data source and delegate's, and a subclass overrides the methods it needs
/// (`override func tableView(_:numberOfRowsInSection:)`, as with UIKit). With
/// `clearsSelectionOnViewWillAppear` (default true) the selected rows are deselected as the
/// screen appears again (coming back from a pushed detail).
@preconcurrency @MainActor
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    open private(set) var style: UITableView.Style
    open var clearsSelectionOnViewWillAppear = true

    public init(style: UITableView.Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        style = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// From a storyboard: the style of the scene's table view and whether selections clear; the
    /// table itself (its prototype and static cells) is made when the view loads.
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UIStoryboardDecoder else {
            noArchives(Self.self)
            return nil
        }
        let table = decoder.element.children.first { $0["key"] == "view" }
        style = switch table?["style"] { case "grouped": .grouped; case "insetGrouped": .insetGrouped; default: .plain }
        super.init(coder: coder)
        if decoder.element["clearsSelectionOnViewWillAppear"] == "NO" { clearsSelectionOnViewWillAppear = false }
    }

    /// The table: the controller's view.
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    /// The table of the controller's storyboard scene or nib, its data source and delegate as the
    /// document connects them; else a new table of the controller's style, whose data source and
    /// delegate the controller is.
    open override func loadView() {
        if let loaded = loadDocumentView() {
            guard loaded is UITableView else {
                fatalError("NSInternalInconsistencyException: -[UITableViewController loadView] loaded the \"\(nibName ?? storyboardScene?.file ?? "?")\" nib but didn't get a UITableView.")
            }
            view = loaded
            return
        }
        let table = UITableView(frame: UIScreen.main.bounds, style: style)
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear else { return }
        for indexPath in tableView.indexPathsForSelectedRows ?? [] { tableView.deselectRow(at: indexPath, animated: animated) }
    }

    /// Editing mode for the controller and its table, as UIKit's: the table's `setEditing(_:animated:)` too.
    open override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView?.setEditing(editing, animated: animated)
    }

    // MARK: Data source and delegate, to override

    // A storyboard's static table (`dataMode="static"`) is answered from its document, as UIKit's
    // controller does: a subclass that overrides these for a static table calls super.

    open func numberOfSections(in tableView: UITableView) -> Int { tableView.staticSections?.count ?? 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        staticSection(section, of: tableView)?.cells.count ?? 0
    }
    /// A static table's cell; else UIKit's raises unless overridden, and uisim gives an empty cell.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        staticRow(indexPath, of: tableView)?.cell ?? UITableViewCell()
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        staticSection(section, of: tableView)?.headerTitle
    }
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
        staticSection(section, of: tableView)?.footerTitle
    }
    /// A static cell's own row height when the document gives one; else the table's.
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        staticRow(indexPath, of: tableView)?.rowHeight ?? tableView.rowHeight
    }
    open func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    open func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    // Editing (UITableView+Editing.swift): the defaults are the protocols'.
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    open func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    open func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    open func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    open func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
    open func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath) -> [UITableViewRowAction]? { nil }
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}

    private func staticSection(_ section: Int, of tableView: UITableView) -> UITableView.StaticSection? {
        guard let sections = tableView.staticSections, sections.indices.contains(section) else { return nil }
        return sections[section]
    }

    private func staticRow(_ indexPath: IndexPath, of tableView: UITableView) -> (cell: UITableViewCell, rowHeight: CGFloat?)? {
        guard let cells = staticSection(indexPath.section, of: tableView)?.cells, cells.indices.contains(indexPath.row) else { return nil }
        return cells[indexPath.row]
    }
}

/// A view controller whose view is a collection view (UIKit's `UICollectionViewController`),
/// its data source and delegate; a subclass overrides what it needs.
@preconcurrency @MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    open private(set) var collectionViewLayout: UICollectionViewLayout
    open var clearsSelectionOnViewWillAppear = true

    public init(collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// From a storyboard: a flow layout (the scene's layout attributes are not read yet).
    public required init?(coder: NSCoder) {
        guard coder is UIStoryboardDecoder else {
            noArchives(Self.self)
            return nil
        }
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The collection view: the controller's view.
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// The collection view of the controller's storyboard scene or nib (the controller takes its
    /// layout), its data source and delegate as the document connects them; else a new one with
    /// the controller's layout, whose data source and delegate the controller is.
    open override func loadView() {
        if let loaded = loadDocumentView() {
            guard let collection = loaded as? UICollectionView else {
                fatalError("NSInternalInconsistencyException: -[UICollectionViewController loadView] loaded the \"\(nibName ?? storyboardScene?.file ?? "?")\" nib but didn't get a UICollectionView.")
            }
            collectionViewLayout = collection.collectionViewLayout
            view = loaded
            return
        }
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: collectionViewLayout)
        collection.dataSource = self
        collection.delegate = self
        view = collection
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear else { return }
        for indexPath in collectionView.indexPathsForSelectedItems ?? [] { collectionView.deselectItem(at: indexPath, animated: animated) }
    }

    // MARK: Data source and delegate, to override

    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    /// UIKit's raises unless overridden; uisim gives an empty cell.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell { UICollectionViewCell() }
    /// UIKit's raises when the layout asks for one this does not override; uisim shows an empty
    /// view and reports it.
    open func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        collectionView.reportLayoutIssue("the layout asked for a \(kind) at \(indexPath) and \(type(of: self)) does not override collectionView(_:viewForSupplementaryElementOfKind:at:)")
        return UICollectionReusableView()
    }
    open func collectionView(_ collectionView: UICollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didHighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {}
    open func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
