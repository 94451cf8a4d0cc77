import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a presentation controller tells its delegate (UIKit's
/// `UIAdaptivePresentationControllerDelegate`; every method is optional). The swipe methods are
/// not called for a `dismiss(animated:)` in code, as in UIKit.
@preconcurrency @MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Whether a swipe may dismiss the sheet (asked as the swipe begins). Default true.
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    /// A swipe began dismissing the sheet (it may yet come back).
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    /// A swipe dismissed the sheet.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    /// A swipe tried to dismiss a sheet that may not be (`isModalInPresentation`, or
    /// `presentationControllerShouldDismiss` said no): it sprang back.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
    /// The style to adapt to in a compact width. uisim's screens are all one size class and do not
    /// adapt by the delegate's word (a popover is always its sheet): the default, the controller's
    /// own style, is what UIKit does when the method is not implemented.
    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle
    func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle
    func presentationController(_ controller: UIPresentationController, viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController?
    func presentationController(_ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                transitionCoordinator: UIViewControllerTransitionCoordinator?)
    func presentationController(_ presentationController: UIPresentationController, prepare adaptivePresentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
    public func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle { controller.presentationStyle }
    public func adaptivePresentationStyle(for controller: UIPresentationController, traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        adaptivePresentationStyle(for: controller)
    }
    public func presentationController(_ controller: UIPresentationController, viewControllerForAdaptivePresentationStyle style: UIModalPresentationStyle) -> UIViewController? { nil }
    public func presentationController(_ presentationController: UIPresentationController, willPresentWithAdaptiveStyle style: UIModalPresentationStyle,
                                       transitionCoordinator: UIViewControllerTransitionCoordinator?) {}
    public func presentationController(_ presentationController: UIPresentationController, prepare adaptivePresentationController: UIPresentationController) {}
}

/// A container of view controllers' content and sizes (UIKit's `UIContentContainer`), adopted
/// by view controllers and presentation controllers.
@preconcurrency @MainActor
public protocol UIContentContainer: NSObjectProtocol {
    var preferredContentSize: CGSize { get }
    func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer)
    func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer)
    func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator)
    func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator)
}

/// What presents a view controller (UIKit's `UIPresentationController`): the built-in sheets,
/// popovers and full screens have theirs, made on first use of `presentationController` (so a
/// delegate can be set before presenting, as in UIKit); a `.custom` presentation takes the one its
/// `transitioningDelegate` makes, a subclass that overrides what UIKit lets it:
/// - `frameOfPresentedViewInContainerView` (default: the container's bounds for `.custom`),
///   `presentedView` (a subclass may wrap the presented view in one of its own),
///   `shouldRemovePresentersView` (default: only for `.fullScreen`), `shouldPresentInFullscreen`;
/// - the transition's four calls, in UIKit's order: `presentationTransitionWillBegin()` once the
///   container is in the window and before the animator runs, `presentationTransitionDidEnd(_:)`
///   when the animator completes the transition, `dismissalTransitionWillBegin()` and
///   `dismissalTransitionDidEnd(_:)` likewise (the container leaves the window after it, when completed);
/// - `containerViewWillLayoutSubviews()` and `containerViewDidLayoutSubviews()` around every
///   layout of the container; `viewWillTransition(to:with:)` when the window's size changes.
/// For `.custom`, uisim does not place the presented view: the animator and the subclass do, as in UIKit.
@preconcurrency @MainActor
open class UIPresentationController: NSObject, UIContentContainer {
    /// The controller presented (held unowned: it holds its presentation controller).
    open var presentedViewController: UIViewController { presented }
    private unowned let presented: UIViewController
    /// The presenting controller given at creation (the transitioning delegate's `presenting`).
    private weak var givenPresenting: UIViewController?
    open weak var delegate: UIAdaptivePresentationControllerDelegate?

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        presented = presentedViewController
        givenPresenting = presentingViewController
        super.init()
    }

    /// The controller that presented (the one given at creation, or the presented one itself
    /// before a presentation).
    open var presentingViewController: UIViewController { presented.presentation.presenting ?? givenPresenting ?? presented }
    /// The style of the presentation (the presented controller's `modalPresentationStyle`).
    open var presentationStyle: UIModalPresentationStyle { presented.modalPresentationStyle }
    /// The view the presentation lives in (nil when not presented).
    open var containerView: UIView? { presented.presentation.container }
    /// The presented view (a subclass may wrap it in a view of its own, as in UIKit).
    open var presentedView: UIView? { presented.viewIfLoaded }
    /// Where the presented view sits in the container: the built-in presentations' frame (a sheet
    /// at its detent, an alert centred…); for `.custom`, the container's bounds.
    open var frameOfPresentedViewInContainerView: CGRect {
        guard let container = presented.presentation.container else { return .zero }
        return container.kind == .custom ? container.bounds : container.contentFrame
    }
    /// Whether the presenter's view leaves the window once the presentation is complete (and comes
    /// back as the dismissal begins): true for a full-screen presentation, false otherwise (the
    /// presenter then hears no appearance callbacks, as in UIKit).
    open var shouldRemovePresentersView: Bool { presented.presentationKind == .fullScreen }
    /// Whether the presentation covers the whole window (UIKit's default, true).
    open var shouldPresentInFullscreen: Bool { true }
    /// The style the presentation has in the current environment (uisim adapts only popovers, to sheets).
    open var adaptivePresentationStyle: UIModalPresentationStyle { adaptivePresentationStyle(for: traitCollection) }
    open func adaptivePresentationStyle(for traitCollection: UITraitCollection) -> UIModalPresentationStyle {
        presentationStyle == .popover ? .pageSheet : presentationStyle
    }
    /// The traits of the presentation: the container's, or the presenting controller's before it exists.
    open var traitCollection: UITraitCollection { containerView?.traitCollection ?? presentingViewController.traitCollection }
    open var overrideTraitCollection: UITraitCollection?

    // MARK: The transition (each does nothing by default)

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    // MARK: UIContentContainer

    open var preferredContentSize: CGSize { presented.preferredContentSize }
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        containerView?.setNeedsLayout()
    }
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {}
}
