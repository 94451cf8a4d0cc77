import Foundation

/// What the app tells its delegate, as UIKit's `UIApplicationDelegate`: uisim has no launch,
/// scenes or background, so the delegate hears of what uisim models: a memory warning. Every
/// method is optional, as in the SDK (an extension gives each a default that does nothing).
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The app is low on memory: free what can be made again.
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
}

extension UIApplication {
    /// Posted (object: the app) when the app is low on memory, after the delegate is told.
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")

    /// A memory warning, as the Simulator's Debug ▸ Simulate Memory Warning sends one (uisim's:
    /// the SDK has no public call; a test or a scene calls it): the delegate hears
    /// `applicationDidReceiveMemoryWarning(_:)`, then every view controller in the windows'
    /// hierarchies `didReceiveMemoryWarning()` (each window's root, then its children depth
    /// first, then what it presents), then `didReceiveMemoryWarningNotification` is posted once.
    /// (UIKit's view controllers observe the notification themselves, so one the app holds off
    /// screen hears it too; uisim keeps no list of every controller and tells those on screen.)
    public func simulateMemoryWarning() {
        delegate?.applicationDidReceiveMemoryWarning(self)
        var told = Set<ObjectIdentifier>()
        func tell(_ controller: UIViewController) {
            guard told.insert(ObjectIdentifier(controller)).inserted else { return }
            controller.didReceiveMemoryWarning()
            for child in controller.children { tell(child) }
            if let presented = controller.presentedViewController { tell(presented) }
        }
        for window in windows { if let root = window.rootViewController { tell(root) } }
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
    }
}
