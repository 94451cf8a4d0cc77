import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// What a sheet tells its delegate (UIKit's `UISheetPresentationControllerDelegate`).
@preconcurrency @MainActor
public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    /// The user dragged the sheet to another detent.
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {}
}

/// A page sheet's presentation controller (UIKit's `UISheetPresentationController`): the heights
/// it rests at (`detents`), which one it is at, a grabber, which detents leave the screen
/// underneath undimmed. Heights as UIKit resolves them (`_UISheetLayoutInfo`,
/// `UISheetDetentBlockMedium`): a detent's value is the sheet's height above the safe area's
/// bottom; `.large()` is the most a sheet can be (on an iPhone 14, 844 − 57 − 34 = 753 pt: the
/// sheet's top at 57); `.medium()` is 0.56 of it (UIKit's table for screens taller than 568 pt:
/// 421.68 pt, the top at 844 − 34 − 421.68 = 388.32, rounded to the pixel: 388⅓). A user drags
/// the sheet between its detents and down off the screen: on release it goes to the detent
/// nearest to where its speed would carry it (UIKit's projection: 0.099 s of the release's speed,
/// a deceleration rate of 0.99), "dismissed" being one of them.
@preconcurrency @MainActor
open class UISheetPresentationController: UIPresentationController {
    /// A height a sheet rests at.
    @preconcurrency @MainActor
    public final class Detent {
        public struct Identifier: RawRepresentable, Hashable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        /// What a custom detent's resolver is told.
        @preconcurrency @MainActor
        public final class ResolutionContext {
            /// The largest value a detent can have (the large detent's).
            public let maximumDetentValue: CGFloat
            init(maximumDetentValue: CGFloat) { self.maximumDetentValue = maximumDetentValue }
        }

        public let identifier: Identifier
        private let resolver: (ResolutionContext) -> CGFloat?

        private init(identifier: Identifier, resolver: @escaping (ResolutionContext) -> CGFloat?) {
            self.identifier = identifier
            self.resolver = resolver
        }

        /// UIKit's share of the large detent a medium one takes (screens taller than 568 pt).
        public static let mediumShare: CGFloat = 0.56

        public static func medium() -> Detent { Detent(identifier: .medium) { $0.maximumDetentValue * mediumShare } }
        public static func large() -> Detent { Detent(identifier: .large) { $0.maximumDetentValue } }
        /// A detent of the height `resolver` returns (nil: left out).
        public static func custom(identifier: Identifier? = nil, resolver: @escaping (ResolutionContext) -> CGFloat?) -> Detent {
            Detent(identifier: identifier ?? Identifier(UUID().uuidString), resolver: resolver)
        }

        /// The detent's height above the safe area's bottom, at most `maximum`.
        func resolvedValue(maximum: CGFloat) -> CGFloat? {
            resolver(ResolutionContext(maximumDetentValue: maximum)).map { min(max(0, $0), maximum) }
        }
    }

    /// The heights the sheet rests at (default: large only).
    open var detents: [Detent] = [.large()] { didSet { containerView?.setNeedsLayout() } }
    /// The detent the sheet is at (nil: the smallest).
    open var selectedDetentIdentifier: Detent.Identifier? { didSet { detentDidChange() } }
    /// The largest detent at which the screen underneath is not dimmed (nil: always dimmed).
    open var largestUndimmedDetentIdentifier: Detent.Identifier? { didSet { containerView?.setNeedsLayout() } }
    /// Whether a grabber (a 36 × 5 pt capsule 5 pt from the top) shows.
    open var prefersGrabberVisible = false { didSet { containerView?.setNeedsLayout() } }
    /// The sheet's corners' radius (nil: UIKit's 10 pt).
    open var preferredCornerRadius: CGFloat? { didSet { containerView?.setNeedsLayout() } }

    /// Changes to the detents made in `changes` are animated.
    open func animateChanges(_ changes: () -> Void) {
        animating = true
        changes()
        animating = false
    }

    private var animating = false
    /// Whether the user's drag is selecting the detent (the sheet is already there).
    var selectingByDrag = false

    private func detentDidChange() {
        guard !selectingByDrag, let container = presentedViewController.presentation.container else { return }
        container.moveSheet(animated: animating)
    }

    // MARK: Heights

    /// The detents' values in the container, each with its sheet top, smallest first.
    func restingTops(in container: UIView) -> [(identifier: Detent.Identifier, top: CGFloat)] {
        let bounds = container.bounds, safe = container.safeAreaInsets
        let scale = container.window?.screen.scale ?? UIScreen.main.scale
        let largestTop = safe.top + PresentationContainer.sheetGap
        let maximum = bounds.height - safe.bottom - largestTop
        let resolved = (detents.isEmpty ? [.large()] : detents).compactMap { detent in
            detent.resolvedValue(maximum: maximum).map { value in
                (detent.identifier, ((bounds.height - safe.bottom - value) * scale).rounded() / scale)
            }
        }
        return resolved.sorted { $0.1 > $1.1 }
    }

    /// The top of the sheet at the selected detent (the smallest when none is).
    func selectedTop(in container: UIView) -> CGFloat {
        let tops = restingTops(in: container)
        return (tops.first { $0.identifier == selectedDetentIdentifier } ?? tops.first)?.top ?? container.bounds.height
    }

    /// Whether the screen underneath is dimmed with the sheet's top at `top`.
    func dims(atTop top: CGFloat, in container: UIView) -> Bool {
        guard let undimmed = largestUndimmedDetentIdentifier,
              let limit = restingTops(in: container).first(where: { $0.identifier == undimmed })?.top else { return true }
        return top < limit - 0.5
    }
}

extension UIViewController {
    /// The controller's presentation controller, made on first use (as in UIKit, a delegate can
    /// be set before presenting): a sheet's for a page sheet.
    var madePresentationController: UIPresentationController {
        let popover = modalPresentationStyle == .popover && !(self is UIAlertController)
        let sheet = !popover && presentationKind == .pageSheet
        if let existing = presentation.controller, (existing is UISheetPresentationController) == sheet,
           (existing is UIPopoverPresentationController) == popover { return existing }
        let old = presentation.controller
        let made = popover ? UIPopoverPresentationController(presentedViewController: self, presenting: nil)
            : sheet ? UISheetPresentationController(presentedViewController: self, presenting: nil)
            : UIPresentationController(presentedViewController: self, presenting: nil)
        made.delegate = old?.delegate
        presentation.controller = made
        return made
    }
}
