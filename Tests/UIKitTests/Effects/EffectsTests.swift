import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Gradient layers painted by the render server, and the backdrop blur of a visual effect view:
/// an offscreen pass over the view's pixels, the pixels under it blurred and tinted, the whole
/// view recomposited when something under part of it changes.
@MainActor
@Suite struct EffectsTests {
    func channels(_ argb: UInt32) -> (Int, Int, Int) { (Int(argb >> 16 & 0xFF), Int(argb >> 8 & 0xFF), Int(argb & 0xFF)) }

    /// Red to blue across 100 pt (at @2x): red at the left edge, half and half in the middle, blue
    /// at the right; radial from the centre out to the ellipse through the right edge's middle;
    /// conic round the centre from the right: red just past it, half way round (the left) half.
    @Test func gradientsAreAxialRadialAndConic() {
        UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            let layer = CAGradientLayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            layer.colors = [UIColor.red.cgColor, UIColor.blue.cgColor]
            layer.startPoint = CGPoint(x: 0, y: 0.5)
            layer.endPoint = CGPoint(x: 1, y: 0.5)
            window.layer.addSublayer(layer)
            window.commit()
            var shot = window.compositor.snapshot()
            var (r, _, b) = channels(shot.pixel(x: 0, y: 100))
            #expect(r >= 253 && b <= 2)
            (r, _, b) = channels(shot.pixel(x: 100, y: 100))
            #expect(abs(r - 127) <= 2 && abs(b - 128) <= 2)
            (r, _, b) = channels(shot.pixel(x: 199, y: 100))
            #expect(r <= 2 && b >= 253)

            layer.type = .radial
            layer.startPoint = CGPoint(x: 0.5, y: 0.5)
            layer.endPoint = CGPoint(x: 1, y: 0.5)
            window.commit()
            shot = window.compositor.snapshot()
            (r, _, b) = channels(shot.pixel(x: 100, y: 100))
            #expect(r >= 250 && b <= 5)                       // the centre: the first colour
            (r, _, b) = channels(shot.pixel(x: 150, y: 100))  // half way out
            #expect(abs(r - 127) <= 3 && abs(b - 128) <= 3)
            (r, _, b) = channels(shot.pixel(x: 100, y: 2))    // on the ellipse's edge (up 49 pt): blue
            #expect(r <= 10 && b >= 245)                      // t = 48.75 / 50

            layer.type = .conic
            window.commit()
            shot = window.compositor.snapshot()
            (r, _, b) = channels(shot.pixel(x: 190, y: 104))   // just below the start direction
            #expect(r >= 240 && b <= 15)
            (r, _, b) = channels(shot.pixel(x: 10, y: 100))    // half way round
            #expect(abs(r - 127) <= 4 && abs(b - 128) <= 4)
        }
    }

    /// A light blur (white at 50 % over a 20 pt blur) over the black-and-white edge of a white
    /// window: one offscreen pass of the view's 100 × 200 pixels; the edge under it grey, what is
    /// beside it untouched. A 2 pt square changed under a corner of it recomposites all of it.
    @Test func aBlurIsAnOffscreenPassOverWhatIsUnderIt() {
        UIApplication.withNewApplication(screen: testScreen) {
            let window = testWindow()
            window.backgroundColor = .white
            let black = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
            black.backgroundColor = .black
            let square = UIView(frame: CGRect(x: 27, y: 2, width: 2, height: 2))
            square.backgroundColor = .red
            let effect = UIVisualEffectView(effect: UIBlurEffect(style: .light))
            effect.frame = CGRect(x: 25, y: 0, width: 50, height: 100)
            for view in [black, square, effect] { window.addSubview(view) }
            var stats = window.commit()
            #expect(stats.render.offscreen[.blur]?.passes == 1 && stats.render.offscreen[.blur]?.pixels == 100 * 200)
            let shot = window.compositor.snapshot()
            let (r, g, b) = channels(shot.pixel(x: 100, y: 100))
            #expect(r > 0x60 && r < 0xE0 && r == g && g == b, "\(String(shot.pixel(x: 100, y: 100), radix: 16))")
            #expect(shot.pixel(x: 10, y: 100) == 0xFF00_0000 && shot.pixel(x: 190, y: 100) == 0xFFFF_FFFF)
            square.backgroundColor = .green
            stats = window.commit()
            #expect(stats.render.offscreen[.blur]?.pixels == 100 * 200 && stats.render.compositedPixels >= 100 * 200)
            #expect(window.hierarchyWarnings().isEmpty)
            effect.addSubview(UIView())
            #expect(window.hierarchyWarnings() == ["UIVisualEffectView has a subview UIView added to it directly: add it to contentView"])
        }
    }
}
