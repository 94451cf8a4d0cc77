import Foundation

/// A batch of touches delivered together, as UIKit's `UIEvent` of type `.touches`: every touch
/// on the screen, each in the phase it has in this event.
@preconcurrency @MainActor
open class UIEvent: NSObject {
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    /// The kinds of UIKit events; uisim delivers `.touches`.
    public enum EventType: Int, Sendable {
        // UIKit's raw values (UIEvent.h): scroll, hover and transform came later and skip ahead.
        case touches = 0, motion = 1, remoteControl = 2, presses = 3, scroll = 10, hover = 11, transform = 14
    }

    /// Always `.touches` in uisim.
    open var type: EventType { .touches }

    /// When the event happened: the time of its newest hardware sample.
    open internal(set) var timestamp: TimeInterval

    /// The touches in contact order (uisim keeps an order so that its own delivery is
    /// deterministic; the sets handed to responders are unordered, as in UIKit).
    var orderedTouches: [UITouch]
    var coalesced: [ObjectIdentifier: [UITouch]]
    var predicted: [ObjectIdentifier: [UITouch]]
    /// Views visited by the default `hitTest(_:with:)` for this event (the system's hit tests of
    /// its new touches; an app's own calls with no event are not counted).
    var viewsHitTested = 0

    init(timestamp: TimeInterval, touches: [UITouch], coalesced: [ObjectIdentifier: [UITouch]],
         predicted: [ObjectIdentifier: [UITouch]]) {
        self.timestamp = timestamp
        orderedTouches = touches
        self.coalesced = coalesced
        self.predicted = predicted
    }

    /// Every touch of the event, in every phase.
    open var allTouches: Set<UITouch>? { Set(orderedTouches) }

    /// The touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        Set(orderedTouches.filter { $0.window === window })
    }

    /// The touches hit-tested to `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        Set(orderedTouches.filter { $0.view === view })
    }

    /// The touches `gesture` receives.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        Set(orderedTouches.filter { touch in touch.gestureRecognizers?.contains { $0 === gesture } ?? false })
    }

    /// Every hardware sample of `touch` since the previous event, oldest first, the last being
    /// the touch as delivered.
    /// Empty for a stationary touch; nil for a touch not in the event.
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        coalesced[ObjectIdentifier(touch)] ?? (orderedTouches.contains(touch) ? [] : nil)
    }

    /// Where `touch` is expected to be one frame from now (empty when not moving).
    open func predictedTouches(for touch: UITouch) -> [UITouch]? {
        predicted[ObjectIdentifier(touch)] ?? (orderedTouches.contains(touch) ? [] : nil)
    }
}
