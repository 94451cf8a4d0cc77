import Foundation
import Geometry
import Testing
@testable import QuartzCore
@testable import UIKit
import RunLoop

/// UIKit's animation blocks and Core Animation's layers, presented by the render server at given
/// media times: each test sets the app's clock, commits at a time, and reads `presentation()`.
@MainActor
@Suite struct UIViewAnimationTests {
    typealias Clock = AnimationScene.Clock
    func scene(_ clock: Clock) -> (UIWindow, UIView) { AnimationScene.make(clock) }

    @Test func theModelChangesAtOnceAndThePresentationMovesAlongTheCurve() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            clock.now = 1
            var finished: [Bool] = []
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.center = CGPoint(x: 250, y: 50)
            }, completion: { finished.append($0) })
            #expect(view.center == CGPoint(x: 250, y: 50))   // the model, at once
            #expect(view.layer.animationKeys() == ["position"])
            window.commit(at: 1.25)
            #expect(view.layer.presentation()?.position.x == 50)   // presentation() reads the media clock (still 1)
            clock.now = 1.25
            #expect(view.layer.presentation()?.position.x == 100)  // a quarter of the way from 50 to 250
            #expect(view.center == CGPoint(x: 250, y: 50))
            // Ease in-out by default: at half time, half way (the curve is symmetric).
            clock.now = 3
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            clock.now = 3.5
            #expect(abs((view.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-6)
            #expect(finished.isEmpty)
            window.commit(at: 2.0)
            #expect(finished == [true])   // ran to its end: its completion ran after the frame
            #expect(view.layer.animationKeys() == ["opacity"])
            window.commit(at: 4.1)
            #expect(finished == [true])
            #expect(view.layer.animationKeys() == nil)
        }
    }

    /// A block inside another inherits its duration and curve, as UIKit documents
    /// (`overrideInheritedDuration`, `overrideInheritedCurve`): an inner 0.5 s ease-in block
    /// moving `center.x` from 100 to 300 inside a 1 s linear block runs 1 s, linearly: at 1/30 s,
    /// 100 + 200/30 = 106.67 (its own 0.5 s ease-in would show 101.6). With both overrides it runs
    /// its own: at 1/30 s, ease-in (0.42, 0, 1, 1) at 1/15 of its time is about 0.8 % of the way,
    /// 101.6; at 0.5 s it is done. Its completion runs when its own animation ends.
    @Test func aNestedBlockInheritsTheOuterDurationAndCurve() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            view.center.x = 100
            window.commit(at: 0.5)
            clock.now = 1
            var innerFinished: [Bool] = []
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                UIView.animate(withDuration: 0.5, delay: 0, options: .curveEaseIn, animations: {
                    view.center.x = 300
                }, completion: { innerFinished.append($0) })
            })
            window.commit(at: 1)
            clock.now = 1 + 1.0 / 30
            let x = view.layer.presentation()?.position.x ?? 0
            #expect(abs(x - (100 + 200.0 / 30)) < 1e-6, "\(x)")
            window.commit(at: 1.6)
            #expect(innerFinished.isEmpty)   // 1 s long, not 0.5
            window.commit(at: 2.01)
            #expect(innerFinished == [true])

            view.center.x = 100
            window.commit(at: 3)
            clock.now = 4
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn, .overrideInheritedDuration, .overrideInheritedCurve],
                               animations: { view.center.x = 300 })
            })
            window.commit(at: 4)
            clock.now = 4 + 1.0 / 30
            let own = view.layer.presentation()?.position.x ?? 0
            #expect(own > 101 && own < 102.5, "\(own)")
            clock.now = 4.5
            #expect(abs((view.layer.presentation()?.position.x ?? 0) - 300) < 1e-6)
        }
    }

    /// A view growing in an animation block: its bounds animate additively from the old size to
    /// the new, the offset negative (−100 pt of height at the start); linear, so at a quarter of
    /// the second the height is 100 + 100 / 4 = 125 and the view's top has moved a quarter of the
    /// way up. (CGRect's `height` reads a negative size as positive: the offset must be read raw.)
    @Test func aGrowingFrameAnimatesFromTheOldSize() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            view.frame = CGRect(x: 0, y: 200, width: 100, height: 100)
            window.commit(at: 0.5)
            clock.now = 1
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.frame = CGRect(x: 0, y: 100, width: 100, height: 200)
            })
            window.commit(at: 1)
            clock.now = 1.25
            let shown = view.layer.presentation()
            #expect(abs((shown?.bounds.height ?? 0) - 125) < 1e-6 && abs((shown?.frame.minY ?? 0) - 175) < 1e-6,
                    "\(String(describing: shown?.frame))")
        }
    }

    /// A view taken off the screen mid-animation: Core Animation drops the animation unfinished
    /// at the next frame, and the render server lets the layer go.
    @Test func aViewRemovedWhileAnimatingStopsAndIsLetGo() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, _) = scene(clock)
            weak var goneView: UIView?
            weak var goneLayer: CALayer?
            var finished: [Bool] = []
            do {
                let moving = UIView(frame: CGRect(x: 0, y: 200, width: 50, height: 50))
                moving.backgroundColor = .blue
                window.addSubview(moving)
                window.commit(at: 0.5)
                clock.now = 0.5
                UIView.animate(withDuration: 1, animations: { moving.center.x += 100 }, completion: { finished.append($0) })
                window.commit(at: 0.6)
                #expect(moving.layer.presentation()?.position.x ?? 0 < 125)
                moving.removeFromSuperview()
                (goneView, goneLayer) = (moving, moving.layer)
            }
            window.commit(at: 0.7)
            #expect(finished == [false])
            #expect(goneView == nil && goneLayer == nil)
        }
    }

    /// `contentsRect` animates as a rectangle (a sprite sheet's strip): linearly, halfway, the
    /// origin is halfway.
    @Test func contentsRectAnimates() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            let strip = CALayer()
            strip.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            view.layer.addSublayer(strip)
            window.commit(at: 0)
            let slide = CABasicAnimation(keyPath: "contentsRect")
            slide.fromValue = CGRect(x: 0, y: 0, width: 0.25, height: 1)
            slide.toValue = CGRect(x: 0.75, y: 0, width: 0.25, height: 1)
            slide.duration = 1
            slide.timingFunction = CAMediaTimingFunction(name: .linear)
            strip.add(slide, forKey: "frames")
            window.commit(at: 0)
            clock.now = 0.5
            #expect(strip.presentation()?.contentsRect == CGRect(x: 0.375, y: 0, width: 0.25, height: 1))
            #expect(strip.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))   // the model is untouched
        }
    }

    @Test func aSecondAnimationOfAPropertyStartsWhereTheFirstIsShown() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var finished: [String] = []
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 250 },
                           completion: { finished.append("first \($0)") })
            clock.now = 0.5
            window.commit(at: 0.5)
            #expect(view.layer.presentation()?.position.x == 150)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 50 },
                           completion: { finished.append("second \($0)") })
            // Additive: model 50, the first's offset −200·(1 − 0.5), the second's +200 — no jump.
            #expect(view.layer.presentation()?.position.x == 150)
            #expect(view.layer.animationKeys() == ["position", "position-2"])
            clock.now = 0.75
            #expect(view.layer.presentation()?.position.x == 150)   // 50 − 50 + 150
            clock.now = 1.25
            window.commit(at: 1.25)
            #expect(view.layer.presentation()?.position.x == 100)   // 50 + 200·0.25
            #expect(finished == ["first true"])
            window.commit(at: 1.5)
            #expect(finished == ["first true", "second true"])
        }
    }

    @Test func aDelayShowsTheOldValueUntilItStarts() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (_, view) = scene(clock)
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
            clock.now = 0.25
            #expect(view.layer.presentation()?.opacity == 1)
            clock.now = 1.0
            #expect(view.layer.presentation()?.opacity == 0.5)
        }
    }

    @Test func viewsDoNotAnimateOutsideABlockAndStandaloneLayersDo() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            view.alpha = 0.5
            #expect(view.layer.animationKeys() == nil)   // a view's layer: NSNull outside a block
            UIView.performWithoutAnimation {
                UIView.animate(withDuration: 1) { view.alpha = 0.2 }
            }
            #expect(view.layer.animationKeys() == nil)
            let badge = CALayer()
            badge.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            badge.backgroundColor = .black
            view.layer.addSublayer(badge)
            badge.opacity = 0.5   // never rendered: no presentation to animate from
            #expect(badge.animationKeys() == nil)
            #expect(badge.presentation() == nil)
            window.commit(at: 0)
            badge.opacity = 0   // on screen: an implicit animation, 0.25 s on the default curve
            #expect(badge.animationKeys() == ["opacity"])
            let implicit = badge.animation(forKey: "opacity") as? CABasicAnimation
            #expect(implicit?.duration == 0.25)
            #expect(implicit?.timingFunction == CAMediaTimingFunction(name: .default))
            #expect(implicit?.fromValue as? Double == 0.5 && implicit?.toValue as? Double == 0)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            badge.cornerRadius = 3
            CATransaction.commit()
            #expect(badge.animationKeys() == ["opacity"])
            badge.actions = ["cornerRadius": NSNull()]
            badge.cornerRadius = 4
            #expect(badge.animationKeys() == ["opacity"])
            CATransaction.begin()
            CATransaction.setAnimationDuration(2)
            badge.borderWidth = 2
            CATransaction.commit()
            #expect(badge.animation(forKey: "borderWidth")?.duration == 2)
        }
    }

    @Test func anAnimatingViewTakesNoTouchesUnlessAllowed() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            UIView.animate(withDuration: 1) { view.center = CGPoint(x: 200, y: 200) }
            // Hit testing uses the model (the view is at (150, 150)–(250, 250) now), and the
            // animating view takes no touches.
            #expect(window.hitTest(CGPoint(x: 200, y: 200), with: nil) === window)
            window.commit(at: 1.1)
            #expect(window.hitTest(CGPoint(x: 200, y: 200), with: nil) === view)
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { view.center = CGPoint(x: 50, y: 50) })
            #expect(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
        }
    }

    @Test func fillModeAndRemovalDecideWhatShowsAfterTheEnd() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            final class Delegate: CAAnimationDelegate {
                var events: [String] = []
                func animationDidStart(_ anim: CAAnimation) { events.append("start") }
                func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append("stop \(flag)") }
            }
            let delegate = Delegate()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1.0
            fade.toValue = 0.0
            fade.duration = 1
            fade.beginTime = 1
            fade.fillMode = .forwards
            fade.isRemovedOnCompletion = false
            fade.delegate = delegate
            view.layer.add(fade, forKey: "fade")
            window.commit(at: 0.5)
            #expect(delegate.events.isEmpty)
            window.commit(at: 1.5)
            #expect(delegate.events == ["start"])
            window.commit(at: 2.5)
            #expect(delegate.events == ["start", "stop true"])
            clock.now = 3
            #expect(view.layer.presentation()?.opacity == 0)   // kept, filling forwards
            #expect(view.layer.animationKeys() == ["fade"])
            view.layer.removeAnimation(forKey: "fade")
            #expect(view.layer.presentation()?.opacity == 1)
            #expect(delegate.events == ["start", "stop true"])   // told once
            // Removed before its end: stopped, not finished.
            let other = Delegate()
            let move = CABasicAnimation(keyPath: "position.x")
            move.toValue = 300.0
            move.duration = 5
            move.delegate = other
            view.layer.add(move, forKey: "move")
            window.commit(at: 3.5)
            view.layer.removeAllAnimations()
            window.commit(at: 3.6)
            #expect(other.events == ["start", "stop false"])
        }
    }

    @Test func framesOnlyRenderWhileAnAnimationRuns() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 250 })
            let first = window.commitPhase(stopwatch: ManualStopwatch())
            #expect(first.animation.running == 1)
            #expect(first.counts[.animationsAdded] == 0)   // counted only inside a replay's frames
            window.restoreModelValues()
            #expect(view.layer.position.x == 250)           // the model is back after the frame
            clock.now = 0.5
            let second = window.commitPhase(stopwatch: ManualStopwatch())
            #expect(second.layouts == 0 && second.display.layersDisplayed == 0)
            #expect(second.animation.layersAnimated == 1)
            #expect(second.isRenderOnly)
            // The damage is the box shown last frame and the one shown now: (0…100) and (100…200) at @1 … @3.
            #expect(!second.transaction.damage.isEmpty)
            window.restoreModelValues()
            #expect(window.hasRunningAnimations)
            clock.now = 1.5
            let last = window.commitPhase(stopwatch: ManualStopwatch())
            #expect(last.animation.finished == 1)
            window.restoreModelValues()
            #expect(!window.hasRunningAnimations)
        }
    }

    /// Keyframes: x from 50 to 150 in the first half, to 350 in the second (linear each), and a
    /// transform scaled to 2 then back to 1; positions and scales worked out per keyframe.
    @Test func keyframesRunEachOverItsPartOfTheDuration() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var finished: [Bool] = []
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                    view.center.x = 150
                    view.transform = CGAffineTransform(scaleX: 2, y: 2)
                }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                    view.center.x = 350
                    view.transform = .identity
                }
            }, completion: { finished.append($0) })
            #expect(view.center.x == 350 && view.transform == .identity)
            clock.now = 0.5   // a quarter: half of the first keyframe
            #expect(view.layer.presentation()?.position.x == 100)
            #expect(view.layer.presentation()?.affineTransform().a == 1.5)
            clock.now = 1.5   // half of the second
            #expect(view.layer.presentation()?.position.x == 250)
            #expect(view.layer.presentation()?.affineTransform().a == 1.5)
            clock.now = 1.0
            #expect(view.layer.presentation()?.position.x == 150)
            #expect(view.layer.presentation()?.affineTransform().a == 2)
            window.commit(at: 1.2)
            #expect(finished.isEmpty)
            window.commit(at: 2.1)
            #expect(finished == [true])
        }
    }

    /// A cross-dissolve: the block's change shows at once in the model, and the new content fades
    /// in over the duration (half-way at half time on ease-in-out); a push slides it in by the
    /// layer's width.
    @Test func transitionsBringTheNewContentIn() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var finished: [Bool] = []
            UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve, animations: {
                view.backgroundColor = .blue
            }, completion: { finished.append($0) })
            #expect(view.backgroundColor == .blue)
            #expect(view.layer.animationKeys() == [kCATransition])
            clock.now = 0.5
            #expect(abs((view.layer.presentation()?.opacity ?? 0) - 0.5) < 1e-6)
            window.commit(at: 1.01)
            #expect(finished == [true])
            let push = CATransition()
            push.type = .push
            push.subtype = .fromRight
            push.duration = 1
            view.layer.add(push, forKey: kCATransition)   // begins at 0.5, the clock's time
            clock.now = 0.75
            #expect(view.layer.presentation()?.position.x == 50 + 100 * 0.75)   // a quarter in: 3/4 of the width left
            // transition(from:to:) puts the new view in the old one's place.
            let replacement = UIView(frame: view.frame)
            UIView.transition(from: view, to: replacement, duration: 0.3, options: .transitionCrossDissolve)
            #expect(view.superview == nil && replacement.superview === window)
            #expect(window.layer.animationKeys() == [kCATransition])
        }
    }

    /// iOS 17's spring form: 0.5 s and no bounce is a critically damped spring of stiffness
    /// (2π / 0.5)² (ω₀ = 4π): at t the view is 1 − e^(−ω₀t)(1 + ω₀t) of the way, never past it.
    @Test func theSpringDurationFormIsCriticallyDampedWithoutBounce() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (_, view) = scene(clock)
            UIView.animate(springDuration: 0.5, bounce: 0) { view.center.x = 150 }
            let w0 = 4 * Double.pi
            for t in [0.05, 0.1, 0.2, 0.4] {
                clock.now = t
                let expected = 50 + 100 * (1 - exp(-w0 * t) * (1 + w0 * t))
                #expect(abs(Double(view.layer.presentation()?.position.x ?? 0) - expected) < 1e-6, "t = \(t)")
            }
            clock.now = 0.3
            #expect((view.layer.presentation()?.position.x ?? 200) <= 150)
        }
    }

    /// A block with no time to animate in (0, negative, not a number) applies its changes at
    /// once and still completes, finished.
    @Test func aBlockWithoutADurationAppliesAtOnce() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var finished: [Bool] = []
            for duration in [0.0, -1, .nan] {
                UIView.animate(withDuration: duration, animations: { view.alpha -= 0.25 }, completion: { finished.append($0) })
                #expect(view.layer.animationKeys() == nil)
            }
            #expect(view.alpha == 0.25)
            window.commit(at: 0.1)
            #expect(finished == [true, true, true])
        }
    }
}
