import Foundation
import Testing
import Geometry

/// CoreGraphics's `equalTo(_:)` (issue #46), as CGPointEqualToPoint, CGSizeEqualToSize and
/// CGRectEqualToRect compare.
@Suite struct EqualToTests {
    @Test func pointsAndSizesCompareTheirValues() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
        #expect(!CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        #expect(CGSize(width: 3, height: 4).equalTo(CGSize(width: 3, height: 4)))
        #expect(!CGSize(width: -3, height: 4).equalTo(CGSize(width: 3, height: 4)))
    }

    /// A rectangle from (10, 10) 20 × 30 is the one from (30, 40) −20 × −30 (both standardized to
    /// the first); null rectangles equal each other only.
    @Test func rectanglesCompareStandardized() {
        let rect = CGRect(x: 10, y: 10, width: 20, height: 30)
        #expect(rect.equalTo(CGRect(x: 10, y: 10, width: 20, height: 30)))
        #expect(rect.equalTo(CGRect(x: 30, y: 40, width: -20, height: -30)))
        #expect(!rect.equalTo(CGRect(x: 10, y: 10, width: 20, height: 31)))
        #expect(CGRect.null.equalTo(.null) && !CGRect.null.equalTo(.zero) && !CGRect.zero.equalTo(.null))
    }
}
