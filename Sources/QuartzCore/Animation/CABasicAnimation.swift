import Foundation
import Geometry
import CoreGraphics

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
