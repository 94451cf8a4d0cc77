import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// A text view's TextKit 1 chain as InputBarAccessoryView uses it: edits through `textStorage`
/// change the view's text and content size, `typingAttributes` style what is typed, and the
/// layout manager measures the text as the view lays it out. The system font at 17 pt: line
/// height 20.287109375; the content is the lines plus the 8-pt insets above and below, rounded
/// up to the screen's pixels (3 per point).
@MainActor
@Suite struct TextViewTextKitTests {
    let font = UIFont.systemFont(ofSize: 17)
    let line: CGFloat = 20.287109375

    func window(with view: UIView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(view)
        window.isHidden = false
        return window
    }

    /// "a", then "\nb\nc" inserted and "a" replaced through the storage: the text is "x\nb\nc",
    /// three lines: 3 × 20.287109375 + 16 = 76.861328125, 230.58 pixels, up to 231: 77 pt. The
    /// delegate hears nothing (UIKit tells it of the user's edits only); the caret, after "a" where
    /// the text went in, moves with the text after it: to 5, after "c".
    @Test func editingTheStorageChangesTextAndContentSize() {
        final class Delegate: NSObject, UITextViewDelegate {
            var changes = 0
            func textViewDidChange(_ textView: UITextView) { changes += 1 }
        }
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let window = window(with: view)
        let delegate = Delegate()
        view.delegate = delegate
        view.font = font
        view.text = "a"
        view.selectedRange = NSRange(location: 1, length: 0)
        view.layoutIfNeeded()
        #expect(view.contentSize.height == 109.0 / 3)   // 20.287109375 + 16 = 36.287109375, 108.86 px → 109
        view.textStorage.insert(NSAttributedString(string: "\nb\nc"), at: 1)
        view.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "x")
        #expect(view.text == "x\nb\nc")
        view.layoutIfNeeded()
        #expect(view.contentSize.height == 77)
        #expect(delegate.changes == 0 && view.selectedRange == NSRange(location: 5, length: 0))
        // The view's layout manager lays the same lines out in its container.
        view.layoutManager.ensureLayout(for: view.textContainer)
        #expect(view.layoutManager.usedRect(for: view.textContainer).height == 3 * line)
        #expect(view.textStorage.layoutManagers.first === view.layoutManager && view.layoutManager.textContainers.first === view.textContainer)
        _ = window
    }

    /// Typed with a 30-pt font in the typing attributes, "Hi" is one 30-pt line: 30 × 2444 / 2048
    /// = 35.80078125 tall, + 16 = 51.80078125, 155.4 pixels → 156: 52 pt (17-pt text would be 37).
    /// The typed text keeps the font; setting the selection clears the attributes set.
    @Test func typingAttributesFontMakesTheTypedLineTaller() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let window = window(with: view)
        view.font = font
        #expect((view.typingAttributes[.font] as? UIFont)?.pointSize == 17)
        #expect(view.becomeFirstResponder())
        view.typingAttributes = [.font: UIFont.systemFont(ofSize: 30), .foregroundColor: UIColor.red]
        view.insertText("H")
        view.insertText("i")
        view.layoutIfNeeded()
        #expect(view.text == "Hi")
        #expect(view.contentSize.height == 52)
        #expect((view.attributedText.attribute(.font, at: 1, effectiveRange: nil) as? UIFont)?.pointSize == 30)
        #expect((view.typingAttributes[.font] as? UIFont)?.pointSize == 30)   // the caret's text's
        view.selectedRange = NSRange(location: 0, length: 0)
        view.typingAttributes = [.font: font]
        view.selectedRange = NSRange(location: 2, length: 0)
        #expect((view.typingAttributes[.font] as? UIFont)?.pointSize == 30)
        _ = window
    }

    /// InputBarAccessoryView pastes an image: "\n" + attachment + "\n" through the storage
    /// between beginEditing and endEditing; the attachment is in `attributedText` and the view is
    /// taller by its height. A 60 × 40 attachment on the baseline: its line is 40 + 4.1005859375
    /// tall; with "a" above and the empty line after the final break: 20.287109375 + 44.1005859375
    /// + 20.287109375 + 16 = 100.6748046875, 302.02 px → 303: 101 pt.
    @Test func anAttachmentInsertedThroughTheStorage() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let window = window(with: view)
        view.font = font
        view.text = "a"
        let attachment = NSTextAttachment()
        attachment.bounds = CGRect(x: 0, y: 0, width: 60, height: 40)
        let pasted = NSMutableAttributedString(string: "\n")
        pasted.append(NSAttributedString(attachment: attachment))
        pasted.append(NSAttributedString(string: "\n"))
        pasted.addAttributes([.font: font], range: NSRange(location: 0, length: pasted.length))
        view.textStorage.beginEditing()
        view.textStorage.replaceCharacters(in: view.selectedRange, with: pasted)
        view.textStorage.endEditing()
        view.layoutIfNeeded()
        var found: [NSTextAttachment] = []
        view.attributedText.enumerateAttribute(.attachment, in: NSRange(location: 0, length: view.attributedText.length)) { value, _, _ in
            if let value = value as? NSTextAttachment { found.append(value) }
        }
        #expect(found.count == 1 && found[0] === attachment)
        #expect(view.contentSize.height == 101)
        // Typed after it, text takes no attachment.
        view.selectedRange = NSRange(location: view.text.utf16.count, length: 0)
        #expect(view.typingAttributes[.attachment] == nil)
        _ = window
    }

    /// `init(frame:textContainer:)` takes the given container's layout manager and storage, as
    /// UIKit does: the text set on the view is the storage's; `init(usingTextLayoutManager:)`
    /// makes a TextKit 1 view either way.
    @Test func aTextViewOnAGivenChain() {
        let storage = NSTextStorage()
        let manager = NSLayoutManager()
        storage.addLayoutManager(manager)
        let container = NSTextContainer(size: CGSize(width: 200, height: 0))
        manager.addTextContainer(container)
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), textContainer: container)
        let window = window(with: view)
        #expect(view.textStorage === storage && view.layoutManager === manager && view.textContainer === container)
        view.text = "shared"
        #expect(storage.string == "shared")
        let kit1 = UITextView(usingTextLayoutManager: false)
        #expect(kit1.layoutManager.textContainers.first === kit1.textContainer)
        _ = window
    }

    /// Exclusion paths in a text view's container: the layout manager lays the text out around
    /// them, and the content is as tall as its lines.
    @Test func exclusionPathsInATextView() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        let window = window(with: view)
        view.font = font
        view.text = (0..<30).map { "w\($0)" }.joined(separator: " ")
        view.layoutIfNeeded()
        let plain = view.contentSize.height
        view.textContainer.exclusionPaths = [UIBezierPath(rect: CGRect(x: 0, y: 0, width: 200, height: 100))]
        view.layoutIfNeeded()
        #expect(view.contentSize.height > plain)
        let manager = view.layoutManager
        #expect(manager.lineFragmentRect(forGlyphAt: 0, effectiveRange: nil).minX == 200)
        _ = window
    }
}
