import Foundation
import Geometry
import CoreGraphics
import UIFoundation
import Testing

/// The system font's tracking: SF Pro's size-specific table (Apple's HIG lists it for iOS), which
/// Core Text applies after every character. Inter, which draws the system font here, has none.
@Suite struct SystemFontTrackingTests {
    /// The table's values at listed sizes; per-em interpolation between them; the first entry's
    /// per-em value below 6 pt, none from 80 pt; none for a face by name or the monospaced design.
    @Test func theTableAtItsSizesAndBetween() {
        func tracking(_ size: CGFloat) -> CGFloat { UIFont.systemFont(ofSize: size).tracking }
        #expect(abs(tracking(12)) < 1e-12)
        #expect(abs(tracking(16) - -0.31) < 1e-12)
        #expect(abs(tracking(17) - -0.43) < 1e-12)
        #expect(abs(tracking(20) - -0.45) < 1e-12)
        #expect(abs(tracking(28) - 0.38) < 1e-12)
        #expect(abs(tracking(34) - 0.40) < 1e-12)
        // 16.5 pt: halfway between −0.31/16 and −0.43/17 em, × 16.5 = −0.368566…
        #expect(abs(tracking(16.5) - 16.5 * (-0.31 / 16 + -0.43 / 17) / 2) < 1e-12)
        #expect(abs(tracking(3) - 3 * 0.24 / 6) < 1e-12)
        #expect(tracking(80) == 0 && tracking(120) == 0)
        #expect(UIFont.systemFont(ofSize: 16, weight: .bold).tracking == tracking(16))
        #expect(UIFont(name: "Inter", size: 16)?.tracking == 0)
        #expect(UIFont.monospacedSystemFont(ofSize: 16, weight: .regular).tracking == 0)
    }

    /// "the" in the system font at 16 pt is the same glyphs as in Inter by name, 3 × 0.31 pt
    /// narrower (the last character's tracking counted, as Core Text counts it). Against the
    /// widths UIKit measured on iOS (labels at `.body`, content size `.medium`, 16 pt, on a @3x
    /// screen): "the" 23.667 and "point" 37; "What's" in `.headline` (16 pt semibold) 52.667.
    /// A label is its text's width rounded up to the pixel: uisim's are 24.0 (+0.333), 37.0
    /// (exact) and 51.667 (−1.0); before the table they were 25.0, 38.333 and 53.667 (+1.0 to
    /// +1.333 each, 2.5–5.6 % wide).
    @Test func wordsMeasureCloseToWhatIOSMeasured() throws {
        let inter = try #require(UIFont(name: "Inter", size: 16))
        let system = UIFont.systemFont(ofSize: 16)
        let plain = ("the" as NSString).size(withAttributes: [.font: inter]).width
        let tracked = ("the" as NSString).size(withAttributes: [.font: system]).width
        // Pango spaces characters in its units, 1/1024 pt: −0.31 is −317/1024 between characters.
        #expect(abs(tracked - (plain - 3 * 0.31)) < 3.0 / 1024, "\(plain) → \(tracked)")

        func label(_ text: String, _ font: UIFont) -> CGFloat {
            ((text as NSString).size(withAttributes: [.font: font]).width * 3 - 1e-9).rounded(.up) / 3
        }
        let recorded: [(String, UIFont, CGFloat, CGFloat)] = [
            ("the", system, 23.667, 0.34), ("point", system, 37, 0.01),
            ("What's", .systemFont(ofSize: 16, weight: .semibold), 52.667, 1.01),
        ]
        for (text, font, iOS, residual) in recorded {
            let width = label(text, font)
            #expect(abs(width - iOS) <= residual, "\(text): \(width) where iOS measured \(iOS)")
        }
    }

    /// A line fits at the width it measures: Pango, which leaves out the last character's
    /// tracking, is asked to break at the width with it, so "alpha beta" laid out at its own
    /// measured width stays on one line, and a point narrower wraps.
    @Test func aLineFitsAtItsOwnMeasuredWidth() {
        for size: CGFloat in [10, 17, 28] {
            let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: size)]
            let width = ("alpha beta" as NSString).size(withAttributes: attributes).width
            func lines(at width: CGFloat) -> CGFloat {
                ("alpha beta" as NSString).boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                                        options: .usesLineFragmentOrigin, attributes: attributes, context: nil).height
                    / UIFont.systemFont(ofSize: size).lineHeight
            }
            #expect(abs(lines(at: width) - 1) < 1e-9, "\(size) pt")
            #expect(abs(lines(at: width - 1) - 2) < 1e-9, "\(size) pt")
        }
    }
}
