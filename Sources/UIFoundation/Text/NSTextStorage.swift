import Foundation
import CoreGraphics
import Geometry

/// TextKit's text: a mutable attributed string that tells its layout managers of every edit, as
/// UIKit's `NSTextStorage`. Each change (through any of NSMutableAttributedString's mutators) is
/// noted with `edited(_:range:changeInLength:)`; at the end of the outermost
/// `beginEditing()`/`endEditing()` (at once outside one) `processEditing()` tells the delegate
/// (`willProcessEditing`, then `didProcessEditing`), posts the two notifications, and has each
/// layout manager invalidate the edited text.
///
/// On iOS NSTextStorage is semi-abstract: a subclass keeps the text itself, overriding the four
/// primitives (`string`, `attributes(at:effectiveRange:)`, `replaceCharacters(in:with:)` with a
/// string, `setAttributes(_:range:)`) and calling `edited`. Foundation on Linux has a concrete,
/// subclassable `NSMutableAttributedString` (every member open, its text kept in its own storage),
/// so uisim's NSTextStorage keeps its text there, as `NSTextStorage()` does on iOS; the other
/// mutators (`replaceCharacters` with an attributed string, `addAttribute(s)`, `removeAttribute`,
/// `deleteCharacters`) are written over the two mutating primitives, and `length`,
/// `attribute(_:at:effectiveRange:)`, `attributedSubstring(from:)` and the enumerations over the
/// reading ones when a subclass keeps its text elsewhere (Foundation's own read its storage), so a
/// subclass that overrides only the primitives works as on iOS. `mutableString` is Foundation's
/// (the storage's own string, not a proxy that edits through the primitives).
open class NSTextStorage: NSMutableAttributedString {
    /// What an edit changed, as `editedMask` says it.
    public struct EditActions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let editedAttributes = EditActions(rawValue: 1 << 0)
        public static let editedCharacters = EditActions(rawValue: 1 << 1)
    }

    nonisolated public static let willProcessEditingNotification = Notification.Name("NSTextStorageWillProcessEditingNotification")
    nonisolated public static let didProcessEditingNotification = Notification.Name("NSTextStorageDidProcessEditingNotification")

    /// An empty storage (Foundation on Linux has no `NSMutableAttributedString()`: NSTextStorage
    /// gives it, as real code makes one).
    public convenience init() {
        self.init(string: "")
    }

    private var managers: [NSLayoutManager] = []
    /// The layout managers that lay the text out (the storage keeps them).
    open var layoutManagers: [NSLayoutManager] { managers }

    open weak var delegate: NSTextStorageDelegate?

    /// The kinds of change since the last `processEditing()` (empty when none is pending).
    open private(set) var editedMask: EditActions = []
    /// The text changed since the last `processEditing()`, in the text as it is now
    /// (`NSNotFound` when nothing is pending).
    open private(set) var editedRange = NSRange(location: NSNotFound, length: 0)
    /// How much the edits since the last `processEditing()` lengthened the text.
    open private(set) var changeInLength = 0
    /// `beginEditing()` calls not yet ended.
    private var editingDepth = 0
    /// Set while the layout managers are told (edits then are not processed again).
    private var isProcessing = false

    /// Attributes are fixed as they are set (uisim fixes none: fonts are never substituted).
    open var fixesAttributesLazily: Bool { false }

    /// The storage lays `layoutManager` out too (and becomes its `textStorage`).
    open func addLayoutManager(_ aLayoutManager: NSLayoutManager) {
        guard !managers.contains(where: { $0 === aLayoutManager }) else { return }
        aLayoutManager.textStorage?.removeLayoutManager(aLayoutManager)
        managers.append(aLayoutManager)
        aLayoutManager.textStorage = self
    }

    open func removeLayoutManager(_ aLayoutManager: NSLayoutManager) {
        guard let index = managers.firstIndex(where: { $0 === aLayoutManager }) else { return }
        managers.remove(at: index)
        if aLayoutManager.textStorage === self { aLayoutManager.textStorage = nil }
    }

    // MARK: Edit management

    /// Notes an edit: `editedRange` (in the text after it) became what it is, `delta` units longer
    /// than before. Outside `beginEditing()`/`endEditing()` it is processed at once.
    open func edited(_ editedMask: EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        if self.editedMask.isEmpty || self.editedRange.location == NSNotFound {
            self.editedRange = editedRange
            changeInLength = delta
        } else {
            // The pending range, moved by this edit, joined with the new one.
            var pending = self.editedRange
            let oldEnd = editedRange.location + editedRange.length - delta
            if pending.location >= oldEnd { pending.location += delta }
            else if NSMaxRange(pending) > editedRange.location { pending.length = max(pending.length + delta, 0) }
            let start = min(pending.location, editedRange.location)
            let end = max(NSMaxRange(pending), NSMaxRange(editedRange))
            self.editedRange = NSRange(location: start, length: end - start)
            changeInLength += delta
        }
        self.editedMask.formUnion(editedMask)
        if editingDepth == 0, !isProcessing { processEditing() }
    }

    /// Tells the delegate and the observers of the edits pending, then the layout managers, and
    /// clears them.
    open func processEditing() {
        guard !editedMask.isEmpty else { return }
        isProcessing = true
        defer { isProcessing = false }
        delegate?.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        NotificationCenter.default.post(name: Self.willProcessEditingNotification, object: self)
        delegate?.textStorage(self, didProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        NotificationCenter.default.post(name: Self.didProcessEditingNotification, object: self)
        let mask = editedMask, range = editedRange, delta = changeInLength
        editedMask = []
        editedRange = NSRange(location: NSNotFound, length: 0)
        changeInLength = 0
        for manager in managers {
            manager.processEditing(for: self, edited: mask, range: range, changeInLength: delta, invalidatedRange: range)
        }
    }

    /// Attributes are never fixed later: nothing to do.
    open func invalidateAttributes(in range: NSRange) {}
    open func ensureAttributesAreFixed(in range: NSRange) {}

    open override func beginEditing() {
        editingDepth += 1
        super.beginEditing()
    }

    open override func endEditing() {
        super.endEditing()
        editingDepth = max(editingDepth - 1, 0)
        if editingDepth == 0, !isProcessing { processEditing() }
    }

    // MARK: The primitives

    open override func replaceCharacters(in range: NSRange, with str: String) {
        super.replaceCharacters(in: range, with: str)
        let count = (str as NSString).length
        edited(.editedCharacters, range: NSRange(location: range.location, length: count), changeInLength: count - range.length)
    }

    open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        super.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
    }

    // MARK: The other mutators, over the primitives

    open override func replaceCharacters(in range: NSRange, with attrString: NSAttributedString) {
        beginEditing()
        replaceCharacters(in: range, with: attrString.string)
        var location = 0
        let length = attrString.length
        while location < length {
            var run = NSRange(location: 0, length: 0)
            let attributes = attrString.attributes(at: location, effectiveRange: &run)
            let end = min(NSMaxRange(run), length)
            setAttributes(attributes, range: NSRange(location: range.location + location, length: end - location))
            location = max(end, location + 1)
        }
        endEditing()
    }

    open override func deleteCharacters(in range: NSRange) {
        replaceCharacters(in: range, with: "")
    }

    open override func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange) {
        addAttributes([name: value], range: range)
    }

    open override func addAttributes(_ attrs: [NSAttributedString.Key: Any], range: NSRange) {
        changeAttributes(in: range) { $0.merge(attrs) { _, new in new } }
    }

    open override func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) {
        changeAttributes(in: range) { $0[name] = nil }
    }

    /// Each run of attributes in `range` changed by `change` and set again (through `setAttributes`).
    private func changeAttributes(in range: NSRange, _ change: (inout [NSAttributedString.Key: Any]) -> Void) {
        beginEditing()
        var location = range.location
        while location < NSMaxRange(range) {
            var run = NSRange(location: 0, length: 0)
            var attributes = self.attributes(at: location, effectiveRange: &run)
            let end = min(max(NSMaxRange(run), location + 1), NSMaxRange(range))
            change(&attributes)
            setAttributes(attributes, range: NSRange(location: location, length: end - location))
            location = end
        }
        endEditing()
    }

    // MARK: Reading a subclass's text

    /// Whether a subclass keeps the text itself (Foundation's storage is empty while `string` is
    /// not): then the reading members go through the primitives.
    private var isKeptBySubclass: Bool { super.length == 0 && !string.isEmpty }

    open override var length: Int {
        let stored = super.length
        return stored > 0 ? stored : (string as NSString).length
    }

    open override func attribute(_ attrName: NSAttributedString.Key, at location: Int, effectiveRange range: NSRangePointer?) -> Any? {
        guard isKeptBySubclass else { return super.attribute(attrName, at: location, effectiveRange: range) }
        return attributes(at: location, effectiveRange: range)[attrName]
    }

    open override func attributedSubstring(from range: NSRange) -> NSAttributedString {
        guard isKeptBySubclass else { return super.attributedSubstring(from: range) }
        return snapshot(range)
    }

    open override func enumerateAttributes(in enumerationRange: NSRange, options opts: NSAttributedString.EnumerationOptions = [],
                                           using block: ([NSAttributedString.Key: Any], NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard isKeptBySubclass else { return super.enumerateAttributes(in: enumerationRange, options: opts, using: block) }
        let copy = snapshot(enumerationRange)
        copy.enumerateAttributes(in: NSRange(location: 0, length: copy.length), options: opts) { attributes, range, stop in
            block(attributes, NSRange(location: range.location + enumerationRange.location, length: range.length), stop)
        }
    }

    open override func enumerateAttribute(_ attrName: NSAttributedString.Key, in enumerationRange: NSRange,
                                          options opts: NSAttributedString.EnumerationOptions = [],
                                          using block: (Any?, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard isKeptBySubclass else { return super.enumerateAttribute(attrName, in: enumerationRange, options: opts, using: block) }
        let copy = snapshot(enumerationRange)
        copy.enumerateAttribute(attrName, in: NSRange(location: 0, length: copy.length), options: opts) { value, range, stop in
            block(value, NSRange(location: range.location + enumerationRange.location, length: range.length), stop)
        }
    }

    /// `range` of the text as a plain attributed string, read through the primitives.
    private func snapshot(_ range: NSRange) -> NSAttributedString {
        let text = (string as NSString).substring(with: range)
        let copy = NSMutableAttributedString(string: text)
        var location = range.location
        while location < NSMaxRange(range) {
            var run = NSRange(location: 0, length: 0)
            let attributes = self.attributes(at: location, effectiveRange: &run)
            let end = min(max(NSMaxRange(run), location + 1), NSMaxRange(range))
            copy.setAttributes(attributes, range: NSRange(location: location - range.location, length: end - location))
            location = end
        }
        return copy
    }

    /// The text as the layout reads it: the storage itself, or a copy read through the primitives
    /// when a subclass keeps the text.
    package var textForLayout: NSAttributedString {
        isKeptBySubclass ? snapshot(NSRange(location: 0, length: length)) : self
    }
}

/// What a text storage tells its delegate about its edits, as UIKit's `NSTextStorageDelegate`
/// (both optional).
public protocol NSTextStorageDelegate: NSObjectProtocol {
    /// Before the layout managers hear of the edits: the delegate may change the text still
    /// (attributes: highlighting).
    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int)
    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                     range editedRange: NSRange, changeInLength delta: Int)
}

extension NSTextStorageDelegate {
    public func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions,
                            range editedRange: NSRange, changeInLength delta: Int) {}
    public func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions,
                            range editedRange: NSRange, changeInLength delta: Int) {}
}
