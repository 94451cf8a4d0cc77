import Foundation

#if !canImport(Darwin)
/// Insets for each edge of a rectangle, as UIKit defines them: positive values shrink the
/// rectangle, negative values grow it.
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// No inset on any edge.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with `insets` taken off its edges (`UIEdgeInsetsInsetRect`); a rectangle
    /// inset past its size has a negative width or height, as in UIKit.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        let r = standardized
        return CGRect(x: r.minX + insets.left, y: r.minY + insets.top,
                      width: r.width - insets.left - insets.right,
                      height: r.height - insets.top - insets.bottom)
    }
}
#endif

extension UIEdgeInsets {
    /// The same inset on every edge.
    public init(all inset: CGFloat) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// `left + right`.
    public var horizontal: CGFloat { left + right }

    /// `top + bottom`.
    public var vertical: CGFloat { top + bottom }
}
