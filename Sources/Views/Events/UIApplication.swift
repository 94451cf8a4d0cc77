import Foundation

/// The app object, as UIKit's `UIApplication`: the end of every responder chain and the owner of
/// the windows. There is one, `UIApplication.shared`; uisim has no app delegate or scenes.
open class UIApplication: UIResponder {
    /// The app.
    public static let shared = UIApplication()

    private final class WeakWindow {
        weak var window: UIWindow?
        init(_ window: UIWindow) { self.window = window }
    }

    private var windowStorage: [WeakWindow] = []

    private override init() {}

    /// The app's visible windows, back to front in the order they were shown.
    public var windows: [UIWindow] {
        windowStorage.compactMap(\.window).filter { !$0.isHidden }
    }

    /// The window that receives keyboard and other non-touch events: the one last made key.
    public private(set) weak var keyWindow: UIWindow?

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

    func windowDidBecomeVisible(_ window: UIWindow) {
        windowStorage.removeAll { $0.window == nil || $0.window === window }
        windowStorage.append(WeakWindow(window))
    }

    func makeKey(_ window: UIWindow) {
        keyWindow = window
    }
}
