import Foundation
import Geometry
import Testing
import UIKit

/// Superview 200 × 100 grows to 300 × 150. The subview at (10, 20, 100, 30) has margins
/// left 10 / right 90 and top 20 / bottom 50. Expected frames worked out by hand: the change
/// (+100 wide, +50 high) is shared among the flexible parts in proportion to their sizes.
@Suite struct AutoresizingTests {
    typealias Mask = UIView.AutoresizingMask

    nonisolated static let table: [(Mask, CGRect)] = [
        ([], CGRect(x: 10, y: 20, width: 100, height: 30)),
        (.flexibleWidth, CGRect(x: 10, y: 20, width: 200, height: 30)),
        (.flexibleLeftMargin, CGRect(x: 110, y: 20, width: 100, height: 30)),
        (.flexibleRightMargin, CGRect(x: 10, y: 20, width: 100, height: 30)),
        // the example: 10 + 100·10/200 = 15, 100 + 100·100/200 = 150
        ([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], CGRect(x: 15, y: 20, width: 150, height: 30)),
        // margins 10 and 90 share 100: left gets 10
        ([.flexibleLeftMargin, .flexibleRightMargin], CGRect(x: 20, y: 20, width: 100, height: 30)),
        // left 10 and width 100 share 100: 10 + 1000/110, 100 + 10000/110
        ([.flexibleLeftMargin, .flexibleWidth], CGRect(x: 10 + 1000 / 110.0, y: 20, width: 100 + 10000 / 110.0, height: 30)),
        // width 100 and right 90 share 100
        ([.flexibleWidth, .flexibleRightMargin], CGRect(x: 10, y: 20, width: 100 + 10000 / 190.0, height: 30)),
        (.flexibleHeight, CGRect(x: 10, y: 20, width: 100, height: 80)),
        (.flexibleTopMargin, CGRect(x: 10, y: 70, width: 100, height: 30)),
        // top 20 and bottom 50 share 50: top gets 50·20/70
        ([.flexibleTopMargin, .flexibleBottomMargin], CGRect(x: 10, y: 20 + 1000 / 70.0, width: 100, height: 30)),
        // 20 + 30 + 50 = 100 share 50: top +10, height +15
        ([.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin], CGRect(x: 10, y: 30, width: 100, height: 45)),
        ([.flexibleWidth, .flexibleHeight], CGRect(x: 10, y: 20, width: 200, height: 80)),
    ]

    @Test(arguments: table.indices)
    func maskFollowsTheSuperview(_ row: Int) {
        let (mask, expected) = Self.table[row]
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        subview.autoresizingMask = mask
        superview.addSubview(subview)
        superview.frame = CGRect(x: 0, y: 0, width: 300, height: 150)
        #expect(subview.frame.isApproximatelyEqual(to: expected, tolerance: 1e-9), "mask \(mask.rawValue)")
    }

    @Test func shrinkingWorksTheOtherWay() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        subview.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        superview.addSubview(subview)
        superview.bounds.size.width = 100
        #expect(subview.frame.isApproximatelyEqual(to: CGRect(x: 5, y: 20, width: 50, height: 30), tolerance: 1e-9))
    }

    @Test func zeroSizedFlexiblePartsShareEqually() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let dot = UIView(frame: CGRect(x: 0, y: 0, width: 0, height: 0))
        dot.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth]
        superview.addSubview(dot)
        superview.bounds.size = CGSize(width: 200, height: 100)
        // left 0, width 0: +100 split in two. The right margin was 100 and was not flexible.
        #expect(dot.frame == CGRect(x: 50, y: 0, width: 50, height: 0))
    }

    @Test func onlyASizeChangeAutoresizes() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        subview.autoresizingMask = [.flexibleWidth, .flexibleLeftMargin]
        superview.addSubview(subview)
        superview.center = CGPoint(x: 500, y: 500)
        superview.bounds.origin = CGPoint(x: 40, y: 40)
        #expect(subview.frame == CGRect(x: 10, y: 20, width: 100, height: 30))
    }

    @Test func autoresizesSubviewsFalseStopsIt() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        superview.autoresizesSubviews = false
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        subview.autoresizingMask = .flexibleWidth
        superview.addSubview(subview)
        superview.frame.size.width = 300
        #expect(subview.frame.width == 100)
    }

    @Test func changesCascadeDownTheTree() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let middle = UIView(frame: root.bounds)
        middle.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let leaf = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        leaf.autoresizingMask = .flexibleLeftMargin
        root.addSubview(middle)
        middle.addSubview(leaf)
        root.frame.size = CGSize(width: 400, height: 100)
        #expect(middle.frame == CGRect(x: 0, y: 0, width: 400, height: 100))
        #expect(leaf.frame == CGRect(x: 200, y: 0, width: 50, height: 50))
    }

    @Test func aTransformIsKeptAndTheUntransformedFrameChanges() {
        let superview = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let subview = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 30))
        subview.transform = CGAffineTransform(rotationAngle: .pi / 2)
        subview.autoresizingMask = .flexibleWidth
        superview.addSubview(subview)
        superview.bounds.size.width = 300
        #expect(subview.bounds.size == CGSize(width: 200, height: 30))
        #expect(subview.center == CGPoint(x: 110, y: 35))
        #expect(subview.transform == CGAffineTransform(rotationAngle: .pi / 2))
    }
}
