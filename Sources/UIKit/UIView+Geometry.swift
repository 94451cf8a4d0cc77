import Foundation
import Geometry
import QuartzCore

extension UIView {
    /// The layer whose coordinates `nil` stands for: the view's window, or the root of its tree
    /// when it is in no window.
    private func targetLayer(_ view: UIView?) -> CALayer? {
        if let view { return view.layer }
        return window?.layer
    }

    /// `point`, given in the view's coordinates, in `view`'s (nil: the window's).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: targetLayer(view))
    }

    /// `point`, given in `view`'s coordinates (nil: the window's), in the view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: targetLayer(view))
    }

    /// The bounding box, in `view`'s coordinates (nil: the window's), of `rect` given in the view's.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: targetLayer(view))
    }

    /// The bounding box, in the view's coordinates, of `rect` given in `view`'s (nil: the window's).
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: targetLayer(view))
    }
}
