import Foundation
import Geometry
import Testing
@testable import UIKit

/// The status bar as view controllers ask for it. uisim draws no status bar, but hiding it changes
/// layout where iOS changes it: on a device with a home button (iPhone SE: top inset 20, bottom 0)
/// the 20 points of the status bar go back to the safe area; on one with a sensor housing (iPhone
/// 14: 47 top, 34 bottom) the housing stays unsafe.
@MainActor
@Suite struct StatusBarTests {
    final class Screen: UIViewController {
        var hides = false
        var style = UIStatusBarStyle.default
        var safeAreaChanges = 0
        override var prefersStatusBarHidden: Bool { hides }
        override var preferredStatusBarStyle: UIStatusBarStyle { style }
        override func viewSafeAreaInsetsDidChange() { safeAreaChanges += 1 }
    }

    func window(_ model: UIScreen.Model, _ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: CGRect(origin: .zero, size: model.pointSize))
        window.screen = UIScreen(model: model)
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return window
    }

    @Test func hidingTheStatusBarOnAHomeButtonPhoneGivesBackItsTwentyPoints() {
        let screen = Screen()
        screen.hides = true
        let window = window(.iPhoneSE3, screen)
        #expect(screen.view.safeAreaInsets == .zero)
        #expect(UIApplication.shared.isStatusBarHidden)

        // Shown again: nothing changes until the controller says so, then the top is 20 again.
        screen.hides = false
        _ = window.layoutPass()
        #expect(screen.view.safeAreaInsets.top == 0)
        screen.setNeedsStatusBarAppearanceUpdate()
        _ = window.layoutPass()
        #expect(screen.view.safeAreaInsets == UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(screen.safeAreaChanges >= 1)
        #expect(!UIApplication.shared.isStatusBarHidden)
    }

    @Test func aSensorHousingStaysUnsafe() {
        let screen = Screen()
        screen.hides = true
        let window = window(.iPhone14, screen)
        #expect(window.statusBar.hidden)
        #expect(screen.view.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
    }

    /// A navigation controller lets its top controller hide the status bar; on the SE its bar then
    /// sits at the top of the screen (y 0) instead of under the status bar (y 20).
    @Test func theTopOfANavigationStackDecidesHiding() {
        let top = Screen()
        top.hides = true
        let navigation = UINavigationController(rootViewController: top)
        let window = window(.iPhoneSE3, navigation)
        #expect(window.statusBar.hidden && navigation.childForStatusBarHidden === top)
        #expect(navigation.navigationBar.frame.minY == 0)
    }

    /// The style comes from the root, or the child it names.
    @Test func theStyleFollowsTheChildForStatusBarStyle() {
        final class Container: UIViewController {
            let child = Screen()
            override var childForStatusBarStyle: UIViewController? { child }
        }
        let container = Container()
        container.child.style = .lightContent
        let window = window(.iPhone14, container)
        #expect(window.statusBar.style == .lightContent && UIApplication.shared.statusBarStyle == .lightContent)
        container.child.style = .darkContent
        container.setNeedsStatusBarAppearanceUpdate()
        #expect(UIApplication.shared.statusBarStyle == .darkContent)
        #expect(UIStatusBarStyle.darkContent.rawValue == 3)
    }

    /// UIKit's defaults: all orientations but upside down on a phone (mask 2 + 8 + 16 = 26), all on
    /// a pad (30); portrait for a presentation; rotation allowed.
    @Test func orientationDefaults() {
        let phone = Screen(), pad = Screen()
        let phoneWindow = window(.iPhone14, phone), padWindow = window(.iPadPro11, pad)
        defer { withExtendedLifetime((phoneWindow, padWindow)) {} }
        #expect(phone.supportedInterfaceOrientations.rawValue == 26)
        #expect(pad.supportedInterfaceOrientations.rawValue == 30)
        #expect(phone.preferredInterfaceOrientationForPresentation == .portrait && phone.shouldAutorotate)
    }
}
