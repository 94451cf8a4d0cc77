import Foundation
import Geometry
@testable import CoreGraphics
@testable import UIFoundation
import Testing

/// TextKit 1 as MessageKit's size calculator and label use it: their own `NSTextStorage` +
/// `NSLayoutManager` + `NSTextContainer` chain, laid out by the text engine that lays labels and
/// string drawing out. The system font at 17 pt: line height 17 × 2444 / 2048 = 20.287109375
/// (`TextLayoutTests`); widths come from the words themselves (measured with `size()`), never
/// hard-coded glyph widths.
@Suite struct LayoutManagerTests {
    let body = UIFont.systemFont(ofSize: 17)
    let line: CGFloat = 20.287109375

    /// A storage → manager → container chain made as MessageKit makes it (lazily, the container
    /// with no padding unless said), holding `text` in the body font.
    func chain(_ text: String, width: CGFloat, padding: CGFloat = 0) -> (NSTextStorage, NSLayoutManager, NSTextContainer) {
        let container = NSTextContainer()
        container.maximumNumberOfLines = 0
        container.lineFragmentPadding = padding
        let manager = NSLayoutManager()
        manager.addTextContainer(container)
        let storage = NSTextStorage()
        storage.addLayoutManager(manager)
        container.size = CGSize(width: width, height: .greatestFiniteMagnitude)
        storage.replaceCharacters(in: NSRange(location: 0, length: storage.length),
                                  with: NSAttributedString(string: text, attributes: [.font: body]))
        manager.ensureLayout(for: container)
        return (storage, manager, container)
    }

    func width(_ text: String) -> CGFloat { NSAttributedString(string: text, attributes: [.font: body]).size().width }

    /// "aaaa bbbb cccc" in a container 1 pt wider than "aaaa bbbb" plus the padding (5 each side):
    /// two lines, "aaaa bbbb " (10 units) and "cccc" (4). Each line fragment is the container's
    /// width wide and one line tall: (0, 0, W, 20.287109375), (0, 20.287109375, W, 20.287109375);
    /// the used rect is the two lines' height (40.57421875) from the top, its left edge 0; the
    /// glyphs start 5 pt in (the padding), "cccc"'s used rect is its width plus 10.
    @Test func wrappedLinesAreLineFragmentsOfTheFontsHeight() {
        let w = width("aaaa bbbb") + 10 + 1
        let (storage, manager, container) = chain("aaaa bbbb cccc", width: w, padding: 5)
        #expect(manager.numberOfGlyphs == 14 && storage.length == 14)
        var fragments: [(CGRect, CGRect, NSRange)] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: 14)) { rect, used, inContainer, range, _ in
            #expect(inContainer === container)
            fragments.append((rect, used, range))
        }
        #expect(fragments.count == 2)
        #expect(fragments.map(\.2) == [NSRange(location: 0, length: 10), NSRange(location: 10, length: 4)])
        #expect(fragments[0].0 == CGRect(x: 0, y: 0, width: w, height: line))
        #expect(fragments[1].0 == CGRect(x: 0, y: line, width: w, height: line))
        #expect(abs(fragments[1].1.width - (width("cccc") + 10)) < 1e-6 && fragments[1].1.minX == 0)
        let used = manager.usedRect(for: container)
        #expect(used.minX == 0 && used.minY == 0 && used.height == 2 * line)
        var effective = NSRange(location: 0, length: 0)
        #expect(manager.lineFragmentRect(forGlyphAt: 12, effectiveRange: &effective) == fragments[1].0)
        #expect(effective == NSRange(location: 10, length: 4))
        #expect(manager.lineFragmentUsedRect(forGlyphAt: 12, effectiveRange: nil) == fragments[1].1)
        #expect(manager.glyphRange(for: container) == NSRange(location: 0, length: 14))
        // "cccc" on the second line: from the padding to its width, one line tall.
        let box = manager.boundingRect(forGlyphRange: NSRange(location: 10, length: 4), in: container)
        #expect(box.minX == 5 && abs(box.width - width("cccc")) < 1e-6 && box.minY == line && box.height == line)
        // The first glyph of the second line, from its fragment's origin, on the baseline (ascender 16.1865234375).
        #expect(manager.location(forGlyphAt: 10) == CGPoint(x: 5, y: 16.1865234375))
        #expect(manager.firstUnlaidCharacterIndex() == 14 && manager.extraLineFragmentTextContainer == nil)
    }

    /// Three paragraphs: three fragments at 0, 20.287109375 and 40.57421875, each holding its line
    /// break; a final line break adds the extra line fragment below them (usedRect 4 lines tall).
    @Test func lineBreaksMakeLinesAndAFinalOneTheExtraFragment() {
        let (_, manager, container) = chain("one\ntwo\nthree", width: 300)
        var tops: [CGFloat] = [], ranges: [NSRange] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: 13)) { rect, _, _, range, _ in
            tops.append(rect.minY)
            ranges.append(range)
        }
        #expect(tops == [0, line, 2 * line])
        #expect(ranges == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 4), NSRange(location: 8, length: 5)])
        #expect(manager.usedRect(for: container).height == 3 * line)
        let (_, ending, endingContainer) = chain("one\n", width: 300)
        #expect(ending.extraLineFragmentRect == CGRect(x: 0, y: line, width: 300, height: line))
        #expect(ending.usedRect(for: endingContainer).height == 2 * line)
    }

    /// The padding moves the glyphs in and widens the used rect by twice itself: 0 → 8 pt puts
    /// "aaaa" at x 8 and makes the used rect 16 wider, at the same height.
    @Test func lineFragmentPaddingShiftsTheUsedRect() {
        let (_, none, noneContainer) = chain("aaaa", width: 300, padding: 0)
        let (_, padded, paddedContainer) = chain("aaaa", width: 300, padding: 8)
        let a = none.usedRect(for: noneContainer), b = padded.usedRect(for: paddedContainer)
        #expect(abs(a.width - width("aaaa")) < 1e-6 && abs(b.width - (a.width + 16)) < 1e-9 && a.height == b.height && b.height == line)
        #expect(none.boundingRect(forGlyphRange: NSRange(location: 0, length: 4), in: noneContainer).minX == 0)
        #expect(padded.boundingRect(forGlyphRange: NSRange(location: 0, length: 4), in: paddedContainer).minX == 8)
    }

    /// A tap in the second line finds a character of the second line: at 1 pt into "cccc" the
    /// glyph is its first, 10; past the line's end, its last (13); above the text, the first line's.
    @Test func characterIndexAtAPointInTheSecondLine() {
        let (_, manager, container) = chain("aaaa bbbb cccc", width: width("aaaa bbbb") + 1)
        var fraction: CGFloat = -1
        let index = manager.characterIndex(for: CGPoint(x: 1, y: line * 1.5), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction)
        #expect(index == 10 && fraction > 0 && fraction < 1)
        #expect(manager.glyphIndex(for: CGPoint(x: 1000, y: line * 1.5), in: container) == 13)
        #expect(manager.glyphIndex(for: CGPoint(x: width("aaaa b") - 1, y: -5), in: container) == 5)
        #expect(manager.characterIndexForGlyph(at: 11) == 11)
        // MessageKit's test: is the point inside the line's used rect?
        #expect(manager.lineFragmentUsedRect(forGlyphAt: index, effectiveRange: nil).contains(CGPoint(x: 1, y: line * 1.5)))
        #expect(!manager.lineFragmentUsedRect(forGlyphAt: 13, effectiveRange: nil).contains(CGPoint(x: 1000, y: line * 1.5)))
    }

    /// An exclusion rect 100 wide and 1.5 lines tall at the container's left edge: the two lines
    /// beside it start at x 100 and are 200 wide; the third is the full 300. The container splits
    /// a proposed rect around a box in its middle, and gives what is left past it.
    @Test func anExclusionRectNarrowsTheLinesBesideIt() {
        let words = (0..<40).map { "w\($0)" }.joined(separator: " ")
        let container = NSTextContainer(size: CGSize(width: 300, height: 0))
        container.lineFragmentPadding = 0
        container.exclusionPaths = [UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: line * 1.5))]
        #expect(!container.isSimpleRectangularTextContainer)
        let manager = NSLayoutManager()
        manager.addTextContainer(container)
        let storage = NSTextStorage(string: words, attributes: [.font: body])
        storage.addLayoutManager(manager)
        var rects: [CGRect] = []
        manager.enumerateLineFragments(forGlyphRange: NSRange(location: 0, length: storage.length)) { rect, used, _, _, _ in
            rects.append(rect)
            #expect(used.width <= rect.width + 1e-9)
        }
        #expect(rects.count >= 3)
        #expect(rects[0] == CGRect(x: 100, y: 0, width: 200, height: line))
        #expect(rects[1] == CGRect(x: 100, y: line, width: 200, height: line))
        #expect(rects[2] == CGRect(x: 0, y: 2 * line, width: 300, height: line))
        #expect(manager.usedRect(for: container).maxY == CGFloat(rects.count) * line)

        let split = NSTextContainer(size: CGSize(width: 300, height: 0))
        split.exclusionPaths = [UIBezierPath(rect: CGRect(x: 100, y: 0, width: 50, height: 10))]
        var remaining = CGRect.zero
        let first = split.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 0, width: 300, height: line), at: 0,
                                           writingDirection: .natural, remaining: &remaining)
        #expect(first == CGRect(x: 0, y: 0, width: 100, height: line))
        #expect(remaining == CGRect(x: 150, y: 0, width: 150, height: line))
        // Below the box: the whole width, nothing left.
        #expect(split.lineFragmentRect(forProposedRect: CGRect(x: 0, y: 10, width: 300, height: line), at: 0,
                                       writingDirection: .natural, remaining: &remaining) == CGRect(x: 0, y: 10, width: 300, height: line))
        #expect(remaining == .zero)
    }

    /// A container's height and line limit: what does not fit flows to the next container, and
    /// past the last is not laid out.
    @Test func textFlowsToTheNextContainer() {
        let storage = NSTextStorage(string: "one\ntwo\nthree", attributes: [.font: body])
        let manager = NSLayoutManager()
        let first = NSTextContainer(size: CGSize(width: 300, height: line * 2))
        let second = NSTextContainer(size: CGSize(width: 300, height: 0))
        manager.addTextContainer(first)
        manager.addTextContainer(second)
        storage.addLayoutManager(manager)
        #expect(manager.glyphRange(for: first) == NSRange(location: 0, length: 8))
        #expect(manager.glyphRange(for: second) == NSRange(location: 8, length: 5))
        #expect(manager.lineFragmentRect(forGlyphAt: 9, effectiveRange: nil) == CGRect(x: 0, y: 0, width: 300, height: line))
        #expect(manager.textContainer(forGlyphAt: 9, effectiveRange: nil) === second)
        manager.removeTextContainer(at: 1)
        #expect(manager.firstUnlaidCharacterIndex() == 8)
        first.maximumNumberOfLines = 1
        #expect(manager.glyphRange(for: first) == NSRange(location: 0, length: 4))
    }

    /// An attachment subclass's `attachmentBounds(for:…)` sets its place in the line: 50 tall, 10
    /// of it below the baseline: the line is 40 + 10 = 50 tall (taller than the font's ascender
    /// 16.19 and descender 4.10); the layout asked it with the container, the character's index and
    /// the line fragment (the container's 200, padding included).
    @Test func anAttachmentOverridesBoundsChangeTheLineHeight() {
        final class Tall: NSTextAttachment {
            var askedWith: (NSTextContainer?, Int, CGFloat)?
            override func attachmentBounds(for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                                           glyphPosition position: CGPoint, characterIndex charIndex: Int) -> CGRect {
                askedWith = (textContainer, charIndex, lineFrag.width)
                return CGRect(x: 0, y: -10, width: 20, height: 50)
            }
        }
        let attachment = Tall()
        let text = NSMutableAttributedString(string: "A", attributes: [.font: body])
        text.append(NSAttributedString(attachment: attachment))
        let storage = NSTextStorage(attributedString: text)
        let manager = NSLayoutManager()
        let container = NSTextContainer(size: CGSize(width: 200, height: 0))
        manager.addTextContainer(container)
        storage.addLayoutManager(manager)
        #expect(manager.usedRect(for: container).height == 50)
        #expect(manager.location(forGlyphAt: 0).y == 40)
        #expect(attachment.askedWith?.0 === container && attachment.askedWith?.1 == 1 && attachment.askedWith?.2 == 200)
        #expect(manager.attachmentSize(forGlyphAt: 1) == CGSize(width: 20, height: 50))
    }

    /// The storage's edits: one outside an editing block is processed at once; two inside are
    /// processed once, at `endEditing()`, as one range of the text after them; the delegate hears
    /// will, then did, and the manager lays the new text out.
    @Test func editsAreProcessedAtTheEndOfEditing() {
        final class Delegate: NSObject, NSTextStorageDelegate {
            var heard: [(String, NSTextStorage.EditActions, NSRange, Int)] = []
            func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
                heard.append(("will", editedMask, editedRange, delta))
            }
            func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
                heard.append(("did", editedMask, editedRange, delta))
            }
        }
        let (storage, manager, container) = chain("Hello", width: 300)
        let delegate = Delegate()
        storage.delegate = delegate
        storage.beginEditing()
        storage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "J")
        storage.insert(NSAttributedString(string: "\nworld", attributes: [.font: body]), at: 5)
        #expect(delegate.heard.isEmpty && storage.editedMask.contains(.editedCharacters))
        storage.endEditing()
        #expect(delegate.heard.map(\.0) == ["will", "did"])
        #expect(delegate.heard[1].1 == [.editedCharacters, .editedAttributes])
        #expect(delegate.heard[1].2 == NSRange(location: 0, length: 11) && delegate.heard[1].3 == 6)
        #expect(storage.editedMask.isEmpty && storage.string == "Jello\nworld")
        #expect(manager.usedRect(for: container).height == 2 * line)
        storage.addAttribute(.foregroundColor, value: UIColor.red, range: NSRange(location: 0, length: 2))
        #expect(delegate.heard.count == 4 && delegate.heard[3].1 == .editedAttributes && delegate.heard[3].3 == 0)
        #expect((storage.attribute(.font, at: 1, effectiveRange: nil) as? UIFont)?.pointSize == 17)
        storage.removeLayoutManager(manager)
        #expect(manager.textStorage == nil && storage.layoutManagers.isEmpty)
    }
}
