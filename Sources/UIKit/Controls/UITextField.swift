import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a text field asks and tells its delegate, as UIKit's `UITextFieldDelegate` (every method
/// optional: default implementations allow everything and do nothing).
@preconcurrency @MainActor
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    /// Editing ended, and why (the default calls `textFieldDidEndEditing(_:)`).
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) { textFieldDidEndEditing(textField) }
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}

extension UIControl.Event {
    public static let editingDidBegin = UIControl.Event(rawValue: 1 << 16)
    public static let editingChanged = UIControl.Event(rawValue: 1 << 17)
    public static let editingDidEnd = UIControl.Event(rawValue: 1 << 18)
    /// Return pressed: a text field with an action for it resigns first responder.
    public static let editingDidEndOnExit = UIControl.Event(rawValue: 1 << 19)
    public static let allEditingEvents = UIControl.Event(rawValue: 0x000F_0000)
}

/// One line of editable text, as UIKit's `UITextField`: `text` or its `placeholder`, a font
/// (17 pt by default), a border style (`.roundedRect`: 7 pt in from the sides and 2 from top and
/// bottom, at least 30 pt of text height, so 34 pt tall with the default font; corner radius 5, a
/// hairline border), a clear button (19 × 19 pt), left and right views. A tap makes it the first
/// responder (the keyboard comes up); typed text from a trace's `key` samples, or from
/// `insertText(_:)`, reaches it through `UIKeyInput`, asking the delegate, sending
/// `.editingChanged` and posting `textDidChangeNotification`. While editing it has a selection
/// (`UITextInput`: `selectedTextRange`, positions that are UTF-16 offsets): typing replaces the
/// selected text or goes in at the caret, and moves the caret after it; the caret is a 2 pt bar in
/// the tint colour that does not blink. Editing begins with the caret at the end of the text.
open class UITextField: UIControl, UITextInput {
    /// How the field's border is drawn (UIKit's `UITextField.BorderStyle`).
    public enum BorderStyle: Int, Sendable {
        case none, line, bezel, roundedRect
    }

    /// When an overlay view (clear button, left or right view) shows.
    public enum ViewMode: Int, Sendable {
        case never, whileEditing, unlessEditing, always
    }

    /// Why editing ended (`textFieldDidEndEditing(_:reason:)`'s reason).
    public enum DidEndEditingReason: Int, Sendable {
        case committed
    }

    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")

    /// The text (never nil when read: "" without text, as UIKit's).
    open var text: String? {
        get { storedText }
        set {
            keyValueWillChange("text")
            setText(newValue)
            keyValueDidChange("text")
        }
    }

    /// Setting the text puts the caret at its end and drops any marked text, as UIKit does (the
    /// positions and ranges an app held no longer apply; an app that reformats the text while the
    /// user types sets `selectedTextRange` again afterwards: Stack Overflow 11157791, "How to move
    /// cursor in UITextField after setting its value"). No `.editingChanged`, no delegate's
    /// `shouldChangeCharactersIn`: those are for the user's edits.
    private func setText(_ text: String?) {
        let new = text ?? ""
        let end = NSRange(location: (new as NSString).length, length: 0)
        marked = nil
        if new != storedText {
            storedText = new
            textDidChange()
        }
        moveSelection(to: end)
    }
    private var storedText = ""

    /// The selection, in UTF-16 units of the text (a caret when empty); kept while not editing,
    /// though `selectedTextRange` says nil then.
    private var selection = NSRange(location: 0, length: 0)
    /// The marked text of a multistage input (`setMarkedText(_:selectedRange:)`), nil for none.
    private var marked: NSRange?

    /// The text with the field's attributes (its font and colour).
    open var attributedText: NSAttributedString? {
        get { NSAttributedString(string: storedText, attributes: textAttributes) }
        set {
            keyValueWillChange("attributedText")
            setText(newValue?.string)
            keyValueDidChange("attributedText")
        }
    }

    /// Grey text shown while the field is empty.
    open var placeholder: String? {
        get { attributedPlaceholder?.string }
        set { attributedPlaceholder = newValue.map { NSAttributedString(string: $0) } }
    }

    /// The placeholder with attributes of its own (the field's font and `.placeholderText`
    /// where it says none).
    open var attributedPlaceholder: NSAttributedString? {
        didSet { textDidChange() }
    }

    open var font: UIFont? = UIFont.systemFont(ofSize: 17) {
        didSet { textDidChange() }
    }

    open var textColor: UIColor? = .label {
        didSet { setNeedsDisplay() }
    }

    open var textAlignment = NSTextAlignment.natural {
        didSet { setNeedsDisplay() }
    }

    open var borderStyle = BorderStyle.none {
        didSet {
            guard borderStyle != oldValue else { return }
            applyBorder()
            textDidChange()
        }
    }

    open weak var delegate: UITextFieldDelegate?

    open var clearButtonMode = ViewMode.never {
        didSet { setNeedsLayout() }
    }
    /// Whether beginning to edit empties the field.
    open var clearsOnBeginEditing = false

    open var leftView: UIView? {
        didSet { swapOverlay(oldValue, leftView) }
    }
    open var leftViewMode = ViewMode.never {
        didSet { setNeedsLayout() }
    }
    open var rightView: UIView? {
        didSet { swapOverlay(oldValue, rightView) }
    }
    open var rightViewMode = ViewMode.never {
        didSet { setNeedsLayout() }
    }

    /// Whether the field is the first responder, taking keys.
    open var isEditing: Bool { editing }
    private var editing = false

    // UITextInputTraits, kept as set.
    open var keyboardType = UIKeyboardType.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open var textContentType: UITextContentType!
    /// Whether the text is drawn as bullets (a password).
    open var isSecureTextEntry = false {
        didSet { setNeedsDisplay() }
    }

    /// The caret while editing, after the text.
    private let caret = UIView()
    /// The clear button (a circled cross) while `clearButtonMode` says so and there is text.
    private let clearButton = ClearButton(frame: CGRect(x: 0, y: 0, width: 19, height: 19))

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpField()
    }

    private func setUpField() {
        isOpaque = false
        contentMode = .redraw
        caret.isHidden = true
        caret.isUserInteractionEnabled = false
        clearButton.isHidden = true
        clearButton.isUserInteractionEnabled = false
        addSubview(caret)
        addSubview(clearButton)
        systemSubviews = [caret, clearButton]
        applyCaretColor()
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpField()
        UINibDecoder.didInit(self, as: UITextField.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    /// The placeholder (what UIKit reads for a field without a label of its own).
    override var defaultAccessibilityLabel: String? { attributedPlaceholder?.string }
    override var defaultAccessibilityValue: String? { isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .none : .notEnabled }

    // MARK: Text

    private var textAttributes: [NSAttributedString.Key: Any] {
        [.font: resolvedFont, .foregroundColor: textColor ?? .label]
    }

    private var resolvedFont: UIFont { font ?? UIFont.systemFont(ofSize: 17) }

    private func textDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
        setNeedsLayout()
    }

    private func swapOverlay(_ old: UIView?, _ new: UIView?) {
        if old !== new {
            old?.removeFromSuperview()
            if let new { addSubview(new) }
            // The API's own views, not subviews an app slipped in (no hierarchy warning).
            systemSubviews = [caret, clearButton] + [leftView, rightView].compactMap { $0 }
        }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    open var hasText: Bool { !storedText.isEmpty }

    /// Types `text` as the keyboard does: "\n" is the return key (the delegate's
    /// `textFieldShouldReturn(_:)`, then `.primaryActionTriggered` and `.editingDidEndOnExit`,
    /// which resigns when an action listens for it); other text, if the delegate allows, replaces
    /// the marked text, else the selection (a caret: goes in at it), and the caret follows it.
    open func insertText(_ text: String) {
        guard !text.isEmpty else { return }
        if text == "\n" {
            guard delegate?.textFieldShouldReturn(self) ?? true else { return }
            sendActions(for: .primaryActionTriggered)
            if !allControlEvents.intersection(.editingDidEndOnExit).isEmpty {
                sendActions(for: .editingDidEndOnExit)
                resignFirstResponder()
            }
            return
        }
        let clean = text.replacingOccurrences(of: "\n", with: " ")
        edit(marked ?? selection, with: clean)
    }

    /// The delete key: deletes the selected text, else the character before the caret (a whole
    /// grapheme: an emoji, a letter with its accents); nothing at the start.
    open func deleteBackward() {
        if selection.length > 0 { edit(selection, with: ""); return }
        guard let range = TextOffsets.graphemeBefore(selection.location, in: storedText as NSString) else { return }
        edit(range, with: "")
    }

    // MARK: Edit actions (UIResponderStandardEditActions), as the edit menu sends them

    /// Puts the selected text on the general pasteboard (nothing without a selection; a secure
    /// field's text never leaves it, as UIKit's).
    open func copy(_ sender: Any?) {
        guard selection.length > 0, !isSecureTextEntry else { return }
        UIPasteboard.general.string = (storedText as NSString).substring(with: TextOffsets.clamp(selection, length: length))
    }

    /// Copies the selection, then deletes it as an edit of the user's (the delegate asked).
    open func cut(_ sender: Any?) {
        guard selection.length > 0 else { return }
        copy(sender)
        edit(selection, with: "")
    }

    /// Puts the pasteboard's string in place of the selection (line breaks become spaces: a
    /// field has one line), as an edit of the user's; the caret goes after it.
    open func paste(_ sender: Any?) {
        guard let string = UIPasteboard.general.string, !string.isEmpty else { return }
        edit(marked ?? selection, with: string.replacingOccurrences(of: "\n", with: " "))
    }

    /// Selects the whole text.
    open func selectAll(_ sender: Any?) {
        guard length > 0, selection != NSRange(location: 0, length: length) else { return }
        selection = NSRange(location: 0, length: length)
        delegate?.textFieldDidChangeSelection(self)
    }

    /// Copy and cut with a selection, paste with a string on the pasteboard, select all with text
    /// not all selected; what else the responder chain decides.
    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        TextOffsets.canPerform(action, selection: selection, length: length, copies: !isSecureTextEntry, editable: true)
            ?? super.canPerformAction(action, withSender: sender)
    }

    /// The user's edit: `range` becomes `string` if the delegate allows; the caret goes after it,
    /// the marked text is committed (or, with `markedSelection`, the new text is marked and that
    /// range of it selected); `.editingChanged`, `textDidChangeNotification` and the delegate's
    /// `textFieldDidChangeSelection(_:)` follow, as UIKit sends them for each key.
    @discardableResult
    private func edit(_ range: NSRange, with string: String, markedSelection: NSRange? = nil) -> Bool {
        let range = TextOffsets.clamp(range, length: length)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else { return false }
        storedText = (storedText as NSString).replacingCharacters(in: range, with: string)
        let count = (string as NSString).length
        selection = NSRange(location: range.location + count, length: 0)
        marked = nil
        if let markedSelection, count > 0 {
            marked = NSRange(location: range.location, length: count)
            let inner = TextOffsets.clamp(markedSelection, length: count)
            selection = NSRange(location: range.location + inner.location, length: inner.length)
        }
        textDidChange()
        sendActions(for: .editingChanged)
        NotificationCenter.default.post(name: Self.textDidChangeNotification, object: self)
        delegate?.textFieldDidChangeSelection(self)
        return true
    }

    /// The text's length in UTF-16 units (positions' offsets run from 0 to it).
    private var length: Int { (storedText as NSString).length }

    /// Moves the selection to `range` (kept in the text) without editing: the caret is placed
    /// again and, while editing, the input delegate and the delegate's
    /// `textFieldDidChangeSelection(_:)` hear of it when it changed.
    private func moveSelection(to range: NSRange) {
        let range = TextOffsets.clamp(range, length: length)
        guard range != selection else { return }
        guard isEditing else { selection = range; return }
        inputDelegate?.selectionWillChange(self)
        selection = range
        setNeedsLayout()
        inputDelegate?.selectionDidChange(self)
        delegate?.textFieldDidChangeSelection(self)
    }

    // MARK: UITextInput

    /// The selection while editing: a caret (an empty range) or the selected text; nil while not
    /// editing (UIKit's field has a selection only while it is the first responder: one set
    /// before is not kept). Set it to place the caret, e.g. `textRange(from: p, to: p)`.
    open var selectedTextRange: UITextRange? {
        get { isEditing ? TextOffsets.textRange(selection) : nil }
        set {
            guard isEditing, let newValue, let range = TextOffsets.range(newValue, length: length) else { return }
            moveSelection(to: range)
        }
    }

    /// The marked text of a multistage input method (nil: none, always with uisim's keyboard,
    /// which types committed text; `setMarkedText(_:selectedRange:)` marks some).
    open var markedTextRange: UITextRange? { marked.map(TextOffsets.textRange) }

    open var markedTextStyle: [NSAttributedString.Key: Any]?

    /// Puts `markedText` in place of the marked text (else of the selection), marked, through the
    /// delegate as typing is, and selects `selectedRange` within it; nil or "" removes it.
    open func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        edit(marked ?? selection, with: markedText ?? "", markedSelection: selectedRange)
    }

    /// Commits the marked text: it stays, no longer marked.
    open func unmarkText() { marked = nil }

    open var beginningOfDocument: UITextPosition { TextOffsets.position(0) }
    open var endOfDocument: UITextPosition { TextOffsets.position(length) }

    open func text(in range: UITextRange) -> String? {
        TextOffsets.range(range, length: length).map { (storedText as NSString).substring(with: $0) }
    }

    /// Replaces the text in `range` with `text`, as an edit of the user's (the delegate asked,
    /// `.editingChanged` sent); the caret goes after the new text.
    open func replace(_ range: UITextRange, withText text: String) {
        guard let range = TextOffsets.range(range, length: length) else { return }
        edit(range, with: text)
    }

    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        TextOffsets.textRange(from: fromPosition, to: toPosition, length: length)
    }

    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        TextOffsets.position(from: position, offset: offset, length: length)
    }

    /// Right and left move along the one line; there is no line above or below (nil).
    open func position(from position: UITextPosition, in direction: UITextLayoutDirection, offset: Int) -> UITextPosition? {
        switch direction {
        case .right: self.position(from: position, offset: offset)
        case .left: self.position(from: position, offset: -offset)
        case .up, .down: offset == 0 ? self.position(from: position, offset: 0) : nil
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

    /// From `position` to the line's end in `direction` (the one line's start or end).
    open func characterRange(byExtending position: UITextPosition, in direction: UITextLayoutDirection) -> UITextRange? {
        guard let offset = TextOffsets.offset(position, length: length) else { return nil }
        return direction == .left || direction == .up ? TextOffsets.textRange(NSRange(location: 0, length: offset))
            : TextOffsets.textRange(NSRange(location: offset, length: length - offset))
    }

    /// The caret at `position`: 2 pt wide, the font's line height, centred in the editing
    /// rectangle, after the text before it (where the field draws its caret).
    open func caretRect(for position: UITextPosition) -> CGRect {
        let offset = TextOffsets.offset(position, length: length) ?? length
        let height = resolvedFont.lineHeight, rect = lineRect
        return CGRect(x: x(atOffset: offset).rounded(), y: rect.midY - height / 2, width: 2, height: height)
    }

    /// The rectangle of the text in `range`: from its start's x to its end's, a line tall.
    open func firstRect(for range: UITextRange) -> CGRect {
        guard let range = TextOffsets.range(range, length: length) else { return .null }
        let height = resolvedFont.lineHeight, rect = lineRect
        let start = x(atOffset: range.location), end = x(atOffset: NSMaxRange(range))
        return CGRect(x: start, y: rect.midY - height / 2, width: end - start, height: height)
    }

    open func closestPosition(to point: CGPoint) -> UITextPosition? {
        closestPosition(to: point, within: TextOffsets.textRange(NSRange(location: 0, length: length)))
    }

    /// The place between graphemes in `range` whose x is nearest `point`'s.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        guard let range = TextOffsets.range(range, length: length) else { return nil }
        let stops = TextOffsets.caretStops(in: storedText as NSString, range: range)
        return stops.min { abs(x(atOffset: $0) - point.x) < abs(x(atOffset: $1) - point.x) }.map(TextOffsets.position)
    }

    /// The grapheme under `point` (nil off the text's line or past its ends).
    open func characterRange(at point: CGPoint) -> UITextRange? {
        let height = resolvedFont.lineHeight, rect = lineRect
        guard point.y >= rect.midY - height / 2, point.y <= rect.midY + height / 2 else { return nil }
        let stops = TextOffsets.caretStops(in: storedText as NSString, range: NSRange(location: 0, length: length))
        for (a, b) in zip(stops, stops.dropFirst()) where point.x >= x(atOffset: a) && point.x < x(atOffset: b) {
            return TextOffsets.textRange(NSRange(location: a, length: b - a))
        }
        return nil
    }

    /// Where the line of text is: the editing rectangle while editing, else the text's.
    private var lineRect: CGRect { isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds) }

    /// The x of the place before the text's `offset`th unit, as `drawLine` places the text
    /// (its alignment), kept inside the line's rectangle.
    private func x(atOffset offset: Int) -> CGFloat {
        let rect = lineRect, font = resolvedFont
        let shown = shownText
        let prefix = isSecureTextEntry
            ? String(repeating: "•", count: (storedText as NSString).substring(to: min(offset, length)).count)
            : (shown as NSString).substring(to: min(offset, (shown as NSString).length))
        let whole = shown.size(withAttributes: [.font: font]).width
        let start: CGFloat = switch textAlignment {
        case .center: rect.midX - whole / 2
        case .right: rect.maxX - whole
        default: rect.minX
        }
        return min(start + prefix.size(withAttributes: [.font: font]).width, rect.maxX)
    }

    // MARK: First responder

    open override var canBecomeFirstResponder: Bool { isEnabled }

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
        guard window != nil, isEnabled, delegate?.textFieldShouldBeginEditing(self) ?? true else { return false }
        return super.becomeFirstResponder()
    }

    /// Editing begins: the field says so before the keyboard comes up, as UIKit orders it.
    /// Editing begins with the caret at the end of the text.
    override func didTakeFocus() {
        selection = NSRange(location: length, length: 0)
        marked = nil
        editing = true
        if clearsOnBeginEditing, hasText { edit(NSRange(location: 0, length: length), with: "") }
        setNeedsLayout()
        sendActions(for: .editingDidBegin)
        delegate?.textFieldDidBeginEditing(self)
        NotificationCenter.default.post(name: Self.textDidBeginEditingNotification, object: self)
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        guard delegate?.textFieldShouldEndEditing(self) ?? true else { return false }
        guard super.resignFirstResponder() else { return false }
        editing = false
        marked = nil
        setNeedsLayout()
        sendActions(for: .editingDidEnd)
        delegate?.textFieldDidEndEditing(self, reason: .committed)
        NotificationCenter.default.post(name: Self.textDidEndEditingNotification, object: self)
        return true
    }

    /// A tap (a touch lifted inside) on the clear button empties the field; elsewhere it begins
    /// editing.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.contains(touch.location(in: self)) else { return }
        let point = touch.location(in: self)
        if !clearButton.isHidden, clearButton.frame.insetBy(dx: -5.5, dy: -5.5).contains(point) {
            guard delegate?.textFieldShouldClear(self) ?? true else { return }
            if !isEditing { becomeFirstResponder() }
            edit(NSRange(location: 0, length: length), with: "")
            return
        }
        becomeFirstResponder()
    }

    // MARK: Geometry (UIKit's overridable rectangles)

    /// The padding of the text inside the border.
    private var padding: UIEdgeInsets {
        switch borderStyle {
        case .roundedRect: UIEdgeInsets(top: 2, left: 7, bottom: 2, right: 7)
        case .line, .bezel: UIEdgeInsets(top: 2, left: 2, bottom: 2, right: 2)
        case .none: .zero
        }
    }

    private func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: false
        case .always: true
        case .whileEditing: isEditing
        case .unlessEditing: !isEditing
        }
    }

    private var showsClearButton: Bool { hasText && shows(clearButtonMode) }

    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let leftView, shows(leftViewMode) else { return .zero }
        let size = leftView.frame.size
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let rightView, shows(rightViewMode) else { return .zero }
        let size = rightView.frame.size
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The clear button's place: 19 × 19 pt at the right of the text area, centred vertically
    /// (UIKit's `round(midY − (19 / 2 + 1))` puts it a point higher, rounded).
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        let right = rightViewRect(forBounds: bounds)
        let maxX = (right == .zero ? bounds.maxX : right.minX) - padding.right
        return CGRect(x: maxX - 19, y: (bounds.midY - (19 / 2 + 1)).rounded(), width: 19, height: 19)
    }

    /// Where the text is drawn: the bounds inside the padding, less the overlay views.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var r = bounds.inset(by: padding)
        let left = leftViewRect(forBounds: bounds), right = rightViewRect(forBounds: bounds)
        if left != .zero { r.size.width -= left.maxX - r.minX; r.origin.x = left.maxX }
        if right != .zero { r.size.width = max(0, right.minX - r.minX) }
        if showsClearButton { r.size.width = max(0, clearButtonRect(forBounds: bounds).minX - r.minX) }
        return r
    }

    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The text's size (or the placeholder's, whichever is wider) inside the padding and beside
    /// the overlay views; `.roundedRect` is at least 30 pt of text tall plus its 4 of padding.
    open override var intrinsicContentSize: CGSize {
        let font = resolvedFont
        let scale = (window?.screen ?? UIScreen.main).scale
        let textWidth = max(storedText.size(withAttributes: [.font: font]).width,
                            (attributedPlaceholder?.string ?? "").size(withAttributes: [.font: font]).width)
        let line = font.lineHeight.ceiledToPixel(scale: scale)
        let overlays = (leftView.map { shows(leftViewMode) ? $0.frame.width : 0 } ?? 0)
            + (rightView.map { shows(rightViewMode) ? $0.frame.width : 0 } ?? 0)
        let height = borderStyle == .roundedRect ? max(line, 30) : line
        return CGSize(width: (textWidth + padding.left + padding.right + overlays).ceiledToPixel(scale: scale),
                      height: height + padding.top + padding.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let leftView { leftView.isHidden = !shows(leftViewMode); leftView.frame = leftViewRect(forBounds: bounds).isEmpty ? leftView.frame : leftViewRect(forBounds: bounds) }
        if let rightView { rightView.isHidden = !shows(rightViewMode); rightView.frame = rightViewRect(forBounds: bounds).isEmpty ? rightView.frame : rightViewRect(forBounds: bounds) }
        clearButton.isHidden = !showsClearButton
        clearButton.frame = clearButtonRect(forBounds: bounds)
        caret.isHidden = !isEditing
        if isEditing {
            caret.frame = caretRect(for: TextOffsets.position(selection.location + selection.length))
        }
    }

    private var shownText: String {
        isSecureTextEntry ? String(repeating: "•", count: storedText.count) : storedText
    }

    open override func draw(_ rect: CGRect) {
        super.draw(rect)
        if hasText {
            drawText(in: isEditing ? editingRect(forBounds: bounds) : textRect(forBounds: bounds))
        } else if attributedPlaceholder != nil {
            drawPlaceholder(in: placeholderRect(forBounds: bounds))
        }
    }

    /// Draws the text on one line, centred vertically in `rect`, aligned as `textAlignment` says.
    open func drawText(in rect: CGRect) {
        let string = NSAttributedString(string: shownText, attributes: textAttributes)
        drawLine(string, in: rect)
    }

    /// Draws the placeholder in `.placeholderText` (unless it has a colour of its own).
    open func drawPlaceholder(in rect: CGRect) {
        guard let placeholder = attributedPlaceholder else { return }
        let string = NSMutableAttributedString(string: placeholder.string, attributes: [.font: resolvedFont, .foregroundColor: UIColor.placeholderText])
        placeholder.enumerateAttributes(in: NSRange(location: 0, length: placeholder.length)) { attributes, range, _ in
            string.addAttributes(attributes, range: range)
        }
        drawLine(string, in: rect)
    }

    private func drawLine(_ string: NSAttributedString, in rect: CGRect) {
        let size = string.size()
        let x: CGFloat = switch textAlignment {
        case .center: rect.midX - size.width / 2
        case .right: rect.maxX - size.width
        default: rect.minX
        }
        UIGraphicsGetCurrentContext()?.saveGState()
        UIGraphicsGetCurrentContext()?.clip(to: rect)
        string.draw(at: CGPoint(x: x, y: rect.midY - size.height / 2))
        UIGraphicsGetCurrentContext()?.restoreGState()
    }

    // MARK: Appearance

    private func applyBorder() {
        let scale = (window?.screen ?? UIScreen.main).scale
        switch borderStyle {
        case .roundedRect:
            layer.cornerRadius = 5
            layer.borderWidth = 1 / scale
            layer.borderColor = UIColor.systemGray4.resolvedColor(with: traitCollection).cgColor
            backgroundColor = backgroundColor ?? .systemBackground
        case .line, .bezel:
            layer.cornerRadius = 0
            layer.borderWidth = 1
            layer.borderColor = (borderStyle == .line ? UIColor.label : UIColor.systemGray).resolvedColor(with: traitCollection).cgColor
        case .none:
            layer.cornerRadius = 0
            layer.borderWidth = 0
            layer.borderColor = nil
        }
    }

    private func applyCaretColor() {
        caret.backgroundColor = tintColor
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyCaretColor()
    }

    override func appearanceStyleDidChange() {
        super.appearanceStyleDidChange()
        applyBorder()
    }
}

/// The clear button's glyph: a grey circle with a white cross (`.tertiaryLabel`).
private final class ClearButton: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    override func draw(_ rect: CGRect) {
        UIColor.tertiaryLabel.setFill()
        UIBezierPath(ovalIn: bounds).fill()
        UIColor.systemBackground.setStroke()
        let cross = UIBezierPath()
        let inset = bounds.insetBy(dx: 6, dy: 6)
        cross.move(to: CGPoint(x: inset.minX, y: inset.minY))
        cross.addLine(to: CGPoint(x: inset.maxX, y: inset.maxY))
        cross.move(to: CGPoint(x: inset.maxX, y: inset.minY))
        cross.addLine(to: CGPoint(x: inset.minX, y: inset.maxY))
        cross.lineWidth = 1.5
        cross.stroke()
    }
}
