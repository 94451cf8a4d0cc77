import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Typing into a long text costs what the paragraph typed into costs (issue 53: a text view laid
/// out and drew its whole text at every key, so a long typed trace took quadratic time and
/// memory). A long text is laid out by paragraphs — a long paragraph in pieces cut at line
/// starts — stacked exactly as the whole text's layout places its lines, drawn by tiles near the
/// visible part, each edit drawing again only what it changed.
@MainActor
@Suite struct TextViewTypingTests {
    let font = UIFont.systemFont(ofSize: 17)

    func window(with view: UITextView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(view)
        window.isHidden = false
        return window
    }

    /// A paragraph of `count` words ("word0 word1 …").
    func paragraph(_ count: Int, from start: Int = 0) -> String {
        (start..<start + count).map { "word\($0)" }.joined(separator: " ")
    }

    /// The content height of `text` in a text view `width` wide laid out whole (the lines at the
    /// width less the 5-pt padding each side, 8 pt above and below) and by paragraphs.
    func heights(_ text: String, width: CGFloat = 350) -> (whole: CGFloat, byParagraph: CGFloat) {
        let whole = TextLayoutRequest(NSAttributedString(string: text), width: width - 10, maxLines: 0,
                                      alignment: .natural, defaults: [.font: font])
        let layout = AppEnvironment.current.text.layout(whole)
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: width, height: 400))
        view.font = font
        view.text = text
        view.layoutIfNeeded()
        return ((layout.size.height + 16).ceiledToPixel(scale: UIScreen.main.scale), view.contentSize.height)
    }

    /// Paragraphs stacked give the whole text's height: short and long paragraphs, empty ones,
    /// "\r\n", a final line break (its empty last line), one paragraph long enough to be cut.
    @Test func paragraphsStackAsTheWholeTextsLines() {
        let texts = [
            (0..<12).map { paragraph(40, from: $0 * 40) }.joined(separator: "\n"),
            (0..<8).map { paragraph(60, from: $0) }.joined(separator: "\n\n") + "\n",
            (0..<6).map { paragraph(90, from: $0) }.joined(separator: "\r\n"),
            paragraph(900),
            paragraph(700) + "\n" + paragraph(5) + "\n\n\n" + paragraph(500),
        ]
        for text in texts {
            #expect(text.utf16.count > TextFragments.wholeTextLimit)
            let (whole, byParagraph) = heights(text)
            #expect(abs(whole - byParagraph) < 1e-6, "\(whole) \(byParagraph) for \(text.prefix(40))")
        }
    }

    /// A key typed at the end of a 20-paragraph, 11 000-character text lays out one piece, draws
    /// one paragraph's glyphs (about 540) and only the band its lines take (about 14 lines).
    @Test func aKeyAtTheEndOfALongTextLaysOutAndDrawsOneParagraph() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        view.font = font
        view.text = (0..<20).map { paragraph(60, from: 1000 + $0 * 60) }.joined(separator: "\n")
        let window = window(with: view)
        window.commit()
        view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - view.bounds.height)
        window.commit()
        let height = view.contentSize.height
        let text = AppEnvironment.current.text
        let before = text.statistics
        view.insertText("x")
        let stats = window.commit()
        let after = text.statistics
        #expect(after.layouts - before.layouts == 1)
        // One paragraph of 60 words ("word2140" …) is 540 glyphs (spaces included); the whole
        // text 10 800. A paragraph across two tiles is drawn by both.
        let glyphs = after.glyphsDrawn - before.glyphsDrawn
        #expect(glyphs >= 540 && glyphs <= 2 * 540, "\(glyphs)")
        // The band of the last paragraph's lines (15 lines of 20.3 pt), well under the view's
        // 700 pt: its layout's height, at 9 pixels a point on the 3x screen, and a row of pixels.
        let last = AppEnvironment.current.text.layout(TextLayoutRequest(NSAttributedString(string: paragraph(60, from: 2140)), width: 380,
                                                                        maxLines: 0, alignment: .natural, defaults: [.font: font]))
        let band = Int(390 * 3 * ((last.size.height * 3).rounded(.up) + 1))
        #expect(stats.display.pixelsDrawn <= band && stats.display.pixelsDrawn >= band - 390 * 3 * 4 && band < 390 * 320 * 9,
                "\(stats.display.pixelsDrawn) \(band)")
        #expect(view.contentSize.height == height && view.text.hasSuffix("word2199x"))
        // Deleting it back draws the same band.
        view.deleteBackward()
        #expect(window.commit().display.pixelsDrawn <= band)
        #expect(view.text.hasSuffix("word2199"))
    }

    /// One long paragraph (no line break) is cut at line starts: typing at its end lays out its
    /// last pieces only, and the lines stay where the whole paragraph's layout puts them.
    @Test func aLongParagraphIsLaidOutInPieces() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        view.font = font
        view.text = paragraph(3000)
        let window = window(with: view)
        window.commit()
        let text = AppEnvironment.current.text
        for _ in 0..<3 {
            let before = text.statistics
            view.insertText(" more")
            window.commit()
            // The last piece and the one before, merged, then cut again, each part laid out: a few
            // layouts asked for (computed or from the cache), never the paragraph's 26 pieces.
            let asked = text.statistics.layouts + text.statistics.cacheHits - before.layouts - before.cacheHits
            #expect(asked >= 1 && asked <= 4, "\(asked)")
        }
        let (whole, _) = heights(view.text, width: 390)
        #expect(abs(view.contentSize.height - whole) < 1e-6)
    }

    /// Memory does not grow with the text: a 200 000-character text has tiles near what is
    /// visible only (three of 1 024 pt at most), not a bitmap as tall as the text.
    @Test func aLongTextIsDrawnByTilesNearWhatIsVisible() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 390, height: 700))
        view.font = font
        view.text = (0..<100).map { paragraph(250, from: $0) }.joined(separator: "\n")
        let window = window(with: view)
        let stats = window.commit()
        #expect(view.contentSize.height > 50_000)
        // The tiles on screen drew: the first 700 pt of text, about 34 lines of 40 glyphs.
        #expect(stats.display.layersDisplayed >= 1 && stats.display.pixelsDrawn >= 390 * 9 * 700)
        let tiles = view.subviews.filter { String(describing: type(of: $0)).contains("TextCanvas") }
        #expect(tiles.count <= 2 && tiles.allSatisfy { $0.frame.height <= UITextView.tileHeight })
        #expect(stats.backingStoreBytes < 2 * 390 * 1024 * 9 * 4 + 8_000_000, "\(stats.backingStoreBytes)")
        // Scrolled to the end: the tiles there, the first ones gone.
        view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - view.bounds.height)
        window.commit()
        let moved = view.subviews.filter { String(describing: type(of: $0)).contains("TextCanvas") }
        #expect(moved.count <= 3 && moved.allSatisfy { $0.frame.maxY > view.contentSize.height - 3 * UITextView.tileHeight })
        // Back under the limit: one canvas again, drawn whole.
        view.text = "Short"
        window.commit()
        #expect(view.subviews.filter { String(describing: type(of: $0)).contains("TextCanvas") }.count == 1)
    }
}

