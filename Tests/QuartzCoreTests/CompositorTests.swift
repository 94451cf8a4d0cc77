import Foundation
import Geometry
import CoreGraphics
import UIFoundation
@testable import QuartzCore
import Testing
import Support

/// Hand-worked compositing: a root layer of `size` points rendered at `scale`.
@Suite struct CompositorTests {
    func layer(_ frame: CGRect, _ color: UIColor? = nil, opaque: Bool = false) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color?.cgColor
        layer.isOpaque = opaque
        return layer
    }

    func compositor(_ root: CALayer, scale: CGFloat = 1) throws -> Compositor {
        try Compositor(root: root, pixelWidth: Int(root.bounds.width * scale), pixelHeight: Int(root.bounds.height * scale), scale: scale)
    }

    func argb(_ pixel: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) } }

    @Test func redOpaqueSquareOverBlue() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue)
        root.addSublayer(layer(CGRect(x: 20, y: 20, width: 30, height: 30), .red))
        let c = try compositor(root)
        let stats = c.render()
        let image = c.snapshot()
        #expect(image.pixel(x: 25, y: 25) == 0xFFFF_0000)
        #expect(image.pixel(x: 49, y: 49) == 0xFFFF_0000)
        #expect(image.pixel(x: 50, y: 50) == 0xFF00_00FF)
        #expect(image.pixel(x: 5, y: 5) == 0xFF00_00FF)
        // The red square is opaque (alpha 1 background): the 900 blue pixels under it are skipped.
        #expect(stats.damagedPixels == 10_000)
        #expect(stats.occludedPixels == 900)
        #expect(stats.compositedPixels == 10_000)
        #expect(stats.blendedPixels == 0)
        #expect(stats.layersComposited == 2)
    }

    /// The example: an opaque 100 × 100 pt view covering another at scale 2 skips
    /// 200 × 200 = 40 000 pixels.
    @Test func opaqueLayerCoveringAnotherSkipsItsPixels() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue, opaque: true))
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 100, height: 100), .red, opaque: true))
        let stats = try compositor(root, scale: 2).render()
        #expect(stats.occludedPixels == 40_000)
        #expect(stats.compositedPixels == 40_000 && stats.blendedPixels == 0 && stats.layersComposited == 1)
    }

    @Test func halfTransparentColorIsBlended() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 100, height: 100), .blue, opaque: true))
        root.addSublayer(layer(CGRect(x: 0, y: 0, width: 100, height: 100), UIColor.red.withAlphaComponent(0.5)))
        let c = try compositor(root, scale: 2)
        let stats = c.render()
        let p = argb(c.snapshot().pixel(x: 100, y: 100))
        #expect(p[0] == 255 && abs(p[1] - 128) <= 1 && p[2] == 0 && abs(p[3] - 127) <= 1)
        #expect(stats.occludedPixels == 0 && stats.compositedPixels == 80_000 && stats.blendedPixels == 40_000)
    }

    @Test func rotatedSquareHasAntialiasedEdges() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let square = layer(CGRect(x: 30, y: 30, width: 40, height: 40), .white)
        square.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 4))
        root.addSublayer(square)
        let c = try compositor(root)
        let stats = c.render()
        let image = c.snapshot()
        // A diamond of half-diagonal 20√2 ≈ 28.28 about (50, 50).
        #expect(image.pixel(x: 50, y: 50) == 0xFFFF_FFFF)
        #expect(image.pixel(x: 49, y: 25) == 0xFFFF_FFFF)     // |dx| + |dy| ≈ 25.5 inside
        #expect(image.pixel(x: 30, y: 30) == 0xFF00_0000)     // the old corner is outside
        let tip = argb(image.pixel(x: 49, y: 21))              // the tip crosses this pixel
        #expect(tip[1] > 0 && tip[1] < 255)
        // A rotated layer is never taken as covering: it is blended, nothing under it skipped.
        #expect(stats.occludedPixels == 0 && stats.blendedPixels > 0)
    }

    @Test func onlyTheDamagedRegionIsRecomposited() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let moving = layer(CGRect(x: 0, y: 0, width: 10, height: 10), .white)
        root.addSublayer(moving)
        let c = try compositor(root)
        c.render()
        #expect(!c.hasDamage)
        #expect(c.render().damagedPixels == 0)
        moving.position.x += 50
        let stats = c.render()
        // old box (0…10) and new box (50…60): 200 pixels.
        #expect(stats.damagedPixels == 200)
        #expect(c.lastDamage.area == 200)
        let image = c.snapshot()
        #expect(image.pixel(x: 5, y: 5) == 0xFF00_0000 && image.pixel(x: 55, y: 5) == 0xFFFF_FFFF)
        moving.backgroundColor = UIColor.red.cgColor
        #expect(c.render().damagedPixels == 100)
    }

    @Test func removedLayerDamagesWhereItWas() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let gone = layer(CGRect(x: 10, y: 10, width: 20, height: 20), .white)
        root.addSublayer(gone)
        let c = try compositor(root)
        c.render()
        gone.removeFromSuperlayer()
        #expect(c.render().damagedPixels == 400)
        #expect(c.snapshot().pixel(x: 15, y: 15) == 0xFF00_0000)
    }

    @Test func redrawnContentDamagesItsDirtyRectangle() throws {
        final class Dots: CALayer {
            var draws: [CGRect] = []
            override func draw(in ctx: CGContext) {
                draws.append(ctx.boundingBoxOfClipPath)
                ctx.setFillColor(UIColor.green.cgColor)
                ctx.fill(bounds)
            }
        }
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let dots = Dots()
        dots.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        dots.contentsScale = 2
        root.addSublayer(dots)
        let c = try compositor(root, scale: 2)
        dots.setNeedsDisplay()
        _ = CALayer.displayPass(root)
        c.render()
        dots.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        dots.setNeedsDisplay(CGRect(x: 10, y: 10, width: 5, height: 5))
        let display = CALayer.displayPass(root)
        // Two rectangles in one frame: one draw of their union (0,0)–(15,15), 30 × 30 pixels at @2x.
        #expect(dots.draws.last == CGRect(x: 0, y: 0, width: 15, height: 15))
        #expect(dots.draws.count == 2)
        #expect(display == { var d = DisplayStatistics(); d.layersDisplayed = 1; d.pixelsDrawn = 900; d.drawOperations = 1; return d }())
        #expect(c.render().damagedPixels == 900)
        #expect(c.snapshot().pixel(x: 20, y: 20) == 0xFF00_FF00)
    }

    @Test func masksToBoundsClipsSublayers() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let parent = layer(CGRect(x: 10, y: 10, width: 40, height: 40), .blue)
        let child = layer(CGRect(x: 20, y: 20, width: 40, height: 40), .red)
        root.addSublayer(parent)
        parent.addSublayer(child)
        let c = try compositor(root)
        c.render()
        #expect(c.snapshot().pixel(x: 55, y: 55) == 0xFFFF_0000)
        parent.masksToBounds = true
        c.render()
        #expect(c.snapshot().pixel(x: 55, y: 55) == 0xFF00_0000)
        #expect(c.snapshot().pixel(x: 45, y: 45) == 0xFFFF_0000)
    }

    @Test func zPositionOrdersDrawing() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let back = layer(CGRect(x: 0, y: 0, width: 50, height: 50), .red)
        let front = layer(CGRect(x: 0, y: 0, width: 50, height: 50), .green)
        root.addSublayer(back)
        root.addSublayer(front)
        let c = try compositor(root)
        c.render()
        #expect(c.snapshot().pixel(x: 10, y: 10) == 0xFF00_FF00)
        back.zPosition = 1
        c.render()
        #expect(c.snapshot().pixel(x: 10, y: 10) == 0xFFFF_0000)
    }

    @Test func hiddenAndTransparentLayersAreSkipped() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let hidden = layer(CGRect(x: 0, y: 0, width: 50, height: 50), .red)
        hidden.isHidden = true
        let clear = layer(CGRect(x: 50, y: 0, width: 50, height: 50), .red)
        clear.opacity = 0
        root.addSublayer(hidden)
        root.addSublayer(clear)
        let c = try compositor(root)
        let stats = c.render()
        #expect(stats.layersComposited == 1 && c.snapshot().pixel(x: 10, y: 10) == 0xFF00_0000)
    }

    /// Opacity below 1 on a layer with sublayers composites them together offscreen: where the
    /// child covers its parent, the result is the child's color at half strength, not a mix of all three.
    @Test func groupOpacityRendersOffscreen() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        let group = layer(CGRect(x: 0, y: 0, width: 50, height: 50), .blue)
        group.opacity = 0.5
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 50, height: 50), .red))
        root.addSublayer(group)
        let c = try compositor(root)
        let stats = c.render()
        let p = argb(c.snapshot().pixel(x: 10, y: 10))
        #expect(abs(p[1] - 128) <= 1 && p[3] == 0)
        #expect(stats.offscreenPasses == 1 && stats.offscreen[.groupOpacity] == OffscreenCount(passes: 1, pixels: 2_500))
        #expect(c.snapshot(overlays: .offscreen).pixel(x: 10, y: 10) != c.snapshot().pixel(x: 10, y: 10))
    }

    @Test func contentsGravityPlacesTheImage() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }.cgImage!
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), .black)
        let holder = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        holder.contents = image
        holder.contentsGravity = .center
        root.addSublayer(holder)
        let c = try compositor(root)
        c.render()
        #expect(c.snapshot().pixel(x: 20, y: 20) == 0xFFFF_0000 && c.snapshot().pixel(x: 5, y: 5) == 0xFF00_0000)
        holder.contentsGravity = .bottomRight
        c.render()
        #expect(c.snapshot().pixel(x: 35, y: 35) == 0xFFFF_0000 && c.snapshot().pixel(x: 20, y: 20) == 0xFF00_0000)
        holder.contentsGravity = .resize
        let stats = c.render()
        #expect(c.snapshot().pixel(x: 1, y: 1) == 0xFFFF_0000)
        #expect(stats.misalignedLayers == 1)   // 10 × 10 pixels stretched over 40 × 40
    }

    /// `contentsRect` picks a part of the contents in their unit square, placed by the gravity as
    /// if it were the whole: the right half of a 20 × 10 image (red | blue) fills a 10 × 10 layer
    /// blue, pixel for pixel (not stretched); a quarter along, pixels 0–4 show the image's 5–9
    /// (red), 5–9 its 10–14 (blue).
    @Test func contentsRectShowsAPartOfTheContents() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 20, height: 10), format: format).image { ctx in
            UIColor.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            UIColor.blue.setFill()
            ctx.fill(CGRect(x: 10, y: 0, width: 10, height: 10))
        }.cgImage!
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10), .black)
        let sprite = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        sprite.contents = image
        sprite.contentsRect = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
        root.addSublayer(sprite)
        let c = try compositor(root)
        var stats = c.render()
        #expect((0..<10).allSatisfy { c.snapshot().pixel(x: $0, y: 5) == 0xFF00_00FF })
        #expect(stats.misalignedLayers == 0)
        sprite.contentsRect = CGRect(x: 0.25, y: 0, width: 0.5, height: 1)
        stats = c.render()
        #expect(stats.damagedPixels == 100)   // a new part of the contents redraws the layer
        #expect((0..<5).allSatisfy { c.snapshot().pixel(x: $0, y: 5) == 0xFFFF_0000 })
        #expect((5..<10).allSatisfy { c.snapshot().pixel(x: $0, y: 5) == 0xFF00_00FF })
        // Beyond the contents' right edge: nothing there (the black root shows).
        sprite.contentsRect = CGRect(x: 0.75, y: 0, width: 0.5, height: 1)
        c.render()
        #expect(c.snapshot().pixel(x: 2, y: 5) == 0xFF00_00FF && c.snapshot().pixel(x: 7, y: 5) == 0xFF00_0000)
    }

    @Test func layersOffThePixelGridAreMisaligned() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        root.addSublayer(layer(CGRect(x: 10.5, y: 10, width: 20, height: 20), .white))
        root.addSublayer(layer(CGRect(x: 50, y: 50, width: 20, height: 20), .white))
        #expect(try compositor(root).render().misalignedLayers == 1)
        #expect(try compositor(root, scale: 2).render().misalignedLayers == 0)
    }

    @Test func blendedOverlayColorsBlendedRedAndOpaqueGreen() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100), .black)
        root.addSublayer(layer(CGRect(x: 50, y: 0, width: 50, height: 50), UIColor.white.withAlphaComponent(0.5)))
        let c = try compositor(root)
        c.render()
        let overlay = c.snapshot(overlays: .blended)
        let opaque = argb(overlay.pixel(x: 10, y: 80)), blended = argb(overlay.pixel(x: 75, y: 25))
        #expect(opaque[2] > opaque[1] && opaque[2] > opaque[3])
        #expect(blended[1] > blended[2] && blended[1] > blended[3])
        let updates = argb(c.snapshot(overlays: .updates).pixel(x: 10, y: 10))
        #expect(updates[1] > 100 && updates[2] > 100)   // last damage was everything: yellow
    }

    @Test func snapshotPNGRoundTrip() throws {
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 20), .orange)
        root.addSublayer(layer(CGRect(x: 5, y: 5, width: 10, height: 10), UIColor.blue.withAlphaComponent(0.25)))
        let c = try compositor(root, scale: 2)
        c.render()
        let decoded = UIImage(data: try c.pngData())!.cgImage!
        let original = c.snapshot()
        #expect(decoded.width == 60 && decoded.height == 40)
        for (x, y) in [(0, 0), (15, 15), (59, 39), (20, 10)] {
            #expect(decoded.pixel(x: x, y: y) == original.pixel(x: x, y: y))
        }
    }
}

@Suite struct PixelRegionTests {
    @Test func unionSubtractAndAreaAgreeWithAPixelGrid() {
        var g = SeededGenerator(seed: 9)
        for _ in 0..<200 {
            func random() -> PixelRect {
                PixelRect(x: Int.random(in: 0..<30, using: &g), y: Int.random(in: 0..<30, using: &g),
                          width: Int.random(in: 0..<15, using: &g), height: Int.random(in: 0..<15, using: &g))
            }
            var adds = (0..<4).map { _ in random() }
            let cuts = (0..<3).map { _ in random() }
            // A layer's new box after its old one: often the same, or inside it.
            if Bool.random(using: &g) { adds.append(adds[3]) }
            if Bool.random(using: &g) {
                let last = adds[adds.count - 1]
                adds.append(PixelRect(x: last.x + 1, y: last.y + 1, width: max(0, last.width - 2), height: max(0, last.height - 2)))
            }
            var region = PixelRegion()
            for r in adds { region.formUnion(r) }
            var cutter = PixelRegion()
            for r in cuts { cutter.formUnion(r) }
            let result = region.subtracting(cutter)
            var grid = [[Bool]](repeating: [Bool](repeating: false, count: 45), count: 45)
            for r in adds { for y in r.y..<r.maxY { for x in r.x..<r.maxX { grid[y][x] = true } } }
            for r in cuts { for y in r.y..<r.maxY { for x in r.x..<r.maxX { grid[y][x] = false } } }
            #expect(result.area == grid.joined().filter { $0 }.count)
            // Its rectangles never overlap (areas add up), and an intersection keeps what is inside.
            #expect(region.area == region.rects.reduce(0) { $0 + $1.area })
            let window = random()
            let inside = region.intersection(window)
            let expected = Set(adds.flatMap { r in (r.y..<max(r.y, r.maxY)).flatMap { y in (r.x..<max(r.x, r.maxX)).map { x in y * 100 + x } } })
                .filter { p in window.contains(PixelRect(x: p % 100, y: p / 100, width: 1, height: 1)) }
            #expect(inside.area == expected.count)
            #expect(region.intersection(PixelRect(x: -1, y: -1, width: 60, height: 60)) == region)
            #expect(region.area == Set(adds.flatMap { r in (r.y..<max(r.y, r.maxY)).flatMap { y in (r.x..<max(r.x, r.maxX)).map { x in y * 100 + x } } }).count)
        }
    }

    /// The pixels a rectangle touches, rounded outward; nothing for the null, infinite or empty
    /// rectangle; a negative size counts from the other corner, as Core Graphics standardizes.
    @Test func pixelsCoveredByARectangle() {
        #expect(PixelRect(covering: CGRect(x: 0.5, y: 1.25, width: 10, height: 2.5)) == PixelRect(x: 0, y: 1, width: 11, height: 3))
        #expect(PixelRect(covering: CGRect(x: 10, y: 10, width: -4, height: -2)) == PixelRect(x: 6, y: 8, width: 4, height: 2))
        #expect(PixelRect(covering: CGRect(x: 3, y: 4, width: 5, height: 6)) == PixelRect(x: 3, y: 4, width: 5, height: 6))
        #expect(PixelRect(covering: .null).isEmpty)
        #expect(PixelRect(covering: .infinite).isEmpty)
        #expect(PixelRect(covering: CGRect(x: 3, y: 4, width: 0, height: 6)).isEmpty)
    }
}
