import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// The bars and the insets they give a table under them on the device presets, worked out from
/// UIKit's heights: the navigation bar's row 44 pt on a phone and 50 on an iPad (since iOS 12),
/// 52 more for a large title; the tab bar 49 pt on a phone and 50 on an iPad, over the home
/// indicator; each from the preset's status bar and home indicator.
@MainActor
@Suite struct NavigationPresetsTests {
    final class Rows: UITableViewController {
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 100 }
    }

    func window(_ model: UIScreen.Model, _ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(origin: .zero, size: model.pointSize))
        window.screen = UIScreen(model: model)
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return window
    }

    /// (preset, status bar, home indicator, bar row, tab bar row)
    static let presets: [(UIScreen.Model, CGFloat, CGFloat, CGFloat, CGFloat)] = [
        (.iPhoneSE3, 20, 0, 44, 49), (.iPhone14, 47, 34, 44, 49), (.iPhone15Pro, 59, 34, 44, 49), (.iPadPro11, 24, 20, 50, 50),
    ]

    /// A table under a navigation bar inside a tab bar controller: its top inset is the status
    /// bar plus the bar's row (SE 64, iPhone 14 91, 15 Pro 103, iPad Pro 74), 52 more with a large
    /// title; its bottom the tab bar's row over the home indicator (49, 83, 83, 70).
    @Test func barsAndInsetsOnEachPreset() {
        for (model, status, home, row, tabRow) in Self.presets {
            for large in [false, true] {
                let rows = Rows(style: .plain)
                let navigation = UINavigationController(rootViewController: rows)
                navigation.navigationBar.prefersLargeTitles = large
                let tabs = UITabBarController()
                tabs.viewControllers = [navigation]
                let window = window(model, tabs)
                let top = status + row + (large ? 52 : 0)
                #expect(navigation.navigationBar.frame == CGRect(x: 0, y: status, width: model.pointSize.width, height: row + (large ? 52 : 0)),
                        "\(model.name)")
                #expect(tabs.tabBar.frame.minY == model.pointSize.height - tabRow - home, "\(model.name)")
                #expect(rows.view.safeAreaInsets == UIEdgeInsets(top: top, left: 0, bottom: tabRow + home, right: 0), "\(model.name)")
                #expect(rows.tableView.adjustedContentInset == UIEdgeInsets(top: top, left: 0, bottom: tabRow + home, right: 0), "\(model.name)")
                #expect(rows.tableView.contentOffset.y == -top, "\(model.name)")
                withExtendedLifetime(window) {}
            }
        }
    }

    /// A screen that leaves the top edge out of `edgesForExtendedLayout` (or sits under an opaque
    /// bar) starts at the bar's bottom (91 on an iPhone 14) and has no top safe area; with
    /// `extendedLayoutIncludesOpaqueBars` it goes under the opaque bar again.
    @Test func edgesForExtendedLayoutStopTheViewAtTheBar() {
        let rows = Rows(style: .plain)
        rows.edgesForExtendedLayout = []
        let navigation = UINavigationController(rootViewController: rows)
        let window = window(.iPhone14, navigation)
        #expect(rows.view.frame == CGRect(x: 0, y: 91, width: 390, height: 753))
        #expect(rows.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(rows.tableView.adjustedContentInset.top == 0 && rows.tableView.contentOffset.y == 0)

        rows.edgesForExtendedLayout = .all
        navigation.navigationBar.isTranslucent = false
        _ = window.layoutPass()
        #expect(rows.view.frame.minY == 91)
        rows.extendedLayoutIncludesOpaqueBars = true
        _ = window.layoutPass()
        #expect(rows.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844) && rows.view.safeAreaInsets.top == 91)
    }

    /// On an iPad a form sheet is UIKit's 540 × 620 card, centred: on an iPad Pro 11 (834 × 1194)
    /// at (147, 287), its corners rounded 10 pt. On a phone it is the page sheet.
    @Test func aFormSheetOnAnIPadIsACentredCard() {
        let a = UIViewController(), b = UIViewController()
        b.modalPresentationStyle = .formSheet
        let pad = window(.iPadPro11, a)
        a.present(b, animated: false)
        #expect(b.view.frame == CGRect(x: 147, y: 287, width: 540, height: 620) && b.view.layer.cornerRadius == 10)
        b.dismiss(animated: false)
        let phone = window(.iPhone14, a)
        a.present(b, animated: false)
        #expect(b.view.frame == CGRect(x: 0, y: 57, width: 390, height: 787))
        withExtendedLifetime((pad, phone)) {}
    }
}
