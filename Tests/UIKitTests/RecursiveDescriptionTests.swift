import Foundation
import Geometry
import Testing
@testable import UIKit

/// `recursiveDescription()` prints a hierarchy as UIKit's debugging method does: a line a view,
/// subviews indented by "   | ", the frame as %g numbers, the properties that differ from a
/// plain view's in the order dumps taken on iOS show them ("text = '…'; clipsToBounds = YES;
/// hidden = YES; alpha = 0.5; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO"),
/// then the layer.
@MainActor
@Suite struct RecursiveDescriptionTests {
    @Test func aHierarchyPrintsAsUIKitsRecursiveDescription() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let label = UILabel(frame: CGRect(x: 16, y: 20, width: 288, height: 61.0 / 3))
        label.text = "Hello"
        let card = UIView(frame: CGRect(x: 16.5, y: 100, width: 358, height: 0.25))
        card.alpha = 0.5
        card.isHidden = true
        card.clipsToBounds = true
        card.tag = 7
        card.autoresizingMask = [.flexibleRightMargin, .flexibleBottomMargin]
        let inner = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        inner.isOpaque = false
        inner.isUserInteractionEnabled = false
        card.addSubview(inner)
        root.addSubview(label)
        root.addSubview(card)
        #expect(root.recursiveDescription() == """
            <UIView: 0x1; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x1>>
               | <UILabel: 0x2; frame = (16 20; 288 20.3333); text = 'Hello'; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2>>
               | <UIView: 0x3; frame = (16.5 100; 358 0.25); clipsToBounds = YES; hidden = YES; alpha = 0.5; autoresize = RM+BM; tag = 7; layer = <CALayer: 0x3>>
               |    | <UIView: 0x4; frame = (1 2; 3 4); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x4>>

            """)
    }
}
