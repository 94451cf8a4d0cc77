import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A long text laid out in pieces, as TextKit lays out a text view's text by paragraph (its
/// layout fragments): an edit lays out again only the piece it falls in, so typing costs what the
/// paragraph typed into costs, not what the whole text does. A paragraph longer than
/// `longParagraph` is cut further at line starts (a greedy line breaker gives the same lines
/// from a line start as from the paragraph's), so typing into one long paragraph stays cheap too.
///
/// Pieces are stacked as the whole text's layout places its lines: `lineSpacing` between two
/// pieces, and the paragraph spacings too where one paragraph ends. A text view uses them once its
/// text is longer than `wholeTextLimit`; a shorter text is laid out whole.
@MainActor
final class TextFragments {
    /// Up to this many UTF-16 units a text is laid out whole.
    static let wholeTextLimit = 2048
    /// A paragraph piece longer than this is cut at a line start about half way.
    static let longParagraph = 2048

    struct Fragment {
        /// UTF-16 units of the text, its line break included.
        var length: Int
        /// Whether the piece ends its paragraph (with a line break, or the text's end).
        var endsParagraph: Bool
        /// Whether it begins in the middle of a paragraph (a long one cut at a line start).
        var continuesParagraph: Bool
        /// Laid out at `width`; nil: to lay out.
        var layout: TextLayout?
        /// From the top of the text, and the height its lines take (without the empty line a
        /// final line break opens, unless it is the text's last piece).
        var top: CGFloat = 0
        var height: CGFloat = 0
    }

    private(set) var fragments: [Fragment] = []
    /// The width lines were broken at.
    private(set) var width: CGFloat?
    /// The pieces' height together.
    private(set) var height: CGFloat = 0

    /// Starts again from `text`: every paragraph a piece to lay out.
    func reset(_ text: NSString) {
        fragments = Self.paragraphs(in: text, from: 0, to: text.length)
        totalLength = text.length
        width = nil
    }

    /// Takes an edit: `range` of the old text became `newLength` UTF-16 units of `text` (the new
    /// text). `breaksLines` says whether the replaced or the new text holds a line break. An edit
    /// inside one piece without line breaks (a key typed) only marks that piece to lay out; one
    /// with line breaks cuts the pieces it touches again at the new text's breaks. Either way the
    /// rest keep their layouts, and the cost is the pieces', not the text's.
    func edit(_ range: NSRange, newLength: Int, in newText: @autoclosure () -> NSString, breaksLines: Bool) {
        guard !fragments.isEmpty else { return reset(newText()) }
        let (first, start) = piece(at: range.location)
        if !breaksLines, range.location + range.length <= start + fragments[first].length {
            fragments[first].length += newLength - range.length
            fragments[first].layout = nil
            totalLength += newLength - range.length
            return
        }
        // Only here is the text read: a key typed costs no look at it.
        let text = newText()
        var (last, lastStart) = piece(at: range.location + max(range.length - 1, 0))
        var end = lastStart + fragments[last].length
        var from = first, fromStart = start
        // A deletion up to a piece's end may take its line break: the next piece joins it.
        if range.length > 0, end == range.location + range.length, last < fragments.count - 1 {
            last += 1
            end += fragments[last].length
        }
        // A "\r" just before may pair with a "\n" typed after it.
        if from > 0, fromStart == range.location, text.character(at: fromStart - 1) == 13 {
            from -= 1
            fromStart -= fragments[from].length
        }
        let newEnd = end - range.length + newLength
        var pieces = Self.paragraphs(in: text, from: fromStart, to: newEnd)
        // The pieces around keep their places in their paragraphs.
        if last < fragments.count - 1, fragments[last + 1].continuesParagraph { pieces[pieces.count - 1].endsParagraph = false }
        if from > 0, !fragments[from - 1].endsParagraph { pieces[0].continuesParagraph = true }
        fragments.replaceSubrange(from...last, with: pieces)
        totalLength += newLength - range.length
    }

    /// The UTF-16 length of the text the pieces hold.
    private var totalLength = 0

    /// The piece holding the unit at `offset` (one at a piece's end: the next piece's; past the
    /// text: the last), and where it starts. Typing goes at the end: found from the end first.
    private func piece(at offset: Int) -> (index: Int, start: Int) {
        let lastStart = totalLength - fragments[fragments.count - 1].length
        if offset >= lastStart { return (fragments.count - 1, lastStart) }
        var index = 0, start = 0
        while index < fragments.count - 1, start + fragments[index].length <= offset {
            start += fragments[index].length
            index += 1
        }
        return (index, start)
    }

    /// Lays out the pieces that need it at `width` (all of them at a new width), cuts long ones,
    /// and stacks them. `request` makes the layout request of a piece of the text. Returns the
    /// part of the text's height whose drawing changed, or nil.
    func layOut(_ text: NSAttributedString, width: CGFloat,
                request: (NSAttributedString, _ continuing: Bool) -> TextLayoutRequest) -> ClosedRange<CGFloat>? {
        if width != self.width {
            for index in fragments.indices { fragments[index].layout = nil }
            self.width = width
        }
        // A piece to lay out that continues a cut paragraph joins the piece before, whose last
        // line its first words may now fit on (they are cut again below if long).
        // Once only: the piece before, now to lay out itself, takes no piece before it in turn.
        var merge = fragments.count - 1
        while merge > 0 {
            if fragments[merge].layout == nil, fragments[merge].continuesParagraph {
                fragments[merge - 1].length += fragments[merge].length
                fragments[merge - 1].endsParagraph = fragments[merge].endsParagraph
                fragments[merge - 1].layout = nil
                fragments.remove(at: merge)
                merge -= 1
            }
            merge -= 1
        }
        var changed: ClosedRange<CGFloat>?
        var index = 0, location = 0, top: CGFloat = 0, moved = false
        let oldHeight = height
        while index < fragments.count {
            let piece = fragments[index]
            var laidOut = false
            if piece.layout == nil {
                let range = NSRange(location: location, length: piece.length)
                let layout = AppEnvironment.current.text.layout(request(text.attributedSubstring(from: range), piece.continuesParagraph))
                fragments[index].layout = layout
                if piece.length > Self.longParagraph {
                    let cuts = Self.lineStarts(in: layout, every: Self.longParagraph / 2, of: text, at: location, length: piece.length)
                    if !cuts.isEmpty {
                        // Cut at line starts about every half of the limit, each part laid out again.
                        var parts: [Fragment] = []
                        for (from, to) in zip([0] + cuts, cuts + [piece.length]) {
                            parts.append(Fragment(length: to - from, endsParagraph: to == piece.length && piece.endsParagraph,
                                                  continuesParagraph: from > 0 || piece.continuesParagraph))
                        }
                        fragments.replaceSubrange(index...index, with: parts)
                        continue
                    }
                }
                laidOut = true
            }
            let isLast = index == fragments.count - 1
            let layout = fragments[index].layout!
            if index > 0 {
                // The gap the whole text's layout leaves between these two lines.
                let before = fragments[index - 1]
                top += before.layout!.lineSpacing
                if before.endsParagraph { top += before.layout!.paragraphSpacing + layout.paragraphSpacingBefore }
            }
            let height = Self.height(of: layout, endsWithBreak: fragments[index].endsParagraph && !isLast)
            if laidOut || moved || fragments[index].top != top || fragments[index].height != height {
                let bottom = max(top + height, fragments[index].top + fragments[index].height)
                changed = min(changed?.lowerBound ?? top, top)...max(changed?.upperBound ?? bottom, bottom)
                if fragments[index].top != top || fragments[index].height != height { moved = true }
            }
            fragments[index].top = top
            fragments[index].height = height
            top += height
            location += piece.length
            index += 1
        }
        height = top
        if moved, let lower = changed?.lowerBound { changed = lower...max(oldHeight, height, changed!.upperBound) }
        return changed
    }

    /// The pieces whose lines fall in `range` (text coordinates; one that only touches it is not).
    func fragments(in range: ClosedRange<CGFloat>) -> [Fragment] {
        // Pieces are in order of their tops: find the first one ending below the range's top.
        var low = 0, high = fragments.count
        while low < high {
            let middle = (low + high) / 2
            if fragments[middle].top + fragments[middle].height <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var found: [Fragment] = []
        for piece in fragments[low...] {
            if piece.top >= range.upperBound { break }
            found.append(piece)
        }
        return found
    }

    /// The height of a piece's lines: without the empty line its final line break opens when
    /// another piece follows (that piece's first line stands there).
    private static func height(of layout: TextLayout, endsWithBreak: Bool) -> CGFloat {
        guard endsWithBreak, layout.lines.count >= 2 else { return layout.size.height }
        let line = layout.lines[layout.lines.count - 2]
        return line.top + line.height
    }

    /// The paragraphs of `text` from `start` to `end` (UTF-16), each with its line break (`\n`,
    /// `\r\n`, `\r`, U+2028, U+2029: what a layout breaks lines at). The last ends the text's
    /// range: a line break there opens no piece of its own.
    private static func paragraphs(in text: NSString, from start: Int, to end: Int) -> [Fragment] {
        var pieces: [Fragment] = []
        var pieceStart = start, index = start
        while index < end {
            let unit = text.character(at: index)
            index += 1
            guard unit == 10 || unit == 13 || unit == 0x2028 || unit == 0x2029 else { continue }
            if unit == 13, index < end, text.character(at: index) == 10 { index += 1 }
            pieces.append(Fragment(length: index - pieceStart, endsParagraph: true, continuesParagraph: false))
            pieceStart = index
        }
        if pieceStart < end || pieces.isEmpty {
            pieces.append(Fragment(length: end - pieceStart, endsParagraph: true, continuesParagraph: false))
        }
        return pieces
    }

    /// The UTF-16 offsets in a piece (at `location` of `text`, `length` long) of starts of its
    /// layout's lines, the first at least `every` units in and each at least `every` after the one
    /// before, none in its last `every` units; empty when there is no such line.
    private static func lineStarts(in layout: TextLayout, every: Int, of text: NSAttributedString, at location: Int, length: Int) -> [Int] {
        // The piece's text as laid out has no line break but its last, so UTF-8 offsets in it map
        // onto the piece's UTF-16 ones through the text itself, walked once.
        let pieceText = text.attributedSubstring(from: NSRange(location: location, length: length)).string
        let utf8 = pieceText.utf8, utf16 = pieceText.utf16
        var cuts: [Int] = []
        var index = utf8.startIndex, byte = 0, offset = 0
        for line in layout.lines.dropFirst() where line.bytes.lowerBound > byte {
            guard let next = utf8.index(index, offsetBy: line.bytes.lowerBound - byte, limitedBy: utf8.endIndex) else { break }
            offset += utf16.distance(from: index, to: next)
            index = next
            byte = line.bytes.lowerBound
            if offset > length - every { break }
            if offset - (cuts.last ?? 0) >= every { cuts.append(offset) }
        }
        return cuts
    }
}
