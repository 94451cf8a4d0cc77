import Foundation
@testable import CoreGraphics
@testable import UIFoundation
import Geometry
import Testing

/// Drawing through UIGraphicsImageRenderer at scale 1 (one pixel per point) unless stated.
@Suite struct CGContextTests {
    func render(_ size: CGSize = CGSize(width: 20, height: 20), scale: CGFloat = 1,
                _ body: (CGContext) -> Void) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { body($0.cgContext) }.cgImage!
    }

    func argb(_ pixel: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xFF) } }

    @Test func fillsInUIKitOrientation() {
        let image = render { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))   // top-left band
        }
        #expect(image.pixel(x: 2, y: 2) == 0xFFFF_0000)
        #expect(image.pixel(x: 2, y: 7) == 0)          // below it: untouched, transparent
        #expect(image.pixel(x: 15, y: 2) == 0)
    }

    @Test func scaleAndCTM() {
        let image = render(CGSize(width: 10, height: 10), scale: 2) { ctx in
            #expect(ctx.ctm == CGAffineTransform(scaleX: 2, y: 2))
            ctx.translateBy(x: 5, y: 0)
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        }
        #expect(image.width == 20 && image.height == 20)
        #expect(image.pixel(x: 12, y: 2) == 0xFF00_00FF)   // x 5…10 pt is 10…20 px
        #expect(image.pixel(x: 8, y: 2) == 0)
    }

    @Test func rotateAboutTheOrigin() {
        let image = render { ctx in
            ctx.translateBy(x: 10, y: 10)
            ctx.rotate(by: .pi / 2)   // x axis now points down
            ctx.setFillColor(UIColor.green.cgColor)
            ctx.fill(CGRect(x: 2, y: -1, width: 6, height: 2))
        }
        #expect(image.pixel(x: 10, y: 15) == 0xFF00_FF00)
        #expect(image.pixel(x: 15, y: 10) == 0)
    }

    @Test func saveAndRestoreStateAndClip() {
        let image = render { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.saveGState()
            ctx.clip(to: CGRect(x: 0, y: 0, width: 5, height: 20))
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
            #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 5, height: 20))
            ctx.restoreGState()
            ctx.fill(CGRect(x: 0, y: 10, width: 20, height: 10))   // red again, unclipped
        }
        #expect(image.pixel(x: 2, y: 2) == 0xFF00_00FF)
        #expect(image.pixel(x: 10, y: 2) == 0)
        #expect(image.pixel(x: 15, y: 15) == 0xFFFF_0000)
    }

    @Test func strokeWidthCapAndDash() {
        let image = render(CGSize(width: 40, height: 10)) { ctx in
            ctx.setStrokeColor(UIColor.black.cgColor)
            ctx.setLineWidth(4)
            ctx.setLineCap(.butt)
            ctx.setLineDash(phase: 0, lengths: [10, 10])
            ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 5), CGPoint(x: 40, y: 5)])
        }
        #expect(argb(image.pixel(x: 5, y: 4))[0] == 255)    // in the first dash
        #expect(image.pixel(x: 15, y: 4) == 0)              // in the gap
        #expect(image.pixel(x: 5, y: 0) == 0)               // above the 4-pt line
        #expect(argb(image.pixel(x: 25, y: 6))[0] == 255)
    }

    @Test func linearGradientMidpoint() {
        let image = render(CGSize(width: 101, height: 1)) { ctx in
            let gradient = CGGradient(colorsSpace: nil, colors: [UIColor.black.cgColor, UIColor.white.cgColor], locations: [0, 1])!
            ctx.drawLinearGradient(gradient, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 100.5, y: 0), options: [])
        }
        let middle = argb(image.pixel(x: 50, y: 0))
        #expect(middle[0] == 255 && abs(middle[1] - 128) <= 2)
        #expect(argb(image.pixel(x: 0, y: 0))[1] <= 2 && argb(image.pixel(x: 100, y: 0))[1] >= 253)
    }

    @Test func ellipsesArcsAndRoundedRects() {
        let image = render(CGSize(width: 40, height: 40)) { ctx in
            UIColor.red.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10).fill()
        }
        #expect(image.pixel(x: 0, y: 0) == 0)                  // the corner is cut
        #expect(image.pixel(x: 20, y: 20) == 0xFFFF_0000)
        #expect(image.pixel(x: 20, y: 0) == 0xFFFF_0000)       // the straight top edge
        // UIBezierPath's clockwise is clockwise on screen: 0 → π/2 sweeps the lower right.
        let arc = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(arc.bounds.isApproximatelyEqual(to: CGRect(x: 20, y: 20, width: 10, height: 10), tolerance: 1e-9))
        let other = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(other.bounds.isApproximatelyEqual(to: CGRect(x: 10, y: 10, width: 20, height: 20), tolerance: 1e-9))
        // CGContext's clockwise is Core Graphics' (decreasing angles): in a UIKit context, the upper side.
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(path.boundingBoxOfPath.isApproximatelyEqual(to: CGRect(x: 10, y: 10, width: 20, height: 20), tolerance: 1e-9))
        #expect(UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 20)).contains(CGPoint(x: 20, y: 10)))
        #expect(!UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 20)).contains(CGPoint(x: 2, y: 2)))
    }

    /// A 2 × 1 image (red, blue) stretched to 20 × 10: nearest-neighbour keeps a hard edge, high
    /// quality blends across the middle.
    @Test func interpolationQuality() {
        let source = render(CGSize(width: 2, height: 1)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        }
        let crisp = render { ctx in
            ctx.interpolationQuality = .none
            UIImage(cgImage: source).draw(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        #expect(crisp.pixel(x: 9, y: 5) == 0xFFFF_0000 && crisp.pixel(x: 10, y: 5) == 0xFF00_00FF)
        let smooth = render { ctx in
            ctx.interpolationQuality = .high
            UIImage(cgImage: source).draw(in: CGRect(x: 0, y: 0, width: 20, height: 10))
        }
        let mid = argb(smooth.pixel(x: 9, y: 5))
        #expect(mid[1] > 0 && mid[3] > 0)   // some red and some blue
    }

    /// CGContext.draw(_:in:) puts an image's first row at the bottom in a UIKit context, as Core
    /// Graphics does; UIImage.draw(in:) keeps it upright.
    @Test func cgImageDrawsFlippedUIImageUpright() {
        let source = render(CGSize(width: 1, height: 2)) { ctx in
            ctx.setFillColor(UIColor.red.cgColor)
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.setFillColor(UIColor.blue.cgColor)
            ctx.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
        }
        let flipped = render(CGSize(width: 1, height: 2)) { ctx in ctx.draw(source, in: CGRect(x: 0, y: 0, width: 1, height: 2)) }
        let upright = render(CGSize(width: 1, height: 2)) { _ in UIImage(cgImage: source).draw(in: CGRect(x: 0, y: 0, width: 1, height: 2)) }
        #expect(flipped.pixel(x: 0, y: 0) == 0xFF00_00FF && upright.pixel(x: 0, y: 0) == 0xFFFF_0000)
    }

    @Test func textDrawsAndMeasures() {
        let font = UIFont.systemFont(ofSize: 20)
        let image = render(CGSize(width: 100, height: 30)) { _ in
            "Hello".draw(at: CGPoint(x: 2, y: 2), withAttributes: [.font: font, .foregroundColor: UIColor.black])
        }
        var inked = 0
        for y in 0..<30 { for x in 0..<100 where argb(image.pixel(x: x, y: y))[0] > 128 { inked += 1 } }
        #expect(inked > 50)
        let one = "H".size(withAttributes: [.font: font]), five = "HHHHH".size(withAttributes: [.font: font])
        #expect(abs(five.width - 5 * one.width) < 0.5 && one.height > 20 && font.ascender > 0 && font.descender < 0)
    }

    @Test func drawingOperationsAreCounted() {
        var count = 0
        _ = render { ctx in
            ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            ctx.stroke(CGRect(x: 0, y: 0, width: 5, height: 5))
            ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 5, height: 5))
            count = ctx.drawingOperations
        }
        #expect(count == 3)
    }

    @Test func pngDataDecodesBackToTheSamePixels() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4), format: format)
        let data = renderer.pngData { ctx in
            UIColor.orange.setFill()
            ctx.fill(CGRect(x: 1, y: 1, width: 2, height: 2))
        }
        let decoded = UIImage(data: data)!
        #expect(decoded.size == CGSize(width: 4, height: 4))
        #expect(decoded.cgImage!.pixel(x: 1, y: 1) == 0xFFFF_8000)
        #expect(decoded.cgImage!.pixel(x: 0, y: 0) == 0)
        #expect(UIImage(data: Data([1, 2, 3])) == nil)
    }
}
