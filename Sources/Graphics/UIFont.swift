import Foundation
import Geometry

/// A font, as UIKit's `UIFont`. uisim draws text with one sans-serif face through cairo, in a
/// regular and a bold weight; sizes are in points.
public final class UIFont: Hashable, Sendable {
    public let pointSize: CGFloat
    /// Whether the bold weight is used.
    public let isBold: Bool

    private init(size: CGFloat, bold: Bool) {
        pointSize = size
        isBold = bold
    }

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, bold: false) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(size: size, bold: true) }

    /// Distance from the baseline to the top of the tallest glyphs.
    public var ascender: CGFloat { CGFloat(metrics.ascent) }
    /// Distance from the baseline to the bottom of the lowest glyphs (negative, as in UIKit).
    public var descender: CGFloat { -CGFloat(metrics.descent) }
    /// Height of one line of text.
    public var lineHeight: CGFloat { ascender - descender }

    /// The width of `text` set in this font.
    func width(of text: String) -> CGFloat {
        CGFloat(AppEnvironment.current.textMeasurer.measure(text, font: self).width)
    }

    private var metrics: (width: Double, ascent: Double, descent: Double) {
        AppEnvironment.current.textMeasurer.measure("", font: self)
    }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool { lhs.pointSize == rhs.pointSize && lhs.isBold == rhs.isBold }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointSize)
        hasher.combine(isBold)
    }
}

extension UIFont {
    /// Loads the font machinery (fontconfig, glyph caches) by setting a line of text once, so the
    /// first `draw(_:)` that shows text does not pay for it: on iOS the fonts are ready before an
    /// app's first frame.
    public static func warmUp() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        _ = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 32), format: format).image { _ in
            for font in [UIFont.systemFont(ofSize: 17), .boldSystemFont(ofSize: 17)] {
                "Warm up Ag".draw(at: .zero, withAttributes: [.font: font])
            }
        }
    }
}

/// A scratch cairo context for measuring text (one per app: cairo contexts are not shared
/// between threads).
final class TextMeasurer {
    private let cairo = CairoContext(image: try! CairoImage(width: 1, height: 1))

    func measure(_ text: String, font: UIFont) -> (width: Double, ascent: Double, descent: Double) {
        cairo.setFont(size: Double(font.pointSize), bold: font.isBold)
        return cairo.measure(text)
    }
}

#if !canImport(UIKit)
extension NSAttributedString.Key {
    /// The `UIFont` of the text (default: system font, 12 pt).
    public static let font = NSAttributedString.Key("NSFont")
    /// The `UIColor` of the text (default: black).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}
#endif

extension String {
    /// Draws the text on one line with its top-left corner at `point`, in the current context.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        let color = attributes?[.foregroundColor] as? UIColor ?? .black
        context.drawText(self, at: CGPoint(x: point.x, y: point.y + font.ascender), font: font, color: color.cgColor)
    }

    /// Draws the text on one line at the top-left of `rect`, clipped to it.
    public func draw(in rect: CGRect, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.clip(to: rect)
        draw(at: rect.origin, withAttributes: attributes)
        context.restoreGState()
    }

    /// The size of the text on one line.
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = attributes?[.font] as? UIFont ?? .systemFont(ofSize: 12)
        return CGSize(width: font.width(of: self), height: font.lineHeight)
    }
}
