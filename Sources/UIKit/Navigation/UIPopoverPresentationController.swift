import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// Which way a popover's arrow may point (UIKit's `UIPopoverArrowDirection`, the same bits).
public struct UIPopoverArrowDirection: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let up = UIPopoverArrowDirection(rawValue: 1 << 0)
    public static let down = UIPopoverArrowDirection(rawValue: 1 << 1)
    public static let left = UIPopoverArrowDirection(rawValue: 1 << 2)
    public static let right = UIPopoverArrowDirection(rawValue: 1 << 3)
    public static let any: UIPopoverArrowDirection = [.up, .down, .left, .right]
    /// What `arrowDirection` reads before a popover is shown, and when it adapted to a sheet.
    public static let unknown = UIPopoverArrowDirection(rawValue: .max)
}

/// What a popover can point at (UIKit's `UIPopoverPresentationControllerSourceItem`): a view, a
/// layout guide, a bar button item, a tab bar item.
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerSourceItem: NSObjectProtocol {}

extension UIView: UIPopoverPresentationControllerSourceItem {}
extension UILayoutGuide: UIPopoverPresentationControllerSourceItem {}
extension UIBarButtonItem: UIPopoverPresentationControllerSourceItem {}
extension UITabBarItem: UIPopoverPresentationControllerSourceItem {}

/// What a popover's presentation tells its delegate (UIKit's
/// `UIPopoverPresentationControllerDelegate`, with the adaptive delegate's methods).
@preconcurrency @MainActor
public protocol UIPopoverPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// The popover is about to be presented: the last moment to set its source.
    func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController)
}

extension UIPopoverPresentationControllerDelegate {
    public func prepareForPopoverPresentation(_ popoverPresentationController: UIPopoverPresentationController) {}
}

/// The presentation controller of a view controller presented with `.popover` (UIKit's
/// `UIPopoverPresentationController`): where the popover points (`sourceView` and `sourceRect`,
/// `sourceItem`, `barButtonItem`) and how. On an iPhone (horizontally compact) a popover adapts
/// to a page sheet, as UIKit's does: `adaptiveSheetPresentationController` is that sheet (its
/// detents, grabber and drag as any page sheet's), `arrowDirection` stays `.unknown`, and a swipe
/// that dismisses it is told to this controller's delegate. uisim shows every popover that way,
/// on an iPad too, and does not ask the delegate's `adaptivePresentationStyle(for:)` (a popover
/// kept as a popover on an iPhone is not drawn as one).
@preconcurrency @MainActor
open class UIPopoverPresentationController: UIPresentationController {
    /// Which ways the arrow may point (default: any).
    open var permittedArrowDirections: UIPopoverArrowDirection = .any
    /// The view the popover points at (with `sourceRect`).
    open var sourceView: UIView?
    /// The rectangle in `sourceView` the popover points at; `CGRect.null` (the default since
    /// iOS 13.2): the source view's bounds.
    open var sourceRect: CGRect = .null
    /// Whether a popover with more content than room may cover its source (default false).
    open var canOverlapSourceViewRect = false
    /// What the popover points at (iOS 16): a bar button item, a view, a layout guide.
    open var sourceItem: UIPopoverPresentationControllerSourceItem?
    /// The bar button item the popover points at (the `sourceItem` when it is one).
    open var barButtonItem: UIBarButtonItem? {
        get { sourceItem as? UIBarButtonItem }
        set { sourceItem = newValue }
    }
    /// The arrow's direction on a presented popover: `.unknown` before presentation, and when the
    /// popover adapted to a sheet.
    open private(set) var arrowDirection: UIPopoverArrowDirection = .unknown
    /// Views outside the popover the user may still touch while it is up.
    open var passthroughViews: [UIView]?
    /// The popover's background colour (nil: the system's).
    open var backgroundColor: UIColor?
    /// The room a popover keeps from the screen's edges.
    open var popoverLayoutMargins = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)

    /// The sheet this popover adapts to in a compact width (iOS 15): set its detents to shape it.
    open private(set) lazy var adaptiveSheetPresentationController = UISheetPresentationController(
        presentedViewController: presentedViewController, presenting: nil)

    /// The rectangle the popover points at, in `sourceView`'s coordinates: `sourceRect`, or the
    /// view's bounds when it is null; nil without a source view.
    var resolvedSourceRect: CGRect? {
        guard let sourceView = sourceView ?? sourceItem as? UIView else { return nil }
        return sourceRect.isNull ? sourceView.bounds : sourceRect
    }

    /// The presentation is about to begin: the delegate may still set the source.
    func prepareForPresentation() {
        (delegate as? UIPopoverPresentationControllerDelegate)?.prepareForPopoverPresentation(self)
    }
}
