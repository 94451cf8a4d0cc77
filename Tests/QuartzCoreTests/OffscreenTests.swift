import Foundation
import Geometry
import CoreGraphics
import UIFoundation
@testable import QuartzCore
import Testing

/// Offscreen passes by cause on small trees worked out by hand (scale 1, so points are pixels;
/// the first render damages the whole screen).
@Suite struct OffscreenTests {
    func layer(_ frame: CGRect, _ color: UIColor? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color?.cgColor
        return layer
    }

    func compositor(_ root: CALayer) throws -> Compositor {
        try Compositor(root: root, pixelWidth: Int(root.bounds.width), pixelHeight: Int(root.bounds.height), scale: 1)
    }

    func argb(_ pixel: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) } }

    /// A white 100 × 60 card at (50, 100) on a black 300 × 300 root, with two opaque sublayers
    /// inside it (20 × 20 and 30 × 10) and a shadow: opacity 0.5, offset (0, 3), radius 4.
    func shadowedCard() -> (root: CALayer, card: CALayer) {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), .black)
        let card = layer(CGRect(x: 50, y: 100, width: 100, height: 60), .white)
        card.addSublayer(layer(CGRect(x: 10, y: 10, width: 20, height: 20), .red))
        card.addSublayer(layer(CGRect(x: 50, y: 40, width: 30, height: 10), .blue))
        card.shadowOpacity = 0.5
        card.shadowOffset = CGSize(width: 0, height: 3)
        card.shadowRadius = 4
        root.addSublayer(card)
        return (root, card)
    }

    /// The shadow's shape is the card (its sublayers lie inside): moved down 3 and grown by 3 σ =
    /// 12 on every side, (38, 91) to (162, 175): 124 × 84 = 10 416 pixels rendered offscreen.
    /// What shows of the shadow is those pixels less the opaque card over it: 10 416 − 6 000.
    @Test func shadowWithoutPathIsOnePassOverItsExtent() throws {
        let (root, _) = shadowedCard()
        let stats = try compositor(root).render()
        #expect(stats.offscreen == [.shadow: OffscreenCount(passes: 1, pixels: 10_416)])
        #expect(stats.offscreenPasses == 1)
        #expect(stats.blendedPixels == 4_416)
        #expect(stats.passes.map(\.owner) == ["CALayer"])
    }

    /// The same card with `shadowPath`: no pass, the same shadow pixels blended.
    @Test func shadowWithPathTakesNoPass() throws {
        let (root, card) = shadowedCard()
        card.shadowPath = CGPath(rect: card.bounds, transform: nil)
        let stats = try compositor(root).render()
        #expect(stats.offscreenPasses == 0 && stats.offscreen.isEmpty)
        #expect(stats.blendedPixels == 4_416)
    }

    /// Two cards of one size 150 pixels apart cast their shadows from one blurred mask (the second
    /// reuses the first's), and the two shadows are the same pixels, 150 apart. A card half a
    /// pixel off needs a mask of its own.
    @Test func cardsWholePixelsApartShareOneShadowMask() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), UIColor(white: 0.5, alpha: 1))   // black shadows show on grey
        var cards: [CALayer] = []
        for x in [20.0, 170] {
            let card = layer(CGRect(x: x, y: 100, width: 100, height: 60), .white)
            card.shadowOpacity = 0.5
            card.shadowOffset = CGSize(width: 0, height: 3)
            card.shadowRadius = 4
            card.shadowPath = CGPath(rect: card.bounds, transform: nil)
            root.addSublayer(card)
            cards.append(card)
        }
        let c = try compositor(root)
        c.render()
        #expect(c.shadowMasks.made == 1 && c.shadowMasks.reused == 1)
        let image = c.snapshot()
        // Each shadow reaches 12 pixels (3 σ) around its card, moved down 3: x 8–132 and 158–282.
        let grey = image.pixel(x: 0, y: 0)
        var differing = 0, shaded = 0
        for y in 88..<176 {
            for x in 8..<133 {
                if image.pixel(x: x, y: y) != image.pixel(x: x + 150, y: y) { differing += 1 }
                if image.pixel(x: x, y: y) != grey, image.pixel(x: x, y: y) != 0xFFFF_FFFF { shaded += 1 }
            }
        }
        #expect(differing == 0)
        #expect(shaded > 1_000)   // the comparison covers shadow, not only grey and white
        cards[1].position.x += 0.5
        c.render()
        #expect(c.shadowMasks.made == 2)
    }

    /// Without a path the shadow's shape is the card painted offscreen, known by its alpha: two
    /// cards whose content differs in color only (a red and a blue square at one place) share a
    /// mask; one whose square is elsewhere, half transparent, does not.
    @Test func shadowsCastFromContentShareAMaskWhenTheirAlphaIsTheSame() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 450, height: 300), UIColor(white: 0.5, alpha: 1))
        for (x, color, alpha, squareX) in [(20.0, UIColor.red, 1.0, 10.0), (170, .blue, 1, 10), (320, .red, 0.5, 40)] {
            let card = layer(CGRect(x: x, y: 100, width: 100, height: 60))   // no background: the square is the shape
            let square = layer(CGRect(x: squareX, y: 10, width: 20, height: 20), color)
            square.opacity = Float(alpha)
            card.addSublayer(square)
            card.shadowOpacity = 0.5
            card.shadowRadius = 4
            root.addSublayer(card)
        }
        let c = try compositor(root)
        c.render()
        #expect(c.shadowMasks.made == 2 && c.shadowMasks.reused == 1)
    }

    /// `masksToBounds` clips the shadow away, as Core Animation does: no shadow, no pass.
    @Test func maskingToBoundsHidesTheShadow() throws {
        let (root, card) = shadowedCard()
        card.masksToBounds = true
        let stats = try compositor(root).render()
        #expect(stats.offscreenPasses == 0 && stats.blendedPixels == 0)
    }

    /// A white 100 × 100 container at (50, 50) with corner radius 10, masking to its bounds: a
    /// sublayer in its top-left 10 × 10 corner square makes one pass over what the group shows
    /// (10 000 pixels); one inside the corners, none; the radius without `masksToBounds`, none.
    @Test func roundedClipOverSublayersInTheCorners() throws {
        func render(child: CGRect, masks: Bool) throws -> RenderStatistics {
            let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), .black)
            let container = layer(CGRect(x: 50, y: 50, width: 100, height: 100), .white)
            container.cornerRadius = 10
            container.masksToBounds = masks
            container.addSublayer(layer(child, .red))
            root.addSublayer(container)
            return try compositor(root).render()
        }
        #expect(try render(child: CGRect(x: 0, y: 0, width: 50, height: 50), masks: true).offscreen
            == [.cornerClip: OffscreenCount(passes: 1, pixels: 10_000)])
        #expect(try render(child: CGRect(x: 20, y: 20, width: 50, height: 50), masks: true).offscreenPasses == 0)
        #expect(try render(child: CGRect(x: 0, y: 0, width: 50, height: 50), masks: false).offscreenPasses == 0)
    }

    /// An opaque sublayer clipped by rounded corners hides nothing in the corners it does not
    /// paint: what is beneath shows there (blue root, white container, opaque red child).
    @Test func clippedOpaqueSublayerDoesNotHideTheCorners() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue)
        let container = layer(CGRect(x: 10, y: 10, width: 60, height: 60), .white)
        container.cornerRadius = 20
        container.masksToBounds = true
        let child = layer(container.bounds, .red)
        child.isOpaque = true
        container.addSublayer(child)
        root.addSublayer(container)
        let c = try compositor(root)
        let stats = c.render()
        let image = c.snapshot()
        #expect(image.pixel(x: 11, y: 11) == 0xFF00_00FF)   // the corner: the root's blue
        #expect(image.pixel(x: 40, y: 40) == 0xFFFF_0000)
        // Only the band between the corners (60 × 20 px) hides the root and the container.
        #expect(stats.occludedPixels == 2 * 60 * 20)
    }

    /// A mask (a circle in a shape layer) on an opaque 100 × 100 layer: one pass over its 10 000
    /// pixels, only the circle shows, and the blue root shows where the mask clears the layer.
    @Test func maskLayerIsOnePass() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), .blue)
        let masked = layer(CGRect(x: 50, y: 50, width: 100, height: 100), .white)
        let circle = CAShapeLayer()
        circle.frame = masked.bounds
        circle.path = CGPath(ellipseIn: masked.bounds, transform: nil)
        masked.mask = circle
        root.addSublayer(masked)
        let c = try compositor(root)
        let stats = c.render()
        #expect(stats.offscreen == [.mask: OffscreenCount(passes: 1, pixels: 10_000)])
        let image = c.snapshot()
        #expect(image.pixel(x: 100, y: 100) == 0xFFFF_FFFF)   // the circle's middle
        #expect(image.pixel(x: 52, y: 52) == 0xFF00_00FF)     // a corner, outside the circle: the root
        // A change of the mask is a change of the layer it masks.
        circle.path = CGPath(rect: masked.bounds, transform: nil)
        #expect(c.render().offscreen[.mask]?.passes == 1)
        #expect(c.snapshot().pixel(x: 52, y: 52) == 0xFFFF_FFFF)
    }

    /// Group opacity is a pass; without `allowsGroupOpacity` each layer blends on its own.
    @Test func groupOpacityCanBeTurnedOff() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let group = layer(CGRect(x: 0, y: 0, width: 50, height: 50), .blue)
        group.opacity = 0.5
        group.allowsGroupOpacity = false
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 50, height: 50), .red))
        root.addSublayer(group)
        let c = try compositor(root)
        #expect(c.render().offscreenPasses == 0)
        // Red at half over blue at half over black: red 0.5 × 255, blue 0.5 × 0.5 × 255.
        let p = argb(c.snapshot().pixel(x: 10, y: 10))
        #expect(abs(p[1] - 128) <= 1 && abs(p[3] - 64) <= 1)
    }

    /// A rasterized 100 × 60 layer with a sublayer: a miss renders it (6 000 pixels offscreen),
    /// moving it reuses the bitmap (a hit), a change inside misses again, and a bitmap unused for
    /// more than 100 ms is gone.
    @Test func rasterizationHitsAndMisses() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), .black)
        let card = layer(CGRect(x: 50, y: 50, width: 100, height: 60), .white)
        let badge = layer(CGRect(x: 10, y: 10, width: 20, height: 20), .red)
        card.addSublayer(badge)
        card.shouldRasterize = true
        root.addSublayer(card)
        let c = try compositor(root)
        func frame(at time: TimeInterval) -> RenderStatistics { c.prepare(c.commitTransaction(), at: time).statistics }

        let first = frame(at: 0)
        #expect(first.rasterMisses == 1 && first.rasterHits == 0)
        #expect(first.offscreen == [.rasterization: OffscreenCount(passes: 1, pixels: 6_000)])
        card.position.y += 10
        let moved = frame(at: 1.0 / 60)
        #expect(moved.rasterHits == 1 && moved.rasterMisses == 0 && moved.offscreenPasses == 0)
        #expect(moved.layersComposited == 2)   // the root and the cached bitmap, not the badge
        badge.backgroundColor = UIColor.green.cgColor
        let changed = frame(at: 2.0 / 60)
        #expect(changed.rasterMisses == 1 && changed.rasterHits == 0)
        card.position.y += 10
        #expect(frame(at: 3.0 / 60).rasterHits == 1)
        card.position.y += 10
        let late = frame(at: 3.0 / 60 + 0.15)
        #expect(late.rasterMisses == 1 && late.rasterHits == 0)
        #expect(c.rasterCache.count == 1 && c.rasterCache.pixelsHeld == 6_000)
    }

    /// The cache holds 2.5 screens: a bitmap larger than that (200 × 200 pt at rasterization
    /// scale 3 is 360 000 pixels; the 200 × 200 screen's cache, 100 000) misses every frame.
    @Test func bitmapLargerThanTheCacheMissesEveryFrame() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), .black)
        let big = layer(CGRect(x: 0, y: 0, width: 200, height: 200), .white)
        big.addSublayer(layer(CGRect(x: 0, y: 0, width: 10, height: 10), .red))
        big.shouldRasterize = true
        big.rasterizationScale = 3
        root.addSublayer(big)
        let c = try compositor(root)
        #expect(c.rasterCache.capacity == 100_000)
        for i in 0..<3 {
            big.position.x += 1
            let stats = c.prepare(c.commitTransaction(), at: Double(i) / 60).statistics
            #expect(stats.rasterMisses == 1 && stats.rasterHits == 0)
        }
        #expect(c.rasterCache.count == 0)
    }

    /// A damaged region that misses a rasterized layer neither hits nor misses.
    @Test func rasterizedLayerOutsideTheDamageIsNotCounted() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 300, height: 300), .black)
        let card = layer(CGRect(x: 0, y: 0, width: 100, height: 60), .white)
        card.shouldRasterize = true
        let other = layer(CGRect(x: 200, y: 200, width: 50, height: 50), .red)
        root.addSublayer(card)
        root.addSublayer(other)
        let c = try compositor(root)
        _ = c.render()
        other.backgroundColor = UIColor.blue.cgColor
        let stats = c.prepare(c.commitTransaction(), at: 0.01).statistics
        #expect(stats.rasterHits == 0 && stats.rasterMisses == 0)
    }

    /// A rounded, shadowed layer's pixels equal a reference drawn directly through cairo: the
    /// shadow's rounded shape filled, moved, its alpha blurred and painted in black at 0.5; the
    /// white rounded body over it. With the path and without (the shape from the alpha), the same.
    @Test func roundedShadowedLayerMatchesAReference() throws {
        let size = 120, body = CGRect(x: 30, y: 25, width: 60, height: 50)
        let reference = try CairoImage(width: size, height: size)
        reference.fill(x: 0, y: 0, width: size, height: size, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
        let shadowShape = try CairoImage(width: size, height: size)
        let shape = CairoContext(image: shadowShape)
        shape.addPath(UIBezierPath(roundedRect: body.offsetBy(dx: 4, dy: 6), cornerRadius: 12).cgPath)
        shape.setSourceRGBA(0, 0, 0, 1)
        shape.fill()
        shadowShape.blurAlpha(sigma: 5)
        let cairo = CairoContext(image: reference)
        cairo.setSourceRGBA(0, 0, 0, 0.5)
        cairo.mask(shadowShape, x: 0, y: 0)
        cairo.addPath(UIBezierPath(roundedRect: body, cornerRadius: 12).cgPath)
        cairo.setSourceRGBA(1, 1, 1, 1)
        cairo.fill()

        for withPath in [true, false] {
            let root = layer(CGRect(x: 0, y: 0, width: size, height: size), .black)
            let card = layer(body, .white)
            card.cornerRadius = 12
            card.shadowOpacity = 0.5
            card.shadowOffset = CGSize(width: 4, height: 6)
            card.shadowRadius = 5
            if withPath { card.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: 12).cgPath }
            root.addSublayer(card)
            let c = try compositor(root)
            c.render()
            let image = c.snapshot()
            var worst = 0
            for y in 0..<size {
                for x in 0..<size {
                    let a = argb(image.pixel(x: x, y: y)), b = argb(reference.pixel(x: x, y: y))
                    worst = max(worst, zip(a, b).map { abs($0 - $1) }.max()!)
                }
            }
            #expect(worst <= 2, "with path: \(withPath)")
            // The body's corner is rounded: its outermost pixel shows the shadow, not white.
            #expect(argb(image.pixel(x: 30, y: 25))[1] < 128)
        }
    }

    /// Without a path, a clear layer's shadow is its sublayers' shape: on a white root, a clear
    /// 100 × 100 layer holding a red 20 × 20 square at its top-left casts a shadow 10 pt down
    /// (radius 1) under the square only.
    @Test func shadowFromTheAlphaFollowsTheSublayers() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200), .white)
        let clear = layer(CGRect(x: 50, y: 50, width: 100, height: 100))
        clear.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red))
        clear.shadowOpacity = 1
        clear.shadowOffset = CGSize(width: 0, height: 10)
        clear.shadowRadius = 1
        root.addSublayer(clear)
        let c = try compositor(root)
        #expect(c.render().offscreen[.shadow]?.passes == 1)
        let image = c.snapshot()
        #expect(argb(image.pixel(x: 60, y: 75)) == [255, 0, 0, 0])         // under the square, moved down 10: black
        #expect(image.pixel(x: 120, y: 120) == 0xFFFF_FFFF)                // under the clear rest: nothing
        #expect(image.pixel(x: 60, y: 60) == 0xFFFF_0000)                  // the square itself
    }

    /// The blur is a Gaussian: across a straight edge between opaque and clear, half at the edge,
    /// 255 × Φ(−d/σ) at distance d (σ = 4: 0.5 px out 114.8; 4.5 px out 33.2).
    @Test func blurAcrossAnEdgeFollowsTheNormalCurve() throws {
        let image = try CairoImage(width: 100, height: 20)
        image.fill(x: 0, y: 0, width: 50, height: 20, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
        image.blurAlpha(sigma: 4)
        let alpha = { (x: Int) in Int(image.pixel(x: x, y: 10) >> 24) }
        #expect(abs(alpha(50) - 115) <= 4)
        #expect(abs(alpha(54) - 33) <= 4)
        #expect(abs(alpha(49) - 140) <= 4)
        #expect(alpha(25) >= 254)   // 6 σ from both edges (the bitmap's own edge counts as clear)
        #expect(alpha(95) == 0)
        #expect(CairoImage.boxRadii(sigma: 4, passes: 3).count == 3)
    }

    /// "Color Offscreen-Rendered Yellow": the shadowed card's pixels are tinted, elsewhere not.
    @Test func offscreenOverlayIsYellowWherePassesHappen() throws {
        let (root, _) = shadowedCard()
        let c = try compositor(root)
        c.render()
        let plain = c.snapshot(), tinted = c.snapshot(overlays: .offscreen)
        let inside = argb(tinted.pixel(x: 100, y: 120)), before = argb(plain.pixel(x: 100, y: 120))
        // White card under yellow at half: red and green stay full, blue halves.
        #expect(before == [255, 255, 255, 255] && inside[1] == 255 && inside[2] == 255 && abs(inside[3] - 128) <= 1)
        #expect(tinted.pixel(x: 250, y: 250) == plain.pixel(x: 250, y: 250))
    }

    /// Each new property is a cause of damage when it changes: the shadow's properties damage
    /// the shadow's extent, the others the layer's.
    @Test func everyNewPropertyDamagesWhenItChanges() throws {
        let changes: [(String, (CALayer) -> Void, Int)] = [
            // The shadow grows from 3 σ = 12 to 24 past the card: (26, 79) to (174, 187).
            ("shadowRadius", { $0.shadowRadius = 8 }, 148 * 108),
            ("shadowOpacity", { $0.shadowOpacity = 0.8 }, 10_416),
            ("shadowColor", { $0.shadowColor = UIColor.red.cgColor }, 10_416),
            ("shadowOffset", { $0.shadowOffset = CGSize(width: 0, height: 5) }, 124 * 86),
            ("shadowPath", { $0.shadowPath = CGPath(rect: $0.bounds, transform: nil) }, 10_416),
            ("cornerRadius", { $0.cornerRadius = 8 }, 10_416),
            ("maskedCorners", { $0.maskedCorners = [.layerMinXMinYCorner] }, 10_416),
            ("cornerCurve", { $0.cornerCurve = .continuous }, 10_416),
            ("borderWidth", { $0.borderWidth = 2 }, 10_416),
            ("mask", { $0.mask = CAShapeLayer() }, 10_416),
            ("shouldRasterize", { $0.shouldRasterize = true }, 10_416),
            ("allowsGroupOpacity", { $0.allowsGroupOpacity = false }, 10_416),
        ]
        for (name, change, area) in changes {
            let (root, card) = shadowedCard()
            let c = try compositor(root)
            c.render()
            #expect(c.commitTransaction().isEmpty, "\(name)")
            change(card)
            #expect(c.commitTransaction().damage.area == area, "\(name)")
        }
    }

    /// Core Animation does not hit-test by corner shape: a point in a rounded-off corner still
    /// hits the layer.
    @Test func hitTestingIgnoresRoundedCorners() {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let rounded = layer(CGRect(x: 10, y: 10, width: 50, height: 50), .white)
        rounded.cornerRadius = 25
        rounded.masksToBounds = true
        root.addSublayer(rounded)
        #expect(root.hitTest(CGPoint(x: 11, y: 11)) === rounded)
    }

    /// A border is drawn inside the bounds, above the sublayers.
    @Test func borderIsAboveSublayers() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let box = layer(CGRect(x: 10, y: 10, width: 50, height: 50), .white)
        box.borderWidth = 4
        box.borderColor = UIColor.blue.cgColor
        box.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), .red))
        root.addSublayer(box)
        let c = try compositor(root)
        c.render()
        let image = c.snapshot()
        #expect(image.pixel(x: 11, y: 11) == 0xFF00_00FF)   // the border, over the red sublayer
        #expect(image.pixel(x: 20, y: 20) == 0xFFFF_0000)   // the sublayer inside the border
        #expect(image.pixel(x: 40, y: 40) == 0xFFFF_FFFF)
    }
}
