import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// UIAlertController laid out with UIKit's metrics on an iPhone 14 (390 × 844, home indicator
/// 34 pt), worked out from UIKit's `UIAlertControllerVisualStyleAlert` and `…ActionSheet`: the
/// alert 270 pt wide and centred, its title's first baseline 36 pt from the top, the message's
/// 20 pt below it, 24 pt under the last baseline, then 44 pt buttons; an action sheet 8 pt from
/// the sides on the safe area's bottom, 57 pt buttons, the cancel button 8 pt below the others.
@MainActor
@Suite struct AlertControllerTests {
    func present(_ alert: UIAlertController) -> (UIWindow, LoggingScreen, NavigationLog) {
        let log = NavigationLog()
        let screen = LoggingScreen("A", log: log)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = screen
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        window.endAppearances()
        log.lines = []
        screen.present(alert, animated: false)
        _ = window.layoutPass()
        return (window, screen, log)
    }

    func frameInWindow(_ view: UIView?) -> CGRect {
        guard let view, let window = view.window else { return .null }
        return view.convert(view.bounds, to: window)
    }

    /// A title and a one-line message: baselines at 36 and 36 + 20 = 56, the header 56 + 24 = 80
    /// tall; two short actions side by side, 135 pt each, Cancel on the left and semibold (no
    /// preferred action); 80 + 44 = 124 tall, so at y = (844 − 124) / 2 = 360, x = (390 − 270) / 2
    /// = 60. The screen underneath hears nothing.
    @Test func anAlertWithTwoActionsPutsThemSideBySide() {
        let alert = UIAlertController(title: "Delete draft?", message: "This cannot be undone.", preferredStyle: .alert)
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel)
        alert.addAction(delete)
        alert.addAction(cancel)
        let (window, _, log) = present(alert)
        defer { withExtendedLifetime(window) {} }
        #expect(alert.view.frame == CGRect(x: 60, y: 360, width: 270, height: 124))
        #expect(frameInWindow(cancel.button) == CGRect(x: 60, y: 440, width: 135, height: 44))
        #expect(frameInWindow(delete.button) == CGRect(x: 195, y: 440, width: 135, height: 44))
        #expect(cancel.button?.titleLabel?.font.weight == .semibold && delete.button?.titleLabel?.font.weight == .regular)
        #expect(delete.button?.titleLabel?.textColor == .systemRed && cancel.button?.titleLabel?.textColor == .systemBlue)
        let labels = alert.view.subviews[0].subviews.compactMap { $0 as? UILabel }
        #expect(labels.map { $0.frame.minY + $0.font.ascender } == [36, 56])
        #expect(log.lines.isEmpty, "\(log.lines)")
    }

    /// Two text fields under the header: 80 + 2 × 28 + 16 = 152 before the 44 pt buttons, 196 tall
    /// in all, at y = (844 − 196) / 2 = 324; fields 238 pt wide, 16 pt in. The first takes the
    /// keyboard once the alert has appeared; an action sheet takes no field.
    @Test func textFieldsGoUnderTheMessage() throws {
        let alert = UIAlertController(title: "Rename", message: "Enter a new name.", preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        alert.addTextField { $0.isSecureTextEntry = true }
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        let (window, _, _) = present(alert)
        defer { withExtendedLifetime(window) {} }
        let fields = try #require(alert.textFields)
        #expect(fields.count == 2 && fields[0].placeholder == "Name" && fields[1].isSecureTextEntry)
        #expect(alert.view.frame == CGRect(x: 60, y: 324, width: 270, height: 196))
        #expect(frameInWindow(fields[0]) == CGRect(x: 76, y: 404, width: 238, height: 28))
        #expect(frameInWindow(fields[1]) == CGRect(x: 76, y: 432, width: 238, height: 28))
        window.endAppearances()
        #expect(fields[0].isFirstResponder)
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        sheet.addTextField()
        #expect(sheet.textFields == nil)
    }

    /// Three actions are stacked, the cancel one last: 80 + 3 × 44 = 212 tall, at y = 316; a
    /// preferred action takes the emphasis from Cancel.
    @Test func threeActionsAreStackedWithCancelLast() {
        let alert = UIAlertController(title: "Delete draft?", message: "This cannot be undone.", preferredStyle: .alert)
        let cancel = UIAlertAction(title: "Cancel", style: .cancel), save = UIAlertAction(title: "Save", style: .default)
        let delete = UIAlertAction(title: "Delete", style: .destructive)
        for action in [cancel, save, delete] { alert.addAction(action) }
        alert.preferredAction = save
        let (window, _, _) = present(alert)
        defer { withExtendedLifetime(window) {} }
        #expect(alert.view.frame == CGRect(x: 60, y: 316, width: 270, height: 212))
        #expect([save, delete, cancel].map { frameInWindow($0.button).minY } == [396, 440, 484])
        #expect(save.button?.titleLabel?.font.weight == .semibold && cancel.button?.titleLabel?.font.weight == .regular)
    }

    /// An action sheet with no title: Reply and Forward in one card (2 × 57 = 114), Cancel 8 pt
    /// below (57): 179 tall, its bottom on the safe area's (844 − 34 = 810), so at y = 631, from
    /// x = 8, 374 wide. With a title and a message: title baseline 27, message 27 + 22 = 49, the
    /// header 49 + 17 = 66 tall: 245, at y = 565.
    @Test func anActionSheetSitsOnTheSafeAreasBottom() {
        func sheet(title: String?, message: String?) -> (UIAlertController, [UIAlertAction]) {
            let sheet = UIAlertController(title: title, message: message, preferredStyle: .actionSheet)
            let actions = [UIAlertAction(title: "Reply", style: .default), UIAlertAction(title: "Forward", style: .default),
                           UIAlertAction(title: "Cancel", style: .cancel)]
            for action in actions { sheet.addAction(action) }
            return (sheet, actions)
        }
        let (plain, actions) = sheet(title: nil, message: nil)
        let (window, _, _) = present(plain)
        defer { withExtendedLifetime(window) {} }
        #expect(plain.view.frame == CGRect(x: 8, y: 631, width: 374, height: 179))
        #expect(actions.map { frameInWindow($0.button) } == [CGRect(x: 8, y: 631, width: 374, height: 57), CGRect(x: 8, y: 688, width: 374, height: 57),
                                                           CGRect(x: 8, y: 753, width: 374, height: 57)])
        #expect(actions[2].button?.titleLabel?.font == .systemFont(ofSize: 20, weight: .semibold))
        let (titled, _) = sheet(title: "Message", message: "What would you like to do?")
        _ = present(titled)
        #expect(titled.view.frame == CGRect(x: 8, y: 565, width: 374, height: 245))
    }

    /// A second cancel action and a preferred action not among the actions are refused, and said.
    @Test func aSecondCancelActionIsRefused() {
        UIApplication.withNewApplication {
            let alert = UIAlertController(title: "T", message: nil, preferredStyle: .alert)
            let (window, _, _) = present(alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(UIAlertAction(title: "Never mind", style: .cancel))
            alert.preferredAction = UIAlertAction(title: "Elsewhere", style: .default)
            #expect(alert.actions.count == 1 && alert.preferredAction == nil)
            let issues = UIApplication.shared.layoutIssues
            #expect(issues.contains { $0.contains("only have one action with a style of .cancel") })
            #expect(issues.contains { $0.contains("is not one of its actions") })
            withExtendedLifetime(window) {}
        }
    }

    /// Laying the alert out again makes no new views: its hairlines are the same ones.
    @Test func layingOutAgainMakesNoNewViews() {
        let alert = UIAlertController(title: "Delete draft?", message: nil, preferredStyle: .alert)
        for title in ["One", "Two", "Three"] { alert.addAction(UIAlertAction(title: title, style: .default)) }
        let (window, _, _) = present(alert)
        defer { withExtendedLifetime(window) {} }
        let before = alert.view.subviews[0].subviews.map(ObjectIdentifier.init)
        alert.layoutCards()
        alert.layoutCards()
        #expect(alert.view.subviews[0].subviews.map(ObjectIdentifier.init) == before)
    }
}
