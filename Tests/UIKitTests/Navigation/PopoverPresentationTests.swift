import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// A view controller presented with `.popover` on an iPhone 14: a `UIPopoverPresentationController`
/// that adapts to a page sheet (its `adaptiveSheetPresentationController`), as UIKit's does in a
/// compact width. Heights as `SheetPresentationTests` works them out: large, the top at 57;
/// medium, at 1165 / 3 = 388.33.
@MainActor
@Suite struct PopoverPresentationTests {
    func window(_ root: UIViewController) -> UIWindow { PresentationTests().window(root) }

    final class Delegate: NSObject, UIPopoverPresentationControllerDelegate {
        var log: [String] = []
        weak var source: UIView?
        func prepareForPopoverPresentation(_ popover: UIPopoverPresentationController) {
            log.append("prepare, on screen \(popover.presentedViewController.viewIfLoaded?.window != nil)")
            popover.sourceView = source
        }
    }

    @Test func onlyAPopoverHasAPopoverPresentationController() throws {
        let plain = UIViewController()
        #expect(plain.popoverPresentationController == nil && plain.sheetPresentationController != nil)
        let popover = UIViewController()
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        #expect(popover.popoverPresentationController === controller && popover.presentationController === controller)
        #expect(popover.sheetPresentationController == nil)
        #expect(controller.adaptiveSheetPresentationController.presentedViewController === popover)
        #expect(controller.permittedArrowDirections == .any && controller.arrowDirection == .unknown)
        #expect(controller.sourceRect.isNull && controller.resolvedSourceRect == nil && !controller.canOverlapSourceViewRect)
        // A bar button item is the source item, and back.
        let item = UIBarButtonItem(title: "Share", style: .plain, target: nil, action: nil)
        controller.barButtonItem = item
        #expect(controller.sourceItem === item && controller.barButtonItem === item)
        controller.sourceItem = UIView()
        #expect(controller.barButtonItem == nil)
        // Back to a page sheet: a sheet's controller again.
        popover.modalPresentationStyle = .pageSheet
        #expect(popover.popoverPresentationController == nil && popover.sheetPresentationController != nil)
    }

    /// The source: a 44 × 44 button at (300, 60); with a null `sourceRect` the popover points at
    /// its bounds, with one set at that rectangle.
    @Test func theSourceRectIsTheViewsBoundsUnlessSet() throws {
        let popover = UIViewController()
        popover.modalPresentationStyle = .popover
        let controller = try #require(popover.popoverPresentationController)
        controller.sourceView = UIView(frame: CGRect(x: 300, y: 60, width: 44, height: 44))
        #expect(controller.resolvedSourceRect == CGRect(x: 0, y: 0, width: 44, height: 44))
        controller.sourceRect = CGRect(x: 10, y: 40, width: 4, height: 4)
        #expect(controller.resolvedSourceRect == CGRect(x: 10, y: 40, width: 4, height: 4))
    }

    /// Presented on an iPhone, the popover is a page sheet at its adaptive sheet's detents (medium:
    /// the top at 388.33, 844 − 388.33 tall), the delegate prepared it before it came on screen, and
    /// its arrow has no direction.
    @Test func onAnIPhoneAPopoverIsAPageSheet() throws {
        let a = UIViewController(), b = UIViewController()
        let window = window(a)
        let button = UIView(frame: CGRect(x: 300, y: 60, width: 44, height: 44))
        a.view.addSubview(button)
        b.modalPresentationStyle = .popover
        let delegate = Delegate()
        delegate.source = button
        let popover = try #require(b.popoverPresentationController)
        popover.delegate = delegate
        popover.adaptiveSheetPresentationController.detents = [.medium()]
        a.present(b, animated: false)
        #expect(delegate.log == ["prepare, on screen false"])
        #expect(popover.sourceView === button && popover.arrowDirection == .unknown)
        #expect(abs(b.view.frame.minY - SheetPresentationTests.mediumTop) < 0.001)
        #expect(abs(b.view.frame.height - (844 - SheetPresentationTests.mediumTop)) < 0.001)
        #expect(b.view.frame.width == 390)
        b.dismiss(animated: false)
        #expect(a.presentedViewController == nil && b.viewIfLoaded?.window == nil)
        withExtendedLifetime(window) {}
    }
}
