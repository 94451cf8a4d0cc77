import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import UIKit

/// UILabel as UIKit lays out its text: lines of the system font 20.287109375 pt tall (17 pt ×
/// 2444 / 2048), sizes rounded up to the screen's pixel (1/3 pt at @3x), wrapping at widths
/// measured from the words themselves.
@Suite struct UILabelTextTests {
    let font = UIFont.systemFont(ofSize: 17)
    let words = "one two three four five six seven eight nine ten eleven twelve thirteen"

    /// The width of "one two three four" plus a point: the text breaks into lines there.
    var width: CGFloat { "one two three four".size(withAttributes: [.font: font]).width + 1 }

    /// How many lines the text needs at `width`, measured as an app would measure it.
    var neededLines: Int {
        let rect = words.boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude), options: .usesLineFragmentOrigin,
                                      attributes: [.font: font], context: nil)
        return Int((rect.height / font.lineHeight).rounded())
    }

    /// Up to the @3x pixel: 2 × 20.287109375 = 40.57421875 pt = 121.72 px → 122 px = 40.667 pt.
    func pixelCeil(_ v: CGFloat) -> CGFloat { (v * 3 - 1e-6).rounded(.up) / 3 }

    /// numberOfLines 2 for text that needs more: two lines tall (40.667 pt), the second ending in
    /// "…" (truncated); numberOfLines 0: every line.
    @Test func twoLinesOfThreeOrMoreAreTwoLinesTallAndTruncated() {
        #expect(neededLines >= 3)
        let label = UILabel()
        label.text = words
        label.numberOfLines = 2
        label.preferredMaxLayoutWidth = width
        #expect(abs(label.intrinsicContentSize.height - 122.0 / 3) < 1e-9)
        label.frame = CGRect(origin: .zero, size: label.intrinsicContentSize)
        let shown = try! #require(label.shownLayout())
        #expect(shown.lines.count == 2 && shown.isTruncated)
        #expect(shown.lines[1].hasEllipsis && !shown.lines[0].hasEllipsis)   // the second line ends in "…"
        label.numberOfLines = 0
        #expect(abs(label.intrinsicContentSize.height - pixelCeil(CGFloat(neededLines) * font.lineHeight)) < 1e-9)
        // sizeThatFits wraps at the width asked.
        let fits = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude))
        #expect(abs(fits.height - pixelCeil(CGFloat(neededLines) * font.lineHeight)) < 1e-9 && fits.width <= width)
        // One line (the default) is one line tall, however long the text.
        label.numberOfLines = 1
        #expect(abs(label.intrinsicContentSize.height - 61.0 / 3) < 1e-9)
    }

    /// A multi-line label pinned to both sides of a container wraps at the width Auto Layout gives
    /// it (UIKit's second constraints pass): its height is its lines'.
    @Test func aWidthConstrainedMultiLineLabelTakesItsLinesHeight() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: width + 40, height: 800))
        let label = UILabel()
        label.text = words
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(label)
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            label.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
            label.topAnchor.constraint(equalTo: container.topAnchor, constant: 20),
        ])
        container.layoutIfNeeded()
        #expect(abs(label.frame.width - width) <= 1.0 / 6)   // on the pixel grid
        #expect(abs(label.frame.height - pixelCeil(CGFloat(neededLines) * font.lineHeight)) < 1e-9, "\(label.frame)")
    }

    /// A content view sized by its constraints (a self-sizing cell's): a multi-line label pinned
    /// to its margins (8 pt each side) at a fixed width is its lines' height plus 16.
    @Test func aFittingSizeWrapsItsLabels() {
        let content = UIView()
        let label = UILabel()
        label.text = words
        label.numberOfLines = 0
        label.translatesAutoresizingMaskIntoConstraints = false
        content.addSubview(label)
        let margins = content.layoutMarginsGuide
        NSLayoutConstraint.activate([
            label.leadingAnchor.constraint(equalTo: margins.leadingAnchor), label.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            label.topAnchor.constraint(equalTo: margins.topAnchor), label.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
        let size = content.systemLayoutSizeFitting(CGSize(width: width + 16, height: 0), withHorizontalFittingPriority: .required,
                                                   verticalFittingPriority: .fittingSizeLevel)
        // The engine's values are snapped to a millionth of a point.
        #expect(abs(size.height - (pixelCeil(CGFloat(neededLines) * font.lineHeight) + 16)) < 1e-6, "\(size)")
    }

    /// Attributed text keeps its own fonts: a 34 pt run makes the line 34 pt's line height
    /// (40.57 pt, 40.667 at the pixel); setting text replaces it.
    @Test func attributedTextKeepsItsAttributes() {
        let label = UILabel()
        let string = NSMutableAttributedString(string: "Big", attributes: [.font: UIFont.systemFont(ofSize: 34)])
        string.append(NSAttributedString(string: " small"))
        label.attributedText = string
        #expect(label.text == "Big small")
        #expect(abs(label.intrinsicContentSize.height - pixelCeil(UIFont.systemFont(ofSize: 34).lineHeight)) < 1e-9)
        label.text = "plain"
        #expect(abs(label.intrinsicContentSize.height - 61.0 / 3) < 1e-9)
        #expect(label.attributedText?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont == label.font)
    }

    /// A one-line label that shrinks to fit: text measured 100 w wide in a label 80 % as wide is
    /// drawn at about 80 % of its size (no wider than the label, not truncated); with a minimum
    /// scale of 0.9 it stops at 90 % and truncates.
    @Test func aShrinkingLabelFitsItsWidthBeforeTruncating() throws {
        let label = UILabel()
        label.text = "Inbox and more"
        let full = label.intrinsicContentSize
        label.frame = CGRect(x: 0, y: 0, width: (full.width * 0.8).rounded(.down), height: full.height)
        #expect(try #require(label.shownLayout()).isTruncated)
        label.adjustsFontSizeToFitWidth = true
        let shrunk = try #require(label.shownLayout())
        #expect(!shrunk.isTruncated && shrunk.size.width <= label.bounds.width)
        // Its line is its smaller font's: between 70 % and 82 % of 20.287 pt. Below the width's
        // 79 %, as SF's tracking is tighter at 17 pt (−0.43 pt a character) than at 13 (−0.08):
        // smaller text is relatively wider, so it shrinks to 73.5 % (12.5 pt) to fit.
        #expect(shrunk.size.height < 0.82 * font.lineHeight && shrunk.size.height > 0.70 * font.lineHeight, "\(shrunk.size)")
        label.minimumScaleFactor = 0.9
        let limited = try #require(label.shownLayout())
        #expect(limited.isTruncated && abs(limited.size.height - 0.9 * font.lineHeight) < 1e-9)
    }

    /// A text view that does not scroll sizes itself to its text: its lines at the width less
    /// the 5 pt padding each side, plus 8 pt above and below; one that scrolls has no intrinsic
    /// size and a content size of the same height.
    @Test func aTextViewSizesToItsTextOrScrollsIt() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: width + 10 + 40, height: 800))
        let textView = UITextView()
        textView.font = font
        textView.text = words
        textView.isScrollEnabled = false
        textView.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(textView)
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 20),
            textView.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -20),
            textView.topAnchor.constraint(equalTo: container.topAnchor),
        ])
        container.layoutIfNeeded()
        let expected = pixelCeil(CGFloat(neededLines) * font.lineHeight + 16)
        #expect(abs(textView.frame.height - expected) < 1e-9, "\(textView.frame)")
        let scrolling = UITextView(frame: CGRect(x: 0, y: 0, width: width + 10, height: 30))
        scrolling.font = font
        scrolling.text = words
        scrolling.layoutIfNeeded()
        #expect(scrolling.intrinsicContentSize.height == UIView.noIntrinsicMetric)
        #expect(abs(scrolling.contentSize.height - expected) < 1e-9 && scrolling.contentSize.height > scrolling.bounds.height)
        #expect(textView.textContainerInset == UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) && textView.textContainer.lineFragmentPadding == 5)
    }
}
