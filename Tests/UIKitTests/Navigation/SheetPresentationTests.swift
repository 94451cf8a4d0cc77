import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Page sheets' detents on an iPhone 14 (390 × 844, status bar 47, home indicator 34), as UIKit
/// resolves them: a detent's value is the sheet's height above the safe area's bottom; large is
/// 844 − 57 − 34 = 753 (the top at 57), medium 0.56 × 753 = 421.68 (the top at 844 − 34 − 421.68 =
/// 388.32, on the pixel grid 1165 / 3 = 388.33); the screen behind shrinks about its centre to
/// (422 − 47) / 422 = 0.8886 at the large detent only.
@MainActor
@Suite struct SheetPresentationTests {
    func window(_ root: UIViewController) -> UIWindow { PresentationTests().window(root) }

    static let mediumTop: CGFloat = 1165.0 / 3
    static let behindScale: CGFloat = (422 - 47) / 422.0

    @Test func mediumAndLargeDetentsHaveUIKitsHeights() throws {
        let log = NavigationLog()
        let a = LoggingScreen("A", log: log), b = LoggingScreen("B", log: log)
        let window = window(a)
        let sheet = try #require(b.sheetPresentationController)
        sheet.detents = [.medium(), .large()]
        a.present(b, animated: false)
        #expect(abs(b.view.frame.minY - Self.mediumTop) < 0.001 && abs(b.view.frame.height - (844 - Self.mediumTop)) < 0.001)
        #expect(a.view.transform == .identity)   // not shrunk at the medium detent
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        #expect(b.view.frame == CGRect(x: 0, y: 57, width: 390, height: 787))
        #expect(abs(a.view.transform.a - Self.behindScale) < 1e-9 && a.view.layer.cornerRadius == 10)
        b.dismiss(animated: false)
        #expect(a.view.transform == .identity && a.view.layer.cornerRadius == 0)
        withExtendedLifetime(window) {}
    }

    /// A custom detent of 200 pt: its top at 844 − 34 − 200 = 610; its resolver is told the
    /// largest value, 753. The grabber: 36 × 5 at x = (390 − 36) / 2 = 177, 5 pt below the top.
    @Test func aCustomDetentAndTheGrabber() throws {
        let a = UIViewController(), b = UIViewController()
        let window = window(a)
        var told: CGFloat = 0
        let sheet = try #require(b.sheetPresentationController)
        sheet.detents = [.custom { context in
            told = context.maximumDetentValue
            return 200
        }]
        sheet.prefersGrabberVisible = true
        a.present(b, animated: false)
        #expect(told == 753 && b.view.frame.minY == 610)
        let grabber = b.view.superview?.subviews.first { $0.frame.size == CGSize(width: 36, height: 5) }
        #expect(grabber?.frame == CGRect(x: 177, y: 615, width: 36, height: 5))
        withExtendedLifetime(window) {}
    }

    /// With the medium detent as the largest undimmed, the screen behind is not dimmed at medium
    /// and is at large.
    @Test func theLargestUndimmedDetentLeavesTheScreenBehindClear() throws {
        let a = UIViewController(), b = UIViewController()
        let window = window(a)
        let sheet = try #require(b.sheetPresentationController)
        sheet.detents = [.medium(), .large()]
        sheet.largestUndimmedDetentIdentifier = .medium
        a.present(b, animated: false)
        let dimming = try #require(b.view.superview?.subviews.first)
        #expect(dimming.alpha == 0)
        sheet.selectedDetentIdentifier = .large
        #expect(dimming.alpha == 1 && b.view.frame.minY == 57)
        withExtendedLifetime(window) {}
    }

    /// The presentation controller is made on first use, so its delegate can be set before
    /// presenting; a full-screen presentation has none of a sheet's; the style stays after a
    /// dismissal, as in UIKit.
    @Test func thePresentationControllerIsMadeBeforePresenting() {
        final class Delegate: NSObject, UIAdaptivePresentationControllerDelegate {}
        let delegate = Delegate()
        let a = UIViewController(), b = UIViewController()
        let window = window(a)
        b.presentationController?.delegate = delegate
        #expect(b.sheetPresentationController != nil && b.sheetPresentationController?.delegate === delegate)
        b.modalPresentationStyle = .fullScreen
        #expect(b.sheetPresentationController == nil && b.presentationController?.delegate === delegate)
        a.present(b, animated: false)
        #expect(b.presentationController?.presentingViewController === a)
        b.dismiss(animated: false)
        #expect(b.modalPresentationStyle == .fullScreen && b.presentingViewController == nil)
        withExtendedLifetime(window) {}
    }

    /// A sheet whose only detent is medium does not shrink the screen behind (UIKit pushes it
    /// back at the full-height detent only); undimmed, the clear space above it lets a touch
    /// through to the screen behind.
    @Test func onlyTheFullHeightDetentShrinksTheScreenBehind() throws {
        let a = UIViewController(), b = UIViewController()
        let window = window(a)
        let sheet = try #require(b.sheetPresentationController)
        sheet.detents = [.medium()]
        sheet.largestUndimmedDetentIdentifier = .medium
        a.view.layer.cornerRadius = 4
        a.present(b, animated: false)
        #expect(a.view.transform == .identity && a.view.layer.cornerRadius == 4)
        #expect(window.hitTest(CGPoint(x: 195, y: 200), with: nil) === a.view)
        #expect(window.hitTest(CGPoint(x: 195, y: 500), with: nil)?.isDescendant(of: b.view) == true)
        sheet.detents = [.medium(), .large()]
        sheet.selectedDetentIdentifier = .large
        #expect(a.view.transform != .identity && a.view.layer.cornerRadius == 10)
        b.dismiss(animated: false)
        #expect(a.view.transform == .identity && a.view.layer.cornerRadius == 4)   // its own corners back
    }
}
