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

    /// Keys from a trace, as a hardware keyboard sends them (iOS with a keyboard attached): each
    /// character that a key of a US keyboard types is one press (`UIKey(typing:)`: "A" is Shift-A,
    /// `"\n"` the return key, `"\u{8}"` delete), sent to the first responder (the key window when
    /// there is none) as `pressesBegan(_:with:)`, which by default goes up the responder chain;
    /// if it passes the chain's end unhandled, the key is typed: `insertText` of the character
    /// (`"\n"` for return) or `deleteBackward()` for delete, into the first responder that takes
    /// text (`UIKeyInput`); then the key is released (`pressesEnded(_:with:)`, the same way). A
    /// responder that handles a press without calling super keeps the key from being typed. A
    /// character no key types alone (an emoji, an accented letter) is an input method's text: it
    /// is inserted with no press. Text with no first responder that takes it is dropped, said once
    /// in the console messages.
    func typeKeys(_ text: String, at time: TimeInterval = 0) {
        for character in text {
            guard let key = UIKey(typing: character) else {
                insertTyped(character)
                continue
            }
            let responder = firstResponder ?? keyWindow
            let press = UIPress(key: key, phase: .began, timestamp: time, window: keyWindow, responder: responder)
            let event = UIPressesEvent(timestamp: time, presses: [press])
            if let responder { responder.pressesBegan([press], with: event) } else { press.reachedEndOfChain = true }
            if press.reachedEndOfChain { insertTyped(character) }
            press.storedPhase = .ended
            responder?.pressesEnded([press], with: event)
        }
    }

    /// The text of one key typed, into the first responder that takes text.
    private func insertTyped(_ character: Character) {
        guard let input = firstResponder as? UIKeyInput else {
            reportLayoutIssue("keys typed with no first responder that takes text (a text field to tap first?): dropped")
            return
        }
        if character == "\u{8}" {
            input.deleteBackward()
        } else {
            input.insertText(String(character))
        }
    }

    /// The app's delegate (UIKit's `UIApplicationDelegate`): told of the app's events uisim
    /// models (a memory warning). A delegate that is a responder (UIKit's templates subclass
    /// `UIResponder`) is the app's next responder, the end of every responder chain.
    open weak var delegate: UIApplicationDelegate?

    /// The app delegate when it is a responder, as UIKit's.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// The app's layout direction: left to right (uisim's app runs in English).
    open var userInterfaceLayoutDirection: UIUserInterfaceLayoutDirection { .leftToRight }

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

extension UIApplication {
    /// Key-value coding on the class object, as code that must not name `shared` directly reaches
    /// the app (PanModal: `UIApplication.value(forKeyPath: "shared")`, for app extensions): the
    /// class method the key names, `shared` (or its Objective-C name `sharedApplication`); nil for
    /// any other key (Foundation on Linux has no key-value coding to fall back on).
    public class func value(forKey key: String) -> Any? {
        key == "shared" || key == "sharedApplication" ? shared : nil
    }

    /// `value(forKey:)` of the path's first key; a longer path goes on through what that key gave
    /// only for the app's `keyWindow` and `delegate`.
    public class func value(forKeyPath keyPath: String) -> Any? {
        let keys = keyPath.split(separator: ".").map(String.init)
        guard let first = keys.first, let app = value(forKey: first) as? UIApplication else { return nil }
        var current: Any? = app
        for key in keys.dropFirst() {
            switch (current, key) {
            case (let app as UIApplication, "keyWindow"): current = app.keyWindow
            case (let app as UIApplication, "delegate"): current = app.delegate
            default: return nil
            }
        }
        return current
    }
}
