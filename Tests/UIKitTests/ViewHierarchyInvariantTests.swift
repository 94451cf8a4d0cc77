import Foundation
import QuartzCore
import Testing
import UIKit

/// A view's links to its subviews and their layers (`UIView._checkHierarchyInvariants`, on in the
/// debug build the tests build): they hold through every way of changing the subviews, and a
/// layer moved behind the view's back is caught.
@Suite struct ViewHierarchyInvariantTests {
    @Test func theChecksAreOnInTheTestBuild() {
        #expect(UIKitInternalChecks.areOn)
        #expect(QuartzCoreInternalChecks.areOn)
    }

    @Test func theLinksHoldThroughRealChanges() {
        let parent = UIView(), other = UIView()
        let views = (0..<5).map { _ in UIView() }
        for view in views { parent.addSubview(view) }
        parent.layer.insertSublayer(CALayer(), at: 2)   // a layer of the view's own between the subviews'
        parent.insertSubview(views[4], at: 0)
        parent.insertSubview(views[0], aboveSubview: views[2])
        parent.insertSubview(views[1], belowSubview: views[3])
        parent.bringSubviewToFront(views[4])
        parent.sendSubviewToBack(views[3])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        other.addSubview(views[2])                      // moves it between superviews
        views[1].removeFromSuperview()
        for view in [parent, other] + views { view._checkHierarchyInvariants() }
        #expect(parent.subviews.map(\.layer) == parent.layer.sublayers!.filter { layer in parent.subviews.contains { $0.layer === layer } })
    }

    @Test func aSubviewsLayerOutOfOrderIsCaught() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let parent = UIView(), back = UIView(), front = UIView()
                parent.addSubview(back)
                parent.addSubview(front)
                parent.layer.insertSublayer(front.layer, at: 0)   // the layers no longer in the subviews' order
                parent._checkHierarchyInvariants()
            }
        }
    }
}
