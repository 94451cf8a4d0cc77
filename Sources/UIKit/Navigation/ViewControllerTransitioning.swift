import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What an animator is given to run a transition with (UIKit's
/// `UIViewControllerContextTransitioning`): the container view, the two controllers and their
/// views, their frames before and after; `completeTransition(_:)` ends it.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var targetTransform: CGAffineTransform { get }
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// What animates a transition (UIKit's `UIViewControllerAnimatedTransitioning`): its duration,
/// and `animateTransition(using:)`, which puts the incoming view in the container, animates, and
/// calls the context's `completeTransition(_:)` at the end. `animationEnded(_:)` is optional.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// What drives a transition by hand (UIKit's `UIViewControllerInteractiveTransitioning`).
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// What a controller's presentation asks for its animators and its presentation controller
/// (UIKit's `UIViewControllerTransitioningDelegate`; every method is optional: nil, UIKit's own).
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning?
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning) -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

/// A transition driven by a percentage (UIKit's `UIPercentDrivenInteractiveTransition`): it
/// starts the animator's `animateTransition(using:)` held at its start (as UIKit does, its
/// animations paused at speed 0 in the container), `update(_:)` moves every animation the
/// animator and the coordinator's alongside blocks made to `percentComplete` of the transition's
/// duration, and `finish()` or `cancel()` runs them on to the end, or back to the start, at
/// `completionSpeed`, after which the animator's completion calls `completeTransition(_:)`.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    /// The transition's duration (the animator's).
    open private(set) var duration: CGFloat = 0
    open private(set) var percentComplete: CGFloat = 0
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var timingCurve: UITimingCurveProvider?
    open var wantsInteractiveStart = true

    private var context: TransitionContext?
    private var held: [AnimationOwner] = []
    private var startedAt: Double = 0

    public override init() { super.init() }

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext else { return }
        self.context = context
        duration = CGFloat(context.duration)
        let now = CACurrentMediaTime()
        startedAt = now
        held = AnimationRegistry.current.capturingOwners {
            context.animator.animateTransition(using: context)
            context.runAlongside(duration: context.duration)
        }
        for owner in held { owner.beginScrubbing(at: now) }
        if !wantsInteractiveStart { finish() }
    }

    /// Moves the transition to `percentComplete` (0…1) of its duration.
    open func update(_ percentComplete: CGFloat) {
        guard let context, context.isInteractive else { return }
        self.percentComplete = min(max(percentComplete, 0), 1)
        context.updateInteractiveTransition(self.percentComplete)
        let now = CACurrentMediaTime()
        for owner in held { owner.scrub(toElapsed: Double(self.percentComplete) * context.duration, at: now) }
    }

    /// Holds the transition where it is (it was running on its own).
    open func pause() {
        guard let context else { return }
        context.pauseInteractiveTransition()
        let now = CACurrentMediaTime()
        for owner in held { owner.pause(at: now) }
    }

    /// Runs the transition on to its end from where it is, at `completionSpeed`.
    open func finish() { end(cancelled: false) }

    /// Runs the transition back to its start, at `completionSpeed`; the animator's completion
    /// then completes the transition as cancelled (the models are put back at their start first).
    open func cancel() { end(cancelled: true) }

    private func end(cancelled: Bool) {
        guard let context, context.isInteractive else { return }
        if cancelled { context.cancelInteractiveTransition() } else { context.finishInteractiveTransition() }
        let now = CACurrentMediaTime()
        let speed = Float(completionSpeed > 0 ? completionSpeed : 1) * (cancelled ? -1 : 1)
        for owner in held {
            if cancelled { owner.onStoppedAtStart() }
            owner.run(at: now, speed: speed)
        }
        held = []
        self.context = nil
    }
}

/// uisim's transition context, for a presentation, a dismissal or a navigation transition run by
/// an animator: what the animator reads, and what it ends (`completeTransition(_:)` runs `ended`
/// once).
@MainActor
final class TransitionContext: NSObject, UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive: Bool
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    var targetTransform: CGAffineTransform { .identity }
    let animator: UIViewControllerAnimatedTransitioning
    let coordinator: TransitionCoordinator
    private let from: UIViewController?, to: UIViewController?
    private let fromView: UIView?, toView: UIView?
    private let frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)]
    private var ended: ((Bool) -> Void)?

    /// The animator's duration, asked once (0 when not animated); the coordinator's too.
    private(set) var duration: TimeInterval = 0

    init(container: UIView, animated: Bool, interactive: Bool, style: UIModalPresentationStyle,
         animator: UIViewControllerAnimatedTransitioning, coordinator: TransitionCoordinator,
         from: (controller: UIViewController?, view: UIView?, initial: CGRect, final: CGRect),
         to: (controller: UIViewController?, view: UIView?, initial: CGRect, final: CGRect),
         ended: @escaping (Bool) -> Void) {
        containerView = container
        isAnimated = animated
        isInteractive = interactive
        presentationStyle = style
        self.animator = animator
        self.coordinator = coordinator
        self.from = from.controller
        self.to = to.controller
        fromView = from.view
        toView = to.view
        var frames: [ObjectIdentifier: (initial: CGRect, final: CGRect)] = [:]
        if let controller = from.controller { frames[ObjectIdentifier(controller)] = (from.initial, from.final) }
        if let controller = to.controller { frames[ObjectIdentifier(controller)] = (to.initial, to.final) }
        self.frames = frames
        self.ended = ended
        super.init()
        duration = animated ? max(animator.transitionDuration(using: self), 0) : 0
        coordinator.transitionDuration = duration
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? fromView : key == .to ? toView : nil
    }

    func initialFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    func finalFrame(for vc: UIViewController) -> CGRect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {
        coordinator.percentComplete = percentComplete
    }

    func finishInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = false
    }

    func cancelInteractiveTransition() {
        isInteractive = false
        transitionWasCancelled = true
    }

    func pauseInteractiveTransition() {
        isInteractive = true
    }

    func completeTransition(_ didComplete: Bool) {
        guard let ended else { return }
        self.ended = nil
        ended(didComplete)
        animator.animationEnded(didComplete)
    }

    /// Runs the coordinator's alongside blocks in an animation of the transition's duration, as
    /// UIKit runs them next to a custom animator's.
    func runAlongside(duration: TimeInterval) {
        guard isAnimated, duration > 0 else { return UIView.performWithoutAnimation { coordinator.runAlongside() } }
        UIView.animate(withDuration: duration, delay: 0, options: [], animations: { self.coordinator.runAlongside() })
    }

    /// Starts the transition: through `interaction` when one drives it, else the animator's
    /// `animateTransition(using:)` with the alongside blocks next to it.
    func start(interaction: UIViewControllerInteractiveTransitioning?) {
        if let interaction {
            interaction.startInteractiveTransition(self)
        } else {
            animator.animateTransition(using: self)
            runAlongside(duration: duration)
        }
    }
}
