import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// The interactive pop: a traced swipe from the screen's left edge (within 13 pt) pops the top
/// screen under the finger. On release it finishes when the position projected by the speed over
/// 0.35 s passes min(187.5 / 390, 0.5) = 48.1 % of the width, else it is cancelled, with UIKit's
/// callbacks for each; a drag that starts away from the edge, or goes up the edge, leaves the
/// stack alone.
@MainActor
@Suite struct InteractivePopTests {
    typealias Screen = NavigationTransitionTests.Screen

    /// A and B in a navigation controller in an iPhone 14's window (390 × 844), B pushed without
    /// animation, the callbacks of that push left out of the log.
    func make() -> (UIWindow, UINavigationController, Screen, Screen, () -> [String]) {
        var log: [String] = []
        let a = Screen("A"), b = Screen("B")
        let navigation = UINavigationController(rootViewController: a)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        navigation.pushViewController(b, animated: false)
        a.shared = { log.append($0) }
        b.shared = { log.append($0) }
        return (window, navigation, a, b, { log })
    }

    func replay(_ window: UIWindow, _ trace: Trace) throws {
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
    }

    /// A swipe from x = 1 to 290 in 0.5 s (578 pt/s at the release, 289 of 390 pt: 74 %, projected
    /// 74 % + 578 / 390 × 0.35 = 126 %): the pop finishes. B leaves with UIKit's six callbacks, A is the top again, full width.
    @Test func anEdgeSwipePastHalfTheWidthPops() throws {
        let (window, navigation, a, b, log) = make()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: 290, y: 420), time: 0.1, duration: 0.5)
        try replay(window, trace)
        #expect(log() == ["B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                          "B.viewDidDisappear(true)", "A.viewDidAppear(true)", "B.didMove(nil)"], "\(log())")
        #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
        #expect(a.view.frame == window.bounds && b.viewIfLoaded?.superview == nil)
        #expect(navigation.navigationBar.topItem === a.navigationItem)
    }

    /// A slow swipe to x = 120 that rests 0.2 s before lifting (no speed; 119 of 390 pt: 30.5 %,
    /// under 48.1 %): the pop is cancelled. UIKit's order: A hears it will disappear and did, then
    /// B that it will appear and did; B never hears that it disappeared, nor A that it appeared.
    /// uisim ends B's containment with `didMove(toParent:)` of the navigation controller. The stack, the bar
    /// and B's frame are as before.
    @Test func aShortSlowEdgeSwipeIsCancelled() throws {
        let (window, navigation, a, b, log) = make()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: 120, y: 420), time: 0.1, duration: 0.5, hold: 0.2)
        try replay(window, trace)
        #expect(log() == ["B.willMove(nil)", "B.viewWillDisappear(true)", "A.viewWillAppear(true)",
                          "A.viewWillDisappear(true)", "A.viewDidDisappear(true)",
                          "B.viewWillAppear(true)", "B.viewDidAppear(true)", "B.didMove(nav)"], "\(log())")
        #expect(!log().contains("B.viewDidDisappear(true)"))
        #expect(navigation.viewControllers.count == 2 && navigation.topViewController === b)
        #expect(b.view.frame == window.bounds && b.view.superview === navigation.view && a.view.superview == nil)
        #expect(navigation.navigationBar.topItem === b.navigationItem && navigation.navigationBar.backItem === a.navigationItem)
    }

    /// A short swipe (to x = 100: 25.4 %) released fast (99 pt in 0.1 s: 990 pt/s, projected
    /// 25.4 + 88.8 = 114 %) finishes; a swipe past half held still before lifting (to x = 220:
    /// 56 %, no speed) finishes too; one to x = 170 held still (43 %) does not.
    @Test func speedAndPositionDecideTogether() throws {
        for (end, duration, hold, pops) in [(100.0, 0.1, 0.0, true), (220, 0.5, 0.2, true), (170, 0.5, 0.2, false)] {
            let (window, navigation, _, _, _) = make()
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: end, y: 420), time: 0.1, duration: duration, hold: hold)
            try replay(window, trace)
            #expect(navigation.viewControllers.count == (pops ? 1 : 2), "to \(end)")
        }
    }

    /// The transition is marked: a finished pop begins and finishes once, a cancelled one begins
    /// and is cancelled; the frames between are the slide's.
    @Test func theTransitionIsCounted() throws {
        for (end, hold, finished) in [(290.0, 0.0, true), (120, 0.2, false)] {
            let (window, _, _, _, _) = make()
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: end, y: 420), time: 0.1, duration: 0.5, hold: hold)
            var events: [TransitionEvent] = []
            var counts = (0, 0, 0)
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { record, _ in
                events += record.transitions
                counts.0 += record.counts[.transitionsBegun]
                counts.1 += record.counts[.transitionsFinished]
                counts.2 += record.counts[.transitionsCancelled]
            }
            _ = try replay.run(trace)
            #expect(events.map(\.phase) == [.began, finished ? .finished : .cancelled])
            #expect(events.allSatisfy { $0.kind == .interactivePop && $0.name == "Screen" })
            #expect(counts == (1, finished ? 1 : 0, finished ? 0 : 1))
        }
    }

    /// A drag that starts 40 pt from the edge (past the 13 pt region), or goes up along the edge,
    /// or starts on the bar, or comes from the root screen, pops nothing.
    @Test func dragsAwayFromTheEdgeOrAlongItOrOnTheRootPopNothing() throws {
        let (window, navigation, _, _, log) = make()
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 40, y: 420), to: CGPoint(x: 330, y: 420), time: 0.1, duration: 0.5)
        trace.drag(2, from: CGPoint(x: 1, y: 600), to: CGPoint(x: 30, y: 300), time: 1, duration: 0.5)
        trace.drag(3, from: CGPoint(x: 1, y: 70), to: CGPoint(x: 290, y: 70), time: 2, duration: 0.5)
        try replay(window, trace)
        #expect(navigation.viewControllers.count == 2 && log().isEmpty, "\(log())")
        navigation.popViewController(animated: false)
        var again = Trace()
        again.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: 290, y: 420), time: 0.1, duration: 0.5)
        try replay(window, again)
        #expect(navigation.viewControllers.count == 1)
    }

    /// Half-way: the finger 195 pt in moves B 195 pt right and A from −117 (30 % of 390) to
    /// −58.5 (the parallax's half), as UIKit's slide.
    @Test func theScreensFollowTheFinger() throws {
        let (window, navigation, a, b, _) = make()
        _ = window
        #expect(navigation.beginInteractivePop())
        navigation.updateInteractivePop(0.5)
        #expect(b.view.frame.minX == 195 && a.view.frame.minX == -58.5)
        #expect(navigation.topViewController === a)   // the stack changes as the pop begins, as UIKit's
        navigation.endInteractivePop(finishing: false)
    }

    /// A push asked for while the finger drives a pop is refused, and said; the pop goes on.
    @Test func aPushDuringAnInteractivePopIsRefused() throws {
        UIApplication.withNewApplication {
            let (window, navigation, a, _, _) = make()
            #expect(navigation.beginInteractivePop())
            navigation.pushViewController(Screen("C"), animated: true)
            #expect(navigation.viewControllers.count == 1 && navigation.topViewController === a)
            #expect(UIApplication.shared.layoutIssues.contains { $0.contains("pushViewController during an interactive pop") })
            navigation.endInteractivePop(finishing: false)
            withExtendedLifetime(window) {}
        }
    }

    /// In a tab bar controller, a screen that hides the tab bar: a cancelled swipe leaves it on top
    /// with the tab bar hidden again (the swipe showed it under the list).
    @Test func aCancelledSwipeHidesTheTabBarAgain() throws {
        let a = Screen("A"), b = Screen("B")
        b.hidesBottomBarWhenPushed = true
        let navigation = UINavigationController(rootViewController: a)
        let tabs = UITabBarController()
        tabs.viewControllers = [navigation]
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        navigation.pushViewController(b, animated: false)
        _ = window.layoutPass()
        #expect(tabs.tabBar.isHidden)
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 1, y: 420), to: CGPoint(x: 120, y: 420), time: 0.1, duration: 0.5, hold: 0.2)
        try replay(window, trace)
        #expect(navigation.topViewController === b && tabs.tabBar.isHidden && b.view.safeAreaInsets.bottom == 34)
    }
}
