// Issue 46's older UIKit as Swift 5 code on iOS writes it, after `uisim port` has turned
// `#selector(m)` into `Selector("m", Type.m)`: a swipe recognizer subclass and its directions, the
// block-less animation API with a delegate's three-argument did-stop selector, the feedback
// generators, and the edit menu with a custom item. Each compiles with the SDK's spelling (an
// override with another spelling would not) and does what UIKit does.
import Foundation
import XCTest
import UIKit

/// A swipe recognizer as libraries subclass one (MessageKit's cells, PanModal's sheet).
final class HorizontalSwipe: UISwipeGestureRecognizer {
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        direction = [.left, .right]
    }
    override var direction: UISwipeGestureRecognizer.Direction {
        get { super.direction }
        set { super.direction = newValue }
    }
    override var numberOfTouchesRequired: Int {
        get { super.numberOfTouchesRequired }
        set { super.numberOfTouchesRequired = newValue }
    }
    override func reset() {
        super.reset()
    }
}

/// An old screen that fades a banner with `beginAnimations` and hears when it stops.
final class BannerController: UIViewController {
    var stops: [String] = []
    let banner = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))

    func hideBanner() {
        UIView.beginAnimations("hideBanner", context: nil)
        UIView.setAnimationDuration(0.3)
        UIView.setAnimationCurve(.easeOut)
        UIView.setAnimationDelay(0)
        UIView.setAnimationBeginsFromCurrentState(true)
        UIView.setAnimationRepeatCount(0)
        UIView.setAnimationRepeatAutoreverses(false)
        UIView.setAnimationDelegate(self)
        UIView.setAnimationWillStart(Selector("animationWillStart:context:", BannerController.animationWillStart(_:context:)))
        UIView.setAnimationDidStop(Selector("animationDidStop:finished:context:",
                                            BannerController.animationDidStop(_:finished:context:)))
        banner.alpha = 0
        UIView.commitAnimations()
    }

    func animationWillStart(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        stops.append("will \(animationID ?? "")")
    }

    func animationDidStop(_ animationID: String?, finished: NSNumber, context: UnsafeMutableRawPointer?) {
        stops.append("did \(animationID ?? "") \(finished.boolValue)")
    }
}

/// The edit menu's custom item, performed by a view that becomes the first responder.
final class CopyableLabel: UILabel {
    var shared = 0
    override var canBecomeFirstResponder: Bool { true }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action == Selector("shareText:") || super.canPerformAction(action, withSender: sender)
    }
    func shareText(_ sender: Any?) { shared += 1 }
}

final class LegacyHaptic: UIImpactFeedbackGenerator {
    var impacts = 0
    override func impactOccurred() {
        impacts += 1
        super.impactOccurred()
    }
}

final class LegacyAPIClientTests: XCTestCase {
    func testSwipeSubclassAndDirections() {
        let swipe = HorizontalSwipe(target: nil, action: nil)
        XCTAssertEqual(swipe.direction, [.left, .right])
        XCTAssertEqual(swipe.numberOfTouchesRequired, 1)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.down.rawValue, 8)
        let plain = UISwipeGestureRecognizer()
        XCTAssertEqual(plain.direction, .right)
    }

    func testBeginAnimationsCallsTheThreeArgumentSelector() {
        UIApplication.withNewApplication {
            let controller = BannerController()
            controller.hideBanner()
            XCTAssertEqual(controller.banner.alpha, 0)
            // The banner is in no window: nothing animated, the set stops in the next turn.
            XCTAssertEqual(controller.stops, ["will hideBanner"])
            XCTAssertTrue(UIView.areAnimationsEnabled)
            UIView.performWithoutAnimation { controller.banner.alpha = 1 }
        }
    }

    func testFeedbackAndTheEditMenu() {
        UIApplication.withNewApplication {
            let haptic = LegacyHaptic(style: .light)
            haptic.prepare()
            haptic.impactOccurred()
            haptic.impactOccurred(intensity: 0.5)
            UISelectionFeedbackGenerator().selectionChanged()
            UINotificationFeedbackGenerator().notificationOccurred(.success)
            XCTAssertEqual(haptic.impacts, 1)

            _ = Selector("shareText:", CopyableLabel.shareText(_:))
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let label = CopyableLabel(frame: CGRect(x: 10, y: 10, width: 200, height: 30))
            window.addSubview(label)
            window.makeKeyAndVisible()
            XCTAssertTrue(label.becomeFirstResponder())
            let menu = UIMenuController.shared
            menu.menuItems = [UIMenuItem(title: "Share", action: Selector("shareText:"))]
            menu.setTargetRect(label.bounds, in: label)
            menu.setMenuVisible(true, animated: true)
            XCTAssertTrue(menu.isMenuVisible)
            menu.update()
            menu.hideMenu(from: label)
            XCTAssertFalse(menu.isMenuVisible)
            menu.showMenu(from: label, rect: label.bounds)
            menu.hideMenu()
            XCTAssertEqual(menu.menuItems?.first?.title, "Share")
            XCTAssertEqual(UIMenuController.ArrowDirection.down.rawValue, 2)
            _ = UIMenuController.willShowMenuNotification
        }
    }
}
