import Foundation
import Geometry
import CoreGraphics

/// Why the render server renders something offscreen first: the four kinds Apple's Tech Talk
/// 10857 ("Demystify and eliminate hitches in the render phase") names for layers (shadows,
/// masks, rounded clips; visual effects have no uisim counterpart), group opacity, and a
/// rasterization cache miss.
public enum OffscreenCause: String, CaseIterable, Codable, Sendable {
    /// A shadow without `shadowPath`: its shape is the subtree's alpha, rendered first.
    case shadow
    /// A `mask` layer.
    case mask
    /// `masksToBounds` with `cornerRadius` over sublayers that reach into the corners.
    case cornerClip = "corner_clip"
    /// An opacity below 1 over sublayers, with `allowsGroupOpacity`.
    case groupOpacity = "group_opacity"
    /// A `shouldRasterize` layer whose cached bitmap was missing or stale.
    case rasterization
    /// A backdrop blur (`UIVisualEffectView` with a `UIBlurEffect`): what lies under the view is
    /// captured, blurred offscreen and composited back, every frame anything under it changes.
    case blur

    /// What causes it, for people.
    public var label: String {
        switch self {
        case .shadow: "shadow without shadowPath"
        case .mask: "mask layer"
        case .cornerClip: "rounded corners clipping sublayers (masksToBounds + cornerRadius)"
        case .groupOpacity: "group opacity (opacity < 1 over sublayers)"
        case .rasterization: "rasterization cache miss"
        case .blur: "backdrop blur (UIVisualEffectView)"
        }
    }

    /// How to avoid it, in one line.
    public var remedy: String {
        switch self {
        case .shadow: "set shadowPath (e.g. UIBezierPath(roundedRect: bounds, cornerRadius: r).cgPath)"
        case .mask: "round with cornerRadius (and masksToBounds) instead of a mask layer, or draw the shape into the image"
        case .cornerClip: "round the background with cornerRadius alone, or give the content its own rounded corners"
        case .groupOpacity: "set the alpha on the leaves, or allowsGroupOpacity = false"
        case .rasterization: "turn shouldRasterize off where the content changes while on screen"
        case .blur: "blur sparingly: over content that scrolls, an opaque bar costs none of it (or blur a still image once)"
        }
    }
}

/// The offscreen passes of one cause in a frame.
public struct OffscreenCount: Equatable, Sendable {
    public var passes = 0
    /// Pixels rendered offscreen.
    public var pixels = 0
    public init(passes: Int = 0, pixels: Int = 0) {
        self.passes = passes
        self.pixels = pixels
    }
}

/// One offscreen pass, named by the layer that needed it (for optimization opportunities).
public struct OffscreenPass: Equatable, Sendable {
    public var cause: OffscreenCause
    /// The layer's view class, `name` or class (`CALayer.debugOwnerName`).
    public var owner: String
    /// Which layer (to count instances).
    public var layer: ObjectIdentifier
    public var pixels: Int
}
