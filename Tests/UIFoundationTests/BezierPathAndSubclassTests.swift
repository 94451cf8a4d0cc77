import Foundation
import Testing
@testable import CoreGraphics
@testable import UIFoundation

/// UIBezierPath, UIColor and UIImage as the SDK declares them (open classes, NSObject roots): a path's
/// `cgPath` set from outside, the dash pattern given as a pointer and a count, `UIRectCorner` at the
/// top level, and a subclass's override being the one drawing calls.
@Suite struct BezierPathAndSubclassTests {
    /// Strokes `path` black into a 40 × 10 point bitmap at scale 1 and returns its image.
    func stroked(_ path: UIBezierPath, color: UIColor = .black) throws -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 10), format: format).image { _ in
            color.setStroke()
            path.stroke()
        }
        return try #require(image.cgImage)
    }

    /// A 2-point line along y = 5 from x = 0 to 40, dashed 10 on and 10 off from phase 0: drawn over
    /// x in [0, 10) and [20, 30), bare over [10, 20) and [30, 40) (butt caps end each dash where it ends).
    @Test func aDashGivenAsAPointerAndACountDashesTheStroke() throws {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 5))
        path.addLine(to: CGPoint(x: 40, y: 5))
        path.lineWidth = 2
        let pattern: [CGFloat] = [10, 10]
        path.setLineDash(pattern, count: 2, phase: 0)
        let image = try stroked(path)
        #expect(image.pixel(x: 5, y: 5) == 0xFF00_0000)
        #expect(image.pixel(x: 15, y: 5) == 0)
        #expect(image.pixel(x: 25, y: 5) == 0xFF00_0000)
        #expect(image.pixel(x: 35, y: 5) == 0)

        var lengths = [CGFloat](repeating: 0, count: 2)
        var count = 0
        var phase: CGFloat = -1
        path.getLineDash(&lengths, count: &count, phase: &phase)
        #expect(lengths == [10, 10] && count == 2 && phase == 0)

        // No pattern (nil, or a count of 0): the line is whole again.
        path.setLineDash(nil, count: 0, phase: 0)
        #expect(try stroked(path).pixel(x: 15, y: 5) == 0xFF00_0000)
    }

    /// Setting `cgPath` copies the path given: changing that path afterwards changes nothing.
    @Test func cgPathIsSetByCopy() {
        let path = UIBezierPath()
        let given = CGMutablePath()
        given.addRect(CGRect(x: 0, y: 0, width: 10, height: 20))
        path.cgPath = given
        given.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 10, height: 20))
        path.removeAllPoints()
        #expect(path.isEmpty && path.bounds == .zero)
    }

    /// `UIRectCorner` is UIKit's top-level option set: rounding two corners of a 20 × 20 square by
    /// 10 leaves the other two square, so the rounded corner's tip (1, 1) is outside the path and the
    /// square corner's (19, 1) inside.
    @Test func rectCornersAreUIKitsOptionSet() {
        let corners: UIRectCorner = [.topLeft, .bottomRight]
        #expect(corners.rawValue == 1 | 8 && UIRectCorner.allCorners.contains(.bottomLeft))
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 20), byRoundingCorners: corners,
                                cornerRadii: CGSize(width: 10, height: 10))
        #expect(!path.contains(CGPoint(x: 1, y: 1)))
        #expect(path.contains(CGPoint(x: 19, y: 1)))
    }

    /// A subclass of UIColor overriding `cgColor` (as an app's brand colour may) is what
    /// `setStroke()` hands to the context: the line comes out in the override's red.
    @Test func aColourSubclassesOverrideIsWhatIsDrawn() throws {
        final class Brand: UIColor, @unchecked Sendable {
            override var cgColor: CGColor { CGColor(red: 1, green: 0, blue: 0, alpha: 1) }
        }
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 5))
        path.addLine(to: CGPoint(x: 40, y: 5))
        path.lineWidth = 2
        #expect(try stroked(path, color: Brand()).pixel(x: 20, y: 5) == 0xFFFF_0000)
    }
}
