import Foundation

/// Routes a window's touches the way UIKit does: to the gesture recognizers of the touched view
/// and its ancestors first, then to the views, honouring `cancelsTouchesInView`,
/// `delaysTouchesBegan`/`delaysTouchesEnded`, `require(toFail:)`, the delegate, and
/// `isMultipleTouchEnabled`/`isExclusiveTouch`.
///
/// Everything is walked in a fixed order (touches by contact, recognizers from the deepest view
/// outward, views by their first touch), so delivery is the same on every run.
@MainActor
package final class GestureEnvironment {
    /// The current app's.
    package static var shared: GestureEnvironment { UIApplication.shared.gestureEnvironment }

    /// Recognizers with touches, or waiting to be reset, in the order they first got a touch.
    var recognizers: [UIGestureRecognizer] = []
    var pendingActions: [UIGestureRecognizer] = []
    /// The event being delivered, or the last one (for deliveries a timer causes).
    var lastEvent: UIEvent?
    /// Touches whose view delivery is held back, in the order they were held.
    private var heldTouches: [UITouch] = []
    /// touchesCancelled calls owed to views, sent after the recognizers' actions (UIKit calls a
    /// recognizer's action before the view learns its touches were cancelled).
    private var pendingCancellations = ViewBatches()

    /// Forgets every recognizer, held touch and event: after a replay, so that nothing of its
    /// window outlives it.
    package func forgetAll() {
        for recognizer in recognizers {
            recognizer.trackedTouches = []
            recognizer.sequenceTouches = []
            recognizer.lastLocation = nil
            recognizer.setStateDirectly(.possible)
        }
        recognizers = []
        pendingActions = []
        pendingCancellations = ViewBatches()
        heldTouches = []
        lastEvent = nil
    }

    // MARK: Delivery of one event

    func deliver(_ event: UIEvent, in window: UIWindow) {
        lastEvent = event
        isDelivering = true
        defer { isDelivering = false }
        let touches = event.orderedTouches.filter { $0.window === window }
        for touch in touches where touch.phase == .began {
            attachRecognizers(to: touch)
            applyViewExclusion(to: touch, among: touches)
        }
        for recognizer in recognizers {
            deliver(touches, to: recognizer, with: event)
        }
        flushActions()
        deliverToViews(touches, with: event)
        finishTouches(touches)
        settle()
    }

    private func attachRecognizers(to touch: UITouch) {
        var found: [UIGestureRecognizer] = []
        var view = touch.view
        while let v = view {
            for recognizer in v.gestureRecognizers ?? [] where recognizer.isEnabled && recognizer.acceptsTouches {
                if recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true {
                    found.append(recognizer)
                }
            }
            view = v.superview
        }
        touch.gestureRecognizers = found
        for recognizer in found {
            recognizer.trackedTouches.append(touch)
            recognizer.sequenceTouches.append(touch)
            if !recognizers.contains(where: { $0 === recognizer }) { recognizers.append(recognizer) }
        }
    }

    private func applyViewExclusion(to touch: UITouch, among touches: [UITouch]) {
        guard let view = touch.view else {
            touch.delivery.excludedFromView = true
            return
        }
        let others = touches.filter {
            $0 !== touch && $0.view != nil && !$0.delivery.excludedFromView && !$0.delivery.viewFinished
        }
        if !view.isMultipleTouchEnabled && others.contains(where: { $0.view === view }) {
            touch.delivery.excludedFromView = true
        } else if view.isExclusiveTouch && others.contains(where: { $0.view !== view }) {
            touch.delivery.excludedFromView = true
        } else if others.contains(where: { $0.view !== view && $0.view?.isExclusiveTouch == true }) {
            touch.delivery.excludedFromView = true
        }
    }

    private func deliver(_ touches: [UITouch], to recognizer: UIGestureRecognizer, with event: UIEvent) {
        let mine = touches.filter { touch in touch.gestureRecognizers?.contains { $0 === recognizer } ?? false }
        for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
            guard recognizer.acceptsTouches else { return }
            let some = mine.filter { $0.phase == phase }
            guard !some.isEmpty else { continue }
            let set = Set(some)
            switch phase {
            case .began: recognizer.touchesBegan(set, with: event)
            case .moved: recognizer.touchesMoved(set, with: event)
            case .ended: recognizer.touchesEnded(set, with: event)
            default: recognizer.touchesCancelled(set, with: event)
            }
        }
    }

    private func deliverToViews(_ touches: [UITouch], with event: UIEvent) {
        var batches = ViewBatches()
        for touch in touches where touch.phase != .stationary && touch.view != nil {
            guard !touch.delivery.excludedFromView, !touch.delivery.cancelledForView, !touch.delivery.viewFinished else { continue }
            if !touch.delivery.held.isEmpty || holdsBegan(touch) && touch.phase == .began || holdsEnded(touch) && touch.phase == .ended {
                hold(touch.phase, of: touch)
                continue
            }
            batches.add(touch, phase: touch.phase)
        }
        batches.send(with: event)
    }

    private func finishTouches(_ touches: [UITouch]) {
        for touch in touches where touch.phase == .ended || touch.phase == .cancelled {
            for recognizer in touch.gestureRecognizers ?? [] {
                recognizer.trackedTouches.removeAll { $0 === touch }
            }
        }
        for recognizer in recognizers where recognizer.trackedTouches.isEmpty && recognizer.state == .possible {
            if !recognizer.isAwaitingMoreTouches && recognizer.pendingState == nil && !recognizer.sequenceTouches.isEmpty {
                set(.failed, for: recognizer)
            }
        }
    }

    // MARK: Views

    private func holdsBegan(_ touch: UITouch) -> Bool {
        touch.gestureRecognizers?.contains { $0.delaysTouchesBegan && $0.state == .possible } ?? false
    }

    private func holdsEnded(_ touch: UITouch) -> Bool {
        touch.gestureRecognizers?.contains { $0.delaysTouchesEnded && $0.state == .possible } ?? false
    }

    private func hold(_ phase: UITouch.Phase, of touch: UITouch) {
        if touch.delivery.held.isEmpty { heldTouches.append(touch) }
        if phase == .moved && touch.delivery.held.last == .moved { return }
        touch.delivery.held.append(phase)
    }

    /// Owes `touchesCancelled` for the recognizer's touches whose views already began, and
    /// drops what was held for them.
    func cancelViewTouches(of recognizer: UIGestureRecognizer) {
        for touch in recognizer.sequenceTouches where !touch.delivery.cancelledForView && !touch.delivery.viewFinished {
            touch.delivery.cancelledForView = true
            touch.delivery.held = []
            heldTouches.removeAll { $0 === touch }
            if touch.delivery.viewBegan {
                pendingCancellations.add(touch, phase: .cancelled)
            }
        }
    }

    /// Delivers held phases whose recognizers no longer hold them.
    private func flushHeldTouches() {
        guard let event = lastEvent else { return }
        var batches = ViewBatches()
        var stillHeld: [UITouch] = []
        for touch in heldTouches {
            let held = touch.delivery.held
            if held.contains(.began) && holdsBegan(touch) || held.contains(.ended) && holdsEnded(touch) {
                stillHeld.append(touch)
                continue
            }
            touch.delivery.held = []
            for phase in held { batches.add(touch, phase: phase) }
        }
        heldTouches = stillHeld
        batches.send(with: event)
    }

    // MARK: Settling

    /// After a change made outside an event (a recognizer's timer), deliver what it released.
    func settleIfIdle() {
        guard !isSettling, !isDelivering else { return }
        settle()
    }

    private var isSettling = false
    private var isDelivering = false

    private func settle() {
        isSettling = true
        defer { isSettling = false }
        flushActions()
        flushHeldTouches()
        for recognizer in recognizers where recognizer.trackedTouches.isEmpty && recognizer.state == .possible
            && !recognizer.isAwaitingMoreTouches && recognizer.pendingState == nil && !recognizer.sequenceTouches.isEmpty {
            set(.failed, for: recognizer)
        }
        flushActions()
        flushHeldTouches()
        var kept: [UIGestureRecognizer] = []
        for recognizer in recognizers {
            let done = recognizer.state == .ended || recognizer.state == .cancelled || recognizer.state == .failed
            if recognizer.trackedTouches.isEmpty && done {
                recognizer.reset()
                recognizer.setStateDirectly(.possible)
                if let first = recognizer.sequenceTouches.first {
                    recognizer.lastLocation = (centroid(recognizer.sequenceTouches.map { $0.location(in: nil) }),
                                               .init(window: first.window))
                }
                recognizer.sequenceTouches = []
                recognizer.isAwaitingMoreTouches = false
            } else {
                kept.append(recognizer)
            }
        }
        recognizers = kept
    }

    /// Runs the recognizers' actions, then sends the cancellations they caused.
    private func flushActions() {
        while !pendingActions.isEmpty || !pendingCancellations.isEmpty {
            while !pendingActions.isEmpty {
                let recognizer = pendingActions.removeFirst()
                recognizer.sendActions()
            }
            let cancellations = pendingCancellations
            pendingCancellations = ViewBatches()
            if let event = lastEvent { cancellations.send(with: event) }
        }
    }
}
