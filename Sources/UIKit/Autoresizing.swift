import Foundation
import Geometry

extension UIView {
    /// Which parts of a view stretch when its superview's bounds size changes, as UIKit's
    /// `UIView.AutoresizingMask`.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    /// Moves and resizes the view for its superview's bounds size change from `oldSize`, by its
    /// `autoresizingMask`. Along each axis, the change is shared among the flexible parts (leading
    /// margin, size, trailing margin) in proportion to their current sizes, or equally when those
    /// sizes add up to zero. The untransformed frame is what changes: the view's bounds size and
    /// center, so a transform stays as it is.
    public func resize(withOldSuperviewSize oldSize: CGSize) {
        guard let superview, !autoresizingMask.isEmpty else { return }
        let newBounds = superview.bounds
        let size = bounds.size
        let origin = CGPoint(x: center.x - layer.anchorPoint.x * size.width,
                             y: center.y - layer.anchorPoint.y * size.height)
        let mask = autoresizingMask
        let x = Self.distribute(
            delta: newBounds.width - oldSize.width,
            parts: [origin.x - newBounds.minX, size.width, newBounds.minX + oldSize.width - origin.x - size.width],
            flexible: [mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin)])
        let y = Self.distribute(
            delta: newBounds.height - oldSize.height,
            parts: [origin.y - newBounds.minY, size.height, newBounds.minY + oldSize.height - origin.y - size.height],
            flexible: [mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin)])
        let newSize = CGSize(width: x[1], height: y[1])
        // UIKit's autoresizing sets the frame: observers of "frame" hear of it, not those of
        // "bounds" or "center".
        keyValueChange("frame", quieting: ["bounds", "center"]) {
            if newSize != size {
                bounds.size = newSize
            }
            center = CGPoint(x: newBounds.minX + x[0] + layer.anchorPoint.x * newSize.width,
                             y: newBounds.minY + y[0] + layer.anchorPoint.y * newSize.height)
        }
    }

    /// `parts` after sharing `delta` among the flexible ones in proportion to their sizes.
    static func distribute(delta: CGFloat, parts: [CGFloat], flexible: [Bool]) -> [CGFloat] {
        let indices = parts.indices.filter { flexible[$0] }
        guard delta != 0, !indices.isEmpty else { return parts }
        let total = indices.reduce(CGFloat(0)) { $0 + parts[$1] }
        var result = parts
        for i in indices {
            let share = total != 0 ? parts[i] / total : 1 / CGFloat(indices.count)
            result[i] += delta * share
        }
        return result
    }
}
