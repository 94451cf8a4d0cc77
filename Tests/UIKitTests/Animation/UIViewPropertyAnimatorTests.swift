import Foundation
import Geometry
import Testing
@testable import QuartzCore
@testable import UIKit

/// UIViewPropertyAnimator: start, pause, scrub, reverse, stop and finish, with presentation
/// values worked out on a linear 1 s move of a view's center from x = 50 to x = 250.
@MainActor
@Suite struct UIViewPropertyAnimatorTests {
    typealias Clock = AnimationScene.Clock
    func scene(_ clock: Clock) -> (UIWindow, UIView) { AnimationScene.make(clock, background: nil) }

    func shownX(_ view: UIView) -> CGFloat? { view.layer.presentation()?.position.x }

    @Test func pausingHoldsScrubbingMovesAndResumingFinishesAtTheEnd() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
            animator.addCompletion { ended.append($0) }
            #expect(animator.state == .inactive)
            animator.startAnimation()
            #expect(animator.state == .active && animator.isRunning)
            #expect(view.center.x == 250)
            clock.now = 0.25
            #expect(shownX(view) == 100)
            #expect(animator.fractionComplete == 0.25)
            clock.now = 0.5
            animator.pauseAnimation()
            clock.now = 1.0
            #expect(shownX(view) == 150)   // held
            #expect(animator.fractionComplete == 0.5)
            animator.fractionComplete = 0.75
            #expect(shownX(view) == 200)
            animator.startAnimation()      // runs on from 0.75: a quarter second left
            clock.now = 1.125
            #expect(shownX(view) == 225)
            window.commit(at: 1.3)
            #expect(ended == [.end])
            #expect(animator.state == .inactive)
            #expect(view.center.x == 250)
        }
    }

    @Test func aPausedEaseInAnimatorScrubsLinearly() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (_, view) = scene(clock)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { view.center.x = 250 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            #expect(shownX(view) == 150)   // linear while paused (scrubsLinearly)
            animator.scrubsLinearly = false
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            guard let x = shownX(view) else { Issue.record("no presentation"); return }
            #expect(x < 150)               // on the ease-in curve: less than half-way at half time
        }
    }

    @Test func reversingPlaysBackAndFinishesAtTheStart() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            clock.now = 0.5
            animator.isReversed = true
            clock.now = 0.75
            #expect(shownX(view) == 100)   // back a quarter
            window.commit(at: 0.8)
            #expect(ended.isEmpty)
            window.commit(at: 1.01)
            #expect(ended == [.start])
            #expect(view.center.x == 50)    // the model went back to where it started
        }
    }

    @Test func stoppingLeavesTheViewWhereItIsShown() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 250 }
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            clock.now = 0.5
            animator.stopAnimation(false)
            #expect(animator.state == .stopped)
            #expect(view.center.x == 150)
            #expect(view.layer.animationKeys() == nil)
            animator.finishAnimation(at: .end)
            #expect(view.center.x == 250)
            #expect(ended == [.end])
            // Without finishing: no completion at all.
            let second = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 50 }
            second.addCompletion { ended.append($0) }
            second.startAnimation()
            clock.now = 0.75
            second.stopAnimation(true)
            #expect(second.state == .inactive)
            #expect(view.center.x == 200)   // a quarter of the way back from 250
            window.commit(at: 2)
            #expect(ended == [.end])
        }
    }

    @Test func theRunningFormStartsAtOnceAndCompletes() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.5, options: .curveLinear, animations: {
                view.alpha = 0
            }, completion: { ended.append($0) })
            #expect(animator.isRunning)
            clock.now = 0.75
            #expect(view.layer.presentation()?.opacity == 0.5)
            window.commit(at: 1.0)
            #expect(ended == [.end])
        }
    }

    /// The Auto Layout idiom: change a constraint, then `layoutIfNeeded()` inside the block; the
    /// frames the layout sets animate.
    @Test func layoutInsideABlockAnimatesTheFramesItSets() {
        UIApplication.withNewApplication {
            let clock = Clock()
            let (window, view) = scene(clock)
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            let leading = box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 0)
            NSLayoutConstraint.activate([
                leading, box.topAnchor.constraint(equalTo: view.topAnchor),
                box.widthAnchor.constraint(equalToConstant: 20), box.heightAnchor.constraint(equalToConstant: 20),
            ])
            window.commit(at: 0)
            #expect(box.center.x == 10)
            leading.constant = 60
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.layoutIfNeeded() })
            #expect(box.center.x == 70)
            clock.now = 0.5
            #expect(box.layer.presentation()?.position.x == 40)
        }
    }
}
