import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a bar shows for an item (UIKit's `UIBarItem`): a title, an image, whether it is enabled.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    open var title: String? { didSet { changed() } }
    open var image: UIImage? { didSet { changed() } }
    open var isEnabled = true { didSet { changed() } }
    open var tag = 0

    public override init() { super.init() }

    /// The bar showing the item, told when it changes.
    weak var bar: BarItemsHost?
    func changed() { bar?.itemsDidChange() }
}

/// A bar that shows bar items (a navigation bar, a toolbar): remade when one changes.
@MainActor
protocol BarItemsHost: AnyObject {
    func itemsDidChange()
}

/// A button in a navigation bar or a toolbar (UIKit's `UIBarButtonItem`): a tap runs its
/// `primaryAction`, or else sends its `action` to its `target` (nil: up the responder chain)
/// with the item as the sender.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// UIKit's raw values (UIBarButtonItem.h): 1 was the deprecated `.bordered`.
    public enum Style: Int, Sendable { case plain = 0, done = 2 }

    /// UIKit's system items; each shows its title (uisim draws no symbols for the image ones: they
    /// show their name, as a title).
    public enum SystemItem: Int, Sendable {
        case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize, bookmarks, search,
             refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        var title: String {
            switch self {
            case .done: "Done"
            case .cancel: "Cancel"
            case .edit: "Edit"
            case .save: "Save"
            case .undo: "Undo"
            case .redo: "Redo"
            case .close: "Close"
            case .flexibleSpace, .fixedSpace: ""
            default: "\(self)"
            }
        }
    }

    open var style = Style.plain { didSet { changed() } }
    /// Runs when the item is tapped.
    open var primaryAction: UIAction? { didSet { changed() } }
    /// A menu the item shows (kept: uisim does not show menus yet).
    open var menu: UIMenu?
    /// A view shown instead of a button.
    open var customView: UIView? { didSet { changed() } }
    /// The item's width (0: its content's).
    open var width: CGFloat = 0 { didSet { changed() } }
    /// The system item it was made as.
    package private(set) var systemItem: SystemItem?

    public override init() { super.init() }

    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
        self.menu = menu
    }

    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
        self.init()
        self.systemItem = systemItem
        title = systemItem.title
        style = systemItem == .done || systemItem == .save ? .done : .plain
        self.primaryAction = primaryAction
        self.menu = menu
    }

    /// The object the item's action is sent to (not retained; nil: the responder chain).
    open weak var target: AnyObject?
    /// The action a tap sends when the item has no primary action.
    open var action: Selector?

    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(title: title, image: nil, style: style, target: target, action: action)
    }

    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init(title: nil, image: image, style: style, target: target, action: action)
    }

    private convenience init(title: String?, image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.image = image
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(systemItem: systemItem)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A flexible space (UIKit's `flexibleSpace()`).
    open class func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }
    /// A fixed space of `width` points.
    open class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }
}

extension UIBarButtonItem {
    /// The view a bar shows for the item: its custom view, or a button titled in `tint`
    /// (semibold for `.done`), enabled as the item is, running its primary action when tapped.
    func barView(tint: UIColor) -> UIView {
        if let customView { return customView }
        let button = Self.barButton(title: title ?? "", done: style == .done, tint: tint)
        button.isEnabled = isEnabled
        if let primaryAction {
            button.addAction(primaryAction, for: .touchUpInside)
        } else {
            // The action as it is when tapped (a document connects it after the bar made its button).
            button.addAction(UIAction { [weak self] _ in
                guard let self else { return }
                if let primary = self.primaryAction {
                    primary.handler(primary)
                } else if let action = self.action {
                    UIApplication.shared.sendAction(action, to: self.target, from: self, for: nil)
                }
            }, for: .touchUpInside)
        }
        return button
    }

    /// A bar's button: its title 17 pt in `tint`, semibold when `done`.
    static func barButton(title: String, done: Bool, tint: UIColor) -> UIButton {
        let button = UIButton(frame: .zero)
        button.setTitle(title, for: .normal)
        button.setTitleColor(tint, for: .normal)
        button.titleLabel?.font = .systemFont(ofSize: 17, weight: done ? .semibold : .regular)
        return button
    }
}
