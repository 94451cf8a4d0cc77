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
