import Foundation
import CoreGraphics
import Geometry
import Support

// SF Symbols cannot ship with uisim (Apple's licence allows them on Apple platforms only), so
// `UIImage(systemName:)` gives a placeholder: a square the size a symbol takes at its
// configuration, marked as a placeholder (an outlined box with a cross), a template as symbols
// are, and one console message per name. Layout, tinting and the counters behave as with the
// real symbol; the pixels are not Apple's glyph.

extension UIImage {
    /// What an image is made for (UIKit's `UIImage.Configuration`): traits, and for symbols the
    /// point size, weight and scale.
    ///
    /// `@unchecked Sendable` as the SDK declares it (`NS_SWIFT_SENDABLE`): a configuration is
    /// never changed once made (each `with…` and `applying` makes a copy), but an open class's
    /// sendability cannot be checked by the compiler.
    open class Configuration: @unchecked Sendable {
        public fileprivate(set) var traitCollection: UITraitCollection?

        init(traitCollection: UITraitCollection?) {
            self.traitCollection = traitCollection
        }

        /// The configuration with other traits.
        public func withTraitCollection(_ traitCollection: UITraitCollection?) -> Self {
            let copy = self.copy()
            copy.traitCollection = traitCollection
            return copy as! Self
        }

        /// This configuration with what `other` specifies put over it.
        public func applying(_ other: Configuration?) -> Self {
            guard let other else { return self }
            let copy = self.copy()
            copy.merge(other)
            if let traits = other.traitCollection { copy.traitCollection = traits }
            return copy as! Self
        }

        fileprivate func copy() -> Configuration { Configuration(traitCollection: traitCollection) }
        fileprivate func merge(_ other: Configuration) {}
    }

    /// A symbol's weight (UIKit's `UIImage.SymbolWeight`).
    public enum SymbolWeight: Int, Sendable {
        case unspecified, ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// A symbol's size relative to its point size (UIKit's `UIImage.SymbolScale`).
    public enum SymbolScale: Int, Sendable {
        case `default` = -1, unspecified, small, medium, large
    }

    /// A symbol's point size, weight and scale (UIKit's `UIImage.SymbolConfiguration`); a symbol
    /// without one is made at the body text style (17 pt at the default text size), regular
    /// weight, medium scale.
    /// `@unchecked Sendable` as its superclass (and the SDK's `NS_SWIFT_SENDABLE`): immutable once made.
    public final class SymbolConfiguration: Configuration, @unchecked Sendable {
        public private(set) var pointSize: CGFloat = 0
        public private(set) var textStyle: UIFont.TextStyle?
        public private(set) var weight: SymbolWeight = .unspecified
        public private(set) var scale: SymbolScale = .unspecified

        private init(pointSize: CGFloat, textStyle: UIFont.TextStyle?, weight: SymbolWeight, scale: SymbolScale,
                     traitCollection: UITraitCollection? = nil) {
            self.pointSize = pointSize
            self.textStyle = textStyle
            self.weight = weight
            self.scale = scale
            super.init(traitCollection: traitCollection)
        }

        /// A configuration that specifies nothing.
        public static var unspecified: SymbolConfiguration { SymbolConfiguration(pointSize: 0, textStyle: nil, weight: .unspecified, scale: .unspecified) }

        public convenience init(pointSize: CGFloat) { self.init(pointSize: pointSize, textStyle: nil, weight: .unspecified, scale: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight) { self.init(pointSize: pointSize, textStyle: nil, weight: weight, scale: .unspecified) }
        public convenience init(pointSize: CGFloat, weight: SymbolWeight, scale: SymbolScale) {
            self.init(pointSize: pointSize, textStyle: nil, weight: weight, scale: scale)
        }
        public convenience init(textStyle: UIFont.TextStyle) { self.init(pointSize: 0, textStyle: textStyle, weight: .unspecified, scale: .unspecified) }
        public convenience init(textStyle: UIFont.TextStyle, scale: SymbolScale) { self.init(pointSize: 0, textStyle: textStyle, weight: .unspecified, scale: scale) }
        public convenience init(weight: SymbolWeight) { self.init(pointSize: 0, textStyle: nil, weight: weight, scale: .unspecified) }
        public convenience init(scale: SymbolScale) { self.init(pointSize: 0, textStyle: nil, weight: .unspecified, scale: scale) }
        /// The font's size; its weight is not read (uisim's fonts say regular or bold).
        public convenience init(font: UIFont) { self.init(pointSize: font.pointSize, textStyle: nil, weight: .unspecified, scale: .unspecified) }
        public convenience init(font: UIFont, scale: SymbolScale) { self.init(pointSize: font.pointSize, textStyle: nil, weight: .unspecified, scale: scale) }

        fileprivate override func copy() -> Configuration {
            SymbolConfiguration(pointSize: pointSize, textStyle: textStyle, weight: weight, scale: scale, traitCollection: traitCollection)
        }

        fileprivate override func merge(_ other: Configuration) {
            guard let other = other as? SymbolConfiguration else { return }
            if other.pointSize > 0 { pointSize = other.pointSize; textStyle = nil }
            if let style = other.textStyle { textStyle = style; pointSize = 0 }
            if other.weight != .unspecified { weight = other.weight }
            if other.scale != .unspecified && other.scale != .default { scale = other.scale }
        }

        /// The point size the symbol is drawn at: the text style's font size at the app's text
        /// size (body when nothing is said), or the point size given.
        package var resolvedPointSize: CGFloat {
            if pointSize > 0 { return pointSize }
            return UIFont.preferredFont(forTextStyle: textStyle ?? .body).pointSize
        }

        /// The placeholder's side in points: the point size times the scale's factor (small,
        /// medium, large: `SymbolMetrics`).
        package var placeholderSide: CGFloat {
            (resolvedPointSize * SymbolMetrics.factor(scale)).rounded(.up)
        }
    }

    /// The symbol named `name` (SF Symbols), at the body text style: a placeholder in uisim (see
    /// above); nil for an empty name.
    public convenience init?(systemName name: String) {
        self.init(systemName: name, withConfiguration: nil)
    }

    public convenience init?(systemName name: String, compatibleWith traitCollection: UITraitCollection?) {
        self.init(systemName: name, withConfiguration: nil)
    }

    public convenience init?(systemName name: String, withConfiguration configuration: Configuration?) {
        guard !name.isEmpty else { return nil }
        let symbol = (configuration as? SymbolConfiguration) ?? SymbolConfiguration.unspecified
        let side = symbol.placeholderSide
        let app = AppEnvironment.current
        app.reportIssue("UIImage(systemName: \"\(name)\"): SF Symbols do not ship with uisim: a placeholder box of the symbol's size stands in for it")
        let image = app.symbolPlaceholders.image(side: side, scale: app.screenScale)
        self.init(cgImage: image, scale: app.screenScale, renderingMode: .automatic, isSymbolImage: true,
                  symbolConfiguration: symbol, name: name)
    }
}

/// The size of a symbol relative to its point size, by scale.
package enum SymbolMetrics {
    package static func factor(_ scale: UIImage.SymbolScale) -> CGFloat {
        switch scale {
        case .small: 0.78
        case .large: 1.29
        default: 1
        }
    }
}

/// The placeholders made so far, one per size (every symbol of a size shares its pixels).
final class SymbolPlaceholders {
    private var made: [CGFloat: CGImage] = [:]

    func image(side: CGFloat, scale: CGFloat) -> CGImage {
        let pixels = max(1, Int((side * scale).rounded()))
        if let image = made[side * scale] { return image }
        guard let bitmap = try? CairoImage(width: pixels, height: pixels) else {
            // Memory ran out: the shared stand-in, not drawn into (others use it).
            AppEnvironment.current.noteAllocationFailure(ResourceError("out of memory: cannot allocate a symbol placeholder (\(pixels)×\(pixels) pixels)"))
            return CGImage(adopting: AppEnvironment.current.standInBitmap)
        }
        let cairo = CairoContext(image: bitmap)
        let p = Double(pixels), line = max(1, (p / 12).rounded())
        cairo.setSourceRGBA(0, 0, 0, 1)
        cairo.setLineWidth(line)
        cairo.rectangle(line / 2, line / 2, p - line, p - line)
        cairo.stroke()
        cairo.moveTo(line, line)
        cairo.lineTo(p - line, p - line)
        cairo.moveTo(p - line, line)
        cairo.lineTo(line, p - line)
        cairo.stroke()
        let image = CGImage(adopting: bitmap)
        made[side * scale] = image
        return image
    }
}
