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
open class CAAnimation: CAMediaTiming, CAAction, CustomStringConvertible {
    public required init() {}

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
    open func copy() -> Any {
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

    public var description: String {
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

/// An animation from one value to another (Core Animation's `CABasicAnimation`): `fromValue`,
/// `toValue`, `byValue`, two of them or one (the other end is the property's value).
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any? {
        didSet { parsed = nil; fixedEnds = nil }
    }
    open var toValue: Any? {
        didSet { parsed = nil; fixedEnds = nil }
    }
    open var byValue: Any? {
        didSet { parsed = nil; fixedEnds = nil }
    }
    /// The three values unboxed, once.
    private var parsed: (from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)?
    /// The two ends when they do not depend on the property's value (from and to, or from and
    /// by: UIKit's animations), worked out once rather than every frame.
    private var fixedEnds: (AnimatableValue, AnimatableValue)?

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    /// The two ends, by Core Animation's rules for which values are set.
    func ends(base: AnimatableValue) -> (AnimatableValue, AnimatableValue)? {
        if let fixedEnds { return fixedEnds }
        if parsed == nil { parsed = (AnimatableValue(fromValue), AnimatableValue(toValue), AnimatableValue(byValue)) }
        switch (parsed.unsafelyUnwrapped.from, parsed.unsafelyUnwrapped.to, parsed.unsafelyUnwrapped.by) {
        case (let f?, let t?, _):
            fixedEnds = (f, t)
            return (f, t)
        case (let f?, nil, let b?):
            fixedEnds = (f, f.adding(b))
            return fixedEnds
        case (nil, let t?, let b?): return (t.subtracting(b) ?? base, t)
        case (let f?, nil, nil): return (f, base)
        case (nil, let t?, nil): return (base, t)
        case (nil, nil, let b?): return (base, base.adding(b))
        default: return nil
        }
    }

    override func value(atProgress progress: Double, base: AnimatableValue) -> AnimatableValue? {
        guard let (start, end) = ends(base: base) else { return nil }
        return start.interpolated(to: end, progress)
    }
}

/// A spring (Core Animation's `CASpringAnimation`): a damped harmonic oscillator of `mass`,
/// `stiffness` and `damping` pulled from `fromValue` to `toValue`, starting at `initialVelocity`
/// (in whole distances per second). The timing function does not apply; `duration` still cuts it.
open class CASpringAnimation: CABasicAnimation {
    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    open var initialVelocity: CGFloat = 0

    public required init() { super.init() }

    /// A spring that settles in about `perceptualDuration` and overshoots by `bounce` (0 none,
    /// up to 1), as iOS 17's initializer defines it: stiffness (2π / duration)², damping
    /// 4π(1 − bounce) / duration, mass 1.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        (stiffness, damping) = Self.perceptual(duration: perceptualDuration, bounce: bounce)
        duration = settlingDuration
    }

    /// The stiffness and damping (mass 1) of a spring that settles in about `duration` and
    /// overshoots by `bounce`: Apple's published mapping.
    package static func perceptual(duration: TimeInterval, bounce: CGFloat) -> (stiffness: CGFloat, damping: CGFloat) {
        let d = max(duration, 0.01)
        return (CGFloat(pow(2 * Double.pi / d, 2)), CGFloat(4 * Double.pi * (1 - Double(bounce)) / d))
    }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CASpringAnimation else { return }
        mass = other.mass
        stiffness = other.stiffness
        damping = other.damping
        initialVelocity = other.initialVelocity
    }

    /// The damping ratio ζ = damping / (2√(stiffness·mass)): below 1 the spring overshoots.
    var dampingRatio: Double { Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot()) }

    /// The fraction of the way travelled at `t` seconds.
    func springProgress(at t: Double) -> Double {
        guard mass > 0, stiffness > 0 else { return 1 }
        let w0 = (Double(stiffness) / Double(mass)).squareRoot()
        let zeta = dampingRatio
        let v0 = -Double(initialVelocity)   // the displacement's rate: towards the target is negative
        let x: Double
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            x = exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 + v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            x = exp(-w0 * t) * (1 + (w0 + v0) * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1) / (r2 - r1), c1 = 1 - c2
            x = c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
        return 1 - x
    }

    /// How long the spring takes to come to rest, as Core Animation estimates it.
    ///
    /// An underdamped spring's displacement (a fraction of the distance) is
    /// x(t) = e^(−ζω₀t)·(cos ω_d·t + B·sin ω_d·t), with B = (ζω₀ + v₀) / ω_d; |cos| + |B·sin|
    /// never exceeds 1 + |B|, so from t = ln((1 + |B|) / 0.001) / (ζω₀) on, x stays within 0.1 %
    /// of the distance. That bound is Apple's figure: for its documented example (mass 1,
    /// stiffness 100, so ω₀ = 10) damping 5 gives ζ = 0.25, B = 0.258 and
    /// ln(1258.2) / 2.5 = 2.855 s ("approximately 2.85 seconds"); damping 15 gives ζ = 0.75,
    /// B = 1.134 and ln(2133.9) / 7.5 = 1.022 s (just over 1 s). The last time the displacement
    /// itself exceeds 0.1 % (2.687 s and 0.800 s) is shorter: Core Animation takes the envelope,
    /// not the oscillation's last peak. A critically or over-damped spring (Apple publishes no
    /// figure), or an undamped one, settles at the first time after which it stays within 0.1 %,
    /// sampled every millisecond up to a minute.
    open var settlingDuration: CFTimeInterval {
        guard mass > 0, stiffness > 0 else { return 0 }
        let w0 = (Double(stiffness) / Double(mass)).squareRoot()
        let zeta = dampingRatio
        if zeta > 0, zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - Double(initialVelocity)) / wd
            return max(0, log((1 + abs(b)) / 0.001) / (zeta * w0))
        }
        var last = 0.0
        var t = 0.0
        // Past the envelope's bound the spring stays within 0.1 %: no need to sample further.
        let end = min(60, settlingBound + 0.001)
        while t < end {
            if abs(1 - springProgress(at: t)) > 0.001 { last = t }
            t += 0.001
        }
        return (last * 1000).rounded(.up) / 1000
    }

    /// A time after which the displacement's envelope is below 0.1 % of the distance: for an
    /// underdamped spring A·e^(−ζω₀t), for a critical one (1 + 2|ω₀ + v₀|/(eω₀))·e^(−ω₀t/2), for an
    /// overdamped one (|c₁| + |c₂|)·e^(r₁t) with r₁ its slower root.
    private var settlingBound: Double {
        guard mass > 0, stiffness > 0 else { return 0 }
        let w0 = (Double(stiffness) / Double(mass)).squareRoot()
        let zeta = dampingRatio
        let v0 = -Double(initialVelocity)
        let (amplitude, rate): (Double, Double)
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            amplitude = (1 + pow((zeta * w0 + v0) / wd, 2)).squareRoot()
            rate = zeta * w0
        } else if zeta == 1 {
            amplitude = 1 + 2 * abs(w0 + v0) / (M_E * w0)
            rate = w0 / 2
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (v0 - r1) / (r2 - r1)
            amplitude = abs(1 - c2) + abs(c2)
            rate = -r1
        }
        guard rate > 0 else { return 60 }
        return max(0, log(amplitude / 0.001) / rate)
    }

    override func progress(atFraction fraction: Double, local: Double) -> Double {
        springProgress(at: fraction * effectiveDuration)
    }
}

/// How a keyframe animation moves between its values.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight between neighbours, at `keyTimes` (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// At constant speed over the whole (key times and timing functions ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// Through the values on a smooth curve (uisim: as linear).
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// An animation through several values (Core Animation's `CAKeyframeAnimation`): `values` at
/// `keyTimes` (fractions of the duration; evenly spaced when nil), each segment paced by its
/// entry of `timingFunctions`; or along `path` for a point property.
open class CAKeyframeAnimation: CAPropertyAnimation {
    open var values: [Any]? {
        didSet { parsedFrames = nil }
    }
    open var path: CGPath? {
        didSet { parsedFrames = nil }
    }
    open var keyTimes: [NSNumber]?
    /// The keyframes unboxed, once.
    private var parsedFrames: [AnimatableValue]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        path = other.path
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
    }

    /// The keyframes: `path`'s points (its line and curve ends) or `values`.
    private var frames: [AnimatableValue] {
        if let parsedFrames { return parsedFrames }
        let frames = unboxedFrames
        parsedFrames = frames
        return frames
    }

    private var unboxedFrames: [AnimatableValue] {
        if let path {
            return path.elements.compactMap {
                switch $0 {
                case .moveToPoint(let p), .addLineToPoint(let p), .addCurveToPoint(_, _, let p): .point(p)
                case .closeSubpath: nil
                }
            }
        }
        return (values ?? []).compactMap { AnimatableValue($0) }
    }

    /// The key times: given, or as the mode spaces them.
    private func times(for frames: [AnimatableValue]) -> [Double] {
        let n = frames.count
        if calculationMode == .paced || calculationMode == .cubicPaced {
            var lengths = [0.0]
            for i in 1..<n { lengths.append(lengths[i - 1] + frames[i - 1].distance(to: frames[i])) }
            let total = lengths.last ?? 0
            return total > 0 ? lengths.map { $0 / total } : (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
        }
        if let keyTimes, keyTimes.count == n { return keyTimes.map(\.doubleValue) }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { Double($0) / Double(max(n - 1, 1)) }
    }

    override func value(atProgress progress: Double, base: AnimatableValue) -> AnimatableValue? {
        let frames = frames
        guard let first = frames.first else { return nil }
        if frames.count == 1 { return first }
        let times = times(for: frames)
        if calculationMode == .discrete {
            let index = times.lastIndex { $0 <= progress + 1e-12 } ?? 0
            return frames[index]
        }
        if progress <= times[0] { return frames[0] }
        if progress >= times[times.count - 1] { return frames[frames.count - 1] }
        var segment = 0
        while segment + 1 < times.count - 1 && progress >= times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        var local = span > 0 ? (progress - times[segment]) / span : 1
        if calculationMode != .paced && calculationMode != .cubicPaced, let functions = timingFunctions, segment < functions.count {
            local = functions[segment].value(at: local)
        }
        return frames[segment].interpolated(to: frames[segment + 1], local)
    }
}

/// Animations run together (Core Animation's `CAAnimationGroup`): each child's times are in the
/// group's local time, and the group's duration cuts them.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }

    override var keyPaths: [String] { (animations ?? []).flatMap(\.keyPaths) }

    override func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {
        let time = paced(fraction) * effectiveDuration
        for animation in animations ?? [] { _ = animation.apply(to: &values, at: time) }
    }
}

/// What UIKit attaches to the animations one animation block makes: the block's completion and
/// whether the animated views take touches.
package final class AnimationOwner {
    /// Animations of the block not yet stopped, and whether all ran to the end.
    package var remaining = 0
    package var allFinished = true
    package var completion: ((Bool) -> Void)?
    package var allowsUserInteraction: Bool
    /// Whether every animation has been added (the block returned, the transaction committed):
    /// only then does the count reaching 0 mean the end.
    package var committed = false

    /// The animations the block added, with their layers and the change each animates (the
    /// model before and after), for a property animator to pause, scrub, reverse or stop them.
    var entries: [(layer: CALayer, attached: AttachedAnimation, from: AnimatableValue?, to: AnimatableValue?)] = []

    package init(allowsUserInteraction: Bool, completion: ((Bool) -> Void)?) {
        self.allowsUserInteraction = allowsUserInteraction
        self.completion = completion
    }

    /// The animations still on their layers.
    private var live: [(layer: CALayer, attached: AttachedAnimation, from: AnimatableValue?, to: AnimatableValue?)] {
        entries.filter { entry in entry.layer.attachedAnimations.contains { $0 === entry.attached } }
    }

    /// Whether any animation of the block is still on its layer.
    package var hasLiveAnimations: Bool { !live.isEmpty }

    /// Holds every animation at its place at media time `now` (speed 0).
    package func pause(at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            let local = a.localTime(now)
            a.speed = 0
            a.beginTime = now
            a.timeOffset = local
        }
    }

    /// Runs every animation on from its place at `now`, at `speed` (negative: backwards).
    package func run(at now: Double, speed: Float) {
        for entry in live {
            let a = entry.attached.animation
            let local = a.localTime(now)
            a.speed = speed
            a.beginTime = now
            a.timeOffset = local
        }
    }

    /// Puts every animation, held, at `fraction` of its active time.
    package func seek(to fraction: Double, at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            a.speed = 0
            a.beginTime = now
            a.timeOffset = fraction * a.activeDuration
        }
    }

    /// The fraction of its active time the first live animation is at, at `now`.
    package func fraction(at now: Double) -> Double? {
        guard let a = live.first?.attached.animation, a.activeDuration > 0, a.activeDuration.isFinite else { return nil }
        return min(max(a.localTime(now) / a.activeDuration, 0), 1)
    }

    /// Changes every animation's pacing (nil: linear) and remembers the old one, or puts the
    /// remembered ones back.
    package func setTimingFunctions(linear: Bool) {
        for entry in live {
            let a = entry.attached.animation
            if linear {
                if a.scrubbingSaved == nil { a.scrubbingSaved = .some(a.timingFunction) }
                a.timingFunction = nil
            } else if let saved = a.scrubbingSaved {
                a.timingFunction = saved
                a.scrubbingSaved = nil
            }
        }
    }

    /// Removes the block's animations without finishing them (no completion), leaving each
    /// property at `position`: where it is shown now, the start, or the end. Changes the model
    /// with actions off.
    package func stop(leavingAt position: Int, now: Double) {
        completion = nil
        for entry in live {
            let layer = entry.layer
            guard let property = (entry.attached.animation as? CAPropertyAnimation)?.target?.property else { continue }
            let value: AnimatableValue? = switch position {
            case 0: entry.to
            case 1: entry.from
            default: layer.presentationValues(at: now).properties[property]
            }
            layer.attachedAnimations.removeAll { $0 === entry.attached }
            entry.attached.stopSent = true
            if let value { Self.setModel(of: layer, property, to: value) }
            layer.presentationDidChange()
        }
    }

    /// Sets each animated property's model to where the block started (`toStart`) or ended,
    /// actions off (a reversed animator that finished at its start, a stopped one finished).
    package func setModelValues(toStart: Bool) {
        for entry in entries {
            guard let property = (entry.attached.animation as? CAPropertyAnimation)?.target?.property,
                  let value = toStart ? entry.from : entry.to else { continue }
            Self.setModel(of: entry.layer, property, to: value)
        }
    }

    /// A model change of `property` (its observers run) that makes no animation.
    private static func setModel(of layer: CALayer, _ property: LayerProperty, to value: AnimatableValue) {
        let registry = AnimationRegistry.current
        registry.transactions.append(TransactionState(disableActions: true))
        let blocks = registry.openBlocks
        registry.openBlocks = 0
        layer.write(property, value)
        registry.openBlocks = blocks
        registry.transactions.removeLast()
    }
}

/// The kind of a layer transition (Core Animation's `CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a moving transition (Core Animation's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key Core Animation's transitions are added under by convention.
public let kCATransition = "transition"

/// A transition of a layer's content (Core Animation's `CATransition`), added to the layer whose
/// content changes in the same transaction. uisim keeps no snapshot of the old content: the new
/// content comes in as the type says (fading in from transparent; `push`, `moveIn`: sliding in
/// from the subtype's side by the layer's size; `reveal`: fading), which damages, blends and
/// counts as the render server's transition does, the old content gone at once.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
    }

    override var keyPaths: [String] { type == .push || type == .moveIn ? ["position"] : ["opacity"] }

    private static let position = KeyPathTarget("position")!, opacity = KeyPathTarget("opacity")!

    override func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {
        let p = Double(startProgress) + (Double(endProgress) - Double(startProgress)) * paced(fraction)
        switch type {
        case .push, .moveIn:
            let target = Self.position
            guard case .point(let position)? = values[target] else { return }
            let size = values.layer.bounds.size, left = CGFloat(1 - p)
            let offset: CGPoint = switch subtype {
            case .fromLeft?: CGPoint(x: -size.width * left, y: 0)
            case .fromTop?: CGPoint(x: 0, y: -size.height * left)
            case .fromBottom?: CGPoint(x: 0, y: size.height * left)
            default: CGPoint(x: size.width * left, y: 0)
            }
            values[target] = .point(CGPoint(x: position.x + offset.x, y: position.y + offset.y))
        default:
            let target = Self.opacity
            guard case .scalar(let opacity)? = values[target] else { return }
            values[target] = .scalar(opacity * p)
        }
    }
}
