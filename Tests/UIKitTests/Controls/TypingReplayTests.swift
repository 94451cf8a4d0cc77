import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A trace types into a text field as a user does: a tap focuses it (the keyboard comes up), the
/// keys reach it one character at a time through `UIKeyInput`, each redrawing the field; return
/// ends editing. Keys with nothing to take them are dropped and said once.
@MainActor
@Suite struct TypingReplayTests {
    @Test func aTracedTapAndKeysFillATextField() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 300, width: 350, height: 34))
            field.borderStyle = .roundedRect
            field.placeholder = "To:"
            var changes = 0, returns = 0
            field.addAction(UIAction { _ in changes += 1 }, for: .editingChanged)
            field.addAction(UIAction { _ in returns += 1 }, for: .editingDidEndOnExit)
            window.addSubview(field)
            window.makeKeyAndVisible()
            // What `uisim trace synth type --from 195,317 --text 'Hey\bllo\n'` writes.
            var trace = Trace(screen: .default)
            trace.type("keys before the tap", time: 0.05, interval: 0.001)
            trace.tap(1, at: CGPoint(x: 195, y: 317), time: 0.1)
            trace.type("Hey\u{8}llo\n", time: 0.35, interval: 0.2)
            var drawsWhileTyping = 0
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { record, _ in if record.vsync > 0.3 { drawsWhileTyping += record.counts.draws } }
            _ = try replay.run(trace)
            #expect(field.text == "Hello" && changes == 7 && returns == 1 && !field.isFirstResponder)
            #expect(drawsWhileTyping >= 7)   // the field redrew for each change
            #expect(UIApplication.shared.layoutIssues.filter { $0.hasPrefix("keys typed with no first responder") }.count == 1)
        }
    }

    final class Notes: UITextViewDelegate {
        var changes = 0, began = 0
        func textViewDidBeginEditing(_ textView: UITextView) { began += 1 }
        func textViewDidChange(_ textView: UITextView) { changes += 1 }
    }

    /// An editable text view: a traced tap begins editing (the keyboard up), the keys go at the
    /// end, the return key a new line, delete the last character; its delegate hears each change.
    @Test func aTextViewIsEditedByTracedKeys() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UITextView(frame: CGRect(x: 20, y: 100, width: 350, height: 200))
            let notes = Notes()
            view.delegate = notes
            window.addSubview(view)
            window.makeKeyAndVisible()
            var trace = Trace(screen: .default)
            trace.tap(1, at: CGPoint(x: 195, y: 200), time: 0.1)
            trace.type("Hi\nthere\u{8}", time: 0.4, interval: 0.1)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            #expect(view.isFirstResponder && notes.began == 1 && UIApplication.shared.keyboard.isVisible)
            #expect(view.text == "Hi\nther" && notes.changes == 9)
            view.isEditable = false
            #expect(!view.canBecomeFirstResponder)
        }
    }
}

/// Typing a long text through a trace (issue 53: a text view laid out and drew its whole text at
/// every key): the view follows the insertion point as UIKit scrolls to the caret, and a frame
/// costs the paragraph typed into and the tile it shows in, however long the text has grown.
@MainActor
@Suite struct LongTypingReplayTests {
    @Test func typingALongTextCostsAParagraphAFrame() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UITextView(frame: CGRect(x: 20, y: 100, width: 350, height: 400))
            view.font = .systemFont(ofSize: 17)
            window.addSubview(view)
            window.makeKeyAndVisible()
            var trace = Trace(screen: .default)
            trace.tap(1, at: CGPoint(x: 195, y: 200), time: 0.1)
            // 60 paragraphs of 40 words, one a frame (200 keys each): 12 000 characters.
            for i in 0..<60 { trace.append(.key(time: 0.5 + Double(i) * 0.05, text: (0..<40).map { "w\(i)x\($0)" }.joined(separator: " ") + "\n")) }
            var glyphs: [Int] = [], layouts: [Int] = []
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { record, _ in
                guard record.vsync > 0.5 else { return }
                glyphs.append(record.counts[.glyphsDrawn])
                layouts.append(record.counts[.textLayouts])
            }
            _ = try replay.run(trace)
            #expect(view.text.utf16.count > 12_000 && view.isFirstResponder)
            // The end of the text is in view.
            #expect(abs(view.contentOffset.y - (view.contentSize.height - view.bounds.height)) < 1e-9, "\(view.contentOffset) \(view.contentSize)")
            // Late frames, when the text is over 10 000 characters: a paragraph or two laid out,
            // and at most two tiles' glyphs drawn (a tile holds about 50 lines of 35), never the
            // whole text's 12 000.
            let late = glyphs.indices.suffix(10)
            #expect(late.allSatisfy { layouts[$0] <= 3 }, "\(layouts.suffix(10))")
            #expect(late.allSatisfy { glyphs[$0] <= 2 * 50 * 40 }, "\(glyphs.suffix(10))")
            #expect(glyphs.reduce(0, +) > 0)
        }
    }
}
