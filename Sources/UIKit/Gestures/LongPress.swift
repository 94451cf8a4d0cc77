import Foundation
import Geometry
import RunLoop

/// Recognizes fingers held still for `minimumPressDuration`, as UIKit's
/// `UILongPressGestureRecognizer` (continuous: began after the delay, changed as the fingers
/// move, ended when they lift).
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the fingers must be held. Default 0.5 s.
    open var minimumPressDuration: TimeInterval = 0.5
    /// How far the fingers may move before the gesture begins. Default 10 pt.
    open var allowableMovement: CGFloat = 10
    /// Fingers that must be held. Default 1.
    open var numberOfTouchesRequired = 1

    private var starts: [ObjectIdentifier: CGPoint] = [:]
    private var timer: LoopTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.location(in: nil) }
        guard state == .possible else { return }
        guard numberOfTouches <= numberOfTouchesRequired else {
            state = .failed
            return
        }
        if numberOfTouches == numberOfTouchesRequired {
            timer?.invalidate()
            timer = runLoop?.scheduledTimer(withTimeInterval: minimumPressDuration, repeats: false, mode: .common) { [weak self] _ in
                guard let self, self.state == .possible else { return }
                self.state = .began
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            for touch in touches {
                if let start = starts[ObjectIdentifier(touch)], distance(touch.location(in: nil), start) > allowableMovement {
                    state = .failed
                    return
                }
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible: state = .failed
        case .began, .changed: state = .ended
        default: break
        }
    }

    open override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        starts = [:]
    }
}
