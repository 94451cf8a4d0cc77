import Foundation
import Geometry
import Graphics

/// The object that a layer asks about its content and layout, as Core Animation's
/// `CALayerDelegate` (a `UIView` is the delegate of its own layer).
public protocol CALayerDelegate: AnyObject {}

/// Told synchronously when a layer's bounds size changes, so a view can autoresize its subviews
/// as UIKit does inside `setFrame:`/`setBounds:`.
package protocol LayerGeometryObserver: AnyObject {
    func layer(_ layer: CALayer, didChangeBoundsSizeFrom oldSize: CGSize)
}

/// A node of the layer tree, as Core Animation's `CALayer`: geometry (`bounds`, `position`,
/// `anchorPoint`, `transform`), drawing attributes, and sublayers.
///
/// uisim has no render server and no implicit animations: a property set is the property shown
/// in the next composited frame (there is no separate presentation layer).
open class CALayer: CustomStringConvertible {
    /// A new layer with empty bounds at the origin, anchor point in the center.
    public required init() {}

    // MARK: Geometry

    /// The layer's own coordinate space: its origin is what the top-left corner shows; its size
    /// is the layer's size. Changing the size keeps `position`, so the layer grows about its
    /// anchor point.
    open var bounds: CGRect = .zero {
        didSet {
            guard bounds.size != oldValue.size else { return }
            (delegate as? LayerGeometryObserver)?.layer(self, didChangeBoundsSizeFrom: oldValue.size)
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates (a view's `center`).
    open var position: CGPoint = .zero

    /// The point of the bounds, in unit coordinates (0...1 from the top-left), that sits at
    /// `position` and about which `transform` applies. Changing it keeps `position` and moves the
    /// frame.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5)

    /// The layer's place along the z axis: orders drawing among siblings (higher in front), never
    /// hit testing.
    open var zPosition: CGFloat = 0

    /// The transform applied about the anchor point. Only its affine part is used.
    open var transform = CATransform3DIdentity

    /// When true, sublayers are placed from the bottom edge: the sublayers' coordinate space is
    /// mirrored vertically inside the bounds.
    open var isGeometryFlipped = false

    // MARK: Appearance

    /// Whether sublayers and contents are clipped to the bounds.
    open var masksToBounds = false

    /// A promise that the layer's contents fill its bounds with opaque pixels; lets the compositor
    /// skip what lies beneath. Default false for layers (a `UIView`'s default is true).
    open var isOpaque = false

    /// The layer's opacity, 0...1.
    open var opacity: Float = 1

    /// Whether the layer and its sublayers are not drawn (and not hit).
    open var isHidden = false

    /// The color the bounds are filled with beneath the contents.
    open var backgroundColor: CGColor?

    /// Pixels per point of the layer's backing store. A view's layer takes its screen's scale
    /// when the view enters a window.
    open var contentsScale: CGFloat = 1

    /// How the contents are placed when their size differs from the bounds.
    open var contentsGravity: CALayerContentsGravity = .resize

    /// Whether a change of bounds size asks for the contents to be redrawn (a view's
    /// `contentMode == .redraw`).
    open var needsDisplayOnBoundsChange = false

    /// A name for debugging and `description`.
    open var name: String?

    /// The object told about content and layout; weak, as in Core Animation.
    public weak var delegate: CALayerDelegate?

    // MARK: Tree

    var sublayerStorage: [CALayer] = []

    /// The layer's superlayer, or nil at the root of a tree.
    public internal(set) weak var superlayer: CALayer?

    // MARK: Hit testing

    /// Whether `point`, in the layer's own coordinates, lies inside its bounds.
    open func contains(_ point: CGPoint) -> Bool {
        bounds.contains(point)
    }

    /// The front-most, deepest layer of the subtree that contains `point`, given in the
    /// superlayer's coordinates; nil when the layer is hidden or does not contain the point.
    ///
    /// As the seed documents say, order is the tree's sibling order (`zPosition` does not change
    /// it). A point outside the layer's bounds reaches none of its sublayers — the same rule as
    /// `UIView.hitTest(_:with:)`, and what the seeds describe for the outermost layer.
    open func hitTest(_ point: CGPoint) -> CALayer? {
        defaultHitTest(point)
    }

    public var description: String {
        let f = frame
        let label = name.map { " '\($0)'" } ?? ""
        return "<\(type(of: self))\(label); frame = (\(f.minX.shortDescription) \(f.minY.shortDescription);"
            + " \(f.width.shortDescription) \(f.height.shortDescription))>"
    }
}

extension CGFloat {
    /// The number with no trailing ".0", as UIKit's descriptions print geometry.
    package var shortDescription: String {
        let d = Double(self)
        return d == d.rounded() && Swift.abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
