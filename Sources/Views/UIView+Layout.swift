import Foundation
import Geometry
import Layers

extension UIView {
    /// Marks the view for `layoutSubviews()` in the next layout pass (calls coalesce).
    public func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now, from the highest ancestor that needs layout down.
    public func layoutIfNeeded() {
        if subtreeUsesConstraints { hierarchyRoot.runConstraintsPass() }
        layer.layoutIfNeeded()
    }

    /// Resizes the view to `sizeThatFits(_:)` of its current size.
    public func sizeToFit() {
        bounds.size = sizeThatFits(bounds.size)
    }

    /// The part of the view covered by the window's unsafe edges (notch, home indicator), as
    /// insets: the window's safe area intersected with the view's bounds.
    public var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        let windowInsets = window.screen.model.safeAreaInsets
        if self === window { return windowInsets }
        let safe = window.bounds.inset(by: windowInsets)
        let mine = convert(bounds, to: window)
        return UIEdgeInsets(top: max(0, safe.minY - mine.minY), left: max(0, safe.minX - mine.minX),
                            bottom: max(0, mine.maxY - safe.maxY), right: max(0, mine.maxX - safe.maxX))
    }
}
