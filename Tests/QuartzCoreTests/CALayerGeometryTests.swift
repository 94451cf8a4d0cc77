import Foundation
import Geometry
import QuartzCore
import Testing
import Support

@Suite struct CALayerGeometryTests {
    /// A superlayer owns its sublayers; one that goes leaves its sublayers without a superlayer
    /// (the reference is unowned, cleared by the superlayer's deinit, never dangling).
    @Test func aSublayerOutlivingItsSuperlayerHasNone() {
        let child = CALayer()
        do {
            let parent = CALayer()
            parent.addSublayer(child)
            #expect(child.superlayer === parent)
        }
        #expect(child.superlayer == nil)
        let other = CALayer()
        other.addSublayer(child)
        #expect(child.superlayer === other && other.sublayers?.count == 1)
    }

    @Test func frameComesFromBoundsPositionAndAnchor() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        #expect(layer.frame == CGRect(x: 150, y: 75, width: 100, height: 50))
        layer.anchorPoint = .zero
        #expect(layer.position == CGPoint(x: 200, y: 100))
        #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
        // The bounds origin is what the layer shows, not where it is.
        layer.bounds.origin = CGPoint(x: 30, y: 40)
        #expect(layer.frame == CGRect(x: 200, y: 100, width: 100, height: 50))
    }

    @Test func settingFrameSetsSizeAndPositionAndKeepsBoundsOrigin() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 6, width: 1, height: 1)
        layer.anchorPoint = CGPoint(x: 0.25, y: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        #expect(layer.bounds == CGRect(x: 5, y: 6, width: 40, height: 60))
        #expect(layer.position == CGPoint(x: 20, y: 80))
        #expect(layer.frame == CGRect(x: 10, y: 20, width: 40, height: 60))
    }

    @Test func settingFrameUnderAScaleTransformGivesThatFrame() {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: -0.5))
        layer.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        #expect(layer.bounds.size == CGSize(width: 50, height: 200))
        #expect(layer.frame.isApproximatelyEqual(to: CGRect(x: 10, y: 10, width: 100, height: 100)))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: -0.5))
    }

    @Test func settingFrameUnderARotationCentersTheBoundingBox() {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        layer.frame = CGRect(x: 100, y: 100, width: 10, height: 10)
        #expect(layer.bounds.size == CGSize(width: 40, height: 20))
        #expect(layer.position.isApproximatelyEqual(to: CGPoint(x: 105, y: 105)))
        #expect(layer.frame.isApproximatelyEqual(to: CGRect(x: 95, y: 85, width: 20, height: 40)))
    }

    /// Seeds 002/003: the clock hand's anchor point moves to (0.5, 0.9) so that it turns about
    /// its end. The position stays, the frame moves up by 0.4 of the height, and rotating a
    /// quarter turn sends the tip from 12 to 3 o'clock around the pivot.
    @Test func clockHandAnchorPoint() {
        let face = CALayer()
        face.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let hand = CALayer()
        hand.frame = CGRect(x: 90, y: 50, width: 20, height: 100)
        face.addSublayer(hand)
        #expect(hand.position == CGPoint(x: 100, y: 100))

        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        #expect(hand.position == CGPoint(x: 100, y: 100))
        #expect(hand.frame.isApproximatelyEqual(to: CGRect(x: 90, y: 10, width: 20, height: 100)))
        #expect(hand.convert(CGPoint(x: 10, y: 0), to: face).isApproximatelyEqual(to: CGPoint(x: 100, y: 10)))

        hand.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(hand.convert(CGPoint(x: 10, y: 90), to: face).isApproximatelyEqual(to: CGPoint(x: 100, y: 100)))
        #expect(hand.convert(CGPoint(x: 10, y: 0), to: face).isApproximatelyEqual(to: CGPoint(x: 190, y: 100)))
        #expect(hand.frame.isApproximatelyEqual(to: CGRect(x: 90, y: 90, width: 100, height: 20)))
    }

    @Test func convertBetweenBranchesThroughBoundsOrigins() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 20, width: 100, height: 100)
        b.frame = CGRect(x: 200, y: 50, width: 100, height: 100)
        b.bounds.origin = CGPoint(x: 0, y: 30)
        root.addSublayer(a)
        root.addSublayer(b)
        // a (5, 5) → root (15, 25) → b: (15 - 200, 25 - 50 + 30)
        #expect(b.convert(CGPoint(x: 5, y: 5), from: a) == CGPoint(x: -185, y: 5))
        #expect(a.convert(CGPoint(x: -185, y: 5), to: nil) == CGPoint(x: -175, y: 25))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: a) == CGRect(x: 190, y: 0, width: 10, height: 10))
        // nil is the root's coordinate space.
        #expect(a.convert(CGPoint(x: 15, y: 25), from: nil) == CGPoint(x: 5, y: 5))
    }

    @Test func rectConvertedThroughRotationIsTheBoundingBox() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let spun = CALayer()
        spun.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        spun.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(spun)
        let half = 50 * CGFloat(2).squareRoot()
        let box = spun.convert(spun.bounds, to: root)
        #expect(box.isApproximatelyEqual(to: CGRect(x: 150 - half, y: 150 - half, width: 2 * half, height: 2 * half)))
    }

    /// A flipped layer places its sublayers from its bottom edge.
    @Test func geometryFlippedPlacesSublayersFromTheBottom() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        parent.isGeometryFlipped = true
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.addSublayer(child)
        #expect(child.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(parent.convert(child.bounds, from: child) == CGRect(x: 0, y: 190, width: 10, height: 10))
        #expect(parent.hitTest(CGPoint(x: 5, y: 195)) === child)
        #expect(parent.hitTest(CGPoint(x: 5, y: 5)) === parent)
        parent.isGeometryFlipped = false
        #expect(parent.convert(child.bounds, from: child) == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func layersOfDifferentTreesMeetWhereTheirRootsArePlaced() {
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        right.frame = CGRect(x: 500, y: 0, width: 100, height: 100)
        let inner = CALayer()
        inner.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        right.addSublayer(inner)
        #expect(left.convert(CGPoint.zero, from: inner) == CGPoint(x: 510, y: 10))
    }
}

@Suite struct CALayerTreeTests {
    func named(_ name: String) -> CALayer {
        let layer = CALayer()
        layer.name = name
        return layer
    }

    func names(_ layer: CALayer) -> [String] {
        (layer.sublayers ?? []).map { $0.name ?? "?" }
    }

    @Test func insertionAndRemoval() {
        let root = CALayer()
        #expect(root.sublayers == nil)
        let a = named("a"), b = named("b"), c = named("c"), d = named("d")
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        #expect(names(root) == ["c", "a", "b"])
        root.insertSublayer(d, below: b)
        #expect(names(root) == ["c", "a", "d", "b"])
        root.insertSublayer(c, above: b)
        #expect(names(root) == ["a", "d", "b", "c"])
        root.insertSublayer(a, below: c)
        #expect(names(root) == ["d", "b", "a", "c"])
        let e = named("e")
        root.replaceSublayer(b, with: e)
        #expect(names(root) == ["d", "e", "a", "c"])
        #expect(b.superlayer == nil && e.superlayer === root)
        d.removeFromSuperlayer()
        #expect(names(root) == ["e", "a", "c"])
        let other = CALayer()
        other.addSublayer(a)
        #expect(names(root) == ["e", "c"] && a.superlayer === other)
        root.sublayers = [d]
        #expect(names(root) == ["d"] && e.superlayer == nil)
        #expect(d.isDescendant(of: root) && !root.isDescendant(of: d))
    }
}

@Suite struct CALayerHitTestTests {
    /// root 0,0 300×300; back at (0,0,100,100); front at (50,50,100,100); front's child sticks out
    /// of front to the right.
    func scene() -> (root: CALayer, back: CALayer, front: CALayer, child: CALayer) {
        let root = CALayer(), back = CALayer(), front = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        back.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        front.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        child.frame = CGRect(x: 80, y: 10, width: 50, height: 20)
        root.addSublayer(back)
        root.addSublayer(front)
        front.addSublayer(child)
        return (root, back, front, child)
    }

    @Test func frontMostSiblingWinsAndZPositionDoesNotChangeIt() {
        let s = scene()
        #expect(s.root.hitTest(CGPoint(x: 75, y: 75)) === s.front)
        s.back.zPosition = 10
        #expect(s.root.hitTest(CGPoint(x: 75, y: 75)) === s.front)
        #expect(s.root.hitTest(CGPoint(x: 25, y: 25)) === s.back)
        #expect(s.root.hitTest(CGPoint(x: 250, y: 250)) === s.root)
        #expect(s.root.hitTest(CGPoint(x: 350, y: 10)) == nil)
    }

    @Test func deepestLayerAndPointsOutsideTheSuperlayer() {
        let s = scene()
        // child covers x 130...180 in root; front only to 150.
        #expect(s.root.hitTest(CGPoint(x: 140, y: 70)) === s.child)
        #expect(s.root.hitTest(CGPoint(x: 170, y: 70)) === s.root)
    }

    @Test func hiddenLayersAreSkipped() {
        let s = scene()
        s.front.isHidden = true
        #expect(s.root.hitTest(CGPoint(x: 75, y: 75)) === s.back)
        #expect(s.root.hitTest(CGPoint(x: 140, y: 70)) === s.root)
    }

    @Test func containsIsInTheLayersOwnCoordinates() {
        let s = scene()
        #expect(s.front.contains(CGPoint(x: 5, y: 5)))
        #expect(!s.front.contains(CGPoint(x: 105, y: 5)))
        s.front.bounds.origin = CGPoint(x: 100, y: 0)
        #expect(s.front.contains(CGPoint(x: 105, y: 5)))
    }

    @Test func rotatedLayerIsHitByItsShape() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let diamond = CALayer()
        diamond.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        diamond.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(diamond)
        // The corner of the old square (102, 102) is outside the diamond; its top tip is at y ≈ 79.3.
        #expect(root.hitTest(CGPoint(x: 102, y: 102)) === root)
        #expect(root.hitTest(CGPoint(x: 150, y: 82)) === diamond)
    }
}

@Suite struct CATransform3DTests {
    @Test func affineRoundTripAndRotationAboutZ() {
        let m = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(m)
        #expect(CATransform3DIsAffine(t))
        #expect(CATransform3DGetAffineTransform(t) == m)
        let angle: CGFloat = 0.7
        #expect(CATransform3DGetAffineTransform(CATransform3DMakeRotation(angle, 0, 0, 1))
            .isApproximatelyEqual(to: CGAffineTransform(rotationAngle: angle)))
        #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(angle, 1, 0, 0)))
        #expect(CATransform3DIsIdentity(CATransform3DIdentity))
    }

    @Test func concatMatchesAffineConcatenation() {
        let a = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 10, y: -4)
        let b = CGAffineTransform(scaleX: 2, y: 0.5).rotated(by: -1.1)
        let product = CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        #expect(CATransform3DGetAffineTransform(product).isApproximatelyEqual(to: a.concatenating(b), tolerance: 1e-12))
        let translated = CATransform3DTranslate(CATransform3DMakeAffineTransform(a), 3, 4, 0)
        #expect(CATransform3DGetAffineTransform(translated).isApproximatelyEqual(to: a.translatedBy(x: 3, y: 4), tolerance: 1e-12))
        let scaled = CATransform3DScale(CATransform3DIdentity, 2, 3, 1)
        #expect(CATransform3DGetAffineTransform(scaled) == CGAffineTransform(scaleX: 2, y: 3))
    }

    @Test func layerAffineTransformAccessors() {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        #expect(layer.transform == CATransform3DMakeScale(2, 3, 1))
        #expect(layer.affineTransform() == CGAffineTransform(scaleX: 2, y: 3))
    }

    /// Hit testing's short path from the superlayer into a layer agrees with the inverse of
    /// `transformToSuperlayer`, with and without transforms, anchors, bounds origins and flips.
    @Test func pointFromSuperlayerIsTheInverseTransform() {
        var generator = SeededGenerator(seed: 11)
        func r(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(Double.random(in: range, using: &generator)) }
        for n in 0..<200 {
            let parent = CALayer()
            parent.bounds = CGRect(x: r(-50...50), y: r(-50...50), width: r(10...400), height: r(10...400))
            parent.isGeometryFlipped = n % 5 == 0
            let layer = CALayer()
            parent.addSublayer(layer)
            layer.bounds = CGRect(x: r(-20...20), y: r(-20...20), width: r(1...200), height: r(1...200))
            layer.position = CGPoint(x: r(-100...300), y: r(-100...300))
            layer.anchorPoint = CGPoint(x: r(0...1), y: r(0...1))
            if n % 3 == 0 { layer.setAffineTransform(CGAffineTransform(rotationAngle: r(0...6)).scaledBy(x: r(0.5...2), y: r(0.5...2))) }
            let point = CGPoint(x: r(-300...300), y: r(-300...300))
            let expected = point.applying(layer.transformToSuperlayer.inverted())
            let got = layer.pointFromSuperlayer(point, superlayerIsFlipped: parent.isGeometryFlipped)
            #expect(abs(got.x - expected.x) < 1e-9 && abs(got.y - expected.y) < 1e-9)
        }
    }
}
