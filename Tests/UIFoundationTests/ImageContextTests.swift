import Foundation
import Testing
@testable import CoreGraphics
@testable import UIFoundation

/// UIKit's bitmap image context before iOS 10 (UIGraphicsBeginImageContextWithOptions), which
/// libraries still call: what is drawn between begin and end is the image, at the scale asked
/// (0: the screen's), and contexts nest.
@Suite struct ImageContextTests {
    @Test func drawnPixelsAreTheImageAtItsScale() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 5), false, 2)
            let context = try #require(UIGraphicsGetCurrentContext())
            context.setFillColor(UIColor.red.cgColor)
            context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))          // the left half
            let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetCurrentContext() == nil)
            // 10 × 5 points at 2×: 20 × 10 pixels; red on the left, clear on the right.
            #expect(image.size == CGSize(width: 10, height: 5) && image.scale == 2)
            let cg = try #require(image.cgImage)
            #expect(cg.width == 20 && cg.height == 10)
            #expect(cg.pixel(x: 9, y: 9) == 0xFFFF_0000 && cg.pixel(x: 10, y: 0) == 0)
        }
    }

    @Test func scaleZeroIsTheScreensAndOpaqueStartsBlack() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), true, 0)
            let image = try #require(UIGraphicsGetImageFromCurrentImageContext())
            UIGraphicsEndImageContext()
            #expect(image.scale == app.screenScale)
            #expect(image.cgImage?.pixel(x: 0, y: 0) == 0xFF00_0000)
        }
    }

    @Test func contextsNestAndAnEndWithoutABeginDoesNothing() throws {
        let app = AppEnvironment()
        try app.makeCurrent {
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
            UIGraphicsBeginImageContext(CGSize(width: 2, height: 2))
            let outer = UIGraphicsGetCurrentContext()
            UIGraphicsBeginImageContext(CGSize(width: 3, height: 3))
            #expect(UIGraphicsGetImageFromCurrentImageContext()?.size == CGSize(width: 3, height: 3))
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetCurrentContext() === outer)
            #expect(UIGraphicsGetImageFromCurrentImageContext()?.scale == 1)
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetCurrentContext() == nil)
        }
    }
}
