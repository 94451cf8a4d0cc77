import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A place in a text input's document, as UIKit's `UITextPosition`: an abstract class that each
/// text input subclasses (UITextInput.h). uisim's text field and text view hand out positions that
/// are UTF-16 offsets into their text (NSString's indices, as UIKit's text system counts): "👍" is
/// two units, so the position after it is offset 2.
@preconcurrency @MainActor
open class UITextPosition: NSObject {
    public override init() { super.init() }
}

/// A range between two positions of a text input's document, as UIKit's `UITextRange`: an
/// abstract class (its `start` and `end` are a subclass's to give); `isEmpty` when both are the
/// same place (a caret).
@preconcurrency @MainActor
open class UITextRange: NSObject {
    public override init() { super.init() }

    /// Whether the range is a caret (no text between its ends).
    open var isEmpty: Bool { start == end }

    /// The first position of the range. UITextRange is abstract: a subclass gives it.
    open var start: UITextPosition {
        fatalError("UITextRange is abstract: \(type(of: self)) must override start")
    }

    /// The position after the range's last character. A subclass gives it.
    open var end: UITextPosition {
        fatalError("UITextRange is abstract: \(type(of: self)) must override end")
    }
}

/// The direction `position(from:in:offset:)` moves in, on screen (UIKit's `UITextLayoutDirection`).
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2, left, up, down
}

/// The direction along the stored text (UIKit's `UITextStorageDirection`).
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0, backward
}

/// What a text input tells the system's keyboard before and after its text or selection changes
/// other than by the keyboard itself, as UIKit's `UITextInputDelegate`. The system sets itself as
/// a text input's `inputDelegate`; uisim has no system keyboard process, so none is set unless an
/// app sets one, and uisim's text field and text view call the one set around changes made in code.
@preconcurrency @MainActor
public protocol UITextInputDelegate: AnyObject {
    func selectionWillChange(_ textInput: UITextInput?)
    func selectionDidChange(_ textInput: UITextInput?)
    func textWillChange(_ textInput: UITextInput?)
    func textDidChange(_ textInput: UITextInput?)
}

/// A responder that takes text with a selection, as UIKit's `UITextInput` (which refines
/// `UIKeyInput`): its document's positions and ranges, the selected range (a caret or some
/// text) that typing replaces, the marked text of a multistage input method, and where its text
/// is on screen. `UITextField` and `UITextView` conform. uisim declares the protocol's required
/// members that it gives behaviour; the tokenizer, selection rectangles and writing direction are
/// left out (UITextInput.h has them too).
@preconcurrency @MainActor
public protocol UITextInput: UIKeyInput {
    /// The text in `range`, or nil when the range is not in the document.
    func text(in range: UITextRange) -> String?
    /// Replaces the text in `range` with `text`.
    func replace(_ range: UITextRange, withText text: String)

    /// The selection: a caret (an empty range) or the selected text; nil for none.
    var selectedTextRange: UITextRange? { get set }
    /// The provisional text of a multistage input method (nil: none).
    var markedTextRange: UITextRange? { get }
    /// How marked text is drawn (attributes).
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    /// Sets the provisional text in place of the marked text (or of the selection), selecting
    /// `selectedRange` within it.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Commits the marked text: it stays, no longer marked.
    func unmarkText()

    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }

    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    /// The position `offset` from `position` (nil when it is outside the document).
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition?
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int

    /// The system's observer of changes made other than by the keyboard (weak).
    var inputDelegate: UITextInputDelegate? { get set }

    func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition?
    func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange?

    /// The rectangle of the first line of `range`, in the input's coordinates.
    func firstRect(for range: UITextRange) -> CGRect
    /// The caret's rectangle at `position`, in the input's coordinates.
    func caretRect(for position: UITextPosition) -> CGRect
    func closestPosition(to point: CGPoint) -> UITextPosition?
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
    func characterRange(at point: CGPoint) -> UITextRange?
}

/// A keyboard language, as UIKit's `UITextInputMode` (not to be subclassed). uisim's model has one
/// keyboard, US English: `activeInputModes` is that one mode, whose `primaryLanguage` is "en-US",
/// and it is every text input's `textInputMode`.
@preconcurrency @MainActor
open class UITextInputMode: NSObject {
    /// The mode's language, a BCP 47 identifier ("en-US"); nil for a mode without one (emoji).
    open var primaryLanguage: String? { language }
    private let language: String?

    init(primaryLanguage: String?) {
        language = primaryLanguage
        super.init()
    }

    /// The keyboards the user has enabled: uisim's one, US English.
    open class var activeInputModes: [UITextInputMode] { [english] }

    static let english = UITextInputMode(primaryLanguage: "en-US")

    /// Posted when the user switches keyboards (uisim's one keyboard never does).
    nonisolated public static let currentInputModeDidChangeNotification = Notification.Name("UITextInputCurrentInputModeDidChangeNotification")
}

// MARK: uisim's positions: UTF-16 offsets

/// A position that is a UTF-16 offset into a text field's or text view's text. Two positions at
/// the same offset are equal.
final class TextOffsetPosition: UITextPosition {
    nonisolated let offset: Int

    init(_ offset: Int) {
        self.offset = offset
        super.init()
    }

    nonisolated override func isEqual(_ object: Any?) -> Bool {
        (object as? TextOffsetPosition)?.offset == offset
    }

    nonisolated override var hash: Int { offset.hashValue }

    nonisolated override var description: String { "<UITextPosition offset \(offset)>" }
}

/// A range of UTF-16 offsets into a text field's or text view's text (immutable, so the copy
/// `selectedTextRange` takes is itself).
final class TextOffsetRange: UITextRange {
    nonisolated let range: NSRange

    init(_ range: NSRange) {
        self.range = range
        super.init()
    }

    override var isEmpty: Bool { range.length == 0 }
    override var start: UITextPosition { TextOffsetPosition(range.location) }
    override var end: UITextPosition { TextOffsetPosition(NSMaxRange(range)) }

    nonisolated override func isEqual(_ object: Any?) -> Bool {
        (object as? TextOffsetRange)?.range == range
    }

    nonisolated override var hash: Int { range.location &* 31 &+ range.length }

    nonisolated override var description: String { "<UITextRange \(range.location)…\(NSMaxRange(range))>" }
}

/// The offset arithmetic the text field and the text view share (a document of `length` UTF-16
/// units).
@MainActor
enum TextOffsets {
    /// The edit menu's answer for a text field or a text view: copy with a selection (and text
    /// that may leave: not a password), cut also when editable, paste when editable with a string
    /// on the pasteboard, select all with text not all selected; nil for an action they leave to
    /// the responder chain.
    static func canPerform(_ action: Selector, selection: NSRange, length: Int, copies: Bool, editable: Bool) -> Bool? {
        switch action {
        case Selector("copy:"): selection.length > 0 && copies
        case Selector("cut:"): selection.length > 0 && copies && editable
        case Selector("paste:"): editable && UIPasteboard.general.hasStrings
        case Selector("selectAll:"): length > 0 && selection.length < length
        default: nil
        }
    }

    /// The offset of `position` if it is one of uisim's and within a document of `length` units.
    static func offset(_ position: UITextPosition, length: Int) -> Int? {
        guard let offset = (position as? TextOffsetPosition)?.offset, offset >= 0, offset <= length else { return nil }
        return offset
    }

    /// The NSRange of `range` if it is one of uisim's (or made of uisim's positions) and within
    /// the document.
    static func range(_ range: UITextRange, length: Int) -> NSRange? {
        if let range = (range as? TextOffsetRange)?.range {
            return range.location >= 0 && NSMaxRange(range) <= length ? range : nil
        }
        guard let start = offset(range.start, length: length), let end = offset(range.end, length: length) else { return nil }
        return NSRange(location: min(start, end), length: abs(end - start))
    }

    static func textRange(_ range: NSRange) -> UITextRange { TextOffsetRange(range) }
    static func position(_ offset: Int) -> UITextPosition { TextOffsetPosition(offset) }

    /// `range` kept inside a document of `length` units.
    static func clamp(_ range: NSRange, length: Int) -> NSRange {
        let location = min(max(range.location, 0), length)
        return NSRange(location: location, length: min(max(range.length, 0), length - location))
    }

    /// The range from `from` to `to`, in order (nil when either is not in the document).
    static func textRange(from: UITextPosition, to: UITextPosition, length: Int) -> UITextRange? {
        guard let a = offset(from, length: length), let b = offset(to, length: length) else { return nil }
        return TextOffsetRange(NSRange(location: min(a, b), length: abs(b - a)))
    }

    static func position(from position: UITextPosition, offset: Int, length: Int) -> UITextPosition? {
        guard let start = self.offset(position, length: length) else { return nil }
        let (moved, overflow) = start.addingReportingOverflow(offset)
        guard !overflow, moved >= 0, moved <= length else { return nil }
        return TextOffsetPosition(moved)
    }

    static func compare(_ a: UITextPosition, _ b: UITextPosition) -> ComparisonResult {
        let x = (a as? TextOffsetPosition)?.offset ?? 0, y = (b as? TextOffsetPosition)?.offset ?? 0
        return x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
    }

    static func offset(from a: UITextPosition, to b: UITextPosition) -> Int {
        ((b as? TextOffsetPosition)?.offset ?? 0) - ((a as? TextOffsetPosition)?.offset ?? 0)
    }

    /// The last grapheme (an emoji, a letter with its accents) before `offset` in `text`, as
    /// the delete key removes it; nil at the start.
    static func graphemeBefore(_ offset: Int, in text: NSString) -> NSRange? {
        guard offset > 0 else { return nil }
        // A grapheme before the caret lies within its last few units: only those are looked at.
        let start = max(offset - 64, 0)
        let tail = text.substring(with: NSRange(location: start, length: offset - start))
        guard let last = tail.last else { return nil }
        let length = min(String(last).utf16.count, offset)
        return NSRange(location: offset - length, length: length)
    }

    /// The UTF-16 offsets between graphemes of `text` from `range`'s start to its end, both ends
    /// included (where a caret can stand).
    static func caretStops(in text: NSString, range: NSRange) -> [Int] {
        var stops = [range.location]
        var offset = range.location
        for character in text.substring(with: range) {
            offset += String(character).utf16.count
            stops.append(offset)
        }
        return stops
    }
}
