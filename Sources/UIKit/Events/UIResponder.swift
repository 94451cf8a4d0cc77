import Foundation

/// An object that can respond to events, as UIKit's `UIResponder`; the responder chain runs
/// through `next` (view → superview … → window → application). The default touch methods pass
/// the touches to the next responder.
@preconcurrency @MainActor
open class UIResponder: NSObject {
    /// The key-value observations of the object's properties (KeyValueObserving.swift); nil
    /// until the first. `nonisolated(unsafe)`: an observation may be removed from any thread
    /// (a deinit), and the observations lock themselves.
    nonisolated(unsafe) final var keyValueObservers: KeyValueObservers?

    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    public override init() { super.init() }

    /// The next responder in the chain, or nil at its end.
    open var next: UIResponder? { nil }

    // MARK: The first responder

    /// Whether the responder can take the keyboard's input (false by default; a text field and
    /// an editable text view can).
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder lets go of first-responder status when asked (true by default).
    open var canResignFirstResponder: Bool { true }

    /// Whether the responder is the app's first responder: the one keys go to.
    open var isFirstResponder: Bool { UIApplication.shared.firstResponder === self }

    /// Makes the responder the first responder: refused (false) when it cannot become one, is
    /// not in a window, or the current one will not resign. A responder that takes text
    /// (`UIKeyInput`) brings the keyboard up (`keyboardWillShowNotification`…).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        let app = UIApplication.shared
        if app.firstResponder === self { return true }
        guard canBecomeFirstResponder, responderWindow != nil else { return false }
        if let current = app.firstResponder {
            // The keyboard stays up while focus moves from one text input to another.
            app.isMovingFirstResponder = true
            defer { app.isMovingFirstResponder = false }
            guard current.canResignFirstResponder, current.resignFirstResponder(), app.firstResponder == nil else {
                app.keyboard.firstResponderChanged(to: app.firstResponder)
                return false
            }
        }
        app.firstResponder = self
        didTakeFocus()
        app.keyboard.firstResponderChanged(to: self)
        return true
    }

    /// Called when the responder has become the first responder, before the keyboard is told
    /// (UIKit calls `textFieldDidBeginEditing` before posting `keyboardWillShowNotification`).
    func didTakeFocus() {}

    /// Gives up first-responder status (the keyboard goes down when nothing else takes text);
    /// true when the responder was not the first responder.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        let app = UIApplication.shared
        guard app.firstResponder === self else { return true }
        app.firstResponder = nil
        if !app.isMovingFirstResponder { app.keyboard.firstResponderChanged(to: nil) }
        return true
    }

    /// The window the responder is in, if any (a view's, a view controller's view's).
    var responderWindow: UIWindow? { nil }

    // MARK: The keyboard's notifications (UIKit's names and user-info keys)

    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The keyboard's frame before and after, in screen coordinates (`NSValue`, `cgRectValue`).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The animation's duration in seconds (`NSNumber`, a `Double`).
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The animation's curve (`NSNumber`, an `Int`: 7, UIKit's keyboard curve).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app (`NSNumber`, a `Bool`: always true here).
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"

    // MARK: Input views

    /// A view shown instead of the system keyboard while this responder is first (nil: the
    /// keyboard). The keyboard's frame in the notifications is its height.
    open var inputView: UIView? { nil }

    /// A view shown above the keyboard while this responder is first; the keyboard's frame in
    /// the notifications includes its height (its frame's, else its intrinsic content size's).
    /// A responder that takes no text but has one (a chat screen's input bar) docks it at the
    /// bottom of the screen while it is first: the "keyboard" is then the accessory alone.
    open var inputAccessoryView: UIView? { nil }

    /// Takes the input views again while the responder is first (a changed accessory height):
    /// the keyboard's frame changes, with UIKit's notifications.
    open func reloadInputViews() {
        let app = UIApplication.shared
        if app.firstResponder === self { app.keyboard.firstResponderChanged(to: self) }
    }

    /// The keyboard language the responder takes text in (UIResponder.h: a text input's mode,
    /// which a subclass may override to ask for another). uisim has one keyboard: its mode (US
    /// English, `UITextInputMode.activeInputModes`' only one) for a responder that takes text
    /// (`UIKeyInput`), nil for others.
    open var textInputMode: UITextInputMode? { self is UIKeyInput ? UITextInputMode.english : nil }

    // MARK: Interface Builder

    /// Called on each object a nib or storyboard made, once every outlet and action of the
    /// document is connected (NSObject's `awakeFromNib` on iOS; `UINib` calls it).
    open func awakeFromNib() {}

    /// What the class declares a document may connect: its `@IBOutlet`s and `@IBAction`s, which the
    /// Objective-C runtime knows by name on iOS (uisim's own). `uisim port` overrides it in each
    /// class with `@IBOutlet`s or `@IBAction`s; a class written by hand overrides it the same way:
    ///
    ///     override class var interfaceBuilderConnections: [UINibConnection] {
    ///         super.interfaceBuilderConnections + [.outlet("titleLabel", \LoginView.titleLabel),
    ///                                              .action(Selector("tapped:", LoginView.tapped(_:)))]
    ///     }
    open class var interfaceBuilderConnections: [UINibConnection] { [] }

    /// Called on a view Interface Builder draws in its canvas; never at run time.
    open func prepareForInterfaceBuilder() {}

    // MARK: Actions (the work is in UIResponder+Actions.swift)

    /// Whether the responder performs `action` (true when it has a method of that name, as
    /// UIKit's default). Subclasses narrow it (a text field enables `copy:` only with a selection).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        responds(to: action)
    }

    /// The responder that performs `action`: this one or the nearest next one that can.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        chainTarget(forAction: action, withSender: sender)
    }

    /// Touches began in this responder (or were passed up to it).
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// The system (or a gesture recognizer) took the touches away.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: Presses (a hardware keyboard's keys; UIPress.swift)

    /// Presses began: sent to the first responder, and by this default up the responder chain
    /// (UIKit: "call super to forward any events that you don't handle yourself"). A press that
    /// passes the end of the chain unhandled is a key typed: its text goes to the first responder
    /// that takes text (`UIKeyInput`); a responder that handles it and does not call super keeps it.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        if let next { next.pressesBegan(presses, with: event) } else { for press in presses { press.reachedEndOfChain = true } }
    }

    /// Presses changed (an analog button's force); forwarded up the chain by default.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Presses ended (keys released); forwarded up the chain by default.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// The system stopped tracking presses; forwarded up the chain by default.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }
}
