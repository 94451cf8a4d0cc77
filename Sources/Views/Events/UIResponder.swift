import Foundation

/// An object that can respond to events, as UIKit's `UIResponder`; the responder chain runs
/// through `next` (view → superview … → window → application).
open class UIResponder {
    public init() {}

    /// The next responder in the chain, or nil at its end.
    open var next: UIResponder? { nil }
}
