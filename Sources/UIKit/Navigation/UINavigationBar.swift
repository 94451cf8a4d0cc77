import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a navigation bar shows for one view controller (UIKit's `UINavigationItem`): its title
/// (or a title view), its bar button items, the back button it gives the next screen.
@preconcurrency @MainActor
open class UINavigationItem {
    public enum LargeTitleDisplayMode: Int, Sendable { case automatic, always, never, inline }

    open var title: String? { didSet { bar?.itemsDidChange() } }
    open var titleView: UIView? { didSet { bar?.itemsDidChange() } }
    open var prompt: String?
    /// The title of the back button the next screen shows (nil: this item's title).
    open var backButtonTitle: String? { didSet { bar?.itemsDidChange() } }
    /// The back button the next screen shows (its title wins over `backButtonTitle`).
    open var backBarButtonItem: UIBarButtonItem? { didSet { bar?.itemsDidChange() } }
    open var hidesBackButton = false { didSet { bar?.itemsDidChange() } }
    open var largeTitleDisplayMode = LargeTitleDisplayMode.automatic { didSet { bar?.itemsDidChange() } }
    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemsDidChange() } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { bar?.itemsDidChange() } }

    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    public init(title: String) {
        self.title = title
    }

    init() {}

    weak var bar: BarItemsHost?
}

/// A navigation bar's look (UIKit's `UINavigationBarAppearance`, its basics): the background
/// colour, the shadow line's colour (nil: none), the title's attributes.
@preconcurrency @MainActor
open class UINavigationBarAppearance {
    open var backgroundColor: UIColor?
    open var shadowColor: UIColor?
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:]

    public init() { configureWithDefaultBackground() }

    /// A translucent system background with a hairline under it (UIKit blurs; uisim shows the
    /// colour at 94 %).
    open func configureWithDefaultBackground() {
        backgroundColor = .barBackground
        shadowColor = .separator
    }
    open func configureWithOpaqueBackground() {
        backgroundColor = .systemBackground
        shadowColor = .separator
    }
    open func configureWithTransparentBackground() {
        backgroundColor = .clear
        shadowColor = nil
    }

    func copy() -> UINavigationBarAppearance {
        let copy = UINavigationBarAppearance()
        copy.backgroundColor = backgroundColor
        copy.shadowColor = shadowColor
        copy.titleTextAttributes = titleTextAttributes
        copy.largeTitleTextAttributes = largeTitleTextAttributes
        return copy
    }
}

/// The bar at the top of a navigation controller (UIKit's `UINavigationBar`): the top item's
/// title centred (17 pt semibold), its left items or a back button titled by the item below
/// ("‹ " and its title, "Back" when it has none) at the leading edge, its right items at the
/// trailing edge, 44 pt tall; with `prefersLargeTitles`, a 34 pt bold title in 52 pt more under
/// it. Its background reaches up under the status bar. Buttons are system buttons (UIButton) a
/// trace can tap: the back button pops.
@preconcurrency @MainActor
open class UINavigationBar: UIView, BarItemsHost {
    /// A bar's height (UIKit's on iPhone) and what a large title adds.
    public static let standardHeight: CGFloat = 44
    /// The bar's row on an iPad (since iOS 12).
    public static let padHeight: CGFloat = 50
    /// The row the buttons and the title sit in: 44 pt on a phone, 50 on an iPad.
    var rowHeight: CGFloat { screenIdiom == .pad ? Self.padHeight : Self.standardHeight }
    public static let largeTitleHeight: CGFloat = 52

    /// The stack of items, root first; setting it is `setItems(_:animated: false)`, as in UIKit.
    open var items: [UINavigationItem]? {
        get { itemStack }
        set { setItems(newValue, animated: false) }
    }
    private var itemStack: [UINavigationItem]? = []
    open var topItem: UINavigationItem? { items?.last }
    open var backItem: UINavigationItem? { (items?.count ?? 0) > 1 ? items?[items!.count - 2] : nil }

    open var prefersLargeTitles = false { didSet { if prefersLargeTitles != oldValue { itemsDidChange() } } }
    open var isTranslucent = true
    open var standardAppearance = UINavigationBarAppearance() { didSet { itemsDidChange() } }
    open var scrollEdgeAppearance: UINavigationBarAppearance? { didSet { itemsDidChange() } }
    open var compactAppearance: UINavigationBarAppearance?
    /// The bar's buttons take its tint (`tintColor`, inherited: system blue unless set).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        itemsDidChange()
    }

    /// Called back when the back button is tapped (the navigation controller pops).
    var backAction: (() -> Void)?

    private let background = UIView()
    private let shadow = UIView()
    let titleLabel = UILabel()
    let largeTitleLabel = UILabel()
    private var buttons: [UIView] = []
    private(set) var backButton: UIButton?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// From a document (`<navigationBar>`): its settings and items, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpBar()
        UINibDecoder.didInit(self, as: UINavigationBar.self, coder: coder)
    }

    private func setUpBar() {
        clipsToBounds = false
        addSubview(background)
        addSubview(shadow)
        titleLabel.font = .systemFont(ofSize: 17, weight: .semibold)
        titleLabel.textAlignment = .center
        largeTitleLabel.font = .systemFont(ofSize: 34, weight: .bold)
        addSubview(titleLabel)
        addSubview(largeTitleLabel)
        itemsDidChange()
    }

    /// Whether the top item shows a large title.
    var showsLargeTitle: Bool {
        guard prefersLargeTitles, let item = topItem else { return false }
        return item.largeTitleDisplayMode != .never && item.largeTitleDisplayMode != .inline
    }

    /// The bar's height for its top item.
    var barHeight: CGFloat { rowHeight + (showsLargeTitle ? Self.largeTitleHeight : 0) }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        itemStack = (itemStack ?? []) + [item]
        item.bar = self
        itemsDidChange()
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let last = itemStack?.popLast() else { return nil }
        itemsDidChange()
        return last
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        itemStack = items
        for item in items ?? [] { item.bar = self }
        itemsDidChange()
    }

    /// Remakes what the bar shows for its top item.
    func itemsDidChange() {
        for button in buttons { button.removeFromSuperview() }
        buttons = []
        backButton = nil
        let item = topItem
        titleLabel.text = showsLargeTitle ? nil : item?.title
        largeTitleLabel.text = showsLargeTitle ? item?.title : nil
        largeTitleLabel.isHidden = !showsLargeTitle
        if let titleView = item?.titleView { buttons.append(titleView); addSubview(titleView) }
        if let item {
            for bar in (item.leftBarButtonItems ?? []) + (item.rightBarButtonItems ?? []) { bar.bar = self }
            if let left = item.leftBarButtonItems, !left.isEmpty {
                for bar in left { buttons.append(view(for: bar, leading: true)) }
            } else if let back = backItem, !item.hidesBackButton {
                let title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
                let button = UIBarButtonItem.barButton(title: "‹ " + title, done: false, tint: tintColor)
                addSubview(button)
                button.addAction(UIAction { [weak self] _ in self?.backAction?() }, for: .touchUpInside)
                buttons.append(button)
                backButton = button
            }
            for bar in item.rightBarButtonItems ?? [] { buttons.append(view(for: bar, leading: false)) }
        }
        let appearance = scrollEdgeAppearance ?? standardAppearance
        background.backgroundColor = appearance.backgroundColor
        shadow.backgroundColor = appearance.shadowColor
        shadow.isHidden = appearance.shadowColor == nil
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    private func view(for item: UIBarButtonItem, leading: Bool) -> UIView {
        let view = item.barView(tint: tintColor)
        addSubview(view)
        view.tag = leading ? 1 : 2
        return view
    }

    /// Buttons 16 pt in from the edges (8 apart), the title centred in what is left, a large
    /// title 16 pt in under them; the background from the top of the window to the bar's bottom,
    /// a hairline under it.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let height = bounds.height
        let top = convert(CGPoint.zero, to: nil).y
        background.frame = CGRect(x: 0, y: -top, width: bounds.width, height: height + top)
        let hairline = 1 / (window?.screen ?? UIScreen.main).scale
        shadow.frame = CGRect(x: 0, y: height, width: bounds.width, height: hairline)
        var leading: CGFloat = 16, trailing = bounds.width - 16
        let row = rowHeight
        for view in buttons where view.tag == 1 || view === backButton {
            let size = view.sizeThatFits(CGSize(width: bounds.width, height: row))
            view.frame = CGRect(x: leading, y: (row - size.height) / 2, width: size.width, height: size.height)
            leading += size.width + 8
        }
        for view in buttons.reversed() where view.tag == 2 {
            let size = view.sizeThatFits(CGSize(width: bounds.width, height: row))
            trailing -= size.width
            view.frame = CGRect(x: trailing, y: (row - size.height) / 2, width: size.width, height: size.height)
            trailing -= 8
        }
        // The title centred on the bar, within the room the buttons leave.
        let room = max(0, min(bounds.width / 2 - leading, trailing - bounds.width / 2)) * 2
        if let titleView = topItem?.titleView {
            let size = titleView.sizeThatFits(CGSize(width: room, height: row))
            titleView.frame = CGRect(x: (bounds.width - size.width) / 2, y: (row - size.height) / 2, width: size.width, height: size.height)
        }
        let titleHeight = titleLabel.sizeThatFits(CGSize(width: room, height: row)).height
        titleLabel.frame = CGRect(x: (bounds.width - room) / 2, y: (row - titleHeight) / 2, width: room, height: titleHeight)
        let largeHeight = largeTitleLabel.sizeThatFits(CGSize(width: bounds.width - 32, height: Self.largeTitleHeight)).height
        largeTitleLabel.frame = CGRect(x: 16, y: row + (Self.largeTitleHeight - largeHeight) / 2, width: bounds.width - 32, height: largeHeight)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }
}
