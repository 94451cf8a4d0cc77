import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// The app's pasteboard and the edit actions of text fields and text views (copy, cut, paste,
/// select all), as UIKit's: setting a kind replaces every item, reading it gives the first item's
/// value; each change counts and is posted; a new app starts with an empty pasteboard.
@MainActor
@Suite struct UIPasteboardTests {
    @Test func itemsReplaceAndCount() {
        UIApplication.withNewApplication {
            let board = UIPasteboard.general
            var posted = 0
            let observer = NotificationCenter.default.addObserver(forName: UIPasteboard.changedNotification, object: board, queue: nil) { _ in
                MainActor.assumeIsolated { posted += 1 }
            }
            defer { NotificationCenter.default.removeObserver(observer) }
            #expect(board.numberOfItems == 0 && board.string == nil && !board.hasStrings && board.changeCount == 0)
            board.string = "hello"
            #expect(board.string == "hello" && board.hasStrings && board.numberOfItems == 1 && board.changeCount == 1)
            board.strings = ["a", "b"]
            #expect(board.string == "a" && board.numberOfItems == 2 && board.changeCount == 2)
            board.url = URL(string: "https://example.com")
            #expect(!board.hasStrings && board.hasURLs && board.numberOfItems == 1 && board.changeCount == 3)
            board.addItems([[UIPasteboard.TypeIdentifier.plainText: "c"]])
            #expect(board.string == "c" && board.url?.host == "example.com" && board.numberOfItems == 2)
            board.string = nil
            #expect(board.numberOfItems == 0 && board.changeCount == 5)
            #expect(posted == 5)
        }
    }

    @Test func eachAppHasItsOwn() {
        UIApplication.withNewApplication { UIPasteboard.general.string = "first app's" }
        UIApplication.withNewApplication { #expect(UIPasteboard.general.string == nil) }
    }

    /// "Hello world" with "world" (6…11) selected: copy leaves the text, cut removes the word and
    /// leaves "Hello " with the caret at 6, paste puts it back at the caret.
    @Test func aTextFieldCopiesCutsAndPastes() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 350, height: 34))
            window.addSubview(field)
            window.makeKeyAndVisible()
            field.text = "Hello world"
            #expect(field.becomeFirstResponder())
            #expect(!field.canPerformAction(Selector("copy:"), withSender: nil))      // a caret, nothing selected
            let start = field.position(from: field.beginningOfDocument, offset: 6)!
            field.selectedTextRange = field.textRange(from: start, to: field.endOfDocument)
            #expect(field.canPerformAction(Selector("copy:"), withSender: nil))
            field.copy(nil)
            #expect(UIPasteboard.general.string == "world" && field.text == "Hello world")
            field.cut(nil)
            #expect(field.text == "Hello " && UIPasteboard.general.string == "world")
            #expect(field.offset(from: field.beginningOfDocument, to: field.selectedTextRange!.start) == 6)
            #expect(field.canPerformAction(Selector("paste:"), withSender: nil))
            UIPasteboard.general.string = "there\nfriend"
            field.paste(nil)
            #expect(field.text == "Hello there friend")                                // one line: the break is a space
            field.selectAll(nil)
            #expect(field.selectedTextRange.map { field.offset(from: $0.start, to: $0.end) } == 18)
            field.isSecureTextEntry = true
            #expect(!field.canPerformAction(Selector("copy:"), withSender: nil))     // a password never leaves the field
        }
    }

    @Test func aTextViewCopiesAndPastesOverTheSelection() {
        UIApplication.withNewApplication {
            let view = UITextView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
            view.text = "Hello there"
            view.selectedRange = NSRange(location: 0, length: 5)
            view.copy(nil)
            #expect(UIPasteboard.general.string == "Hello")
            UIPasteboard.general.string = "Bye"
            view.paste(nil)
            #expect(view.text == "Bye there" && view.selectedRange == NSRange(location: 3, length: 0))
            view.selectAll(nil)
            #expect(view.selectedRange == NSRange(location: 0, length: 9))
            view.isEditable = false
            #expect(!view.canPerformAction(Selector("paste:"), withSender: nil) && view.canPerformAction(Selector("copy:"), withSender: nil))
        }
    }
}
