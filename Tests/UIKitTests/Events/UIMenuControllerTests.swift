import Foundation
import Geometry
import Testing
@testable import UIKit

/// The edit menu: shown over a view with the commands the first responder's chain can perform
/// (UIKit asks `canPerformAction(_:withSender:)` for each, the menu controller the sender), its
/// four notifications in order, one menu per app.
@MainActor
@Suite struct UIMenuControllerTests {
    /// A view that takes the first responder, performs `copy:` and the app's `share:` (while
    /// `canShare`), and logs what the menu asked it and what it performed.
    final class Editor: UIView {
        var asked: [String] = []
        var performed: [String] = []
        var canShare = true
        override var canBecomeFirstResponder: Bool { true }
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
            if sender is UIMenuController { asked.append(action.description) }
            if action == Selector("share:") { return canShare }
            return super.canPerformAction(action, withSender: sender)
        }
        func copy(_ sender: Any?) { performed.append("copy from \(type(of: sender!))") }
        func share(_ sender: Any?) { performed.append("share") }
    }

    func makeEditor() -> (UIWindow, Editor) {
        // The methods are known to the runtime by name once a selector names them (as a class's
        // method list holds them on iOS).
        _ = Selector("copy:", Editor.copy(_:))
        _ = Selector("share:", Editor.share(_:))
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let editor = Editor(frame: CGRect(x: 20, y: 100, width: 300, height: 200))
        window.addSubview(editor)
        window.makeKeyAndVisible()
        return (window, editor)
    }

    /// Shown: the standard commands the editor performs (copy), then the app's item it allows
    /// (share), each asked once in UIKit's order (cut, copy, paste, delete, select, select all,
    /// then the items); the notifications come will-show, did-show, will-hide, did-hide, the menu
    /// their object. `update()` asks again: with sharing refused, only copy is left.
    @Test func showsWhatTheResponderChainCanPerform() {
        UIApplication.withNewApplication {
            let (window, editor) = makeEditor()
            defer { withExtendedLifetime(window) {} }
            #expect(editor.becomeFirstResponder())
            let menu = UIMenuController.shared
            var posted: [String] = []
            let names: [(Notification.Name, String)] = [
                (UIMenuController.willShowMenuNotification, "willShow"), (UIMenuController.didShowMenuNotification, "didShow"),
                (UIMenuController.willHideMenuNotification, "willHide"), (UIMenuController.didHideMenuNotification, "didHide"),
            ]
            let observers = names.map { name, label in
                NotificationCenter.default.addObserver(forName: name, object: menu, queue: nil) { _ in
                    MainActor.assumeIsolated { posted.append("\(label) \(menu.isMenuVisible)") }
                }
            }
            defer { observers.forEach(NotificationCenter.default.removeObserver) }
            menu.menuItems = [UIMenuItem(title: "Share", action: Selector("share:"))]
            #expect(!menu.isMenuVisible)
            menu.showMenu(from: editor, rect: CGRect(x: 10, y: 10, width: 50, height: 20))
            #expect(menu.isMenuVisible)
            #expect(menu.shownActions == [Selector("copy:"), Selector("share:")])
            #expect(editor.asked == ["cut:", "copy:", "paste:", "delete:", "select:", "selectAll:", "share:"])
            #expect(menu.menuFrame == CGRect(x: 30, y: 110, width: 50, height: 20))   // the target, in the window
            editor.canShare = false
            menu.update()
            #expect(menu.shownActions == [Selector("copy:")])
            menu.hideMenu()
            #expect(!menu.isMenuVisible && menu.menuFrame == .zero)
            #expect(posted == ["willShow false", "didShow true", "willHide true", "didHide false"])
        }
    }

    /// The older spelling: `setTargetRect(_:in:)` then `setMenuVisible(_:animated:)` or
    /// `isMenuVisible = true`; `hideMenu(from:)` hides only a menu shown from that view. Without a
    /// first responder, or with one that performs none of the commands, nothing shows and nothing
    /// is posted. Choosing a command hides the menu and sends the action up the chain, the menu
    /// controller the sender.
    @Test func theOlderSpellingAndChoosing() {
        UIApplication.withNewApplication {
            let (window, editor) = makeEditor()
            let menu = UIMenuController.shared
            menu.setTargetRect(CGRect(x: 0, y: 0, width: 10, height: 10), in: editor)
            menu.setMenuVisible(true, animated: true)
            #expect(!menu.isMenuVisible)                        // no first responder
            #expect(editor.becomeFirstResponder())
            menu.isMenuVisible = true
            #expect(menu.isMenuVisible)
            menu.hideMenu(from: window)
            #expect(menu.isMenuVisible)                         // shown from the editor, not the window
            menu.hideMenu(from: editor)
            #expect(!menu.isMenuVisible)
            menu.setMenuVisible(true)
            menu.choose(Selector("copy:"))
            #expect(!menu.isMenuVisible && editor.performed == ["copy from UIMenuController"])
        }
    }

    /// One menu per app, as `UIApplication.shared`: a menu shown in one app is not another's.
    @Test func eachAppHasItsOwnMenu() {
        UIApplication.withNewApplication {
            let (window, editor) = makeEditor()
            defer { withExtendedLifetime(window) {} }
            #expect(editor.becomeFirstResponder())
            let first = UIMenuController.shared
            first.showMenu(from: editor, rect: .zero)
            #expect(first.isMenuVisible && UIMenuController.shared === first)
            UIApplication.withNewApplication {
                #expect(UIMenuController.shared !== first && !UIMenuController.shared.isMenuVisible)
            }
        }
    }
}
