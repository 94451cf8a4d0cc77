import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// Where a property animator is (UIKit's `UIViewAnimatingState`).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: the animations are not on the layers.
    case inactive
    /// Started, running or paused.
    case active
    /// Stopped, waiting for `finishAnimation(at:)`.
    case stopped
}

/// Where a property animator ended (UIKit's `UIViewAnimatingPosition`).
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// What kind of curve a timing provider gives (UIKit's `UITimingCurveType`).
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// A timing curve for a property animator (UIKit's `UITimingCurveProvider`).
public protocol UITimingCurveProvider {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve, one of UIKit's named curves or two control points (UIKit's
/// `UICubicTimingParameters`).
open class UICubicTimingParameters: UITimingCurveProvider {
    open private(set) var animationCurve: UIView.AnimationCurve
    open private(set) var controlPoint1: CGPoint
    open private(set) var controlPoint2: CGPoint

    /// Ease in-out.
    public init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = Self.controlPoints(of: .easeInOut)
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        (controlPoint1, controlPoint2) = Self.controlPoints(of: curve)
    }

    /// Core Animation's named curves' control points.
    private static func controlPoints(of curve: UIView.AnimationCurve) -> (CGPoint, CGPoint) {
        switch curve {
        case .easeInOut: (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        case .easeIn: (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        }
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
    }

    open var timingCurveType: UITimingCurveType { .cubic }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }

    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y), Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring timing curve (UIKit's `UISpringTimingParameters`): a damping ratio (the animator's
/// duration sets how fast, as `UIView.animate(withDuration:…usingSpringWithDamping:…)` maps it),
/// or the spring's own mass, stiffness and damping (then the spring sets the duration).
open class UISpringTimingParameters: UITimingCurveProvider {
    package let dampingRatio: CGFloat
    /// The initial velocity per axis, in whole distances per second (uisim uses `dx`).
    open private(set) var initialVelocity: CGVector
    let physics: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// Critically damped (UIKit's default for this initializer).
    public init() {
        dampingRatio = 1
        initialVelocity = CGVector()
        physics = nil
    }

    public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: CGVector()) }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        initialVelocity = velocity
        physics = nil
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        initialVelocity = velocity
        physics = (mass, stiffness, damping)
    }

    /// iOS 17's form: settles in about `duration`, overshooting by `bounce` (0 none).
    public init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = CGVector()) {
        let spring = CASpringAnimation.perceptual(duration: duration, bounce: bounce)
        dampingRatio = spring.damping / (2 * spring.stiffness.squareRoot())
        initialVelocity = velocity
        physics = (1, spring.stiffness, spring.damping)
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }
}

/// An interruptible, scrubbable animation of views' properties (UIKit's `UIViewPropertyAnimator`):
/// its blocks run when it starts, inside an animation context of its duration and curve, so each
/// change becomes a Core Animation animation the render server runs; pausing holds them where
/// they are (`fractionComplete` scrubs them), reversing plays them back, stopping leaves the
/// views where they are shown. Completions get the position it ended at.
@preconcurrency @MainActor
open class UIViewPropertyAnimator {
    open var duration: TimeInterval { configuredDuration }
    open private(set) var delay: TimeInterval = 0
    open private(set) var timingParameters: UITimingCurveProvider?
    open var isInterruptible = true
    /// Whether the animated views take touches while they move (true by default, unlike blocks).
    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    /// Whether a paused animator scrubs linearly (`fractionComplete` is the fraction of change).
    open var scrubsLinearly = true
    /// Whether the animator pauses at its end instead of finishing (it stays active).
    open var pausesOnCompletion = false
    open private(set) var state: UIViewAnimatingState = .inactive
    open private(set) var isRunning = false

    private let configuredDuration: TimeInterval
    private var blocks: [(animations: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var owner: AnimationOwner?
    private var heldFraction: CGFloat = 0

    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        configuredDuration = duration
        timingParameters = parameters
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// A started animator of UIKit's block form.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                                               animations: @escaping () -> Void,
                                               completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Blocks

    /// Adds a block; one added while the animator runs starts at once, for what is left.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds a block that starts after `delayFactor` of the duration.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        blocks.append((animation, delayFactor))
        if state == .active, let owner {
            let now = CACurrentMediaTime()
            let left = (1 - Double(fractionComplete)) * duration
            owner.committed = false
            runBlock(animation, delay: Double(delayFactor) * left, duration: left * (1 - Double(delayFactor)), owner: owner)
            owner.committed = true
            if !isRunning { owner.pause(at: now) }
        }
    }

    /// Adds a completion, told where the animator ended.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the blocks (after `delay`), or runs a paused animator on.
    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .inactive:
            self.delay = delay
            begin()
            isRunning = true
        case .active:
            guard !isRunning, let owner else { return }
            owner.setTimingFunctions(linear: false)
            owner.run(at: CACurrentMediaTime(), speed: isReversed ? -1 : 1)
            isRunning = true
        case .stopped:
            break
        }
    }

    /// Holds the animations where they are shown.
    open func pauseAnimation() {
        if state == .inactive {
            begin()
            owner?.pause(at: CACurrentMediaTime())
            heldFraction = 0
        } else if isRunning, let owner {
            let now = CACurrentMediaTime()
            heldFraction = CGFloat(owner.fraction(at: now) ?? 0)
            owner.pause(at: now)
        }
        isRunning = false
        owner?.setTimingFunctions(linear: scrubsLinearly)
    }

    /// How far along the animations are (0…1). Set while paused, it moves them there.
    open var fractionComplete: CGFloat {
        get {
            guard state == .active, let owner else { return heldFraction }
            if !isRunning { return heldFraction }
            return CGFloat(owner.fraction(at: CACurrentMediaTime()) ?? Double(heldFraction))
        }
        set {
            guard !isRunning else { return }
            if state == .inactive { pauseAnimation() }
            heldFraction = min(max(newValue, 0), 1)
            owner?.seek(to: Double(heldFraction), at: CACurrentMediaTime())
        }
    }

    /// Whether the animations play back towards their start.
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active, isRunning, let owner else { return }
            owner.run(at: CACurrentMediaTime(), speed: isReversed ? -1 : 1)
        }
    }

    /// Stops the animations where they are shown (the views keep those values). Without
    /// finishing, the animator is done (no completion); otherwise it waits, stopped, for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active, let owner else { return }
        owner.stop(leavingAt: 2, now: CACurrentMediaTime())
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { self.owner = nil }
    }

    /// Finishes a stopped animator: the views go to `finalPosition` (the end, the start, or where
    /// they are) and the completions run.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped, let owner else { return }
        switch finalPosition {
        case .end: owner.setModelValues(toStart: false)
        case .start: owner.setModelValues(toStart: true)
        case .current: break
        }
        finish(at: finalPosition)
    }

    /// Runs a paused animator on, for `durationFactor` of its duration (the timing parameters'
    /// shape is not changed: uisim keeps the animator's curve).
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning, let owner else { return }
        owner.setTimingFunctions(linear: false)
        let factor = durationFactor > 0 ? Float(durationFactor) : 1
        owner.run(at: CACurrentMediaTime(), speed: (isReversed ? -1 : 1) / factor)
        isRunning = true
    }

    // MARK: Inside

    private func begin() {
        let owner = AnimationOwner(allowsUserInteraction: isUserInteractionEnabled) { [weak self] finished in
            self?.animationsEnded(finished: finished)
        }
        self.owner = owner
        state = .active
        for block in blocks {
            runBlock(block.animations, delay: delay + Double(block.delayFactor) * duration,
                     duration: duration * (1 - Double(block.delayFactor)), owner: owner)
        }
        owner.committed = true
        if owner.remaining == 0 { AnimationRegistry.current.finish(owner) }
    }

    private func runBlock(_ block: () -> Void, delay: TimeInterval, duration: TimeInterval, owner: AnimationOwner) {
        var context = UIViewAnimationState.Context(duration: duration, delay: delay, options: [], spring: nil, owner: owner)
        if let spring = timingParameters?.springTimingParameters {
            if let physics = spring.physics {
                context.physics = (physics.mass, physics.stiffness, physics.damping, spring.initialVelocity.dx)
            } else {
                context.spring = (spring.dampingRatio, spring.initialVelocity.dx)
            }
        } else if let cubic = timingParameters?.cubicTimingParameters {
            context.timing = cubic.timingFunction
        }
        UIView.run(context, commits: false, block)
    }

    private func animationsEnded(finished: Bool) {
        guard state == .active else { return }
        if isReversed { owner?.setModelValues(toStart: true) }
        if pausesOnCompletion {
            isRunning = false
            return
        }
        finish(at: isReversed ? .start : .end)
    }

    private func finish(at position: UIViewAnimatingPosition) {
        state = .inactive
        isRunning = false
        owner = nil
        let completions = self.completions
        for completion in completions { completion(position) }
    }
}
