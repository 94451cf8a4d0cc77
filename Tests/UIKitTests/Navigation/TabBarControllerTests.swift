import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// UITabBarController: the bar at the bottom, the screens' safe area above it, a tap switching
/// tabs in UIKit's order, a pushed screen hiding the bar.
@MainActor
@Suite struct TabBarControllerTests {
    /// Tab 0 is a navigation controller holding A, tab 1 is B. On an iPhone 14 the bar is 49 pt
    /// over the 34 pt home indicator: 83 from the bottom, at y = 761; A's safe area runs from the
    /// navigation bar's bottom (91) to the tab bar's top (83 from the bottom).
    @Test func tabsSwitchInUIKitsOrder() {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation, b]
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 761, width: 390, height: 83))
        #expect(a.view.safeAreaInsets == UIEdgeInsets(top: 91, left: 0, bottom: 83, right: 0))
        #expect(tabs.tabBar.items?.map(\.title) == ["A", "B"] && a.tabBarController === tabs && b.tabBarController === tabs)
        #expect(log.lines.suffix(2) == ["A.viewWillAppear(false)", "A.viewDidAppear(false)"])

        log.lines = []
        let tab = tabs.tabBar.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == "B" }
        tab?.sendActions(for: .touchUpInside)
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === b)
        #expect(log.lines == ["B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                              "A.viewDidDisappear(false)", "B.viewDidAppear(false)"], "\(log.lines)")
        _ = window.layoutPass()
        #expect(b.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 83, right: 0))

        // Back to tab 0, and a pushed screen that hides the bar: its safe area ends at the
        // home indicator.
        tabs.selectedIndex = 0
        let detail = UIViewController()
        detail.hidesBottomBarWhenPushed = true
        navigation.pushViewController(detail, animated: false)
        _ = window.layoutPass()
        #expect(tabs.tabBar.isHidden && detail.view.safeAreaInsets.bottom == 34)
        navigation.popViewController(animated: false)
        _ = window.layoutPass()
        #expect(!tabs.tabBar.isHidden && a.view.safeAreaInsets.bottom == 83)
    }

    /// A badge shows over its item; the delegate can refuse a tab.
    @Test func badgesAndTheDelegate() {
        final class Refuser: UITabBarControllerDelegate {
            func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { false }
        }
        let tabs = UITabBarController()
        let first = UIViewController(), second = UIViewController()
        second.tabBarItem = UITabBarItem(title: "Inbox", image: nil, tag: 1)
        second.tabBarItem.badgeValue = "3"
        tabs.viewControllers = [first, second]
        let refuser = Refuser()
        tabs.delegate = refuser
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        #expect(tabs.tabBar.subviews.contains { ($0 as? UILabel)?.text == "3" })
        tabs.tabBar.subviews.compactMap { $0 as? UIButton }.last?.sendActions(for: .touchUpInside)
        #expect(tabs.selectedIndex == 0)
    }
}
