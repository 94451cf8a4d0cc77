import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// A scroll view's contentOffset observed through replays: every step of a drag, of the
/// deceleration after it and of an animated `setContentOffset` is a change.
@Suite struct KeyValueObservingReplayTests {
    /// Counts every set of its offset, and every offset it scrolls to. (Not final: a final
    /// class's override is its own key path, which uisim cannot tell is contentOffset's.)
    class CountingScrollView: UIScrollView, UIScrollViewDelegate {
        var sets = 0
        var scrolls = 0
        override var contentOffset: CGPoint {
            didSet { sets += 1 }
        }
        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
    }

    struct Change {
        let old: CGPoint, new: CGPoint
        let dragging: Bool, decelerating: Bool
    }

    func scroller() -> (UIWindow, CountingScrollView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let scroll = CountingScrollView(frame: window.bounds)
        scroll.contentInsetAdjustmentBehavior = .never
        scroll.contentSize = CGSize(width: 390, height: 4000)
        scroll.delegate = scroll
        window.addSubview(scroll)
        return (window, scroll)
    }

    /// The changes' old and new values chain (each old value is the previous new one), from the
    /// offset before to the offset after.
    func expectChained(_ changes: [Change], from start: CGPoint, to end: CGPoint) {
        #expect(changes.first?.old == start)
        #expect(changes.last?.new == end)
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.new == $1.old })
    }

    @Test func aFlingsEveryStepIsAChange() throws {
        let (window, scroll) = scroller()
        var changes: [Change] = []
        var states: [UIGestureRecognizer.State] = []
        let observations = [
            scroll.observe(\.contentOffset, options: [.old, .new]) { view, change in
                changes.append(Change(old: change.oldValue!, new: change.newValue!, dragging: view.isDragging, decelerating: view.isDecelerating))
            },
            scroll.panGestureRecognizer.observe(\.state, options: .new) { _, change in states.append(change.newValue!) },
        ]
        var trace = Trace()
        trace.fling(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 400), time: 0, duration: 0.1, rate: 120)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        // Every set of the offset is a change, and each distinct offset it moved to is one
        // scroll: as many changes as scrolls when no step sets the offset it already has.
        #expect(changes.count == scroll.sets)
        #expect(changes.filter { $0.old != $0.new }.count == scroll.scrolls)
        #expect(changes.count == scroll.scrolls)
        expectChained(changes, from: .zero, to: scroll.contentOffset)
        // Both while the finger drags and while the content coasts after it.
        #expect(changes.contains { $0.dragging } && changes.contains { $0.decelerating })
        #expect(changes.filter(\.decelerating).count > 30)
        // The pan's transitions, each told: began, changed while it moves, ended, then reset.
        #expect(states.first == .began)
        #expect(states.dropFirst().prefix { $0 == .changed }.count == states.count - 3)
        #expect(states.suffix(2) == [.ended, .possible])
        _ = observations
    }

    @Test func anAnimatedSetContentOffsetIsAChangePerFrame() throws {
        final class Starter: UIView {
            var start: () -> Void = {}
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { start() }
        }
        let (window, scroll) = scroller()
        scroll.frame = CGRect(x: 0, y: 100, width: 390, height: 600)
        let starter = Starter(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
        starter.start = { scroll.setContentOffset(CGPoint(x: 0, y: 1800), animated: true) }
        window.addSubview(starter)
        var changes: [Change] = []
        let observation = scroll.observe(\.contentOffset, options: [.old, .new]) { view, change in
            changes.append(Change(old: change.oldValue!, new: change.newValue!, dragging: view.isDragging, decelerating: view.isDecelerating))
        }
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 200, y: 50), time: 0.1, duration: 0.1)
        _ = try Replay(window: window, clock: VirtualClock(measuresWork: false)).run(trace)
        // 0.3 s at 60 Hz: 18 steps, the last at the target (AnimationReplayTests has the curve).
        #expect(changes.count == 18)
        #expect(scroll.sets == 18 && scroll.scrolls == 18)
        expectChained(changes, from: .zero, to: CGPoint(x: 0, y: 1800))
        _ = observation
    }
}
