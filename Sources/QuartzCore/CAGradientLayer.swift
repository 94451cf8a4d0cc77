import Foundation
import Geometry
import CoreGraphics

/// The kind of a gradient layer's gradient (Core Animation's `CAGradientLayerType`).
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Along the line from `startPoint` to `endPoint`.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// From `startPoint` (the centre) out to an ellipse through `endPoint`.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, from the direction of `endPoint`, once round.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer filled with a gradient, as Core Animation's `CAGradientLayer`: drawn by the render
/// server at composite time over the layer's background (no backing store, no `draw(_:)`),
/// clipped to its (rounded) bounds. `colors` are `CGColor`s; `locations` (0...1, ascending) say
/// where each is, evenly spaced when nil; `startPoint` and `endPoint` are in the unit square of the
/// bounds ((0.5, 0) and (0.5, 1) by default: top to bottom). Past its ends an axial or radial
/// gradient keeps its end colours. Blended unless `isOpaque` (as Core Animation composites it).
open class CAGradientLayer: CALayer {
    public required init() { super.init() }

    /// The colours (`CGColor`s; anything else is skipped).
    open var colors: [Any]? {
        didSet { appearanceDidChange() }
    }

    open var locations: [NSNumber]? {
        didSet { appearanceDidChange() }
    }

    open var startPoint = CGPoint(x: 0.5, y: 0) {
        didSet { if startPoint != oldValue { appearanceDidChange() } }
    }

    open var endPoint = CGPoint(x: 0.5, y: 1) {
        didSet { if endPoint != oldValue { appearanceDidChange() } }
    }

    open var type = CAGradientLayerType.axial {
        didSet { if type != oldValue { appearanceDidChange() } }
    }

    /// The colour stops: each colour at its location.
    var stops: [(location: Double, color: CGColor)] {
        let colors = (self.colors ?? []).compactMap { $0 as? CGColor }
        guard !colors.isEmpty else { return [] }
        let given = (locations ?? []).map(\.doubleValue)
        return colors.enumerated().map { index, color in
            let location = index < given.count ? given[index] : (colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1))
            return (min(max(location, 0), 1), color)
        }
    }

    /// Whether the gradient paints anything.
    var drawsGradient: Bool { stops.contains { $0.color.alpha > 0 } }
}
