import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// `UITextInput` as a type (what a library writes `func f(_ t: UITextInput)` or `as? UITextInput`
/// against), the abstract position and range classes an app may subclass, and uisim's one input
/// mode.
@MainActor
@Suite struct TextInputTests {
    /// The caret's offset of any text input.
    func caretOffset(_ input: UITextInput) -> Int? {
        input.selectedTextRange.map { input.offset(from: input.beginningOfDocument, to: $0.start) }
    }

    @Test func textFieldsAndTextViewsAreTextInputs() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 34))
            let view = UITextView(frame: CGRect(x: 0, y: 50, width: 200, height: 100))
            window.addSubview(field)
            window.addSubview(view)
            window.makeKeyAndVisible()
            field.becomeFirstResponder()
            field.insertText("abc")
            view.text = "12345"
            let inputs: [UIView] = [field, view, UILabel()]
            #expect(inputs.map { ($0 as? UITextInput).flatMap(caretOffset) } == [3, 5, nil])
            var input: UITextInput = view
            input.selectedTextRange = input.textRange(from: input.beginningOfDocument, to: input.beginningOfDocument)
            #expect(view.selectedRange == NSRange(location: 0, length: 0))
            input = field
            #expect(input.hasText && input.markedTextRange == nil)
        }
    }

    /// An app's own position and range subclasses (UITextRange's `isEmpty` compares its ends).
    @Test func positionsAndRangesAreSubclassable() {
        final class Index: UITextPosition {
            let value: Int
            init(_ value: Int) { self.value = value }
            nonisolated override func isEqual(_ object: Any?) -> Bool { (object as? Index)?.value == value }
        }
        final class Span: UITextRange {
            let from: Index, to: Index
            init(_ from: Int, _ to: Int) { self.from = Index(from); self.to = Index(to) }
            override var start: UITextPosition { from }
            override var end: UITextPosition { to }
        }
        #expect(Span(1, 1).isEmpty && !Span(1, 2).isEmpty)
    }

    /// uisim's one keyboard: US English, every text input's mode; none for other responders.
    @Test func oneInputModeUSEnglish() {
        #expect(UITextInputMode.activeInputModes.map(\.primaryLanguage) == ["en-US"])
        #expect(UITextField().textInputMode?.primaryLanguage == "en-US")
        #expect(UIView().textInputMode == nil)
    }
}
