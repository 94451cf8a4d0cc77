import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A button a swipe on a row reveals, as UIKit's older `UITableViewRowAction` (deprecated since
/// iOS 13 for `UIContextualAction`, still in wide use): the delegate's
/// `tableView(_:editActionsForRowAt:)` gives them, first at the trailing edge, when it gives no
/// `trailingSwipeActionsConfigurationForRowAt`. A tap on one calls its handler with the row; the
/// buttons stay out until the handler changes the rows or ends editing
/// (`tableView.setEditing(false, animated: true)`), as UIKit's. A full swipe performs nothing.
@preconcurrency @MainActor
open class UITableViewRowAction: NSObject {
    /// UIKit's raw values: `.destructive` is `.default` (0), red; `.normal` (1) is grey.
    public enum Style: Int, Sendable {
        case `default` = 0, normal = 1
        public static var destructive: Style { .default }
    }

    open var style: Style { storedStyle }
    private var storedStyle = Style.default
    open var title: String?
    /// The button's colour: the style's (`.systemRed`, `.systemGray3`) unless set.
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor ?? (style == .normal ? .systemGray3 : .systemRed) }
        set { storedBackgroundColor = newValue }
    }
    private var storedBackgroundColor: UIColor?
    /// Kept (uisim draws the button on its colour).
    open var backgroundEffect: UIVisualEffect?
    private var handler: ((UITableViewRowAction, IndexPath) -> Void)?

    public override init() { super.init() }

    public convenience init(style: Style, title: String?, handler: @escaping (UITableViewRowAction, IndexPath) -> Void) {
        self.init()
        storedStyle = style
        self.title = title
        self.handler = handler
    }

    func perform(at indexPath: IndexPath) { handler?(self, indexPath) }
}

/// Editing, as UIKit's table does it. In editing mode each row the data source lets edit
/// (`canEditRowAt`, true by default) is put in editing mode with the control its delegate gives
/// (`editingStyleForRowAt`, `.delete` by default) and indented unless the delegate says not to
/// (`shouldIndentWhileEditingRowAt`); a row it does not let edit stays as it is. A tap on a delete
/// control slides the row aside to show the delete confirmation button (the delegate's
/// `titleForDeleteConfirmationButtonForRowAt`, "Delete" by default) with the swipe actions'
/// machinery; a tap on that button calls the data source's `commit` with `.delete`, a tap anywhere
/// else puts the row back. A tap on an insert control calls `commit` with `.insert`. A tap on a
/// row selects it only with `allowsSelectionDuringEditing`. Swipes reveal no actions while editing.
extension UITableView {
    func changeEditing(_ editing: Bool, animated: Bool) {
        // Any row's swipe actions or delete confirmation close, editing or not (as UIKit's).
        if swipe != nil { closeSwipeActions(animated: animated) }
        guard editing != editingMode else { return }
        editingMode = editing
        for (indexPath, cell) in visible.sorted(by: { $0.key < $1.key }) {
            applyEditing(to: cell, at: indexPath, animated: animated)
        }
    }

    /// Puts a row's cell in or out of editing mode, as the data source and delegate say.
    func applyEditing(to cell: UITableViewCell, at indexPath: IndexPath, animated: Bool) {
        let editable = editingMode && (dataSource?.tableView(self, canEditRowAt: indexPath) ?? false)
        if editable {
            let delegate = tableDelegate
            cell.tableEditingStyle = delegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete
            cell.tableIndentsWhileEditing = delegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true
        }
        cell.setEditing(editable, animated: animated)
        if !editable { cell.tableEditingStyle = .none }
    }

    /// A tap on a row's editing control: insert commits, delete asks for confirmation.
    func editControlTapped(_ cell: UITableViewCell, at indexPath: IndexPath) {
        switch cell.editingStyle {
        case .insert:
            dataSource?.tableView(self, commit: .insert, forRowAt: indexPath)
        case .delete:
            showDeleteConfirmation(at: indexPath)
        case .none:
            break
        }
    }

    /// Slides the row aside to show its delete confirmation button, animated.
    private func showDeleteConfirmation(at indexPath: IndexPath) {
        let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
        let confirm = UIContextualAction(style: .destructive, title: title) { [weak self] _, _, done in
            guard let self else { return }
            self.dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
            done(true)
        }
        let configuration = UISwipeActionsConfiguration(actions: [confirm])
        configuration.performsFirstActionWithFullSwipe = false
        beginSwipe(at: indexPath, trailing: true, configuration: configuration, editsRow: false)
        moveSwipe(to: Self.buttonWidths(configuration).reduce(0, +), animated: true)
    }

    /// The delegate's row actions as swipe actions: each a contextual action of the same title,
    /// colour and style whose handler calls the row action's with the row; the row stays open.
    func rowActionsConfiguration(_ actions: [UITableViewRowAction], at indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        guard !actions.isEmpty else { return nil }
        let contextual = actions.map { action in
            let mapped = UIContextualAction(style: action.style == .normal ? .normal : .destructive, title: action.title) { _, _, _ in
                action.perform(at: indexPath)
            }
            mapped.backgroundColor = action.backgroundColor
            return mapped
        }
        let configuration = UISwipeActionsConfiguration(actions: contextual)
        configuration.performsFirstActionWithFullSwipe = false
        return configuration
    }
}
