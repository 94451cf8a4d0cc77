import Foundation
import Geometry
import CoreGraphics
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A trace's `key` samples as a hardware keyboard's presses (issue #46): each key a US keyboard
/// types is a press sent to the first responder and up the responder chain (`pressesBegan`, then
/// `pressesEnded`), before its text is typed; a responder that keeps a press (no call to super)
/// keeps it from being typed.
@MainActor
@Suite struct PressesTests {
    /// A responder that logs its presses ("name began A") and passes them on, unless it keeps the
    /// characters in `keeps`.
    final class PressLog {
        var entries: [String] = []
        var keys: [UIKey] = []
        var events: [UIPressesEvent] = []
        func add(_ name: String, _ what: String, _ presses: Set<UIPress>, _ event: UIPressesEvent?) {
            for press in presses {
                entries.append("\(name) \(what) \(press.key?.characters ?? "-")")
                if let key = press.key, what == "began" { keys.append(key) }
            }
            if let event { events.append(event) }
        }
    }

    final class KeyView: UIView {
        let name: String, log: PressLog
        var keeps: Set<String> = []
        var canFocus = false
        init(_ name: String, _ log: PressLog, frame: CGRect) {
            self.name = name
            self.log = log
            super.init(frame: frame)
        }
        required init?(coder: NSCoder) { nil }
        override var canBecomeFirstResponder: Bool { canFocus }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            log.add(name, "began", presses, event)
            if presses.contains(where: { keeps.contains($0.key?.characters ?? "") }) { return }
            super.pressesBegan(presses, with: event)
        }
        override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            log.add(name, "ended", presses, event)
            super.pressesEnded(presses, with: event)
        }
    }

    /// The app delegate as UIKit's templates write it: a responder, so the end of the chain.
    final class AppDelegate: UIResponder, UIApplicationDelegate {
        let log: PressLog
        init(_ log: PressLog) { self.log = log }
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            log.add("delegate", "began", presses, event)
            super.pressesBegan(presses, with: event)
        }
    }

    /// "aA" typed at 0.1 and 0.3 s into a focused view inside a container: each press goes to
    /// the view, its superview, and (window and app passing it on) the app delegate, began then
    /// ended. Shift-A: "A", "a" without modifiers, Shift held, usage keyboardA (4).
    @Test func pressesGoUpTheResponderChainFromTheFirstResponder() throws {
        try UIApplication.withNewApplication {
            let log = PressLog()
            let delegate = AppDelegate(log)
            UIApplication.shared.delegate = delegate
            let window = makeWindow()
            let outer = KeyView("outer", log, frame: CGRect(x: 0, y: 100, width: 390, height: 200))
            let inner = KeyView("inner", log, frame: CGRect(x: 20, y: 20, width: 100, height: 44))
            inner.canFocus = true
            outer.addSubview(inner)
            window.addSubview(outer)
            window.makeKeyAndVisible()
            #expect(inner.becomeFirstResponder())
            #expect(UIApplication.shared.next === delegate)
            var trace = Trace(screen: .default)
            trace.type("aA", time: 0.1, interval: 0.2)
            _ = try replay(trace, in: window)
            #expect(log.entries == ["inner began a", "outer began a", "delegate began a", "inner ended a", "outer ended a",
                                    "inner began A", "outer began A", "delegate began A", "inner ended A", "outer ended A"])
            let shifted = try #require(log.keys.last)
            #expect(shifted.characters == "A" && shifted.charactersIgnoringModifiers == "a")
            #expect(shifted.modifierFlags == .shift && shifted.keyCode == .keyboardA && shifted.keyCode.rawValue == 4)
            #expect(log.keys.first?.modifierFlags == [])
            let event = try #require(log.events.first)
            #expect(event.type == .presses && event.allPresses.count == 1)
            let press = try #require(event.allPresses.first)
            #expect(press.responder === inner && press.window === window && press.type == .select && press.force == 0)
            #expect(abs(press.timestamp - 0.1) < 1e-9)   // the first key's time in the trace
            // Nothing took the text: dropped, said once.
            #expect(UIApplication.shared.layoutIssues.filter { $0.hasPrefix("keys typed with no first responder") }.count == 1)
        }
    }

    /// A text field whose container keeps "!" and which itself keeps "#": "hi!#\n" types "hi"
    /// (the return key's press reaches the end of the chain, so return ends editing); the
    /// container hears "h", "i", "!" and the return key but never "#", which the field kept.
    final class HashKeepingField: UITextField {
        var kept = 0
        override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
            if presses.contains(where: { $0.key?.characters == "#" }) { kept += 1; return }
            super.pressesBegan(presses, with: event)
        }
    }

    @Test func aPressKeptByAResponderIsNotTyped() throws {
        try UIApplication.withNewApplication {
            let log = PressLog()
            let window = makeWindow()
            let container = KeyView("container", log, frame: CGRect(x: 0, y: 200, width: 390, height: 100))
            container.keeps = ["!"]
            let field = HashKeepingField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
            var returns = 0
            field.addAction(UIAction { _ in returns += 1 }, for: .editingDidEndOnExit)
            container.addSubview(field)
            window.addSubview(container)
            window.makeKeyAndVisible()
            #expect(field.becomeFirstResponder())
            var trace = Trace(screen: .default)
            trace.type("hi!#\n", time: 0.1, interval: 0.05)
            _ = try replay(trace, in: window)
            #expect(field.text == "hi" && field.kept == 1 && returns == 1)
            #expect(log.entries.filter { $0.contains("began") } == ["container began h", "container began i", "container began !", "container began \r"])
            // The return key: characters "\r", usage keyboardReturnOrEnter (40).
            #expect(log.keys.last?.keyCode == .keyboardReturnOrEnter && log.keys.last?.keyCode.rawValue == 40)
        }
    }

    /// Delete is a press (usage 42, characters "\u{8}") that deletes backward when not kept; an
    /// emoji or an accented letter, which no US key types alone, is inserted with no press.
    @Test func deleteIsAPressAndAnInputMethodsTextIsNot() throws {
        try UIApplication.withNewApplication {
            let log = PressLog()
            let window = makeWindow()
            let container = KeyView("container", log, frame: CGRect(x: 0, y: 200, width: 390, height: 100))
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
            container.addSubview(field)
            window.addSubview(container)
            window.makeKeyAndVisible()
            #expect(field.becomeFirstResponder())
            var trace = Trace(screen: .default)
            trace.type("ab\u{8}é👍", time: 0.1, interval: 0.05)
            _ = try replay(trace, in: window)
            #expect(field.text == "aé👍")
            #expect(log.entries.filter { $0.contains("began") }.count == 3)
            #expect(log.keys.map(\.keyCode) == [.keyboardA, .keyboardB, .keyboardDeleteOrBackspace])
        }
    }

    /// The US keyboard's keys: shifted punctuation is its key with Shift ("?" is Shift-/), digits
    /// and their shifted symbols share a key, space and tab are keys.
    @Test func charactersMapToTheKeysOfAUSKeyboard() {
        let question = UIKey(typing: "?")
        #expect(question?.keyCode == .keyboardSlash && question?.modifierFlags == .shift && question?.charactersIgnoringModifiers == "/")
        let bang = UIKey(typing: "!")
        #expect(bang?.keyCode == .keyboard1 && bang?.charactersIgnoringModifiers == "1")
        #expect(UIKey(typing: "0")?.keyCode.rawValue == 39 && UIKey(typing: "9")?.keyCode.rawValue == 38)
        #expect(UIKey(typing: " ")?.keyCode == .keyboardSpacebar && UIKey(typing: "\t")?.keyCode == .keyboardTab)
        #expect(UIKey(typing: "z")?.keyCode.rawValue == 29)
        #expect(UIKey(typing: "é") == nil && UIKey(typing: "👍") == nil)
        #expect(UIKeyboardHIDUsage.keyboardHangul == .keyboardLANG1)
        #expect(UIKeyModifierFlags.command.rawValue == 1 << 20)
    }
}
