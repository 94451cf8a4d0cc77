// Table editing as a Swift 5 app writes it against the SDK (Xcode's table view controller
// template, with `override` on the data source and delegate methods UITableViewController
// declares): setEditing overridden, the edit button in the navigation bar, delete and insert
// committed, row actions. Each compiles with the SDK's spelling and does what UIKit does.
import Foundation
import XCTest
import UIKit

/// A shopping list: "Edit" puts it in editing mode; each row deletes, the last one inserts.
final class ShoppingListController: UITableViewController {
    var items = ["Milk", "Eggs", "Bread"]
    var log: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "item")
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        log.append("setEditing(\(editing), animated: \(animated))")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count + 1 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "item", for: indexPath)
        cell.textLabel?.text = indexPath.row < items.count ? items[indexPath.row] : "Add item"
        return cell
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
        indexPath.row < items.count ? .delete : .insert
    }

    override func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            items.remove(at: indexPath.row)
            tableView.deleteRows(at: [indexPath], with: .fade)
        } else if editingStyle == .insert {
            items.append("Item \(items.count + 1)")
            tableView.insertRows(at: [indexPath], with: .automatic)
        }
        log.append("commit \(editingStyle.rawValue) \(indexPath.row)")
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}

    override func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { "Remove" }
    override func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { log.append("willBegin \(indexPath.row)") }
    override func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) { log.append("didEnd \(indexPath?.row ?? -1)") }

    override func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath) -> [UITableViewRowAction]? {
        let share = UITableViewRowAction(style: .normal, title: "Share") { [weak self] action, indexPath in
            self?.log.append("\(action.title ?? "") \(indexPath.row)")
        }
        share.backgroundColor = .systemBlue
        let delete = UITableViewRowAction(style: .destructive, title: "Delete") { _, _ in }
        return [delete, share]
    }
}

final class TableEditingClientTests: XCTestCase {
    func testTheEditButtonAndTheCommits() {
        UIApplication.withNewApplication {
            let list = ShoppingListController(style: .plain)
            let navigation = UINavigationController(rootViewController: list)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            XCTAssertTrue(list.navigationItem.rightBarButtonItem === list.editButtonItem)
            XCTAssertEqual(list.editButtonItem.title, "Edit")

            // The button's action, as a tap sends it: the override hears it, animated.
            let item = list.editButtonItem
            UIApplication.shared.sendAction(item.action!, to: item.target, from: item, for: nil)
            XCTAssertEqual(list.log, ["setEditing(true, animated: true)"])
            XCTAssertTrue(list.isEditing && list.tableView.isEditing)
            XCTAssertEqual(item.title, "Done")
            XCTAssertEqual(item.style, .done)

            list.tableView.layoutIfNeeded()
            let first = list.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
            let last = list.tableView.cellForRow(at: IndexPath(row: 3, section: 0))
            XCTAssertEqual(first?.editingStyle, .delete)
            XCTAssertEqual(last?.editingStyle, .insert)
            XCTAssertEqual(first?.isEditing, true)

            list.tableView(list.tableView, commit: .delete, forRowAt: IndexPath(row: 1, section: 0))
            XCTAssertEqual(list.items, ["Milk", "Bread"])
            XCTAssertEqual(list.tableView.numberOfRows(inSection: 0), 3)

            list.isEditing = false
            XCTAssertEqual(item.title, "Edit")
            XCTAssertFalse(list.tableView.isEditing)
            XCTAssertEqual(UITableViewRowAction.Style.destructive, .default)
            XCTAssertEqual(UITableViewRowAction.Style.normal.rawValue, 1)
        }
    }
}
