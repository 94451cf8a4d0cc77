import Foundation
import Geometry
import QuartzCore
import UIFoundation

extension UIView {
    /// The default `hitTest(_:with:)`, by UIKit's rules: nil for a hidden view, one that ignores
    /// touches, one with alpha below 0.01, or when `point(inside:with:)` says no; otherwise the
    /// first answer of the subviews, front-most first, or the view itself.
    func defaultHitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        event?.viewsHitTested &+= 1
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, !layer.blocksTouchesWhileAnimating,
              self.point(inside: point, with: event) else {
            return nil
        }
        let flipped = layer.isGeometryFlipped
        for subview in subviews.reversed() {
            let local = subview.layer.pointFromSuperlayer(point, superlayerIsFlipped: flipped)
            if let hit = subview.hitTest(local, with: event) { return hit }
        }
        return self
    }
}

