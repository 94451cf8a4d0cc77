import Foundation
import Geometry
import RunLoop

/// The methods a gesture recognizer's delegate can implement, as UIKit's
/// `UIGestureRecognizerDelegate`. Every method has a default (UIKit's), so a delegate implements
/// only what it needs (Objective-C's optional methods have no Swift counterpart on Linux).
@preconcurrency @MainActor
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `.possible` (begin or recognize). Default true.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Whether the two recognizers may recognize at the same time. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool
    /// Whether `gestureRecognizer` must wait for `other` to fail. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool
    /// Whether `other` must wait for `gestureRecognizer` to fail. Default false.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool
    /// Whether the recognizer receives `touch` at all. Default true.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
}

/// Recognizes a gesture from touches, as UIKit's `UIGestureRecognizer`, with UIKit's state
/// machine: `.possible` → `.began` → `.changed`… → `.ended`/`.cancelled` for continuous gestures,
/// `.possible` → `.recognized` (= `.ended`) for discrete ones, `.possible` → `.failed` otherwise.
///
/// Subclasses set `state` from their touch methods, as with `UIGestureRecognizerSubclass`.
/// Its actions are target–action pairs (`init(target:action:)`, `addTarget(_:action:)`, the
/// selector given the recognizer when it takes an argument), or closures (`init(action:)`,
/// `addTarget(_:)`), run in the order they were added.
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
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

    /// The states of a gesture recognizer.
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized: the same as `.ended`.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    /// The delegate; weak, as in UIKit.
    open weak var delegate: UIGestureRecognizerDelegate?
    /// Whether the recognizer receives touches. Setting false while active cancels it.
    open var isEnabled = true {
        willSet { keyValueWillChange("enabled") }
        didSet {
            if !isEnabled && (storedState == .began || storedState == .changed) { state = .cancelled }
            keyValueDidChange("enabled")
        }
    }
    /// Whether recognizing cancels the touches in the view (they get `touchesCancelled`). Default true.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` waits until this recognizer fails. Default false.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits until this recognizer fails (and becomes
    /// `touchesCancelled` if it recognizes). Default true.
    open var delaysTouchesEnded = true
    /// A name for debugging.
    open var name: String?

    private var storedState: State = .possible
    /// A begin/recognize held back until the recognizers this one requires to fail have failed.
    var pendingState: State?
    private var actions: [GestureAction] = []
    var failureRequirements: [WeakRecognizer] = []
    /// The touches being tracked, in the order they arrived.
    var trackedTouches: [UITouch] = []
    /// Every touch since the last reset, ended ones included (a double tap's first tap).
    var sequenceTouches: [UITouch] = []
    /// A subclass sets this while it waits for more touches after the current ones ended
    /// (a double tap between its taps), so it is not failed when its touches end.
    var isAwaitingMoreTouches = false

    struct WeakRecognizer {
        weak var recognizer: UIGestureRecognizer?
    }

    /// A recognizer that sends `action` to `target` on every state change UIKit reports (began,
    /// changed, ended/recognized, cancelled); the target is not retained.
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer with a closure called on every state change that UIKit reports.
    public convenience init(action: ((UIGestureRecognizer) -> Void)? = nil) {
        self.init(target: nil, action: nil)
        if let action { actions.append(.closure(action)) }
    }

    /// Adds a target–action pair (once: adding it again changes nothing).
    open func addTarget(_ target: Any, action: Selector) {
        let object = target as AnyObject
        guard !actions.contains(where: { $0.pair?.isPair(object, action) == true }) else { return }
        actions.append(.target(TargetAction(object, action)))
    }

    /// Removes `action` (nil: every action) of `target` (nil: every target).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        actions.removeAll { $0.pair?.isRemoved(byTarget: object, action: action) == true }
    }

    /// Adds a closure action (uisim's closure form of `addTarget(_:action:)`).
    public func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(.closure(action))
    }

    /// Removes every action.
    package func removeAllTargets() {
        actions.removeAll()
    }

    /// Runs the actions, in the order they were added: a selector with an argument gets the
    /// recognizer; a target that has been freed is skipped.
    func sendActions() {
        for action in actions {
            switch action {
            case .closure(let body):
                body(self)
            case .target(let pair):
                guard let target = pair.target else { continue }
                NSObject.send(pair.action, to: target, arguments: [self])
            }
        }
    }

    /// The recognizer's state. Subclasses set it; the transitions UIKit forbids are ignored
    /// (and assert in debug builds).
    open var state: State {
        get { storedState }
        set { GestureEnvironment.shared.request(newValue, for: self) }
    }

    func setStateDirectly(_ state: State) {
        keyValueWillChange("state")
        storedState = state
        keyValueDidChange("state")
    }

    /// Makes this recognizer wait until `other` fails before it begins or recognizes.
    open func require(toFail other: UIGestureRecognizer) {
        failureRequirements.append(WeakRecognizer(recognizer: other))
    }

    /// How many touches the recognizer is tracking.
    open var numberOfTouches: Int { trackedTouches.count }

    /// The centroid of the recognizer's touches in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        guard !trackedTouches.isEmpty else {
            guard let last = lastLocation else { return .zero }
            guard let view, let window = last.window.window, view !== window else { return last.point }
            return view.convert(last.point, from: window)
        }
        return centroid(trackedTouches.map { $0.location(in: view) })
    }

    /// The location of the recognizer's `index`-th touch in `view`'s coordinates.
    open func location(ofTouch index: Int, in view: UIView?) -> CGPoint {
        trackedTouches[index].location(in: view)
    }

    /// Where the touches of the last sequence were (window coordinates), kept for
    /// `location(in:)` after they ended. Not the touches themselves: a touch keeps its view, which
    /// keeps its recognizers.
    var lastLocation: (point: CGPoint, window: WeakWindow)?

    struct WeakWindow {
        weak var window: UIWindow?
    }

    // MARK: Subclass hooks (UIGestureRecognizerSubclass)

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
    }

    /// Returns the recognizer to `.possible` after a gesture; subclasses clear their own state
    /// and call super.
    open func reset() {}

    /// Called by subclasses that wait on a timer, for the loop running the app.
    var runLoop: EventRunLoop? { EventRunLoop.current }
}

extension UIView {
    /// Attaches `gestureRecognizer`; it receives the touches of this view and its subviews.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizer.view = self
        attachedRecognizers = (attachedRecognizers ?? []) + [gestureRecognizer]
    }

    /// Detaches `gestureRecognizer`.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        attachedRecognizers?.removeAll { $0 === gestureRecognizer }
        if attachedRecognizers?.isEmpty == true { attachedRecognizers = nil }
        gestureRecognizer.view = nil
    }
}

/// One of a recognizer's actions.
private enum GestureAction {
    case closure((UIGestureRecognizer) -> Void)
    case target(TargetAction)

    /// The target–action pair, when the action is one.
    var pair: TargetAction? {
        if case .target(let pair) = self { pair } else { nil }
    }
}
