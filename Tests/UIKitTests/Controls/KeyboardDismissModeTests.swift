import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// `UIScrollView.keyboardDismissMode` through a replay: a text field in a scroll view takes the
/// keyboard, then a drag; `.onDrag` dismisses it as the drag begins, `.interactive` only when the
/// finger lets go over the keyboard moving down, `.none` never.
@Suite struct KeyboardDismissModeTests {
    /// Whether the field still has the keyboard after `drag` on a scroll view of `mode`.
    func keyboardStaysUp(_ mode: UIScrollView.KeyboardDismissMode, drag: (from: CGFloat, to: CGFloat)) throws -> Bool {
        let window = makeWindow()
        let scroll = UIScrollView(frame: window.bounds)
        scroll.contentSize = CGSize(width: 390, height: 3000)
        scroll.keyboardDismissMode = mode
        let field = UITextField(frame: CGRect(x: 20, y: 120, width: 300, height: 40))
        scroll.addSubview(field)
        window.addSubview(scroll)
        window.makeKeyAndVisible()
        #expect(field.becomeFirstResponder())
        var trace = Trace()
        trace.drag(1, from: CGPoint(x: 200, y: drag.from), to: CGPoint(x: 200, y: drag.to), time: 0.1, duration: 0.3)
        _ = try Replay(window: window, clock: VirtualClock()).run(trace)
        return field.isFirstResponder
    }

    @Test func onDragDismissesAsTheDragBegins() throws {
        #expect(try !keyboardStaysUp(.onDrag, drag: (from: 400, to: 200)))
        #expect(try keyboardStaysUp(.none, drag: (from: 400, to: 200)))
    }

    /// The keyboard of an iPhone 14 is 336 pt tall: its top at 844 − 336 = 508.
    @Test func interactiveDismissesOnlyWhenReleasedOverTheKeyboardMovingDown() throws {
        #expect(UIScreen.Model.iPhone14.keyboardHeight == 336)
        #expect(try keyboardStaysUp(.interactive, drag: (from: 450, to: 150)))     // up: stays
        #expect(try keyboardStaysUp(.interactive, drag: (from: 150, to: 450)))     // down, above the keyboard
        #expect(try !keyboardStaysUp(.interactive, drag: (from: 200, to: 650)))    // down onto it: goes
    }
}
