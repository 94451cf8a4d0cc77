import Foundation
import CoreGraphics
import UIFoundation

/// A page sheet's drag (UIKit's `_UISheetInteraction`): a vertical pan on the sheet moves it
/// between its detents (rubber-banding past the largest) and down off the screen. A scroll view
/// in the sheet keeps the drags it can scroll: one scrolled from its top, one dragged up when
/// the sheet is at its largest. On release the sheet goes to the resting place nearest to where
/// its speed would carry it (0.099 s of it), "dismissed" below the screen being one unless
/// `isModalInPresentation` or the delegate refuse it (then it springs back and the delegate hears
/// `presentationControllerDidAttemptToDismiss`). Pulled below its smallest detent, the sheet
/// begins its dismissal (`viewWillDisappear`, `presentationControllerWillDismiss`); brought back,
/// it appears again (`viewWillAppear`, `viewDidAppear`).
@MainActor
final class SheetPan: UIGestureRecognizerDelegate {
    /// UIKit's projection: a deceleration rate of 0.99 per ms carries a speed v (pt/s) v × 0.099 pt further.
    static let projection: CGFloat = 0.099
    let recognizer = UIPanGestureRecognizer()
    private weak var container: PresentationContainer?
    private var startTop: CGFloat = 0
    private var allowed = true
    private var dismissal: Dismissal?
    private(set) var isDragging = false

    init(container: PresentationContainer) {
        self.container = container
        recognizer.maximumNumberOfTouches = 1
        recognizer.name = "sheet"
        recognizer.delegate = self
        recognizer.addTarget { [weak self] _ in self?.changed() }
    }

    private var presented: UIViewController? { container?.presented }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let container, let view = presented?.viewIfLoaded else { return false }
        return view.frame.contains(touch.location(in: container))
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let container, let presented, presented.presentation.phase == .none else { return false }
        let moved = recognizer.translation(in: container)
        guard abs(moved.y) > abs(moved.x) else { return false }
        let atLargest = (presented.viewIfLoaded?.frame.minY ?? 0) <= (container.restingTops.last ?? 0) + 0.5
        for touch in recognizer.trackedTouches {
            var next = touch.view
            while let view = next, view !== container {
                if let scroll = view as? UIScrollView, scroll.isScrollEnabled, scroll.scrollsVertically {
                    let atTop = scroll.contentOffset.y <= -scroll.adjustedContentInset.top + 0.5
                    if moved.y > 0 ? !atTop : atLargest { return false }
                }
                next = view.superview
            }
        }
        return true
    }

    /// Pans inside the sheet wait for the sheet's to fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        other.isPan(inside: presented?.viewIfLoaded)
    }

    private func changed() {
        guard let container, let presented, let sheet = container.sheet else { return }
        let tops = container.restingTops
        let largest = tops.last ?? 0, lowest = tops.first ?? largest
        let owner = container.dismissingController ?? sheet
        switch recognizer.state {
        case .began:
            isDragging = true
            startTop = container.catchSheet()
            allowed = !presented.isModalInPresentation && (owner.delegate?.presentationControllerShouldDismiss(owner) ?? true)
        case .changed:
            var top = startTop + recognizer.translation(in: container).y
            if top < largest { top = largest - Self.rubberBand(largest - top, dimension: container.bounds.height) }
            if top > lowest, !allowed { top = lowest + Self.rubberBand(top - lowest, dimension: container.bounds.height) }
            if top > lowest + 0.5, allowed, dismissal == nil { beginDismissal(sheet) }
            UIView.performWithoutAnimation { container.placeSheet(top: top) }
        case .ended, .cancelled:
            isDragging = false
            let top = presented.view.frame.minY
            let projected = recognizer.state == .ended ? top + recognizer.velocity(in: container).y * Self.projection : top
            var places = sheet.restingTops(in: container).map { (Optional($0.identifier), $0.top) }
            if allowed { places.append((nil, container.bounds.height)) }
            let target = places.min { abs($0.1 - projected) < abs($1.1 - projected) } ?? (sheet.selectedDetentIdentifier, lowest)
            if !allowed, top > lowest + 0.5 { owner.delegate?.presentationControllerDidAttemptToDismiss(owner) }
            settle(at: target.1, identifier: target.0, dismissing: target.0 == nil && allowed)
        default:
            break
        }
    }

    /// The delegate hears that the sheet will be dismissed, then the sheet that it will disappear.
    private func beginDismissal(_ sheet: UISheetPresentationController) {
        guard let presented, presented.presentingViewController != nil, presented.presentation.phase == .none else { return }
        let owner = container?.dismissingController ?? sheet
        owner.delegate?.presentationControllerWillDismiss(owner)
        dismissal = presented.beginDismissal(animated: true, interactive: true)
    }

    /// Springs the sheet to `top`: a detent (its identifier selected), or off the screen.
    private func settle(at top: CGFloat, identifier: UISheetPresentationController.Detent.Identifier?, dismissing: Bool) {
        guard let container, let sheet = container.sheet else { return }
        if dismissing, dismissal == nil { beginDismissal(sheet) }
        let dismissal = self.dismissal
        self.dismissal = nil
        let owner = container.dismissingController ?? sheet
        let finish = { [weak sheet, weak owner] in
            guard let sheet else { return }
            if dismissing {
                dismissal?.finish()
                if let owner { owner.delegate?.presentationControllerDidDismiss(owner) }
                return
            }
            dismissal?.cancel()
            if let identifier, identifier != (sheet.selectedDetentIdentifier ?? sheet.restingTops(in: container).first?.identifier) {
                sheet.selectingByDrag = true
                sheet.selectedDetentIdentifier = identifier
                sheet.selectingByDrag = false
                (sheet.delegate as? UISheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet)
            }
        }
        guard UIView.areAnimationsEnabled else {
            container.placeSheet(top: top)
            return finish()
        }
        UIView.animate(springDuration: PresentationContainer.duration, bounce: 0, animations: { container.placeSheet(top: top) },
                       completion: { _ in finish() })
    }

    /// UIKit's rubber band: `(1 − 1 / (x × 0.55 / d + 1)) × d` for `x` points past the edge.
    static func rubberBand(_ x: CGFloat, dimension d: CGFloat) -> CGFloat {
        (1 - 1 / (x * 0.55 / max(d, 1) + 1)) * d
    }
}
