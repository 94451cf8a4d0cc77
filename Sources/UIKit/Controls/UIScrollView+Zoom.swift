import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// Zooming, as UIKit's scroll view zooms: the delegate's `viewForZooming(in:)` is scaled by a
/// transform (its frame grows from the content's origin) and the content size follows it; a
/// pinch (`pinchGestureRecognizer`, made once `maximumZoomScale` is above `minimumZoomScale`)
/// scales it by the fingers' distance, keeping the content point under them under them; past a
/// limit it follows less and springs back to the limit over 0.3 s when the fingers lift
/// (`bouncesZoom`). `setZoomScale(_:animated:)` zooms about the middle of the bounds;
/// `zoom(to:animated:)` fits a rectangle of the zoomed view.
extension UIScrollView {
    /// The view zooming scales, the delegate's.
    var zoomingView: UIView? { delegate?.viewForZooming(in: self) }

    func updateZoomRecognizer() {
        guard maximumZoomScale > minimumZoomScale, pinchRecognizer == nil else { return }
        let pinch = UIPinchGestureRecognizer()
        pinch.delegate = zoomPinchDelegate
        zoomPinchDelegate.scrollView = self
        pinch.addTarget { [unowned self] _ in self.handlePinch() }
        addGestureRecognizer(pinch)
        pinchRecognizer = pinch
    }

    /// Scales the zoomed view to `scale`, the content point at `anchor` (a point of the visible
    /// area, from its top-left) staying there.
    func applyZoom(_ scale: CGFloat, anchor: CGPoint) {
        guard let view = zoomingView, scale > 0 else { return }
        let old = storedZoomScale
        let content = CGPoint(x: (contentOffset.x + anchor.x) / old, y: (contentOffset.y + anchor.y) / old)
        storedZoomScale = scale
        let size = view.bounds.size
        view.transform = CGAffineTransform(scaleX: scale, y: scale)
        view.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        contentOffset = CGPoint(x: content.x * scale - anchor.x, y: content.y * scale - anchor.y)
        delegate?.scrollViewDidZoom(self)
    }

    private func handlePinch() {
        guard let pinch = pinchGestureRecognizer, let view = zoomingView else { return }
        // The pan following the same fingers starts again from here: when a finger lifts, a
        // one-finger drag goes on from where the zoom left the content, not from before it.
        defer {
            panRecognizer.setTranslation(.zero, in: self)
            dragStartOffset = contentOffset
        }
        let location = pinch.location(in: self)
        let anchor = CGPoint(x: location.x - contentOffset.x, y: location.y - contentOffset.y)
        switch pinch.state {
        case .began:
            zoomAnimation?.invalidate()
            zoomAnimation = nil
            zooming = true
            zoomStartScale = storedZoomScale
            delegate?.scrollViewWillBeginZooming(self, with: view)
            applyZoom(bandedScale(zoomStartScale * pinch.scale), anchor: anchor)
        case .changed:
            applyZoom(bandedScale(zoomStartScale * pinch.scale), anchor: anchor)
        case .ended, .cancelled:
            zooming = false
            let limit = min(max(storedZoomScale, minimumZoomScale), maximumZoomScale)
            if limit != storedZoomScale, let loop = EventRunLoop.current {
                animateZoom(to: limit, anchor: anchor, on: loop, notify: true)
            } else {
                if limit != storedZoomScale { applyZoom(limit, anchor: anchor) }
                contentOffset = clampedZoomOffset()
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: storedZoomScale)
            }
        default:
            break
        }
    }

    /// Past a limit the scale follows the fingers less: the square root of the overshoot's ratio.
    private func bandedScale(_ scale: CGFloat) -> CGFloat {
        guard bouncesZoom else { return min(max(scale, minimumZoomScale), maximumZoomScale) }
        if scale > maximumZoomScale { return maximumZoomScale * (scale / maximumZoomScale).squareRoot() }
        if scale < minimumZoomScale { return minimumZoomScale * (scale / minimumZoomScale).squareRoot() }
        return scale
    }

    private func clampedZoomOffset() -> CGPoint {
        let range = offsetRange
        return CGPoint(x: min(max(contentOffset.x, range.min.x), range.max.x), y: min(max(contentOffset.y, range.min.y), range.max.y))
    }

    /// The scale springs to `target` over 0.3 s, easing out, frame by frame (the main thread's
    /// work, as UIKit's zoom bounce), then the delegate hears the end when `notify`.
    func animateZoom(to target: CGFloat, anchor: CGPoint, on loop: EventRunLoop, notify: Bool) {
        zoomAnimation?.invalidate()
        zoomBouncing = true
        let start = loop.vsync.time(atOrBefore: loop.clock.now), from = storedZoomScale
        let timing = CAMediaTimingFunction(name: .easeOut)
        let link = CADisplayLink { [unowned self] link in
            let fraction = min(1, (link.targetTimestamp - start) / UIScrollView.scrollAnimationDuration)
            self.applyZoom(from + (target - from) * CGFloat(timing.value(at: fraction)), anchor: anchor)
            guard fraction >= 1 else { return }
            link.invalidate()
            self.zoomAnimation = nil
            self.zoomBouncing = false
            self.contentOffset = self.clampedZoomOffset()
            if notify { self.delegate?.scrollViewDidEndZooming(self, with: self.zoomingView, atScale: self.storedZoomScale) }
        }
        link.add(to: loop, forMode: .common)
        zoomAnimation = link
    }
}

/// The pinch's delegate: it zooms while the scroll view's pan follows the same fingers.
final class ZoomPinchDelegate: UIGestureRecognizerDelegate {
    weak var scrollView: UIScrollView?

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        other === scrollView?.panRecognizer
    }
}
