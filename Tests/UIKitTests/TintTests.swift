import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// `tintColor` as UIKit has it: inherited down the hierarchy (system blue at the top), told to
/// the subtree (`tintColorDidChange()`), dimmed to its grey under a presented alert or sheet,
/// taken by a button's title without a colour of its own.
@MainActor
@Suite struct TintTests {
    final class Listener: UIView {
        var heard = 0
        override func tintColorDidChange() { heard += 1 }
    }

    @Test func theTintIsInheritedAndTold() {
        UIApplication.withNewApplication {
            let root = UIView(frame: .zero), child = Listener(frame: .zero), button = UIButton(frame: .zero)
            root.addSubview(child)
            child.addSubview(button)
            button.setTitle("Go", for: .normal)
            #expect(child.tintColor == .systemBlue && button.titleLabel!.textColor == .systemBlue)
            root.tintColor = .systemRed
            #expect(child.tintColor == .systemRed && child.heard == 1 && button.titleLabel!.textColor == .systemRed)
            button.setTitleColor(.black, for: .normal)
            root.tintColor = .systemGreen
            #expect(button.titleLabel!.textColor == .black && child.heard == 2)
            root.tintColor = nil
            #expect(child.tintColor == .systemBlue)
            // A view moved under a tinted one hears it.
            let late = Listener(frame: .zero)
            root.tintColor = .systemOrange
            child.addSubview(late)
            #expect(late.heard == 1 && late.tintColor == .systemOrange)
        }
    }

    /// An alert presented over the window's root screen dims its tint to its grey (system blue
    /// #007AFF: 0.299 × 0 + 0.587 × 122 / 255 + 0.114 × 1 = 0.3948); dismissed, the tint is back.
    @Test func aPresentedAlertDimsTheTintBehind() {
        UIApplication.withNewApplication {
            let screen = UIViewController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = screen
            window.makeKeyAndVisible()
            let alert = UIAlertController(title: "T", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            screen.present(alert, animated: false)
            #expect(screen.view.tintAdjustmentMode == .dimmed)
            let grey = screen.view.tintColor.resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).cgColor.components
            #expect(abs(grey[0] - (0.587 * 122 / 255 + 0.114)) < 1e-9 && grey[0] == grey[1] && grey[1] == grey[2])
            #expect(alert.view.tintAdjustmentMode == .normal)   // the alert itself is not dimmed
            alert.dismiss(animated: false)
            #expect(screen.view.tintAdjustmentMode == .normal && screen.view.tintColor == .systemBlue)
            withExtendedLifetime(window) {}
        }
    }
}
