import Testing
@testable import QuartzCore

@Suite struct LayoutListTests {
    final class Counting: CALayer {
        var layouts = 0
        override func layoutSublayers() { layouts += 1 }
    }

    /// A tree no pass ever reaches (not in a window) whose child is marked and laid out again and
    /// again keeps a bounded list; the next pass still lays out what is marked, once.
    @Test func theListOfSublayersToLayOutStaysBounded() {
        let parent = CALayer(), child = Counting(), other = Counting()
        parent.addSublayer(child)
        parent.addSublayer(other)
        _ = CALayer.layoutPass(parent)
        for _ in 0..<1000 {
            child.setNeedsLayout()
            child.layoutIfNeeded()
        }
        #expect(parent.sublayersToLayOut.count <= 2)
        child.layouts = 0
        other.setNeedsLayout()
        #expect(CALayer.layoutPass(parent) == 1 && other.layouts == 1 && child.layouts == 0)
    }
}
