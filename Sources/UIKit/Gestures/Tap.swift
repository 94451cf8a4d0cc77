import Foundation
import Geometry
import RunLoop

/// Recognizes `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers, as UIKit's
/// `UITapGestureRecognizer` (discrete: `.possible` → `.recognized` or `.failed`).
///
/// A tap fails when a finger moves more than 45 pt, stays down longer than 1.5 s, or the next
/// tap does not start within 0.35 s — the limits UIKit is observed to use.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps needed. Default 1.
    open var numberOfTapsRequired = 1
    /// Fingers per tap. Default 1.
    open var numberOfTouchesRequired = 1

    /// How far a finger may move during a tap, and how far a later tap may be from the first.
    package static let allowableMovement: CGFloat = 45
    /// The longest a tap may be held.
    package static let maximumTapDuration: TimeInterval = 1.5
    /// The longest wait between one tap's end and the next tap's start.
    package static let maximumIntervalBetweenTaps: TimeInterval = 0.35

    private var tapsSoFar = 0
    private var touchesInTap = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]
    /// Where the first tap of the sequence was (the centroid of its touches, window
    /// coordinates): `location(in:)` from then on, also after the recognizer is reset, until
    /// the next sequence begins.
    private var firstTap: (point: CGPoint, window: WeakWindow)?
    private var timer: LoopTimer?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if tapsSoFar == 0 && touchesInTap == 0 { firstTap = nil }   // a new sequence
        isAwaitingMoreTouches = false
        cancelTimer()
        touchesInTap += touches.count
        guard touchesInTap <= numberOfTouchesRequired else {
            state = .failed
            return
        }
        for touch in touches {
            let point = touch.location(in: nil)
            starts[ObjectIdentifier(touch)] = point
            if let first = firstTap?.point, distance(point, first) > Self.allowableMovement {
                state = .failed
                return
            }
        }
        startTimer(after: Self.maximumTapDuration)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            if let start = starts[ObjectIdentifier(touch)], distance(touch.location(in: nil), start) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == touches.count else { return }   // fingers still down
        cancelTimer()
        guard touchesInTap == numberOfTouchesRequired else {
            state = .failed
            return
        }
        tapsSoFar += 1
        if tapsSoFar == 1 { firstTap = (super.location(in: nil), WeakWindow(window: touches.first?.window)) }
        touchesInTap = 0
        starts = [:]
        if tapsSoFar == numberOfTapsRequired {
            state = .recognized
        } else {
            isAwaitingMoreTouches = true
            startTimer(after: Self.maximumIntervalBetweenTaps)
        }
    }

    open override func reset() {
        super.reset()
        cancelTimer()
        tapsSoFar = 0
        touchesInTap = 0
        starts = [:]
    }

    /// The first tap's location (the centroid of its touches), as UIKit documents for a
    /// multi-tap, for the recognizer's whole life: also when it is recognized late (a single tap
    /// that waits for a double tap to fail) and after it is reset.
    open override func location(in view: UIView?) -> CGPoint {
        guard let firstTap else { return super.location(in: view) }
        guard let view, let window = firstTap.window.window, view !== window else { return firstTap.point }
        return view.convert(firstTap.point, from: window)
    }

    private func startTimer(after interval: TimeInterval) {
        timer = runLoop?.scheduledTimer(withTimeInterval: interval, repeats: false, mode: .common) { [weak self] _ in
            guard let self, self.state == .possible else { return }
            self.isAwaitingMoreTouches = false
            self.state = .failed
        }
    }

    private func cancelTimer() {
        timer?.invalidate()
        timer = nil
    }
}

func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

/// The mean of `points` (`.zero` for none).
func centroid(_ points: [CGPoint]) -> CGPoint {
    guard !points.isEmpty else { return .zero }
    let sum = points.reduce(CGPoint.zero) { CGPoint(x: $0.x + $1.x, y: $0.y + $1.y) }
    return CGPoint(x: sum.x / CGFloat(points.count), y: sum.y / CGFloat(points.count))
}
