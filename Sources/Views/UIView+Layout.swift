import Foundation
import Geometry
import Graphics
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
    /// insets, propagated down the hierarchy as UIKit propagates them: each edge is what is left
    /// of the superview's inset on that edge past the view's distance from it (a view entirely
    /// inside its superview's safe area has none). A scroll view's content gets no top or bottom
    /// inset (UIKit's content-inset adjustment takes them; a cell scrolled under the status bar
    /// keeps its margins), only left and right.
    public var safeAreaInsets: UIEdgeInsets {
        guard let superview else {
            guard let window = self as? UIWindow else { return .zero }
            return window.screen.model.safeAreaInsets
        }
        var parent = superview.safeAreaInsets
        if superview is UIScrollView {
            parent.top = 0
            parent.bottom = 0
        }
        let f = frame, b = superview.bounds
        var insets = parent == .zero ? .zero
            : UIEdgeInsets(top: max(0, parent.top - (f.minY - b.minY)), left: max(0, parent.left - (f.minX - b.minX)),
                           bottom: max(0, parent.bottom - (b.maxY - f.maxY)), right: max(0, parent.right - (b.maxX - f.maxX)))
        // A view controller's view keeps clear of its container's bars, and adds its own extra.
        if let controller = viewController {
            let bars = controller.barInsets, extra = controller.additionalSafeAreaInsets
            insets.top = max(insets.top, bars.top - (f.minY - b.minY)) + extra.top
            insets.bottom = max(insets.bottom, bars.bottom - (b.maxY - f.maxY)) + extra.bottom
            insets.left += extra.left
            insets.right += extra.right
        }
        return insets
    }
}

extension UIView {
    /// The view's traits: the app's content-size category and its screen's scale (UIKit's
    /// `UITraitEnvironment`; the other traits come with appearance and size classes).
    public var traitCollection: UITraitCollection {
        UITraitCollection(preferredContentSizeCategory: AppEnvironment.current.contentSizeCategory,
                          displayScale: (window?.screen ?? UIScreen.main).scale)
    }
}

extension UIViewController {
    /// The traits of the controller's view (its screen's when the view is not loaded).
    public var traitCollection: UITraitCollection {
        isViewLoaded ? view.traitCollection : .current
    }
}
