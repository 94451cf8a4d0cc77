import Foundation
import CoreGraphics
import Geometry

/// TextKit 1's layout manager, as UIKit's `NSLayoutManager`: it lays its `textStorage`'s text
/// out in its text containers, in order (lines that do not fit a container's height, or past its
/// `maximumNumberOfLines`, go to the next; past the last they are not laid out), and answers
/// where the text is: line fragments, glyph and character indexes at a point, bounding rects.
///
/// Lines are broken by the app's text engine, as UIKit's string drawing and labels break them
/// (`TextLayout`: Pango on Inter's widths, the fonts' heights): a container with no exclusion
/// path is laid out in one piece at its width less twice its `lineFragmentPadding`; with
/// exclusion paths, line by line: each line's fragment comes from
/// `NSTextContainer.lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`, and text
/// goes on in the part of the line past an exclusion (`remainingRect`). A line fragment's rect is
/// its part of the container's width, as tall as the line (with the spacing before the next); its
/// used rect is the text's width plus the padding at each end.
///
/// **Glyphs are UTF-16 units**: glyph index *i* is character index *i* (`numberOfGlyphs` is the
/// text's `length`), which holds for the Latin text real apps measure; ligatures and clusters are
/// not told apart. Layout is done when asked (`ensureLayout`, or any question that needs it), all
/// of it: `allowsNonContiguousLayout` is kept as set and `hasNonContiguousLayout` is false.
open class NSLayoutManager: NSObject {
    public override init() {
        super.init()
    }

    /// UIKit's initializer from an archive: uisim has no archives (nil, said in the layout issues).
    public required init?(coder: NSCoder) {
        AppEnvironment.current.reportIssue("init(coder:): \(Self.self) cannot be made from an archive (uisim has no nibs or storyboards): nil")
        return nil
    }

    /// The text laid out (set by `NSTextStorage.addLayoutManager(_:)`, which keeps the manager).
    open weak var textStorage: NSTextStorage? {
        didSet { if textStorage !== oldValue { invalidateAll() } }
    }

    private var containers: [NSTextContainer] = []
    open var textContainers: [NSTextContainer] { containers }

    open weak var delegate: NSLayoutManagerDelegate?

    /// Kept as set: uisim lays the whole text out when asked.
    open var allowsNonContiguousLayout = false
    open var hasNonContiguousLayout: Bool { false }
    /// Kept as set: the system font has no leading, so lines are as tall either way.
    open var usesFontLeading = true
    /// Kept as set (no glyphs are drawn for invisible or control characters).
    open var showsInvisibleCharacters = false
    open var showsControlCharacters = false
    open var limitsLayoutForSuspiciousContents = false
    open var usesDefaultHyphenation = false

    /// The attributes text without its own takes (a text view's `font`, `textColor` and
    /// alignment for its plain text; UIKit stores them in the text).
    package var defaultAttributes: [NSAttributedString.Key: Any] = [:] { didSet { invalidateAll() } }
    package var defaultAlignment: NSTextAlignment? { didSet { invalidateAll() } }

    // MARK: Containers

    open func addTextContainer(_ container: NSTextContainer) {
        insertTextContainer(container, at: containers.count)
    }

    open func insertTextContainer(_ container: NSTextContainer, at index: Int) {
        if let other = container.layoutManager, other !== self, let at = other.containers.firstIndex(where: { $0 === container }) {
            other.removeTextContainer(at: at)
        }
        containers.removeAll { $0 === container }
        containers.insert(container, at: min(max(index, 0), containers.count))
        container.layoutManager = self
        invalidateAll()
    }

    open func removeTextContainer(at index: Int) {
        guard containers.indices.contains(index) else { return }
        let container = containers.remove(at: index)
        if container.layoutManager === self { container.layoutManager = nil }
        invalidateAll()
    }

    /// A container's size, padding, limits or exclusion paths changed: the text is laid out again.
    open func textContainerChangedGeometry(_ container: NSTextContainer) {
        invalidateAll()
    }

    // MARK: Invalidation

    /// The storage's edits: `range` (in the text now) changed, `delta` units longer.
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange,
                             changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange) {
        invalidateAll()
        for container in containers {
            container.textView?.textStorageDidEdit(editMask, range: newCharRange, changeInLength: delta)
        }
    }

    open func invalidateLayout(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) {
        actualCharRange?.pointee = NSRange(location: 0, length: textStorage?.length ?? 0)
        invalidateAll()
        for container in containers { container.textView?.textContainerDidChange() }
    }

    open func invalidateGlyphs(forCharacterRange charRange: NSRange, changeInLength delta: Int, actualCharacterRange actualCharRange: NSRangePointer?) {
        invalidateLayout(forCharacterRange: charRange, actualCharacterRange: actualCharRange)
    }

    /// The glyphs are drawn again (their text views' text redrawn).
    open func invalidateDisplay(forCharacterRange charRange: NSRange) {
        for container in containers { container.textView?.textContainerDidChange() }
    }

    open func invalidateDisplay(forGlyphRange glyphRange: NSRange) {
        invalidateDisplay(forCharacterRange: glyphRange)
    }

    private func invalidateAll() {
        guard layout != nil else { return }
        layout = nil
        delegate?.layoutManagerDidInvalidateLayout(self)
    }

    // MARK: Layout

    open func ensureLayout(for container: NSTextContainer) { _ = laidOut }
    open func ensureLayout(forCharacterRange charRange: NSRange) { _ = laidOut }
    open func ensureLayout(forGlyphRange glyphRange: NSRange) { _ = laidOut }
    open func ensureLayout(forBoundingRect bounds: CGRect, in container: NSTextContainer) { _ = laidOut }

    /// One line fragment: its rectangles in its container, its glyphs, and the laid-out line that
    /// draws it.
    struct Fragment {
        var container: Int
        var rect: CGRect
        var usedRect: CGRect
        var range: NSRange
        let piece: Piece
        /// Its line in the piece's layout.
        var line: Int
        /// The line's text origin (its left edge as aligned) and baseline, in the container.
        var origin: CGPoint
    }

    /// A run of text laid out in one `TextLayout`, with its grapheme boundaries as UTF-16 offsets
    /// in the storage and UTF-8 offsets in the layout's text.
    final class Piece {
        let layout: TextLayout
        let units: [Int]
        let bytes: [Int]

        init(layout: TextLayout, text: String, start: Int) {
            self.layout = layout
            var units = [start], bytes = [0]
            var unit = start, byte = 0
            for character in text {
                unit += character.utf16.count
                switch character {
                case "\n", "\r", "\r\n", "\u{2029}": byte += 3
                default: byte += character.utf8.count
                }
                units.append(unit)
                bytes.append(byte)
            }
            self.units = units
            self.bytes = bytes
        }

        /// The storage offset of the grapheme boundary at or before `byte`.
        func unit(atByte byte: Int) -> Int { units[max(Piece.lastIndex(in: bytes, atMost: byte), 0)] }
        /// The layout's byte offset of the grapheme boundary at or before storage offset `unit`.
        func byte(atUnit unit: Int) -> Int { bytes[max(Piece.lastIndex(in: units, atMost: unit), 0)] }

        static func lastIndex(in sorted: [Int], atMost value: Int) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] <= value { low = mid + 1 } else { high = mid }
            }
            return low - 1
        }
    }

    struct Layout {
        var fragments: [Fragment] = []
        /// The first character not laid out (the text's length when all is).
        var firstUnlaid = 0
        var extraRect = CGRect.zero, extraUsedRect = CGRect.zero
        var extraContainer: NSTextContainer?
    }

    private var layout: Layout?

    var laidOut: Layout {
        if let layout { return layout }
        let made = makeLayout()
        layout = made
        for (index, container) in containers.enumerated() {
            let atEnd = made.firstUnlaid >= (textStorage?.length ?? 0) && !made.fragments.contains { $0.container > index }
            delegate?.layoutManager(self, didCompleteLayoutFor: container, atEnd: atEnd)
        }
        return made
    }

    private func makeLayout() -> Layout {
        var out = Layout()
        let text = textStorage?.textForLayout ?? NSAttributedString(string: "")
        let length = text.length
        let nsString = text.string as NSString
        var start = 0
        var lastBottom: (container: Int, y: CGFloat, height: CGFloat)?
        let engine = AppEnvironment.current.text
        for (index, container) in containers.enumerated() {
            let width = container.size.width > 0 ? container.size.width : CGFloat.infinity
            let height = container.size.height > 0 ? container.size.height : CGFloat.infinity
            let padding = container.lineFragmentPadding
            var y: CGFloat = 0, lines = 0
            let maxLines = container.maximumNumberOfLines
            func request(from location: Int, to end: Int, width lineWidth: CGFloat, maxLines: Int) -> (TextLayoutRequest, String) {
                let piece = text.attributedSubstring(from: NSRange(location: location, length: end - location))
                let mode: NSLineBreakMode? = maxLines > 0 ? container.lineBreakMode : nil
                var request = TextLayoutRequest(piece, width: lineWidth.isFinite ? max(lineWidth, 0) : nil, maxLines: maxLines,
                                                lineBreakMode: mode, alignment: defaultAlignment, defaults: defaultAttributes,
                                                container: container, characterOffset: location,
                                                lineFragmentWidth: lineWidth.isFinite ? lineWidth + 2 * padding : nil)
                let midParagraph = location > 0 && !Self.isLineBreak(nsString.character(at: location - 1))
                if midParagraph { request = request.continuingParagraph() }
                return (request, piece.string)
            }
            guard start < length else { break }
            if container.isSimpleRectangularTextContainer {
                let (made, string) = request(from: start, to: length, width: width - 2 * padding, maxLines: maxLines)
                let textLayout = engine.layout(made)
                let piece = Piece(layout: textLayout, text: string, start: start)
                for (lineIndex, line) in textLayout.lines.enumerated() {
                    guard line.top + line.height <= height + 1e-9 else { break }
                    let isLast = lineIndex == textLayout.lines.count - 1
                    if line.bytes.isEmpty && isLast && lineIndex > 0 { break }   // the extra line after a final break
                    let lineStart = piece.unit(atByte: line.bytes.lowerBound)
                    let lineEnd: Int
                    if lineIndex + 1 < textLayout.lines.count {
                        lineEnd = piece.unit(atByte: textLayout.lines[lineIndex + 1].bytes.lowerBound)
                    } else if !textLayout.isTruncated || line.hasEllipsis {
                        lineEnd = length
                    } else {
                        var end = piece.unit(atByte: line.bytes.upperBound)
                        if end < length, Self.isLineBreak(nsString.character(at: end)) { end += 1 }
                        lineEnd = max(end, lineStart)
                    }
                    let nextTop = lineIndex + 1 < textLayout.lines.count ? textLayout.lines[lineIndex + 1].top : line.top + line.height
                    let origin = CGPoint(x: padding + textLayout.lineOrigin(line, inWidth: width.isFinite ? width - 2 * padding : .infinity),
                                         y: line.baseline)
                    let rect = CGRect(x: 0, y: line.top, width: width.isFinite ? width : line.indent + line.width + 2 * padding,
                                      height: max(nextTop - line.top, line.height))
                    let used = CGRect(x: origin.x - padding, y: line.top, width: line.width + 2 * padding, height: line.height)
                    out.fragments.append(Fragment(container: index, rect: rect, usedRect: used, range: NSRange(location: lineStart, length: lineEnd - lineStart),
                                                  piece: piece, line: lineIndex, origin: origin))
                    start = lineEnd
                    lastBottom = (index, rect.maxY, line.height)
                    y = rect.maxY
                    lines += 1
                }
            } else {
                // Line by line, each in the free parts of its band.
                row: while start < length, maxLines == 0 || lines < maxLines {
                    let paragraphEnd = Self.paragraphEnd(after: start, in: nsString)
                    let full = engine.layout(request(from: start, to: paragraphEnd, width: width - 2 * padding, maxLines: 1).0)
                    let rowHeight = full.lines.first?.height ?? 0
                    guard y + rowHeight <= height + 1e-9 else { break }
                    var proposed = CGRect(x: 0, y: y, width: width.isFinite ? width : CGFloat(Int32.max) / 2048, height: rowHeight)
                    var advance: CGFloat = 0
                    while start < length {
                        var remaining = CGRect.zero
                        let rect = container.lineFragmentRect(forProposedRect: proposed, at: start, writingDirection: .natural, remaining: &remaining)
                        guard rect.width > 2 * padding else {
                            if remaining.isEmpty { break }
                            proposed = remaining
                            continue
                        }
                        let end = Self.paragraphEnd(after: start, in: nsString)
                        let isLastRow = maxLines > 0 && lines == maxLines - 1 && remaining.isEmpty
                        let (made, string) = request(from: start, to: end, width: rect.width - 2 * padding, maxLines: isLastRow ? 1 : 0)
                        let textLayout = engine.layout(made)
                        guard let line = textLayout.lines.first else { break }
                        let piece = Piece(layout: textLayout, text: string, start: start)
                        var lineEnd = textLayout.lines.count > 1 ? piece.unit(atByte: textLayout.lines[1].bytes.lowerBound) : end
                        if isLastRow && textLayout.isTruncated && line.hasEllipsis { lineEnd = length }
                        if lineEnd <= start { lineEnd = end }
                        let origin = CGPoint(x: rect.minX + padding + textLayout.lineOrigin(line, inWidth: rect.width - 2 * padding),
                                             y: y + line.baseline)
                        let fragmentRect = CGRect(x: rect.minX, y: y, width: rect.width, height: line.height)
                        let used = CGRect(x: origin.x - padding, y: y, width: line.width + 2 * padding, height: line.height)
                        out.fragments.append(Fragment(container: index, rect: fragmentRect, usedRect: used,
                                                      range: NSRange(location: start, length: lineEnd - start), piece: piece, line: 0, origin: origin))
                        advance = max(advance, line.height)
                        start = lineEnd
                        lastBottom = (index, y + line.height, line.height)
                        // A line break ends the row; so does the end of the band.
                        if start >= length || Self.isLineBreak(nsString.character(at: start - 1)) || remaining.isEmpty { break }
                        proposed = remaining
                    }
                    if advance == 0 { break row }
                    y += advance
                    lines += 1
                }
            }
        }
        out.firstUnlaid = start
        // The extra line fragment: after a final line break, or for no text at all, in the last
        // container the text reached (the first for none).
        let endsWithBreak = length > 0 && Self.isLineBreak(nsString.character(at: length - 1))
        if (length == 0 || (endsWithBreak && start >= length)), !containers.isEmpty {
            let index = length == 0 ? 0 : (lastBottom?.container ?? 0)
            let container = containers[index]
            let attributes = length > 0 ? text.attributes(at: length - 1, effectiveRange: nil) : [:]
            let font = attributes[.font] as? UIFont ?? defaultAttributes[.font] as? UIFont ?? .systemFont(ofSize: 12)
            let top = length == 0 ? 0 : (lastBottom?.y ?? 0)
            let height = font.ascender - font.descender
            let width = container.size.width > 0 ? container.size.width : 2 * container.lineFragmentPadding
            out.extraRect = CGRect(x: 0, y: top, width: width, height: height)
            out.extraUsedRect = CGRect(x: 0, y: top, width: 2 * container.lineFragmentPadding, height: height)
            out.extraContainer = container
        }
        return out
    }

    static func isLineBreak(_ unit: unichar) -> Bool { unit == 10 || unit == 13 || unit == 0x2028 || unit == 0x2029 }

    /// The offset just past the line break that ends the paragraph `location` is in (the text's end).
    static func paragraphEnd(after location: Int, in string: NSString) -> Int {
        var index = location
        while index < string.length {
            let unit = string.character(at: index)
            index += 1
            if unit == 13, index < string.length, string.character(at: index) == 10 { return index + 1 }
            if isLineBreak(unit) { return index }
        }
        return index
    }

    // MARK: Glyphs and characters

    /// The glyphs: one per UTF-16 unit of the text.
    open var numberOfGlyphs: Int { textStorage?.length ?? 0 }

    open func isValidGlyphIndex(_ glyphIndex: Int) -> Bool { glyphIndex >= 0 && glyphIndex < numberOfGlyphs }
    open func characterIndexForGlyph(at glyphIndex: Int) -> Int { glyphIndex }
    open func glyphIndexForCharacter(at charIndex: Int) -> Int { charIndex }

    open func glyphRange(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) -> NSRange {
        let range = clamp(charRange)
        actualCharRange?.pointee = range
        return range
    }

    open func characterRange(forGlyphRange glyphRange: NSRange, actualGlyphRange: NSRangePointer?) -> NSRange {
        let range = clamp(glyphRange)
        actualGlyphRange?.pointee = range
        return range
    }

    private func clamp(_ range: NSRange) -> NSRange {
        let length = numberOfGlyphs
        let start = min(max(range.location, 0), length)
        return NSRange(location: start, length: min(max(range.length, 0), length - start))
    }

    // MARK: Where the text is

    /// The glyphs laid out in `container`.
    open func glyphRange(for container: NSTextContainer) -> NSRange {
        let fragments = self.fragments(in: container)
        guard let first = fragments.first, let last = fragments.last else {
            return NSRange(location: containerIndex(container).map { $0 == 0 ? 0 : laidOut.firstUnlaid } ?? 0, length: 0)
        }
        return NSRange(location: first.range.location, length: NSMaxRange(last.range) - first.range.location)
    }

    /// The box the text in `container` takes: its line fragments' used rects (and the extra line
    /// fragment's) together.
    open func usedRect(for container: NSTextContainer) -> CGRect {
        var rect = CGRect.null
        for fragment in fragments(in: container) { rect = rect.union(fragment.usedRect) }
        if laidOut.extraContainer === container { rect = rect.union(laidOut.extraUsedRect) }
        return rect.isNull ? .zero : rect
    }

    open var extraLineFragmentRect: CGRect { laidOut.extraRect }
    open var extraLineFragmentUsedRect: CGRect { laidOut.extraUsedRect }
    open var extraLineFragmentTextContainer: NSTextContainer? { laidOut.extraContainer }

    open func firstUnlaidCharacterIndex() -> Int { laidOut.firstUnlaid }
    open func firstUnlaidGlyphIndex() -> Int { laidOut.firstUnlaid }

    open func textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> NSTextContainer? {
        guard let fragment = fragment(forGlyphAt: glyphIndex) else {
            effectiveGlyphRange?.pointee = NSRange(location: 0, length: 0)
            return nil
        }
        let container = containers[fragment.container]
        effectiveGlyphRange?.pointee = glyphRange(for: container)
        return container
    }

    /// The line fragment rect of the line `glyphIndex` is on (zero past the text laid out).
    open func lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        let fragment = fragment(forGlyphAt: glyphIndex)
        effectiveGlyphRange?.pointee = fragment?.range ?? NSRange(location: 0, length: 0)
        return fragment?.rect ?? .zero
    }

    /// The part of that line fragment its text takes (with the padding at each end).
    open func lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        let fragment = fragment(forGlyphAt: glyphIndex)
        effectiveGlyphRange?.pointee = fragment?.range ?? NSRange(location: 0, length: 0)
        return fragment?.usedRect ?? .zero
    }

    /// Where the glyph is: from its line fragment's origin, at the baseline.
    open func location(forGlyphAt glyphIndex: Int) -> CGPoint {
        guard let fragment = fragment(forGlyphAt: glyphIndex) else { return .zero }
        return CGPoint(x: x(atOffset: glyphIndex, in: fragment) - fragment.rect.minX, y: fragment.origin.y - fragment.rect.minY)
    }

    /// Calls `block` with each line fragment holding glyphs of `glyphRange`, in order.
    open func enumerateLineFragments(forGlyphRange glyphRange: NSRange,
                                     using block: (CGRect, CGRect, NSTextContainer, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var stop: ObjCBool = false
        for fragment in laidOut.fragments where Self.touches(fragment.range, glyphRange) {
            block(fragment.rect, fragment.usedRect, containers[fragment.container], fragment.range, &stop)
            if stop.boolValue { return }
        }
    }

    /// The box of the glyphs of `glyphRange` in `container`: on each line they are on, from the
    /// first one's left edge to the last one's right, as tall as the line fragment.
    open func boundingRect(forGlyphRange glyphRange: NSRange, in container: NSTextContainer) -> CGRect {
        var rect = CGRect.null
        for fragment in fragments(in: container) where Self.touches(fragment.range, glyphRange) {
            let start = max(glyphRange.location, fragment.range.location)
            let end = min(NSMaxRange(glyphRange), NSMaxRange(fragment.range))
            let left = x(atOffset: start, in: fragment)
            // A line's end: its text's right edge (a line break there has no width).
            let right = end >= NSMaxRange(fragment.range) ? fragment.usedRect.maxX - container.lineFragmentPadding : x(atOffset: end, in: fragment)
            rect = rect.union(CGRect(x: left, y: fragment.rect.minY, width: max(right - left, 0), height: fragment.rect.height))
        }
        return rect.isNull ? .zero : rect
    }

    /// The glyphs whose line fragments meet `bounds`.
    open func glyphRange(forBoundingRect bounds: CGRect, in container: NSTextContainer) -> NSRange {
        let hit = fragments(in: container).filter { $0.rect.intersects(bounds) }
        guard let first = hit.first, let last = hit.last else { return NSRange(location: 0, length: 0) }
        return NSRange(location: first.range.location, length: NSMaxRange(last.range) - first.range.location)
    }

    /// The glyph under `point` (in the container): on the line whose band holds its y (the first
    /// or last line above or below the text), the one whose box holds its x (the line's first or
    /// last glyph before or past its ends). `partialFraction` gets how far across the glyph the
    /// point is (0 to 1).
    open func glyphIndex(for point: CGPoint, in container: NSTextContainer, fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        partialFraction?.pointee = 0
        guard let fragment = fragment(at: point, in: container) else { return min(laidOut.firstUnlaid, max(numberOfGlyphs - 1, 0)) }
        let stops = caretStops(in: fragment)
        guard stops.count > 1 else { return fragment.range.location }
        let xs = stops.map { x(atOffset: $0, in: fragment) }
        if point.x < xs[0] { return stops[0] }
        for index in 0..<(stops.count - 1) where point.x < xs[index + 1] {
            let width = xs[index + 1] - xs[index]
            partialFraction?.pointee = width > 0 ? min(max((point.x - xs[index]) / width, 0), 1) : 0
            return stops[index]
        }
        // Past the line's end: its last glyph (a line break ending it left out).
        let last = stops[stops.count - 2]
        partialFraction?.pointee = 1
        return last
    }

    open func glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
        glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: nil)
    }

    open func fractionOfDistanceThroughGlyph(for point: CGPoint, in container: NSTextContainer) -> CGFloat {
        var fraction: CGFloat = 0
        _ = glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: &fraction)
        return fraction
    }

    /// The character under `point`, as `glyphIndex(for:in:fractionOfDistanceThroughGlyph:)` finds
    /// it (glyphs are characters here).
    open func characterIndex(for point: CGPoint, in container: NSTextContainer,
                             fractionOfDistanceBetweenInsertionPoints partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        glyphIndex(for: point, in: container, fractionOfDistanceThroughGlyph: partialFraction)
    }

    /// No glyph of a line is ever truncated away by uisim's layout manager but the ellipsis's.
    open func truncatedGlyphRange(inLineFragmentForGlyphAt glyphIndex: Int) -> NSRange {
        NSRange(location: NSNotFound, length: 0)
    }

    /// The size of the attachment at `glyphIndex` as laid out (-1, -1 when it is none).
    open func attachmentSize(forGlyphAt glyphIndex: Int) -> CGSize {
        guard isValidGlyphIndex(glyphIndex), let storage = textStorage?.textForLayout,
              let attachment = storage.attribute(.attachment, at: glyphIndex, effectiveRange: nil) as? NSTextAttachment else {
            return CGSize(width: -1, height: -1)
        }
        let fragment = fragment(forGlyphAt: glyphIndex)
        return attachment.attachmentBounds(for: fragment.map { containers[$0.container] }, proposedLineFragment: fragment?.rect ?? .zero,
                                           glyphPosition: location(forGlyphAt: glyphIndex), characterIndex: glyphIndex).size
    }

    // MARK: Drawing

    /// Draws the lines holding glyphs of `glyphRange` (whole lines) into the current context,
    /// with the container's origin at `origin`.
    open func drawGlyphs(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let lines = laidOut.fragments.filter { Self.touches($0.range, glyphsToShow) }.map { fragment in
            (layout: fragment.piece.layout, line: fragment.line, x: origin.x + fragment.origin.x, baseline: origin.y + fragment.origin.y)
        }
        context.drawLines(lines)
    }

    /// Backgrounds (`.backgroundColor`) are drawn with the glyphs, by Pango: nothing here.
    open func drawBackground(forGlyphRange glyphsToShow: NSRange, at origin: CGPoint) {}

    // MARK: Helpers

    private func containerIndex(_ container: NSTextContainer) -> Int? { containers.firstIndex { $0 === container } }

    private func fragments(in container: NSTextContainer) -> [Fragment] {
        guard let index = containerIndex(container) else { return [] }
        return laidOut.fragments.filter { $0.container == index }
    }

    private func fragment(forGlyphAt glyphIndex: Int) -> Fragment? {
        let fragments = laidOut.fragments
        return fragments.first { NSLocationInRange(glyphIndex, $0.range) } ?? (glyphIndex == numberOfGlyphs ? fragments.last : nil)
    }

    /// The line fragment of `container` whose band holds `point.y` (the nearest above or below),
    /// and among a row's fragments the one whose rect is nearest `point.x`.
    private func fragment(at point: CGPoint, in container: NSTextContainer) -> Fragment? {
        let fragments = self.fragments(in: container)
        guard let first = fragments.first, let last = fragments.last else { return nil }
        let y = point.y < first.rect.minY ? first.rect.minY : point.y >= last.rect.maxY ? last.rect.minY : point.y
        let row = fragments.filter { $0.rect.minY <= y && y < $0.rect.maxY }
        let candidates = row.isEmpty ? [last] : row
        return candidates.min { distance(point.x, $0.rect) < distance(point.x, $1.rect) }
    }

    private func distance(_ x: CGFloat, _ rect: CGRect) -> CGFloat {
        x < rect.minX ? rect.minX - x : x > rect.maxX ? x - rect.maxX : 0
    }

    /// The grapheme boundaries of a line fragment, its start and end included.
    private func caretStops(in fragment: Fragment) -> [Int] {
        let piece = fragment.piece
        let first = Piece.lastIndex(in: piece.units, atMost: fragment.range.location)
        var stops: [Int] = []
        var index = max(first, 0)
        while index < piece.units.count, piece.units[index] <= NSMaxRange(fragment.range) {
            stops.append(piece.units[index])
            index += 1
        }
        if stops.last != NSMaxRange(fragment.range) { stops.append(NSMaxRange(fragment.range)) }
        return stops
    }

    /// The x (in the container) of the place before character `offset` on `fragment`'s line.
    private func x(atOffset offset: Int, in fragment: Fragment) -> CGFloat {
        let piece = fragment.piece
        let line = piece.layout.lines[fragment.line]
        // Past the line's text (its line break, or the text an ellipsis stands for): its end.
        let byte = piece.byte(atUnit: offset)
        if byte >= line.bytes.upperBound { return fragment.origin.x + line.width }
        return fragment.origin.x + piece.layout.x(ofByte: byte, inLine: fragment.line)
    }

    private static func touches(_ range: NSRange, _ other: NSRange) -> Bool {
        if other.length == 0 { return NSLocationInRange(other.location, range) }
        return range.location < NSMaxRange(other) && other.location < NSMaxRange(range)
    }
}

/// What a layout manager tells its delegate, as UIKit's `NSLayoutManagerDelegate` (every method
/// optional; uisim calls these three).
public protocol NSLayoutManagerDelegate: NSObjectProtocol {
    func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager)
    func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool)
    func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize)
}

extension NSLayoutManagerDelegate {
    public func layoutManagerDidInvalidateLayout(_ sender: NSLayoutManager) {}
    public func layoutManager(_ layoutManager: NSLayoutManager, didCompleteLayoutFor textContainer: NSTextContainer?, atEnd layoutFinishedFlag: Bool) {}
    public func layoutManager(_ layoutManager: NSLayoutManager, textContainer: NSTextContainer, didChangeGeometryFrom oldSize: CGSize) {}
}
