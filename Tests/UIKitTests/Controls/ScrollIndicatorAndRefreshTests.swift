import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// Scroll indicators and pull to refresh under traced drags.
@MainActor
@Suite struct ScrollIndicatorAndRefreshTests {
    func window(_ scroll: UIScrollView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        scroll.contentInsetAdjustmentBehavior = .never
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        return window
    }

    /// 3 000 pt of content in 844: the bar is 3 pt wide, 3 pt from the right edge, 213 pt long (the
    /// visible 28 % of a track 3 pt inside the safe area: 844 − 47 − 34 − 6 = 757), placed by how
    /// far the content is scrolled; it is on
    /// top of the content while the finger drags, and gone 1.45 s after the content came to rest.
    @Test func theIndicatorFollowsTheContentAndFades() throws {
        try UIApplication.withNewApplication {
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            scroll.contentSize = CGSize(width: 390, height: 3000)
            scroll.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 3000)))
            let window = self.window(scroll)
            #expect(scroll.indicators == nil)   // made when first shown
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 200, y: 700), to: CGPoint(x: 200, y: 400), time: 0.1, duration: 0.5, hold: 0.2)
            var seen: [(CGRect, CGFloat)] = []
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { _, _ in
                if let v = scroll.indicators?.vertical, scroll.isDragging, !v.isHidden {
                    seen.append((v.frame, scroll.contentOffset.y))
                    #expect(scroll.subviews.last === scroll.indicators?.horizontal && scroll.subviews.dropLast().last === v)
                }
            }
            _ = try replay.run(trace)
            let (frame, offset) = try #require(seen.last)
            #expect(frame.width == 3 && frame.height == 213 && frame.minX == 384, "\(frame) \(offset) \(seen.count)")
            #expect(abs(frame.minY - ((offset + 3 + 47 + (757 - 213) * offset / 2156) * 3).rounded() / 3) < 1e-9)   // on the @3x pixel grid
            #expect(scroll.indicators?.horizontal.isHidden == true)   // nothing to scroll sideways
            #expect(scroll.indicators?.isShown == false && scroll.indicators?.vertical.alpha == 0)
        }
    }

    /// Pulled 400 pt (174.5 pt after the rubber band's give), past the iPhone 14's 167 pt threshold
    /// while the finger is down: `.valueChanged` once, 60 pt added to the top inset, the content
    /// resting 60 pt down after the release; `endRefreshing()` a second later takes it back up.
    @Test func aPullPastTheThresholdRefreshes() throws {
        try UIApplication.withNewApplication {
            let scroll = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            scroll.contentSize = CGSize(width: 390, height: 2000)
            scroll.showsVerticalScrollIndicator = false
            let refresh = UIRefreshControl()
            scroll.refreshControl = refresh
            let window = self.window(scroll)
            #expect(abs(refresh.threshold - 100 * 1.125 * 844 / 568) < 1e-9 && refresh.frame == CGRect(x: 0, y: -60, width: 390, height: 60))
            var refreshes = 0, restingWhileRefreshing: CGFloat?
            refresh.addAction(UIAction { _ in
                refreshes += 1
                #expect(scroll.isTracking)   // sent while the finger is still down
                guard let loop = EventRunLoop.current else { return }
                loop.add(LoopTimer(fireAt: loop.clock.now + 1.5) { _ in
                    restingWhileRefreshing = scroll.contentOffset.y
                    refresh.endRefreshing()
                }, forMode: .common)
            }, for: .valueChanged)
            var trace = Trace()
            trace.drag(1, from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 600), time: 0.1, duration: 1, hold: 0.1)
            _ = try Replay(window: window, clock: VirtualClock()).run(trace)
            #expect(refreshes == 1 && restingWhileRefreshing == -60)
            #expect(!refresh.isRefreshing && scroll.adjustedContentInset.top == 0 && scroll.contentOffset.y == 0)
        }
    }
}
