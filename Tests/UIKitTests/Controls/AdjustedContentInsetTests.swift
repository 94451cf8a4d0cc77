import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// `contentInsetAdjustmentBehavior` and `adjustedContentInset` on an iPhone 14 (status bar 47 pt,
/// home indicator 34), as Apple documents them: the safe area added to `contentInset` on the
/// edges the behaviour adjusts; a scroll view at rest at its top stays at its top, so a table's
/// first row shows under the bars, not behind them.
@MainActor
@Suite struct AdjustedContentInsetTests {
    final class Rows: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
    }

    func window(_ root: UIViewController? = nil) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return window
    }

    /// A table of 100 rows of 44 pt filling the window: it bounces vertically, so `.automatic`
    /// adjusts its top and bottom (47, 34) and its offset starts at −47, the first row at y = 47;
    /// the last offset is 4 400 + 34 − 844 = 3 590. `.never` leaves it at 0.
    @Test func aFullScreenTableKeepsClearOfTheStatusBarAndTheHomeIndicator() {
        let window = window()
        let behaviors: [(UIScrollView.ContentInsetAdjustmentBehavior, CGFloat, CGFloat)] = [(.automatic, 47, 34), (.never, 0, 0)]
        for (behavior, top, bottom) in behaviors {
            let rows = Rows(style: .plain)
            let table = rows.tableView!
            table.frame = window.bounds
            table.contentInsetAdjustmentBehavior = behavior
            window.addSubview(table)
            _ = window.layoutPass()
            #expect(table.adjustedContentInset == UIEdgeInsets(top: top, left: 0, bottom: bottom, right: 0))
            #expect(table.contentOffset.y == -top && table.offsetRange.max.y == 4400 + bottom - 844)
            table.removeFromSuperview()
        }
    }

    /// A plain scroll view whose content is smaller than it does not scroll: `.automatic` and
    /// `.scrollableAxes` add nothing, `.always` adds every edge. As the view of a controller in a
    /// navigation controller, `.automatic` adjusts the top and bottom anyway (91 under the bar);
    /// `.scrollableAxes` still does not.
    @Test func theBehavioursFollowApplesRules() {
        let window = window()
        let alone: [(UIScrollView.ContentInsetAdjustmentBehavior, CGFloat)] = [(.automatic, 0), (.scrollableAxes, 0), (.always, 47)]
        for (behavior, top) in alone {
            let scroll = UIScrollView(frame: window.bounds)
            scroll.contentSize = CGSize(width: 390, height: 300)
            scroll.contentInsetAdjustmentBehavior = behavior
            window.addSubview(scroll)
            _ = window.layoutPass()
            #expect(scroll.adjustedContentInset.top == top, "\(behavior)")
            scroll.removeFromSuperview()
        }
        let contained: [(UIScrollView.ContentInsetAdjustmentBehavior, CGFloat)] = [(.automatic, 91), (.scrollableAxes, 0)]
        for (behavior, top) in contained {
            let screen = UIViewController()
            let scroll = UIScrollView(frame: window.bounds)
            scroll.contentSize = CGSize(width: 390, height: 300)
            scroll.contentInsetAdjustmentBehavior = behavior
            screen.view = scroll
            window.rootViewController = UINavigationController(rootViewController: screen)
            _ = window.layoutPass()
            #expect(scroll.adjustedContentInset.top == top && scroll.adjustedContentInset.bottom == (top > 0 ? 34 : 0), "\(behavior)")
        }
    }

    /// A table view controller in a navigation controller: the table starts under the bar (91,
    /// offset −91), and under a large title (47 + 96 = 143). In a tab bar controller its bottom
    /// keeps clear of the tab bar (49 + 34 = 83).
    @Test func aTableUnderANavigationBarStartsUnderIt() {
        let rows = Rows(style: .plain)
        let navigation = UINavigationController(rootViewController: rows)
        let window = window(navigation)
        #expect(rows.tableView.adjustedContentInset == UIEdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        #expect(rows.tableView.contentOffset.y == -91)
        let firstRow = rows.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
        #expect(firstRow.map { $0.convert($0.bounds, to: window).minY } == 91)

        let large = Rows(style: .plain)
        let largeNavigation = UINavigationController(rootViewController: large)
        largeNavigation.navigationBar.prefersLargeTitles = true
        let tabs = UITabBarController()
        tabs.viewControllers = [largeNavigation]
        window.rootViewController = tabs
        _ = window.layoutPass()
        #expect(large.tableView.adjustedContentInset == UIEdgeInsets(top: 143, left: 0, bottom: 83, right: 0))
        #expect(large.tableView.contentOffset.y == -143)
    }

    /// A table scrolled down keeps its offset when the inset changes (the bar hidden); one at its
    /// top follows the top. The delegate hears each change.
    @Test func aScrolledTableStaysWhereItIs() {
        final class Delegate: UIScrollViewDelegate {
            var changes = 0
            func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { changes += 1 }
        }
        let delegate = Delegate()
        let rows = Rows(style: .plain), other = Rows(style: .plain)
        let navigation = UINavigationController(rootViewController: rows)
        let window = window(navigation)
        rows.tableView.delegate = delegate
        rows.tableView.contentOffset.y = 500
        navigation.setNavigationBarHidden(true, animated: false)
        _ = window.layoutPass()
        #expect(rows.tableView.adjustedContentInset.top == 47 && rows.tableView.contentOffset.y == 500 && delegate.changes == 1)
        // The adjusted inset changes with the content inset too, and that is said as well.
        rows.tableView.contentInset.bottom = 20
        #expect(delegate.changes == 2 && rows.tableView.adjustedContentInset.bottom == 54)
        navigation.pushViewController(other, animated: false)
        navigation.setNavigationBarHidden(false, animated: false)
        _ = window.layoutPass()
        #expect(other.tableView.contentOffset.y == -91)
        withExtendedLifetime(delegate) {}
    }
}
