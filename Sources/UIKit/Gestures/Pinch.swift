import Foundation
import Geometry

/// Recognizes two fingers pinching, as UIKit's `UIPinchGestureRecognizer`: it begins once the
/// distance between them changes by more than 10 pt, then `scale` is that distance over the
/// distance when the fingers went down (settable, like UIKit's, to measure from a new start).
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The fingers' distance now over their distance at the start.
    open var scale: CGFloat {
        get { startDistance > 0 ? currentDistance / startDistance * baseScale : baseScale }
        set {
            baseScale = newValue
            startDistance = currentDistance
        }
    }

    /// Scale per second, over the last change.
    open private(set) var velocity: CGFloat = 0

    /// How much the distance must change before the pinch begins.
    package static let hysteresis: CGFloat = 10

    private var startDistance: CGFloat = 0
    private var currentDistance: CGFloat = 0
    private var baseScale: CGFloat = 1
    private var lastScale: CGFloat = 1
    private var lastTime: TimeInterval = 0

    private func distance() -> CGFloat {
        guard trackedTouches.count >= 2 else { return 0 }
        return UIKit.distance(trackedTouches[0].location(in: nil), trackedTouches[1].location(in: nil))
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if numberOfTouches > 2 {
            if state == .possible { state = .failed }
            return
        }
        if numberOfTouches == 2 {
            startDistance = distance()
            currentDistance = startDistance
            lastTime = event.timestamp
            lastScale = 1
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 2 else { return }
        currentDistance = distance()
        let s = scale
        if event.timestamp > lastTime {
            velocity = (s - lastScale) / CGFloat(event.timestamp - lastTime)
        }
        lastScale = s
        lastTime = event.timestamp
        switch state {
        case .possible:
            if abs(currentDistance - startDistance) > Self.hysteresis { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .began, .changed: state = .ended
        case .possible: if numberOfTouches == touches.count { state = .failed }
        default: break
        }
    }

    open override func reset() {
        super.reset()
        startDistance = 0
        currentDistance = 0
        baseScale = 1
        velocity = 0
    }
}
