import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import QuartzCore
import UIFoundation

/// Core Animation's timing, worked out independently of the implementation: the named curves'
/// Bézier solved here by bisection, keyframes by hand, springs from the closed forms.
@Suite struct AnimationTimingTests {
    /// y of the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) where its x is `x`: bisection on t.
    /// The control points are `Float`s, as `CAMediaTimingFunction(controlPoints:)` takes them.
    static func solve(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        let (x1, y1, x2, y2) = (Double(Float(x1)), Double(Float(y1)), Double(Float(x2)), Double(Float(y2)))
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if b(mid, x1, x2) < x { low = mid } else { high = mid }
        }
        return b((low + high) / 2, y1, y2)
    }

    @Test(arguments: [
        (CAMediaTimingFunctionName.linear, 0.0, 0.0, 1.0, 1.0),
        (.easeIn, 0.42, 0, 1, 1),
        (.easeOut, 0, 0, 0.58, 1),
        (.easeInEaseOut, 0.42, 0, 0.58, 1),
        (.default, 0.25, 0.1, 0.25, 1),
    ])
    func namedCurvesHaveApplesControlPoints(name: CAMediaTimingFunctionName, x1: Double, y1: Double, x2: Double, y2: Double) {
        let function = CAMediaTimingFunction(name: name)
        var point: [Float] = [0, 0]
        function.getControlPoint(at: 1, values: &point)
        #expect(point == [Float(x1), Float(y1)])
        function.getControlPoint(at: 2, values: &point)
        #expect(point == [Float(x2), Float(y2)])
        for x in [0.05, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.99] {
            #expect(abs(function.value(at: x) - Self.solve(x, x1, y1, x2, y2)) < 1e-9, "x = \(x)")
        }
        #expect(function.value(at: 0) == 0)
        #expect(function.value(at: 1) == 1)
    }

    @Test func easeInEaseOutIsHalfWayAtHalfTimeAndSlowAtTheEnds() {
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        #expect(abs(f.value(at: 0.5) - 0.5) < 1e-7)   // the control points are Floats: 0.42 is 0.41999998…
        #expect(f.value(at: 0.1) < 0.1 && f.value(at: 0.9) > 0.9)
    }

    @Test func phasesFollowBeginTimeSpeedRepeatAndAutoreverse() {
        let a = CABasicAnimation(keyPath: "opacity")
        a.beginTime = 10
        a.duration = 2
        #expect(a.phase(atLocal: a.localTime(9)) == .before)
        #expect(a.phase(atLocal: a.localTime(10.5)) == .active(fraction: 0.25, iteration: 0))
        #expect(a.phase(atLocal: a.localTime(12)) == .after(fraction: 1, iteration: 0))
        a.speed = 2   // twice as fast: half-way after 0.5 s
        #expect(a.phase(atLocal: a.localTime(10.5)) == .active(fraction: 0.5, iteration: 0))
        a.speed = 1
        a.autoreverses = true
        a.repeatCount = 1.5   // a cycle is 4 s (there and back); 1.5 cycles end 6 s in, at the far end
        #expect(a.activeDuration == 6)
        #expect(a.phase(atLocal: a.localTime(13)) == .active(fraction: 0.5, iteration: 0))   // on the way back
        #expect(a.phase(atLocal: a.localTime(14.5)) == .active(fraction: 0.25, iteration: 1))
        #expect(a.phase(atLocal: a.localTime(17)) == .after(fraction: 1, iteration: 1))
        let b = CABasicAnimation(keyPath: "opacity")
        #expect(b.effectiveDuration == 0.25)   // 0 means Core Animation's default
    }

    /// Values at a layer's property through `PresentationValues` (the model is the base).
    func value(of animation: CAPropertyAnimation, on layer: CALayer = CALayer(), at time: Double) -> AnimatableValue? {
        var values = PresentationValues(layer: layer)
        _ = animation.apply(to: &values, at: time)
        return values[animation.keyPath!]
    }

    @Test func basicAnimationEndsFollowFromToAndBy() {
        let layer = CALayer()
        layer.position = CGPoint(x: 40, y: 0)
        let a = CABasicAnimation(keyPath: "position.x")
        a.duration = 1
        a.fromValue = 0
        a.toValue = 100
        #expect(value(of: a, on: layer, at: 0.25) == .scalar(25))
        a.toValue = nil
        a.byValue = 10   // from 0 by 10
        #expect(value(of: a, on: layer, at: 0.5) == .scalar(5))
        a.fromValue = nil   // from the model (40) by 10
        #expect(value(of: a, on: layer, at: 0.5) == .scalar(45))
        a.byValue = nil
        a.toValue = 60      // from the model (40) to 60
        #expect(value(of: a, on: layer, at: 0.5) == .scalar(50))
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        let expected = 40 + 20 * Self.solve(0.5, 0.42, 0, 1, 1)
        guard case .scalar(let v)? = value(of: a, on: layer, at: 0.5) else { Issue.record("no value"); return }
        #expect(abs(v - expected) < 1e-9)
        // Additive: the value is added to the model's.
        let additive = CABasicAnimation(keyPath: "position.x")
        additive.isAdditive = true
        additive.duration = 1
        additive.fromValue = -100
        additive.toValue = 0
        #expect(value(of: additive, on: layer, at: 0.25) == .scalar(40 - 75))
        // Outside the active time, nothing unless filled.
        a.fillMode = .removed
        #expect(value(of: a, on: layer, at: 2) == .scalar(40))
        a.fillMode = .forwards
        #expect(value(of: a, on: layer, at: 2) == .scalar(60))
        a.beginTime = 5
        #expect(value(of: a, on: layer, at: 4) == .scalar(40))
        a.fillMode = .backwards
        #expect(value(of: a, on: layer, at: 4) == .scalar(40))   // from the model: the start value is 40
        a.fromValue = 0
        #expect(value(of: a, on: layer, at: 4) == .scalar(0))
    }

    @Test func keyframesAtTheirKeyTimes() {
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.duration = 2
        a.values = [0.0, 100.0, 50.0]
        a.keyTimes = [0, 0.25, 1]
        #expect(value(of: a, at: 0.25) == .scalar(50))   // 1/8 of the time, half of the first segment
        #expect(value(of: a, at: 0.5) == .scalar(100))
        guard case .scalar(let third)? = value(of: a, at: 1.0) else { Issue.record("no value"); return }
        #expect(abs(third - (100 - 50.0 / 3)) < 1e-9)   // (0.5 − 0.25) / 0.75 of the way from 100 to 50
        // Even spacing without key times: 0, 0.5, 1.
        a.keyTimes = nil
        #expect(value(of: a, at: 1.5) == .scalar(75))
        // Discrete: each value held (key times 0, 1/3, 2/3).
        a.calculationMode = .discrete
        a.values = [10.0, 20.0, 30.0]
        #expect(value(of: a, at: 0.5) == .scalar(10))
        #expect(value(of: a, at: 1.0) == .scalar(20))
        #expect(value(of: a, at: 1.9) == .scalar(30))
        // Paced: 0 → 30 → 40 is 30 then 10 long, so key times 0, 0.75, 1.
        a.calculationMode = .paced
        a.values = [0.0, 30.0, 40.0]
        #expect(value(of: a, at: 1.0) == .scalar(20))
        #expect(value(of: a, at: 1.75) == .scalar(35))
        // Per-segment timing functions.
        a.calculationMode = .linear
        a.values = [0.0, 100.0]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeOut)]
        guard case .scalar(let eased)? = value(of: a, at: 0.5) else { Issue.record("no value"); return }
        #expect(abs(eased - 100 * Self.solve(0.25, 0, 0, 0.58, 1)) < 1e-9)
    }

    @Test func keyframesAlongAPath() {
        let a = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        a.path = path
        a.duration = 1
        #expect(value(of: a, at: 0.25) == .point(CGPoint(x: 50, y: 0)))
        #expect(value(of: a, at: 0.75) == .point(CGPoint(x: 100, y: 50)))
    }

    @Test func springsOvershootBelowCriticalDampingAndNotAtIt() {
        let s = CASpringAnimation(keyPath: "opacity")
        s.mass = 1
        s.stiffness = 100
        s.damping = 10   // ζ = 10 / (2·√100) = 0.5
        #expect(s.dampingRatio == 0.5)
        // First peak at π/ω_d, ω_d = 10·√(1 − 0.25); overshoot e^(−ζπ/√(1−ζ²)).
        let peak = Double.pi / (10 * 0.75.squareRoot())
        let overshoot = exp(-0.5 * Double.pi / 0.75.squareRoot())
        #expect(abs(s.springProgress(at: peak) - (1 + overshoot)) < 1e-9)
        #expect(abs(overshoot - 0.163033) < 1e-6)
        s.damping = 20   // ζ = 1: critically damped, x(t) = e^(−ω₀t)(1 + ω₀t)
        #expect(abs(s.springProgress(at: 0.1) - (1 - exp(-1.0) * 2)) < 1e-12)
        for step in 0...300 { #expect(s.springProgress(at: Double(step) / 100) <= 1 + 1e-12) }
        s.damping = 40   // ζ = 2: overdamped, slower still
        #expect(s.springProgress(at: 0.1) < 1 - exp(-1.0) * 2)
        // The settling duration: after it, within 0.1 % of the target.
        s.damping = 10
        let settle = s.settlingDuration
        #expect(abs(1 - s.springProgress(at: settle + 0.01)) <= 0.001)
        #expect(settle > 1 && settle < 2)   // B = 0.5/√0.75 = 0.577: ln(1577.4) / 5 = 1.473 s
        // A spring animation's value follows the oscillator, past its end value.
        s.fromValue = 0.0
        s.toValue = 100.0
        s.duration = 5
        guard case .scalar(let v)? = value(of: s, at: peak) else { Issue.record("no value"); return }
        #expect(abs(v - 100 * (1 + overshoot)) < 1e-6)
    }

    /// Apple's documented example (mass 1, stiffness 100): with damping 5 the settling duration
    /// is "approximately 2.85 seconds", with damping 15 just over 1 s. ω₀ = 10; damping 5 is
    /// ζ = 0.25, ω_d = 10·√(1 − 1/16) = 9.682, B = ζω₀/ω_d = 0.2582, and the envelope
    /// (1 + B)·e^(−2.5t) reaches 0.001 at ln(1258.2) / 2.5 = 2.8550 s; damping 15 is ζ = 0.75,
    /// ω_d = 6.614, B = 1.1339: ln(2133.9) / 7.5 = 1.0221 s. An initial velocity of 5 toward the
    /// target (damping 5) makes B = (2.5 − 5) / 9.682 = −0.2582: the same 2.855 s. The default
    /// damping, 10, gives 1.4727 s. Afterwards the
    /// spring is within 0.1 % of its target at every time.
    @Test func settlingDurationsAreApples() {
        let s = CASpringAnimation(keyPath: "position.x")
        s.fromValue = 0.0
        s.toValue = 640.0
        s.damping = 5
        #expect(s.mass == 1 && s.stiffness == 100)
        #expect(abs(s.settlingDuration - 2.8550) < 0.0005, "\(s.settlingDuration)")
        for step in 0...2000 { #expect(abs(1 - s.springProgress(at: s.settlingDuration + Double(step) / 1000)) <= 0.001) }
        s.damping = 15
        #expect(abs(s.settlingDuration - 1.0221) < 0.0005, "\(s.settlingDuration)")
        s.damping = 10   // the default spring: B = 0.5774, ln(1577.4) / 5
        #expect(abs(s.settlingDuration - 1.4727) < 0.0005, "\(s.settlingDuration)")
        s.damping = 5
        s.initialVelocity = 5
        #expect(abs(s.settlingDuration - 2.8550) < 0.0005, "\(s.settlingDuration)")
    }

    @Test func transformKeyPathsReadAndWriteOnePart() {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0.0
        rotation.toValue = 2 * Double.pi
        rotation.duration = 1
        // Three quarters of a full turn: the angle is interpolated, not the matrices.
        guard case .transform(let t)? = {
            var values = PresentationValues(layer: CALayer())
            _ = rotation.apply(to: &values, at: 0.75)
            return values["transform"]
        }() else { Issue.record("no transform"); return }
        let affine = CATransform3DGetAffineTransform(t)
        #expect(abs(affine.a - 0) < 1e-9 && abs(affine.b - (-1)) < 1e-9)   // cos 270° = 0, sin 270° = −1
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 1.0
        scale.toValue = 2.0
        scale.duration = 1
        var values = PresentationValues(layer: CALayer())
        _ = scale.apply(to: &values, at: 0.5)
        #expect(values["transform"] == .transform(CATransform3DMakeScale(1.5, 1.5, 1)))
    }

    /// A `UIColor` or `UIBezierPath` given as a value (UIFoundation, beside QuartzCore, which names
    /// neither) is animated as the `CGColor` and `CGPath` it gives.
    @Test func uiKitColoursAndPathsAreReadAsTheirCoreGraphicsValues() {
        let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(AnimatableValue(red) == .color(CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
        let square = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(AnimatableValue(square) == .path(square.cgPath))
        #expect(AnimatableValue("red") == nil)
    }
}
