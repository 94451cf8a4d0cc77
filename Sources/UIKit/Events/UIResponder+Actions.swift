import Foundation

// Actions by selector through the responder chain, as UIKit sends them: a control, a bar button
// item or code sends an action to a target, or to nil: then to the first responder (or, with
// none, the sender), and on to each next responder, until one can perform it. The overridable
// members are declared in the classes' bodies (UIResponder, UIApplication); their work is here.

extension UIResponder {
    /// The responder, from this one up the chain, that performs `action`.
    func chainTarget(forAction action: Selector, withSender sender: Any?) -> UIResponder? {
        var responder: UIResponder? = self
        while let current = responder {
            if current.canPerformAction(action, withSender: sender) { return current }
            responder = current.next
        }
        return nil
    }
}

extension UIApplication {
    /// `sendAction(_:to:from:for:)`'s work: a method with one argument gets the sender, with two
    /// the sender and the event.
    func deliver(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let receiver: AnyObject
        if let target {
            receiver = target as AnyObject
        } else {
            let start = firstResponder ?? (sender as? UIResponder)
            guard let found = start?.chainTarget(forAction: action, withSender: sender) else { return false }
            receiver = found
        }
        NSObject.send(action, to: receiver, arguments: [sender, event])
        return true
    }
}

/// A target–action pair as a control or a gesture recognizer keeps it: the target not retained
/// (UIKit does not retain targets); a nil target sends the action up the responder chain.
struct TargetAction {
    private(set) weak var target: AnyObject?
    /// Whether the target was nil when added.
    let targetIsNil: Bool
    let action: Selector

    init(_ target: AnyObject?, _ action: Selector) {
        self.target = target
        self.targetIsNil = target == nil
        self.action = action
    }

    /// Whether the target has been freed since it was added.
    var isGone: Bool { !targetIsNil && target == nil }

    /// Whether this is the pair of `target` (nil: the nil target) and `action`.
    func isPair(_ target: AnyObject?, _ action: Selector) -> Bool {
        self.action == action && (target == nil ? targetIsNil : self.target === target)
    }

    /// Whether `removeTarget(_:action:)` removes it: a nil target stands for every target, a nil
    /// action for every action.
    func isRemoved(byTarget target: AnyObject?, action: Selector?) -> Bool {
        (target == nil || self.target === target) && (action == nil || self.action == action)
    }
}
