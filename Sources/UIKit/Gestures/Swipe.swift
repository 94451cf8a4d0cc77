import Foundation
import Geometry

/// Recognizes a swipe, as UIKit's `UISwipeGestureRecognizer` (discrete: `.possible` →
/// `.recognized` or `.failed`): `numberOfTouchesRequired` fingers that each move far enough, fast
/// enough and mostly along an allowed `direction`. "A slow swipe requires high directional
/// precision but a small distance; a fast swipe requires low directional precision but a large
/// distance" (UIKit's header): the distance a finger must cover falls, and the sideways drift it
/// may have falls faster, as the swipe takes longer.
///
/// UIKit's rule (its `touchesMoved:` and `_checkForSwipeWithDelta:…`, iOS 26.1's UIKitCore as
/// decompiled), on every move of the fingers, `t` seconds after the last finger came down, each
/// finger's offset from where it came down split into its primary part (along the direction) and
/// its secondary part (across it):
/// - past `maximumDuration` (0.5 s) the recognizer fails;
/// - it fails when a finger goes more than `maximumOppositeMovement` (0 pt) against a single
///   direction, or its primary part passes `maximumPrimaryMovement` (none) or its secondary part
///   passes `maximumSecondaryMovement` × (1 − min(t, 0.5) × (1 − 0.02)) (50 pt at first, 25.5 pt at 0.5 s);
/// - it recognizes once every finger's primary part reaches `minimumPrimaryMovement` × (1 −
///   min(t, 0.5) × (1 − 0.06)) (50 pt at first, 26.5 pt at 0.5 s), its secondary part reaches
///   `minimumSecondaryMovement` (0), and its speed since the previous move (over at least 10 ms)
///   reaches `minimumPrimaryMovementRate`;
/// - with a horizontal and a vertical direction allowed, the horizontal test comes first and its
///   failure is the recognizer's (a swipe down fails a right-or-down recognizer: its 100 pt down
///   is a horizontal swipe's sideways drift);
/// - more fingers than required fail it at their first move; fewer never recognize, and it fails
///   when the last lifts.
///
/// Sourced: 50 pt, 0.5 s, the decay rates 0.06 and 0.02 and the 0 pt of opposite movement are
/// UIKit's defaults as read from the recognizer's private ivars on iOS 26.1 and bracketed by
/// ±0.001 pt probes at 0 to 0.5 s (a public simulator measurement, "Swipe oracle — iOS 26.1");
/// the 50 pt, 0.5 s and decay rates are also the defaults of the Books app's copy of the
/// recognizer (`BKSwipeGestureRecognizer`). Chosen: `minimumPrimaryMovementRate`, whose default
/// no source gives, is 0 (no speed test beyond the distance's decay); the measurement bounds it
/// at or under 53 pt/s (26.5 pt in one move of 0.5 s recognizes).
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions a swipe may take (UIKit's `UISwipeGestureRecognizer.Direction`).
    public struct Direction: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The fingers that must swipe. Default 1.
    open var numberOfTouchesRequired = 1
    /// The directions allowed. Default `.right`. Several may be given when they mean the same to
    /// the app (a table's swipe to delete).
    open var direction: UISwipeGestureRecognizer.Direction = .right

    /// UIKit's defaults (sourced; see the class's comment).
    package static let maximumDuration: TimeInterval = 0.5
    package static let minimumPrimaryMovement: CGFloat = 50
    package static let maximumPrimaryMovement: CGFloat = .greatestFiniteMagnitude
    package static let minimumSecondaryMovement: CGFloat = 0
    package static let maximumSecondaryMovement: CGFloat = 50
    package static let maximumOppositeMovement: CGFloat = 0
    package static let rateOfMinimumMovementDecay: CGFloat = 0.06
    package static let rateOfMaximumMovementDecay: CGFloat = 0.02
    /// Chosen (no source gives UIKit's default): no speed test beyond the distance's decay.
    package static let minimumPrimaryMovementRate: CGFloat = 0

    /// The fingers, in the order they came down, with where each came down and where it was at
    /// the previous move (window coordinates).
    private var fingers: [(touch: UITouch, start: CGPoint, previous: CGPoint)] = []
    /// The centroid of the fingers when the last came down: the swipe's location.
    private var startCentroid: (point: CGPoint, window: WeakWindow)?
    private var startTime: TimeInterval = 0
    private var previousTime: TimeInterval = 0
    /// Set by a stray finger, a finger too many or one that lifted early: the next move fails.
    private var failed = false

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !failed, fingers.count + touches.count <= numberOfTouchesRequired else {
            failed = true
            return
        }
        for touch in touches.sorted(by: { $0.contact < $1.contact }) {
            let point = touch.location(in: nil)
            fingers.append((touch, point, point))
        }
        startCentroid = (centroid(fingers.map(\.start)), WeakWindow(window: touches.first?.window))
        startTime = event.timestamp
        previousTime = event.timestamp
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        let now = event.timestamp
        defer { previousTime = now }
        if now - startTime > Self.maximumDuration && state == .possible {
            state = .failed
            return
        }
        guard !failed else { return }
        var recognized = fingers.count == numberOfTouchesRequired
        for index in fingers.indices {
            let point = fingers[index].touch.location(in: nil)
            let offset = vectorInView(CGPoint(x: point.x - fingers[index].start.x, y: point.y - fingers[index].start.y))
            let step = CGPoint(x: point.x - fingers[index].previous.x, y: point.y - fingers[index].previous.y)
            recognized = check(offset, step: step, elapsed: now - startTime, interval: now - previousTime) && recognized
            fingers[index].previous = point
        }
        if recognized {
            state = .recognized
        } else if failed {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        lift(touches)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        lift(touches)
    }

    open override func reset() {
        super.reset()
        fingers = []
        failed = false
    }

    /// Where the swipe began: the centroid of its fingers when the last came down (UIKit's
    /// "location where the swipe began").
    open override func location(in view: UIView?) -> CGPoint {
        guard let startCentroid else { return super.location(in: view) }
        guard let view, let window = startCentroid.window.window, view !== window else { return startCentroid.point }
        return view.convert(startCentroid.point, from: window)
    }

    /// Where the `touchIndex`-th finger came down.
    open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let finger = fingers[touchIndex]
        guard let view, let window = finger.touch.window, view !== window else { return finger.start }
        return view.convert(finger.start, from: window)
    }

    /// UIKit's test of one finger's `offset` (in the view's coordinates) `elapsed` seconds into
    /// the swipe, its last `step` taking `interval`: whether it qualifies; sets `failed` when it
    /// strays.
    private func check(_ offset: CGPoint, step: CGPoint, elapsed: TimeInterval, interval: TimeInterval) -> Bool {
        let decay = CGFloat(min(elapsed, 0.5))
        let minimumFactor = 1 - decay * (1 - Self.rateOfMinimumMovementDecay)
        let maximumFactor = 1 - decay * (1 - Self.rateOfMaximumMovementDecay)
        let minimumPrimary = Self.scaled(Self.minimumPrimaryMovement, by: minimumFactor)
        let maximumPrimary = Self.scaled(Self.maximumPrimaryMovement, by: maximumFactor)
        let minimumSecondary = Self.scaled(Self.minimumSecondaryMovement, by: minimumFactor)
        let maximumSecondary = Self.scaled(Self.maximumSecondaryMovement, by: maximumFactor)
        let opposite = Self.maximumOppositeMovement
        let horizontal = direction.rawValue & 3, vertical = direction.rawValue & 0xC
        // Against a single direction: fail (a right-or-left recognizer has no wrong way).
        if (horizontal == Direction.left.rawValue && offset.x > opposite) || (horizontal == Direction.right.rawValue && offset.x < -opposite)
            || (vertical == Direction.down.rawValue && offset.y < -opposite) || (vertical == Direction.up.rawValue && offset.y > opposite) {
            failed = true
            return false
        }
        let interval = max(interval, 0.01)
        var qualifies = false
        if horizontal != 0 {
            let primary = abs(offset.x), secondary = abs(offset.y)
            if primary > maximumPrimary || secondary > maximumSecondary {
                failed = true
                return false
            }
            qualifies = primary >= minimumPrimary && secondary >= minimumSecondary && abs(step.x / interval) >= Self.minimumPrimaryMovementRate
        }
        if vertical != 0 {
            let primary = abs(offset.y), secondary = abs(offset.x)
            if primary > maximumPrimary || secondary > maximumSecondary {
                failed = true
                return qualifies
            }
            if primary >= minimumPrimary && secondary >= minimumSecondary && abs(step.y / interval) >= Self.minimumPrimaryMovementRate {
                qualifies = true
            }
        }
        return qualifies
    }

    /// A limit after its decay; "none" (the largest float) stays none.
    private static func scaled(_ limit: CGFloat, by factor: CGFloat) -> CGFloat {
        limit == .greatestFiniteMagnitude ? limit : limit * factor
    }

    private func lift(_ touches: Set<UITouch>) {
        fingers.removeAll { finger in touches.contains { $0 === finger.touch } }
        if fingers.isEmpty {
            if state == .possible { state = .failed }
        } else {
            failed = true
        }
    }

    /// A window-space offset in the view's coordinates (a rotated or scaled view swipes in its own).
    private func vectorInView(_ v: CGPoint) -> CGPoint {
        guard let view, let window = view.window else { return v }
        let a = view.convert(CGPoint.zero, from: window)
        let b = view.convert(v, from: window)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }
}
