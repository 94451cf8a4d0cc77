// Target–action as Swift 5 code on iOS declares it, after `uisim port` has turned `#selector(m)`
// into `Selector("m", Type.m)`: the overrides real code writes (a recognizer's designated
// initializer, a control's sendAction, canPerformAction, a view's gestureRecognizerShouldBegin)
// compile with the SDK's spelling, and UIKit calls them.
import Foundation
import XCTest
import UIKit

/// A recognizer subclass as libraries write one (PanModal, MessageKit).
final class DirectionalPan: UIPanGestureRecognizer {
    var made = false
    override init(target: Any?, action: Selector?) {
        super.init(target: target, action: action)
        made = true
    }
}

/// A button that logs what it sends, as analytics code overrides it.
final class LoggingButton: UIButton {
    var sent: [String] = []
    override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        sent.append(NSStringFromSelector(action))
        super.sendAction(action, to: target, for: event)
    }
}

/// A view that refuses its own pan when it is scrolled to the top.
final class SheetView: UIView {
    var atTop = true
    override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer is UIPanGestureRecognizer { return !atTop }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}

final class EditorController: UIViewController {
    var saved = 0
    var dragged = 0

    func save(_ sender: Any?) { saved += 1 }
    func drag(_ recognizer: UIPanGestureRecognizer) { dragged += 1 }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        if action == Selector("save:") { return saved < 2 }
        return super.canPerformAction(action, withSender: sender)
    }
}

final class TargetActionDeclarationTests: XCTestCase {
    func testOverridesAreTheOnesUIKitCalls() {
        let controller = EditorController()
        let button = LoggingButton(type: .system)
        button.addTarget(controller, action: Selector("save:", EditorController.save(_:)), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(button.sent, ["save:"])
        XCTAssertEqual(controller.saved, 1)

        let pan = DirectionalPan(target: controller, action: Selector("drag:", EditorController.drag(_:)))
        XCTAssertTrue(pan.made)
        XCTAssertTrue(SheetView().gestureRecognizerShouldBegin(UITapGestureRecognizer()))
        XCTAssertFalse(SheetView().gestureRecognizerShouldBegin(pan))
    }

    func testCanPerformActionDecidesTheChain() {
        let controller = EditorController()
        _ = Selector("save:", EditorController.save(_:))
        XCTAssertTrue(controller.target(forAction: Selector("save:"), withSender: nil) as? EditorController === controller)
        controller.saved = 2
        XCTAssertNil(controller.target(forAction: Selector("save:"), withSender: nil))
    }
}
