import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A table's editing mode, as UIKit's, under traced taps: rows indent by the editing control's
/// 38 pt (a chosen figure: `UITableViewCell.editingIndent`), a tap on a delete control shows the
/// confirmation and a tap on that commits the delete; an insert control commits at once; rows the
/// data source does not let edit stay as they are; selection only with
/// `allowsSelectionDuringEditing`. Then the view controller's edit button, the older row actions
/// a swipe shows, and section updates. Rows are 44 pt (the table's default) in a 390 × 844 window,
/// the table's content from the window's top: row r spans y 44r … 44r + 44.
@MainActor
@Suite struct TableEditingTests {
    /// Five rows: "Locked" (row 1) cannot be edited, the last adds; the others delete.
    final class Groceries: UITableViewDataSource, UITableViewDelegate {
        var items = ["Milk", "Locked", "Eggs", "Bread"]
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count + 1 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            cell.textLabel?.text = indexPath.row < items.count ? items[indexPath.row] : "Add"
            cell.accessoryType = indexPath.row == 0 ? .disclosureIndicator : .none
            return cell
        }
        func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
            indexPath.row >= items.count || items[indexPath.row] != "Locked"
        }
        func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle {
            indexPath.row < items.count ? .delete : .insert
        }
        func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
            log.append("commit \(editingStyle == .delete ? "delete" : "insert") \(indexPath.row)")
            if editingStyle == .delete {
                items.remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .fade)
            } else {
                items.append("Item \(items.count)")
                tableView.insertRows(at: [indexPath], with: .fade)
            }
        }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
        func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) { log.append("willBegin \(indexPath.row)") }
        func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) { log.append("didEnd \(indexPath?.row ?? -1)") }
        /// The older row actions, when a test gives some.
        var rowActions: ((IndexPath) -> [UITableViewRowAction]?)?
        func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath) -> [UITableViewRowAction]? {
            rowActions?(indexPath)
        }
    }

    func table(_ source: Groceries) -> (UIWindow, UITableView) {
        let window = makeWindow()
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        return (window, table)
    }

    func texts(_ table: UITableView) -> [String] { table.visibleCells.map { $0.textLabel?.text ?? "" } }

    /// Editing on and off, not animated. Row 0 (a disclosure chevron, 8 pt wide, 16 pt from the
    /// edge: it starts at 390 − 16 − 8 = 366) has its content view 0…366; editing, the chevron goes
    /// (no editing accessory) and the content view moves in by 38: x 38, width 390 − 38 = 352, the
    /// delete control in 0…38. "Locked" (row 1) is not editable: no control, not indented. Row 4
    /// shows the insert control. Off again, every row is back as it was.
    @Test func editingIndentsTheContentViewAndBack() {
        UIApplication.withNewApplication {
            let source = Groceries()
            let (window, table) = table(source)
            _ = window.layoutPass()
            let milk = table.cellForRow(at: IndexPath(row: 0, section: 0))!, locked = table.cellForRow(at: IndexPath(row: 1, section: 0))!
            let add = table.cellForRow(at: IndexPath(row: 4, section: 0))!
            #expect(milk.contentView.frame == CGRect(x: 0, y: 0, width: 366, height: 44))

            table.setEditing(true, animated: false)
            _ = window.layoutPass()
            #expect(table.isEditing && milk.isEditing && milk.editingStyle == .delete)
            #expect(milk.contentView.frame == CGRect(x: 38, y: 0, width: 352, height: 44))
            #expect(milk.editControlFrame == CGRect(x: 0, y: 0, width: 38, height: 44))
            #expect(!locked.isEditing && locked.editingStyle == .none && locked.editControlFrame == nil)
            #expect(locked.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
            #expect(add.editingStyle == .insert && add.contentView.frame.minX == 38)

            table.isEditing = false
            _ = window.layoutPass()
            #expect(!milk.isEditing && milk.editControlFrame == nil)
            #expect(milk.contentView.frame == CGRect(x: 0, y: 0, width: 366, height: 44))
            #expect(add.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        }
    }

    /// Editing: a tap on row 2's delete control (x 0…38, y 88…132) slides the row 74 pt aside (the
    /// "Delete" button's least width, UIKit's swipe button minimum) and nothing is committed yet;
    /// a tap on the button (x 390 − 74 = 316 … 390) commits the delete of row 2. "Bread" moves up
    /// into row 2; four rows remain. No swipe editing began (no willBegin/didEnd).
    @Test func theDeleteControlThenTheConfirmationCommitTheDelete() throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            let (window, table) = table(source)
            table.setEditing(true, animated: false)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 19, y: 110), time: 0.1)
            trace.tap(2, at: CGPoint(x: 353, y: 110), time: 1.0)
            // Between the taps (the slide, 0.3 s, over long before): the row aside, nothing committed.
            var between: (offset: CGFloat?, minX: CGFloat?, button: String?, log: [String])?
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { frame, _ in
                guard frame.vsync < 1.0 else { return }   // the last frame before the second tap
                between = (table.swipe?.offset, table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX,
                           table.swipe?.view.buttons.first?.title(for: .normal), source.log)
            }
            _ = try replay.run(trace)
            #expect(between?.offset == 74 && between?.minX == -74 && between?.button == "Delete" && between?.log == [])
            #expect(source.log == ["commit delete 2"])
            #expect(source.items == ["Milk", "Locked", "Bread"] && table.numberOfRows(inSection: 0) == 4 && table.swipe == nil)
            #expect(texts(table) == ["Milk", "Locked", "Bread", "Add"])
        }
    }

    /// A tap elsewhere while the confirmation shows puts the row back and commits nothing.
    @Test func aTapElsewhereCancelsTheConfirmation() throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            let (window, table) = table(source)
            table.setEditing(true, animated: false)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 19, y: 110), time: 0.1)
            trace.tap(2, at: CGPoint(x: 200, y: 300), time: 1.0)   // below the rows (5 × 44 = 220)
            _ = try replay(trace, in: window)
            #expect(source.log.isEmpty && table.swipe == nil)
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
        }
    }

    /// A tap on row 4's insert control (y 176…220) commits an insert there at once; the new row 4
    /// shows "Item 4", "Add" moves to row 5. A tap on "Locked"'s leading edge (not editable, no
    /// control) does nothing: rows are not selected while editing.
    @Test func theInsertControlCommitsAtOnce() throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            let (window, table) = table(source)
            table.setEditing(true, animated: false)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 19, y: 198), time: 0.1)
            trace.tap(2, at: CGPoint(x: 19, y: 66), time: 1.0)
            _ = try replay(trace, in: window)
            #expect(source.log == ["commit insert 4"])
            #expect(texts(table) == ["Milk", "Locked", "Eggs", "Bread", "Item 4", "Add"])
            #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.editingStyle == .delete)   // the new row, editing too
        }
    }

    /// Tapping row 0's content (x 200, y 22) while editing selects nothing by default; with
    /// `allowsSelectionDuringEditing` it selects row 0.
    @Test(arguments: [false, true]) func selectionDuringEditing(allowed: Bool) throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            let (window, table) = table(source)
            table.allowsSelectionDuringEditing = allowed
            table.setEditing(true, animated: false)
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 200, y: 22), time: 0.1, duration: 0.3)
            _ = try replay(trace, in: window)
            #expect(source.log == (allowed ? ["select 0"] : []))
            #expect(table.indexPathForSelectedRow == (allowed ? IndexPath(row: 0, section: 0) : nil))
        }
    }

    /// A table view controller whose setEditing is overridden, in a navigation controller with its
    /// edit button on the right: two traced taps on the button toggle editing, through the
    /// override, the table following; the title goes Edit → Done → Edit.
    @Test func theEditButtonTogglesEditing() throws {
        final class List: UITableViewController {
            var calls: [String] = []
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            override func setEditing(_ editing: Bool, animated: Bool) {
                super.setEditing(editing, animated: animated)
                calls.append("setEditing(\(editing), animated: \(animated))")
            }
        }
        try UIApplication.withNewApplication {
            let list = List(style: .plain)
            list.navigationItem.rightBarButtonItem = list.editButtonItem
            let navigation = UINavigationController(rootViewController: list)
            let window = makeWindow()
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            _ = window.layoutPass()
            #expect(list.editButtonItem === list.editButtonItem && list.editButtonItem.title == "Edit")
            // The button ends at the trailing margin (390 − 16 = 374); Done, wider, covers Edit's centre too.
            let button = try #require(navigation.navigationBar.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == "Edit" })
            #expect(abs(button.frame.maxX - 374) < 1e-9)
            let center = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: window)
            var trace = Trace()
            trace.tap(1, at: center, time: 0.1)
            trace.tap(2, at: center, time: 1.0)
            var between: (calls: [String], editing: Bool, title: String?, style: UIBarButtonItem.Style)?
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { frame, _ in
                guard frame.vsync < 1.0 else { return }   // the last frame before the second tap
                between = (list.calls, list.tableView.isEditing, list.editButtonItem.title, list.editButtonItem.style)
            }
            _ = try replay.run(trace)
            #expect(between?.calls == ["setEditing(true, animated: true)"] && between?.editing == true)
            #expect(between?.title == "Done" && between?.style == .done)
            #expect(list.calls.last == "setEditing(false, animated: true)" && !list.isEditing && !list.tableView.isEditing)
            #expect(list.editButtonItem.title == "Edit" && list.editButtonItem.style == .plain)
        }
    }

    /// UIKit's older row actions, from a delegate without swipe configurations: a 100 pt swipe left
    /// on row 2 (y 88…132) held opens them, 2 × 74 = 148 pt ("Remove" and "More" are narrower
    /// than the 74 pt minimum), Remove outermost in red, More in the normal grey. A tap on More
    /// (x 390 − 148 = 242 … 316) calls its handler with row 2; the row stays open until editing
    /// ends, when the delegate hears that row 2's editing ended.
    @Test func rowActionsShowOnASwipeAndCallTheirHandler() throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            source.rowActions = { [unowned source] _ in
                [UITableViewRowAction(style: .destructive, title: "Remove") { _, path in source.log.append("remove \(path.row)") },
                 UITableViewRowAction(style: .normal, title: "More") { action, path in source.log.append("\(action.title ?? "") \(path.row)") }]
            }
            let (window, table) = table(source)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 300, y: 110), to: CGPoint(x: 200, y: 110), time: 0.1, duration: 0.3, hold: 0.1)
            trace.tap(2, at: CGPoint(x: 279, y: 110), time: 1.2)
            _ = try replay(trace, in: window)
            #expect(source.log == ["willBegin 2", "More 2"])
            #expect(table.swipe?.offset == 148 && table.contentOffset.y == 0)
            let buttons = table.swipe?.view.buttons ?? []
            #expect(buttons.map { $0.title(for: .normal) } == ["Remove", "More"])
            #expect(buttons.first?.backgroundColor == .systemRed && buttons.last?.backgroundColor == .systemGray3)
            table.setEditing(false, animated: false)
            #expect(table.swipe == nil && source.log.last == "didEnd 2")
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
        }
    }

    /// Editing mode shows no swipe actions: the same swipe while editing opens nothing.
    @Test func swipesRevealNothingWhileEditing() throws {
        try UIApplication.withNewApplication {
            let source = Groceries()
            source.rowActions = { _ in [UITableViewRowAction(style: .normal, title: "More") { _, _ in }] }
            let (window, table) = table(source)
            table.setEditing(true, animated: false)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 300, y: 110), to: CGPoint(x: 200, y: 110), time: 0.1, duration: 0.3, hold: 0.1)
            _ = try replay(trace, in: window)
            #expect(table.swipe == nil && source.log.isEmpty)
        }
    }
}
