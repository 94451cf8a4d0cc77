import Foundation
import Geometry
import Layers

/// A view a collection view shows and reuses: a cell, a section's header or footer (UIKit's
/// `UICollectionReusableView`). Made by the collection view from its registered class with
/// `init(frame:)`, handed out again after `prepareForReuse()`.
///
/// uisim has no Objective-C runtime to make an instance of a registered class: the collection view
/// calls `init()`, which this class requires and which calls `init(frame:)` (a subclass that
/// overrides `init(frame:)`, as UIKit's cells do, has it; one with only initializers of its own
/// must add `override init(frame:)`, as UIKit would need for a registered class anyway).
@MainActor
open class UICollectionReusableView: UIView {
    /// The identifier the view was dequeued with.
    public internal(set) var reuseIdentifier: String?
    /// The reuse queue the view goes back to (a supplementary view's is its kind's).
    var reuseQueue: String?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required convenience init() {
        self.init(frame: .zero)
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
    /// self-sizing); rounded to the pixel grid. Otherwise the layout's attributes, unchanged.
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
        guard size != target, let preferred = layoutAttributes.copy() as? UICollectionViewLayoutAttributes else { return layoutAttributes }
        preferred.frame = CGRect(origin: layoutAttributes.frame.origin, size: size)
        return preferred
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
@MainActor
open class UICollectionViewCell: UICollectionReusableView {
    /// Where the item's content goes; it fills the cell.
    public let contentView = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
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
        didSet { if isSelected != oldValue { updateSelectionAppearance() } }
    }

    /// Whether a finger is on the item (the collection view sets it).
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { updateSelectionAppearance() } }
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
