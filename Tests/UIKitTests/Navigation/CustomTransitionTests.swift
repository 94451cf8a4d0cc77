import Foundation
import Geometry
import QuartzCore
import Testing
@testable import UIKit

/// Custom view-controller transitions as UIKit runs them (`UIViewControllerTransitioningDelegate`,
/// `UIPresentationController` subclasses, animators, `UIPercentDrivenInteractiveTransition`, a
/// navigation controller delegate's animator), on an iPhone 14 (390 × 844). The presentation
/// controller here puts the presented view in the bottom half: y = 844 / 2 = 422, 422 tall. Its
/// animator slides the view from below the window (y = 844) to there in 0.4 s, linearly, so at
/// 0.1 s it is at 844 − 422 × 0.25 = 738.5 and at 0.2 s at 633.
@MainActor
@Suite struct CustomTransitionTests {
    static let halfTop: CGFloat = 422

    final class HalfController: UIPresentationController {
        let log: NavigationLog
        let dimming = UIView()
        init(presented: UIViewController, presenting: UIViewController?, log: NavigationLog) {
            self.log = log
            super.init(presentedViewController: presented, presenting: presenting)
        }
        override var frameOfPresentedViewInContainerView: CGRect {
            guard let bounds = containerView?.bounds else { return .zero }
            return CGRect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
        }
        override func presentationTransitionWillBegin() {
            log.lines.append("willBegin, container in window \(containerView?.window != nil)")
            guard let containerView else { return }
            dimming.frame = containerView.bounds
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.5)
            dimming.alpha = 0
            containerView.addSubview(dimming)
            presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimming.alpha = 1 })
        }
        override func presentationTransitionDidEnd(_ completed: Bool) { log.lines.append("didEnd(\(completed))") }
        override func dismissalTransitionWillBegin() { log.lines.append("dismissalWillBegin") }
        override func dismissalTransitionDidEnd(_ completed: Bool) { log.lines.append("dismissalDidEnd(\(completed))") }
        override func containerViewWillLayoutSubviews() {
            presentedView?.frame = frameOfPresentedViewInContainerView
        }
    }

    /// Slides the presented view up from the bottom (presenting) or down off it (dismissing),
    /// linearly over 0.4 s.
    final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        let presenting: Bool
        let log: NavigationLog
        init(presenting: Bool, log: NavigationLog) {
            self.presenting = presenting
            self.log = log
        }
        func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.4 }
        func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            log.lines.append("animate \(presenting ? "in" : "out"), from view \(transitionContext.view(forKey: .from) != nil)")
            let key: UITransitionContextViewKey = presenting ? .to : .from
            guard let view = transitionContext.view(forKey: key),
                  let controller = transitionContext.viewController(forKey: presenting ? .to : .from) else { return }
            let shown = presenting ? transitionContext.finalFrame(for: controller) : view.frame
            let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
            if presenting {
                container.addSubview(view)
                view.frame = hidden
            }
            UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveLinear], animations: {
                view.frame = self.presenting ? shown : hidden
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
        func animationEnded(_ transitionCompleted: Bool) { log.lines.append("animationEnded(\(transitionCompleted))") }
    }

    final class Delegate: NSObject, UIViewControllerTransitioningDelegate {
        let log: NavigationLog
        var interactor: UIPercentDrivenInteractiveTransition?
        init(log: NavigationLog) { self.log = log }
        func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                    source: UIViewController) -> UIPresentationController? {
            log.lines.append("presentationController")
            return HalfController(presented: presented, presenting: presenting, log: log)
        }
        func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                 source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SlideAnimator(presenting: true, log: log)
        }
        func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
            SlideAnimator(presenting: false, log: log)
        }
        func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? {
            interactor
        }
    }

    func shownMinY(_ view: UIView) -> CGFloat { view.layer.presentation()?.frame.minY ?? view.frame.minY }

    /// A window on `root` whose media time is `clock`'s (starting at 0).
    func window(_ root: UIViewController, _ clock: AnimationScene.Clock) -> UIWindow {
        AnimationRegistry.current.mediaClock = { clock.now }
        let window = PresentationTests().window(root)
        window.commit(at: 0)
        return window
    }

    /// Moves the clock to `time`, commits a frame then, and runs the callbacks due.
    func settle(_ window: UIWindow, _ clock: AnimationScene.Clock, at time: Double) {
        clock.now = time
        window.commit(at: time)
        AnimationRegistry.current.runDueCallbacks()
    }

    /// Presented with `.custom`: the delegate's controller, then its animator. The controller hears
    /// `presentationTransitionWillBegin` with its container in the window and before the view
    /// appears; A's view stays (the base class's `shouldRemovePresentersView` is false), so the
    /// animator gets no "from" view and A hears nothing. Halfway (0.2 s) the view is at 633 and
    /// the alongside dimming (ease-in-out over the same 0.4 s) at 0.5; at the end, B's frame is
    /// the controller's, it appeared, and the animator heard `animationEnded(true)`.
    @Test func aCustomPresentationRunsTheDelegatesControllerAndAnimator() throws {
        try UIApplication.withNewApplication {
            let log = NavigationLog(), clock = AnimationScene.Clock()
            let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
            let window = window(a, clock)
            defer { withExtendedLifetime(window) {} }
            let delegate = Delegate(log: log)
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = delegate
            log.lines = []
            var done = false
            a.present(b, animated: true) { done = true }
            window.commit(at: 0)
            let controller = try #require(b.presentationController as? HalfController)
            #expect(controller.presentingViewController === a && controller.presentationStyle == .custom)
            #expect(log.lines == ["presentationController", "B.viewDidLoad", "willBegin, container in window true", "B.viewWillAppear(true)",
                                  "animate in, from view false"], "\(log.lines)")
            clock.now = 0.2
            #expect(abs(shownMinY(b.view) - 633) < 0.01)
            #expect(abs(CGFloat(controller.dimming.layer.presentation()?.opacity ?? -1) - 0.5) < 0.01)
            #expect(!done && b.isBeingPresented)
            log.lines = []
            settle(window, clock, at: 1)
            #expect(done && !b.isBeingPresented)
            #expect(log.lines == ["didEnd(true)", "B.viewDidAppear(true)", "animationEnded(true)"], "\(log.lines)")
            #expect(b.view.frame == CGRect(x: 0, y: Self.halfTop, width: 390, height: 422))
            #expect(a.view.window === window && b.view.window === window && controller.dimming.alpha == 1)
            // A layout of the container asks the controller, which keeps the view where it wants it.
            b.view.frame = .zero
            controller.containerView?.setNeedsLayout()
            controller.containerView?.layoutIfNeeded()
            #expect(b.view.frame.minY == Self.halfTop)

            // Dismissed: the dismissal animator slides it off; the container leaves the window.
            log.lines = []
            b.dismiss(animated: true)
            #expect(log.lines == ["dismissalWillBegin", "B.viewWillDisappear(true)", "animate out, from view true"], "\(log.lines)")
            clock.now = 1.1
            #expect(abs(shownMinY(b.view) - (422 + 422 * 0.25)) < 0.01)
            log.lines = []
            settle(window, clock, at: 2)
            #expect(log.lines == ["dismissalDidEnd(true)", "B.viewDidDisappear(true)", "animationEnded(true)"], "\(log.lines)")
            #expect(a.presentedViewController == nil && b.viewIfLoaded?.window == nil && controller.containerView == nil)
            #expect(window.subviews.count == 1)
        }
    }

    /// A percent-driven dismissal: nothing moves until told; at 25 % the view is a quarter of its
    /// way down (422 + 105.5 = 527.5); cancelled, it runs back and the dismissal is undone (the
    /// controller hears `dismissalTransitionDidEnd(false)`, B is presented again, its frame back at
    /// 422); a second try finished from 50 % dismisses it.
    @Test func aPercentDrivenDismissalFollowsItsPercentageAndCanBeCancelled() {
        UIApplication.withNewApplication {
            let log = NavigationLog(), clock = AnimationScene.Clock()
            let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
            let window = window(a, clock)
            defer { withExtendedLifetime(window) {} }
            let delegate = Delegate(log: log)
            b.modalPresentationStyle = .custom
            b.transitioningDelegate = delegate
            a.present(b, animated: false)   // no animator asked: no animation
            window.commit(at: 0)            // laid out: the controller's layout puts B in the bottom half
            #expect(b.view.frame.minY == Self.halfTop)

            let interactor = UIPercentDrivenInteractiveTransition()
            delegate.interactor = interactor
            b.dismiss(animated: true)
            #expect(b.isBeingDismissed && b.transitionCoordinator?.isInteractive == true)
            #expect(abs(interactor.duration - 0.4) < 1e-9)
            settle(window, clock, at: 0.3)
            #expect(abs(shownMinY(b.view) - 422) < 0.01)   // held at the start
            interactor.update(0.25)
            #expect(interactor.percentComplete == 0.25 && b.transitionCoordinator?.percentComplete == 0.25)
            settle(window, clock, at: 0.35)
            #expect(abs(shownMinY(b.view) - 527.5) < 0.01)
            log.lines = []
            interactor.cancel()
            clock.now = 0.4   // half of the 0.1 s back
            #expect(abs(shownMinY(b.view) - (422 + 422 * 0.125)) < 0.01)
            settle(window, clock, at: 1)
            #expect(log.lines == ["dismissalDidEnd(false)", "B.viewWillAppear(true)", "B.viewDidAppear(true)", "animationEnded(false)"],
                    "\(log.lines)")
            #expect(a.presentedViewController === b && !b.isBeingDismissed && b.view.window === window)
            #expect(b.view.frame.minY == Self.halfTop)

            let second = UIPercentDrivenInteractiveTransition()
            delegate.interactor = second
            b.dismiss(animated: true)
            second.update(0.5)
            second.finish()
            settle(window, clock, at: 2)
            #expect(a.presentedViewController == nil && b.viewIfLoaded?.window == nil)
        }
    }

    /// A `.custom` presentation whose controller wraps the presented view (as PanModal's does) and
    /// gives no animator: UIKit's slide brings the controller's `presentedView` to the controller's
    /// frame; the controller's own views stay in the container.
    @Test func aPresentationControllerWithoutAnAnimatorSlidesItsPresentedView() throws {
        final class Wrapping: UIPresentationController {
            lazy var wrapper: UIView = {
                let wrapper = UIView()
                wrapper.addSubview(presentedViewController.view)
                return wrapper
            }()
            override var presentedView: UIView { wrapper }
            override var frameOfPresentedViewInContainerView: CGRect { CGRect(x: 0, y: 500, width: 390, height: 344) }
            override func presentationTransitionWillBegin() { containerView?.addSubview(presentedView) }
        }
        final class Vendor: NSObject, UIViewControllerTransitioningDelegate {
            func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                        source: UIViewController) -> UIPresentationController? {
                Wrapping(presentedViewController: presented, presenting: presenting)
            }
        }
        let a = UIViewController(), b = UIViewController()
        let window = PresentationTests().window(a)
        defer { withExtendedLifetime(window) {} }
        let vendor = Vendor()
        b.modalPresentationStyle = .custom
        b.transitioningDelegate = vendor
        a.present(b, animated: false)
        let controller = try #require(b.presentationController as? Wrapping)
        #expect(controller.wrapper.frame == CGRect(x: 0, y: 500, width: 390, height: 344))
        #expect(controller.wrapper.superview === controller.containerView && b.view.superview === controller.wrapper)
        #expect(controller.shouldRemovePresentersView == false && a.view.window === window)
        b.dismiss(animated: false)
        #expect(b.viewIfLoaded?.window == nil && controller.wrapper.window == nil)
    }

    /// A full-screen presentation with a custom animator: the controller's `shouldRemovePresentersView`
    /// is true, so the animator gets A's view as "from", A hears it disappear, and its view leaves
    /// the window at the end; dismissing, it is the animator's "to" view and ends back in the window.
    @Test func aFullScreenPresentationWithAnAnimatorHandsItThePresentersView() {
        final class Fade: NSObject, UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
            var fromViews: [Bool] = []
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                fromViews.append(transitionContext.view(forKey: .from) != nil)
                if let to = transitionContext.view(forKey: .to) { transitionContext.containerView.addSubview(to) }
                transitionContext.completeTransition(true)
            }
            func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                     source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
            func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
        }
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), c = LoggingScreen("C", log: log)
        let window = PresentationTests().window(a)
        defer { withExtendedLifetime(window) {} }
        let fade = Fade()
        c.modalPresentationStyle = .fullScreen
        c.transitioningDelegate = fade
        log.lines = []
        a.present(c, animated: true)
        #expect(log.lines == ["C.viewDidLoad", "A.viewWillDisappear(true)", "C.viewWillAppear(true)",
                              "A.viewDidDisappear(true)", "C.viewDidAppear(true)"], "\(log.lines)")
        #expect(fade.fromViews == [true] && a.view.window == nil && c.view.window === window)
        a.dismiss(animated: true)
        #expect(fade.fromViews == [true, true] && a.view.superview === window && c.viewIfLoaded?.window == nil)
    }

    /// A push run by the navigation controller delegate's animator (a 0.3 s linear fade-in of the
    /// new screen over the old): the animator's container sits under the bar, holding A's view;
    /// at 0.15 s B is at half opacity; at the end B's view is the navigation controller's own
    /// child view again, A's is gone, the container is gone, and the callbacks came in a push's order.
    @Test func aPushRunsTheNavigationDelegatesAnimator() {
        final class FadeIn: NSObject, UIViewControllerAnimatedTransitioning {
            var containerWasUnderTheBar = false
            func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.3 }
            func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                let container = transitionContext.containerView
                guard let to = transitionContext.viewController(forKey: .to), let toView = transitionContext.view(forKey: .to) else { return }
                containerWasUnderTheBar = (to.navigationController?.navigationBar).map { bar in
                    container.superview === bar.superview && container.superview!.subviews.firstIndex(of: container)! < container.superview!.subviews.firstIndex(of: bar)!
                } ?? false
                toView.frame = transitionContext.finalFrame(for: to)
                toView.alpha = 0
                container.addSubview(toView)
                UIView.animate(withDuration: 0.3, delay: 0, options: [.curveLinear], animations: { toView.alpha = 1 }) { _ in
                    transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                }
            }
        }
        final class NavigationDelegate: NSObject, UINavigationControllerDelegate {
            let animator = FadeIn()
            var operations: [UINavigationController.Operation] = []
            func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                      from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
                operations.append(operation)
                return operation == .push ? animator : nil
            }
        }
        UIApplication.withNewApplication {
            let log = NavigationLog(), clock = AnimationScene.Clock()
            let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
            let navigation = UINavigationController(rootViewController: a)
            let window = window(navigation, clock)
            defer { withExtendedLifetime(window) {} }
            let delegate = NavigationDelegate()
            navigation.delegate = delegate
            log.lines = []
            navigation.pushViewController(b, animated: true)
            window.commit(at: 0)
            #expect(delegate.operations == [.push] && delegate.animator.containerWasUnderTheBar)
            #expect(a.view.superview !== navigation.view && a.view.superview?.superview === navigation.view)
            clock.now = 0.15
            #expect(abs(CGFloat(b.view.layer.presentation()?.opacity ?? -1) - 0.5) < 0.01)
            settle(window, clock, at: 1)
            #expect(log.lines == ["B.willMove(nav)", "B.viewDidLoad", "A.viewWillDisappear(true)", "B.viewWillAppear(true)",
                                  "A.viewDidDisappear(true)", "B.viewDidAppear(true)", "B.didMove(nav)"], "\(log.lines)")
            #expect(b.view.superview === navigation.view && a.viewIfLoaded?.superview == nil)
            #expect(navigation.view.subviews.filter { $0 !== b.view && !($0 is UINavigationBar) && !($0 is UIToolbar) }.isEmpty)
            #expect(b.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
            // The pop has no animator: UIKit's slide, the delegate asked.
            navigation.popViewController(animated: false)
            #expect(delegate.operations == [.push] && navigation.topViewController === a)
        }
    }
}
