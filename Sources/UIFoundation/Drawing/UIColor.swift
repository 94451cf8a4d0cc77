import Foundation
import CoreGraphics

/// An sRGB color, as UIKit's `UIColor`: fixed, or dynamic (`init(dynamicProvider:)`, the system
/// colors), resolved for light or dark with `UITraitCollection.current` when its `cgColor` is
/// taken (a view resolves its `backgroundColor` with its own traits, and draws under them).
/// uisim has no pattern colors.
open class UIColor: NSObject, @unchecked Sendable {
    // @unchecked, as the SDK declares UIColor (NS_SWIFT_SENDABLE): a colour never changes once made
    // (a dynamic one's provider is @Sendable); an open NSObject subclass cannot be checked.
    private let fixed: CGColor?
    private let provider: (@Sendable (UITraitCollection) -> UIColor)?

    /// The Core Graphics color: a dynamic color's resolved with `UITraitCollection.current`.
    open var cgColor: CGColor { fixed ?? resolvedColor(with: .current).cgColor }

    private init(fixed: CGColor?, provider: (@Sendable (UITraitCollection) -> UIColor)?) {
        self.fixed = fixed
        self.provider = provider
        super.init()
    }

    /// A colour made with no components (a subclass's designated initializer calls this one): clear.
    public override init() {
        fixed = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        provider = nil
        super.init()
    }

    public convenience init(cgColor: CGColor) {
        self.init(fixed: cgColor, provider: nil)
    }

    /// A color that depends on the traits it is resolved with (light or dark, mostly).
    public convenience init(dynamicProvider: @escaping @Sendable (UITraitCollection) -> UIColor) {
        self.init(fixed: nil, provider: dynamicProvider)
    }

    /// A color for each appearance: `dark` in dark mode, `light` otherwise.
    package static func dynamic(light: UIColor, dark: UIColor) -> UIColor {
        UIColor { $0.userInterfaceStyle == .dark ? dark : light }
    }

    /// The colour named `name` in the main bundle's asset catalogs (a colour set), or nil.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The colour named `name` in `bundle`'s asset catalogs (the main bundle when nil): a colour
    /// set with a dark variant is dynamic, resolved for light or dark where it is used.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let color = AssetCatalog.color(named: name, in: bundle ?? .main) else { return nil }
        if let traitCollection, traitCollection.userInterfaceStyle != .unspecified {
            self.init(cgColor: color.resolvedColor(with: traitCollection).cgColor)
        } else if color.isDynamic {
            self.init(dynamicProvider: { color.resolvedColor(with: $0) })
        } else {
            self.init(cgColor: color.cgColor)
        }
    }

    /// The fixed color this one is under `traitCollection` (itself when fixed).
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor {
        guard let provider else { return self }
        return provider(traitCollection).resolvedColor(with: traitCollection)
    }

    /// Whether the color depends on traits.
    package var isDynamic: Bool { provider != nil }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// A color from the HSB model, each component in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h) % 6
        let f = h - CGFloat(Int(h))
        let v = brightness, s = saturation
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (CGFloat, CGFloat, CGFloat)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: alpha)
    }

    /// Writes the sRGB components; always succeeds (returns `true`), as every uisim color is RGB.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let c = cgColor.components
        red?.pointee = c[0]
        green?.pointee = c[1]
        blue?.pointee = c[2]
        alpha?.pointee = c[3]
        return true
    }

    /// The same color with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        guard let fixed else { return UIColor { self.resolvedColor(with: $0).withAlphaComponent(alpha) } }
        return UIColor(cgColor: fixed.copy(alpha: alpha))
    }

    /// The color's alpha, in 0...1 (UIKit's code reads it through `cgColor.alpha`).
    package var alpha: CGFloat { cgColor.alpha }

    /// Makes the color the current context's fill and stroke color.
    open func set() {
        setFill()
        setStroke()
    }

    /// Makes the color the current context's fill color.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Makes the color the current context's stroke color.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    open class var black: UIColor { Palette.black }
    open class var darkGray: UIColor { Palette.darkGray }
    open class var lightGray: UIColor { Palette.lightGray }
    open class var white: UIColor { Palette.white }
    open class var gray: UIColor { Palette.gray }
    open class var red: UIColor { Palette.red }
    open class var green: UIColor { Palette.green }
    open class var blue: UIColor { Palette.blue }
    open class var cyan: UIColor { Palette.cyan }
    open class var yellow: UIColor { Palette.yellow }
    open class var magenta: UIColor { Palette.magenta }
    open class var orange: UIColor { Palette.orange }
    open class var purple: UIColor { Palette.purple }
    open class var brown: UIColor { Palette.brown }
    open class var clear: UIColor { Palette.clear }
    // The system colors of iOS 13 and later, light and dark, as Apple's Human Interface Guidelines
    // list them (default contrast): dynamic, resolved with the traits they are drawn under.
    open class var systemBlue: UIColor { Palette.systemBlue }
    open class var systemGreen: UIColor { Palette.systemGreen }
    open class var systemRed: UIColor { Palette.systemRed }
    open class var systemOrange: UIColor { Palette.systemOrange }
    open class var systemYellow: UIColor { Palette.systemYellow }
    open class var systemPink: UIColor { Palette.systemPink }
    open class var systemPurple: UIColor { Palette.systemPurple }
    open class var systemTeal: UIColor { Palette.systemTeal }
    open class var systemIndigo: UIColor { Palette.systemIndigo }
    open class var systemMint: UIColor { Palette.systemMint }
    open class var systemCyan: UIColor { Palette.systemCyan }
    open class var systemBrown: UIColor { Palette.systemBrown }
    open class var systemGray: UIColor { Palette.systemGray }
    open class var systemGray2: UIColor { Palette.systemGray2 }
    open class var systemGray3: UIColor { Palette.systemGray3 }
    open class var systemGray4: UIColor { Palette.systemGray4 }
    open class var systemGray5: UIColor { Palette.systemGray5 }
    open class var systemGray6: UIColor { Palette.systemGray6 }
    open class var systemBackground: UIColor { Palette.systemBackground }
    open class var secondarySystemBackground: UIColor { Palette.secondarySystemBackground }
    open class var tertiarySystemBackground: UIColor { Palette.tertiarySystemBackground }
    open class var systemGroupedBackground: UIColor { Palette.systemGroupedBackground }
    open class var secondarySystemGroupedBackground: UIColor { Palette.secondarySystemGroupedBackground }
    open class var tertiarySystemGroupedBackground: UIColor { Palette.tertiarySystemGroupedBackground }
    /// Text on a light background, from before dynamic colours (UIKit's: black, in dark mode too).
    open class var darkText: UIColor { Palette.darkText }
    /// Text on a dark background, from before dynamic colours (UIKit's: white at 60 % opacity).
    open class var lightText: UIColor { Palette.lightText }
    /// A grouped table's background, deprecated in iOS 13 for `systemGroupedBackground`, which it is.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use systemGroupedBackgroundColor instead")
    open class var groupTableViewBackground: UIColor { Palette.systemGroupedBackground }
    open class var label: UIColor { Palette.label }
    open class var secondaryLabel: UIColor { Palette.secondaryLabel }
    open class var tertiaryLabel: UIColor { Palette.tertiaryLabel }
    open class var quaternaryLabel: UIColor { Palette.quaternaryLabel }
    open class var placeholderText: UIColor { Palette.placeholderText }
    open class var link: UIColor { Palette.link }
    open class var separator: UIColor { Palette.separator }
    open class var opaqueSeparator: UIColor { Palette.opaqueSeparator }
    open class var systemFill: UIColor { Palette.systemFill }
    open class var secondarySystemFill: UIColor { Palette.secondarySystemFill }
    open class var tertiarySystemFill: UIColor { Palette.tertiarySystemFill }
    open class var quaternarySystemFill: UIColor { Palette.quaternarySystemFill }

    /// Fixed colors are equal when their components are; dynamic ones when they are the same
    /// object or resolve alike in light and dark.
    /// The light tint of UIKit's bar and alert material (uisim draws no blur): 97 % white, or
    /// 11 % in dark mode, at 94 %.
    package static let barBackground = UIColor.dynamic(light: UIColor(white: 0.97, alpha: 0.94), dark: UIColor(white: 0.11, alpha: 0.94))

    open override func isEqual(_ object: Any?) -> Bool {
        guard let rhs = object as? UIColor else { return false }
        let lhs = self
        if lhs === rhs { return true }
        if let a = lhs.fixed, let b = rhs.fixed { return a == b }
        guard lhs.isDynamic == rhs.isDynamic else { return false }
        return UIUserInterfaceStyle.allCases.allSatisfy { style in
            let traits = UITraitCollection(userInterfaceStyle: style)
            return lhs.resolvedColor(with: traits).fixed == rhs.resolvedColor(with: traits).fixed
        }
    }
    open override var hash: Int { resolvedColor(with: UITraitCollection(userInterfaceStyle: .light)).fixed.hashValue }

    open override var description: String {
        guard fixed != nil else { return "<UIDynamicProviderColor: \(resolvedColor(with: UITraitCollection(userInterfaceStyle: .light))) / dark \(resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)))>" }
        let c = cgColor.components.map { String(format: "%g", Double($0)) }
        return "UIExtendedSRGBColorSpace \(c.joined(separator: " "))"
    }
}

extension UIColor: CoreAnimationColor {
    package var animatedCGColor: CGColor { cgColor }
}

/// The named colours' values, made once: UIKit's class properties return the same colour each time.
private enum Palette {
    static let black = UIColor(white: 0, alpha: 1)
    static let darkGray = UIColor(white: 1.0 / 3, alpha: 1)
    static let lightGray = UIColor(white: 2.0 / 3, alpha: 1)
    static let white = UIColor(white: 1, alpha: 1)
    static let gray = UIColor(white: 0.5, alpha: 1)
    static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)
    static let clear = UIColor(white: 0, alpha: 0)
    static let systemBlue = UIColor.dynamic(light: UIColor(red: 0.0 / 255, green: 122.0 / 255, blue: 255.0 / 255, alpha: 1.0), dark: UIColor(red: 10.0 / 255, green: 132.0 / 255, blue: 255.0 / 255, alpha: 1.0))
    static let systemGreen = UIColor.dynamic(light: UIColor(red: 52.0 / 255, green: 199.0 / 255, blue: 89.0 / 255, alpha: 1.0), dark: UIColor(red: 48.0 / 255, green: 209.0 / 255, blue: 88.0 / 255, alpha: 1.0))
    static let systemRed = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 59.0 / 255, blue: 48.0 / 255, alpha: 1.0), dark: UIColor(red: 255.0 / 255, green: 69.0 / 255, blue: 58.0 / 255, alpha: 1.0))
    static let systemOrange = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 149.0 / 255, blue: 0.0 / 255, alpha: 1.0), dark: UIColor(red: 255.0 / 255, green: 159.0 / 255, blue: 10.0 / 255, alpha: 1.0))
    static let systemYellow = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 204.0 / 255, blue: 0.0 / 255, alpha: 1.0), dark: UIColor(red: 255.0 / 255, green: 214.0 / 255, blue: 10.0 / 255, alpha: 1.0))
    static let systemPink = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 45.0 / 255, blue: 85.0 / 255, alpha: 1.0), dark: UIColor(red: 255.0 / 255, green: 55.0 / 255, blue: 95.0 / 255, alpha: 1.0))
    static let systemPurple = UIColor.dynamic(light: UIColor(red: 175.0 / 255, green: 82.0 / 255, blue: 222.0 / 255, alpha: 1.0), dark: UIColor(red: 191.0 / 255, green: 90.0 / 255, blue: 242.0 / 255, alpha: 1.0))
    static let systemTeal = UIColor.dynamic(light: UIColor(red: 48.0 / 255, green: 176.0 / 255, blue: 199.0 / 255, alpha: 1.0), dark: UIColor(red: 64.0 / 255, green: 203.0 / 255, blue: 224.0 / 255, alpha: 1.0))
    // iOS 15's three (the Human Interface Guidelines' values of the teal above's release).
    static let systemMint = UIColor.dynamic(light: UIColor(red: 0.0 / 255, green: 199.0 / 255, blue: 190.0 / 255, alpha: 1.0), dark: UIColor(red: 102.0 / 255, green: 212.0 / 255, blue: 207.0 / 255, alpha: 1.0))
    static let systemCyan = UIColor.dynamic(light: UIColor(red: 50.0 / 255, green: 173.0 / 255, blue: 230.0 / 255, alpha: 1.0), dark: UIColor(red: 100.0 / 255, green: 210.0 / 255, blue: 255.0 / 255, alpha: 1.0))
    static let systemBrown = UIColor.dynamic(light: UIColor(red: 162.0 / 255, green: 132.0 / 255, blue: 94.0 / 255, alpha: 1.0), dark: UIColor(red: 172.0 / 255, green: 142.0 / 255, blue: 104.0 / 255, alpha: 1.0))
    static let systemIndigo = UIColor.dynamic(light: UIColor(red: 88.0 / 255, green: 86.0 / 255, blue: 214.0 / 255, alpha: 1.0), dark: UIColor(red: 94.0 / 255, green: 92.0 / 255, blue: 230.0 / 255, alpha: 1.0))
    static let systemGray = UIColor.dynamic(light: UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1.0), dark: UIColor(red: 142.0 / 255, green: 142.0 / 255, blue: 147.0 / 255, alpha: 1.0))
    static let systemGray2 = UIColor.dynamic(light: UIColor(red: 174.0 / 255, green: 174.0 / 255, blue: 178.0 / 255, alpha: 1.0), dark: UIColor(red: 99.0 / 255, green: 99.0 / 255, blue: 102.0 / 255, alpha: 1.0))
    static let systemGray3 = UIColor.dynamic(light: UIColor(red: 199.0 / 255, green: 199.0 / 255, blue: 204.0 / 255, alpha: 1.0), dark: UIColor(red: 72.0 / 255, green: 72.0 / 255, blue: 74.0 / 255, alpha: 1.0))
    static let systemGray4 = UIColor.dynamic(light: UIColor(red: 209.0 / 255, green: 209.0 / 255, blue: 214.0 / 255, alpha: 1.0), dark: UIColor(red: 58.0 / 255, green: 58.0 / 255, blue: 60.0 / 255, alpha: 1.0))
    static let systemGray5 = UIColor.dynamic(light: UIColor(red: 229.0 / 255, green: 229.0 / 255, blue: 234.0 / 255, alpha: 1.0), dark: UIColor(red: 44.0 / 255, green: 44.0 / 255, blue: 46.0 / 255, alpha: 1.0))
    static let systemGray6 = UIColor.dynamic(light: UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1.0), dark: UIColor(red: 28.0 / 255, green: 28.0 / 255, blue: 30.0 / 255, alpha: 1.0))
    static let systemBackground = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 255.0 / 255, blue: 255.0 / 255, alpha: 1.0), dark: UIColor(red: 0.0 / 255, green: 0.0 / 255, blue: 0.0 / 255, alpha: 1.0))
    static let secondarySystemBackground = UIColor.dynamic(light: UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1.0), dark: UIColor(red: 28.0 / 255, green: 28.0 / 255, blue: 30.0 / 255, alpha: 1.0))
    static let tertiarySystemBackground = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 255.0 / 255, blue: 255.0 / 255, alpha: 1.0), dark: UIColor(red: 44.0 / 255, green: 44.0 / 255, blue: 46.0 / 255, alpha: 1.0))
    static let darkText = UIColor(white: 0, alpha: 1)
    static let lightText = UIColor(white: 1, alpha: 0.6)
    static let systemGroupedBackground = UIColor.dynamic(light: UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1.0), dark: UIColor(red: 0.0 / 255, green: 0.0 / 255, blue: 0.0 / 255, alpha: 1.0))
    static let secondarySystemGroupedBackground = UIColor.dynamic(light: UIColor(red: 255.0 / 255, green: 255.0 / 255, blue: 255.0 / 255, alpha: 1.0), dark: UIColor(red: 28.0 / 255, green: 28.0 / 255, blue: 30.0 / 255, alpha: 1.0))
    static let tertiarySystemGroupedBackground = UIColor.dynamic(light: UIColor(red: 242.0 / 255, green: 242.0 / 255, blue: 247.0 / 255, alpha: 1.0), dark: UIColor(red: 44.0 / 255, green: 44.0 / 255, blue: 46.0 / 255, alpha: 1.0))
    static let label = UIColor.dynamic(light: UIColor(red: 0.0 / 255, green: 0.0 / 255, blue: 0.0 / 255, alpha: 1.0), dark: UIColor(red: 255.0 / 255, green: 255.0 / 255, blue: 255.0 / 255, alpha: 1.0))
    static let secondaryLabel = UIColor.dynamic(light: UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.6), dark: UIColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.6))
    static let tertiaryLabel = UIColor.dynamic(light: UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3), dark: UIColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.3))
    static let quaternaryLabel = UIColor.dynamic(light: UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.18), dark: UIColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.16))
    static let placeholderText = UIColor.dynamic(light: UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.3), dark: UIColor(red: 235.0 / 255, green: 235.0 / 255, blue: 245.0 / 255, alpha: 0.3))
    static let link = UIColor.dynamic(light: UIColor(red: 0.0 / 255, green: 122.0 / 255, blue: 255.0 / 255, alpha: 1.0), dark: UIColor(red: 9.0 / 255, green: 132.0 / 255, blue: 255.0 / 255, alpha: 1.0))
    static let separator = UIColor.dynamic(light: UIColor(red: 60.0 / 255, green: 60.0 / 255, blue: 67.0 / 255, alpha: 0.29), dark: UIColor(red: 84.0 / 255, green: 84.0 / 255, blue: 88.0 / 255, alpha: 0.6))
    static let opaqueSeparator = UIColor.dynamic(light: UIColor(red: 198.0 / 255, green: 198.0 / 255, blue: 200.0 / 255, alpha: 1.0), dark: UIColor(red: 56.0 / 255, green: 56.0 / 255, blue: 58.0 / 255, alpha: 1.0))
    static let systemFill = UIColor.dynamic(light: UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.2), dark: UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.36))
    static let secondarySystemFill = UIColor.dynamic(light: UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.16), dark: UIColor(red: 120.0 / 255, green: 120.0 / 255, blue: 128.0 / 255, alpha: 0.32))
    static let tertiarySystemFill = UIColor.dynamic(light: UIColor(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.12), dark: UIColor(red: 118.0 / 255, green: 118.0 / 255, blue: 128.0 / 255, alpha: 0.24))
    static let quaternarySystemFill = UIColor.dynamic(light: UIColor(red: 116.0 / 255, green: 116.0 / 255, blue: 128.0 / 255, alpha: 0.08), dark: UIColor(red: 116.0 / 255, green: 116.0 / 255, blue: 128.0 / 255, alpha: 0.18))
}
