import Foundation

#if !canImport(Darwin)
/// A color in the sRGB color space with straight (not premultiplied) alpha, as Core Graphics'
/// `CGColor` is for the device RGB space. uisim has one color space, so there is no
/// `CGColorSpace` argument.
public final class CGColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, green, blue and alpha, each in 0...1.
    public let components: [CGFloat]

    /// A color with the given sRGB components, each clamped to 0...1.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map { Swift.min(Swift.max($0, 0), 1) }
    }

    /// A gray with the given white level.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// The opacity, in 0...1.
    public var alpha: CGFloat { components[3] }

    /// The number of components: always 4 (RGBA).
    public var numberOfComponents: Int { 4 }

    /// A copy with another alpha.
    public func copy(alpha: CGFloat) -> CGColor {
        CGColor(red: components[0], green: components[1], blue: components[2], alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
    public func hash(into hasher: inout Hasher) { hasher.combine(components) }

    public var description: String {
        "CGColor(" + components.map { String(format: "%.3g", Double($0)) }.joined(separator: " ") + ")"
    }
}
#endif

/// A value that stands for a colour and a path in Core Animation's `fromValue` and `toValue`
/// (UIKit's `UIColor` and `UIBezierPath`, a layer above): Core Animation animates the `CGColor`
/// and the `CGPath` they give.
package protocol CoreAnimationColor: AnyObject {
    var animatedCGColor: CGColor { get }
}

package protocol CoreAnimationPath: AnyObject {
    var animatedCGPath: CGPath { get }
}
