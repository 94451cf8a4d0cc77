import Foundation
import Geometry

/// Recognizes fingers dragging, as UIKit's `UIPanGestureRecognizer`: it begins once the
/// fingers' centroid has moved more than 10 pt (the hysteresis), then changes with every move and ends
/// when the fingers lift. A touch that lifts without moving that far fails it.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fewest fingers that pan. Default 1.
    open var minimumNumberOfTouches = 1
    /// Most fingers that pan. Default unlimited.
    open var maximumNumberOfTouches = Int.max

    /// How far the centroid must move before the pan begins.
    package static let hysteresis: CGFloat = 10
    /// This recognizer's: the hysteresis (a screen-edge pan's is larger).
    var beginDistance = UIPanGestureRecognizer.hysteresis

    /// Centroid where the translation is zero, in window coordinates.
    private var origin = CGPoint.zero
    /// Recent (time, centroid) pairs, for the velocity.
    private var history: [(TimeInterval, CGPoint)] = []
    private var lastCentroid = CGPoint.zero
    private var lastVelocity = CGPoint.zero

    /// How far the fingers moved since the gesture began (or since `setTranslation`), in
    /// `view`'s coordinates (nil: the window's). Includes the hysteresis, as in UIKit.
    open func translation(in view: UIView?) -> CGPoint {
        vector(CGPoint(x: lastCentroid.x - origin.x, y: lastCentroid.y - origin.y), in: view)
    }

    /// Makes the current translation `translation` (usually `.zero`) in `view`'s coordinates.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let inWindow = vectorToWindow(translation, from: view)
        origin = CGPoint(x: lastCentroid.x - inWindow.x, y: lastCentroid.y - inWindow.y)
    }

    /// The centroid's velocity in points per second, in `view`'s coordinates, over the last
    /// 100 ms of movement.
    open func velocity(in view: UIView?) -> CGPoint {
        vector(lastVelocity, in: view)
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
            return
        }
        rebase(event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let centroid = location(in: nil)
        record(centroid, at: event.timestamp)
        switch state {
        case .possible:
            if numberOfTouches >= minimumNumberOfTouches && distance(centroid, origin) > beginDistance {
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // Fingers that rested more than 50 ms before lifting have no speed left.
        if let last = history.last, event.timestamp - last.0 > 0.05 { lastVelocity = .zero }
        let remaining = numberOfTouches - touches.count
        if remaining == 0 || remaining < minimumNumberOfTouches {
            switch state {
            case .possible: state = .failed
            case .began, .changed: state = .ended
            default: break
            }
            return
        }
        let kept = trackedTouches.filter { !touches.contains($0) }
        rebase(centroid: centroid(kept.map { $0.location(in: nil) }))
    }

    open override func reset() {
        super.reset()
        history = []
        lastVelocity = .zero
    }

    /// Keeps the translation continuous when fingers join or leave.
    private func rebase(_ event: UIEvent) {
        rebase(centroid: location(in: nil))
        if history.isEmpty { record(lastCentroid, at: event.timestamp) }
    }

    private func rebase(centroid: CGPoint) {
        if history.isEmpty {
            origin = centroid
        } else {
            origin = CGPoint(x: origin.x + centroid.x - lastCentroid.x, y: origin.y + centroid.y - lastCentroid.y)
        }
        lastCentroid = centroid
        history = history.isEmpty ? [] : [(history.last!.0, centroid)]
    }

    private func record(_ centroid: CGPoint, at time: TimeInterval) {
        lastCentroid = centroid
        history.append((time, centroid))
        while history.count > 2, time - history[0].0 > 0.1 { history.removeFirst() }
        if let first = history.first, let last = history.last, last.0 > first.0 {
            let dt = last.0 - first.0
            lastVelocity = CGPoint(x: (last.1.x - first.1.x) / dt, y: (last.1.y - first.1.y) / dt)
        }
    }

    /// A window-space vector in `view`'s coordinates.
    private func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let view, let window = view.window else { return v }
        let a = view.convert(CGPoint.zero, from: window)
        let b = view.convert(v, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    private func vectorToWindow(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = view.window else { return v }
        let a = window.convert(CGPoint.zero, from: view)
        let b = window.convert(v, from: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
