import Foundation
import CoreGraphics
import UIFoundation

/// The device the app runs on, as UIKit's `UIDevice`: the replay's device preset (`--device`),
/// iOS 17.0. One per app (`UIDevice.current` follows `UIScreen.main`).
@preconcurrency @MainActor
public final class UIDevice {
    /// The app's device.
    public static var current: UIDevice { UIDevice(model: UIScreen.main.model) }

    private let screenModel: UIScreen.Model

    init(model: UIScreen.Model) { screenModel = model }

    /// The device's name ("iPhone 14"); iOS 16 and later give the model's name, not the owner's.
    public var name: String { screenModel.name }
    /// "iPhone" or "iPad".
    public var model: String { userInterfaceIdiom == .pad ? "iPad" : "iPhone" }
    public var localizedModel: String { model }
    /// "iOS", or "iPadOS" on an iPad, as UIKit answers since iOS 15.
    public var systemName: String { userInterfaceIdiom == .pad ? "iPadOS" : "iOS" }
    /// The iOS version uisim models.
    public var systemVersion: String { "17.0" }
    public var userInterfaceIdiom: UIUserInterfaceIdiom { screenModel.userInterfaceIdiom }
    /// Portrait: uisim's screens do not rotate on their own.
    public var orientation: Orientation { .portrait }
    /// Posted when the device turns; a replay keeps the device in portrait, so it is never posted.
    nonisolated public static let orientationDidChangeNotification = Notification.Name("UIDeviceOrientationDidChangeNotification")
    /// Asks for `orientationDidChangeNotification`: there are none to send (the device does not turn).
    public func beginGeneratingDeviceOrientationNotifications() {}
    public func endGeneratingDeviceOrientationNotifications() {}
    public var isMultitaskingSupported: Bool { true }
    /// No battery: monitoring is off and the level unknown (−1), as UIKit reports it then.
    public var isBatteryMonitoringEnabled = false
    public var batteryLevel: Float { -1 }

    /// The device's orientation (UIKit's `UIDeviceOrientation`).
    public enum Orientation: Int, Sendable {
        case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
        public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    }
}

/// UIKit's name for the device orientation type.
public typealias UIDeviceOrientation = UIDevice.Orientation

extension UIApplication {
    /// The app's state (UIKit's `UIApplication.State`): active while a replay runs.
    public enum State: Int, Sendable { case active, inactive, background }

    /// Active: a replayed app is in the foreground.
    public var applicationState: State { .active }

    /// A key of `open(_:options:completionHandler:)`'s options (UIKit's).
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Records `url` as opened (uisim opens nothing: `openedURLs` lists them for a test) and
    /// calls `completionHandler` with true, as UIKit does once another app took the URL.
    public func open(_ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:], completionHandler: (@MainActor @Sendable (Bool) -> Void)? = nil) {
        UIKitState.current.system.urls.append(url)
        completionHandler?(true)
    }

    /// Whether a URL of that scheme would open: web, mail, phone and messages, and the app's own
    /// `Info.plist` schemes uisim cannot read (so only those four).
    public func canOpenURL(_ url: URL) -> Bool {
        ["http", "https", "mailto", "tel", "sms"].contains(url.scheme?.lowercased() ?? "")
    }

    /// The URLs the app asked to open, in order (uisim's, for tests).
    public var openedURLs: [URL] { UIKitState.current.system.urls }

    /// UIKit's life-cycle notifications; a replay posts `didFinishLaunchingNotification` and
    /// `didBecomeActiveNotification` on `NotificationCenter.default` as its scene comes on screen.
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")

    /// Posts the launch: did finish launching, then did become active (once per app).
    package func postLaunchNotifications() {
        let launched = UIKitState.current.system
        guard !launched.launched else { return }
        launched.launched = true
        NotificationCenter.default.post(name: Self.didFinishLaunchingNotification, object: self)
        NotificationCenter.default.post(name: Self.didBecomeActiveNotification, object: self)
    }
}

/// What the app asked the system for: the URLs to open, and whether it has been launched.
final class SystemRecord {
    var urls: [URL] = []
    var launched = false
}
