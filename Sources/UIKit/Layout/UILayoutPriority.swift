import Foundation

/// How much a constraint matters, from 1 to 1000 (`required`): the layout engine satisfies
/// required constraints exactly and comes as close as it can to optional ones, giving way first on
/// the lower priorities. As UIKit's `UILayoutPriority`, with its arithmetic (`.defaultHigh + 1`).
public struct UILayoutPriority: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, CustomStringConvertible {
    public var rawValue: Float

    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(floatLiteral value: Float) { rawValue = value }
    public init(integerLiteral value: Int) { rawValue = Float(value) }

    /// 1000: a constraint that must hold.
    public static let required = UILayoutPriority(1000)
    /// 750: a button's resistance to being compressed, and a good "should" for constraints.
    public static let defaultHigh = UILayoutPriority(750)
    /// 510: the priority a window-resizing drag has (iPadOS, macOS).
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    /// 500: the priority with which a scene keeps its size.
    public static let sceneSizeStayPut = UILayoutPriority(500)
    /// 490: a drag that cannot resize its scene.
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// 250: a view's hugging of its content.
    public static let defaultLow = UILayoutPriority(250)
    /// 50: what `systemLayoutSizeFitting(_:)` asks the size to be as close to the target as.
    public static let fittingSizeLevel = UILayoutPriority(50)

    public static func < (lhs: UILayoutPriority, rhs: UILayoutPriority) -> Bool { lhs.rawValue < rhs.rawValue }
    public static func + (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue + rhs) }
    public static func - (lhs: UILayoutPriority, rhs: Float) -> UILayoutPriority { UILayoutPriority(lhs.rawValue - rhs) }

    public var description: String {
        rawValue == rawValue.rounded() ? String(Int(rawValue)) : String(rawValue)
    }
}
