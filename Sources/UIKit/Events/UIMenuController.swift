import Foundation
import Geometry

/// A command of the edit menu, as UIKit's `UIMenuItem`: a title and the action sent up the
/// responder chain when it is chosen.
@preconcurrency @MainActor
open class UIMenuItem: NSObject {
    open var title: String
    open var action: Selector

    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
        super.init()
    }
}

/// The edit menu, as UIKit's `UIMenuController` (deprecated in iOS 16 for `UIEditMenuInteraction`,
/// still used by most large apps): shown over a rectangle of a view with the standard edit
/// commands and the app's `menuItems` that the responder chain can perform, as UIKit asks each
/// of the first responder's `canPerformAction(_:withSender:)` (through
/// `target(forAction:withSender:)`, the menu controller the sender). A menu with no command the
/// chain performs is not shown. Showing and hiding post UIKit's four notifications, the menu
/// controller their object. One per app: `shared` is the current app's, as
/// `UIApplication.shared` is. uisim does not draw the menu (it is UIKit's own window).
@preconcurrency @MainActor
open class UIMenuController: NSObject {
    /// Where the menu's arrow points (UIKit's `UIMenuController.ArrowDirection`).
    public enum ArrowDirection: Int, Sendable {
        case `default`, up, down, left, right
    }

    nonisolated public static let willShowMenuNotification = Notification.Name("UIMenuControllerWillShowMenuNotification")
    nonisolated public static let didShowMenuNotification = Notification.Name("UIMenuControllerDidShowMenuNotification")
    nonisolated public static let willHideMenuNotification = Notification.Name("UIMenuControllerWillHideMenuNotification")
    nonisolated public static let didHideMenuNotification = Notification.Name("UIMenuControllerDidHideMenuNotification")
    nonisolated public static let menuFrameDidChangeNotification = Notification.Name("UIMenuControllerMenuFrameDidChangeNotification")

    /// The standard edit commands the menu offers before the app's (UIKit's order).
    package static let standardActions: [Selector] = [
        "cut:", "copy:", "paste:", "delete:", "select:", "selectAll:",
    ]

    /// The current app's menu controller.
    open class var shared: UIMenuController {
        UIKitState.current.menuController
    }

    public override init() {
        super.init()
    }

    /// The app's own commands, after the standard ones (each shown when the responder chain can
    /// perform its action).
    open var menuItems: [UIMenuItem]?
    /// Where the arrow points (default: above or below the target, as fits).
    open var arrowDirection: UIMenuController.ArrowDirection = .default

    /// The view and rectangle (in its coordinates) the menu points at.
    private weak var targetView: UIView?
    private var targetRect = CGRect.null
    private var visible = false
    /// The commands shown, in order: what the responder chain could perform when the menu was
    /// shown or last updated.
    package private(set) var shownActions: [Selector] = []

    /// Whether the menu is shown. Setting it shows (over the target set by `setTargetRect(_:in:)`)
    /// or hides it.
    open var isMenuVisible: Bool {
        get { visible }
        set { setMenuVisible(newValue, animated: false) }
    }

    @available(iOS, introduced: 3.0, deprecated: 13.0, message: "Use showMenuFromView:rect: or hideMenuFromView: instead.")
    open func setMenuVisible(_ menuVisible: Bool) {
        setMenuVisible(menuVisible, animated: false)
    }

    /// Shows or hides the menu (uisim does not animate it).
    @available(iOS, introduced: 3.0, deprecated: 13.0, message: "Use showMenuFromView:rect: or hideMenuFromView: instead.")
    open func setMenuVisible(_ menuVisible: Bool, animated: Bool) {
        if menuVisible { show() } else { hide() }
    }

    /// The rectangle of `targetView` the menu will point at.
    @available(iOS, introduced: 3.0, deprecated: 13.0, message: "Use showMenuFromView:rect: instead.")
    open func setTargetRect(_ targetRect: CGRect, in targetView: UIView) {
        self.targetRect = targetRect
        self.targetView = targetView
    }

    /// Shows the menu pointing at `targetRect` of `targetView`.
    open func showMenu(from targetView: UIView, rect targetRect: CGRect) {
        self.targetRect = targetRect
        self.targetView = targetView
        show()
    }

    /// Hides the menu if it points at `targetView`.
    open func hideMenu(from targetView: UIView) {
        guard self.targetView == nil || self.targetView === targetView else { return }
        hide()
    }

    /// Hides the menu.
    open func hideMenu() {
        hide()
    }

    /// Asks the responder chain again which commands it performs (after the app changed what it
    /// can do); a shown menu keeps showing, with those.
    open func update() {
        shownActions = performableActions()
    }

    /// The menu's frame in screen coordinates: uisim draws no menu, so it is where the target
    /// rectangle is while shown, empty otherwise.
    open var menuFrame: CGRect {
        guard visible, let targetView, let window = targetView.window else { return .zero }
        return window.convert(targetRect, from: targetView)
    }

    /// A tap on the command for `action` (uisim draws no menu to tap): the menu hides and the
    /// action goes up the responder chain from the first responder, the menu controller its sender.
    package func choose(_ action: Selector) {
        guard visible, shownActions.contains(action) else { return }
        hide()
        _ = UIApplication.shared.sendAction(action, to: nil, from: self, for: nil)
    }

    private func show() {
        guard targetView != nil else { return }
        let actions = performableActions()
        guard !actions.isEmpty else { return }
        shownActions = actions
        guard !visible else { return }
        NotificationCenter.default.post(name: Self.willShowMenuNotification, object: self)
        visible = true
        NotificationCenter.default.post(name: Self.didShowMenuNotification, object: self)
    }

    private func hide() {
        guard visible else { return }
        NotificationCenter.default.post(name: Self.willHideMenuNotification, object: self)
        visible = false
        shownActions = []
        NotificationCenter.default.post(name: Self.didHideMenuNotification, object: self)
    }

    /// The standard commands, then the app's, that the first responder (or a responder after it)
    /// can perform, each asked once.
    private func performableActions() -> [Selector] {
        guard let responder = UIApplication.shared.firstResponder else { return [] }
        let candidates = Self.standardActions + (menuItems ?? []).map(\.action)
        var seen = Set<Selector>()
        return candidates.filter { action in
            seen.insert(action).inserted && responder.target(forAction: action, withSender: self) != nil
        }
    }
}
