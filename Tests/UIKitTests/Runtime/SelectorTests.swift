import Foundation
import Testing
@testable import UIKit

// Selectors and target–action as `uisim port` writes them from `#selector(…)`: the Objective-C
// name, then the method as Swift references it unapplied (`Receiver.tapped(_:)`).

class Receiver: UIResponder {
    var calls: [String] = []
    func refresh() { calls.append("refresh") }
    func tapped(_ sender: UIButton) { calls.append("tapped \(sender.tag)") }
    func changed(_ sender: Any?, event: UIEvent?) { calls.append("changed \(sender == nil ? "nil" : "sender") \(event == nil ? "no event" : "event")") }
    func describe() -> NSString { "receiver" }
    func anything(_ object: Any) { calls.append("anything \(object)") }
    func unusedSender(_ sender: UIButton) { calls.append("unused sender") }
    func unusedOptionalSender(_ sender: UIButton?) { calls.append("unused optional sender") }
}

final class SubReceiver: Receiver {
    override func refresh() { calls.append("sub refresh") }
}

/// A responder at the end of a chain, as a view controller handling a nil-targeted action.
final class ChainEnd: UIResponder {
    var saves = 0
    func save(_ sender: Any?) { saves += 1 }
}

final class ChainView: UIView {
    weak var end: UIResponder?
    override var next: UIResponder? { end ?? super.next }
}

@Suite struct SelectorTests {
    @Test func selectorsAreEqualByNameAndPrintAsIt() {
        let made = Selector("tapped:", Receiver.tapped(_:))
        #expect(made == Selector("tapped:"))
        #expect(made != Selector("tapped"))
        #expect(Set([made, Selector("tapped:"), "refresh"]).count == 2)
        #expect(NSStringFromSelector(made) == "tapped:")
        #expect(NSSelectorFromString("refresh") == Selector("refresh"))
        #expect("\(made)" == "tapped:")
    }

    @Test func respondsToWhatItsClassRegistered() {
        _ = Selector("refresh", Receiver.refresh)
        _ = Selector("changed:event:", Receiver.changed(_:event:))
        let receiver = Receiver()
        #expect(receiver.responds(to: Selector("refresh")))
        #expect(receiver.responds(to: Selector("changed:event:")))
        #expect(SubReceiver().responds(to: Selector("refresh")))      // inherited
        #expect(!receiver.responds(to: Selector("neverRegistered:")))
        #expect(!UIView().responds(to: Selector("refresh")))
        #expect(!receiver.responds(to: nil))
    }

    @Test func aSelectorMadeFromAStringFindsTheOverride() {
        _ = Selector("refresh", Receiver.refresh)
        let sub = SubReceiver()
        sub.perform(Selector("refresh"))
        sub.perform(Selector("refresh", Receiver.refresh))
        #expect(sub.calls == ["sub refresh", "sub refresh"])
    }

    @Test func performPassesArgumentsAndReturnsObjects() {
        let receiver = Receiver()
        receiver.perform(Selector("anything:", Receiver.anything(_:)), with: 7)
        #expect(receiver.calls == ["anything 7"])
        let result = receiver.perform(Selector("describe", Receiver.describe))
        #expect((result?.takeUnretainedValue() as? NSString) == "receiver")
        #expect(receiver.perform(Selector("refresh", Receiver.refresh)) == nil)
    }

    @Test func aSenderOfAnotherClassIsPassedOnAsTheRuntimeDoes() {
        // `tapped(_ sender: UIButton)` used as a gesture's action: Objective-C passes the
        // recognizer; a method that never reads its sender runs.
        let receiver = Receiver()
        receiver.perform(Selector("refresh", Receiver.refresh), with: UITapGestureRecognizer())
        receiver.perform(Selector("unusedSender:", Receiver.unusedSender(_:)), with: UITapGestureRecognizer())
        receiver.perform(Selector("unusedOptionalSender:", Receiver.unusedOptionalSender(_:)), with: UITapGestureRecognizer())
        receiver.perform(Selector("unusedOptionalSender:", Receiver.unusedOptionalSender(_:)), with: nil)
        #expect(receiver.calls == ["refresh", "unused sender", "unused optional sender", "unused optional sender"])
    }

    @Test func anUnrecognizedSelectorIsTheRuntimesCrashNamed() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run { _ = Receiver().perform(Selector("noSuchMethod:"), with: nil) }
        }
    }

    // MARK: Controls

    @Test func aControlSendsItsActionsInOrderWithSenderAndEvent() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let button = UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 40))
        button.tag = 4
        window.addSubview(button)
        let receiver = Receiver()
        var log: [String] = []
        button.addTarget(receiver, action: Selector("tapped:", Receiver.tapped(_:)), for: .touchUpInside)
        button.addAction(UIAction { action in log.append("action from \((action.sender as? UIButton)?.tag ?? -1)") }, for: .touchUpInside)
        button.addTarget(receiver, action: Selector("changed:event:", Receiver.changed(_:event:)), for: [.touchDown, .touchUpInside])
        // The same pair again adds nothing.
        button.addTarget(receiver, action: Selector("tapped:", Receiver.tapped(_:)), for: .touchUpInside)
        let touch = controlTouch(button, at: CGPoint(x: 150, y: 120), window: window)
        let event = UIEvent(timestamp: 0, touches: [touch], coalesced: [:], predicted: [:])
        button.touchesBegan([touch], with: event)
        button.touchesEnded([touch], with: event)
        #expect(receiver.calls == ["changed sender event", "tapped 4", "changed sender event"])
        #expect(log == ["action from 4"])
        // Sent by code, the actions carry no event.
        button.sendActions(for: .touchDown)
        #expect(receiver.calls.last == "changed sender no event")
    }

    @Test func targetsAreListedAndRemovedAsUIKitDoes() {
        let button = UIButton()
        let a = Receiver(), b = Receiver()
        let tapped = Selector("tapped:", Receiver.tapped(_:))
        let refresh = Selector("refresh", Receiver.refresh)
        button.addTarget(a, action: tapped, for: .touchUpInside)
        button.addTarget(a, action: refresh, for: [.touchUpInside, .valueChanged])
        button.addTarget(b, action: refresh, for: .valueChanged)
        button.addTarget(nil, action: Selector("save:"), for: .touchUpInside)
        #expect(button.allTargets.count == 3)
        #expect(button.allTargets.contains { $0.base is NSNull })
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["tapped:", "refresh"])
        #expect(button.actions(forTarget: b, forControlEvent: .touchUpInside) == nil)
        #expect(button.actions(forTarget: nil, forControlEvent: .touchUpInside) == ["save:"])
        #expect(button.allControlEvents == [.touchUpInside, .valueChanged])
        // One event of a pair.
        button.removeTarget(a, action: refresh, for: .valueChanged)
        #expect(button.actions(forTarget: a, forControlEvent: .valueChanged) == nil)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == ["tapped:", "refresh"])
        // Every action of a target.
        button.removeTarget(a, action: nil, for: .allEvents)
        #expect(button.actions(forTarget: a, forControlEvent: .touchUpInside) == nil)
        // Every target.
        button.removeTarget(nil, action: nil, for: .allEvents)
        #expect(button.allTargets.isEmpty && button.allControlEvents == [])
    }

    @Test func aTargetIsNotRetained() {
        let button = UIButton()
        var receiver: Receiver? = Receiver()
        weak let held = receiver
        button.addTarget(receiver, action: Selector("refresh", Receiver.refresh), for: .touchUpInside)
        receiver = nil
        #expect(held == nil)
        button.sendActions(for: .touchUpInside)     // nothing to send to: nothing happens
        #expect(button.allTargets.isEmpty)
    }

    @Test func anActionOfTheSameIdentifierReplacesTheFirst() {
        let button = UIButton()
        var runs: [Int] = []
        let id = UIAction.Identifier("save")
        button.addAction(UIAction(identifier: id) { _ in runs.append(1) }, for: .touchUpInside)
        button.addAction(UIAction(identifier: id) { _ in runs.append(2) }, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(runs == [2])
        button.removeAction(identifiedBy: id, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(runs == [2])
    }

    // MARK: The responder chain

    @Test func aNilTargetGoesUpTheChainToTheFirstResponderThatPerformsIt() {
        _ = Selector("save:", ChainEnd.save(_:))
        let end = ChainEnd()
        let view = ChainView()
        view.end = end
        let button = UIButton()
        view.addSubview(button)
        button.addTarget(nil, action: Selector("save:"), for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        #expect(end.saves == 1)
        #expect(button.target(forAction: Selector("save:"), withSender: nil) as? ChainEnd === end)
        #expect(UIApplication.shared.sendAction(Selector("save:"), to: nil, from: button, for: nil))
        #expect(end.saves == 2)
        // Nobody performs it: false, nothing crashes.
        #expect(!UIApplication.shared.sendAction(Selector("nobodyHasThis:"), to: nil, from: button, for: nil))
    }

    @Test func canPerformActionIsWhatTheChainAsks() {
        final class Refusing: UIResponder {
            func save(_ sender: Any?) {}
            override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { false }
        }
        _ = Selector("save:", Refusing.save(_:))
        #expect(Refusing().responds(to: Selector("save:")))
        #expect(Refusing().target(forAction: Selector("save:"), withSender: nil) == nil)
    }

    // MARK: Gesture recognizers and bar button items

    @Test func aRecognizersTargetsAreAddedOnceAndRemoved() {
        final class Handler: NSObject {
            var log: [String] = []
            func handle(_ recognizer: UIGestureRecognizer) { log.append("handle \(type(of: recognizer))") }
            func plain() { log.append("plain") }
        }
        let handler = Handler()
        let pan = UIPanGestureRecognizer(target: handler, action: Selector("handle:", Handler.handle(_:)))
        pan.addTarget(handler, action: Selector("plain", Handler.plain))
        pan.addTarget(handler, action: Selector("plain", Handler.plain))
        pan.sendActions()
        #expect(handler.log == ["handle UIPanGestureRecognizer", "plain"])
        pan.removeTarget(handler, action: Selector("handle:"))
        pan.sendActions()
        #expect(handler.log.suffix(1) == ["plain"] && handler.log.count == 3)
        pan.removeTarget(nil, action: nil)
        pan.sendActions()
        #expect(handler.log.count == 3)
    }

    @Test func aBarButtonItemSendsItsActionWithItselfAsTheSender() throws {
        final class Controller: UIViewController {
            var sender: Any?
            func done(_ sender: UIBarButtonItem) { self.sender = sender }
        }
        let controller = Controller()
        let item = UIBarButtonItem(barButtonSystemItem: .done, target: controller, action: Selector("done:", Controller.done(_:)))
        #expect(item.title == "Done" && item.style == .done && item.target === controller)
        let button = try #require(item.barView(tint: .systemBlue) as? UIButton)
        button.sendActions(for: .touchUpInside)
        #expect(controller.sender as? UIBarButtonItem === item)
        let titled = UIBarButtonItem(title: "Edit", style: .plain, target: nil, action: Selector("edit:"))
        #expect(titled.title == "Edit" && titled.target == nil && titled.action == Selector("edit:"))
    }

    // MARK: Notifications

    @Test func notificationsReachTheObserversMethodUntilItIsRemoved() {
        final class Observer: NSObject {
            var names: [String] = []
            func keyboardWillShow(_ notification: Notification) { names.append(notification.name.rawValue) }
        }
        let center = NotificationCenter()
        let observer = Observer()
        let sender = NSObject()
        center.addObserver(observer, selector: Selector("keyboardWillShow:", Observer.keyboardWillShow(_:)), name: Notification.Name("A"), object: nil)
        center.addObserver(observer, selector: Selector("keyboardWillShow:", Observer.keyboardWillShow(_:)), name: Notification.Name("B"), object: sender)
        center.post(name: Notification.Name("A"), object: nil)
        center.post(name: Notification.Name("B"), object: NSObject())       // another sender
        center.post(name: Notification.Name("B"), object: sender)
        #expect(observer.names == ["A", "B"])
        center.removeObserver(observer, name: Notification.Name("A"), object: nil)
        center.post(name: Notification.Name("A"), object: nil)
        center.post(name: Notification.Name("B"), object: sender)
        #expect(observer.names == ["A", "B", "B"])
        center.removeObserver(observer)
        center.post(name: Notification.Name("B"), object: sender)
        #expect(observer.names.count == 3)
    }

    @Test func aFreedObserverGetsNothingAndFoundationsTokensStillWork() {
        final class Observer: NSObject {
            static var received = 0
            func note(_ notification: Notification) { Self.received += 1 }
        }
        let center = NotificationCenter()
        var observer: Observer? = Observer()
        center.addObserver(observer!, selector: Selector("note:", Observer.note(_:)), name: Notification.Name("N"), object: nil)
        observer = nil
        center.post(name: Notification.Name("N"), object: nil)
        #expect(Observer.received == 0)
        let blockRuns = Counter()
        let token = center.addObserver(forName: Notification.Name("N"), object: nil, queue: nil) { _ in blockRuns.add() }
        center.post(name: Notification.Name("N"), object: nil)
        center.removeObserver(token)
        center.post(name: Notification.Name("N"), object: nil)
        #expect(blockRuns.value == 1)
    }
}

/// A count a Sendable closure adds to.
nonisolated private final class Counter: @unchecked Sendable {
    // @unchecked: the test posts on its own thread; nothing else touches it.
    var value = 0
    func add() { value += 1 }
}
