// The text-input selection API as real Swift 5 libraries use it (issue 46): Eureka's formatted
// field puts the caret back after reformatting the text, InputBarAccessoryView's autocomplete
// manager reads and sets a text view's `selectedRange`, both skip work while an input method has
// marked text, and take `UITextInput` as a type. Spelled as against the iOS 17 SDK.
import XCTest
import UIKit

/// The caret's offset in any text input, as a helper written against the protocol.
func cursorOffset(of input: UITextInput) -> Int? {
    guard let range = input.selectedTextRange else { return nil }
    return input.offset(from: input.beginningOfDocument, to: range.start)
}

/// Eureka's way with a formatter: after a key, the text is reformatted (digits grouped in
/// fours) and the caret put back where the user was, counted in digits.
final class CardNumberFieldHandler: NSObject, UITextFieldDelegate {
    func format(_ digits: String) -> String {
        stride(from: 0, to: digits.count, by: 4).map { start -> String in
            let from = digits.index(digits.startIndex, offsetBy: start)
            return String(digits[from..<(digits.index(from, offsetBy: 4, limitedBy: digits.endIndex) ?? digits.endIndex)])
        }.joined(separator: " ")
    }

    func editingChanged(_ textField: UITextField) {
        guard textField.markedTextRange == nil else { return }
        guard let range = textField.selectedTextRange, let text = textField.text else { return }
        let cursor = textField.offset(from: textField.beginningOfDocument, to: range.start)
        let digitsBefore = text.prefix(cursor).filter(\.isNumber).count
        let formatted = format(text.filter(\.isNumber))
        textField.text = formatted
        // The caret after the same number of digits in the new text.
        var seen = 0, offset = 0
        for character in formatted where seen < digitsBefore {
            offset += character.utf16.count
            if character.isNumber { seen += 1 }
        }
        if let position = textField.position(from: textField.beginningOfDocument, offset: offset) {
            textField.selectedTextRange = textField.textRange(from: position, to: position)
        }
    }
}

/// InputBarAccessoryView's autocomplete: when the text changes it looks back from the caret
/// (`selectedRange`) for a "@" prefix; a completion replaces the prefix and puts the caret after it.
final class MentionManager: NSObject, UITextViewDelegate {
    var currentPrefix: (range: NSRange, word: String)?

    func textViewDidChange(_ textView: UITextView) {
        guard textView.markedTextRange == nil else { return }
        let caret = textView.selectedRange.location
        let text = textView.text as NSString
        let before = text.substring(to: caret)
        guard let at = before.range(of: "@", options: .backwards) else { currentPrefix = nil; return }
        let start = before.utf16.distance(from: before.utf16.startIndex, to: at.lowerBound.samePosition(in: before.utf16)!)
        let word = text.substring(with: NSRange(location: start + 1, length: caret - start - 1))
        currentPrefix = word.contains(" ") ? nil : (NSRange(location: start, length: caret - start), word)
    }

    func complete(_ textView: UITextView, with name: String) {
        guard let prefix = currentPrefix else { return }
        let insert = "@" + name + " "
        textView.text = (textView.text as NSString).replacingCharacters(in: prefix.range, with: insert)
        textView.selectedRange = NSRange(location: prefix.range.location + (insert as NSString).length, length: 0)
        currentPrefix = nil
    }
}

final class TextInputClientTests: XCTestCase {
    func testAFormattingFieldPutsTheCaretBack() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
            let handler = CardNumberFieldHandler()
            field.delegate = handler
            field.addTarget(handler, action: Selector("editingChanged:", CardNumberFieldHandler.editingChanged(_:)), for: .editingChanged)
            window.addSubview(field)
            window.makeKeyAndVisible()
            XCTAssertTrue(field.becomeFirstResponder())
            for key in "12345" { field.insertText(String(key)) }
            XCTAssertEqual(field.text, "1234 5")
            XCTAssertEqual(cursorOffset(of: field), 6)
            // The caret moved after "12", a key typed there: reformatted, the caret after "129".
            let two = try XCTUnwrap(field.position(from: field.beginningOfDocument, offset: 2))
            field.selectedTextRange = field.textRange(from: two, to: two)
            field.insertText("9")
            XCTAssertEqual(field.text, "1293 45")
            XCTAssertEqual(cursorOffset(of: field), 3)
            // While an input method composes, the handler leaves the text alone.
            field.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
            XCTAssertEqual(field.text, "129x3 45")
            XCTAssertNotNil(field.markedTextRange)
            field.unmarkText()
            XCTAssertNil(field.markedTextRange)
        }
    }

    func testAnAutocompleteManagerReadsAndSetsTheSelectedRange() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        let manager = MentionManager()
        textView.delegate = manager
        textView.keyboardType = .twitter
        textView.autocorrectionType = .no
        for key in "hi 👍 @jo" { textView.insertText(String(key)) }
        // "hi 👍 @jo": the emoji is two UTF-16 units, so the "@" is at 6 and the caret at 9.
        XCTAssertEqual(textView.selectedRange, NSRange(location: 9, length: 0))
        XCTAssertEqual(manager.currentPrefix?.word, "jo")
        XCTAssertEqual(manager.currentPrefix?.range, NSRange(location: 6, length: 3))
        manager.complete(textView, with: "john")
        XCTAssertEqual(textView.text, "hi 👍 @john ")
        XCTAssertEqual(textView.selectedRange, NSRange(location: 12, length: 0))
        XCTAssertEqual(textView.keyboardType, .twitter)
        // Typing in the middle: the caret put after "hi", a key typed there.
        textView.selectedRange = NSRange(location: 2, length: 0)
        textView.insertText("!")
        XCTAssertEqual(textView.text, "hi! 👍 @john ")
        XCTAssertEqual(textView.selectedRange, NSRange(location: 3, length: 0))
        XCTAssertEqual(cursorOffset(of: textView), 3)
    }

    func testTextInputAsATypeAndTheInputMode() {
        let views: [UIView] = [UITextField(), UITextView(), UILabel()]
        XCTAssertEqual(views.map { $0 is UITextInput }, [true, true, false])
        let languages = UITextInputMode.activeInputModes.compactMap { $0.primaryLanguage }
        XCTAssertEqual(languages, ["en-US"])
        XCTAssertEqual(UITextView().textInputMode?.primaryLanguage, "en-US")
    }
}
