import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A bar of buttons at the bottom of a screen (UIKit's `UIToolbar`): 44 pt tall on an iPhone in
/// portrait, its items 16 pt in from the edges and 8 pt apart, flexible spaces sharing what is
/// left; its background (the light tint of UIKit's blur, 94 %) runs down behind the home
/// indicator, a hairline on its top. In a navigation controller it shows the top screen's
/// `toolbarItems` when `isToolbarHidden` is false.
@preconcurrency @MainActor
open class UIToolbar: UIView, BarItemsHost {
    /// UIKit's toolbar height on an iPhone in portrait, and on an iPad.
    public static let standardHeight: CGFloat = 44, padHeight: CGFloat = 50
    /// The height on the view's screen.
    var barHeight: CGFloat { screenIdiom == .pad ? Self.padHeight : Self.standardHeight }
    /// The items' margin from the edges, and the gap between items.
    static let margin: CGFloat = 16, spacing: CGFloat = 8

    /// The items shown (setting it is `setItems(_:animated: false)`).
    open var items: [UIBarButtonItem]? {
        get { storedItems }
        set { setItems(newValue, animated: false) }
    }
    private var storedItems: [UIBarButtonItem]?
    open var isTranslucent = true { didSet { itemsDidChange() } }
    open var barTintColor: UIColor? { didSet { itemsDidChange() } }

    private let background = UIView()
    private let hairline = UIView()
    private var views: [(item: UIBarButtonItem, view: UIView?)] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBar()
    }

    /// From a document (`<toolbar>`): its settings and items, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpBar()
        UINibDecoder.didInit(self, as: UIToolbar.self, coder: coder)
    }

    private func setUpBar() {
        clipsToBounds = false
        addSubview(background)
        addSubview(hairline)
        hairline.backgroundColor = .separator
        itemsDidChange()
    }

    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        storedItems = items
        for item in items ?? [] { item.bar = self }
        itemsDidChange()
    }

    /// Remakes the items' buttons.
    func itemsDidChange() {
        for (_, view) in views { view?.removeFromSuperview() }
        views = (items ?? []).map { item in
            if item.systemItem == .flexibleSpace || item.systemItem == .fixedSpace { return (item, nil) }
            let view = item.barView(tint: tintColor)
            addSubview(view)
            return (item, view)
        }
        background.backgroundColor = barTintColor ?? (isTranslucent ? .barBackground : .systemBackground)
        setNeedsLayout()
    }

    /// The items in a row, centred on the bar's 44 pt; fixed spaces their width, flexible spaces
    /// an equal share of the room left.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let below = window.map { $0.bounds.height - convert(CGPoint(x: 0, y: bounds.height), to: nil).y } ?? 0
        background.frame = CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height + max(0, below))
        hairline.frame = CGRect(x: 0, y: -1 / (window?.screen ?? UIScreen.main).scale, width: bounds.width,
                                height: 1 / (window?.screen ?? UIScreen.main).scale)
        let row = barHeight
        let sizes = views.map { entry -> CGSize in
            if let view = entry.view { return view.sizeThatFits(CGSize(width: bounds.width, height: row)) }
            return CGSize(width: entry.item.systemItem == .fixedSpace ? entry.item.width : 0, height: 0)
        }
        let flexible = views.filter { $0.item.systemItem == .flexibleSpace }.count
        // Gaps between neighbouring buttons (not around spaces).
        var gaps = 0
        for index in views.indices.dropFirst() where views[index].view != nil && views[index - 1].view != nil { gaps += 1 }
        let used = sizes.reduce(0) { $0 + $1.width } + CGFloat(gaps) * Self.spacing
        let share = flexible > 0 ? max(0, bounds.width - 2 * Self.margin - used) / CGFloat(flexible) : 0
        var x = Self.margin
        for (index, entry) in views.enumerated() {
            if index > 0, entry.view != nil, views[index - 1].view != nil { x += Self.spacing }
            guard let view = entry.view else {
                x += entry.item.systemItem == .flexibleSpace ? share : sizes[index].width
                continue
            }
            let size = sizes[index]
            view.frame = CGRect(x: x, y: ((row - size.height) / 2).rounded(), width: size.width, height: size.height)
            x += size.width
        }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width, height: barHeight) }

    /// The items take the bar's tint (`tintColor`, inherited: system blue unless set).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if items?.isEmpty == false { itemsDidChange() }   // no item, nothing takes the tint
    }
}
