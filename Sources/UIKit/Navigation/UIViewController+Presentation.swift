import Foundation

extension UIViewController {
    /// Presents `viewControllerToPresent` over this controller's screen (over what this
    /// controller already presents, as UIKit does): a page sheet 10 pt below the status bar with
    /// its top corners rounded 10 pt, the screen underneath dimmed, or the full screen; sliding up
    /// from the bottom in 0.5 s (animated) on a critically damped spring. A full-screen
    /// presentation takes the screen underneath away (`viewWillDisappear`…`viewDidDisappear`); a
    /// sheet leaves it appeared, as since iOS 13. `completion` runs when it is on screen.
    ///
    /// As UIKit, it refuses (and says) a presentation while the one it would cover is still
    /// coming or going (present in the dismissal's completion instead), and a controller that is
    /// already presented.
    func performPresentation(of viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)?) {
        if let presented = presentedViewController {
            guard presented.presentation.phase == .none else {
                viewIfLoaded?.reportLayoutIssue("Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: self)) while a presentation is in progress (ignored)")
                return
            }
            return presented.present(viewControllerToPresent, animated: animated, completion: completion)
        }
        guard viewControllerToPresent.presentation.presenting == nil, viewControllerToPresent !== self else {
            viewIfLoaded?.reportLayoutIssue("Application tried to present modally a view controller \(type(of: viewControllerToPresent)) that is already being presented (ignored)")
            return
        }
        guard let window = viewIfLoaded?.window ?? parent?.viewIfLoaded?.window else {
            viewIfLoaded?.reportLayoutIssue("present(_:animated:): \(type(of: self))'s view is not in a window")
            return
        }
        let presented = viewControllerToPresent
        let kind = presented.presentationKind(idiom: window.screen.model.userInterfaceIdiom)
        // UIKit asks the transitioning delegate for a `.custom` presentation's controller, and
        // for any presentation's animator (an alert keeps its own).
        let delegate = kind == .alert || kind == .actionSheet ? nil : presented.transitioningDelegate
        let covered = coveredController
        if kind == .custom, let made = delegate?.presentationController(forPresented: presented, presenting: covered, source: self) {
            presented.presentation.controller = made
        }
        let controller = presented.presentationController
        (controller as? UIPopoverPresentationController)?.prepareForPresentation()
        // As UIKit, a presentation without animation asks for no animator.
        let animator = animated ? delegate?.animationController(forPresented: presented, presenting: covered, source: self) : nil
        let interaction = animator.flatMap { delegate?.interactionControllerForPresentation(using: $0) }
        let mark = TransitionMark(.present, showing: presented, on: window)
        presentation.presented = presented
        presented.presentation.presenting = self
        presented.presentation.phase = .presenting
        presented.loadViewIfNeeded()
        let container = PresentationContainer(kind: kind, presented: presented, window: window)
        presented.presentation.container = container
        window.addSubview(container)
        container.dimTintBehind()
        let removesPresenter = controller?.shouldRemovePresentersView ?? (kind == .fullScreen)
        presented.presentation.removesPresenter = removesPresenter
        let under = removesPresenter ? covered : nil
        let animates = animated && UIView.areAnimationsEnabled
        let coordinator = TransitionCoordinator(from: self, to: presented, container: container, animated: animates || interaction != nil,
                                                interactive: interaction != nil, duration: container.transitionDuration)
        controller?.presentationTransitionWillBegin()
        under?.beginAppearanceTransition(false, animated: animated)
        presented.beginAppearanceTransition(true, animated: animated)
        let finish = { (completed: Bool) in
            coordinator.complete(cancelled: !completed)
            controller?.presentationTransitionDidEnd(completed)
            guard completed else {
                // A cancelled presentation (an interactive one let go): undone, as UIKit undoes it.
                presented.beginAppearanceTransition(false, animated: animated)
                presented.endAppearanceTransition()
                under?.beginAppearanceTransition(true, animated: animated)
                under?.endAppearanceTransition()
                container.restoreTintBehind()
                container.removeFromSuperview()
                if self.presentation.presented === presented { self.presentation.presented = nil }
                presented.presentation.presenting = nil
                presented.presentation.container = nil
                presented.presentation.phase = .none
                mark.cancel()
                return
            }
            // UIKit: "the views belonging to the presenting view controller are removed after the
            // presentation completes" (a full screen covers them); the dismissal puts them back.
            if let under { presented.presentation.removedUnder = RemovedView(under.viewIfLoaded) }
            under?.endAppearanceTransition()
            presented.endAppearanceTransition()
            if presented.presentation.phase == .presenting { presented.presentation.phase = .none }
            mark.finish()
            completion?()
        }
        guard let animator else {
            container.show(controller?.presentedView ?? presented.view)
            return container.transition(in: true, animated: animates, alongside: coordinator.runAlongside) { finish(true) }
        }
        let presenterFrame = under?.viewIfLoaded?.frame ?? .zero
        let context = TransitionContext(
            container: container, animated: animates || interaction != nil, interactive: interaction != nil,
            style: presented.modalPresentationStyle, animator: animator, coordinator: coordinator,
            from: (covered, removesPresenter ? covered.viewIfLoaded : nil, presenterFrame, presenterFrame),
            to: (presented, controller?.presentedView ?? presented.view, .zero, controller?.frameOfPresentedViewInContainerView ?? container.bounds),
            ended: finish)
        context.start(interaction: interaction)
    }

    /// Dismisses what this controller presented (or, when it presented nothing, itself): it
    /// slides down, the screen underneath comes back; `completion` runs after.
    ///
    /// Called on a controller inside a presented container (a navigation controller's screen),
    /// the container's presentation is dismissed, as in UIKit. A dismissal while the presentation
    /// is still coming, or already going, is refused and said.
    func performDismissal(animated: Bool, completion: (() -> Void)?) {
        var owner: UIViewController? = self
        while let controller = owner, controller.presentation.presented == nil, controller.presentation.presenting == nil { owner = controller.parent }
        guard let owner else {
            completion?()
            return
        }
        let presented = owner.presentation.presented ?? owner
        guard presented.presentation.phase == .none else {
            viewIfLoaded?.reportLayoutIssue("Attempt to dismiss from view controller \(type(of: owner)) while a presentation or dismiss is in progress (ignored)")
            return
        }
        let kind = presented.presentation.container?.kind
        let delegate = kind == .alert || kind == .actionSheet ? nil : presented.transitioningDelegate
        let animator = !animated || presented.presentation.container == nil ? nil : delegate?.animationController(forDismissed: presented)
        let interaction = animator.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        guard let dismissal = presented.beginDismissal(animated: animated, interactive: interaction != nil) else {
            completion?()
            return
        }
        let animates = animated && UIView.areAnimationsEnabled
        guard let animator else {
            return dismissal.container.transition(in: false, animated: animates, alongside: dismissal.coordinator.runAlongside) {
                dismissal.finish()
                completion?()
            }
        }
        let controller = presented.presentation.controller
        let fromView = controller?.presentedView ?? presented.viewIfLoaded
        let fromFrame = fromView?.frame ?? .zero
        let covered = dismissal.presenter.coveredController
        let toView = presented.presentation.removesPresenter ? covered.viewIfLoaded : nil
        let context = TransitionContext(
            container: dismissal.container, animated: animates || interaction != nil, interactive: interaction != nil,
            style: presented.modalPresentationStyle, animator: animator, coordinator: dismissal.coordinator,
            from: (presented, fromView, fromFrame, fromFrame),
            to: (covered, toView, toView?.frame ?? .zero, toView?.frame ?? .zero),
            ended: { completed in
                guard completed else { return dismissal.cancel() }
                dismissal.finish()
                completion?()
            })
        context.start(interaction: interaction)
    }

    /// Begins this presented controller's dismissal: what it presented goes first (without a
    /// show), then the appearance callbacks begin; nil when it is not presented.
    func beginDismissal(animated: Bool, interactive: Bool = false) -> Dismissal? {
        guard let presenter = presentation.presenting, let container = presentation.container, presentation.phase == .none else { return nil }
        if let above = presentedViewController { above.dismiss(animated: false) }
        presentation.phase = .dismissing
        let mark = TransitionMark(.dismiss, showing: self, on: container.window)
        let under = presentation.removesPresenter ? presenter.coveredController : nil
        let coordinator = TransitionCoordinator(from: self, to: presenter, container: container, animated: animated && UIView.areAnimationsEnabled,
                                                interactive: interactive, duration: container.transitionDuration)
        presentation.controller?.dismissalTransitionWillBegin()
        beginAppearanceTransition(false, animated: animated)
        under?.beginAppearanceTransition(true, animated: animated)
        // The presenter's views come back into the window, under the presented one, to be
        // uncovered as it goes.
        let placement = presentation.removedUnder
        placement?.restore()
        presentation.removedUnder = nil
        return Dismissal(presented: self, presenter: presenter, container: container, under: under, placement: placement, mark: mark,
                         coordinator: coordinator)
    }

    var presentation: PresentationState {
        get { storedPresentation ?? PresentationState() }
        set { storedPresentation = newValue }
    }
}

/// A dismissal under way: finished when the presented view has gone, or cancelled when a swipe
/// let go of it (the sheet comes back).
@MainActor
struct Dismissal {
    let presented: UIViewController, presenter: UIViewController
    let container: PresentationContainer
    let under: UIViewController?
    /// Where the presenter's view was, when the presentation took it out of the window (an
    /// animator may have moved it into the container since: it goes back there at the end).
    let placement: RemovedView?
    let mark: TransitionMark
    let coordinator: TransitionCoordinator

    func finish() {
        coordinator.complete(cancelled: false)
        presented.presentation.controller?.dismissalTransitionDidEnd(true)
        placement?.restore()
        container.restoreTintBehind()
        container.removeFromSuperview()
        presented.endAppearanceTransition()
        under?.endAppearanceTransition()
        if presenter.presentation.presented === presented { presenter.presentation.presented = nil }
        // The style, the transition and the presentation controller stay, as in UIKit.
        presented.presentation.presenting = nil
        presented.presentation.container = nil
        presented.presentation.phase = .none
        mark.finish()
    }

    /// The sheet stays: it hears that it will appear and did, as UIKit says after a cancelled
    /// swipe; the screen underneath that it disappears again.
    func cancel() {
        coordinator.complete(cancelled: true)
        presented.presentation.controller?.dismissalTransitionDidEnd(false)
        under?.beginAppearanceTransition(false, animated: true)
        if let under { presented.presentation.removedUnder = RemovedView(under.viewIfLoaded) }
        under?.endAppearanceTransition()
        presented.beginAppearanceTransition(true, animated: true)
        presented.endAppearanceTransition()
        presented.presentation.phase = .none
        mark.cancel()
    }
}

extension UIViewController {
    /// The controller whose screen a presentation from this one covers: the root of this one's
    /// container chain (a navigation controller, not its top screen), or the screen it presented
    /// from.
    var coveredController: UIViewController {
        var top: UIViewController = self
        while let parent = top.parent { top = parent }
        return top
    }

}

/// What a view controller knows of its presentations.
struct PresentationState {
    enum Phase { case none, presenting, dismissing }
    var style = UIModalPresentationStyle.automatic
    var transition = UIModalTransitionStyle.coverVertical
    var isModal = false
    /// Held, as UIKit's presenting controller holds what it presents (an alert made and
    /// presented in one line lives until it is dismissed).
    var presented: UIViewController?
    weak var presenting: UIViewController?
    var phase = Phase.none
    var container: PresentationContainer?
    /// The presentation controller, made on first use.
    var controller: UIPresentationController?
    /// The presenter's view a full-screen presentation took out of the window, and where it was.
    var removedUnder: RemovedView?
    /// Whether the presentation takes the presenter's view away (its controller's `shouldRemovePresentersView`).
    var removesPresenter = false
}

/// A view taken out of its superview, and where to put it back (the same superview, under the
/// same sibling).
@MainActor
struct RemovedView {
    let view: UIView
    weak var superview: UIView?
    weak var above: UIView?

    /// Takes `view` out of its superview (nil: nothing to take).
    init?(_ view: UIView?) {
        guard let view, let superview = view.superview, let index = superview.subviews.firstIndex(where: { $0 === view }) else { return nil }
        self.view = view
        self.superview = superview
        above = index > 0 ? superview.subviews[index - 1] : nil
        view.removeFromSuperview()
    }

    /// Puts the view back where it was (from wherever it is now).
    func restore() {
        guard let superview, view.superview !== superview else { return }
        view.removeFromSuperview()
        if let above, above.superview === superview {
            superview.insertSubview(view, aboveSubview: above)
        } else {
            superview.insertSubview(view, at: 0)
        }
    }
}
