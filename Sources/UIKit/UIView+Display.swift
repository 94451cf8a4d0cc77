import Foundation
import Geometry
import QuartzCore

extension UIView {
    /// Marks the whole view for redrawing (`draw(_:)`) in the next display pass.
    public func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Marks `rect` (bounds coordinates) for redrawing; the rectangles of one frame are unioned.
    public func setNeedsDisplay(_ rect: CGRect) {
        layer.setNeedsDisplay(rect)
    }
}
