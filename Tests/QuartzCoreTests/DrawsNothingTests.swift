import Foundation
import CoreGraphics
import Testing
@testable import QuartzCore

/// Whether a layer draws is decided at each display, for that layer: one that drew nothing gets
/// no backing store and is not counted, and is drawn the next time it has something to draw;
/// another instance of its class is drawn all along.
@Suite struct DrawsNothingTests {
    /// A layer delegate that draws a square when it has one, nothing otherwise (through the default).
    final class Sometimes: CALayerDelegate {
        var square: CGRect?
        func draw(_ layer: CALayer, in ctx: CGContext) {
            guard let square else {
                ctx.defaultDrawReached = true   // what UIView's draw(_:) does when nothing overrides it
                return
            }
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(square)
        }
    }

    func layer(_ delegate: Sometimes) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contentsScale = 2
        layer.delegate = delegate
        return layer
    }

    @Test func aLayerThatDrewNothingIsDrawnLater() {
        let empty = Sometimes(), full = Sometimes()
        full.square = CGRect(x: 0, y: 0, width: 5, height: 5)
        let root = CALayer()
        let first = layer(empty), second = layer(full)
        root.addSublayer(first)
        root.addSublayer(second)
        first.setNeedsDisplay()
        var stats = CALayer.displayPass(root)
        #expect(first.store == nil)
        #expect(stats.layersDisplayed == 0)
        // Another layer with a delegate of the same class draws: 10 × 10 pt at 2× = 400 pixels.
        second.setNeedsDisplay()
        stats = CALayer.displayPass(root)
        #expect(stats.layersDisplayed == 1 && stats.pixelsDrawn == 400)
        // The first has something to draw now: it is drawn.
        empty.square = CGRect(x: 0, y: 0, width: 10, height: 10)
        first.setNeedsDisplay()
        stats = CALayer.displayPass(root)
        #expect(stats.layersDisplayed == 1 && stats.pixelsDrawn == 400 && first.store != nil)
        // And nothing again: its store goes.
        empty.square = nil
        first.setNeedsDisplay()
        #expect(CALayer.displayPass(root).layersDisplayed == 0 && first.store == nil)
    }
}
