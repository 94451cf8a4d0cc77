import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// A text view's selection as UIKit keeps it: `selectedRange` in UTF-16 units (and
/// `selectedTextRange`, the same in positions), which typing uses and moves; setting the text puts
/// the caret at the end; the delegate hears `textViewDidChangeSelection(_:)`; caret rectangles
/// and hit testing on the laid-out lines; the keyboard traits kept as a text field's.
@MainActor
@Suite struct TextViewSelectionTests {
    final class Recorder: NSObject, UITextViewDelegate {
        var log: [String] = []
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(text)'")
            return true
        }
        /// What an autocomplete manager reads when the text changes: the caret is already after
        /// the new text.
        func textViewDidChange(_ textView: UITextView) { log.append("didChange \(textView.selectedRange.location)") }
        func textViewDidChangeSelection(_ textView: UITextView) {
            log.append("selection \(textView.selectedRange.location),\(textView.selectedRange.length)")
        }
    }

    /// "ab", the caret put at 1, "X" typed: "aXb", caret 2; the delete key removes "X"; a selected
    /// range is replaced by what is typed; "👍" counts two units.
    @Test func typingUsesAndMovesTheSelectedRange() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.text = "ab"
        #expect(view.selectedRange == NSRange(location: 2, length: 0))
        view.selectedRange = NSRange(location: 1, length: 0)
        view.insertText("X")
        #expect(view.text == "aXb" && view.selectedRange == NSRange(location: 2, length: 0))
        view.deleteBackward()
        #expect(view.text == "ab" && view.selectedRange == NSRange(location: 1, length: 0))
        view.selectedRange = NSRange(location: 0, length: 2)
        view.insertText("\n")
        #expect(view.text == "\n" && view.selectedRange == NSRange(location: 1, length: 0))
        view.text = "👍👍"
        #expect(view.selectedRange == NSRange(location: 4, length: 0))
        view.selectedRange = NSRange(location: 2, length: 0)
        view.deleteBackward()
        #expect(view.text == "👍" && view.selectedRange == NSRange(location: 0, length: 0))
        // Kept inside the text.
        view.selectedRange = NSRange(location: 10, length: 5)
        #expect(view.selectedRange == NSRange(location: 2, length: 0))
        // The same selection as positions.
        let range = view.selectedTextRange
        #expect(range.map { view.offset(from: view.beginningOfDocument, to: $0.start) } == 2 && range?.isEmpty == true)
        view.selectedTextRange = view.textRange(from: view.beginningOfDocument, to: view.endOfDocument)
        #expect(view.selectedRange == NSRange(location: 0, length: 2))
    }

    /// The delegate is asked with the range at the caret; reads the moved caret in
    /// `textViewDidChange(_:)`; hears a selection set in code when it moves, and, while editing,
    /// the caret moved to the end by new text.
    @Test func theDelegateHearsOfTheSelection() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            window.addSubview(view)
            window.makeKeyAndVisible()
            let recorder = Recorder()
            view.delegate = recorder
            view.text = "@jo"
            view.selectedRange = NSRange(location: 1, length: 0)
            view.selectedRange = NSRange(location: 1, length: 0)
            view.insertText("x")
            #expect(view.becomeFirstResponder())
            view.text = "@xjo"
            view.text = "hello"
            #expect(recorder.log == ["selection 1,0", "change 1,0 'x'", "didChange 2", "selection 2,0", "selection 4,0", "selection 5,0"])
        }
    }

    /// Marked text replaces the selection, then itself; typing commits it.
    @Test func markedText() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.text = "ab"
        view.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
        #expect(view.text == "abka" && view.markedTextRange.map { view.text(in: $0) } == "ka" && view.selectedRange.location == 4)
        view.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0))
        #expect(view.text == "abか" && view.selectedRange.location == 3)
        view.insertText("カ")
        #expect(view.text == "abカ" && view.markedTextRange == nil && view.selectedRange.location == 3)
    }

    /// Caret rectangles on laid-out lines: "ab\ncd" is two lines; the caret after the line break
    /// (offset 3) is at the second line's left edge, where the first line's start is, one line
    /// lower; down from offset 1 is offset 4; the closest position to a caret's middle is its
    /// own; the caret at offset 0 is inside the insets (8 pt down, 5 pt of padding in).
    @Test func caretRectsFollowTheLines() throws {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        view.font = .systemFont(ofSize: 17)
        view.text = "ab\ncd"
        view.layoutIfNeeded()
        let start = view.caretRect(for: view.beginningOfDocument)
        #expect(start.minX == 5 && start.minY == 8 && start.width == 2)
        let three = try #require(view.position(from: view.beginningOfDocument, offset: 3))
        let second = view.caretRect(for: three)
        #expect(second.minX == start.minX && abs(second.minY - start.maxY) < 1e-9)
        let endOfFirst = view.caretRect(for: view.position(from: view.beginningOfDocument, offset: 2)!)
        let width = "ab".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
        #expect(endOfFirst.minX == (5 + width).rounded() && endOfFirst.minY == start.minY)
        let one = try #require(view.position(from: view.beginningOfDocument, offset: 1))
        #expect(view.position(from: one, in: .down, offset: 1) == view.position(from: one, offset: 3))
        #expect(view.position(from: one, in: .up, offset: 1) == nil)
        let four = try #require(view.position(from: view.beginningOfDocument, offset: 4))
        let caret = view.caretRect(for: four)
        #expect(view.closestPosition(to: CGPoint(x: caret.midX, y: caret.midY)) == four)
        // Far right of the first line: its end, before the line break.
        #expect(view.closestPosition(to: CGPoint(x: 250, y: start.midY)) == view.position(from: one, offset: 1))
        let all = try #require(view.textRange(from: view.beginningOfDocument, to: view.endOfDocument))
        #expect(abs(view.firstRect(for: all).width - width) < 1e-9)
        #expect(view.characterRange(byExtending: four, in: .left).map { view.text(in: $0) } == "c")
    }

    /// The keyboard traits are kept as set, as a text field's; the input mode is US English.
    @Test func traitsAndInputMode() {
        let view = UITextView(frame: .zero)
        #expect(view.keyboardType == .default && view.autocapitalizationType == .sentences && view.returnKeyType == .default)
        view.keyboardType = .twitter
        view.returnKeyType = .send
        view.autocorrectionType = .no
        view.textContentType = .username
        #expect(view.keyboardType == .twitter && view.returnKeyType == .send && view.autocorrectionType == .no && view.textContentType == .username)
        #expect(view.textInputMode?.primaryLanguage == "en-US")
    }
}
