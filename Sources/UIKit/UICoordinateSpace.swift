import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// A coordinate space that points and rectangles can be converted between, as UIKit's
/// `UICoordinateSpace`: views, and the screen's `coordinateSpace`.
@preconcurrency @MainActor
public protocol UICoordinateSpace: AnyObject {
    /// The space's rectangle in its own coordinates.
    var bounds: CGRect { get }
    /// The transform from this space's coordinates to the screen's (in points).
    var transformToScreenCoordinates: CGAffineTransform { get }
}

extension UICoordinateSpace {
    /// `point`, given in this space, in `coordinateSpace`.
    public func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        point.applying(transform(to: coordinateSpace))
    }

    /// `point`, given in `coordinateSpace`, in this space.
    public func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        point.applying(coordinateSpace.transform(to: self))
    }

    /// The bounding box, in `coordinateSpace`, of `rect` given in this space.
    public func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        rect.applying(transform(to: coordinateSpace))
    }

    /// The bounding box, in this space, of `rect` given in `coordinateSpace`.
    public func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        rect.applying(coordinateSpace.transform(to: self))
    }

    private func transform(to other: UICoordinateSpace) -> CGAffineTransform {
        transformToScreenCoordinates.concatenating(other.transformToScreenCoordinates.inverted())
    }
}

extension UIView: UICoordinateSpace {
    /// Through the view's ancestors to its root (a window), then by the root's frame.
    public var transformToScreenCoordinates: CGAffineTransform { layer.transformToScreen() }
}
