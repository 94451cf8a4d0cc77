import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// UIKit's accessibility properties with their defaults per class, and the audit: unreachable and
/// unlabelled interactive views, hit regions under 44 × 44 pt, text under WCAG's contrast.
@MainActor
@Suite struct AccessibilityTests {
    @Test func defaultsFollowTheClass() {
        UIApplication.withNewApplication {
            let label = UILabel()
            label.text = "Inbox"
            #expect(label.isAccessibilityElement && label.accessibilityLabel == "Inbox" && label.accessibilityTraits == .staticText)
            let button = UIButton(frame: .zero)
            button.setTitle("Send", for: .normal)
            #expect(button.isAccessibilityElement && button.accessibilityLabel == "Send" && button.accessibilityTraits == .button)
            button.isEnabled = false
            #expect(button.accessibilityTraits == [.button, .notEnabled])
            let toggle = UISwitch(frame: .zero)
            toggle.isOn = true
            #expect(toggle.accessibilityValue == "1")
            let slider = UISlider(frame: .zero)
            slider.value = 0.25
            #expect(slider.accessibilityValue == "25%" && slider.accessibilityTraits == .adjustable)
            let field = UITextField(frame: .zero)
            field.placeholder = "Search"
            field.text = "cats"
            #expect(field.accessibilityLabel == "Search" && field.accessibilityValue == "cats")
            let cell = UITableViewCell(style: .subtitle, reuseIdentifier: nil)
            cell.textLabel?.text = "Anna"
            cell.detailTextLabel?.text = "Lunch?"
            #expect(cell.isAccessibilityElement && cell.accessibilityLabel == "Anna, Lunch?")
            let plain = UIView(), image = UIImageView()
            #expect(!plain.isAccessibilityElement && !image.isAccessibilityElement && image.accessibilityTraits == .image)
            plain.accessibilityLabel = "Card"
            plain.isAccessibilityElement = true
            plain.accessibilityIdentifier = "card"
            label.accessibilityLabel = "Mail"
            #expect(label.accessibilityLabel == "Mail")
            label.accessibilityLabel = nil
            #expect(plain.accessibilityLabel == "Card" && label.accessibilityLabel == "Inbox")   // set to nil: the class's own again
            UIAccessibility.post(notification: .announcement, argument: "Sent")
            #expect(UIAccessibility.postedNotifications.map(\.argument) == ["Sent"] && !UIAccessibility.isVoiceOverRunning)
        }
    }

    final class Card: UIControl {}
    final class Grown: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { bounds.insetBy(dx: -15, dy: -15).contains(point) }
    }

    /// On a white window: an image-only 20 pt button (no label, hit region 20 × 20), a custom
    /// control VoiceOver cannot reach, a 20 pt view with a tap that grows its hit region to 50 pt
    /// (no hit finding), a switch with no label, grey text #999999 on white (2.85:1, under 4.5), #777777 at 17 pt (4.48:1,
    /// under 4.5) and at 20 pt (large: passes 3:1), and controls that pass.
    @Test func theAuditFindsWhatVoiceOverAndFingersWouldMiss() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.backgroundColor = .white
            let icon = UIButton(frame: CGRect(x: 10, y: 60, width: 20, height: 20))
            icon.setImage(UIImage(cgImage: CGImage(adopting: try CairoImage(width: 20, height: 20))), for: .normal)
            let card = Card(frame: CGRect(x: 10, y: 100, width: 200, height: 60))
            let grown = Grown(frame: CGRect(x: 300, y: 60, width: 20, height: 20))
            grown.addGestureRecognizer(UITapGestureRecognizer(action: { _ in }))
            grown.isAccessibilityElement = true
            grown.accessibilityLabel = "More"
            @MainActor func label(_ text: String, _ grey: CGFloat, size: CGFloat, y: CGFloat) -> UILabel {
                let l = UILabel(frame: CGRect(x: 10, y: y, width: 200, height: 30))
                l.text = text
                l.font = .systemFont(ofSize: size)
                l.textColor = UIColor(white: grey, alpha: 1)
                return l
            }
            let faint = label("Faint", 0x99 / 255.0, size: 17, y: 200)
            let close = label("Close", 0x77 / 255.0, size: 17, y: 240)
            let large = label("Large", 0x77 / 255.0, size: 20, y: 280)
            let fine = label("Fine", 0, size: 17, y: 320)
            let ok = UIButton(frame: CGRect(x: 10, y: 400, width: 100, height: 44))
            ok.setTitle("OK", for: .normal)
            ok.setTitleColor(.black, for: .normal)
            let toggle = UISwitch(frame: CGRect(x: 10, y: 460, width: 0, height: 0))
            let hidden = UIButton(frame: CGRect(x: 10, y: 520, width: 10, height: 10))
            hidden.isHidden = true
            for view in [icon, card, grown, faint, close, large, fine, ok, toggle, hidden] as [UIView] { window.addSubview(view) }
            window.makeKeyAndVisible()
            window.commit()
            let findings = AccessibilityAudit.run(on: window)
            let summary = findings.map { "\($0.kind.rawValue) \($0.view.components(separatedBy: " in ")[0])" }
            // A switch with no label is one too (VoiceOver says "switch button, off", not what it turns).
            #expect(summary == ["missing-label UIButton", "small-hit-target UIButton", "not-an-element Card", "missing-label UISwitch",
                                "low-contrast UILabel 'Faint'", "low-contrast UILabel 'Close'"], "\(summary)")
            #expect(findings[1].detail == "its hit region is 20 × 20 pt, under 44 × 44 pt both ways")
            #expect(findings[1].frame == CGRect(x: 10, y: 60, width: 20, height: 20))
            #expect(findings[4].detail == "contrast 2.85:1 (text #999999 on #FFFFFF), under 4.5:1")
            #expect(findings[5].detail == "contrast 4.48:1 (text #777777 on #FFFFFF), under 4.5:1")
            let json = try JSONEncoder().encode(findings[1])
            #expect(try JSONDecoder().decode(AccessibilityFinding.self, from: json) == findings[1])
        }
    }
}
