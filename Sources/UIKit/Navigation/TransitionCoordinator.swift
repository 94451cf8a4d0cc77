import Foundation
import Geometry

/// The controllers of a transition (UIKit's `UITransitionContextViewControllerKey`).
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The views of a transition (UIKit's `UITransitionContextViewKey`).
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What a transition's blocks are told (UIKit's `UIViewControllerTransitionCoordinatorContext`).
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    var containerView: UIView { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
}

/// A transition under way, as the controllers in it see it (UIKit's
/// `UIViewControllerTransitionCoordinator`): `transitionCoordinator` during a push, a pop, a
/// presentation or a dismissal, from the appearance callbacks on.
@preconcurrency @MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` in the transition's animation (at once when it is not animated) and
    /// `completion` when it ends, before the appearing controller's `viewDidAppear`. In an
    /// interactive pop, `animation` runs as the pop finishes on its own after the finger lifts,
    /// not while the finger moves (uisim does not scrub animations), and not when it is cancelled.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
}

extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }
}

/// uisim's coordinator: the blocks kept until the transition's animation runs them.
@MainActor
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    let isAnimated: Bool, isInteractive: Bool
    private(set) var isCancelled = false
    /// The transition's duration (an animator's, once asked).
    var transitionDuration: TimeInterval
    var percentComplete: CGFloat = 0
    let containerView: UIView
    private weak var from: UIViewController?
    private weak var to: UIViewController?
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var ran = false
    private var completed = false

    init(from: UIViewController?, to: UIViewController?, container: UIView, animated: Bool, interactive: Bool, duration: TimeInterval) {
        self.from = from
        self.to = to
        containerView = container
        isAnimated = animated
        isInteractive = interactive
        transitionDuration = animated ? duration : 0
        for controller in [from, to].compactMap({ $0 }) { controller.activeCoordinator = self }
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from?.viewIfLoaded : key == .to ? to?.viewIfLoaded : nil
    }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        guard !completed else { return false }   // over: nothing is kept
        if let animation {
            if ran { animation(self) } else { alongside.append(animation) }
        }
        if let completion { completions.append(completion) }
        return true
    }

    /// Runs the alongside blocks (inside the transition's animation block).
    func runAlongside() {
        ran = true
        let blocks = alongside
        alongside = []
        for block in blocks { block(self) }
    }

    /// The transition ended (or was cancelled): the completion blocks run, the controllers let go.
    func complete(cancelled: Bool) {
        guard !completed else { return }
        completed = true
        isCancelled = cancelled
        percentComplete = cancelled ? 0 : 1
        if !cancelled && !ran { UIView.performWithoutAnimation { runAlongside() } }
        let blocks = completions
        completions = []
        for block in blocks { block(self) }
        for controller in [from, to].compactMap({ $0 }) where controller.activeCoordinator === self { controller.activeCoordinator = nil }
    }
}

