import Foundation
@testable import QuartzCore
import Testing
import Support

/// The invariant checks of QuartzCore's structures (on in the debug build the tests build): a
/// damage region's rectangles and the layer tree's links hold after real changes, and a tree
/// corrupted by hand stops the process.
@Suite struct InvariantCheckTests {
    @Test func theChecksAreOnInTheTestBuild() {
        #expect(QuartzCoreInternalChecks.areOn)
    }

    /// Unions, differences and intersections of random rectangles on a 40 × 40 grid: every result
    /// passes the whole check (its rectangles disjoint, none empty), and its area is its pixels'.
    @Test func regionsStayDisjointThroughRealChanges() {
        var random = SeededGenerator(seed: 50)
        func rect() -> PixelRect {
            PixelRect(x: Int.random(in: 0..<36, using: &random), y: Int.random(in: 0..<36, using: &random),
                      width: Int.random(in: 0...12, using: &random), height: Int.random(in: 0...12, using: &random))
        }
        func pixels(_ region: PixelRegion) -> Set<Int> {
            var set = Set<Int>()
            for r in region.rects { for x in r.x..<r.maxX { for y in r.y..<r.maxY { set.insert(y * 100 + x) } } }
            return set
        }
        for _ in 0..<40 {
            var a = PixelRegion(), b = PixelRegion()
            for _ in 0..<8 { a.formUnion(rect()) }
            for _ in 0..<5 { b.formUnion(rect()) }
            let clip = rect()
            for region in [a, b, a.subtracting(b), a.intersection(b), a.intersection(clip)] {
                region._checkInvariants()
                #expect(region.area == pixels(region).count)
            }
            #expect(pixels(a.subtracting(b)) == pixels(a).subtracting(pixels(b)))
            #expect(pixels(a.intersection(b)) == pixels(a).intersection(pixels(b)))
            var union = a
            union.formUnion(b)
            union._checkInvariants()
            #expect(pixels(union) == pixels(a).union(pixels(b)))
        }
    }

    /// Every way of changing the tree keeps the links; each change checked itself, checked again here.
    @Test func theTreesLinksHoldThroughRealChanges() {
        let root = CALayer(), other = CALayer()
        let layers = (0..<5).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        root.insertSublayer(layers[4], at: 0)
        root.insertSublayer(layers[0], below: layers[2])
        root.insertSublayer(layers[1], above: layers[3])
        other.addSublayer(layers[2])             // moves it between trees
        root.replaceSublayer(layers[3], with: layers[2])
        layers[0].addSublayer(layers[3])
        let mask = CALayer()
        layers[0].addSublayer(mask)
        layers[1].mask = mask                    // a mask leaves its superlayer
        root.sublayers = [layers[1], layers[0]]
        for layer in [root, other, mask] + layers { layer._checkInvariants() }
        #expect(root.sublayers?.count == 2 && layers[3].superlayer === layers[0] && mask.superlayer == nil)
    }

    @Test func aSublayerListedTwiceIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let parent = CALayer(), child = CALayer()
            parent.addSublayer(child)
            parent.sublayerStorage.append(child)
            parent._checkInvariants()
        }
    }
}
