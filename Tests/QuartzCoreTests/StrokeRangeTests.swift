import Foundation
import Geometry
import CoreGraphics
import Testing
@testable import QuartzCore

/// `CAShapeLayer.strokeStart`/`strokeEnd`: the stroke follows only that part of the path, by
/// length; and an animation of `strokeEnd` (a progress ring) draws more of it frame by frame.
@Suite struct StrokeRangeTests {
    /// The outline of a 100 × 100 square from (0, 0), clockwise on screen: 400 pt long.
    var square: CGPath {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        return path
    }

    @Test func trimmingCutsThePathByLength() {
        // 0…0.375 of 400 pt: the top edge (100) and half of the right edge (50).
        #expect(square.trimmed(from: 0, to: 0.375).boundingBox == CGRect(x: 0, y: 0, width: 100, height: 50))
        // 0.25…0.5: the right edge only.
        #expect(square.trimmed(from: 0.25, to: 0.5).boundingBox == CGRect(x: 100, y: 0, width: 0, height: 100))
        #expect(square.trimmed(from: 0.6, to: 0.6).isEmpty)
        // A curve is measured along its length: a quarter circle of radius 100 is 157.08 pt long.
        let arc = CGMutablePath()
        arc.addArc(center: .zero, radius: 100, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let half = arc.trimmed(from: 0, to: 0.5).currentPoint
        #expect(abs(half.x - 100 * cos(.pi / 4)) < 0.5 && abs(half.y - 100 * sin(.pi / 4)) < 0.5)
    }

    @Test func theStrokeShowsOnlyItsRange() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        root.position = CGPoint(x: 60, y: 60)
        root.backgroundColor = .white
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
        shape.path = square
        shape.fillColor = nil
        shape.strokeColor = .black
        shape.lineWidth = 4
        shape.strokeEnd = 0.25   // the top edge only
        root.addSublayer(shape)
        let compositor = try Compositor(root: root, pixelWidth: 120, pixelHeight: 120, scale: 1)
        compositor.render()
        let image = compositor.snapshot()
        func dark(_ x: Int, _ y: Int) -> Bool { (image.pixel(x: x, y: y) & 0xFF) < 128 }
        #expect(dark(60, 10))      // on the top edge
        #expect(!dark(110, 60))    // the right edge is not stroked
        #expect(!dark(10, 60))     // nor the left
    }

    @Test func strokeEndAnimatesLikeAnyNumber() {
        let ring = CABasicAnimation(keyPath: "strokeEnd")
        ring.fromValue = 0.0
        ring.toValue = 1.0
        ring.duration = 1
        let shape = CAShapeLayer()
        var values = PresentationValues(layer: shape)
        _ = ring.apply(to: &values, at: 0.25)
        #expect(values["strokeEnd"] == .scalar(0.25))
        shape.writingPresentation = true
        shape.write(.strokeEnd, .scalar(0.25))
        #expect(shape.strokeEnd == 0.25)
    }
}
