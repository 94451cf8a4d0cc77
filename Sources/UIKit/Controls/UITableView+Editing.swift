import Foundation
import Geometry
import CoreGraphics
import UIFoundation

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
}
