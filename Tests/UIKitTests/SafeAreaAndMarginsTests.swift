import Foundation
import Geometry
import Testing
@testable import UIKit

/// Layout margins and the safe area as UIKit reports them, with UIKit's own numbers (issue 52:
/// frames recorded by UIKit on iOS simulators).
@Suite struct SafeAreaAndMarginsTests {
    /// The first iPhone SE's screen: 320 × 568 pt at @2x, 20 pt of status bar.
    static let iPhoneSE1 = UIScreen.Model(identifier: "iphone-se-1", name: "iPhone SE (1st generation)",
                                          pointSize: CGSize(width: 320, height: 568), scale: 2, maximumFramesPerSecond: 60,
                                          safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))

    /// A view controller whose root view holds a label pinned to its layout margins guide.
    final class Pinned: UIViewController {
        let label = UILabel()

        override func viewDidLoad() {
            label.text = "Hello"
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            let margins = view.layoutMarginsGuide
            NSLayoutConstraint.activate([
                label.topAnchor.constraint(equalTo: margins.topAnchor),
                label.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            ])
        }
    }

    /// A window of the screen's size showing `controller`, laid out (keep it: the hierarchy goes
    /// with it).
    func show(_ controller: UIViewController) -> UIWindow {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }

    /// On a 320 × 568 phone with 20 pt of status bar, a root view's margins are UIKit's system
    /// minimum (0 top and bottom, 16 leading and trailing) within the safe area: (20, 16, 0, 16),
    /// not 8 pt added to the safe area (28, 8, 8, 8). A label pinned to them is at (16, 20),
    /// 320 − 2 × 16 = 288 wide, as UIKit recorded it. A plain subview keeps its 8 pt.
    @Test func aRootViewsMarginsAreTheSystemMinimumWithinTheSafeArea() {
        UIApplication.withNewApplication(screen: UIScreen(model: Self.iPhoneSE1)) {
            let controller = Pinned()
            let window = show(controller)
            defer { withExtendedLifetime(window) {} }
            #expect(controller.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16))
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 20, left: 16, bottom: 0, right: 16))
            #expect(controller.view.directionalLayoutMargins == NSDirectionalEdgeInsets(top: 20, leading: 16, bottom: 0, trailing: 16))
            #expect(controller.label.frame.origin == CGPoint(x: 16, y: 20))
            #expect(controller.label.frame.width == 288)
            #expect(controller.label.layoutMargins == UIEdgeInsets(all: 8))
        }
    }

    /// On the wide phones (430 pt, iPhone 15 Pro Max: 59 pt of sensor housing, 34 of home
    /// indicator) and iPads the minimum is 20 pt: (59, 20, 34, 20), the label 430 − 40 = 390 wide.
    /// An iPhone 14 (390 pt) keeps 16.
    @Test func wideScreensHaveTwentyPointMargins() {
        UIApplication.withNewApplication(screen: UIScreen(model: .iPhone15ProMax)) {
            let controller = Pinned()
            let window = show(controller)
            defer { withExtendedLifetime(window) {} }
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 59, left: 20, bottom: 34, right: 20))
            #expect(controller.label.frame.minX == 20 && controller.label.frame.width == 390)
        }
        UIApplication.withNewApplication(screen: UIScreen(model: .iPadPro11)) {
            let controller = Pinned()
            let window = show(controller)
            defer { withExtendedLifetime(window) {} }
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 24, left: 20, bottom: 20, right: 20))
        }
        UIApplication.withNewApplication(screen: UIScreen(model: .iPhone14)) {
            let controller = Pinned()
            let window = show(controller)
            defer { withExtendedLifetime(window) {} }
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 47, left: 16, bottom: 34, right: 16))
        }
    }

    /// Margins set on a root view count where they exceed the minimum (UIKit's example: a
    /// minimum of 20 against 10 set gives 20): leading 10 → 16, trailing 64 stays, top 8 stays
    /// (the minimum is 0) and is added to the safe area: (28, 16, 0, 64). Without
    /// `viewRespectsSystemMinimumLayoutMargins` the view's own margins alone: (28, 10, 0, 64).
    /// Without `insetsLayoutMarginsFromSafeArea`, the safe area is not added: (8, 10, 0, 64).
    @Test func setMarginsAreKeptAboveTheMinimum() {
        UIApplication.withNewApplication(screen: UIScreen(model: Self.iPhoneSE1)) {
            let controller = Pinned()
            let window = show(controller)
            defer { withExtendedLifetime(window) {} }
            controller.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 8, leading: 10, bottom: 0, trailing: 64)
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 28, left: 16, bottom: 0, right: 64))
            controller.view.layoutIfNeeded()
            #expect(controller.label.frame.origin == CGPoint(x: 16, y: 28) && controller.label.frame.width == 320 - 16 - 64)
            controller.viewRespectsSystemMinimumLayoutMargins = false
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 28, left: 10, bottom: 0, right: 64))
            controller.view.insetsLayoutMarginsFromSafeArea = false
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 8, left: 10, bottom: 0, right: 64))
            controller.view.layoutIfNeeded()
            #expect(controller.label.frame.origin == CGPoint(x: 10, y: 8))
        }
    }

    /// A 390 × 100 header at the top of an iPhone 14's window (47 pt of status bar) with no
    /// constraint anywhere: its safe area is (47, 0, 0, 0) and its safe-area guide's layout frame
    /// is its bounds less that, (0, 47, 390, 53), whether or not a constraint uses the guide; its
    /// margins guide is (8, 55, 374, 37) (8 pt within the safe area).
    @Test func aSafeAreaGuideNoConstraintUsesHasItsFrame() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
            window.addSubview(header)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(header.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
            #expect(header.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 53))
            #expect(header.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 55, width: 374, height: 37))
            header.frame.size.height = 120
            #expect(header.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 47, width: 390, height: 73))
        }
    }

    /// The root view of a navigation controller's first screen on an iPhone 14 fills the window;
    /// its safe area runs from the bar's bottom (47 + 44 = 91) to the home indicator (844 − 34):
    /// (0, 91, 390, 719), as UIKit gives it, with no constraint on the guide.
    @Test func aNavigationScreensSafeAreaGuide() {
        UIApplication.withNewApplication {
            let screen = UIViewController()
            let navigation = UINavigationController(rootViewController: screen)
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            defer { withExtendedLifetime(window) {} }
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(screen.view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 91, width: 390, height: 719))
        }
    }
}
