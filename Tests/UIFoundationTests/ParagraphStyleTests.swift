import Foundation
import Geometry
@testable import CoreGraphics
@testable import UIFoundation
import Testing

/// Paragraph styles and character attributes, with their numbers worked out by hand from the
/// system font's 17 pt line (17 × 2444 / 2048 = 20.287109375 pt).
@Suite struct ParagraphStyleTests {
    let body = UIFont.systemFont(ofSize: 17)

    func height(_ text: String, _ configure: (NSMutableParagraphStyle) -> Void) -> CGFloat {
        let style = NSMutableParagraphStyle()
        configure(style)
        return text.size(withAttributes: [.font: body, .paragraphStyle: style]).height
    }

    /// A line height multiple of 1.5 makes each line 30.4306640625 pt; a minimum of 30 makes each
    /// 30; a maximum of 15 each 15: two lines 60.861328125, 60 and 30.
    @Test func lineHeightsFollowTheStyle() {
        #expect(abs(height("a\nb") { $0.lineHeightMultiple = 1.5 } - 2 * 20.287109375 * 1.5) < 1e-9)
        #expect(height("a\nb") { $0.minimumLineHeight = 30 } == 60)
        #expect(height("a\nb") { $0.maximumLineHeight = 15 } == 30)
        #expect(height("a\nb") { _ in } == 2 * 20.287109375)
    }

    /// Kern adds its space after every character, the last included (as Core Text does): "abc"
    /// with a kern of 2 is 3 × 2 = 6 pt wider.
    @Test func kernWidensEachCharacter() {
        let plain = "abc".size(withAttributes: [.font: body]).width
        let kerned = "abc".size(withAttributes: [.font: body, .kern: 2]).width
        #expect(abs(kerned - plain - 6) < 0.01, "\(kerned - plain)")
    }

    /// A head indent of 20 narrows every line but the first by 20 (the first keeps
    /// `firstLineHeadIndent`, 0): text that fills two lines at 200 pt is laid out at 180 after the
    /// first; the lines start 20 in.
    @Test func indentsMoveLines() {
        let text = TextSystem()
        let style = NSMutableParagraphStyle()
        style.headIndent = 20
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let layout = text.layout(TextLayoutRequest(NSAttributedString(string: words, attributes: [.font: body, .paragraphStyle: style]),
                                                   width: 200, maxLines: 0))
        #expect(layout.lines.count >= 2)
        #expect(layout.lines[0].indent == 0 && layout.lines.dropFirst().allSatisfy { $0.indent == 20 })
        #expect(layout.lines.allSatisfy { $0.indent + $0.width <= 200 })
        style.firstLineHeadIndent = 40
        let first = text.layout(TextLayoutRequest(NSAttributedString(string: words, attributes: [.font: body, .paragraphStyle: style]),
                                                  width: 200, maxLines: 0))
        #expect(first.lines[0].indent == 40 && first.lines.dropFirst().allSatisfy { $0.indent == 20 })
    }

    /// Justified lines but the last fill the width; the last keeps its own.
    @Test func justifiedLinesFillTheWidth() {
        let text = TextSystem()
        let words = "one two three four five six seven eight nine ten eleven twelve"
        let layout = text.layout(TextLayoutRequest(NSAttributedString(string: words, attributes: [.font: body]), width: 200, maxLines: 0,
                                                   alignment: .justified))
        #expect(layout.lines.count >= 2)
        #expect(layout.lines.dropLast().allSatisfy { abs($0.width - 200) < 0.5 }, "\(layout.lines.map(\.width))")
        #expect(layout.lines.last!.width < 199)
    }
}
