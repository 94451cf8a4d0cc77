import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// A text field's selection (`UITextInput`), as UIKit keeps it: positions are UTF-16 offsets
/// ("👍" is two units); typing goes in at the caret or replaces the selected text and moves the
/// caret after it; the delete key removes the selection or the grapheme before the caret; setting
/// `text` puts the caret at the end; the field has a selection only while editing.
@MainActor
@Suite struct TextFieldSelectionTests {
    final class Recorder: UITextFieldDelegate {
        var log: [String] = []
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("change \(range.location),\(range.length) '\(string)'")
            return true
        }
        func textFieldDidChangeSelection(_ textField: UITextField) {
            let caret = textField.selectedTextRange.map { textField.offset(from: textField.beginningOfDocument, to: $0.start) } ?? -1
            log.append("selection \(caret)")
        }
    }

    /// An editing field in a window.
    func editingField(_ body: (UITextField) throws -> Void) throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34))
            window.addSubview(field)
            window.makeKeyAndVisible()
            #expect(field.becomeFirstResponder())
            try body(field)
        }
    }

    /// The caret's offset from the start (-1 without a selection).
    func caret(_ field: UITextField) -> Int {
        field.selectedTextRange.map { field.offset(from: field.beginningOfDocument, to: $0.start) } ?? -1
    }

    /// "ab" typed, the caret moved to offset 1, "X" typed: "aXb" with the caret at 2; the delete
    /// key takes the X back (caret 1); a selection of both letters is replaced by what is typed.
    @Test func typingGoesInAtTheCaretAndMovesIt() throws {
        try editingField { field in
            field.insertText("a")
            field.insertText("b")
            #expect(caret(field) == 2 && field.selectedTextRange?.isEmpty == true)
            let one = try #require(field.position(from: field.beginningOfDocument, offset: 1))
            field.selectedTextRange = field.textRange(from: one, to: one)
            field.insertText("X")
            #expect(field.text == "aXb" && caret(field) == 2)
            field.deleteBackward()
            #expect(field.text == "ab" && caret(field) == 1)
            field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)
            #expect(field.selectedTextRange?.isEmpty == false && field.text(in: field.selectedTextRange!) == "ab")
            field.insertText("Z")
            #expect(field.text == "Z" && caret(field) == 1)
            // A selection deleted whole; the delete key at the start does nothing.
            field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)
            field.deleteBackward()
            #expect(field.text == "" && caret(field) == 0)
            field.deleteBackward()
            #expect(field.text == "" && caret(field) == 0)
        }
    }

    /// Positions count UTF-16 units: "👍a" is 3 long; after the emoji is offset 2; the delete key
    /// there removes both units; positions outside the text are nil.
    @Test func positionsAreUTF16Offsets() throws {
        try editingField { field in
            field.text = "👍a"
            #expect(field.offset(from: field.beginningOfDocument, to: field.endOfDocument) == 3)
            #expect(caret(field) == 3)
            #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
            #expect(field.position(from: field.beginningOfDocument, offset: -1) == nil)
            let afterEmoji = try #require(field.position(from: field.beginningOfDocument, offset: 2))
            #expect(field.compare(afterEmoji, to: field.endOfDocument) == .orderedAscending)
            #expect(field.compare(field.endOfDocument, to: afterEmoji) == .orderedDescending)
            #expect(field.compare(afterEmoji, to: field.position(from: field.endOfDocument, offset: -1)!) == .orderedSame)
            #expect(field.offset(from: field.endOfDocument, to: afterEmoji) == -1)
            let emoji = try #require(field.textRange(from: afterEmoji, to: field.beginningOfDocument))
            #expect(field.text(in: emoji) == "👍" && field.offset(from: emoji.start, to: emoji.end) == 2)
            field.selectedTextRange = field.textRange(from: afterEmoji, to: afterEmoji)
            field.deleteBackward()
            #expect(field.text == "a" && caret(field) == 0)
            // By layout: right and left along the line, no line above or below.
            #expect(field.position(from: field.beginningOfDocument, in: .right, offset: 1) == field.endOfDocument)
            #expect(field.position(from: field.beginningOfDocument, in: .down, offset: 1) == nil)
            #expect(field.position(within: field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)!, farthestIn: .right) == field.endOfDocument)
        }
    }

    /// Setting the text puts the caret at its end (an app that reformats while the user types puts
    /// it back: "1234" with the caret at 2 becomes "12 34" with the caret at 3). Not editing, the
    /// field has no selection and one set is not kept; editing begins at the end.
    @Test func settingTheTextPutsTheCaretAtTheEnd() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34))
            window.addSubview(field)
            window.makeKeyAndVisible()
            field.text = "1234"
            #expect(field.selectedTextRange == nil)
            field.selectedTextRange = field.textRange(from: field.beginningOfDocument, to: field.beginningOfDocument)
            #expect(field.selectedTextRange == nil)
            #expect(field.becomeFirstResponder())
            #expect(caret(field) == 4)
            let two = try #require(field.position(from: field.beginningOfDocument, offset: 2))
            field.selectedTextRange = field.textRange(from: two, to: two)
            let cursor = caret(field)
            field.text = "12 34"
            #expect(caret(field) == 5)
            if let place = field.position(from: field.beginningOfDocument, offset: cursor + 1) {
                field.selectedTextRange = field.textRange(from: place, to: place)
            }
            #expect(caret(field) == 3)
            field.insertText("x")
            #expect(field.text == "12 x34" && caret(field) == 4)
            #expect(field.resignFirstResponder())
            #expect(field.selectedTextRange == nil)
        }
    }

    /// The delegate is asked with the range at the caret, and hears of each selection change: a
    /// key (after the text changed), a selection set in code (only when it moves), `text` set.
    @Test func theDelegateHearsOfTheSelection() throws {
        try editingField { field in
            let recorder = Recorder()
            field.delegate = recorder
            field.insertText("ab")
            let one = try #require(field.position(from: field.beginningOfDocument, offset: 1))
            field.selectedTextRange = field.textRange(from: one, to: one)
            field.selectedTextRange = field.textRange(from: one, to: one)
            field.insertText("X")
            let b = try #require(field.textRange(from: field.position(from: field.endOfDocument, offset: -1)!, to: field.endOfDocument))
            field.replace(b, withText: "cd")
            field.text = "new"
            #expect(field.text == "new")
            #expect(recorder.log == ["change 0,0 'ab'", "selection 2", "selection 1", "change 1,0 'X'", "selection 2",
                                     "change 2,1 'cd'", "selection 4", "selection 3"])
        }
    }

    /// Marked text (a multistage input method): it replaces the selection, then itself, is
    /// selected within, and is committed by `unmarkText()` or by typing, which replaces it.
    @Test func markedTextStandsForTheInputMethodsProvisionalText() throws {
        try editingField { field in
            field.insertText("ab")
            #expect(field.markedTextRange == nil)
            field.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0))
            let marked = try #require(field.markedTextRange)
            #expect(field.text == "abni" && field.text(in: marked) == "ni" && caret(field) == 4)
            field.setMarkedText("你", selectedRange: NSRange(location: 1, length: 0))
            #expect(field.text == "ab你" && field.markedTextRange.map { field.text(in: $0) } == "你" && caret(field) == 3)
            field.unmarkText()
            #expect(field.markedTextRange == nil && field.text == "ab你")
            field.setMarkedText("h", selectedRange: NSRange(location: 1, length: 0))
            field.insertText("好")
            #expect(field.markedTextRange == nil && field.text == "ab你好" && caret(field) == 4)
        }
    }

    /// Geometry: the caret at the start is at the editing rectangle's left edge, at the end after
    /// the text's width; the caret view stands where `caretRect(for:)` says; the nearest position
    /// to a caret's middle is that caret's; `firstRect(for:)` spans the text.
    @Test func caretRectsFollowTheText() throws {
        try editingField { field in
            field.borderStyle = .roundedRect
            field.insertText("hello")
            let rect = field.editingRect(forBounds: field.bounds)
            let width = "hello".size(withAttributes: [.font: UIFont.systemFont(ofSize: 17)]).width
            let start = field.caretRect(for: field.beginningOfDocument), end = field.caretRect(for: field.endOfDocument)
            #expect(start.minX == rect.minX.rounded() && start.width == 2)
            #expect(end.minX == (rect.minX + width).rounded())
            #expect(abs(start.midY - rect.midY) < 1e-9 && start.height == UIFont.systemFont(ofSize: 17).lineHeight)
            let all = try #require(field.textRange(from: field.beginningOfDocument, to: field.endOfDocument))
            #expect(abs(field.firstRect(for: all).width - width) < 1e-9)
            let two = try #require(field.position(from: field.beginningOfDocument, offset: 2))
            let caret = field.caretRect(for: two)
            #expect(field.closestPosition(to: CGPoint(x: caret.midX, y: caret.midY)) == two)
            #expect(field.characterRange(at: CGPoint(x: caret.maxX + 1, y: caret.midY)).map { field.text(in: $0) } == "l")
            field.selectedTextRange = field.textRange(from: two, to: two)
            field.layoutIfNeeded()
            let caretView = try #require(field.subviews.first { $0.frame.width == 2 && !$0.isHidden })
            #expect(caretView.frame == caret)
        }
    }
}
