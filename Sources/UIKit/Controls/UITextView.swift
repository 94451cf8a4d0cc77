import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a text view asks and tells its delegate while it is edited, as UIKit's
/// `UITextViewDelegate` (a scroll view delegate too: set it as the text view's `delegate`). Every
/// method optional.
@preconcurrency @MainActor
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
}

/// Text in a scroll view, as UIKit's `UITextView`: `text`, `attributedText`, `font`, `textColor`,
/// `textAlignment`, `textContainerInset` (8 pt above and below by default) and
/// `textContainer.lineFragmentPadding` (5 pt each side). With `isScrollEnabled` (the default) the
/// text scrolls in the view's bounds; without, the view sizes itself to its text (its intrinsic
/// size, at the width Auto Layout gives it), as a self-sizing cell's text view does. Editable (the
/// default), a tap makes it the first responder (the keyboard comes up) and typed keys reach it
/// through `UIKeyInput` — the return key a new line —, asking its `UITextViewDelegate` and
/// telling it (`textViewDidChange`), posting `textDidChangeNotification`. It has a selection
/// (`selectedRange`, in UTF-16 units, and `UITextInput`'s `selectedTextRange`): typing replaces
/// the selected text or goes in at the caret, and moves the caret after it; setting the text puts
/// the caret at its end. uisim draws no caret or selection highlight in a text view;
/// `isSelectable` is kept as set.
///
/// TextKit 1 underneath, as UIKit's: `textStorage` (the text; edits made through it change the
/// view's text and layout, without telling the delegate, as UIKit does), `layoutManager` and
/// `textContainer` (`init(frame:textContainer:)` takes a container's layout manager and storage).
/// Typed text takes `typingAttributes` (the attributes at the caret, the view's font and colour
/// for plain text, unless set; cleared when the selection moves). The view lays its text out
/// with the same text engine as its layout manager (the same lines), by paragraphs when long; a
/// container with exclusion paths is laid out and drawn by the layout manager (its caret
/// geometry still follows the plain lines).
@preconcurrency @MainActor
open class UITextView: UIScrollView, UITextInput {
    /// The view that draws the text, as tall as the content (a text laid out whole); a long text
    /// is drawn by tiles (`tiles`) instead.
    private let canvas = TextCanvas()
    /// The container the text is laid out in (`init(frame:textContainer:)`'s, or the view's own,
    /// which tracks its width).
    open var textContainer: NSTextContainer { container }
    private let container: NSTextContainer
    /// The layout manager of the container (UIKit's TextKit 1 chain).
    open var layoutManager: NSLayoutManager { manager }
    private let manager: NSLayoutManager
    /// The text, edited in place: a key typed at the end of a long text costs no copy of it.
    open var textStorage: NSTextStorage { store }
    private let store: NSTextStorage
    /// Set while the view edits its own storage (the storage's news of it are not the app's edits).
    private var isEditingStorage = false
    private var storage: NSTextStorage? { store }
    private var storesPlainText = true
    /// `typingAttributes` as set (nil: the attributes at the caret).
    private var customTypingAttributes: [NSAttributedString.Key: Any]?
    /// A long text's paragraphs, each laid out apart (nil: the text is laid out whole).
    private var fragments: TextFragments?
    /// The part of a long text to draw again (text coordinates), from the edits since the last layout.
    private var fragmentDamage: ClosedRange<CGFloat>?
    /// A long text's tiles by index (`tileHeight` each from the content's top): only those near
    /// the visible part exist, as UIKit's tiled text layer keeps, so memory does not grow with the text.
    private var tiles: [Int: TextCanvas] = [:]
    static let tileHeight: CGFloat = 1024
    /// Set by an edit: the next layout scrolls the insertion point into view, as UIKit keeps the
    /// caret visible while the user types.
    private var showsInsertionPointAfterLayout = false
    /// The selection in UTF-16 units of the text (a caret when empty).
    private var selection = NSRange(location: 0, length: 0)
    /// The marked text of a multistage input (`setMarkedText(_:selectedRange:)`), nil for none.
    private var marked: NSRange?

    /// The text; setting it replaces `attributedText`.
    open var text: String! {
        get { storage?.string ?? "" }
        set {
            keyValueWillChange("text")
            replaceStoredText(NSAttributedString(string: newValue ?? ""))
            storesPlainText = true
            textLayoutDidChange()
            textWasReplaced()
            keyValueDidChange("text")
        }
    }

    /// The text with its attributes; plain text has the view's `font`, `textColor` and alignment.
    open var attributedText: NSAttributedString! {
        get {
            storesPlainText ? withDefaults(store) : NSAttributedString(attributedString: store)
        }
        set {
            keyValueWillChange("attributedText")
            replaceStoredText(newValue ?? NSAttributedString(string: ""))
            storesPlainText = false
            textLayoutDidChange()
            textWasReplaced()
            keyValueDidChange("attributedText")
        }
    }

    /// The font of plain text (the system font at 12 pt unless set, as UIKit's).
    open var font: UIFont? = .systemFont(ofSize: 12) { didSet { textLayoutDidChange() } }
    open var textColor: UIColor? = .label {
        didSet {
            manager.defaultAttributes = defaultAttributes
            redrawAllText()
        }
    }
    open var textAlignment = NSTextAlignment.natural { didSet { textLayoutDidChange() } }
    /// The attributes typed text takes: as set, else those of the text before the caret (the
    /// first character's at the start) over the view's font, colour and alignment. Set, they last
    /// until the selection moves (UIKit clears them then).
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get {
            if let customTypingAttributes { return customTypingAttributes }
            return defaultAttributes.merging(storedAttributesAtCaret) { _, stored in stored }
        }
        set { customTypingAttributes = newValue }
    }

    /// Space between the view's edges and the text container: 8 pt above and below.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) { didSet { textLayoutDidChange() } }
    open var isEditable = true
    open var isSelectable = true
    open var adjustsFontForContentSizeCategory = false

    // UITextInputTraits, kept as set (as a text field's).
    open var keyboardType = UIKeyboardType.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open var textContentType: UITextContentType!
    /// Kept as set (a text view draws its text as it is).
    open var isSecureTextEntry = false

    /// The width Auto Layout last gave the view (its intrinsic height wraps at it).
    private var engineWidth: CGFloat?

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// The delegate, as a text view's (`delegate`, when it is one).
    private var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEditable }

    /// The view shown instead of the keyboard while editing (nil: the keyboard).
    open override var inputView: UIView? {
        get { customInputView }
        set { customInputView = newValue }
    }
    private var customInputView: UIView?

    /// The view shown above the keyboard while editing (a toolbar with Done, a bar of suggestions).
    open override var inputAccessoryView: UIView? {
        get { customInputAccessoryView }
        set { customInputAccessoryView = newValue }
    }
    private var customInputAccessoryView: UIView?

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        guard isEditable, window != nil, textDelegate?.textViewShouldBeginEditing(self) ?? true else { return false }
        return super.becomeFirstResponder()
    }

    override func didTakeFocus() {
        textDelegate?.textViewDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard textDelegate?.textViewShouldEndEditing(self) ?? true, super.resignFirstResponder() else { return false }
        textDelegate?.textViewDidEndEditing(self)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// A tap on an editable text view begins editing.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isEditable, !isFirstResponder, let touch = touches.first, bounds.contains(touch.location(in: self)) {
            becomeFirstResponder()
            return
        }
        super.touchesEnded(touches, with: event)
    }

    open var hasText: Bool { (storage?.length ?? 0) > 0 }

    /// Types `text` ("\n", the return key, is a new line), if the delegate allows: in place of the
    /// marked text, else of the selection (a caret: at it); the caret follows it.
    open func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        replaceText(marked ?? selection, with: text)
    }

    /// The delete key: deletes the selected text, else the character before the caret (a whole
    /// grapheme); nothing at the start.
    open func deleteBackward() {
        if selection.length > 0 { replaceText(selection, with: ""); return }
        guard let storage, let range = TextOffsets.graphemeBefore(selection.location, in: storage.mutableString) else { return }
        replaceText(range, with: "")
    }

    // MARK: Edit actions (UIResponderStandardEditActions), as the edit menu sends them

    /// Puts the selected text on the general pasteboard (nothing without a selection).
    open func copy(_ sender: Any?) {
        guard selection.length > 0, let storage else { return }
        UIPasteboard.general.string = storage.mutableString.substring(with: TextOffsets.clamp(selection, length: length))
    }

    /// Copies the selection, then deletes it as an edit of the user's (the delegate asked).
    open func cut(_ sender: Any?) {
        guard selection.length > 0, isEditable else { return }
        copy(sender)
        replaceText(selection, with: "")
    }

    /// Puts the pasteboard's string in place of the selection, as an edit of the user's; the
    /// caret goes after it.
    open func paste(_ sender: Any?) {
        guard isEditable, let string = UIPasteboard.general.string, !string.isEmpty else { return }
        replaceText(marked ?? selection, with: string)
    }

    /// Selects the whole text.
    open func selectAll(_ sender: Any?) {
        guard length > 0 else { return }
        selectedRange = NSRange(location: 0, length: length)
    }

    /// Copy with a selection (cut also editable), paste when editable with a string on the
    /// pasteboard, select all with text not all selected; what else the responder chain decides.
    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        TextOffsets.canPerform(action, selection: selection, length: length, copies: true, editable: isEditable)
            ?? super.canPerformAction(action, withSender: sender)
    }

    /// The user's edit: `range` becomes `string` if the delegate allows; the caret goes after it,
    /// the marked text is committed (or, with `markedSelection`, the new text is marked and that
    /// range of it selected), and the delegate hears `textViewDidChange(_:)` and
    /// `textViewDidChangeSelection(_:)`, as UIKit tells it for each key.
    @discardableResult
    private func replaceText(_ range: NSRange, with string: String, markedSelection: NSRange? = nil) -> Bool {
        let range = TextOffsets.clamp(range, length: length)
        guard textDelegate?.textView(self, shouldChangeTextIn: range, replacementText: string) ?? true else { return false }
        let edited = store
        let breaksLines = Self.hasLineBreak(string) || (range.length > 0 && Self.hasLineBreak(edited.attributedSubstring(from: range).string))
        // Typed text takes the typing attributes: plain text keeps only those set apart from the
        // view's font and colour (which style it all), as it was stored.
        var attributes = storesPlainText ? customTypingAttributes ?? storedAttributesAtCaret : typingAttributes
        attributes[.attachment] = nil
        isEditingStorage = true
        edited.replaceCharacters(in: range, with: NSAttributedString(string: string, attributes: attributes))
        isEditingStorage = false
        textDidEdit(range, newLength: string.utf16.count, breaksLines: breaksLines)
        let count = string.utf16.count
        selection = NSRange(location: range.location + count, length: 0)
        customTypingAttributes = nil
        marked = nil
        if let markedSelection, count > 0 {
            marked = NSRange(location: range.location, length: count)
            let inner = TextOffsets.clamp(markedSelection, length: count)
            selection = NSRange(location: range.location + inner.location, length: inner.length)
        }
        // The insertion point follows the typing: scrolled into view.
        if isScrollEnabled { showsInsertionPointAfterLayout = true }
        textDelegate?.textViewDidChange(self)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        textDelegate?.textViewDidChangeSelection(self)
        return true
    }

    /// The text's length in UTF-16 units (positions' offsets run from 0 to it).
    private var length: Int { storage?.length ?? 0 }

    /// New text (`text`, `attributedText`) puts the caret at its end and drops the marked text;
    /// while editing, the delegate hears of the moved selection. uisim's model: UIKit's text field
    /// does so (see `UITextField.text`), and its text view is taken to do the same.
    private func textWasReplaced() {
        marked = nil
        moveSelection(to: NSRange(location: length, length: 0), tellsDelegate: isFirstResponder)
    }

    /// Moves the selection to `range` (kept in the text) without editing; when it changed, the
    /// input delegate hears of it and, if `tellsDelegate`, the delegate's
    /// `textViewDidChangeSelection(_:)`.
    private func moveSelection(to range: NSRange, tellsDelegate: Bool) {
        let range = TextOffsets.clamp(range, length: length)
        guard range != selection else { return }
        inputDelegate?.selectionWillChange(self)
        selection = range
        customTypingAttributes = nil
        inputDelegate?.selectionDidChange(self)
        if tellsDelegate { textDelegate?.textViewDidChangeSelection(self) }
    }

    // MARK: Selection (UITextInput)

    /// The selection in UTF-16 units of the text (NSString's, as UIKit counts): its location is
    /// the caret when the length is 0. Setting it (kept inside the text) tells the delegate
    /// `textViewDidChangeSelection(_:)` when it changed, as UIKit does for a selection set in code.
    open var selectedRange: NSRange {
        get { selection }
        set { moveSelection(to: newValue, tellsDelegate: true) }
    }

    /// The selection as a text range (`selectedRange` in positions); a text view has one whether
    /// or not it is being edited. Setting nil is ignored.
    open var selectedTextRange: UITextRange? {
        get { TextOffsets.textRange(selection) }
        set {
            guard let newValue, let range = TextOffsets.range(newValue, length: length) else { return }
            moveSelection(to: range, tellsDelegate: true)
        }
    }

    /// The marked text of a multistage input method (nil: none, always with uisim's keyboard,
    /// which types committed text; `setMarkedText(_:selectedRange:)` marks some).
    open var markedTextRange: UITextRange? { marked.map(TextOffsets.textRange) }

    open var markedTextStyle: [NSAttributedString.Key: Any]?

    /// Puts `markedText` in place of the marked text (else of the selection), marked, through the
    /// delegate as typing is, and selects `selectedRange` within it; nil or "" removes it.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        replaceText(marked ?? selection, with: markedText ?? "", markedSelection: selectedRange)
    }

    /// Commits the marked text: it stays, no longer marked.
    open func unmarkText() { marked = nil }

    open var beginningOfDocument: UITextPosition { TextOffsets.position(0) }
    open var endOfDocument: UITextPosition { TextOffsets.position(length) }

    open func text(in range: UITextRange) -> String? {
        guard let range = TextOffsets.range(range, length: length) else { return nil }
        return storage.map { $0.mutableString.substring(with: range) } ?? ""
    }

    /// Replaces the text in `range` with `text`, as an edit of the user's (the delegate asked and
    /// told); the caret goes after the new text.
    open func replace(_ range: UITextRange, withText text: String) {
        guard let range = TextOffsets.range(range, length: length) else { return }
        replaceText(range, with: text)
    }

    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        TextOffsets.textRange(from: fromPosition, to: toPosition, length: length)
    }

    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        TextOffsets.position(from: position, offset: offset, length: length)
    }

    /// Right and left move by `offset` units; up and down by `offset` lines, to the place nearest
    /// the caret's x (nil past the first or last line).
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        switch direction {
        case .right: return self.position(from: position, offset: offset)
        case .left: return self.position(from: position, offset: -offset)
        case .up, .down:
            guard let start = TextOffsets.offset(position, length: length) else { return nil }
            let lines = lineGeometry()
            let index = lineIndex(of: start, in: lines) + (direction == .down ? offset : -offset)
            guard lines.indices.contains(index) else { return nil }
            return TextOffsets.position(closestOffset(toX: x(atOffset: start, in: lines), onLine: index, of: lines))
        }
    }

    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        TextOffsets.compare(position, other)
    }

    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        TextOffsets.offset(from: from, to: toPosition)
    }

    open weak var inputDelegate: UITextInputDelegate?

    open func position(within range: UITextRange, farthestIn direction: UITextLayoutDirection) -> UITextPosition? {
        guard let range = TextOffsets.range(range, length: length) else { return nil }
        return TextOffsets.position(direction == .left || direction == .up ? range.location : NSMaxRange(range))
    }

    /// From `position` to its line's start (left) or end (right), or to the document's start (up)
    /// or end (down).
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let offset = TextOffsets.offset(position, length: length) else { return nil }
        let lines = lineGeometry(), line = lines[lineIndex(of: offset, in: lines)]
        let (start, end): (Int, Int) = switch direction {
        case .left: (line.range.location, offset)
        case .right: (offset, max(offset, NSMaxRange(line.range)))
        case .up: (0, offset)
        case .down: (offset, length)
        }
        return TextOffsets.textRange(NSRange(location: start, length: end - start))
    }

    /// The caret at `position`: 2 pt wide and its line's height, after the text before it on its
    /// line, in the view's (content) coordinates.
    open func caretRect(for position: UITextPosition) -> CGRect {
        let offset = TextOffsets.offset(position, length: length) ?? length
        let lines = lineGeometry(), line = lines[lineIndex(of: offset, in: lines)]
        return CGRect(x: x(atOffset: offset, in: lines).rounded(), y: line.rect.minY, width: 2, height: line.rect.height)
    }

    /// The part of `range` on its first line: from its start's x to its end's (or the line's end).
    open func firstRect(for range: UITextRange) -> CGRect {
        guard let range = TextOffsets.range(range, length: length) else { return .null }
        let lines = lineGeometry(), index = lineIndex(of: range.location, in: lines), line = lines[index]
        let start = x(atOffset: range.location, in: lines)
        let end = x(atOffset: min(NSMaxRange(range), NSMaxRange(line.range)), in: lines)
        return CGRect(x: start, y: line.rect.minY, width: max(end - start, 0), height: line.rect.height)
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? {
        let lines = lineGeometry()
        let index = lines.firstIndex { point.y < $0.rect.maxY } ?? lines.count - 1
        return TextOffsets.position(closestOffset(toX: point.x, onLine: index, of: lines))
    }

    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = TextOffsets.range(range, length: length), let closest = closestPosition(to: point) else { return nil }
        let offset = (closest as? TextOffsetPosition)?.offset ?? 0
        return TextOffsets.position(min(max(offset, range.location), NSMaxRange(range)))
    }

    /// The grapheme under `point` (nil off the text's lines or past a line's ends).
    open func characterRange(at point: CGPoint) -> UITextRange? {
        let lines = lineGeometry()
        guard let line = lines.first(where: { $0.rect.minY <= point.y && point.y < $0.rect.maxY }), let storage else { return nil }
        let stops = TextOffsets.caretStops(in: storage.mutableString, range: line.range)
        for (a, b) in zip(stops, stops.dropFirst()) where point.x >= x(atOffset: a, in: lines) && point.x < x(atOffset: b, in: lines) {
            return TextOffsets.textRange(NSRange(location: a, length: b - a))
        }
        return nil
    }

    /// One laid-out line: the text on it (UTF-16 units, its line break left out) and its rectangle
    /// in the view (from its text's left edge, as aligned, to its end).
    private struct LineGeometry {
        var range: NSRange
        var rect: CGRect
    }

    /// The lines of the text laid out whole at the view's width (one empty line for no text),
    /// where the canvas draws them: inside `textContainerInset` and the container's padding.
    private func lineGeometry() -> [LineGeometry] {
        let inset = textContainerInset, left = inset.left + textContainer.lineFragmentPadding
        guard let storage, let layout = textLayout(forWidth: bounds.width) else {
            let height = (font ?? .systemFont(ofSize: 12)).lineHeight
            return [LineGeometry(range: NSRange(location: 0, length: 0), rect: CGRect(x: left, y: inset.top, width: 0, height: height))]
        }
        // The layout's lines are by UTF-8 bytes of the text as laid out, each line break
        // (`\n`, `\r\n`, `\r`, U+2029) made a three-byte line separator: the UTF-16 offset of
        // each grapheme boundary, by that byte offset.
        var utf16AtByte: [Int: Int] = [0: 0]
        var breakAt: Set<Int> = []
        var byte = 0, unit = 0
        for character in storage.string {
            let units = character.utf16.count
            switch character {
            case "\n", "\r", "\r\n", "\u{2029}", "\u{2028}":
                byte += 3
                breakAt.insert(unit)
            default:
                byte += character.utf8.count
            }
            unit += units
            utf16AtByte[byte] = unit
        }
        let width = lineWidth(forWidth: bounds.width)
        var lines: [LineGeometry] = []
        for (index, line) in layout.lines.enumerated() {
            let start = utf16AtByte[line.bytes.lowerBound] ?? lines.last.map { NSMaxRange($0.range) } ?? 0
            var end = index + 1 < layout.lines.count ? utf16AtByte[layout.lines[index + 1].bytes.lowerBound] ?? unit : unit
            // The line break ending a line is not on it (a caret after it is on the next line).
            if end > start, let last = TextOffsets.graphemeBefore(end, in: storage.mutableString), breakAt.contains(last.location) {
                end = last.location
            }
            let x = left + layout.lineOrigin(line, inWidth: width)
            lines.append(LineGeometry(range: NSRange(location: start, length: max(end - start, 0)),
                                      rect: CGRect(x: x, y: inset.top + line.top, width: line.width, height: line.height)))
        }
        return lines.isEmpty ? [LineGeometry(range: NSRange(location: 0, length: 0), rect: CGRect(x: left, y: inset.top, width: 0, height: (font ?? .systemFont(ofSize: 12)).lineHeight))] : lines
    }

    /// The line `offset` is on: the last that starts at or before it.
    private func lineIndex(of offset: Int, in lines: [LineGeometry]) -> Int {
        lines.lastIndex { $0.range.location <= offset } ?? 0
    }

    /// The x of the place before the text's `offset`th unit: its line's left edge plus the width
    /// of the text on the line before it.
    private func x(atOffset offset: Int, in lines: [LineGeometry]) -> CGFloat {
        let line = lines[lineIndex(of: offset, in: lines)]
        let end = min(offset, NSMaxRange(line.range))
        guard end > line.range.location, let text = attributedText else { return line.rect.minX }
        let before = text.attributedSubstring(from: NSRange(location: line.range.location, length: end - line.range.location))
        return line.rect.minX + before.size().width
    }

    /// The offset between graphemes on line `index` whose x is nearest `x`.
    private func closestOffset(toX x: CGFloat, onLine index: Int, of lines: [LineGeometry]) -> Int {
        let line = lines[index]
        guard let storage else { return 0 }
        let stops = TextOffsets.caretStops(in: storage.mutableString, range: line.range)
        return stops.min { abs(self.x(atOffset: $0, in: lines) - x) < abs(self.x(atOffset: $1, in: lines) - x) } ?? line.range.location
    }

    /// UIKit's designated initializer: a text view laying its text out in `textContainer`, or in a
    /// container of its own that tracks its width (nil). A subclass overrides this one (and
    /// `init?(coder:)`).
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        (container, manager, store) = Self.textSystem(textContainer)
        super.init(frame: frame)
        attachTextSystem()
    }

    /// The container (a given one, or one of its own that tracks the view's width), its layout
    /// manager and its storage, as UIKit takes them (made when missing).
    private static func textSystem(_ given: NSTextContainer?) -> (NSTextContainer, NSLayoutManager, NSTextStorage) {
        let container = given ?? {
            let own = NSTextContainer(size: CGSize(width: 0, height: CGFloat.greatestFiniteMagnitude))
            own.widthTracksTextView = true
            return own
        }()
        let manager = container.layoutManager ?? {
            let made = NSLayoutManager()
            made.addTextContainer(container)
            return made
        }()
        let store = manager.textStorage ?? {
            let made = NSTextStorage()
            made.addLayoutManager(manager)
            return made
        }()
        return (container, manager, store)
    }

    /// Ties the text system and the drawing canvas to the view, once it is made.
    private func attachTextSystem() {
        container.textView = self
        manager.defaultAttributes = defaultAttributes
        manager.defaultAlignment = textAlignment
        canvas.textView = self
        addSubview(canvas)
        systemSubviews = [canvas]
    }

    /// A text view with a container of its own: a convenience initializer, as Swift imports UIView's
    /// `init(frame:)` into UITextView (which names its own designated ones).
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, textContainer: nil)
    }

    /// A text view on TextKit 2 (true) or TextKit 1 (false), as iOS 16 offers: uisim has TextKit 1
    /// only, so both are the same view (`textLayoutManager` is not declared).
    public convenience init(usingTextLayoutManager: Bool) {
        self.init(frame: .zero, textContainer: nil)
    }

    /// From a document (`<textView>`): a container of its own, then the inspector's text, font,
    /// colour, alignment and editability.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        (container, manager, store) = Self.textSystem(nil)
        super.init(coder: coder)
        attachTextSystem()
        UINibDecoder.didInit(self, as: UITextView.self, coder: coder)
    }

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        return [.font: font ?? .systemFont(ofSize: 12), .foregroundColor: textColor ?? .label, .paragraphStyle: style]
    }

    func textLayoutDidChange() {
        manager.defaultAttributes = defaultAttributes
        manager.defaultAlignment = storesPlainText ? textAlignment : nil
        fragments = nil
        fragmentDamage = nil
        redrawAllText()
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Everything drawn again: the canvas, or every tile.
    private func redrawAllText() {
        canvas.setNeedsDisplay()
        for tile in tiles.values { tile.setNeedsDisplay() }
    }

    /// Whether the text is long enough to be laid out by paragraphs (and has no line limit,
    /// which counts the lines of the whole).
    private var laysOutByParagraph: Bool {
        (storage?.length ?? 0) > TextFragments.wholeTextLimit && textContainer.maximumNumberOfLines == 0
    }

    /// `range` of the text became `newLength` units: a long text lays out again only the
    /// paragraph edited (`TextFragments`), a short one the whole.
    private func textDidEdit(_ range: NSRange, newLength: Int, breaksLines: Bool) {
        guard let fragments, laysOutByParagraph, let storage else { return textLayoutDidChange() }
        fragments.edit(range, newLength: newLength, in: storage.mutableString, breaksLines: breaksLines)
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// Whether `text` holds a line break (what lays text out in another paragraph).
    private static func hasLineBreak(_ text: String) -> Bool {
        text.utf16.contains { $0 == 10 || $0 == 13 || $0 == 0x2028 || $0 == 0x2029 }
    }

    /// The width lines break at in a view `width` wide: the container's width (inside the insets,
    /// when it tracks the view's) less the padding; infinite for a container of no width limit.
    func lineWidth(forWidth width: CGFloat) -> CGFloat {
        textContainer.lineWidth(trackedWidth: width - textContainerInset.left - textContainerInset.right)
    }

    private func layoutRequest(_ text: NSAttributedString, width: CGFloat) -> TextLayoutRequest {
        let mode: NSLineBreakMode? = textContainer.maximumNumberOfLines > 0 ? textContainer.lineBreakMode : nil
        return TextLayoutRequest(text, width: width, maxLines: textContainer.maximumNumberOfLines, lineBreakMode: mode,
                                 alignment: storesPlainText ? textAlignment : nil, defaults: defaultAttributes)
    }

    /// The text laid out whole for a view `width` wide: wrapped inside the insets and the padding.
    func textLayout(forWidth width: CGFloat) -> TextLayout? {
        guard let storage, storage.length > 0 else { return nil }
        return AppEnvironment.current.text.layout(layoutRequest(storage, width: lineWidth(forWidth: width)))
    }

    /// A long text's paragraphs laid out for a view `width` wide (what an edit left to lay out);
    /// the part whose drawing changed joins `fragmentDamage`.
    private func paragraphLayout(forWidth width: CGFloat) -> TextFragments? {
        guard laysOutByParagraph, let storage else { return nil }
        let fragments: TextFragments
        if let existing = self.fragments {
            fragments = existing
        } else {
            fragments = TextFragments()
            fragments.reset(storage.mutableString)
            self.fragments = fragments
        }
        let lineWidth = lineWidth(forWidth: width)
        let widthChanged = fragments.width != nil && fragments.width != lineWidth
        if let changed = fragments.layOut(storage, width: lineWidth, request: { piece, continuing in
            let request = self.layoutRequest(piece, width: lineWidth)
            return continuing ? request.continuingParagraph() : request
        }) {
            fragmentDamage = widthChanged ? 0...CGFloat.greatestFiniteMagnitude
                : min(fragmentDamage?.lowerBound ?? changed.lowerBound, changed.lowerBound)...max(fragmentDamage?.upperBound ?? changed.upperBound, changed.upperBound)
        }
        return fragments
    }

    /// The height of the text at `width` with the insets: the content's height.
    private func contentHeight(forWidth width: CGFloat) -> CGFloat {
        if laysOutByManager {
            let text = managerTextHeight(forWidth: width)
            return (text + textContainerInset.top + textContainerInset.bottom).ceiledToPixel(scale: (window?.screen ?? UIScreen.main).scale)
        }
        let text = paragraphLayout(forWidth: width)?.height ?? textLayout(forWidth: width)?.size.height ?? (font ?? .systemFont(ofSize: 12)).lineHeight
        return (text + textContainerInset.top + textContainerInset.bottom).ceiledToPixel(scale: (window?.screen ?? UIScreen.main).scale)
    }

    /// Scrolling: no intrinsic size. Not scrolling: the text's height at the width Auto Layout
    /// gives the view (its frame's width before that).
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }
        let width = engineWidth ?? bounds.width
        return CGSize(width: UIView.noIntrinsicMetric, height: contentHeight(forWidth: width))
    }

    override func takeEngineWidth(_ width: CGFloat) -> Bool {
        guard !isScrollEnabled, engineWidth != width else { return false }
        engineWidth = width
        return true
    }

    /// The text's size at `size.width`, with the insets.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        AppEnvironment.current.text.statistics.measurements += 1
        let width = size.width > 0 && size.width.isFinite ? size.width : bounds.width
        return CGSize(width: width, height: contentHeight(forWidth: width))
    }

    open override var isScrollEnabled: Bool {
        didSet { if isScrollEnabled != oldValue { invalidateIntrinsicContentSize() } }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = contentHeight(forWidth: bounds.width)
        var tracked = textContainer.size
        if textContainer.widthTracksTextView { tracked.width = bounds.width - textContainerInset.left - textContainerInset.right }
        if textContainer.heightTracksTextView { tracked.height = bounds.height - textContainerInset.top - textContainerInset.bottom }
        if textContainer.size != tracked { textContainer.size = tracked }
        if contentSize != CGSize(width: bounds.width, height: height) { contentSize = CGSize(width: bounds.width, height: height) }
        if showsInsertionPointAfterLayout {
            showsInsertionPointAfterLayout = false
            if NSMaxRange(selection) >= length {
                // The least scroll that shows the text's last line with the inset below it.
                let bottom = height + adjustedContentInset.bottom - bounds.height
                if contentOffset.y < bottom { contentOffset.y = bottom }
            } else {
                // The least scroll that shows the caret's line.
                let caret = caretRect(for: TextOffsets.position(NSMaxRange(selection)))
                let top = -adjustedContentInset.top, bottom = caret.maxY + adjustedContentInset.bottom - bounds.height
                if contentOffset.y > caret.minY - adjustedContentInset.top { contentOffset.y = max(caret.minY - adjustedContentInset.top, top) }
                else if contentOffset.y < bottom { contentOffset.y = bottom }
            }
        }
        let frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(height, bounds.height))
        if fragments != nil && laysOutByParagraph {
            if canvas.superview != nil { canvas.removeFromSuperview() }
            layOutTiles(covering: frame)
        } else {
            if !tiles.isEmpty {
                for tile in tiles.values { tile.removeFromSuperview() }
                tiles = [:]
                canvas.setNeedsDisplay()
            }
            if canvas.superview == nil { insertSubview(canvas, at: 0) }
            if canvas.frame != frame { canvas.frame = frame }
        }
        systemSubviews = tiles.isEmpty ? [canvas] : tiles.keys.sorted().map { tiles[$0]! }
    }

    /// Keeps the tiles of a long text that are on screen or next to it (one above, one below),
    /// placed down `frame`, and draws again what the edits changed in them.
    private func layOutTiles(covering frame: CGRect) {
        let tileHeight = Self.tileHeight
        let count = max(Int((frame.height / tileHeight).rounded(.up)), 1)
        let visible = bounds
        let first = max(Int((visible.minY / tileHeight).rounded(.down)) - 1, 0)
        let last = min(Int((visible.maxY / tileHeight).rounded(.down)) + 1, count - 1)
        let wanted = first <= last ? first...last : 0...0
        for (index, tile) in tiles where !wanted.contains(index) {
            tile.removeFromSuperview()
            tiles[index] = nil
        }
        let damage = fragmentDamage.map { ($0.lowerBound + textContainerInset.top)...($0.upperBound + textContainerInset.top) }
        fragmentDamage = nil
        for index in wanted {
            let tileFrame = CGRect(x: 0, y: CGFloat(index) * tileHeight, width: frame.width,
                                   height: min(tileHeight, frame.height - CGFloat(index) * tileHeight))
            if let tile = tiles[index] {
                if tile.frame != tileFrame {
                    tile.frame = tileFrame
                    tile.setNeedsDisplay()
                } else if let damage, damage.overlaps(tileFrame.minY...tileFrame.maxY) {
                    let top = max(damage.lowerBound, tileFrame.minY), bottom = min(damage.upperBound, tileFrame.maxY)
                    tile.setNeedsDisplay(CGRect(x: 0, y: top - tileFrame.minY, width: tileFrame.width, height: bottom - top))
                }
            } else {
                let tile = TextCanvas()
                tile.textView = self
                tile.frame = tileFrame
                insertSubview(tile, at: 0)
                tile.setNeedsDisplay()
                tiles[index] = tile
            }
        }
    }

    /// Draws the text view's text: a subview as tall as the content, so scrolling moves it.
    private final class TextCanvas: UIView {
        weak var textView: UITextView?

        override init(frame: CGRect) {
            super.init(frame: frame)
            isOpaque = false
            isUserInteractionEnabled = false
        }

        public required init?(coder: NSCoder) {
            noArchives(Self.self)
            return nil
        }

        override func draw(_ rect: CGRect) {
            guard let textView, let context = UIGraphicsGetCurrentContext() else { return }
            let inset = textView.textContainerInset, padding = textView.textContainer.lineFragmentPadding
            let boxWidth = textView.lineWidth(forWidth: bounds.width)
            if textView.laysOutByManager {
                let manager = textView.layoutManager
                manager.drawGlyphs(forGlyphRange: manager.glyphRange(for: textView.textContainer), at: CGPoint(x: inset.left, y: inset.top))
                return
            }
            if let fragments = textView.fragments, textView.laysOutByParagraph {
                // A tile of a long text: the paragraphs in the rectangle to draw, where they stand
                // in the content (the tile's frame is in content coordinates).
                let top = frame.minY - inset.top
                for piece in fragments.fragments(in: (top + rect.minY)...(top + rect.maxY)) {
                    guard let layout = piece.layout else { continue }
                    let box = CGRect(x: inset.left + padding, y: piece.top - top + inset.top, width: boxWidth, height: layout.size.height)
                    context.draw(layout, in: box, clipsTo: nil)
                }
                return
            }
            guard let layout = textView.textLayout(forWidth: bounds.width) else { return }
            let box = CGRect(x: inset.left + padding, y: inset.top, width: boxWidth, height: layout.size.height)
            context.draw(layout, in: box, clipsTo: nil)
        }
    }
}

// MARK: TextKit 1: the storage, typing attributes, and the container's news

extension UITextView: TextContainerView {
    /// The stored attributes of the character before the caret (the first at the start), without
    /// an attachment's.
    fileprivate var storedAttributesAtCaret: [NSAttributedString.Key: Any] {
        guard store.length > 0 else { return [:] }
        var attributes = store.attributes(at: min(max(selection.location - 1, 0), store.length - 1), effectiveRange: nil)
        attributes[.attachment] = nil
        return attributes
    }

    /// The whole text replaced by the view (`text`, `attributedText`), not as an edit of the app's.
    fileprivate func replaceStoredText(_ text: NSAttributedString) {
        isEditingStorage = true
        store.setAttributedString(text)
        isEditingStorage = false
    }

    /// `text` with the view's font, colour and alignment where its runs say none.
    fileprivate func withDefaults(_ text: NSAttributedString) -> NSAttributedString {
        let out = NSMutableAttributedString(string: text.string, attributes: defaultAttributes)
        text.enumerateAttributes(in: NSRange(location: 0, length: text.length), options: []) { attributes, range, _ in
            if !attributes.isEmpty { out.addAttributes(attributes, range: range) }
        }
        return out
    }

    /// Whether the container's lines are not plain rectangles (exclusion paths): the layout
    /// manager lays the text out and draws it.
    fileprivate var laysOutByManager: Bool { !textContainer.isSimpleRectangularTextContainer }

    /// The text's height as the layout manager lays it out in the container (`width` wide view).
    fileprivate func managerTextHeight(forWidth width: CGFloat) -> CGFloat {
        if textContainer.widthTracksTextView {
            let tracked = width - textContainerInset.left - textContainerInset.right
            if textContainer.size.width != tracked { textContainer.size.width = tracked }
        }
        return layoutManager.usedRect(for: textContainer).maxY
    }

    nonisolated package func textContainerDidChange() {
        MainActor.assumeIsolated { textLayoutDidChange() }
    }

    /// An edit made through `textStorage` by the app (not the view's own): the text is laid out
    /// again and the selection kept on the same text.
    nonisolated package func textStorageDidEdit(_ mask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int) {
        MainActor.assumeIsolated {
            guard !isEditingStorage else { return }
            if mask.contains(.editedCharacters) {
                var moved = selection
                let oldEnd = NSMaxRange(range) - delta
                if moved.location >= oldEnd { moved.location += delta }
                selection = TextOffsets.clamp(moved, length: store.length)
                marked = nil
            }
            textLayoutDidChange()
        }
    }
}
