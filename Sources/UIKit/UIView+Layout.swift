import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

extension UIView {
    /// `layoutIfNeeded()`'s work: the constraints pass if the hierarchy uses constraints, then
    /// the layout pass from the highest ancestor that needs layout down.
    func layOutIfNeeded() {
        guard subtreeUsesConstraints else { return layer.layoutIfNeeded() }
        let root = hierarchyRoot
        root.runConstraintsPass()
        layer.layoutIfNeeded()
        var rounds = 0
        while rounds < Self.guideRounds, root.guidesMoved() {
            rounds += 1
            root.runConstraintsPass()
            layer.layoutIfNeeded()
        }
    }

    /// How many times a layout is run again for safe-area and margin guides its frames moved
    /// (one is enough for a view whose insets do not depend on its own size).
    static let guideRounds = 4

    /// On a hierarchy's root: whether layout moved a view so that a system guide's insets
    /// (safe area, margins) changed since the engine last solved; the guides are queued, and
    /// the next constraints pass solves with them, as UIKit's safe area follows a view's frame.
    func guidesMoved() -> Bool {
        guard subtreeUsesConstraints, let engine = constraintState?.engine else { return false }
        return engine.queueMovedGuides()
    }

    /// The safe area of the view and its subtree changed (a bar, `additionalSafeAreaInsets`, the
    /// status bar): constraints to the safe-area guides follow at the next solve, though no
    /// constraint changed, and each view hears `safeAreaInsetsDidChange()`.
    func safeAreaInsetsDidChangeInSubtree() {
        forEachInSubtree { view in
            if let guide = view.constraintState?.safeAreaGuide { view.hierarchyEngine?.guideChanged(guide) }
            view.safeAreaInsetsDidChange()
        }
    }

    /// The part of the view covered by the window's unsafe edges (notch, home indicator), as
    /// insets, propagated down the hierarchy as UIKit propagates them: each edge is what is left
    /// of the superview's inset on that edge past the view's distance from it (a view entirely
    /// inside its superview's safe area has none). A scroll view's content gets no top or bottom
    /// inset (UIKit's content-inset adjustment takes them; a cell scrolled under the status bar
    /// keeps its margins), only left and right.
    var propagatedSafeAreaInsets: UIEdgeInsets {
        guard let superview else {
            guard let window = self as? UIWindow else { return .zero }
            return window.screenSafeAreaInsets
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
    /// The view's traits (UIKit's `UITraitEnvironment`): the app's content-size category, its
    /// screen's scale, light or dark (the nearest `overrideUserInterfaceStyle` among the view, its
    /// view controller and their ancestors, else the app's appearance), the size classes of its
    /// screen (a phone compact wide, regular tall in portrait and compact in landscape; an iPad
    /// regular both ways), left to right.
    var resolvedTraitCollection: UITraitCollection {
        let app = AppEnvironment.current
        let screen = window?.screen ?? UIScreen.main
        let pad = screen.model.userInterfaceIdiom == .pad
        let size = window?.bounds.size ?? screen.bounds.size
        return UITraitCollection(preferredContentSizeCategory: app.contentSizeCategory, displayScale: screen.scale,
                                 userInterfaceStyle: effectiveUserInterfaceStyle, horizontalSizeClass: pad ? .regular : .compact,
                                 verticalSizeClass: pad || size.height >= size.width ? .regular : .compact, layoutDirection: .leftToRight,
                                 userInterfaceIdiom: screen.model.userInterfaceIdiom)
    }

    /// Light or dark for this view: the nearest override up the hierarchy, else the app's.
    var effectiveUserInterfaceStyle: UIUserInterfaceStyle {
        var next: UIView? = self
        while let view = next {
            if view.storedStyleOverride != .unspecified { return view.storedStyleOverride }
            if let controller = view.viewController, controller.overrideUserInterfaceStyle != .unspecified {
                return controller.overrideUserInterfaceStyle
            }
            next = view.superview
        }
        return AppEnvironment.current.userInterfaceStyle
    }

    /// `overrideUserInterfaceStyle`'s setter: the subtree's dynamic colours are resolved again.
    func setOverrideUserInterfaceStyle(_ newValue: UIUserInterfaceStyle) {
        guard newValue != storedStyleOverride else { return }
        storedStyleOverride = newValue
        if newValue != .unspecified { UIKitState.current.overridesStyle = true }
        traitsMayHaveChanged()
    }

    /// The subtree's traits may have changed (an override set, the view moved under another, the
    /// app's appearance changed): each view whose appearance did change re-resolves its
    /// background colour, redraws if it draws, and hears `traitCollectionDidChange(_:)` (its
    /// view controller too), parents first.
    func traitsMayHaveChanged() {
        // (Views of uisim's own that show colours or images without drawing them re-resolve them
        // in `appearanceStyleDidChange()`, which app code cannot forget to call as it may
        // `super.traitCollectionDidChange(_:)`.)
        forEachInSubtree { view in
            let style = view.effectiveUserInterfaceStyle
            let previous = view.lastStyle
            guard style != previous else { return }
            view.lastStyle = style
            let before = UITraitCollection(traitsFrom: [view.traitCollection, UITraitCollection(userInterfaceStyle: previous)])
            if view.backgroundColor?.isDynamic == true { view.applyBackgroundColor() }
            if view.layer.hasDrawnContent { view.setNeedsDisplay() }
            view.appearanceStyleDidChange()
            view.count(.traitChanges)
            view.traitCollectionDidChange(before)
            view.viewController?.traitCollectionDidChange(before)
            for registration in view.traitRegistrations where registration.followsAppearance { registration.handler(view, before) }
            if let controller = view.viewController {
                for registration in controller.traitRegistrations where registration.followsAppearance { registration.handler(controller, before) }
            }
        }
    }
}
