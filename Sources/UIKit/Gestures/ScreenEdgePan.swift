import Foundation
import Geometry

/// The edges of a rectangle (UIKit's `UIRectEdge`).
public struct UIRectEdge: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = UIRectEdge(rawValue: 1 << 0)
    public static let left = UIRectEdge(rawValue: 1 << 1)
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    public static let right = UIRectEdge(rawValue: 1 << 3)
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]
}

extension UIGestureRecognizer {
    /// Whether this is a pan attached inside `container` (a scroll view's, say): what a
    /// container's own drag (an edge swipe, a sheet's pan) makes wait for it to fail.
    func isPan(inside container: UIView?) -> Bool {
        guard self is UIPanGestureRecognizer, let view, let container else { return false }
        return view.isDescendant(of: container)
    }
}

/// A pan that starts at an edge of the screen (UIKit's `UIScreenEdgePanGestureRecognizer`): the
/// touch must come down within 13 pt of one of `edges` of its window and move away from that
/// edge, more across than along it, past 15 pt; otherwise it fails (UIKit's
/// `_UIScreenEdgePanRecognizerEdgeSettings`: a 13 pt region, a 15 pt hysteresis).
/// A navigation controller's interactive pop is one, on the left edge.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges the gesture may start from (none by default, as in UIKit: set it).
    open var edges: UIRectEdge = []

    /// How close to the edge a touch must come down, in points.
    package static let edgeRegionWidth: CGFloat = 13
    /// How far the touch moves before the gesture begins, in points.
    package static let edgeHysteresis: CGFloat = 15

    public override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        beginDistance = Self.edgeHysteresis
    }

    /// Where the first touch came down, in the window, and which edge it was near.
    private var start = CGPoint.zero
    private var edge: UIRectEdge = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, edge.isEmpty {
            guard let touch = touches.first, let window = touch.window, let found = nearEdge(touch.location(in: nil), of: window.bounds) else {
                state = .failed
                return
            }
            start = touch.location(in: nil)
            edge = found
        }
        super.touchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            let point = location(in: nil)
            let dx = point.x - start.x, dy = point.y - start.y
            if (dx * dx + dy * dy).squareRoot() > Self.edgeHysteresis {
                let inward: CGFloat, along: CGFloat
                switch edge {
                case .left: (inward, along) = (dx, dy)
                case .right: (inward, along) = (-dx, dy)
                case .top: (inward, along) = (dy, dx)
                default: (inward, along) = (-dy, dx)
                }
                if inward <= abs(along) {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches, with: event)
    }

    open override func reset() {
        super.reset()
        edge = []
    }

    /// The edge of `bounds` among `edges` that `point` is within the region of, if any.
    private func nearEdge(_ point: CGPoint, of bounds: CGRect) -> UIRectEdge? {
        let width = Self.edgeRegionWidth
        if edges.contains(.left), point.x - bounds.minX <= width { return .left }
        if edges.contains(.right), bounds.maxX - point.x <= width { return .right }
        if edges.contains(.top), point.y - bounds.minY <= width { return .top }
        if edges.contains(.bottom), bounds.maxY - point.y <= width { return .bottom }
        return nil
    }
}
