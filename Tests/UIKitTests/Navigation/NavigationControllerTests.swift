import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// A log of what a screen hears, in order, shared by the screens of a test.
@MainActor final class NavigationLog {
    var lines: [String] = []
}

/// A screen that logs its loading, appearance and containment callbacks.
@MainActor final class LoggingScreen: UIViewController {
    let name: String
    let log: NavigationLog
    var movingFromParentWhenDisappearing: Bool?

    init(_ name: String, log: NavigationLog) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() { log.lines.append("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) {
        movingFromParentWhenDisappearing = isMovingFromParent
        log.lines.append("\(name).viewWillDisappear(\(animated))")
    }
    override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).viewDidDisappear(\(animated))") }
    override func willMove(toParent parent: UIViewController?) { log.lines.append("\(name).willMove(\(parent == nil ? "nil" : "nav"))") }
    override func didMove(toParent parent: UIViewController?) { log.lines.append("\(name).didMove(\(parent == nil ? "nil" : "nav"))") }
}

/// UINavigationController without animation: the bar under the status bar, the screens' safe
/// area under the bar, and UIKit's order of callbacks for a push and a pop.
@MainActor
@Suite struct NavigationControllerTests {
    func make() -> (UIWindow, UINavigationController, LoggingScreen, NavigationLog) {
        let log = NavigationLog()
        let root = LoggingScreen("A", log: log)
        let navigation = UINavigationController(rootViewController: root)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        return (window, navigation, root, log)
    }

    /// On an iPhone 14 (status bar 47 pt, home indicator 34): the bar at y = 47, 44 tall; the
    /// screen's view fills the window under it, its safe area starting at the bar's bottom, 91.
    /// With large titles the bar is 96 tall (44 + 52): 143.
    @Test func theBarSitsUnderTheStatusBarAndTheSafeAreaUnderTheBar() {
        let (window, navigation, root, _) = make()
        #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 47, width: 390, height: 44))
        #expect(root.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
        #expect(navigation.navigationBar.titleLabel.text == "A")
        navigation.navigationBar.prefersLargeTitles = true
        navigation.view.setNeedsLayout()
        _ = window.layoutPass()
        #expect(navigation.navigationBar.frame.height == 96 && root.view.safeAreaInsets.top == 143)
        #expect(navigation.navigationBar.largeTitleLabel.text == "A" && navigation.navigationBar.titleLabel.text == nil)
        root.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(root.view.safeAreaInsets.top == 153)
    }

    /// Pushing B over A, then popping it, unanimated: UIKit's order.
    @Test func pushAndPopCallBackInUIKitsOrder() {
        let (window, navigation, root, log) = make()
        #expect(log.lines == ["A.willMove(nav)", "A.didMove(nav)", "A.viewDidLoad", "A.viewWillAppear(false)", "A.viewDidAppear(false)"])
        log.lines = []
        let detail = LoggingScreen("B", log: log)
        navigation.pushViewController(detail, animated: false)
        #expect(log.lines == ["B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(false)", "B.viewWillAppear(false)",
                              "A.viewDidDisappear(false)", "B.viewDidAppear(false)", "B.didMove(nav)"])
        #expect(navigation.topViewController === detail && detail.navigationController === navigation && detail.parent === navigation)
        #expect(navigation.navigationBar.topItem?.title == "B" && navigation.navigationBar.backItem?.title == "A")
        #expect(navigation.navigationBar.backButton?.title(for: .normal) == "‹ A")
        #expect(root.viewIfLoaded?.superview == nil && detail.view.superview === navigation.view)
        _ = window.layoutPass()
        #expect(detail.view.safeAreaInsets.top == 91)

        log.lines = []
        let popped = navigation.popViewController(animated: false)
        #expect(popped === detail)
        #expect(log.lines == ["B.willMove(nil)", "B.viewWillDisappear(false)", "A.viewWillAppear(false)",
                              "B.viewDidDisappear(false)", "A.viewDidAppear(false)", "B.didMove(nil)"])
        #expect(detail.movingFromParentWhenDisappearing == true && !detail.isMovingFromParent)
        #expect(navigation.viewControllers.count == 1 && detail.parent == nil && detail.navigationController == nil)
        #expect(navigation.popViewController(animated: false) == nil)   // the root stays
    }

    /// popToRoot pops every screen above the root, the top one seen going; setViewControllers
    /// replaces the stack; the back button says the item below's back title.
    @Test func popToRootAndSetViewControllers() {
        let (window, navigation, root, log) = make()
        defer { withExtendedLifetime(window) {} }
        let b = LoggingScreen("B", log: log), c = LoggingScreen("C", log: log)
        navigation.pushViewController(b, animated: false)
        b.navigationItem.backButtonTitle = "List"
        navigation.pushViewController(c, animated: false)
        #expect(navigation.navigationBar.backButton?.title(for: .normal) == "‹ List")
        log.lines = []
        let popped = navigation.popToRootViewController(animated: false)
        #expect(popped?.map { ($0 as! LoggingScreen).name } == ["B", "C"])
        #expect(log.lines == ["B.willMove(nil)", "C.willMove(nil)", "C.viewWillDisappear(false)", "A.viewWillAppear(false)",
                              "C.viewDidDisappear(false)", "A.viewDidAppear(false)", "C.didMove(nil)", "B.didMove(nil)"])
        navigation.setViewControllers([root, c], animated: false)
        #expect(navigation.topViewController === c && navigation.viewControllers.count == 2)
        #expect(navigation.navigationBar.backButton?.title(for: .normal) == "‹ A")
    }

    /// Bar button items: the closure forms; the right one at the trailing margin, done style bold.
    @Test func barButtonItemsShowAndRunTheirActions() {
        let (window, navigation, root, _) = make()
        var tapped = 0
        root.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done, primaryAction: UIAction { _ in tapped += 1 })
        _ = window.layoutPass()
        let button = navigation.navigationBar.subviews.compactMap { $0 as? UIButton }.first { $0.title(for: .normal) == "Done" }
        #expect(button != nil && (button?.frame.maxX ?? 0) == 390 - 16)
        button?.sendActions(for: .touchUpInside)
        #expect(tapped == 1)
    }

    /// The toolbar, shown: 44 pt on the home indicator's 34 (y = 844 − 34 − 44 = 766), the top
    /// screen's items 16 pt in from the edges, a flexible space pushing Compose to the trailing
    /// margin; the screen's safe area ends at the toolbar's top (78 from the bottom). Inside a tab
    /// bar controller it sits on the tab bar (y = 844 − 83 − 44 = 717).
    @Test func theToolbarShowsTheTopScreensItemsOverTheHomeIndicator() {
        let (window, navigation, root, _) = make()
        #expect(navigation.isToolbarHidden && navigation.toolbar.isHidden)
        let edit = UIBarButtonItem(title: "Edit"), compose = UIBarButtonItem(systemItem: .compose)
        root.toolbarItems = [edit, .flexibleSpace(), compose]
        navigation.setToolbarHidden(false, animated: false)
        _ = window.layoutPass()
        #expect(navigation.toolbar.frame == CGRect(x: 0, y: 766, width: 390, height: 44) && !navigation.toolbar.isHidden)
        #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 91, left: 0, bottom: 78, right: 0))
        let buttons = navigation.toolbar.subviews.compactMap { $0 as? UIButton }
        #expect(buttons.map { $0.title(for: .normal) } == ["Edit", "compose"])
        // A frame is kept as centre and bounds, as a layer keeps it: 16 + 29.333… comes back as 15.999….
        #expect(abs((buttons.first?.frame.minX ?? 0) - 16) < 1e-9 && abs((buttons.last?.frame.maxX ?? 0) - 374) < 1e-9)

        let inTabs = UINavigationController(rootViewController: UIViewController())
        inTabs.isToolbarHidden = false
        let tabs = UITabBarController()
        tabs.viewControllers = [inTabs]
        window.rootViewController = tabs
        _ = window.layoutPass()
        #expect(inTabs.toolbar.frame.minY == 717)
    }

    /// Without animation a transition still has a coordinator while its callbacks run: the
    /// alongside block runs at once, the completion before `viewDidAppear`; none after.
    @Test func aPushHasATransitionCoordinator() {
        let (window, navigation, _, log) = make()
        final class Coordinated: UIViewController {
            var log: NavigationLog?
            override func viewWillAppear(_ animated: Bool) {
                let coordinator = transitionCoordinator
                log?.lines.append("willAppear coordinator \(coordinator != nil), to is self \(coordinator?.viewController(forKey: .to) === self)")
                coordinator?.animate(alongsideTransition: { _ in self.log?.lines.append("alongside") },
                                     completion: { context in self.log?.lines.append("completion cancelled \(context.isCancelled)") })
            }
            override func viewDidAppear(_ animated: Bool) { log?.lines.append("didAppear") }
        }
        let pushed = Coordinated()
        pushed.log = log
        log.lines = []
        navigation.pushViewController(pushed, animated: false)
        #expect(log.lines.filter { !$0.hasPrefix("A.") } == ["willAppear coordinator true, to is self true", "alongside",
                                                            "completion cancelled false", "didAppear"], "\(log.lines)")
        #expect(pushed.transitionCoordinator == nil && navigation.transitionCoordinator == nil)
        withExtendedLifetime(window) {}
    }

    /// A table view controller subclass, as UIKit code writes one (`override func tableView…`):
    /// its table is its view, fed by its overrides; a row selected before a push is deselected
    /// when the list appears again (`clearsSelectionOnViewWillAppear`).
    @Test func aTableViewControllerClearsItsSelectionWhenItAppearsAgain() {
        final class List: UITableViewController {
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "row") ?? UITableViewCell(style: .default, reuseIdentifier: "row")
                cell.textLabel?.text = "Row \(indexPath.row)"
                return cell
            }
        }
        let list = List(style: .plain)
        let navigation = UINavigationController(rootViewController: list)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        #expect(list.tableView === list.view && list.tableView.numberOfRows(inSection: 0) == 20)
        #expect(list.tableView.visibleCells.count > 10)
        list.tableView.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        navigation.pushViewController(UIViewController(), animated: false)
        #expect(list.tableView.indexPathsForSelectedRows == [IndexPath(row: 3, section: 0)])
        navigation.popViewController(animated: false)
        #expect(list.tableView.indexPathsForSelectedRows == nil)
    }

    /// What UIKit raises on, reported instead, the stack left as it was: pushing a screen already
    /// in the stack, popping to one that is not; presenting from a screen not in a window.
    @Test func badInputsAreReported() {
        UIApplication.withNewApplication {
            let (window, navigation, root, log) = make()
            defer { withExtendedLifetime(window) {} }
            navigation.pushViewController(root, animated: false)
            #expect(navigation.viewControllers.count == 1)
            #expect(navigation.popToViewController(LoggingScreen("X", log: log), animated: false) == nil)
            let stray = UIViewController()
            stray.loadViewIfNeeded()
            stray.present(UIViewController(), animated: false)
            #expect(stray.presentedViewController == nil)
            let issues = UIApplication.shared.layoutIssues
            #expect(issues.contains { $0.hasPrefix("UINavigationController: pushing a view controller that is already in the stack (LoggingScreen)") })
            #expect(issues.contains { $0.hasPrefix("UINavigationController: popToViewController: LoggingScreen is not in the stack") })
            #expect(issues.contains { $0.hasPrefix("present(_:animated:): UIViewController's view is not in a window") }, "\(issues)")
        }
    }
}
