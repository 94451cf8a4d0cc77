import Foundation
import Geometry
import CoreGraphics

/// Something a layer runs when a property changes (Core Animation's `CAAction`): an animation
/// adds itself to the layer; `NSNull` does nothing (and stops the search for an action).
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

/// Told when an animation starts and stops (Core Animation's `CAAnimationDelegate`; both methods
/// optional). The animation holds its delegate strongly, as Core Animation's does. Called on the
/// main thread, in the run-loop turn after the frame in which the render server started or
/// ended the animation.
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    /// `flag` is true when the animation ran to its end, false when it was removed first.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Core Animation's abstract animation: timing (`CAMediaTiming`), a timing function, a delegate.
/// A layer copies the animation it is given (`add(_:forKey:)`), so changing it afterwards
/// changes nothing on screen. Evaluated by the render server every frame, never by the app.
open class CAAnimation: NSObject, CAMediaTiming, CAAction {
    public override required init() { super.init() }

    @exclusivity(unchecked)
    open var beginTime: CFTimeInterval = 0
    @exclusivity(unchecked)
    open var duration: CFTimeInterval = 0
    @exclusivity(unchecked)
    open var speed: Float = 1
    @exclusivity(unchecked)
    open var timeOffset: CFTimeInterval = 0
    @exclusivity(unchecked)
    open var repeatCount: Float = 0
    @exclusivity(unchecked)
    open var repeatDuration: CFTimeInterval = 0
    @exclusivity(unchecked)
    open var autoreverses = false
    @exclusivity(unchecked)
    open var fillMode: CAMediaTimingFillMode = .removed
    /// The pacing of each iteration (nil: linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops; retained.
    open var delegate: CAAnimationDelegate?
    /// Whether the layer drops the animation when it ends (true by default). With false and
    /// `fillMode` `.forwards`, the end value stays shown until the animation is removed.
    open var isRemovedOnCompletion = true

    /// What UIKit attached (its completion, its options), carried by copies.
    package var owner: AnimationOwner?
    /// The timing function a property animator set aside while it scrubs linearly.
    var scrubbingSaved: CAMediaTimingFunction??

    /// A copy with the same settings (what `add(_:forKey:)` keeps).
    open override func copy() -> Any {
        let copy = type(of: self).init()
        copy.takeSettings(from: self)
        return copy
    }

    /// Copies `other`'s settings into this animation; subclasses add their own.
    open func takeSettings(from other: CAAnimation) {
        beginTime = other.beginTime
        duration = other.duration
        speed = other.speed
        timeOffset = other.timeOffset
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        timingFunction = other.timingFunction
        delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion
        owner = other.owner
    }

    /// Adds the animation to the layer `anObject` for `event` (the `CAAction` an animation is).
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    /// The default duration and timing of a class's animations (Core Animation's
    /// `defaultValue(forKey:)` answers for every property; here the ones timing uses).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "duration": 0.25
        case "speed": Float(1)
        case "isRemovedOnCompletion", "removedOnCompletion": true
        default: nil
        }
    }

    /// Whether the property at `key` is archived (uisim archives nothing: false).
    open func shouldArchiveValue(forKey key: String) -> Bool { false }

    // MARK: Evaluation (the render server's)

    /// Applies the animation's value at `time` (its parent's time) to `values`, the layer's
    /// presentation so far. Returns where the animation is.
    func apply(to values: inout PresentationValues, at time: Double) -> TimingPhase {
        let local = localTime(time)
        let phase = phase(atLocal: local)
        apply(to: &values, phase: phase, local: local)
        return phase
    }

    /// `apply(to:at:)` with the phase and local time already worked out (the render server's).
    func apply(to values: inout PresentationValues, phase: TimingPhase, local: Double) {
        switch phase {
        case .before:
            if fillMode.fillsBackwards { contribute(to: &values, fraction: 0, iteration: 0, local: 0) }
        case .active(let fraction, let iteration):
            contribute(to: &values, fraction: fraction, iteration: iteration, local: local)
        case .after(let fraction, let iteration):
            if fillMode.fillsForwards { contribute(to: &values, fraction: fraction, iteration: iteration, local: activeDuration) }
        }
    }

    /// What the animation does at `fraction` of iteration `iteration` (local time `local`).
    func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {}

    /// The fraction of change at `fraction` of the iteration's time, through the timing function.
    func paced(_ fraction: Double) -> Double {
        timingFunction?.value(at: fraction) ?? fraction
    }

    /// The key paths the animation moves.
    var keyPaths: [String] { [] }

    public override var description: String {
        "<\(type(of: self)): duration \(effectiveDuration)\(keyPaths.isEmpty ? "" : "; " + keyPaths.joined(separator: ", "))>"
    }
}

/// An animation of one property, named by its key path (Core Animation's `CAPropertyAnimation`).
open class CAPropertyAnimation: CAAnimation {
    /// The property animated: "position", "bounds.size", "transform.rotation.z", "opacity"…
    open var keyPath: String? {
        didSet { target = keyPath.flatMap(KeyPathTarget.init) }
    }
    /// `keyPath` parsed once: the property and the part of it.
    private(set) var target: KeyPathTarget?
    /// Whether the animation's value is added to the property's (UIKit's animations are, so a
    /// second animation of a property starts where the first left it).
    open var isAdditive = false
    /// Whether each repeat starts where the last ended.
    open var isCumulative = false

    public required init() { super.init() }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
        target = path.flatMap(KeyPathTarget.init)   // observers do not run in the class's own initializers
    }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
    }

    override var keyPaths: [String] { keyPath.map { [$0] } ?? [] }

    /// The value at `progress` (0...1 of the change; a spring may overshoot), given the value the
    /// property has before this animation (`base`); nil for none.
    func value(atProgress progress: Double, base: AnimatableValue) -> AnimatableValue? { nil }

    /// The value at the start and at the end of one iteration (for cumulative repeats).
    func span(base: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        guard let start = value(atProgress: 0, base: base), let end = value(atProgress: 1, base: base) else { return nil }
        return (start, end)
    }

    func progress(atFraction fraction: Double, local: Double) -> Double { paced(fraction) }

    override func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {
        guard let target, let base = values[target] else { return }
        let progress = progress(atFraction: fraction, local: local)
        guard var value = value(atProgress: progress, base: isAdditive ? base.zero : base) else { return }
        if isCumulative && iteration > 0, let (start, end) = span(base: isAdditive ? base.zero : base), let step = end.subtracting(start) {
            for _ in 0..<iteration { value = value.adding(step) }
        }
        values[target] = isAdditive ? base.adding(value) : value
    }
}
