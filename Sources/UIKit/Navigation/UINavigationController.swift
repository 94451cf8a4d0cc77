import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a navigation controller tells its delegate (UIKit's `UINavigationControllerDelegate`).
/// Every method is optional; a push or pop's animator (`animationControllerFor`, nil: UIKit's
/// slide) and the interaction controller that drives it come from here.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask
    func navigationControllerPreferredInterfaceOrientationForPresentation(_ navigationController: UINavigationController) -> UIInterfaceOrientation
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    /// UIKit's answer when the delegate has none: the top screen's.
    public func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController) -> UIInterfaceOrientationMask {
        navigationController.topViewController?.supportedInterfaceOrientations ?? .allButUpsideDown
    }
    public func navigationControllerPreferredInterfaceOrientationForPresentation(_ navigationController: UINavigationController) -> UIInterfaceOrientation {
        navigationController.topViewController?.preferredInterfaceOrientationForPresentation ?? .portrait
    }
}

/// A stack of screens under a navigation bar (UIKit's `UINavigationController`): the top view
/// controller's view fills the controller's view, under the bar (translucent: the view extends
/// beneath it, its safe area starting at the bar's bottom); pushing slides the new screen in from
/// the trailing edge as the old one slides 30 % of the width the other way (UIKit's parallax),
/// popping the reverse, over 0.35 s on a critically damped spring (UIKit's
/// `_UINavigationParallaxTransition`: a spring of damping ratio 1 and response 0.35 s). Appearance
/// callbacks follow UIKit's order: pushing B over A, `B.willMove(toParent:)`, `A.viewWillDisappear`,
/// `B.viewWillAppear`, then at the end `A.viewDidDisappear`, `B.viewDidAppear`,
/// `B.didMove(toParent:)`; popping, `B.willMove(toParent: nil)`, `B.viewWillDisappear`,
/// `A.viewWillAppear`, `B.viewDidDisappear`, `A.viewDidAppear`, `B.didMove(toParent: nil)`.
///
/// The edge swipe pops interactively (`interactivePopGestureRecognizer`). Not yet in uisim:
/// hiding the bar on swipe or scroll, the dimming of the screen underneath during a transition.
@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    /// What a navigation transition does (UIKit's `UINavigationController.Operation`).
    public enum Operation: Int, Sendable { case none, push, pop }

    /// How long a push or a pop takes.
    public static let transitionDuration: TimeInterval = 0.35
    /// How far the screen underneath moves, as a part of the width.
    public static let parallax: CGFloat = 0.3
    /// UIKit's duration for showing or hiding the bar.
    public static let hideShowBarDuration: TimeInterval = 0.2

    /// The stack, root first; setting it is `setViewControllers(_:animated: false)`, as in UIKit.
    open var viewControllers: [UIViewController] {
        get { controllerStack }
        set { setViewControllers(newValue, animated: false) }
    }
    private var controllerStack: [UIViewController] = []
    open weak var delegate: UINavigationControllerDelegate?
    open private(set) var navigationBar = UINavigationBar(frame: .zero)
    /// Whether the bar is hidden (then the screens' safe area starts at the window's); setting it
    /// is `setNavigationBarHidden(_:animated: false)`.
    open var isNavigationBarHidden: Bool {
        get { navigationBarHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }
    private var navigationBarHidden = false
    /// The toolbar, above the home indicator, showing the top screen's `toolbarItems` (hidden by
    /// default, as in UIKit).
    open private(set) var toolbar: UIToolbar! = UIToolbar(frame: .zero)
    /// Whether the toolbar is hidden (default true).
    open var isToolbarHidden: Bool {
        get { toolbarHidden }
        set { setToolbarHidden(newValue, animated: false) }
    }
    private var toolbarHidden = true
    /// The edge swipe that pops the top screen under the finger: a `UIScreenEdgePanGestureRecognizer`
    /// on the left edge of the controller's view. Disable it (`isEnabled`) as in UIKit; it does not
    /// begin on the root screen, during a transition, or when the top screen replaced its back
    /// button (`leftBarButtonItem`, `hidesBackButton`), as in UIKit.
    open var interactivePopGestureRecognizer: UIGestureRecognizer? { interactivePop.recognizer }
    private lazy var interactivePop = InteractivePop(navigationController: self)

    /// The screen on top of the stack.
    open var topViewController: UIViewController? { controllerStack.last }

    /// The top controller decides whether the status bar hides, as UIKit's navigation controller
    /// lets it; the style stays the navigation controller's own unless a subclass says otherwise.
    open override var childForStatusBarHidden: UIViewController? { topViewController }
    /// The screen shown: one presented over the top screen or over the navigation controller,
    /// else the top one.
    open var visibleViewController: UIViewController? {
        topViewController?.presentedViewController ?? presentedViewController ?? topViewController
    }


    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setUp()
        push(rootViewController)
        rootViewController.didMove(toParent: self)
        rootViewController.movingToParent = false
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    /// From a storyboard: its root screen comes from the relationship segue.
    public required init?(coder: NSCoder) {
        guard coder is UIStoryboardDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        navigationBar.backAction = { [weak self] in self?.popViewController(animated: true) }
    }

    open override func loadView() {
        let container = ContainerView(frame: UIScreen.main.bounds)
        container.layout = { [weak self] in self?.layoutContainer() }
        container.addSubview(navigationBar)
        toolbar.isHidden = true
        container.addSubview(toolbar)
        container.addGestureRecognizer(interactivePop.recognizer)
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { view.insertSubview(top.view, belowSubview: navigationBar) }
    }

    /// Places the bar under the status bar and the top screen over the whole view, telling it
    /// what the bar covers.
    func layoutContainer() {
        guard isViewLoaded else { return }
        let safeTop = view.superview == nil ? 0 : view.safeAreaInsetsIgnoringController.top
        let height = navigationBar.barHeight
        let barFrame = CGRect(x: 0, y: safeTop, width: view.bounds.width, height: height)
        if navigationBar.frame != barFrame { navigationBar.frame = barFrame }
        navigationBar.isHidden = isNavigationBarHidden
        let covered = isNavigationBarHidden ? 0 : barFrame.maxY
        // The toolbar on the safe area's bottom (the home indicator's, or the tab bar's top).
        let toolbarHeight = toolbar.barHeight
        let toolbarFrame = CGRect(x: 0, y: view.bounds.height - (view.superview == nil ? 0 : view.safeAreaInsets.bottom) - toolbarHeight,
                                  width: view.bounds.width, height: toolbarHeight)
        if toolbar.frame != toolbarFrame { toolbar.frame = toolbarFrame }
        toolbar.isHidden = toolbarHidden
        if toolbar.items.map({ $0.map(ObjectIdentifier.init) }) != topViewController?.toolbarItems.map({ $0.map(ObjectIdentifier.init) }) {
            toolbar.setItems(topViewController?.toolbarItems, animated: false)
        }
        let coveredBelow = toolbarHidden ? 0 : view.bounds.height - toolbarFrame.minY
        for child in controllerStack where child.isViewLoaded {
            let frame = contentFrame(for: child)
            // What the bars cover of the child's view (none where its view stops at them).
            child.barInsets = UIEdgeInsets(top: max(0, covered - (frame.minY - view.bounds.minY)), left: 0,
                                           bottom: max(0, coveredBelow - (view.bounds.maxY - frame.maxY)), right: 0)
            if child.view.superview === view, current == nil, child.view.frame != frame { child.view.frame = frame }
        }
    }

    /// Where `child`'s view sits: the whole view, under the bars, unless its
    /// `edgesForExtendedLayout` leaves out an edge (or a bar is opaque and it does not
    /// `extendedLayoutIncludesOpaqueBars`): then it stops at that bar, as in UIKit.
    func contentFrame(for child: UIViewController) -> CGRect {
        var frame = view.bounds
        if !isNavigationBarHidden, !(child.edgesForExtendedLayout.contains(.top)
                                    && (navigationBar.isTranslucent || child.extendedLayoutIncludesOpaqueBars)) {
            let bottom = navigationBar.frame.maxY
            frame.size.height -= bottom - frame.minY
            frame.origin.y = bottom
        }
        if !toolbarHidden, !(child.edgesForExtendedLayout.contains(.bottom) && (toolbar.isTranslucent || child.extendedLayoutIncludesOpaqueBars)) {
            frame.size.height = max(0, toolbar.frame.minY - frame.minY)
        }
        return frame
    }

    // MARK: Pushing and popping

    /// Adds `viewController` to the stack (its `willMove(toParent:)` called).
    private func push(_ viewController: UIViewController) {
        viewController.movingToParent = true
        addChild(viewController)
        controllerStack.append(viewController)
        navigationBar.pushItem(viewController.navigationItem, animated: false)
    }

    /// Pushes `viewController` on the stack and shows it, animated or not.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !controllerStack.contains(where: { $0 === viewController }) else {
            reportIssue("pushing a view controller that is already in the stack (\(type(of: viewController)))")
            return
        }
        guard settleCurrentTransition(for: "pushViewController") else { return }
        let from = topViewController
        push(viewController)
        show(viewController, over: from, pushing: true, animated: animated) { [weak self] in
            viewController.didMove(toParent: self)
            viewController.movingToParent = false
        }
    }

    /// Pops the top view controller (not the root) and shows the one under it; returns it.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard controllerStack.count > 1, let top = topViewController else { return nil }
        return pop(to: controllerStack[controllerStack.count - 2], animated: animated)?.first ?? top
    }

    /// Pops every view controller above the root; returns them (nil when there were none).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard let root = controllerStack.first else { return nil }
        return pop(to: root, animated: animated)
    }

    /// Pops to `viewController`; returns those popped.
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard controllerStack.contains(where: { $0 === viewController }) else {
            reportIssue("popToViewController: \(type(of: viewController)) is not in the stack")
            return nil
        }
        return pop(to: viewController, animated: animated)
    }

    private func pop(to target: UIViewController, animated: Bool, interactive: Bool = false) -> [UIViewController]? {
        guard settleCurrentTransition(for: "a pop") else { return nil }
        guard let index = controllerStack.firstIndex(where: { $0 === target }), index < controllerStack.count - 1,
              let from = topViewController else { return nil }
        let stack = controllerStack
        let popped = Array(controllerStack[(index + 1)...])
        for controller in popped {
            controller.willMove(toParent: nil)
            controller.movingFromParent = true
        }
        controllerStack.removeLast(popped.count)
        navigationBar.setItems(controllerStack.map(\.navigationItem), animated: false)
        show(target, over: from, pushing: false, animated: animated, interactive: interactive, cancellation: { [weak self] in
            // Cancelled: the stack and the bar as they were; the screens stay children.
            guard let self else { return }
            self.controllerStack = stack
            self.navigationBar.setItems(stack.map(\.navigationItem), animated: false)
            for controller in popped {
                controller.movingFromParent = false
                controller.didMove(toParent: self)
            }
        }) {
            for controller in popped.reversed() {
                controller.removeFromParent()
                controller.movingFromParent = false
            }
        }
        return popped
    }

    /// Replaces the stack; the new top is shown as a push (or a pop, when it was in the stack).
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        guard let newTop = controllers.last, settleCurrentTransition(for: "setViewControllers") else { return }
        let from = topViewController
        let leaving = controllerStack.filter { old in !controllers.contains { $0 === old } }
        let arriving = controllers.filter { new in !controllerStack.contains { $0 === new } }
        let wasInStack = controllerStack.contains { $0 === newTop }
        for controller in leaving { controller.willMove(toParent: nil) }
        for controller in arriving {
            controller.movingToParent = true
            addChild(controller)
        }
        controllerStack = controllers
        navigationBar.setItems(controllers.map(\.navigationItem), animated: false)
        let finish = { [weak self] in
            for controller in leaving { controller.removeFromParent() }
            for controller in arriving {
                controller.didMove(toParent: self)
                controller.movingToParent = false
            }
        }
        guard from !== newTop else { return finish() }
        show(newTop, over: from, pushing: !wasInStack, animated: animated, completion: finish)
    }


    /// Hides or shows the toolbar (the screens' safe area follows).
    open func setToolbarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != toolbarHidden else { return }
        toolbarHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// Hides or shows the bar (the screens' safe area follows).
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        guard hidden != navigationBarHidden else { return }
        navigationBarHidden = hidden
        view.setNeedsLayout()
    }

    // MARK: The transition

    /// A push or a pop under way: its screens, what ends it and what undoes it.
    private final class Transition {
        let from: UIViewController?, to: UIViewController
        let pushing: Bool, animated: Bool, bounds: CGRect
        let completion: () -> Void
        let cancellation: (() -> Void)?
        var mark: TransitionMark?
        var coordinator: TransitionCoordinator?
        /// Whether the finger drives it (an edge swipe's pop).
        var interactive = false
        /// Whether the delegate's animator runs it (it cannot be cut short).
        var custom = false
        /// Whether it has ended (finished or cancelled): its animation's completion, coming
        /// after a newer transition finished it early, does nothing.
        var ended = false
        /// How far the transition has gone, 0…1 (an interactive one follows the finger).
        var progress: CGFloat = 0

        init(from: UIViewController?, to: UIViewController, pushing: Bool, animated: Bool, bounds: CGRect,
             completion: @escaping () -> Void, cancellation: (() -> Void)?) {
            self.from = from
            self.to = to
            self.pushing = pushing
            self.animated = animated
            self.bounds = bounds
            self.completion = completion
            self.cancellation = cancellation
        }
    }

    /// The transition under way (nil: none).
    private var current: Transition?

    /// Shows `to` in place of `from`: the appearance callbacks, the views swapped (slid, when
    /// animated in a window), then `completion` (the containment's end). An interactive
    /// transition waits at its start for the finger (`updateInteractiveTransition`); `cancellation`
    /// undoes the stack's change if it is cancelled.
    private func show(_ to: UIViewController, over from: UIViewController?, pushing: Bool, animated: Bool,
                      interactive: Bool = false, cancellation: (() -> Void)? = nil, completion: @escaping () -> Void) {
        delegate?.navigationController(self, willShow: to, animated: animated)
        tabBarController?.viewIfLoaded?.setNeedsLayout()   // a screen may hide the tab bar
        guard isViewLoaded, let window = view.window, !window.isHidden else {
            // Not on screen: the stack changes; the top's view comes with the controller's.
            if isViewLoaded, let from, from.viewIfLoaded?.superview === view { from.view.removeFromSuperview() }
            if isViewLoaded { view.insertSubview(to.view, belowSubview: navigationBar) }
            completion()
            delegate?.navigationController(self, didShow: to, animated: animated)
            return
        }
        to.loadViewIfNeeded()   // viewDidLoad comes first, as in UIKit
        let transition = Transition(from: from, to: to, pushing: pushing, animated: animated, bounds: view.bounds,
                                    completion: completion, cancellation: cancellation)
        transition.interactive = interactive
        transition.mark = TransitionMark(pushing ? .push : interactive ? .interactivePop : .pop, showing: to, on: window)
        let coordinator = TransitionCoordinator(from: from, to: to, container: view, animated: animated && (UIView.areAnimationsEnabled || interactive),
                                                interactive: interactive, duration: Self.transitionDuration)
        activeCoordinator = coordinator
        transition.coordinator = coordinator
        from?.beginAppearanceTransition(false, animated: animated)
        to.beginAppearanceTransition(true, animated: animated)
        let toView = to.view!
        toView.frame = contentFrame(for: to)
        if animated, !interactive, UIView.areAnimationsEnabled, let from,
           let animator = delegate?.navigationController(self, animationControllerFor: pushing ? .push : .pop, from: from, to: to) {
            return runCustom(transition, animator: animator, coordinator: coordinator)
        }
        if pushing {
            view.insertSubview(toView, belowSubview: navigationBar)
        } else if let fromView = from?.viewIfLoaded, fromView.superview === view {
            view.insertSubview(toView, belowSubview: fromView)
        } else {
            view.insertSubview(toView, belowSubview: navigationBar)
        }
        layoutContainer()
        guard animated, UIView.areAnimationsEnabled || interactive else { return end(transition) }
        current = transition
        UIView.performWithoutAnimation {
            place(transition, at: 0)
            toView.layoutIfNeeded()
        }
        guard !interactive else { return }
        UIView.animate(springDuration: Self.transitionDuration, bounce: 0, initialSpringVelocity: 0, delay: 0, options: [],
                       animations: {
                           self.place(transition, at: 1)
                           coordinator.runAlongside()
                       },
                       completion: { [weak self] _ in self?.end(transition) })
    }

    /// Runs a push or a pop by the delegate's animator (and its interaction controller, when it
    /// gives one), as UIKit does: the animator gets a container over the screens' area, under the
    /// bars, holding the outgoing screen; it puts the incoming one in, animates, and completes the
    /// transition. The incoming screen ends in its place in the navigation controller's view; a
    /// cancelled transition leaves the outgoing one there.
    private func runCustom(_ transition: Transition, animator: UIViewControllerAnimatedTransitioning, coordinator: TransitionCoordinator) {
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
        transition.custom = true
        current = transition
        let container = UIView(frame: view.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.insertSubview(container, belowSubview: navigationBar)
        let from = transition.from, to = transition.to
        let fromView = from?.viewIfLoaded
        if let fromView { container.addSubview(fromView) }
        let fromFrame = from.map { contentFrame(for: $0) } ?? .zero
        let context = TransitionContext(
            container: container, animated: true, interactive: interaction != nil, style: .none, animator: animator, coordinator: coordinator,
            from: (from, fromView, fromFrame, .zero), to: (to, to.view, .zero, contentFrame(for: to)),
            ended: { [weak self] completed in
                guard let self else { return }
                let stays = completed ? to : from
                if let view = stays?.viewIfLoaded { self.view.insertSubview(view, belowSubview: container) }
                let leaves = completed ? fromView : to.viewIfLoaded
                if leaves?.superview === container { leaves?.removeFromSuperview() }
                container.removeFromSuperview()
                if completed { self.end(transition) } else { self.cancel(transition) }
            })
        context.start(interaction: interaction)
    }

    /// Puts the transition's two views where they are at `progress`: the incoming one slides
    /// across the whole width, the outgoing one 30 % of it.
    private func place(_ transition: Transition, at progress: CGFloat) {
        transition.progress = progress
        let width = transition.bounds.width
        let shift = (width * Self.parallax).rounded()
        let toX = transition.pushing ? width * (1 - progress) : -shift * (1 - progress)
        let fromX = transition.pushing ? -shift * progress : width * progress
        transition.to.view.frame = contentFrame(for: transition.to).offsetBy(dx: toX, dy: 0)
        if let from = transition.from, from.isViewLoaded { from.view.frame = contentFrame(for: from).offsetBy(dx: fromX, dy: 0) }
    }

    /// The transition's end: the outgoing view leaves, the appearance callbacks end.
    private func end(_ transition: Transition) {
        guard !transition.ended else { return }
        transition.ended = true
        if current === transition { current = nil }
        finishCoordinator(transition, cancelled: false)
        let from = transition.from, to = transition.to
        if let fromView = from?.viewIfLoaded, fromView.superview === view {
            fromView.removeFromSuperview()
            fromView.frame = contentFrame(for: from!)
        }
        from?.endAppearanceTransition()
        to.view.frame = contentFrame(for: to)
        to.endAppearanceTransition()
        transition.completion()
        transition.mark?.finish()
        delegate?.navigationController(self, didShow: to, animated: transition.animated)
    }

    /// A cancelled transition's end: the incoming screen leaves again and the outgoing one stays,
    /// in UIKit's order: the incoming `viewWillDisappear` and `viewDidDisappear` (it never got
    /// `viewDidAppear`), then the outgoing `viewWillAppear` and `viewDidAppear` (it never got
    /// `viewDidDisappear`); the stack as it was.
    private func cancel(_ transition: Transition) {
        guard !transition.ended else { return }
        transition.ended = true
        if current === transition { current = nil }
        finishCoordinator(transition, cancelled: true)
        let from = transition.from, to = transition.to
        to.beginAppearanceTransition(false, animated: transition.animated)
        to.view.removeFromSuperview()
        to.view.frame = contentFrame(for: to)
        to.endAppearanceTransition()
        from?.beginAppearanceTransition(true, animated: transition.animated)
        if let from, from.isViewLoaded { from.view.frame = contentFrame(for: from) }
        from?.endAppearanceTransition()
        transition.cancellation?()
        transition.mark?.cancel()
        // The screen back on top may hide the tab bar again; the bars follow it.
        tabBarController?.viewIfLoaded?.setNeedsLayout()
        view.setNeedsLayout()
    }

    /// The transition's coordinator runs its completions; the controllers let go of it.
    private func finishCoordinator(_ transition: Transition, cancelled: Bool) {
        transition.coordinator?.complete(cancelled: cancelled)
        if activeCoordinator === transition.coordinator { activeCoordinator = nil }
        transition.coordinator = nil
    }

    /// Whether a push or a pop is under way.
    var isTransitioning: Bool { current != nil }

    /// Makes way for a new push, pop or stack change: a transition still sliding ends at once
    /// (its screens where it was taking them, its callbacks called), so the new one starts from
    /// a settled stack (UIKit leaves overlapping transitions undefined and logs them). One the
    /// finger drives cannot be cut short: the new one is refused, and said. Returns whether the
    /// new one may go ahead.
    private func settleCurrentTransition(for request: String) -> Bool {
        guard let transition = current else { return true }
        if transition.interactive {
            reportIssue("\(request) during an interactive pop (ignored: the finger still drives the pop)")
            return false
        }
        if transition.custom {
            reportIssue("\(request) during a transition run by the delegate's animator (ignored: it ends when the animator completes it)")
            return false
        }
        UIView.performWithoutAnimation { place(transition, at: 1) }
        end(transition)
        return true
    }

    // MARK: The interactive pop

    /// Starts popping the top screen under the finger; false when there is nothing to pop or a
    /// transition is under way.
    func beginInteractivePop() -> Bool {
        guard controllerStack.count > 1, current == nil, let window = viewIfLoaded?.window, !window.isHidden else { return false }
        _ = pop(to: controllerStack[controllerStack.count - 2], animated: true, interactive: true)
        return current != nil
    }

    /// Moves the interactive pop to `progress` (0…1) with the finger.
    func updateInteractivePop(_ progress: CGFloat) {
        guard let current, current.interactive else { return }
        UIView.performWithoutAnimation { place(current, at: min(1, max(0, progress))) }
        current.coordinator?.percentComplete = current.progress
    }

    /// The finger lifted: the pop finishes or is cancelled, the views sliding the rest of the way
    /// (or back) in the part of the transition's duration left (UIKit's
    /// `UIPercentDrivenInteractiveTransition`: `(1 − percent) × duration`, ease-in-out).
    func endInteractivePop(finishing: Bool) {
        guard let transition = current, transition.interactive else { return }
        let left = finishing ? 1 - transition.progress : transition.progress
        let done: () -> Void = { [weak self] in
            if finishing { self?.end(transition) } else { self?.cancel(transition) }
        }
        guard left > 0, UIView.areAnimationsEnabled else {
            place(transition, at: finishing ? 1 : 0)
            return done()
        }
        UIView.animate(withDuration: Self.transitionDuration * Double(left), delay: 0, options: [.curveEaseInOut],
                       animations: {
                           self.place(transition, at: finishing ? 1 : 0)
                           if finishing { transition.coordinator?.runAlongside() }
                       },
                       completion: { _ in done() })
    }

    private func reportIssue(_ text: String) {
        viewIfLoaded?.reportLayoutIssue("UINavigationController: " + text)
    }
}

/// The edge swipe's delegate and action: the pop follows the finger's share of the width, and
/// when the finger lifts it finishes if the position projected by its speed over the
/// transition's duration is past min(187.5 pt, half the width), as UIKit's
/// `_UINavigationInteractiveTransitionBase` decides (UIKit also weighs the acceleration; uisim
/// does not). Touches that start on the visible bar are not its.
@MainActor
private final class InteractivePop: UIGestureRecognizerDelegate {
    let recognizer = UIScreenEdgePanGestureRecognizer()
    private weak var navigationController: UINavigationController?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        recognizer.edges = .left
        recognizer.name = "interactivePopGestureRecognizer"
        recognizer.maximumNumberOfTouches = 1
        recognizer.delegate = self
        recognizer.addTarget { [weak self] _ in self?.changed() }
    }

    private func changed() {
        guard let navigation = navigationController, let view = navigation.viewIfLoaded else { return }
        let width = max(1, view.bounds.width)
        let progress = recognizer.translation(in: view).x / width
        switch recognizer.state {
        case .began:
            if !navigation.beginInteractivePop() { recognizer.isEnabled = false; recognizer.isEnabled = true }
        case .changed:
            navigation.updateInteractivePop(progress)
        case .ended:
            let velocity = recognizer.velocity(in: view).x / width
            let projected = progress + velocity * CGFloat(UINavigationController.transitionDuration)
            navigation.endInteractivePop(finishing: projected > min(187.5 / width, 0.5))
        case .cancelled, .failed:
            navigation.endInteractivePop(finishing: false)
        default:
            break
        }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let navigation = navigationController, navigation.viewControllers.count > 1, !navigation.isTransitioning,
              let item = navigation.topViewController?.navigationItem else { return false }
        return item.leftBarButtonItems?.isEmpty ?? true && !item.hidesBackButton
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let bar = navigationController?.navigationBar, bar.window != nil, !bar.isHidden else { return true }
        return !bar.bounds.contains(touch.location(in: bar))
    }

    /// Pans inside the stack's screens (scroll views) wait for the edge swipe to fail, as UIKit's.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        other.isPan(inside: navigationController?.viewIfLoaded)
    }
}

/// A container controller's view (a navigation or tab bar controller's): it lays out the
/// container's bar and screen.
final class ContainerView: UIView {
    var layout: (() -> Void)?

    override func layoutSubviews() {
        super.layoutSubviews()
        layout?()
    }
}

extension UIViewController {
    /// The nearest ancestor of `type` holding this controller (itself excluded).
    func ancestor<Container: UIViewController>(_ type: Container.Type) -> Container? {
        var next = parent
        while let controller = next {
            if let found = controller as? Container { return found }
            next = controller.parent
        }
        return nil
    }

    /// What a navigation bar shows for this controller (made on first use, titled by `title`).
    var madeNavigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem()
        item.title = title
        storedNavigationItem = item
        return item
    }
}

extension UIView {
    /// The safe area the view gets from its superview and window, without its view controller's
    /// bars and extra insets.
    var safeAreaInsetsIgnoringController: UIEdgeInsets {
        guard let superview else { return (self as? UIWindow)?.screen.model.safeAreaInsets ?? .zero }
        let parent = superview.safeAreaInsets, f = frame, b = superview.bounds
        return UIEdgeInsets(top: max(0, parent.top - (f.minY - b.minY)), left: max(0, parent.left - (f.minX - b.minX)),
                            bottom: max(0, parent.bottom - (b.maxY - f.maxY)), right: max(0, parent.right - (b.maxX - f.maxX)))
    }
}
