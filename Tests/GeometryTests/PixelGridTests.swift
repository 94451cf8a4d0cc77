import Foundation
import Geometry
import Testing
import Support

@Suite struct PixelGridTests {
    /// Core Graphics' intersection test: rectangles that share only an edge do not overlap
    /// (Foundation on Linux says they intersect); a negative size is standardized; null never does.
    @Test func rectanglesOverlapOnlyWhenTheyShareArea() {
        let a = CGRect(x: 0, y: 200, width: 160, height: 100)
        #expect(!a.overlaps(CGRect(x: 0, y: 300, width: 320, height: 600)))
        #expect(a.overlaps(CGRect(x: 0, y: 299, width: 320, height: 600)))
        #expect(a.overlaps(CGRect(x: 100, y: 400, width: 10, height: -150)))
        #expect(!a.overlaps(.null) && !CGRect.null.overlaps(a))
        #expect(CGRect(x: 0, y: 0, width: 10, height: 10).edges! == (0, 0, 10, 10))
        #expect(CGRect(x: 10, y: 10, width: -10, height: -5).edges! == (0, 5, 10, 10))
        #expect(CGRect.null.edges == nil && CGRect.infinite.edges == nil)
    }

    @Test func roundingToAScale() {
        #expect(CGFloat(10.2).roundedToPixel(scale: 2) == 10)
        #expect(CGFloat(10.3).roundedToPixel(scale: 2) == 10.5)
        #expect(CGFloat(10.2).roundedToPixel(scale: 3).isApproximatelyEqual(to: 10 + 1.0 / 3))
        #expect(CGFloat(10.2).flooredToPixel(scale: 2) == 10)
        #expect(CGFloat(10.2).ceiledToPixel(scale: 2) == 10.5)
        #expect(CGPoint(x: 0.26, y: 0.74).roundedToPixel(scale: 2) == CGPoint(x: 0.5, y: 0.5))
    }

    /// Half-pixel ties go to the upper pixel, as UIKit's Auto Layout frames do, even when floating
    /// point lands the tie a hair under the half: 343.5 − (58 / 3) / 2 = 333.8333… pt is
    /// 1001.5 px at @3x, so 1002 px; kept to a millionth of a point, as the layout engine keeps
    /// it, it is 1001.499999 px, still the tie: 1002 px, not 1001. 0.25 pt at @2x (0.5 px) is
    /// 1 px; −0.25 pt (−0.5 px) is 0 px. Under the tie by more than noise still goes down.
    @Test func halfPixelTiesRoundUp() {
        let top = CGFloat(343.5) - CGFloat(58.0 / 3) / 2
        #expect(top.roundedToPixel(scale: 3) == 1002.0 / 3)
        let kept = (top * 1_000_000).rounded() / 1_000_000
        #expect(kept * 3 < 1001.5)   // the tie, a hair under the half
        #expect(kept.roundedToPixel(scale: 3) == 1002.0 / 3)
        #expect(CGFloat(0.25).roundedToPixel(scale: 2) == 0.5)
        #expect(CGFloat(-0.25).roundedToPixel(scale: 2) == 0)
        #expect(CGFloat(333.8).roundedToPixel(scale: 3) == 1001.0 / 3)   // 1001.4 px
    }

    /// Seed 004: centering a view with an odd size puts its edges on half points — misaligned at
    /// @1x, on the grid at @2x.
    @Test func oddSizeCenteredOnWholePointIsMisalignedAtOneX() {
        let frame = CGRect(x: 100 - 66.5, y: 10, width: 133, height: 20)
        #expect(!frame.isPixelAligned(scale: 1))
        #expect(frame.isPixelAligned(scale: 2))
        #expect(frame.integral(scale: 1) == CGRect(x: 33, y: 10, width: 134, height: 20))
        #expect(frame.roundedToPixels(scale: 1).isPixelAligned(scale: 1))
    }

    @Test func integralAtScaleOneMatchesFoundation() {
        var g = SeededGenerator(seed: 11)
        for _ in 0..<2000 {
            let r = CGRect(x: CGFloat.random(in: -500...500, using: &g), y: CGFloat.random(in: -500...500, using: &g),
                           width: CGFloat.random(in: 0...300, using: &g), height: CGFloat.random(in: 0...300, using: &g))
            #expect(r.integral(scale: 1) == r.integral, "\(r)")
            let at3 = r.integral(scale: 3)
            // Edges compared one by one: Foundation's contains(CGRect) on Linux compares a union for
            // equality, which rounding breaks.
            let holds = at3.minX <= r.minX && at3.minY <= r.minY && at3.maxX >= r.maxX - 1e-9 && at3.maxY >= r.maxY - 1e-9
            #expect(at3.isPixelAligned(scale: 3) && holds, "\(r) → \(at3)")
        }
    }

    @Test func edgeInsets() {
        let insets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(CGRect(x: 0, y: 0, width: 100, height: 50).inset(by: insets) == CGRect(x: 2, y: 1, width: 94, height: 46))
        #expect(insets.horizontal == 6 && insets.vertical == 4)
        #expect(UIEdgeInsets(all: 5) == UIEdgeInsets(top: 5, left: 5, bottom: 5, right: 5))
        #expect(UIEdgeInsets.zero == UIEdgeInsets())
    }

    @Test func seededGeneratorIsDeterministic() {
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        let first = (0..<5).map { _ in a.next() }
        #expect(first == (0..<5).map { _ in b.next() })
        var c = SeededGenerator(seed: 43)
        #expect(first[0] != c.next())
    }
}
