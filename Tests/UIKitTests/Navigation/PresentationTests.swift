import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// Modal presentation on an iPhone 14 (status bar 47 pt, home indicator 34): a page sheet 10 pt
/// below the status bar with its top corners rounded, the screen underneath left appeared; a
/// full-screen presentation taking the screen underneath away; dismissal bringing it back.
@MainActor
@Suite struct PresentationTests {
    func window(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        return window
    }

    /// The sheet: y = 47 + 10 = 57, 787 tall, corners 10 at the top; its safe area only the home
    /// indicator's 34 at the bottom. A hears nothing (it stays on screen under the dimming).
    @Test func aPageSheetLeavesTheScreenUnderneathAppeared() {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
        let window = window(a)
        log.lines = []
        var completed = false
        a.present(b, animated: false) { completed = true }
        #expect(completed && a.presentedViewController === b && b.presentingViewController === a)
        #expect(log.lines == ["B.viewDidLoad", "B.viewWillAppear(false)", "B.viewDidAppear(false)"])
        #expect(b.view.frame == CGRect(x: 0, y: 57, width: 390, height: 787))
        #expect(b.view.layer.cornerRadius == 10 && b.view.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(b.view.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(b.view.window === window && !a.view.isHidden)

        log.lines = []
        b.dismiss(animated: false)
        #expect(log.lines == ["B.viewWillDisappear(false)", "B.viewDidDisappear(false)"])
        #expect(a.presentedViewController == nil && b.presentingViewController == nil && b.viewIfLoaded?.window == nil)
    }

    /// Full screen, from a screen in a navigation controller: the navigation controller's screen
    /// goes (A hears it), in a push's order, and its views leave the window once the presentation
    /// has completed (UIKit's `.fullScreen`: "the views belonging to the presenting view controller
    /// are removed after the presentation completes"); dismissing puts them back, under the
    /// presented view, where they were.
    @Test func aFullScreenPresentationTakesTheScreenAway() {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), c = LoggingScreen("C", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let window = window(navigation)
        defer { withExtendedLifetime(window) {} }
        c.modalPresentationStyle = .fullScreen
        log.lines = []
        var inWindowAtCompletion: Bool?
        a.present(c, animated: false) { inWindowAtCompletion = navigation.view.window != nil }
        #expect(log.lines == ["C.viewDidLoad", "A.viewWillDisappear(false)", "C.viewWillAppear(false)",
                              "A.viewDidDisappear(false)", "C.viewDidAppear(false)"], "\(log.lines)")
        #expect(c.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(inWindowAtCompletion == false && navigation.view.superview == nil && a.view.window == nil)
        #expect(window.subviews.count == 1 && c.view.window === window)
        log.lines = []
        a.dismiss(animated: false)
        #expect(log.lines == ["C.viewWillDisappear(false)", "A.viewWillAppear(false)", "C.viewDidDisappear(false)", "A.viewDidAppear(false)"],
                "\(log.lines)")
        #expect(navigation.view.superview === window && window.subviews.first === navigation.view && !navigation.view.isHidden)
        #expect(a.presentedViewController == nil && c.viewIfLoaded?.window == nil)
    }

    /// Animated, the presenter's views stay in the window while the full-screen view slides up and
    /// leave it when the presentation completes; they are back as soon as the dismissal begins.
    @Test func theFullScreenPresentersViewsLeaveWhenThePresentationCompletes() {
        UIApplication.withNewApplication {
            let log = NavigationLog()
            let a = LoggingScreen("A", log: log), c = LoggingScreen("C", log: log)
            let window = window(a)
            defer { withExtendedLifetime(window) {} }
            c.modalPresentationStyle = .fullScreen
            var done = false
            a.present(c, animated: true) { done = true }
            #expect(!done && a.view.window === window)   // sliding: the presenter still shows under it
            window.commit(at: CACurrentMediaTime() + 2)
            AnimationRegistry.current.runDueCallbacks()
            #expect(done && a.view.window == nil)
            c.dismiss(animated: true)
            #expect(a.view.window === window && window.subviews.first === a.view)
        }
    }

    /// A screen of a navigation controller that presented a modal answers it as its
    /// `presentedViewController` (UIKit: presented "by this view controller, or one of its
    /// ancestors"); it is nil again after the dismissal.
    @Test func aChildAnswersTheModalItsContainerPresented() {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), modal = LoggingScreen("M", log: log)
        let navigation = UINavigationController(rootViewController: a)
        let window = window(navigation)
        defer { withExtendedLifetime(window) {} }
        navigation.present(modal, animated: false)
        #expect(navigation.presentedViewController === modal && a.presentedViewController === modal)
        #expect(modal.presentingViewController === navigation)
        navigation.dismiss(animated: false)
        #expect(a.presentedViewController == nil)
    }

    /// As UIKit: a presentation asked for while the last one is still going is refused, and
    /// said (present in the dismissal's completion instead); so is a dismissal while the
    /// presentation is still coming. The controller going away keeps its presenter's reference
    /// until it is gone, and the refused one is not left on screen.
    @Test func overlappingPresentationsAreRefused() {
        UIApplication.withNewApplication {
            let log = NavigationLog()
            let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log), c = LoggingScreen("C", log: log)
            let first = window(a)
            defer { withExtendedLifetime(first) {} }
            a.present(b, animated: false)
            a.dismiss(animated: true)   // slides away on the run loop (none runs here)
            a.present(c, animated: true)
            #expect(c.viewIfLoaded == nil && a.presentedViewController === b && b.isBeingDismissed)
            #expect(UIApplication.shared.layoutIssues.contains { $0.contains("Attempt to present LoggingScreen on LoggingScreen while a presentation is in progress") })

            let d = LoggingScreen("D", log: log), e = LoggingScreen("E", log: log)
            let other = window(d)
            defer { withExtendedLifetime(other) {} }
            d.present(e, animated: true)
            d.dismiss(animated: true)
            #expect(e.isBeingPresented && d.presentedViewController === e)
            #expect(UIApplication.shared.layoutIssues.contains { $0.contains("while a presentation or dismiss is in progress") })
        }
    }

    /// `dismiss` called on a screen inside a presented navigation controller dismisses the
    /// navigation controller, as in UIKit; that screen's `presentingViewController` is its
    /// container's.
    @Test func aScreenInsideAPresentedContainerDismissesIt() {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), inner = LoggingScreen("I", log: log)
        let navigation = UINavigationController(rootViewController: inner)
        let window = window(a)
        defer { withExtendedLifetime(window) {} }
        a.present(navigation, animated: false)
        #expect(inner.presentingViewController === a)
        inner.dismiss(animated: false)
        #expect(a.presentedViewController == nil && navigation.viewIfLoaded?.window == nil)
    }
}
