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

/// Swipe actions on a table's rows under traced swipes: a short swipe opens them (the row moved
/// aside by the buttons' width, 74 pt at least each), a tap on a button performs its action, a
/// full swipe performs the first; the table does not scroll meanwhile.
@MainActor
@Suite struct SwipeActionsReplayTests {
    final class Mail: UITableViewDataSource, UITableViewDelegate {
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Message \(indexPath.row)"
            return cell
        }
        func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
            let delete = UIContextualAction(style: .destructive, title: "Delete") { [unowned self] _, _, done in
                self.log.append("delete \(indexPath.row)")
                done(true)
            }
            let flag = UIContextualAction(style: .normal, title: "Flag") { [unowned self] _, _, done in
                self.log.append("flag \(indexPath.row)")
                done(true)
            }
            return UISwipeActionsConfiguration(actions: [delete, flag])
        }
    }

    /// Replays the trace `build` makes on a full-screen plain table whose data source and
    /// delegate is `source`, then runs `check`.
    func run<Source: UITableViewDataSource & UITableViewDelegate>(_ source: Source, _ build: (inout Trace) -> Void,
                                                                  check: (UITableView, Source) -> Void) throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let table = UITableView(frame: window.bounds, style: .plain)
            table.contentInsetAdjustmentBehavior = .never
            table.dataSource = source
            table.delegate = source
            window.addSubview(table)
            window.makeKeyAndVisible()
            var trace = Trace()
            build(&trace)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            check(table, source)
        }
    }

    /// Row 2 (y 88…132) swiped 100 pt left and held: past half of the two 74 pt buttons, the row
    /// stays 148 pt aside; then a tap on Delete (the outer one, 390 − 74 … 390) performs it and
    /// closes the row. The table never scrolled.
    @Test func aSwipeOpensTheActionsAndATapPerformsOne() throws {
        try run(Mail(), { trace in
            trace.drag(1, from: CGPoint(x: 300, y: 110), to: CGPoint(x: 200, y: 110), time: 0.1, duration: 0.3, hold: 0.1)
            trace.tap(2, at: CGPoint(x: 360, y: 110), time: 1.2)
        }, check: { table, mail in
            #expect(mail.log == ["delete 2"] && table.contentOffset.y == 0 && table.swipe == nil)
            #expect(table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == 0)
        })
    }

    @Test func aShortSwipeOpensAndStays() throws {
        try run(Mail(), { trace in
            trace.drag(1, from: CGPoint(x: 300, y: 110), to: CGPoint(x: 200, y: 110), time: 0.1, duration: 0.3, hold: 0.1)
        }, check: { table, mail in
            #expect(table.swipe?.offset == 148 && table.cellForRow(at: IndexPath(row: 2, section: 0))?.frame.minX == -148)
            let buttons = table.swipe?.view.buttons ?? []
            #expect(buttons.map(\.frame) == [CGRect(x: 316, y: 0, width: 74, height: 44), CGRect(x: 242, y: 0, width: 74, height: 44)])
            #expect(buttons.first?.backgroundColor == .systemRed && buttons.last?.backgroundColor == .systemGray3 && mail.log.isEmpty)
        })
    }

    final class Details: UITableViewDataSource, UITableViewDelegate {
        var log: [String] = []
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.accessoryType = .detailButton
            return cell
        }
        func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) { log.append("info \(indexPath.row)") }
        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
    }

    /// A tap on a row's info button (22 pt, 16 pt from the edge: 352…374) tells the delegate and
    /// selects nothing; a tap elsewhere on the row selects it.
    @Test func theDetailButtonsTapIsTheDelegates() throws {
        try run(Details(), { trace in
            trace.tap(1, at: CGPoint(x: 363, y: 66), time: 0.1)
            trace.tap(2, at: CGPoint(x: 100, y: 110), time: 0.6)
        }, check: { table, details in
            #expect(details.log == ["info 1", "select 2"] && table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
        })
    }

    /// Past the row's width less 64 pt (a destructive first action: 326 pt), the first is performed.
    @Test func aFullSwipePerformsTheFirstAction() throws {
        try run(Mail(), { trace in
            trace.drag(1, from: CGPoint(x: 380, y: 110), to: CGPoint(x: 20, y: 110), time: 0.1, duration: 0.4, hold: 0.1)
        }, check: { table, mail in
            #expect(mail.log == ["delete 2"] && table.swipe == nil)
        })
    }
}
