import Foundation
import CoreGraphics
import QuartzCore
import UIFoundation

extension UIView {
    /// The window the view is in: the nearest `UIWindow` among itself and its ancestors.
    var enclosingWindow: UIWindow? {
        var view: UIView? = self
        while let v = view {
            if let window = v as? UIWindow { return window }
            view = v.superview
        }
        return nil
    }

    /// Inserts `view` at `index` of the subviews (0 is the back; an index past the end adds it
    /// in front). The view leaves its old superview first. (`addSubview(_:)`, `insertSubview…`,
    /// `bringSubviewToFront(_:)` and `sendSubviewToBack(_:)` all come here.)
    func insertSubviewDirectly(_ view: UIView, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "cannot add a view inside itself: \(view)")
        if view.superview === self {
            let current = subviews.firstIndex { $0 === view }!
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            placeLayer(of: view)
            _checkHierarchyInvariants()
            return
        }
        let oldWindow = view.window
        let newWindow = window
        // With tints set in the app, the view hears `tintColorDidChange()` if its tint changes by the move.
        let tintBefore = UIKitState.current.customizesTint ? (view.tintColor, view.effectiveTintAdjustmentMode) : nil
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow {
            view.willChangeWindow(from: oldWindow, to: newWindow)
        }
        view.detachFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        placeLayer(of: view)
        if oldWindow !== newWindow {
            view.didChangeWindow(to: newWindow)
        }
        constraintsDidJoin(view)
        // Under a view or a controller that overrides light or dark: the subtree's colours follow.
        if UIKitState.current.overridesStyle { view.traitsMayHaveChanged() }
        if let (tint, mode) = tintBefore, tint != view.tintColor || mode != view.effectiveTintAdjustmentMode { view.tintMayHaveChanged() }
        setNeedsLayout()
        view.setNeedsLayout()
        view.didMoveToSuperview()
        didAddSubview(view)
        _checkHierarchyInvariants()
    }

    /// Swaps the subviews at two indices.
    func exchangeSubviewsDirectly(at index1: Int, _ index2: Int) {
        subviews.swapAt(index1, index2)
        placeLayer(of: subviews[index1])
        placeLayer(of: subviews[index2])
        _checkHierarchyInvariants()
    }

    /// Removes the view from its superview (and window).
    func removeFromSuperviewDirectly() {
        guard let parent = superview else { return }
        defer { parent._checkHierarchyInvariants() }
        let oldWindow = window
        willMove(toSuperview: nil)
        if oldWindow != nil {
            willChangeWindow(from: oldWindow, to: nil)
        }
        superview?.setNeedsLayout()
        detachFromSuperview()
        if oldWindow != nil {
            didChangeWindow(to: nil)
        }
        didMoveToSuperview()
    }

    /// Calls `body` on the view and every descendant, parents before children, back to front.
    public func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews {
            subview.forEachInSubtree(body)
        }
    }

    func moveOrInsert(_ view: UIView, nextTo sibling: UIView, offset: Int) {
        guard sibling.superview === self, sibling !== view else { return }
        var index = subviews.firstIndex { $0 === sibling }! + offset
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }), current < index {
            index -= 1
        }
        insertSubviewDirectly(view, at: index)
    }

    /// Puts the view's layer among its superview's sublayers to match its place in `subviews`:
    /// just behind the next sibling's layer, or in front when it is the front-most subview.
    private func placeLayer(of view: UIView) {
        let index = subviews.firstIndex { $0 === view }!
        if index + 1 < subviews.count {
            layer.insertSublayer(view.layer, below: subviews[index + 1].layer)
        } else {
            layer.addSublayer(view.layer)
        }
    }

    /// Stops the process, naming what broke, unless the view's links hold (a debug build's check,
    /// `UISIM_INTERNAL_CHECKS`, after every insertion, exchange and removal of a subview): each
    /// subview's superview is this view and its layer a sublayer of this view's layer, no subview
    /// is listed twice, the subviews' layers are among the sublayers in the subviews' order
    /// (other sublayers may lie between them), this view is among its superview's subviews, and
    /// the layer's own links hold (`CALayer._checkInvariants`).
    package func _checkHierarchyInvariants() {
        #if UISIM_INTERNAL_CHECKS
        layer._checkInvariants()
        let sublayers = layer.sublayers ?? []
        var seen = Set<ObjectIdentifier>()
        var next = 0
        for (index, subview) in subviews.enumerated() {
            precondition(subview.superview === self, "UIView: subview \(index) (\(type(of: subview))) of \(type(of: self)) has another superview")
            precondition(subviews.count < 2 || seen.insert(ObjectIdentifier(subview)).inserted,
                         "UIView: \(type(of: subview)) is a subview of \(type(of: self)) twice")
            precondition(subview.layer.superlayer === layer,
                         "UIView: the layer of subview \(index) (\(type(of: subview))) of \(type(of: self)) is not its sublayer")
            while next < sublayers.count, sublayers[next] !== subview.layer { next += 1 }
            precondition(next < sublayers.count,
                         "UIView: the layers of \(type(of: self))'s subviews are not in the subviews' order (subview \(index), \(type(of: subview)))")
            next += 1
        }
        if let superview {
            precondition(superview.subviews.contains { $0 === self }, "UIView: \(type(of: self)) is not among its superview's subviews")
        }
        #endif
    }

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        if subtreeUsesConstraints { constraintsWillLeave() }
        parent.willRemoveSubview(self)
        parent.subviews.removeAll { $0 === self }
        layer.removeFromSuperlayer()
        superview = nil
    }

    /// Tells the subtree (and its view controllers: they begin to disappear when they leave a
    /// visible window, to appear when they enter one) that it moves to `newWindow`.
    private func willChangeWindow(from oldWindow: UIWindow?, to newWindow: UIWindow?) {
        // The first responder leaving its window resigns (UIKit's): asked first, then made to.
        if oldWindow != nil, newWindow == nil, let responder = UIApplication.shared.firstResponder as? UIView,
           responder === self || responder.isDescendant(of: self) {
            if !responder.resignFirstResponder(), UIApplication.shared.firstResponder === responder {
                UIApplication.shared.forceResign()
            }
        }
        let leaving = oldWindow.map { !$0.isHidden } ?? false, entering = newWindow.map { !$0.isHidden } ?? false
        forEachInSubtree { view in
            if leaving { view.viewController?.beginDisappearance() }
            if entering { view.viewController?.beginAppearance() }
            view.willMove(toWindow: newWindow)
        }
    }

    private func didChangeWindow(to newWindow: UIWindow?) {
        forEachInSubtree { view in
            // (An image view's layer keeps its image's scale.)
            if let scale = newWindow?.screen.scale, !(view is UIImageView) {
                view.layer.contentsScale = scale
            }
            view.didMoveToWindow()
            view.viewController?.endDisappearance()
            // Appearing view controllers are registered with their window once the view is in it.
            if let controller = view.viewController { newWindow?.willEndAppearance(of: controller) }
        }
    }
}
