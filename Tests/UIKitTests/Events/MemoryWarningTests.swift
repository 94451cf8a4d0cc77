import Foundation
import Testing
import UIKitTestSupport
@testable import UIKit

/// A memory warning (issue #46): the app delegate hears it, then every view controller in the
/// windows' hierarchies, then the notification is posted, once.
@MainActor
@Suite struct MemoryWarningTests {
    final class Log { var entries: [String] = [] }

    final class Controller: UIViewController {
        let name: String, log: Log
        init(_ name: String, _ log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { nil }
        override func didReceiveMemoryWarning() {
            super.didReceiveMemoryWarning()
            log.entries.append(name)
        }
    }

    final class Delegate: UIResponder, UIApplicationDelegate {
        let log: Log
        init(_ log: Log) { self.log = log }
        func applicationDidReceiveMemoryWarning(_ application: UIApplication) { log.entries.append("delegate") }
    }

    /// A root with two children, the first with a child of its own, in one window, and a second
    /// window's root: delegate, root, a, a1, b, other, then the notification (one post); a
    /// controller not in a window hears nothing.
    @Test func everyControllerInTheHierarchyHearsAMemoryWarning() {
        UIApplication.withNewApplication {
            let log = Log()
            let delegate = Delegate(log)
            UIApplication.shared.delegate = delegate
            let root = Controller("root", log), a = Controller("a", log), a1 = Controller("a1", log), b = Controller("b", log)
            for (parent, child) in [(root, a), (a, a1), (root, b)] {
                parent.addChild(child)
                parent.view.addSubview(child.view)
                child.didMove(toParent: parent)
            }
            let window = makeWindow()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            other.rootViewController = Controller("other", log)
            other.makeKeyAndVisible()
            let offscreen = Controller("offscreen", log)
            let observer = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil) { note in
                let sender = (note.object as AnyObject?).map(ObjectIdentifier.init)
                MainActor.assumeIsolated {
                    #expect(sender == ObjectIdentifier(UIApplication.shared))
                    log.entries.append("notification")
                }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            UIApplication.shared.simulateMemoryWarning()
            #expect(log.entries == ["delegate", "root", "a", "a1", "b", "other", "notification"])
            _ = offscreen
            withExtendedLifetime((window, other)) {}
        }
    }

    final class Quiet: NSObject, UIApplicationDelegate {}

    /// A delegate that does not implement the method takes the default (nothing), and a
    /// controller's default does nothing: the warning still reaches the rest.
    @Test func theDefaultsDoNothing() {
        UIApplication.withNewApplication {
            let quiet = Quiet()
            UIApplication.shared.delegate = quiet
            #expect(UIApplication.shared.next == nil)   // a delegate that is no responder ends no chain
            let window = makeWindow()
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            UIApplication.shared.simulateMemoryWarning()
            #expect(window.rootViewController?.isViewLoaded == true)
        }
    }
}
