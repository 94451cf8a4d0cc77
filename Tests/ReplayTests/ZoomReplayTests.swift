import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// A scroll view zooming its delegate's view under a traced pinch: the scale follows the fingers'
/// distance (100 → 200 pt: ×2), the content point under them stays under them, the content size
/// follows; past the maximum the scale gives less and springs back to it.
@MainActor
@Suite struct ZoomReplayTests {
    final class Zoomer: UIScrollViewDelegate {
        let view: UIView
        var log: [String] = []
        init(_ view: UIView) { self.view = view }
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
        func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { log.append("begin") }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
            log.append("end \((scale * 1000).rounded() / 1000)")
        }
    }

    func replay(endDistance: CGFloat) throws -> (UIScrollView, Zoomer) {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 100, width: 300, height: 300))
            scroll.contentInsetAdjustmentBehavior = .never
            let photo = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
            scroll.addSubview(photo)
            scroll.contentSize = photo.bounds.size
            let zoomer = Zoomer(photo)
            scroll.delegate = zoomer
            scroll.minimumZoomScale = 1
            scroll.maximumZoomScale = 4
            window.addSubview(scroll)
            window.makeKeyAndVisible()
            let trace = Trace.twoFingers(center: CGPoint(x: 150, y: 250), startDistance: 100, endDistance: endDistance,
                                         time: 0.1, duration: 0.5)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            return (scroll, zoomer)
        }
    }

    @Test func aPinchZoomsAboutItsFingers() throws {
        let (scroll, zoomer) = try replay(endDistance: 200)
        #expect(abs(scroll.zoomScale - 2) < 1e-6 && scroll.contentSize == CGSize(width: 600, height: 600))
        // The point under the fingers (150, 150 in the scroll view) stays: 150 × 2 − 150.
        #expect(abs(scroll.contentOffset.x - 150) < 0.01 && abs(scroll.contentOffset.y - 150) < 0.01)
        #expect(zoomer.log == ["begin", "end 2.0"])
        #expect(scroll.pinchGestureRecognizer != nil && !scroll.isZooming)
    }

    @Test func pastTheMaximumItSpringsBack() throws {
        let (scroll, zoomer) = try replay(endDistance: 600)
        #expect(scroll.zoomScale == 4 && scroll.contentSize == CGSize(width: 1200, height: 1200) && !scroll.isZoomBouncing)
        #expect(zoomer.log == ["begin", "end 4.0"])
        let plain = UIScrollView(frame: .zero)
        #expect(plain.pinchGestureRecognizer == nil)   // min = max = 1: no zooming
        plain.zoomScale = 3
        #expect(plain.zoomScale == 1)
    }
}
