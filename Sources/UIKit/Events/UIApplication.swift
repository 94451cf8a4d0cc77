import Foundation
import CoreGraphics
import UIFoundation

/// The app object, as UIKit's `UIApplication`: the end of every responder chain and the owner of
/// the windows, the main screen, the gesture recognizers' routing and the app's counters.
/// uisim has no app delegate or scenes, and one app per replay rather than per process (see
/// `withNewApplication(screen:_:)`).
open class UIApplication: UIResponder {
    /// The app: the one current on this thread (a replay's own app while it runs, otherwise the
    /// thread's default app).
    open class var shared: UIApplication {
        UIKitState.current.application
    }

    /// Runs `body` in a new app of its own, on `screen`: while it runs, `UIApplication.shared`,
    /// `UIScreen.main`, the windows, the gesture recognizers' routing, the counters and the
    /// caches are that app's, and nothing another app did before, or does inside `body` (a replay
    /// run from a callback), is seen. Every replay job (`uisim replay`, `Replay.run`) runs in one.
    ///
    /// ```swift
    /// let result = try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
    ///     try Replay(window: makeWindow()).run(trace)
    /// }
    /// ```
    public static func withNewApplication<Result>(screen: UIScreen = UIScreen(model: .iPhone14),
                                                  contentSizeCategory: UIContentSizeCategory = .large,
                                                  userInterfaceStyle: UIUserInterfaceStyle = .light,
                                                  _ body: () throws -> Result) rethrows -> Result {
        let environment = AppEnvironment()
        environment.contentSizeCategory = contentSizeCategory
        environment.userInterfaceStyle = userInterfaceStyle == .unspecified ? .light : userInterfaceStyle
        return try environment.makeCurrent {
            UIScreen.main = screen
            return try body()
        }
    }

    /// The user's preferred text size (Dynamic Type), which `UIFont.preferredFont(forTextStyle:)`
    /// follows: large unless the app was made at another (`--content-size`).
    open var preferredContentSizeCategory: UIContentSizeCategory { AppEnvironment.current.contentSizeCategory }

    /// The main screen (`UIScreen.main`).
    var screen = UIScreen(model: .iPhone14)

    /// What Auto Layout logged, as UIKit logs it to the console (unsatisfiable constraints, a
    /// constraint without a common ancestor), in order, each message once.
    public var layoutIssues: [String] { environment.issues }

    func reportLayoutIssue(_ message: String) {
        environment.reportIssue(message)
    }
    /// What the app posted with `UIAccessibility.post(notification:argument:)`.
    var accessibilityPosts: [(UIAccessibility.Notification, String?)] = []

    /// The responder keys go to (`becomeFirstResponder()`), if any.
    weak var firstResponder: UIResponder?
    /// Takes first-responder status from whoever has it, asking no one (a first responder that
    /// left its window and refused to resign): the keyboard goes down.
    func forceResign() {
        firstResponder = nil
        keyboard.firstResponderChanged(to: nil)
    }

    /// Whether `becomeFirstResponder()` is asking the current first responder to resign.
    var isMovingFirstResponder = false
    /// The keyboard: up while a responder that takes text is the first responder.
    private(set) lazy var keyboard = Keyboard()

    /// Keys from a trace reach the first responder as the keyboard sends them: one `insertText`
    /// per character, `"\n"` as the return key's `insertText("\n")`, `"\u{8}"` as
    /// `deleteBackward()`. With no first responder that takes text, they are dropped, said once
    /// in the console messages.
    func typeKeys(_ text: String) {
        guard let input = firstResponder as? UIKeyInput else {
            reportLayoutIssue("keys typed with no first responder that takes text (a text field to tap first?): dropped")
            return
        }
        for character in text {
            if character == "\u{8}" {
                input.deleteBackward()
            } else {
                input.insertText(String(character))
            }
        }
    }

    /// The system's appearance switched (a trace's `appearance` line, as a user switches in
    /// Control Center): every window's views resolve their colours again under the new traits,
    /// redraw what draws, and hear `traitCollectionDidChange(_:)` (counted: `trait_changes`).
    func switchAppearance(to style: UIUserInterfaceStyle) {
        let app = AppEnvironment.current
        guard app.userInterfaceStyle != style else { return }
        // Each view's last style is taken lazily: take it under the old appearance first.
        for window in windowStorage.compactMap(\.window) { window.forEachInSubtree { _ = $0.lastStyle } }
        app.userInterfaceStyle = style
        for window in windowStorage.compactMap(\.window) { window.traitsMayHaveChanged() }
    }

    /// Routes the app's touches to gesture recognizers and views.
    let gestureEnvironment = GestureEnvironment()

    private final class WeakWindow {
        weak var window: UIWindow?
        init(_ window: UIWindow) { self.window = window }
    }

    private var windowStorage: [WeakWindow] = []

    /// The app whose state this is (unowned: the environment holds the application).
    private unowned let environment: AppEnvironment

    init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The app's visible windows, back to front in the order they were shown.
    open var windows: [UIWindow] {
        windowStorage.compactMap(\.window).filter { !$0.isHidden }
    }

    /// The window that receives keyboard and other non-touch events: the one last made key.
    open private(set) weak var keyWindow: UIWindow?

    /// The status bar's style in the key window, as its controllers ask (deprecated in iOS 13 for
    /// the window scene's status bar manager). Setting it does nothing, as on iOS with the
    /// view-controller-based status bar (the default since iOS 7).
    open var statusBarStyle: UIStatusBarStyle {
        get { keyWindow?.statusBar.style ?? .default }
        set {}
    }
    /// Whether the key window's controllers hide the status bar; setting it does nothing, as above.
    open var isStatusBarHidden: Bool {
        get { keyWindow?.statusBar.hidden ?? false }
        set {}
    }

    /// Dispatches an event to the windows of its touches (each window once, in the order of
    /// its first touch), which route it to gesture recognizers and views.
    open func sendEvent(_ event: UIEvent) {
        var sent: [UIWindow] = []
        for touch in event.orderedTouches {
            guard let window = touch.window, !sent.contains(where: { $0 === window }) else { continue }
            sent.append(window)
            window.sendEvent(event)
        }
    }

    /// Sends `action` to `target`, or with a nil target to the first responder (the sender
    /// when there is none) and up the responder chain to the first responder that can perform
    /// it; false when none can. A target without the method is the runtime's "unrecognized
    /// selector" crash. (The work is in UIResponder+Actions.swift.)
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        deliver(action, to: target, from: sender, for: event)
    }

    func windowDidBecomeVisible(_ window: UIWindow) {
        windowStorage.removeAll { $0.window == nil || $0.window === window }
        windowStorage.append(WeakWindow(window))
    }

    func makeKey(_ window: UIWindow) {
        keyWindow = window
    }
}
