import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// The animation blocks open in one app (UIKit's animation context), innermost last.
final class UIViewAnimationState {
    struct Context {
        var duration: TimeInterval
        var delay: TimeInterval
        var options: UIView.AnimationOptions
        /// A spring's damping ratio and initial velocity (nil: the options' curve).
        var spring: (damping: CGFloat, velocity: CGFloat)?
        let owner: AnimationOwner
        /// A curve that overrides the options' (a property animator's control points).
        var timing: CAMediaTimingFunction?
        /// A spring given by its physics (a property animator's `UISpringTimingParameters`).
        var physics: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat, velocity: CGFloat)?
        /// Inside `animateKeyframes`: its total duration and delay, whether its keyframes jump
        /// (discrete); a keyframe animates from the model value the keyframe before left.
        var keyframes: (duration: TimeInterval, delay: TimeInterval, discrete: Bool)?
        /// A `beginAnimations` set's `setAnimationRepeatCount` (0: once; `.repeat` repeats for ever).
        var repeatCount: Float = 0

        /// A block run inside `outer` takes its duration and its curve (a spring's too) unless its
        /// options say `.overrideInheritedDuration`, `.overrideInheritedCurve` or
        /// `.overrideInheritedOptions`, as UIKit documents: a 0.5 s ease-in block inside a 1 s
        /// linear one runs 1 s, linear.
        mutating func inherit(from outer: Context) {
            guard !options.contains(.overrideInheritedOptions) else { return }
            if !options.contains(.overrideInheritedDuration) { duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                let curveBits: UInt = 0xF << 16
                options = UIView.AnimationOptions(rawValue: (options.rawValue & ~curveBits) | (outer.options.rawValue & curveBits))
                spring = outer.spring
                timing = outer.timing
                physics = outer.physics
            }
        }
    }

    var contexts: [Context] = []
    var enabled = true
    /// The `beginAnimations(_:context:)` sets open, innermost last (UIView+BeginAnimations.swift).
    var animationSets: [UIView.AnimationSet] = []
    /// Sets committed inside another, whose delegates hear that they start when the outermost
    /// commits.
    var setsAwaitingStart: [UIView.AnimationSet] = []
    static var current: UIViewAnimationState { UIKitState.current.animation }
}

extension UIView {
    /// How a block animates, as UIKit's `UIView.AnimationOptions` (the same bits).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The animated views take touches while they move (otherwise they take none).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from what is shown (uisim's animations always do: additive, as since iOS 8).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionNone = AnimationOptions([])
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        public static let preferredFramesPerSecondDefault = AnimationOptions([])
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve the options name.
        var curve: AnimationCurve {
            AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut
        }
    }

    /// A timing curve (UIKit's `UIView.AnimationCurve`).
    public enum AnimationCurve: Int, Sendable {
        case easeInOut, easeIn, easeOut, linear

        /// Any raw value makes a curve, as UIKit's enum (imported from C) takes values it does
        /// not name: the keyboard's notifications carry curve 7, and apps write
        /// `UIView.AnimationCurve(rawValue: curve)!`. A Swift enum cannot hold 7, so a value
        /// outside the four reads as `.easeInOut`, the curve uisim animates it with.
        public init?(rawValue: Int) {
            switch rawValue {
            case 1: self = .easeIn
            case 2: self = .easeOut
            case 3: self = .linear
            default: self = .easeInOut
            }
        }

        /// Core Animation's timing function for the curve.
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    /// The layer keys a change of which UIKit animates inside a block.
    static let animatableKeys: Set<String> = [
        "position", "bounds", "transform", "opacity", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
        "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "shadowPath", "anchorPoint", "zPosition",
    ]

    // MARK: Animation blocks

    /// Animates the changes `animations` makes to views' frames, bounds, centers, transforms,
    /// alphas and background colours (and their layers' corner radii, borders and shadows) over
    /// `duration` seconds after `delay`, on the options' curve (ease in-out by default). Each
    /// property changes at once in the model; the render server shows it moving, additively (a
    /// second animation of a property starts where the first is, never with a jump).
    /// `completion` runs on the main thread after the last animation ends, with `true` if all ran
    /// to the end. The animated views take no touches meanwhile unless `.allowUserInteraction`.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationState.Context(duration: duration, delay: delay, options: options, spring: nil,
                                         owner: AnimationOwner(allowsUserInteraction: options.contains(.allowUserInteraction), completion: completion)),
            animations)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A block animated by a spring of `dampingRatio` (1: no overshoot; lower: bouncier) that
    /// starts at `velocity` (1 is the whole distance in one second) and comes to rest in
    /// `duration`: mass 1, stiffness ln(1500)² / (duration² · ζ²), damping 2ζ√stiffness, so the
    /// oscillation's envelope falls to 1/1500 at `duration` (Apple does not publish its mapping;
    /// this is the one commonly measured).
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationState.Context(duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity),
                                         owner: AnimationOwner(allowsUserInteraction: options.contains(.allowUserInteraction), completion: completion)),
            animations)
    }

    /// How `animateKeyframes` runs (UIKit's `UIView.KeyframeAnimationOptions`: the same bits as
    /// `AnimationOptions` below bit 10, the calculation mode above).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        /// Straight from keyframe to keyframe (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each keyframe's values at once, at its start.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// uisim paces these as linear.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// A keyframe animation: `animations` calls `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// for each step; each keyframe's changes run linearly over its part of `duration`, from
    /// where the keyframe before left them (they add up, as each is additive). `completion` runs
    /// once, after the last.
    public static func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
                                       animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let plain = AnimationOptions(rawValue: options.rawValue & 0x3FF).union(.curveLinear)
        var context = UIViewAnimationState.Context(duration: duration, delay: delay, options: plain, spring: nil,
                                                   owner: AnimationOwner(allowsUserInteraction: options.contains(.allowUserInteraction),
                                                                         completion: completion))
        context.keyframes = (duration, delay, options.rawValue & (0xF << 10) == KeyframeAnimationOptions.calculationModeDiscrete.rawValue)
        run(context, animations)
    }

    /// One keyframe of the `animateKeyframes` block being run: `animations`' changes animate from
    /// `frameStartTime` for `frameDuration`, both fractions of the whole (outside a keyframe
    /// block, the changes happen at once).
    public static func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                   animations: @escaping () -> Void) {
        let state = UIViewAnimationState.current
        guard var context = state.contexts.last, let keyframes = context.keyframes else {
            animations()
            return
        }
        let start = min(max(frameStartTime, 0), 1), length = min(max(frameDuration, 0), 1 - start)
        context.delay = keyframes.delay + start * keyframes.duration
        // A discrete keyframe jumps at its start: an animation too short to be seen between.
        context.duration = keyframes.discrete ? 1e-6 : length * keyframes.duration
        run(context, commits: false, animations)
    }

    /// A transition of `view`'s content: `animations` runs at once (its changes are not animated
    /// one by one) and the view's layer gets a `CATransition` for `duration`: a cross-dissolve
    /// fades the new content in; flips and curls are shown as fades too (uisim renders in the
    /// plane). `completion` runs after it.
    public static func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        performWithoutAnimation { animations?() }
        addTransition(to: view.layer, duration: duration, options: options, completion: completion)
    }

    /// Replaces `fromView` with `toView` in its superview (or, with `.showHideTransitionViews`,
    /// hides one and shows the other), with a transition of the superview's content.
    public static func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let container = fromView.superview else {
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        performWithoutAnimation {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }
        addTransition(to: container.layer, duration: duration, options: options, completion: completion)
    }

    private static func addTransition(to layer: CALayer, duration: TimeInterval, options: AnimationOptions,
                                      completion: ((Bool) -> Void)?) {
        let owner = AnimationOwner(allowsUserInteraction: options.contains(.allowUserInteraction), completion: completion)
        guard areAnimationsEnabled, duration > 0 else {
            AnimationRegistry.current.finish(owner)
            return
        }
        let transition = CATransition()
        transition.type = .fade
        transition.duration = duration
        transition.timingFunction = options.curve.timingFunction
        transition.owner = owner
        layer.add(transition, forKey: kCATransition)
        owner.committed = true
    }

    /// iOS 17's spring form: a spring that settles in about `duration` and overshoots by `bounce`
    /// (0 none), as `CASpringAnimation(perceptualDuration:bounce:)` defines it (mass 1, stiffness
    /// (2π / duration)², damping 4π(1 − bounce) / duration); it runs until it settles.
    public static func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
                               delay: TimeInterval = 0, options: AnimationOptions = [],
                               animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = CASpringAnimation(perceptualDuration: duration, bounce: bounce)
        var context = UIViewAnimationState.Context(duration: spring.duration, delay: delay, options: options, spring: nil,
                                                   owner: AnimationOwner(allowsUserInteraction: options.contains(.allowUserInteraction),
                                                                         completion: completion))
        context.physics = (spring.mass, spring.stiffness, spring.damping, velocity)
        run(context, animations)
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes show at once.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let state = UIViewAnimationState.current
        let was = state.enabled
        state.enabled = false
        defer { state.enabled = was }
        actionsWithoutAnimation()
    }

    /// Whether animation blocks animate (true unless turned off).
    public static var areAnimationsEnabled: Bool { UIViewAnimationState.current.enabled }

    public static func setAnimationsEnabled(_ enabled: Bool) {
        UIViewAnimationState.current.enabled = enabled
    }

    /// The duration of the animation block being run (0 outside one).
    public static var inheritedAnimationDuration: TimeInterval {
        UIViewAnimationState.current.contexts.last?.duration ?? 0
    }

    /// Runs `animations` in `context`; `commits` ends the owner's block (its completion runs
    /// when its animations end, or at once, next turn, if it made none).
    static func run(_ context: UIViewAnimationState.Context, commits: Bool = true, _ animations: () -> Void) {
        let state = UIViewAnimationState.current
        let registry = AnimationRegistry.current
        var context = context
        if commits, context.keyframes == nil, let outer = state.contexts.last {
            context.inherit(from: outer)
        }
        if context.duration > 0 {
            state.contexts.append(context)
            registry.openBlocks += 1
            animations()
            registry.openBlocks -= 1
            state.contexts.removeLast()
        } else {
            // No time to animate in (0, negative, not a number): the changes apply at once, as
            // UIKit's do, and the completion still runs.
            performWithoutAnimation(animations)
        }
        guard commits else { return }
        AnimationRegistry.current.commit(context.owner)
    }

    // MARK: The layer's delegate

    /// The action for a change of the layer's `event`: inside an animation block (with animations
    /// enabled), an animation of the change; otherwise `NSNull`, so a view's layer never animates
    /// implicitly.
    public func action(for layer: CALayer, forKey event: String) -> CAAction? {
        let state = UIViewAnimationState.current
        guard state.enabled, let context = state.contexts.last, context.duration > 0, Self.animatableKeys.contains(event) else { return NSNull() }
        return UIViewAnimationAction(context: context)
    }
}

/// What a view's layer runs for a change inside an animation block: an additive animation from
/// the old value to the new where the values add (numbers, points, sizes, rectangles, colours),
/// otherwise from the value shown to the new one.
final class UIViewAnimationAction: CAAction {
    let context: UIViewAnimationState.Context

    init(context: UIViewAnimationState.Context) {
        self.context = context
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer, let change = layer.changeInProgressValues, change.key == event else { return }
        let animation: CABasicAnimation
        if let physics = context.physics {
            let s = CASpringAnimation(keyPath: event)
            s.mass = physics.mass
            s.stiffness = physics.stiffness
            s.damping = physics.damping
            s.initialVelocity = physics.velocity
            animation = s
        } else if let spring = context.spring {
            let s = CASpringAnimation(keyPath: event)
            let zeta = min(max(Double(spring.damping), 0.01), 1)
            let d = max(context.duration, 0.001)
            let stiffness = pow(log(1500.0), 2) / (d * d * zeta * zeta)
            s.mass = 1
            s.stiffness = CGFloat(stiffness)
            s.damping = CGFloat(2 * stiffness.squareRoot() * zeta)
            s.initialVelocity = spring.velocity
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: event)
            animation.timingFunction = context.timing ?? context.options.curve.timingFunction
        }
        animation.duration = context.duration
        if context.options.contains(.repeat) {
            animation.repeatCount = .infinity
        } else if context.repeatCount > 0 {
            animation.repeatCount = context.repeatCount
        }
        animation.autoreverses = context.options.contains(.autoreverse)
        if let offset = layer.additiveOffset(from: change.oldModel, to: change.new) {
            animation.isAdditive = true
            animation.fromValue = offset
            animation.toValue = layer.additiveZero(like: offset)
        } else {
            // A keyframe starts where the keyframe before left the model, not where it is shown now.
            animation.fromValue = context.keyframes == nil ? change.old : change.oldModel
            animation.toValue = change.new
        }
        if context.keyframes != nil {
            // Additive keyframes add up at every time; a keyframe from a value fills backwards
            // only if it is its property's first (a later one would hide the one before it).
            animation.fillMode = animation.isAdditive || !layer.hasAnimation(ownedBy: context.owner, keyPath: event) ? .both : .forwards
        }
        if context.delay > 0 {
            animation.beginTime = layer.frameTimeForAnimations + context.delay
            if animation.fillMode == .removed { animation.fillMode = .backwards }
        }
        animation.owner = context.owner
        layer.add(animation, forKey: layer.freeAnimationKey(event))
    }
}
