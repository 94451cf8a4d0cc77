import Foundation
import Support

/// A linear relation between two layout attributes, as UIKit's `NSLayoutConstraint`:
/// `firstItem.firstAttribute  relation  secondItem.secondAttribute × multiplier + constant`
/// (with no second item, `firstItem.firstAttribute  relation  constant`). Items are views and
/// layout guides. The window's layout engine solves the active constraints in the layout pass;
/// changing `constant` re-solves incrementally.
///
/// uisim differs from UIKit in one place: a constraint UIKit would refuse with an exception (its
/// items have no common ancestor) stays inactive and is reported in the window's layout issues
/// instead of crashing the replay.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    /// The attribute of an item a constraint relates, as UIKit's `NSLayoutConstraint.Attribute`
    /// (the raw values are UIKit's).
    public enum Attribute: Int, Sendable, CaseIterable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0

        /// The last baseline (UIKit's deprecated `.baseline`).
        public static let baseline = Attribute.lastBaseline

        /// Whether the attribute is horizontal (left, right, leading, trailing, width, centerX and
        /// their margin variants).
        public var isHorizontal: Bool {
            switch self {
            case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin, .leadingMargin,
                 .trailingMargin, .centerXWithinMargins: true
            default: false
            }
        }

        /// Whether the attribute is a size (width or height), not a position.
        public var isDimension: Bool { self == .width || self == .height }

        /// Whether the attribute follows the reading direction (leading, trailing and their margins).
        var isDirectional: Bool { [.leading, .trailing, .leadingMargin, .trailingMargin].contains(self) }

        /// Whether the attribute is a centre.
        var isCenter: Bool { [.centerX, .centerY, .centerXWithinMargins, .centerYWithinMargins].contains(self) }
    }

    /// How the two sides of a constraint relate, as UIKit's `NSLayoutConstraint.Relation`.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    /// The two directions of layout, as UIKit's `NSLayoutConstraint.Axis`.
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    /// The first item (a view or a layout guide).
    open private(set) weak var firstItem: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var relation: Relation
    /// The second item, or nil for a constant size.
    open private(set) weak var secondItem: AnyObject?
    open private(set) var secondAttribute: Attribute
    open private(set) var multiplier: CGFloat

    /// The constant added to the second side. Changing it on an active constraint re-solves the
    /// layout incrementally in the next layout pass (the cheap way to animate or reconfigure a
    /// layout, as WWDC 2018's "High Performance Auto Layout" advises).
    open var constant: CGFloat {
        didSet {
            guard constant != oldValue, !(constant.isNaN && oldValue.isNaN) else { return }
            if !constant.isFinite, let holder {
                holder.reportLayoutIssue("A constraint's constant must be a finite number, not \(constant): the change is ignored. \(self)")
                constant = oldValue
                return
            }
            holder?.constraintDidChangeConstant(self)
        }
    }

    /// How much the constraint matters (default `.required`). As in UIKit, an active constraint
    /// cannot change between required and optional; such a change is reported and ignored.
    open var priority: UILayoutPriority = .required {
        didSet {
            guard priority != oldValue else { return }
            if let holder, (priority == .required) != (oldValue == .required) {
                holder.reportLayoutIssue("Mutating a priority from required to not on an installed constraint (or vice-versa) is not supported. You passed priority \(priority) and the existing priority was \(oldValue). \(self)")
                priority = oldValue
                return
            }
            holder?.constraintDidChangePriority(self)
        }
    }

    /// A name shown in the constraint's description and in layout issues.
    open var identifier: String?

    /// Whether archiving keeps the constraint (no archiving in uisim; kept for source compatibility).
    open var shouldBeArchived = false

    /// The view the constraint is installed on (the closest common ancestor of its items, or
    /// the view `addConstraint(_:)` was called on), while it is active.
    weak var holder: UIView?

    /// Where the constraint stands in its engine, if it is in one.
    var engineIndex: Int?

    /// Who made the constraint, if UIKit did (autoresizing, content size, layout guides).
    var origin = Origin.app

    enum Origin {
        case app, autoresizing, contentSize, guide, stackView
    }

    /// `view1.attr1 relation view2.attr2 × multiplier + c`, inactive.
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.multiplier = multiplier
        constant = c
    }

    /// Whether the constraint takes part in layout. Setting it installs the constraint on the
    /// closest common ancestor of its items (`activate(_:)`), or removes it.
    open var isActive: Bool {
        get { holder != nil }
        set {
            guard newValue != isActive else { return }
            if newValue {
                if let problem = illegality {
                    (firstView ?? secondView)?.reportLayoutIssue("\(problem) \(self)")
                    return
                }
                guard let ancestor = commonAncestor else {
                    (firstView ?? secondView)?.reportLayoutIssue("Unable to activate constraint with anchors \(firstAttributeName) and \(secondAttributeName) because they have no common ancestor. Does the constraint or its anchors reference items in different view hierarchies? That's illegal. \(self)")
                    return
                }
                ancestor.install(self)
            } else {
                holder?.uninstall(self)
            }
        }
    }

    /// Activates each constraint (faster than one at a time in UIKit; here the same).
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates each constraint.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }

    /// The first item's anchor for the first attribute.
    open var firstAnchor: NSLayoutAnchor<AnyObject> {
        NSLayoutAnchor(item: firstItem, attribute: firstAttribute)
    }

    /// The second item's anchor for the second attribute, if there is a second item.
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        secondItem == nil ? nil : NSLayoutAnchor(item: secondItem, attribute: secondAttribute)
    }

    /// Why UIKit would refuse the constraint (it raises an exception), or nil: uisim reports it
    /// and leaves the constraint inactive instead.
    var illegality: String? {
        guard constant.isFinite, multiplier.isFinite else {
            return "A constraint's constant and multiplier must be finite numbers (constant \(constant), multiplier \(multiplier))."
        }
        guard firstAttribute != .notAnAttribute else { return "Invalid pairing of layout attributes: the first attribute is notAnAttribute." }
        if secondItem == nil || multiplier == 0 {
            guard firstAttribute.isDimension else {
                return "A multiplier of 0 or a nil second item together with a location for the first attribute creates an illegal constraint of a location equal to a constant. Location attributes must be specified in pairs."
            }
            return nil
        }
        guard secondAttribute != .notAnAttribute, firstAttribute.isDimension == secondAttribute.isDimension,
              firstAttribute.isDimension || firstAttribute.isHorizontal == secondAttribute.isHorizontal else {
            return "Invalid pairing of layout attributes."
        }
        if firstAttribute.isDirectional != secondAttribute.isDirectional, !firstAttribute.isDimension,
           firstAttribute.isHorizontal, !firstAttribute.isCenter, !secondAttribute.isCenter {
            return "A constraint cannot be made between a leading/trailing attribute and a right/left attribute. Use leading/trailing for both or neither."
        }
        return nil
    }

    // MARK: Items

    /// The view of the first item (a guide's owning view).
    var firstView: UIView? { Self.view(of: firstItem) }
    /// The view of the second item.
    var secondView: UIView? { Self.view(of: secondItem) }

    static func view(of item: AnyObject?) -> UIView? {
        switch item {
        case let view as UIView: view
        case let guide as UILayoutGuide: guide.owningView
        default: nil
        }
    }

    /// The closest view that contains both items (for a guide, its owning view), if any.
    var commonAncestor: UIView? {
        guard let first = firstView else { return nil }
        guard secondItem != nil else { return first }
        guard let second = secondView else { return nil }
        return first.closestCommonAncestor(with: second)
    }

    private var firstAttributeName: String { "\(Self.name(of: firstItem)).\(firstAttribute.name)" }
    private var secondAttributeName: String {
        secondItem == nil ? "(none)" : "\(Self.name(of: secondItem)).\(secondAttribute.name)"
    }

    static func name(of item: AnyObject?) -> String {
        switch item {
        case let guide as UILayoutGuide: "UILayoutGuide'\(guide.identifier)'"
        case let view as UIView: view.layoutName
        case nil: "(nil)"
        case let other?: "\(type(of: other))"
        }
    }

    /// UIKit's form without the addresses (so that descriptions are the same on every run):
    /// `<NSLayoutConstraint 'id' UILabel.leading == UIView.leading + 16   (active)>`.
    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        var text = "<\(typeName)"
        if let identifier { text += " '\(identifier)'" }
        text += " \(firstAttributeName) \(relation.symbol) "
        if secondItem != nil {
            text += secondAttributeName
            if multiplier != 1 { text += "*\(multiplier.shortDescription)" }
            if constant != 0 { text += (constant > 0 ? " + " : " - ") + abs(constant).shortDescription }
        } else {
            text += constant.shortDescription
        }
        if priority != .required { text += " @\(priority)" }
        return text + (isActive ? "   (active)>" : "   (inactive)>")
    }

    private var typeName: String {
        switch origin {
        case .autoresizing: "NSAutoresizingMaskLayoutConstraint"
        case .contentSize: "NSContentSizeLayoutConstraint"
        default: "\(type(of: self))"
        }
    }
}

extension NSLayoutConstraint.Attribute {
    /// UIKit's name of the attribute in descriptions.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        case .width: "width"
        case .height: "height"
        case .centerX: "centerX"
        case .centerY: "centerY"
        case .lastBaseline: "lastBaseline"
        case .firstBaseline: "firstBaseline"
        case .leftMargin: "leftMargin"
        case .rightMargin: "rightMargin"
        case .topMargin: "topMargin"
        case .bottomMargin: "bottomMargin"
        case .leadingMargin: "leadingMargin"
        case .trailingMargin: "trailingMargin"
        case .centerXWithinMargins: "centerXWithinMargins"
        case .centerYWithinMargins: "centerYWithinMargins"
        case .notAnAttribute: "notAnAttribute"
        }
    }
}

extension NSLayoutConstraint.Relation {
    var symbol: String {
        switch self {
        case .lessThanOrEqual: "<="
        case .equal: "=="
        case .greaterThanOrEqual: ">="
        }
    }
}
