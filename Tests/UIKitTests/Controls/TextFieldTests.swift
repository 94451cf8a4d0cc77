import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// `UITextField`, the first responder and the keyboard as UIKit has them: a rounded-rect field
/// 34 pt tall with the default 17 pt font (7 pt and 2 pt of padding around at least 30 pt of
/// text height); text typed at the end through `UIKeyInput`, asking the delegate; the keyboard's
/// notifications with its frames (336 pt on an iPhone 14) and UIKit's animation (0.25 s, curve
/// 7); `keyboardLayoutGuide` following it.
@MainActor
@Suite struct TextFieldTests {
    final class Recorder: UITextFieldDelegate {
        var log: [String] = []
        var allowsChange = true
        func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { log.append("shouldBegin"); return true }
        func textFieldDidBeginEditing(_ textField: UITextField) { log.append("didBegin") }
        func textFieldDidEndEditing(_ textField: UITextField) { log.append("didEnd") }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(string)'")
            return allowsChange
        }
        func textFieldShouldReturn(_ textField: UITextField) -> Bool { log.append("return"); return true }
    }

    /// Records the keyboard's notifications with the frames they carry.
    final class KeyboardLog {
        var entries: [String] = []
        var observers: [NSObjectProtocol] = []
        init() {
            for name in [UIResponder.keyboardWillShowNotification, UIResponder.keyboardDidShowNotification,
                         UIResponder.keyboardWillHideNotification, UIResponder.keyboardDidHideNotification,
                         UIResponder.keyboardWillChangeFrameNotification] {
                observers.append(NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [unowned self] note in
                    let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .null
                    let duration = (note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? NSNumber)?.doubleValue ?? -1
                    let curve = (note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? NSNumber)?.intValue ?? -1
                    let entry = "\(note.name.rawValue.replacingOccurrences(of: "UIKeyboard", with: "").replacingOccurrences(of: "Notification", with: "")) "
                                        + "\(Int(end.minY)) \(Int(end.height)) \(duration) \(curve)"
                    MainActor.assumeIsolated { self.entries.append(entry) }
                })
            }
        }
        func stop() { observers.forEach(NotificationCenter.default.removeObserver) }
    }

    @Test func sizesFollowTheBorderStyle() {
        UIApplication.withNewApplication {
            let field = UITextField(frame: .zero)
            #expect(field.text == "" && field.borderStyle == .none && field.font?.pointSize == 17)
            #expect(abs(field.intrinsicContentSize.height - 61.0 / 3) < 1e-9)   // 20.29 pt, to the @3x pixel: 20⅓
            field.borderStyle = .roundedRect
            #expect(field.intrinsicContentSize.height == 34 && field.layer.cornerRadius == 5 && abs(field.layer.borderWidth - 1.0 / 3) < 1e-9)
            field.placeholder = "Search"
            let width = "Search".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
            #expect(abs(field.intrinsicContentSize.width - (width + 14).ceiledToPixel(scale: 3)) < 1e-9)
            field.font = .systemFont(ofSize: 34)
            #expect(abs(field.intrinsicContentSize.height - (UIFont.systemFont(ofSize: 34).lineHeight.ceiledToPixel(scale: 3) + 4)) < 1e-9)
            field.frame = CGRect(x: 0, y: 0, width: 200, height: 34)
            #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 7, y: 2, width: 186, height: 30))
            #expect(field.clearButtonRect(forBounds: field.bounds) == CGRect(x: 174, y: 7, width: 19, height: 19))   // round(17 − (19 / 2 + 1)) = round(6.5)
        }
    }

    /// Focus, typing, deleting, return: the delegate asked in UIKit's order, `.editingChanged`
    /// per change, the keyboard up (its top at 844 − 336 = 508 on an iPhone 14) and down again.
    @Test func typingReachesTheFirstResponderAndTheKeyboardComesUp() throws {
        UIApplication.withNewApplication {
            let keyboard = KeyboardLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34))
            let other = UITextField(frame: CGRect(x: 20, y: 200, width: 350, height: 34))
            let recorder = Recorder()
            field.delegate = recorder
            var changes = 0, exits = 0
            field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
            field.addAction(UIAction { _ in exits += 1 }, for: .editingDidEndOnExit)
            #expect(!field.becomeFirstResponder())   // not in a window
            window.addSubview(field)
            window.addSubview(other)
            window.makeKeyAndVisible()
            #expect(field.becomeFirstResponder() && field.isFirstResponder && field.isEditing)
            #expect(keyboard.entries == ["WillShow 508 336 0.25 7", "WillChangeFrame 508 336 0.25 7", "DidShow 508 336 0.25 7"])
            field.insertText("hé")
            field.insertText("🙂")
            field.deleteBackward()
            #expect(field.text == "hé" && changes == 3)
            recorder.allowsChange = false
            field.insertText("x")
            #expect(field.text == "hé" && changes == 3)
            // Another field takes focus: the keyboard stays up, nothing posted.
            #expect(other.becomeFirstResponder() && !field.isFirstResponder && !field.isEditing && keyboard.entries.count == 3)
            #expect(field.becomeFirstResponder())
            field.insertText("\n")
            #expect(exits == 1 && !field.isFirstResponder && UIApplication.shared.firstResponder == nil)
            #expect(keyboard.entries.suffix(3) == ["WillHide 844 336 0.25 7", "WillChangeFrame 844 336 0.25 7", "DidHide 844 336 0.25 7"])
            #expect(recorder.log == ["shouldBegin", "didBegin", "change 0,0 'hé'", "change 2,0 '🙂'", "change 2,2 ''", "change 2,0 'x'",
                                     "didEnd", "shouldBegin", "didBegin", "return", "didEnd"])
            keyboard.stop()
        }
    }

    /// The first responder removed from its window resigns (its delegate told), the keyboard goes
    /// down, and the next field brings it up again.
    @Test func aFirstResponderLeavingItsWindowResigns() throws {
        UIApplication.withNewApplication {
            let keyboard = KeyboardLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34)), other = UITextField(frame: CGRect(x: 20, y: 200, width: 350, height: 34))
            let recorder = Recorder()
            field.delegate = recorder
            window.addSubview(field)
            window.addSubview(other)
            window.makeKeyAndVisible()
            #expect(field.becomeFirstResponder())
            field.removeFromSuperview()
            #expect(!field.isFirstResponder && UIApplication.shared.firstResponder == nil && !UIApplication.shared.keyboard.isVisible)
            #expect(recorder.log == ["shouldBegin", "didBegin", "didEnd"])
            #expect(other.becomeFirstResponder() && keyboard.entries.filter { $0.hasPrefix("WillShow") }.count == 2)
            keyboard.stop()
        }
    }

    /// A view pinned to `keyboardLayoutGuide.topAnchor` sits on the safe area's bottom (844 − 34)
    /// while the keyboard is down and on the keyboard's top (508) while it is up.
    @Test func theKeyboardLayoutGuideFollowsTheKeyboard() throws {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let bar = UIView(), field = UITextField()
            bar.translatesAutoresizingMaskIntoConstraints = false
            root.view.addSubview(bar)
            root.view.addSubview(field)
            NSLayoutConstraint.activate([
                bar.leadingAnchor.constraint(equalTo: root.view.leadingAnchor),
                bar.trailingAnchor.constraint(equalTo: root.view.trailingAnchor),
                bar.heightAnchor.constraint(equalToConstant: 50),
                bar.bottomAnchor.constraint(equalTo: root.view.keyboardLayoutGuide.topAnchor),
            ])
            window.layoutIfNeeded()
            #expect(bar.frame == CGRect(x: 0, y: 760, width: 390, height: 50))
            #expect(field.becomeFirstResponder())
            window.layoutIfNeeded()
            #expect(bar.frame == CGRect(x: 0, y: 458, width: 390, height: 50))
            #expect(root.view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 508, width: 390, height: 336))
            root.view.endEditing(true)
            window.layoutIfNeeded()
            #expect(bar.frame.maxY == 810)
        }
    }

    /// Input views as UIKit counts them in the keyboard's frame (844 pt screen, keyboard 336):
    /// a 44-pt accessory puts the top at 844 − 380 = 464; focus moving to a field without one
    /// changes the frame to 508 (`WillChangeFrame` only); an input view of 216 replaces the
    /// keyboard (top 628); a responder that takes no text docks its 50-pt accessory alone,
    /// reaching under the home indicator (50 + 34 = 84: top 760); a taller accessory after
    /// `reloadInputViews()` changes the frame again (80 + 34 = 114: top 730).
    @Test func inputViewsMakeTheKeyboardsFrame() throws {
        final class ChatScreen: UIView {
            let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 50))
            override var canBecomeFirstResponder: Bool { true }
            override var inputAccessoryView: UIView? { bar }
        }
        UIApplication.withNewApplication {
            let keyboard = KeyboardLog()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let withBar = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34))
            withBar.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
            let plain = UITextField(frame: CGRect(x: 20, y: 200, width: 350, height: 34))
            let picker = UITextField(frame: CGRect(x: 20, y: 300, width: 350, height: 34))
            picker.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 216))
            let chat = ChatScreen(frame: CGRect(x: 0, y: 400, width: 390, height: 100))
            for view in [withBar, plain, picker, chat] { window.addSubview(view) }
            window.makeKeyAndVisible()
            #expect(withBar.becomeFirstResponder())
            #expect(keyboard.entries == ["WillShow 464 380 0.25 7", "WillChangeFrame 464 380 0.25 7", "DidShow 464 380 0.25 7"])
            keyboard.entries = []
            #expect(plain.becomeFirstResponder())
            #expect(keyboard.entries == ["WillChangeFrame 508 336 0.25 7"])
            keyboard.entries = []
            #expect(picker.becomeFirstResponder())
            #expect(keyboard.entries == ["WillChangeFrame 628 216 0.25 7"])
            keyboard.entries = []
            #expect(chat.becomeFirstResponder())
            #expect(keyboard.entries == ["WillChangeFrame 760 84 0.25 7"])
            keyboard.entries = []
            chat.bar.frame.size.height = 80
            chat.reloadInputViews()
            #expect(keyboard.entries == ["WillChangeFrame 730 114 0.25 7"])
            keyboard.entries = []
            #expect(chat.resignFirstResponder())
            #expect(keyboard.entries == ["WillHide 844 114 0.25 7", "WillChangeFrame 844 114 0.25 7", "DidHide 844 114 0.25 7"])
            keyboard.stop()
        }
    }

    /// The accessory is a view of the app's, shown: docked alone at the bottom, over the home
    /// indicator's 34 pt (844 − 50 − 34 = 760, 84 tall) while a responder that takes no text brings it (InputBarAccessoryView's pattern, a chat
    /// controller's `inputAccessoryView`); kept, above the keyboard (844 − 336 − 50 = 458), when
    /// its own text field takes focus; taken down when nothing brings it.
    @Test func theAccessoryIsShownAndItsOwnFieldKeepsIt() throws {
        final class ChatScreen: UIView {
            let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 50))
            let field = UITextField(frame: CGRect(x: 8, y: 8, width: 300, height: 34))
            override var canBecomeFirstResponder: Bool { true }
            override var inputAccessoryView: UIView? { bar }
        }
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let chat = ChatScreen(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            chat.bar.addSubview(chat.field)
            window.addSubview(chat)
            window.makeKeyAndVisible()
            #expect(chat.bar.window == nil)
            #expect(chat.becomeFirstResponder())
            #expect(chat.bar.superview === window && chat.bar.frame == CGRect(x: 0, y: 760, width: 390, height: 84))
            #expect(window.hitTest(CGPoint(x: 100, y: 785), with: nil) === chat.field, "a tap on the bar reaches its field")
            #expect(chat.field.becomeFirstResponder())
            #expect(chat.bar.superview === window && chat.bar.frame.minY == 458)
            #expect(UIApplication.shared.keyboard.frame.minY == 458)
            #expect(chat.field.resignFirstResponder())
            #expect(chat.bar.superview == nil)
        }
    }
}
