import Foundation
import Geometry
import Testing
@testable import QuartzCore
@testable import UIKit

/// UIKit's block-less animation API (`beginAnimations(_:context:)` … `commitAnimations()`): the
/// changes between begin and commit animate exactly as in a `UIView.animate` block with the same
/// duration, delay and curve option, on the same view properties, at the same media times; the
/// delegate hears its selectors with the set's identifier and context.
@MainActor
@Suite struct BeginAnimationsTests {
    typealias Clock = AnimationScene.Clock

    /// Two views side by side, one animated each way, compared at the same media times.
    func twoViews(_ clock: Clock) -> (UIWindow, UIView, UIView) {
        let (window, legacy) = AnimationScene.make(clock)
        let block = UIView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
        block.backgroundColor = .blue
        window.addSubview(block)
        window.commit(at: 0)
        return (window, legacy, block)
    }

    func presented(_ view: UIView) -> (x: CGFloat, opacity: Float) {
        let layer = view.layer.presentation()
        return (layer?.position.x ?? .nan, layer?.opacity ?? .nan)
    }

    /// A curve UIKit does not name makes a curve, as UIKit's enum (imported from C) does: the
    /// keyboard's notifications carry 7, which apps (Eureka) force-unwrap into a curve and set on
    /// their animation. It animates as ease-in-out; the four named ones keep their values.
    @Test func theKeyboardsUnnamedCurveMakesACurve() {
        let info: [AnyHashable: Any] = [UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: 7)]
        let curve = UIView.AnimationCurve(rawValue: (info[UIResponder.keyboardAnimationCurveUserInfoKey] as! Int))!
        #expect(curve == .easeInOut)
        #expect([0, 1, 2, 3].map { UIView.AnimationCurve(rawValue: $0)! } == [.easeInOut, .easeIn, .easeOut, .linear])
        #expect(UIView.AnimationCurve(rawValue: -1) == .easeInOut)
    }

    /// A 1 s ease-in set after 0.25 s moving the centre 200 pt right and fading to 0.5, beside the
    /// block `animate(withDuration: 1, delay: 0.25, options: .curveEaseIn)` doing the same: the
    /// same presented x and opacity every 1/8 s from the start to past the end. A linear set checks
    /// the numbers: from x = 50 to 250 over 1 s after 0.25 s, at 1.5 s (0.25 s in) x = 100.
    @Test func aSetAnimatesAsTheMatchingBlock() {
        UIApplication.withNewApplication {
            for (curve, option) in [(UIView.AnimationCurve.easeIn, UIView.AnimationOptions.curveEaseIn), (.linear, .curveLinear),
                                    (.easeOut, .curveEaseOut), (.easeInOut, .curveEaseInOut)] {
                let clock = Clock()
                let (window, legacy, block) = twoViews(clock)
                clock.now = 1
                UIView.beginAnimations("move", context: nil)
                UIView.setAnimationDuration(1)
                UIView.setAnimationDelay(0.25)
                UIView.setAnimationCurve(curve)
                legacy.center.x += 200
                legacy.alpha = 0.5
                UIView.commitAnimations()
                UIView.animate(withDuration: 1, delay: 0.25, options: option, animations: {
                    block.center.x += 200
                    block.alpha = 0.5
                })
                #expect(legacy.center.x == 250 && legacy.alpha == 0.5)   // the model, at once
                for step in 0...12 {
                    clock.now = 1 + Double(step) / 8
                    window.commit(at: clock.now)
                    let a = presented(legacy), b = presented(block)
                    #expect(abs(a.x - b.x) < 1e-9 && abs(a.opacity - b.opacity) < 1e-6, "\(curve) at \(clock.now): \(a) vs \(b)")
                    if curve == .linear && step == 4 { #expect(abs(a.x - 100) < 1e-9) }
                }
            }
        }
    }

    /// UIKit's defaults: 0.2 s on ease in-out, as `animate(withDuration: 0.2)`; ease in-out is
    /// symmetric, so at 0.1 s the centre is half way, 150 of 50 → 250 (to the curve solver's
    /// precision).
    @Test func theDefaultsAreAFifthOfASecondEaseInOut() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, legacy, block) = twoViews(clock)
            clock.now = 1
            UIView.beginAnimations(nil, context: nil)
            legacy.center.x = 250
            UIView.commitAnimations()
            UIView.animate(withDuration: 0.2) { block.center.x = 250 }
            for step in 0...5 {
                clock.now = 1 + Double(step) * 0.05
                window.commit(at: clock.now)
                #expect(abs(presented(legacy).x - presented(block).x) < 1e-9)
                if step == 2 { #expect(abs(presented(legacy).x - 150) < 1e-4, "\(presented(legacy).x)") }
            }
        }
    }

    /// The delegate's selectors, with `uisim port`'s spelling of `#selector`: `willStart` when the
    /// set commits, with its identifier and context; `didStop` in the turn after the frame its
    /// last animation ended in, finished. A set that animates nothing still stops, next turn.
    /// Outside a set the setters do nothing; with animations off the set applies its changes at
    /// once; repeat count and autoreverse reach the layer's animation.
    @Test func theDelegateHearsItsSelectors() {
        final class Delegate: NSObject {
            var log: [String] = []
            func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {
                log.append("will \(animationID ?? "nil") \(context.map { $0.load(as: Int.self) } ?? -1)")
            }
            func animationDidStop(_ animationID: String?, finished: NSNumber?, context: UnsafeMutableRawPointer?) {
                log.append("did \(animationID ?? "nil") \(finished?.boolValue == true) \(context.map { $0.load(as: Int.self) } ?? -1)")
            }
        }
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view, _) = twoViews(clock)
            let delegate = Delegate()
            let token = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            token.initialize(to: 42)
            defer { token.deallocate() }
            clock.now = 1
            UIView.beginAnimations("slide", context: UnsafeMutableRawPointer(token))
            UIView.setAnimationDuration(0.5)
            UIView.setAnimationDelegate(delegate)
            UIView.setAnimationWillStart(Selector("animationWillStart:context:", Delegate.animationWillStart(_:context:)))
            UIView.setAnimationDidStop(Selector("animationDidStop:finished:context:", Delegate.animationDidStop(_:finished:context:)))
            view.center.x = 250
            #expect(delegate.log.isEmpty)
            UIView.commitAnimations()
            #expect(delegate.log == ["will slide 42"])
            window.commit(at: 1.25)
            #expect(delegate.log == ["will slide 42"])
            window.commit(at: 1.5)
            #expect(delegate.log == ["will slide 42", "did slide true 42"])

            // Nothing animated: it stops in the next turn all the same (here: the next commit).
            UIView.beginAnimations("empty", context: nil)
            UIView.setAnimationDelegate(delegate)
            UIView.setAnimationDidStop(Selector("animationDidStop:finished:context:", Delegate.animationDidStop(_:finished:context:)))
            UIView.commitAnimations()
            window.commit(at: 1.6)
            #expect(delegate.log.last == "did empty true -1")

            // Outside a set: nothing; animations off: at once.
            UIView.setAnimationDuration(5)
            clock.now = 2
            UIView.setAnimationsEnabled(false)
            UIView.beginAnimations(nil, context: nil)
            view.center.x = 50
            UIView.commitAnimations()
            UIView.setAnimationsEnabled(true)
            #expect(view.layer.animationKeys() == nil)

            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationRepeatCount(2.5)
            UIView.setAnimationRepeatAutoreverses(true)
            view.alpha = 0
            UIView.commitAnimations()
            let fade = view.layer.animation(forKey: "opacity")
            #expect(fade?.repeatCount == 2.5 && fade?.autoreverses == true && fade?.duration == 0.2)
        }
    }

    /// Sets nest: an inner set starts from the outer's settings (here its 1 s linear) and changes
    /// them for its own changes only (0.5 s); both delegates hear `willStart` when the outer set
    /// commits, the inner's first; each hears `didStop` after its own animations end.
    @Test func setsNest() {
        final class Delegate: NSObject {
            var log: [String] = []
            func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) { log.append("will \(animationID!)") }
            func animationDidStop(_ animationID: String?, finished: NSNumber?, context: UnsafeMutableRawPointer?) {
                log.append("did \(animationID!)")
            }
        }
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, outerView, innerView) = twoViews(clock)
            let delegate = Delegate()
            let will = Selector("animationWillStart:context:", Delegate.animationWillStart(_:context:))
            let did = Selector("animationDidStop:finished:context:", Delegate.animationDidStop(_:finished:context:))
            clock.now = 1
            UIView.beginAnimations("outer", context: nil)
            UIView.setAnimationDuration(1)
            UIView.setAnimationCurve(.linear)
            UIView.setAnimationDelegate(delegate)
            UIView.setAnimationWillStart(will)
            UIView.setAnimationDidStop(did)
            outerView.center.x = 250
            UIView.beginAnimations("inner", context: nil)
            #expect(UIView.inheritedAnimationDuration == 1)
            UIView.setAnimationDuration(0.5)
            UIView.setAnimationDelegate(delegate)
            UIView.setAnimationWillStart(will)
            UIView.setAnimationDidStop(did)
            innerView.center.x = 250
            UIView.commitAnimations()
            #expect(delegate.log.isEmpty)
            UIView.commitAnimations()
            #expect(delegate.log == ["will inner", "will outer"])
            clock.now = 1.25
            window.commit(at: 1.25)
            #expect(abs(presented(outerView).x - 100) < 1e-9)   // 1 s linear: a quarter of 50 → 250
            #expect(abs(presented(innerView).x - 150) < 1e-9)   // 0.5 s linear: half way
            window.commit(at: 1.5)
            #expect(delegate.log == ["will inner", "will outer", "did inner"])
            window.commit(at: 2)
            #expect(delegate.log == ["will inner", "will outer", "did inner", "did outer"])
        }
    }
}
