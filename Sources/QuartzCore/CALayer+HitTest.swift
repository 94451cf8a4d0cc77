import Foundation
import Geometry

extension CALayer {
    /// The default `hitTest(_:)`: sibling order front to back, bounds checked at every level.
    func defaultHitTest(_ point: CGPoint) -> CALayer? {
        guard !isHidden else { return nil }
        let local = point.applying(transformToSuperlayer.inverted())
        guard contains(local) else { return nil }
        for sublayer in sublayerStorage.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return self
    }
}
