import Foundation
import Geometry
import Testing
import Support

@Suite struct CGAffineTransformTests {
    let quarter = CGFloat.pi / 4

    @Test func identityAndInitializers() {
        #expect(CGAffineTransform.identity.isIdentity)
        #expect(CGAffineTransform() == .identity)
        #expect(!CGAffineTransform(translationX: 1, y: 0).isIdentity)
        #expect(CGAffineTransform(translationX: 3, y: 4) == CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 3, ty: 4))
        #expect(CGAffineTransform(scaleX: 2, y: 5) == CGAffineTransform(2, 0, 0, 5, 0, 0))
        let r = CGAffineTransform(rotationAngle: quarter)
        let s = CGFloat(0.5).squareRoot()
        #expect(r.isApproximatelyEqual(to: CGAffineTransform(a: s, b: s, c: -s, d: s, tx: 0, ty: 0)))
    }

    @Test func rotationTurnsClockwiseOnScreen() {
        // y grows down: +90° takes the x axis to the y axis (pointing down on screen).
        let p = CGPoint(x: 10, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(p.isApproximatelyEqual(to: CGPoint(x: 0, y: 10)))
    }

    @Test func concatenatingAppliesSelfFirst() {
        let t = CGAffineTransform(translationX: 100, y: 0)
        let s = CGAffineTransform(scaleX: 2, y: 3)
        // translate then scale: (1, 1) → (101, 1) → (202, 3)
        #expect(CGPoint(x: 1, y: 1).applying(t.concatenating(s)) == CGPoint(x: 202, y: 3))
        // scale then translate: (1, 1) → (2, 3) → (102, 3)
        #expect(CGPoint(x: 1, y: 1).applying(s.concatenating(t)) == CGPoint(x: 102, y: 3))
    }

    @Test func translatedScaledRotatedPrependTheirStep() {
        let base = CGAffineTransform(scaleX: 2, y: 2)
        #expect(base.translatedBy(x: 5, y: 0) == CGAffineTransform(translationX: 5, y: 0).concatenating(base))
        #expect(base.translatedBy(x: 5, y: 0).tx == 10)
        #expect(base.scaledBy(x: 3, y: 1) == CGAffineTransform(a: 6, b: 0, c: 0, d: 2, tx: 0, ty: 0))
        #expect(base.rotated(by: quarter) == CGAffineTransform(rotationAngle: quarter).concatenating(base))
    }

    /// Seed 004: `CGAffineTransform(translationX: 100, y: 0).rotated(by: 45°)` rotates the view in
    /// place after moving it 100 pt right; `CGAffineTransform(rotationAngle: 45°).translatedBy(x: 100,
    /// y: 0)` moves it 100 pt along the rotated x axis.
    @Test func seedTranslateThenRotateVersusRotateThenTranslate() {
        let s = CGFloat(0.5).squareRoot()
        let translateThenRotate = CGAffineTransform(translationX: 100, y: 0).rotated(by: quarter)
        #expect(translateThenRotate.isApproximatelyEqual(to: CGAffineTransform(a: s, b: s, c: -s, d: s, tx: 100, ty: 0)))
        let rotateThenTranslate = CGAffineTransform(rotationAngle: quarter).translatedBy(x: 100, y: 0)
        #expect(rotateThenTranslate.isApproximatelyEqual(to: CGAffineTransform(a: s, b: s, c: -s, d: s, tx: 100 * s, ty: 100 * s)))
        // Seed: the same as t.concatenating(r).
        let r = CGAffineTransform(rotationAngle: quarter)
        let t = CGAffineTransform(translationX: 100, y: 0)
        #expect(t.concatenating(r).isApproximatelyEqual(to: rotateThenTranslate))
        // Seed: r.inverted().concatenating(v2.transform) leaves only the rotated translation.
        let undone = r.inverted().concatenating(rotateThenTranslate)
        #expect(undone.isApproximatelyEqual(to: CGAffineTransform(translationX: 100 * s, y: 100 * s)))
    }

    @Test func invertedUndoesAndSingularStaysUnchanged() {
        let t = CGAffineTransform(a: 2, b: 1, c: -0.5, d: 3, tx: 7, ty: -4)
        #expect(t.concatenating(t.inverted()).isApproximatelyEqual(to: .identity, tolerance: 1e-12))
        let p = CGPoint(x: 12.5, y: -3)
        #expect(p.applying(t).applying(t.inverted()).isApproximatelyEqual(to: p, tolerance: 1e-12))
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 1, ty: 1)
        #expect(singular.inverted() == singular)
    }

    @Test func sizeIgnoresTranslation() {
        let t = CGAffineTransform(a: 1, b: 0, c: -0.2, d: 1, tx: 50, ty: 60)
        #expect(CGSize(width: 10, height: 20).applying(t) == CGSize(width: 6, height: 20))
        #expect(CGSize(width: 10, height: 20).applying(CGAffineTransform(scaleX: -1, y: 1)) == CGSize(width: -10, height: 20))
    }

    @Test func rectMapsToBoundingBox() {
        let r = CGRect(x: -66, y: -97, width: 132, height: 194)
        let rotated = r.applying(CGAffineTransform(rotationAngle: quarter))
        let side = (132 + 194) * CGFloat(0.5).squareRoot()
        #expect(rotated.isApproximatelyEqual(to: CGRect(x: -side / 2, y: -side / 2, width: side, height: side), tolerance: 1e-9))
        #expect(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
        #expect(CGRect(x: 1, y: 2, width: 3, height: 4).applying(CGAffineTransform(scaleX: -1, y: -1))
            == CGRect(x: -4, y: -6, width: 3, height: 4))
    }

    @Test func preservesAxisAlignment() {
        #expect(CGAffineTransform(scaleX: 2, y: -1).preservesAxisAlignment)
        #expect(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 3, ty: 0).preservesAxisAlignment)
        #expect(!CGAffineTransform(rotationAngle: quarter).preservesAxisAlignment)
    }
}

/// Generated inputs checked against naive reference implementations.
@Suite struct CGAffineTransformReferenceTests {
    /// 3×3 matrix product, written out the textbook way.
    static func naiveProduct(_ l: CGAffineTransform, _ r: CGAffineTransform) -> CGAffineTransform {
        let a = [[l.a, l.b, 0], [l.c, l.d, 0], [l.tx, l.ty, 1]]
        let b = [[r.a, r.b, 0], [r.c, r.d, 0], [r.tx, r.ty, 1]]
        var m = [[CGFloat]](repeating: [0, 0, 0], count: 3)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { m[i][j] += a[i][k] * b[k][j] } } }
        return CGAffineTransform(a: m[0][0], b: m[0][1], c: m[1][0], d: m[1][1], tx: m[2][0], ty: m[2][1])
    }

    static func randomTransform(_ g: inout SeededGenerator) -> CGAffineTransform {
        var t = CGAffineTransform.identity
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            switch Int.random(in: 0..<5, using: &g) {
            case 0: t = t.rotated(by: CGFloat.random(in: -7...7, using: &g))
            case 1: t = t.scaledBy(x: CGFloat.random(in: -3...3, using: &g), y: CGFloat.random(in: -3...3, using: &g))
            case 2: t = t.translatedBy(x: CGFloat.random(in: -500...500, using: &g), y: CGFloat.random(in: -500...500, using: &g))
            case 3: t = t.concatenating(CGAffineTransform(a: 1, b: 0, c: CGFloat.random(in: -1...1, using: &g), d: 1, tx: 0, ty: 0))
            default: t = t.concatenating(CGAffineTransform(scaleX: CGFloat.random(in: 0.1...4, using: &g), y: 1))
            }
        }
        return t
    }

    static func randomRect(_ g: inout SeededGenerator) -> CGRect {
        CGRect(x: CGFloat.random(in: -1000...1000, using: &g), y: CGFloat.random(in: -1000...1000, using: &g),
               width: CGFloat.random(in: -300...600, using: &g), height: CGFloat.random(in: -300...600, using: &g))
    }

    @Test func rectBoundingBoxEqualsTransformedCorners() {
        var g = SeededGenerator(seed: 4)
        for _ in 0..<2000 {
            let t = Self.randomTransform(&g)
            let r = Self.randomRect(&g)
            let s = r.standardized
            let corners = [CGPoint(x: s.minX, y: s.minY), CGPoint(x: s.maxX, y: s.minY),
                           CGPoint(x: s.minX, y: s.maxY), CGPoint(x: s.maxX, y: s.maxY)].map { $0.applying(t) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            let reference = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            #expect(r.applying(t).isApproximatelyEqual(to: reference, tolerance: 1e-6), "\(r) through \(t)")
        }
    }

    @Test func scaleAndTranslateFastPathMatchesCorners() {
        var g = SeededGenerator(seed: 5)
        for _ in 0..<1000 {
            let t = CGAffineTransform(a: CGFloat.random(in: -3...3, using: &g), b: 0, c: 0,
                                      d: CGFloat.random(in: -3...3, using: &g),
                                      tx: CGFloat.random(in: -50...50, using: &g), ty: CGFloat.random(in: -50...50, using: &g))
            let r = Self.randomRect(&g)
            #expect(r.applying(t).isApproximatelyEqual(to: CGRect(boundingBoxOf: r.corners.map { $0.applying(t) }), tolerance: 1e-9))
        }
    }

    @Test func concatenationMatchesMatrixProductAndAssociates() {
        var g = SeededGenerator(seed: 6)
        for _ in 0..<1000 {
            let a = Self.randomTransform(&g), b = Self.randomTransform(&g), c = Self.randomTransform(&g)
            #expect(a.concatenating(b).isApproximatelyEqual(to: Self.naiveProduct(a, b), tolerance: 1e-6))
            #expect(a.concatenating(b).concatenating(c).isApproximatelyEqual(to: a.concatenating(b.concatenating(c)), tolerance: 1e-6))
            let p = CGPoint(x: CGFloat.random(in: -100...100, using: &g), y: CGFloat.random(in: -100...100, using: &g))
            #expect(p.applying(a.concatenating(b)).isApproximatelyEqual(to: p.applying(a).applying(b), tolerance: 1e-6))
        }
    }

    @Test func inverseRoundTripsPoints() {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<1000 {
            let t = Self.randomTransform(&g)
            guard abs(t.a * t.d - t.b * t.c) > 1e-3 else { continue }
            let p = CGPoint(x: CGFloat.random(in: -100...100, using: &g), y: CGFloat.random(in: -100...100, using: &g))
            #expect(p.applying(t).applying(t.inverted()).isApproximatelyEqual(to: p, tolerance: 1e-6))
        }
    }
}
