import Foundation
import Geometry
import Testing
import UIKit

/// Every worked example of seed 004 (Programming iOS notes, "Bounds and Center" and "Transform").
@Suite struct SeedGeometryTests {
    let side = (132 + 194) * CGFloat(0.5).squareRoot()   // the 45° bounding box of 132 × 194

    func seedViews() -> (main: UIView, v1: UIView, v2: UIView) {
        let main = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let v1 = UIView(frame: CGRect(x: 113, y: 111, width: 132, height: 194))
        let v2 = UIView(frame: v1.bounds.insetBy(dx: 10, dy: 10))
        main.addSubview(v1)
        v1.addSubview(v2)
        return (main, v1, v2)
    }

    @Test func subviewInsetByTen() {
        let (main, v1, v2) = seedViews()
        #expect(v1.bounds == CGRect(x: 0, y: 0, width: 132, height: 194))
        #expect(v1.center == CGPoint(x: 179, y: 208))
        #expect(v2.frame == CGRect(x: 10, y: 10, width: 112, height: 174))
        #expect(v2.convert(CGPoint.zero, to: main) == CGPoint(x: 123, y: 121))
    }

    @Test func boundsSizePlusTwentyGrowsAboutTheCenter() {
        let (main, v1, v2) = seedViews()
        v2.bounds.size.height += 20
        v2.bounds.size.width += 20
        #expect(v2.center == CGPoint(x: 66, y: 97))
        #expect(v2.frame == CGRect(x: 0, y: 0, width: 132, height: 194))
        // v2 now covers v1 exactly.
        #expect(v2.convert(v2.bounds, to: main) == v1.frame)
    }

    @Test func boundsOriginPlusTenMovesTheSubviewTheOtherWay() {
        let (main, v1, v2) = seedViews()
        v2.bounds.size.height += 20
        v2.bounds.size.width += 20
        v1.bounds.origin.x += 10
        v1.bounds.origin.y += 10
        #expect(v1.frame == CGRect(x: 113, y: 111, width: 132, height: 194))
        #expect(v2.frame == CGRect(x: 0, y: 0, width: 132, height: 194))
        #expect(v2.convert(CGPoint.zero, to: main) == CGPoint(x: 103, y: 101))
        #expect(v1.convert(CGPoint(x: 10, y: 10), to: main) == CGPoint(x: 113, y: 111))
    }

    @Test func centerInSuperviewIdiom() {
        let (main, v1, v2) = seedViews()
        v2.center = v1.convert(v1.center, from: v1.superview)
        #expect(v2.center == CGPoint(x: 66, y: 97))
        v1.bounds.origin = CGPoint(x: 10, y: 10)
        v2.center = v1.convert(v1.center, from: v1.superview)
        #expect(v2.center == CGPoint(x: 76, y: 107))
        // Either way v2's center lands on v1's center on screen.
        #expect(v2.convert(CGPoint(x: v2.bounds.midX, y: v2.bounds.midY), to: main) == v1.center)
    }

    @Test func rotationByFortyFiveDegrees() {
        let (_, v1, v2) = seedViews()
        v1.transform = CGAffineTransform(rotationAngle: 45 * CGFloat.pi / 180)
        #expect(v1.center == CGPoint(x: 179, y: 208))
        #expect(v1.bounds == CGRect(x: 0, y: 0, width: 132, height: 194))
        #expect(v1.frame.isApproximatelyEqual(
            to: CGRect(x: 179 - side / 2, y: 208 - side / 2, width: side, height: side), tolerance: 1e-9))
        #expect(v2.frame == CGRect(x: 10, y: 10, width: 112, height: 174))   // still valid inside v1
    }

    @Test func horizontalScaleOfOnePointEight() {
        let (main, v1, v2) = seedViews()
        v1.transform = CGAffineTransform(scaleX: 1.8, y: 1)
        #expect(v1.bounds == CGRect(x: 0, y: 0, width: 132, height: 194))
        #expect(v1.frame.isApproximatelyEqual(to: CGRect(x: 60.2, y: 111, width: 237.6, height: 194), tolerance: 1e-9))
        // The subview stretches with it: x = 179 + 1.8 × (10 − 66).
        #expect(v2.convert(v2.bounds, to: main).isApproximatelyEqual(
            to: CGRect(x: 78.2, y: 121, width: 201.6, height: 174), tolerance: 1e-9))
    }

    @Test func shearWithCMinusPointTwo() {
        let (_, v1, _) = seedViews()
        v1.transform = CGAffineTransform(a: 1, b: 0, c: -0.2, d: 1, tx: 0, ty: 0)
        // x' = x − 0.2·y about the center: corners (±66, ±97) reach ±(66 + 19.4).
        #expect(v1.frame.isApproximatelyEqual(to: CGRect(x: 93.6, y: 111, width: 170.8, height: 194), tolerance: 1e-9))
    }

    func translatedPair() -> (v1: UIView, v2: UIView) {
        let main = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let v1 = UIView(frame: CGRect(x: 20, y: 111, width: 132, height: 194))
        let v2 = UIView(frame: v1.bounds)
        main.addSubview(v1)
        v1.addSubview(v2)
        return (v1, v2)
    }

    @Test func translateThenRotate() {
        let (_, v2) = translatedPair()
        v2.transform = CGAffineTransform(translationX: 100, y: 0)
        v2.transform = v2.transform.rotated(by: 45 * CGFloat.pi / 180)
        // Moved 100 pt right, then turned in place about its center (166, 97).
        #expect(v2.center == CGPoint(x: 66, y: 97))
        #expect(v2.frame.isApproximatelyEqual(
            to: CGRect(x: 166 - side / 2, y: 97 - side / 2, width: side, height: side), tolerance: 1e-9))
    }

    @Test func rotateThenTranslate() {
        let (_, v2) = translatedPair()
        v2.transform = CGAffineTransform(rotationAngle: 45 * CGFloat.pi / 180)
        v2.transform = v2.transform.translatedBy(x: 100, y: 0)
        // Moved 100 pt along the rotated x axis: down and to the right by 100/√2 each.
        let step = 100 * CGFloat(0.5).squareRoot()
        #expect(v2.frame.isApproximatelyEqual(
            to: CGRect(x: 66 + step - side / 2, y: 97 + step - side / 2, width: side, height: side), tolerance: 1e-9))
        let r = CGAffineTransform(rotationAngle: 45 * CGFloat.pi / 180)
        let t = CGAffineTransform(translationX: 100, y: 0)
        #expect(t.concatenating(r).isApproximatelyEqual(to: v2.transform))
        v2.transform = r.inverted().concatenating(v2.transform)
        #expect(v2.frame.isApproximatelyEqual(to: CGRect(x: step, y: step, width: 132, height: 194), tolerance: 1e-9))
    }
}

@Suite struct ConvertTests {
    /// P at (50, 50, 200, 100) in the window, turned a quarter turn about its center (150, 100);
    /// C at (0, 0, 20, 10) in P.
    func rotated() -> (window: UIWindow, p: UIView, c: UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let p = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 100))
        let c = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        window.addSubview(p)
        p.addSubview(c)
        p.transform = CGAffineTransform(rotationAngle: .pi / 2)
        return (window, p, c)
    }

    @Test func throughAQuarterTurn() {
        let (window, p, c) = rotated()
        // (0, 0) is (−100, −50) from P's center; a quarter turn makes it (50, −100).
        #expect(c.convert(CGPoint.zero, to: nil).isApproximatelyEqual(to: CGPoint(x: 200, y: 0)))
        #expect(c.convert(CGPoint.zero, to: window).isApproximatelyEqual(to: CGPoint(x: 200, y: 0)))
        #expect(c.convert(c.bounds, to: nil).isApproximatelyEqual(to: CGRect(x: 190, y: 0, width: 10, height: 20)))
        #expect(c.convert(CGPoint(x: 195, y: 5), from: nil).isApproximatelyEqual(to: CGPoint(x: 5, y: 5)))
        #expect(p.frame.isApproximatelyEqual(to: CGRect(x: 100, y: 0, width: 100, height: 200)))
        #expect(window.convert(CGRect(x: 190, y: 0, width: 10, height: 20), to: c)
            .isApproximatelyEqual(to: CGRect(x: 0, y: 0, width: 20, height: 10)))
    }

    @Test func nilMeansTheWindowAndTheScreenAddsTheWindowFrame() {
        let window = UIWindow(frame: CGRect(x: 10, y: 20, width: 300, height: 300))
        let v = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        window.addSubview(v)
        #expect(v.convert(CGPoint.zero, to: nil) == CGPoint(x: 5, y: 5))
        // Seed 004: v.superview!.convert(v.frame, to: UIScreen.main.fixedCoordinateSpace)
        let onScreen = v.superview!.convert(v.frame, to: UIScreen.main.fixedCoordinateSpace)
        #expect(onScreen == CGRect(x: 15, y: 25, width: 50, height: 50))
        #expect(v.convert(CGPoint(x: 15, y: 25), from: UIScreen.main.coordinateSpace) == .zero)
    }

    @Test func viewsInDifferentWindowsConvertThroughTheScreen() {
        let w1 = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let w2 = UIWindow(frame: CGRect(x: 0, y: 400, width: 100, height: 100))
        let a = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        w2.addSubview(a)
        #expect(w1.convert(CGPoint.zero, from: a) == CGPoint(x: 10, y: 410))
    }
}
