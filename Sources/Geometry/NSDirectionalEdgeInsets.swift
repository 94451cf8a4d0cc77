import Foundation

/// Insets that follow the reading direction, as UIKit's `NSDirectionalEdgeInsets`: `leading` is
/// the left edge in a left-to-right layout and the right edge in a right-to-left one.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() {
        self.init(top: 0, leading: 0, bottom: 0, trailing: 0)
    }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// No inset on any edge.
    public static let zero = NSDirectionalEdgeInsets()

    /// The insets for a layout that runs right to left (`rightToLeft`) or left to right.
    public func edgeInsets(rightToLeft: Bool) -> UIEdgeInsets {
        rightToLeft ? UIEdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
            : UIEdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    }
}

extension UIEdgeInsets {
    /// The directional insets of these, for a layout that runs right to left or left to right.
    public func directional(rightToLeft: Bool) -> NSDirectionalEdgeInsets {
        rightToLeft ? NSDirectionalEdgeInsets(top: top, leading: right, bottom: bottom, trailing: left)
            : NSDirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }
}

/// Edges of a rectangle that follow the reading direction, as UIKit's `NSDirectionalRectEdge`
/// (where a button's configuration places its image).
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
