import Foundation
import Geometry
import QuartzCore
import Support
import UIFoundation

/// One finger (or pencil) on the screen for the life of a contact, as UIKit's `UITouch`: the
/// same object from `.began` to `.ended` or `.cancelled`, hit-tested once and keeping its view.
///
/// Touches compare and hash by identity, as UIKit's objects do.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    /// Where a touch is in its life.
    public enum Phase: Int, Sendable, CustomStringConvertible {
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// What made the touch.
    public enum TouchType: Int, Sendable {
        case direct, indirect, pencil, indirectPointer
    }

    /// The touch's phase in the event being delivered.
    open internal(set) var phase: Phase
    /// When the touch last changed (seconds on the run loop's clock).
    open internal(set) var timestamp: TimeInterval
    /// How many quick taps near the same place this touch is part of (1 for a single tap).
    open internal(set) var tapCount: Int
    /// The view the touch was hit-tested to when it began; it keeps it for life.
    open internal(set) var view: UIView?
    /// The window the touch is in.
    open internal(set) weak var window: UIWindow?
    /// Force of the touch, 1.0 being an average touch; 0 when the hardware does not report it.
    open internal(set) var force: CGFloat
    /// The largest force the hardware can report.
    open private(set) var maximumPossibleForce: CGFloat = 480.0 / 72.0
    /// Radius of the contact, in points.
    open internal(set) var majorRadius: CGFloat
    /// How precise `majorRadius` is, in points.
    open private(set) var majorRadiusTolerance: CGFloat = 0
    /// Finger (`.direct`) or pencil.
    open private(set) var type: TouchType
    /// A pencil's altitude in radians (π/2 for a finger: perpendicular).
    open internal(set) var altitudeAngle: CGFloat
    /// The gesture recognizers receiving this touch.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]?

    /// Where the touch is, in the window's coordinates.
    var windowLocation: CGPoint
    var previousWindowLocation: CGPoint
    var azimuth: CGFloat
    /// The hardware contact this touch follows (a uisim addition, for traces and logs).
    public let contact: Int
    /// View delivery bookkeeping for the gesture environment.
    var delivery = Delivery()

    struct Delivery {
        /// The view was sent touchesBegan for this touch.
        var viewBegan = false
        /// The view was sent touchesEnded or touchesCancelled (or never will be sent anything).
        var viewFinished = false
        /// A gesture recognizer cancelled the touch for its view.
        var cancelledForView = false
        /// The view never gets this touch (isMultipleTouchEnabled, isExclusiveTouch).
        var excludedFromView = false
        /// Phases held back by delaysTouchesBegan / delaysTouchesEnded, to deliver or drop later.
        var held: [Phase] = []
    }

    init(contact: Int, phase: Phase, timestamp: TimeInterval, windowLocation: CGPoint, type: TouchType,
         force: CGFloat, majorRadius: CGFloat, altitude: CGFloat, azimuth: CGFloat, tapCount: Int) {
        self.contact = contact
        self.phase = phase
        self.timestamp = timestamp
        self.windowLocation = windowLocation
        previousWindowLocation = windowLocation
        self.type = type
        self.force = force
        self.majorRadius = majorRadius
        altitudeAngle = altitude
        self.azimuth = azimuth
        self.tapCount = tapCount
    }

    /// A frozen copy of the touch as it is now, for coalesced and predicted touches.
    func snapshot(at location: CGPoint, timestamp: TimeInterval, force: CGFloat) -> UITouch {
        let copy = UITouch(contact: contact, phase: phase, timestamp: timestamp, windowLocation: location, type: type,
                           force: force, majorRadius: majorRadius, altitude: altitudeAngle, azimuth: azimuth, tapCount: tapCount)
        copy.view = view
        copy.window = window
        copy.previousWindowLocation = previousWindowLocation
        return copy
    }

    /// The touch's location in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        convert(windowLocation, to: view)
    }

    /// Where the touch was in the previous event, in `view`'s coordinates (nil: the window's).
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousWindowLocation, to: view)
    }

    /// The location as precisely as the hardware knows it; the same as `location(in:)` in uisim.
    open func preciseLocation(in view: UIView?) -> CGPoint {
        location(in: view)
    }

    /// A pencil's azimuth in `view`'s coordinates, in radians.
    open func azimuthAngle(in view: UIView?) -> CGFloat {
        azimuth
    }

    private func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window, view !== window else { return point }
        return view.convert(point, from: window)
    }

    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        "<UITouch contact \(contact); phase = \(phase); tapCount = \(tapCount); window location ="
            + " (\(windowLocation.x.shortDescription) \(windowLocation.y.shortDescription))>"
    }
}
