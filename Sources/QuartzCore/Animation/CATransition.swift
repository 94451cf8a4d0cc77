import Foundation
import Geometry
import CoreGraphics

/// The kind of a layer transition (Core Animation's `CATransitionType`).
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fade = CATransitionType(rawValue: "fade")
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    public static let push = CATransitionType(rawValue: "push")
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a moving transition (Core Animation's `CATransitionSubtype`).
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// The key Core Animation's transitions are added under by convention.
public let kCATransition = "transition"

/// A transition of a layer's content (Core Animation's `CATransition`), added to the layer whose
/// content changes in the same transaction. uisim keeps no snapshot of the old content: the new
/// content comes in as the type says (fading in from transparent; `push`, `moveIn`: sliding in
/// from the subtype's side by the layer's size; `reveal`: fading), which damages, blends and
/// counts as the render server's transition does, the old content gone at once.
open class CATransition: CAAnimation {
    open var type: CATransitionType = .fade
    open var subtype: CATransitionSubtype?
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CATransition else { return }
        type = other.type
        subtype = other.subtype
        startProgress = other.startProgress
        endProgress = other.endProgress
    }

    override var keyPaths: [String] { type == .push || type == .moveIn ? ["position"] : ["opacity"] }

    private static let position = KeyPathTarget("position")!, opacity = KeyPathTarget("opacity")!

    override func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {
        let p = Double(startProgress) + (Double(endProgress) - Double(startProgress)) * paced(fraction)
        switch type {
        case .push, .moveIn:
            let target = Self.position
            guard case .point(let position)? = values[target] else { return }
            let size = values.layer.bounds.size, left = CGFloat(1 - p)
            let offset: CGPoint = switch subtype {
            case .fromLeft?: CGPoint(x: -size.width * left, y: 0)
            case .fromTop?: CGPoint(x: 0, y: -size.height * left)
            case .fromBottom?: CGPoint(x: 0, y: size.height * left)
            default: CGPoint(x: size.width * left, y: 0)
            }
            values[target] = .point(CGPoint(x: position.x + offset.x, y: position.y + offset.y))
        default:
            let target = Self.opacity
            guard case .scalar(let opacity)? = values[target] else { return }
            values[target] = .scalar(opacity * p)
        }
    }
}
