import Foundation
import Geometry
import QuartzCore
import UIFoundation

/// A view a collection view shows and reuses: a cell, a section's header or footer (UIKit's
/// `UICollectionReusableView`). Made by the collection view from its registered class with
/// `init(frame:)`, handed out again after `prepareForReuse()`.
///
/// uisim has no Objective-C runtime to make an instance of a registered class: the collection view
/// calls `init()`, which this class requires and which calls `init(frame:)` (a subclass that
/// overrides `init(frame:)`, as UIKit's cells do, has it; one with only initializers of its own
/// must add `override init(frame:)`, as UIKit would need for a registered class anyway).
@preconcurrency @MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with.
    open internal(set) var reuseIdentifier: String?
    /// The reuse queue the view goes back to, set by the collection view that made it: the cells'
    /// of its identifier, or the supplementary views' of its kind and identifier (nil: a view the
    /// app made, which leaves the collection view instead).
    var reuseQueue: CollectionReuseQueue?
    /// The storyboard segue a tap on the item starts.
    var storyboardSegues: CellSegues?
    /// Whether a list section rounded the view's corners (undone when it shows another row).
    var hasListCorners = false
    /// A copy of the attributes last applied (`apply(_:)`), which new ones are compared with.
    var appliedAttributes: UICollectionViewLayoutAttributes?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required convenience init() {
        self.init(frame: .zero)
    }

    /// A view from a document (a nib registered for a reuse identifier).
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        reuseIdentifier = decoder.element["reuseIdentifier"]
        UINibDecoder.didInit(self, as: UICollectionReusableView.self, coder: coder)
    }

    /// Called before the collection view hands the view out again from its reuse queue: reset what
    /// the last item left (the default does nothing).
    open func prepareForReuse() {}

    /// Applies a layout's attributes beyond the frame (a subclass of the attributes carries more).
    open func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {}

    /// How the layout lets the view size itself while the collection view asks for its preferred
    /// attributes (nil otherwise: the view keeps the layout's size).
    var fittingPriorities: (horizontal: UILayoutPriority, vertical: UILayoutPriority)?

    /// The attributes the view would like, given the layout's, asked as the view comes on screen.
    /// When the layout sizes it from its content (a flow layout's `estimatedItemSize`, a
    /// compositional layout's `.estimated` dimensions), the default measures it as UIKit does: a
    /// cell whose content view holds constraints by `systemLayoutSizeFitting` at the layout's size
    /// (a side the layout fixes held `.required`, a side from the content at `.fittingSizeLevel`),
    /// one without constraints by `sizeThatFits(_:)` (override it, as UIKit's second way of
    /// self-sizing); rounded to the pixel grid, set on the attributes given (the collection view
    /// asks with a copy of the layout's). Otherwise the attributes given, unchanged.
    open func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        guard let (horizontal, vertical) = fittingPriorities else { return layoutAttributes }
        let target = layoutAttributes.size
        let measured = (self as? UICollectionViewCell)?.contentView ?? self
        var size = measured.hasConstraintsInSubtree
            ? measured.systemLayoutSizeFitting(target, withHorizontalFittingPriority: horizontal, verticalFittingPriority: vertical)
            : sizeThatFits(target)
        let scale = (window?.screen ?? UIScreen.main).scale
        size.width = horizontal == .required || !(size.width > 0) ? target.width : (size.width * scale).rounded() / scale
        size.height = vertical == .required || !(size.height > 0) ? target.height : (size.height * scale).rounded() / scale
        guard size != target else { return layoutAttributes }
        layoutAttributes.frame = CGRect(origin: layoutAttributes.frame.origin, size: size)
        return layoutAttributes
    }
}

extension UIView {
    /// Whether a view in the subtree holds constraints or is placed by them.
    var hasConstraintsInSubtree: Bool {
        var found = false
        forEachInSubtree { view in
            if !found, !view.constraints.isEmpty || !view.translatesAutoresizingMaskIntoConstraints { found = true }
        }
        return found
    }
}

/// A collection view's item (UIKit's `UICollectionViewCell`): its content goes in `contentView`,
/// which fills it; `backgroundView` lies behind, and `selectedBackgroundView` (none by default:
/// a collection view's cell shows no selection unless given one) shows while the cell is selected
/// or highlighted.
@preconcurrency @MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the item's content goes; it fills the cell. A content configuration's view takes
    /// its place (as in UIKit, where `contentConfiguration` replaces the content view).
    open var contentView: UIView { storedContentView }
    private var storedContentView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        storedContentView.frame = bounds
        storedContentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(storedContentView)
    }

    /// A cell from a document: its content view's subviews and constraints from the document.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        storedContentView.frame = bounds
        storedContentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(storedContentView)
        UINibDecoder.didInit(self, as: UICollectionViewCell.self, coder: coder)
    }

    // MARK: Configurations

    /// Called before the cell updates its configurations (iOS 15's closure form of overriding
    /// `updateConfiguration(using:)`).
    public typealias ConfigurationUpdateHandler = @MainActor (UICollectionViewCell, UICellConfigurationState) -> Void

    /// The content as a value: its view becomes the content view; updated for the cell's state
    /// when `automaticallyUpdatesContentConfiguration` (default true).
    open var contentConfiguration: UIContentConfiguration? {
        didSet { applyContentConfiguration() }
    }
    open var automaticallyUpdatesContentConfiguration = true
    /// The background as a value: shown as the cell's background view, updated for the cell's
    /// state (selected colour) when `automaticallyUpdatesBackgroundConfiguration` (default true).
    open var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { applyBackgroundConfiguration() }
    }
    open var automaticallyUpdatesBackgroundConfiguration = true
    /// Runs after `updateConfiguration(using:)` whenever the cell's state changes.
    open var configurationUpdateHandler: ConfigurationUpdateHandler? {
        didSet { setNeedsUpdateConfiguration() }
    }

    /// The cell's state: selected, highlighted, its traits.
    open var configurationState: UICellConfigurationState {
        var state = UICellConfigurationState(traitCollection: traitCollection)
        state.isSelected = isSelected
        state.isHighlighted = isHighlighted
        return state
    }

    private var needsConfigurationUpdate = true

    /// Asks for `updateConfiguration(using:)` before the cell is next laid out.
    open func setNeedsUpdateConfiguration() {
        needsConfigurationUpdate = true
        setNeedsLayout()
    }

    /// Updates the configurations for `state` (the cell calls it when its state changes; override
    /// it, calling super, or use `configurationUpdateHandler`).
    open func updateConfiguration(using state: UICellConfigurationState) {
        if automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration {
            show(configuration.updated(for: state))
        }
        if automaticallyUpdatesBackgroundConfiguration, let configuration = backgroundConfiguration {
            showBackground(configuration.updated(for: state))
        }
        configurationUpdateHandler?(self, state)
    }

    /// Runs a configuration update that is due (before the cell is shown, measured or laid out).
    func updateConfigurationIfNeeded() {
        guard needsConfigurationUpdate else { return }
        needsConfigurationUpdate = false
        updateConfiguration(using: configurationState)
    }

    open override func layoutSubviews() {
        updateConfigurationIfNeeded()
        super.layoutSubviews()
    }

    private func applyContentConfiguration() {
        guard let configuration = contentConfiguration else { return }
        show(automaticallyUpdatesContentConfiguration ? configuration.updated(for: configurationState) : configuration)
    }

    /// Shows `configuration` in the content view: the one there if it supports it, else a new one
    /// made from it, in its place.
    private func show(_ configuration: UIContentConfiguration) {
        if let view = storedContentView as? UIContentView, view.supports(configuration) {
            view.configuration = configuration
            return
        }
        let view = configuration.makeContentView()
        let old = storedContentView
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if old.superview === self { insertSubview(view, aboveSubview: old) } else { addSubview(view) }
        old.removeFromSuperview()
        storedContentView = view
        contentViewDidChange()
    }

    /// The content view was replaced (a list cell places it again).
    func contentViewDidChange() {}

    private var configuredBackground: UIView?

    private func applyBackgroundConfiguration() {
        guard let configuration = backgroundConfiguration else {
            configuredBackground?.removeFromSuperview()
            configuredBackground = nil
            return
        }
        showBackground(automaticallyUpdatesBackgroundConfiguration ? configuration.updated(for: configurationState) : configuration)
    }

    private func showBackground(_ configuration: UIBackgroundConfiguration) {
        let view: UIView
        if let configuredBackground {
            view = configuredBackground
        } else {
            view = UIView()
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(view, at: 0)
            configuredBackground = view
        }
        let insets = configuration.backgroundInsets
        let frame = CGRect(x: insets.leading, y: insets.top, width: max(0, bounds.width - insets.leading - insets.trailing),
                           height: max(0, bounds.height - insets.top - insets.bottom))
        if view.frame != frame { view.frame = frame }
        if view.backgroundColor != configuration.backgroundColor { view.backgroundColor = configuration.backgroundColor }
        if view.layer.cornerRadius != configuration.cornerRadius { view.layer.cornerRadius = configuration.cornerRadius }
        if let stroke = configuration.strokeColor, configuration.strokeWidth > 0 {
            view.layer.borderColor = stroke.cgColor
            view.layer.borderWidth = configuration.strokeWidth
        } else if view.layer.borderWidth != 0 {
            view.layer.borderWidth = 0
        }
    }

    /// A view behind the content view (none by default), the cell's size.
    open var backgroundView: UIView? {
        didSet {
            guard backgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            if let backgroundView {
                backgroundView.frame = bounds
                backgroundView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                insertSubview(backgroundView, at: 0)
            }
        }
    }

    /// The view shown behind the content while the cell is selected or highlighted (none by default).
    open var selectedBackgroundView: UIView? {
        didSet {
            guard selectedBackgroundView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            updateSelectionAppearance()
        }
    }

    /// Whether the item is selected (the collection view sets it).
    open var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            updateSelectionAppearance()
            setNeedsUpdateConfiguration()
        }
    }

    /// Whether a finger is on the item (the collection view sets it).
    open var isHighlighted = false {
        didSet {
            guard isHighlighted != oldValue else { return }
            updateSelectionAppearance()
            setNeedsUpdateConfiguration()
        }
    }

    private func updateSelectionAppearance() {
        guard let background = selectedBackgroundView else { return }
        if isSelected || isHighlighted {
            if background.superview !== self {
                background.frame = bounds
                background.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                insertSubview(background, belowSubview: contentView)
            }
        } else if background.superview === self {
            background.removeFromSuperview()
        }
    }
}

/// Which of a collection view's reuse pools a view goes back to, and its key there.
enum CollectionReuseQueue: Equatable {
    /// The cells' queue of a reuse identifier.
    case cell(String)
    /// The supplementary views' queue of a kind and identifier.
    case supplementary(UICollectionView.SupplementaryKey)
}
