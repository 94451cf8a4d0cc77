import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a tab bar controller asks and tells its delegate (UIKit's `UITabBarControllerDelegate`).
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// A tab's item (UIKit's `UITabBarItem`): its title, image and badge.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    public enum SystemItem: Int, Sendable { case more, favorites, featured, topRated, recents, contacts, history, bookmarks, search, downloads, mostRecent, mostViewed }

    open var selectedImage: UIImage? { didSet { tabBar?.itemsDidChange() } }
    /// A badge over the item (a red capsule with the text).
    open var badgeValue: String? { didSet { tabBar?.itemsDidChange() } }
    open var badgeColor: UIColor? { didSet { tabBar?.itemsDidChange() } }

    weak var tabBar: UITabBar?

    public override init() { super.init() }

    public convenience init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        self.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }

    public convenience init(title: String?, image: UIImage?, tag: Int) {
        self.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public convenience init(tabBarSystemItem systemItem: SystemItem, tag: Int) {
        self.init()
        title = "\(systemItem)".prefix(1).uppercased() + "\(systemItem)".dropFirst()
        self.tag = tag
    }

    override func changed() { tabBar?.itemsDidChange() }
}

/// The bar of tabs at the bottom of a tab bar controller (UIKit's `UITabBar`): 49 pt above the
/// home indicator (its background reaching down under it), each item a button of equal width, its
/// title 10 pt medium, the selected one in the tint colour (system blue), the others system gray;
/// a badge a red capsule at the item's top right. A tap on an item selects its tab.
@preconcurrency @MainActor
open class UITabBar: UIView {
    public static let standardHeight: CGFloat = 49
    /// The bar's height above the safe area on an iPad (since iOS 12).
    public static let padHeight: CGFloat = 50
    /// The height above the safe area on the view's screen.
    var rowHeight: CGFloat { screenIdiom == .pad ? Self.padHeight : Self.standardHeight }

    open var items: [UITabBarItem]? { didSet { itemsDidChange() } }
    open var selectedItem: UITabBarItem? { didSet { itemsDidChange() } }
    /// The selected item takes the bar's tint (`tintColor`, inherited: system blue unless set).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsDidChange()
    }
    open var unselectedItemTintColor: UIColor? { didSet { itemsDidChange() } }
    open var isTranslucent = true

    /// Called back with the index of a tapped item (the tab bar controller selects it).
    var tapped: ((Int) -> Void)?

    private let background = UIView()
    private let shadow = UIView()
    private var buttons: [UIButton] = []
    private var badges: [UILabel] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// From a document (`<tabBar>`): its settings and items, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpBar()
        UINibDecoder.didInit(self, as: UITabBar.self, coder: coder)
    }

    private func setUpBar() {
        background.backgroundColor = .barBackground
        shadow.backgroundColor = .separator
        addSubview(background)
        addSubview(shadow)
    }

    func itemsDidChange() {
        for view in buttons as [UIView] + badges as [UIView] { view.removeFromSuperview() }
        buttons = []
        badges = []
        for (index, item) in (items ?? []).enumerated() {
            item.tabBar = self
            let button = UIButton(frame: .zero)
            button.setTitle(item.title, for: .normal)
            button.titleLabel?.font = .systemFont(ofSize: 10, weight: .medium)
            button.setTitleColor(item === selectedItem ? tintColor : (unselectedItemTintColor ?? .systemGray), for: .normal)
            button.addAction(UIAction { [weak self] _ in self?.tapped?(index) }, for: .touchUpInside)
            addSubview(button)
            buttons.append(button)
            if let badge = item.badgeValue {
                let label = UILabel()
                label.text = badge
                label.font = .systemFont(ofSize: 13)
                label.textColor = .white
                label.textAlignment = .center
                label.backgroundColor = item.badgeColor ?? .systemRed
                label.layer.cornerRadius = 9
                label.layer.masksToBounds = true
                addSubview(label)
                badges.append(label)
            }
        }
        setNeedsLayout()
    }

    /// Items share the width; a title sits in the lower part of the 49 pt row; a badge, 18 pt
    /// tall, at the item's centre plus 8 pt.
    open override func layoutSubviews() {
        super.layoutSubviews()
        background.frame = bounds
        shadow.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / (window?.screen ?? UIScreen.main).scale)
        let count = max(1, buttons.count)
        let width = bounds.width / CGFloat(count)
        var badgeIndex = 0
        for (index, button) in buttons.enumerated() {
            let frame = CGRect(x: CGFloat(index) * width, y: 0, width: width, height: rowHeight)
            if button.frame != frame { button.frame = frame }
            if items?[index].badgeValue != nil, badgeIndex < badges.count {
                let label = badges[badgeIndex]
                let size = label.sizeThatFits(CGSize(width: width, height: 18))
                label.frame = CGRect(x: frame.midX + 8, y: 2, width: max(18, size.width + 10), height: 18)
                badgeIndex += 1
            }
        }
    }
}

/// Tabs of screens (UIKit's `UITabBarController`): the selected screen fills the view above the
/// tab bar's top (its safe area ends there: 83 pt from the bottom on an iPhone 14, 49 + 34);
/// selecting another tab swaps the screens with `viewWillDisappear`, `viewWillAppear`,
/// `viewDidDisappear`, `viewDidAppear` (unanimated, as UIKit's tab switch). A screen pushed with
/// `hidesBottomBarWhenPushed` in a tab's navigation controller hides the bar.
@preconcurrency @MainActor
open class UITabBarController: UIViewController {
    open private(set) var tabBar = UITabBar(frame: .zero)
    open weak var delegate: UITabBarControllerDelegate?

    open var viewControllers: [UIViewController]? {
        get { controllers }
        set { setViewControllers(newValue, animated: false) }
    }
    private var controllers: [UIViewController]?

    /// The index of the selected tab.
    open var selectedIndex: Int {
        get { selected }
        set { select(newValue) }
    }
    private var selected = 0

    open var selectedViewController: UIViewController? {
        get { controllers.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
        set {
            guard let newValue, let index = controllers?.firstIndex(where: { $0 === newValue }) else { return }
            select(index)
        }
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        tabBar.tapped = { [weak self] index in self?.tapped(index) }
    }

    /// From a storyboard: its tabs come from the relationship segues.
    public required init?(coder: NSCoder) {
        guard coder is UIStoryboardDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        tabBar.tapped = { [weak self] index in self?.tapped(index) }
    }

    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        for old in controllers ?? [] where !(viewControllers ?? []).contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        controllers = viewControllers
        for controller in viewControllers ?? [] where controller.parent !== self {
            addChild(controller)
            controller.didMove(toParent: self)
        }
        tabBar.items = (viewControllers ?? []).map(\.tabBarItem)
        selected = min(selected, max(0, (viewControllers?.count ?? 1) - 1))
        tabBar.selectedItem = selectedViewController?.tabBarItem
        if isViewLoaded { showSelected() }
    }

    open override func loadView() {
        let container = ContainerView(frame: UIScreen.main.bounds)
        container.layout = { [weak self] in self?.layoutContainer() }
        container.addSubview(tabBar)
        view = container
    }

    open override func viewDidLoad() {
        super.viewDidLoad()
        showSelected()
    }

    /// Puts the selected screen's view in place (below the bar).
    private func showSelected() {
        guard let child = selectedViewController else { return }
        if child.view.superview !== view { view.insertSubview(child.view, belowSubview: tabBar) }
        view.setNeedsLayout()
    }

    private func tapped(_ index: Int) {
        guard let controllers, controllers.indices.contains(index) else { return }
        let target = controllers[index]
        guard delegate?.tabBarController(self, shouldSelect: target) ?? true else { return }
        select(index)
        delegate?.tabBarController(self, didSelect: target)
    }

    private func select(_ index: Int) {
        guard let controllers, controllers.indices.contains(index), index != selected || selectedViewController?.viewIfLoaded?.superview !== viewIfLoaded else { return }
        let from = selectedViewController, to = controllers[index]
        selected = index
        tabBar.selectedItem = to.tabBarItem
        guard isViewLoaded else { return }
        guard let window = view.window, !window.isHidden, from !== to else { return showSelected() }
        let mark = TransitionMark(.tabSwitch, showing: to, on: window)
        to.loadViewIfNeeded()
        from?.beginAppearanceTransition(false, animated: false)
        to.beginAppearanceTransition(true, animated: false)
        from?.viewIfLoaded?.removeFromSuperview()
        showSelected()
        layoutContainer()
        from?.endAppearanceTransition()
        to.endAppearanceTransition()
        mark.finish()
    }

    /// The bar at the bottom, 49 pt over the safe area's bottom; the selected screen over the
    /// whole view, told what the bar covers (nothing while a pushed screen hides the bar).
    func layoutContainer() {
        guard isViewLoaded else { return }
        let bottom = view.superview == nil ? 0 : view.safeAreaInsetsIgnoringController.bottom
        let height = tabBar.rowHeight + bottom
        let frame = CGRect(x: 0, y: view.bounds.height - height, width: view.bounds.width, height: height)
        if tabBar.frame != frame { tabBar.frame = frame }
        let hidden = (selectedViewController as? UINavigationController)?.topViewController?.hidesBottomBarWhenPushed ?? false
        tabBar.isHidden = hidden
        if let child = selectedViewController, child.isViewLoaded {
            // Under the bar, unless the child leaves out the bottom edge (or the bar is opaque).
            let extends = hidden || (child.edgesForExtendedLayout.contains(.bottom) && (tabBar.isTranslucent || child.extendedLayoutIncludesOpaqueBars))
            var childFrame = view.bounds
            if !extends { childFrame.size.height = frame.minY - childFrame.minY }
            child.barInsets = UIEdgeInsets(top: 0, left: 0, bottom: extends && !hidden ? height : 0, right: 0)
            if child.view.frame != childFrame { child.view.frame = childFrame }
        }
    }
}

extension UIViewController {
    /// The item a tab bar shows for this controller (made on first use, titled by `title`; a
    /// navigation controller without a title takes its root screen's, as in UIKit).
    var madeTabBarItem: UITabBarItem {
        if let item = storedTabBarItem { return item }
        let item = UITabBarItem()
        item.title = title ?? (self as? UINavigationController)?.viewControllers.first?.title
        storedTabBarItem = item
        return item
    }
}
