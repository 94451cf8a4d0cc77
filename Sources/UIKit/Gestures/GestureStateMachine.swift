import Foundation

/// The recognizers' state machine: the transitions UIKit allows, what a recognizer that begins or
/// recognizes does to the others (failure requirements, simultaneous recognition, cancelling the
/// views' touches), and when its actions run.
extension GestureEnvironment {
    /// A recognizer (or its subclass) asks to move to `newState`.
    func request(_ newState: UIGestureRecognizer.State, for recognizer: UIGestureRecognizer) {
        let old = recognizer.state
        guard Self.isAllowed(from: old, to: newState) else {
            assertionFailure("\(type(of: recognizer)): \(old) → \(newState) is not a transition UIKit allows")
            return
        }
        if old == .possible && (newState == .began || newState == .ended) {
            begin(recognizer, as: newState)
        } else if old != newState || newState == .changed {
            set(newState, for: recognizer)
        }
        if lastEvent != nil { settleIfIdle() }
    }

    static func isAllowed(from old: UIGestureRecognizer.State, to new: UIGestureRecognizer.State) -> Bool {
        switch (old, new) {
        case (.possible, .possible), (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// The recognizer's view, and each control its touches are on, let it begin.
    private func viewsLetBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) { return false }
        var asked: [UIControl] = []
        for touch in recognizer.trackedTouches {
            guard let control = touch.view as? UIControl, control !== recognizer.view,
                  !asked.contains(where: { $0 === control }) else { continue }
            asked.append(control)
            if !control.gestureRecognizerShouldBegin(recognizer) { return false }
        }
        return true
    }

    func begin(_ recognizer: UIGestureRecognizer, as newState: UIGestureRecognizer.State) {
        if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false || !viewsLetBegin(recognizer) {
            set(.failed, for: recognizer)
            return
        }
        let requirements = failureRequirements(of: recognizer)
        if requirements.contains(where: { $0.state != .possible && $0.state != .failed }) {
            set(.failed, for: recognizer)
            return
        }
        if requirements.contains(where: { $0.state == .possible && $0.isInSequence }) {
            recognizer.pendingState = newState
            return
        }
        if recognizers.contains(where: { other in
            other !== recognizer && (other.state == .began || other.state == .changed)
                && sharesTouches(other, recognizer) && !simultaneous(other, recognizer)
        }) {
            set(.failed, for: recognizer)
            return
        }
        recognizer.pendingState = nil
        set(newState, for: recognizer)
        for other in recognizers where other !== recognizer && sharesTouches(other, recognizer) && !simultaneous(other, recognizer) {
            if other.state == .possible && !failureRequirements(of: recognizer).contains(where: { $0 === other }) {
                set(.failed, for: other)
            }
        }
        for other in recognizers where other.state == .possible && failureRequirements(of: other).contains(where: { $0 === recognizer }) {
            set(.failed, for: other)
        }
        if recognizer.cancelsTouchesInView {
            cancelViewTouches(of: recognizer)
        }
    }

    func set(_ state: UIGestureRecognizer.State, for recognizer: UIGestureRecognizer) {
        recognizer.setStateDirectly(state)
        switch state {
        case .began, .changed, .ended, .cancelled:
            pendingActions.append(recognizer)
        case .failed:
            recognizer.pendingState = nil
            recognizer.isAwaitingMoreTouches = false
            releaseRecognizers(waitingFor: recognizer)
        case .possible:
            break
        }
    }

    /// `failed` has failed: recognizers waiting for it may go ahead.
    func releaseRecognizers(waitingFor failed: UIGestureRecognizer) {
        for waiting in recognizers where waiting.pendingState != nil {
            let requirements = failureRequirements(of: waiting)
            guard requirements.contains(where: { $0 === failed }),
                  !requirements.contains(where: { $0.state == .possible && $0.isInSequence }) else { continue }
            let pending = waiting.pendingState!
            waiting.pendingState = nil
            begin(waiting, as: pending)
        }
    }

    func failureRequirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = recognizer.failureRequirements.compactMap(\.recognizer)
        for other in recognizers where other !== recognizer && !result.contains(where: { $0 === other }) {
            if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true {
                result.append(other)
            }
        }
        return result
    }

    func sharesTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.sequenceTouches.contains { touch in b.sequenceTouches.contains { $0 === touch } }
    }

    func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }
}

extension UIGestureRecognizer {
    /// Whether the recognizer takes touches now (it is not finished and waiting to be reset).
    var acceptsTouches: Bool { state == .possible || state == .began || state == .changed }

    /// Whether the recognizer is following a touch sequence (it has or had touches since its reset).
    var isInSequence: Bool { !sequenceTouches.isEmpty || isAwaitingMoreTouches }
}
