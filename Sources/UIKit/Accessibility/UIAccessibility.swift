import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// What an accessibility element is (UIKit's `UIAccessibilityTraits`; the raw values are UIKit's).
public struct UIAccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static let none = UIAccessibilityTraits([])
    public static let button = UIAccessibilityTraits(rawValue: 1 << 0)
    public static let link = UIAccessibilityTraits(rawValue: 1 << 1)
    public static let image = UIAccessibilityTraits(rawValue: 1 << 2)
    public static let selected = UIAccessibilityTraits(rawValue: 1 << 3)
    public static let playsSound = UIAccessibilityTraits(rawValue: 1 << 4)
    public static let keyboardKey = UIAccessibilityTraits(rawValue: 1 << 5)
    public static let staticText = UIAccessibilityTraits(rawValue: 1 << 6)
    public static let summaryElement = UIAccessibilityTraits(rawValue: 1 << 7)
    public static let notEnabled = UIAccessibilityTraits(rawValue: 1 << 8)
    public static let updatesFrequently = UIAccessibilityTraits(rawValue: 1 << 9)
    public static let searchField = UIAccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = UIAccessibilityTraits(rawValue: 1 << 11)
    public static let adjustable = UIAccessibilityTraits(rawValue: 1 << 12)
    public static let allowsDirectInteraction = UIAccessibilityTraits(rawValue: 1 << 13)
    public static let causesPageTurn = UIAccessibilityTraits(rawValue: 1 << 14)
    public static let header = UIAccessibilityTraits(rawValue: 1 << 16)
    public static let tabBar = UIAccessibilityTraits(rawValue: 1 << 15)
}

/// UIKit's accessibility notifications and state (`UIAccessibility`): what the app posts is kept
/// (`postedNotifications`), nothing is spoken; VoiceOver and the other assistive settings are off.
public enum UIAccessibility {
    public struct Notification: RawRepresentable, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let screenChanged = Notification(rawValue: 1000)
        public static let layoutChanged = Notification(rawValue: 1001)
        public static let announcement = Notification(rawValue: 1008)
        public static let pageScrolled = Notification(rawValue: 1009)
    }

    /// Posts `notification` (an announcement's argument is its text): recorded per app.
    @preconcurrency @MainActor
    public static func post(notification: Notification, argument: Any?) {
        UIApplication.shared.accessibilityPosts.append((notification, argument.map { "\($0)" }))
    }

    /// What the app posted, in order, with each argument as text.
    @preconcurrency @MainActor
    public static var postedNotifications: [(notification: Notification, argument: String?)] {
        UIApplication.shared.accessibilityPosts
    }

    public static var isVoiceOverRunning: Bool { false }
    public static var isReduceMotionEnabled: Bool { false }
    public static var isBoldTextEnabled: Bool { false }
    public static var isReduceTransparencyEnabled: Bool { false }
    public static var isDarkerSystemColorsEnabled: Bool { false }
}

/// What a view says of itself to assistive technologies, kept until set (nil: the class's own).
struct AccessibilityStorage {
    var isElement: Bool?
    var label: String??
    var value: String??
    var traits: UIAccessibilityTraits?
    var frame: CGRect?
}

extension UIView {
    /// The view's rectangle on the screen (`accessibilityFrame`'s default).
    var screenFrame: CGRect {
        guard window != nil else { return frame }
        return bounds.applying(transformToScreenCoordinates)
    }

    /// Whether assistive technologies reach the view: on screen, not hidden, and not inside a
    /// view whose `accessibilityElementsHidden` is set.
    var isAccessibilityReachable: Bool {
        var next: UIView? = self
        while let view = next {
            if view.isHidden || view.alpha < 0.01 || view.accessibilityElementsHidden { return false }
            next = view.superview
        }
        return window != nil
    }
}
