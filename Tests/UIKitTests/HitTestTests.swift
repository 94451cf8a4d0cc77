import Foundation
import Geometry
import Testing
@testable import UIKit

/// UIKit's hit-testing rules (Documentation/Architecture.md, "The frame", step 4; seeds 000, 001, 003).
@Suite struct HitTestTests {
    /// window 390×844; `back` (50,50,200,200) with `child` (150,10,100,50) sticking out of its
    /// right edge; `front` (100,100,100,100) over back.
    func scene() -> (window: UIWindow, back: UIView, child: UIView, front: UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let back = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 150, y: 10, width: 100, height: 50))
        let front = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(back)
        back.addSubview(child)
        window.addSubview(front)
        window.isHidden = false
        return (window, back, child, front)
    }

    @Test func frontMostSubviewWins() {
        let s = scene()
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.front)
        #expect(s.window.hitTest(CGPoint(x: 60, y: 60), with: nil) === s.back)
        #expect(s.window.hitTest(CGPoint(x: 10, y: 10), with: nil) === s.window)
        #expect(s.window.hitTest(CGPoint(x: 500, y: 10), with: nil) == nil)
    }

    @Test func zPositionChangesDrawingOrderNotHitOrder() {
        let s = scene()
        s.back.layer.zPosition = 100
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.front)
    }

    @Test func hiddenDisabledAndNearlyTransparentViewsAreSkipped() {
        let s = scene()
        s.front.isHidden = true
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.back)
        s.front.isHidden = false
        s.front.isUserInteractionEnabled = false
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.back)
        s.front.isUserInteractionEnabled = true
        s.front.alpha = 0.009
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.back)
        s.front.alpha = 0.01
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) === s.front)
        s.window.isHidden = true
        #expect(s.window.hitTest(CGPoint(x: 150, y: 150), with: nil) == nil)
    }

    /// Seed 000: the part of a subview outside its superview's bounds never gets touches,
    /// whether or not the superview clips.
    @Test func partsOutsideTheSuperviewAreNotHit() {
        let s = scene()
        // child covers x 200...300 in the window; back ends at 250.
        #expect(s.window.hitTest(CGPoint(x: 240, y: 70), with: nil) === s.child)
        #expect(s.window.hitTest(CGPoint(x: 270, y: 70), with: nil) === s.window)
        s.back.clipsToBounds = true
        #expect(s.window.hitTest(CGPoint(x: 270, y: 70), with: nil) === s.window)
    }

    @Test func rotatedViewIsHitByItsShape() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        let diamond = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        diamond.transform = CGAffineTransform(rotationAngle: .pi / 4)
        window.addSubview(diamond)
        #expect(window.hitTest(CGPoint(x: 102, y: 102), with: nil) === window)
        #expect(window.hitTest(CGPoint(x: 150, y: 82), with: nil) === diamond)
        #expect(window.hitTest(CGPoint(x: 215, y: 150), with: nil) === diamond)
    }

    @Test func pointInsideCanBeOverriddenToGrowTheTarget() {
        final class BigTarget: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                bounds.insetBy(dx: -20, dy: -20).contains(point)
            }
        }
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        let button = BigTarget(frame: CGRect(x: 100, y: 100, width: 20, height: 20))
        window.addSubview(button)
        #expect(window.hitTest(CGPoint(x: 85, y: 85), with: nil) === button)
        #expect(window.hitTest(CGPoint(x: 75, y: 85), with: nil) === window)
    }

    @Test func boundsOriginShiftsWhatIsHit() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.isHidden = false
        let scroller = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let row = UIView(frame: CGRect(x: 0, y: 400, width: 300, height: 50))
        window.addSubview(scroller)
        scroller.addSubview(row)
        #expect(window.hitTest(CGPoint(x: 10, y: 20), with: nil) === scroller)
        scroller.bounds.origin.y = 390
        #expect(window.hitTest(CGPoint(x: 10, y: 20), with: nil) === row)
    }

    /// The system's hit test of an event's new touch counts the views it visits on the event (an
    /// app's own call without an event counts nothing).
    @Test func everyDefaultHitTestCountsAVisitOnItsEvent() {
        let s = scene()
        let event = UIEvent(timestamp: 0, touches: [], coalesced: [:], predicted: [:])
        _ = s.window.hitTest(CGPoint(x: 150, y: 150), with: event)
        // window, then front (hit) — back is never asked.
        #expect(event.viewsHitTested == 2)
        let another = UIEvent(timestamp: 0, touches: [], coalesced: [:], predicted: [:])
        _ = s.window.hitTest(CGPoint(x: 10, y: 10), with: another)
        // window, front (miss), back (miss): back's child is not asked.
        #expect(another.viewsHitTested == 3)
        _ = s.window.hitTest(CGPoint(x: 10, y: 10), with: nil)
        #expect(event.viewsHitTested == 2 && another.viewsHitTested == 3)
    }
}
