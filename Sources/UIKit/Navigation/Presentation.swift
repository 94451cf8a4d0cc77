import Foundation
import Geometry
import CoreGraphics
import QuartzCore

/// How a view controller is presented (UIKit's `UIModalPresentationStyle`; on an iPhone,
/// `.automatic`, `.formSheet` and `.pageSheet` are all the page sheet).
public enum UIModalPresentationStyle: Int, Sendable {
    case automatic = -2, none = -1, fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
}

/// How a presented view controller comes on screen (UIKit's `UIModalTransitionStyle`): uisim
/// slides it up from the bottom, or fades it in and out for `.crossDissolve` (in the
/// presentation's time); the flip and the curl are drawn as the slide.
public enum UIModalTransitionStyle: Int, Sendable { case coverVertical, flipHorizontal, crossDissolve, partialCurl }

extension UIViewController {
    /// The style in force: `.automatic`, `.formSheet` and `.popover` are a page sheet on an iPhone.
    var effectivePresentationStyle: UIModalPresentationStyle {
        switch modalPresentationStyle {
        case .automatic, .formSheet, .popover, .pageSheet, .none: .pageSheet
        case .currentContext, .custom: .fullScreen
        case .overCurrentContext: .overFullScreen
        case let style: style
        }
    }

    /// How the controller is shown when presented: an alert controller as an alert or an action
    /// sheet, others by their style (a form sheet on an iPad is a centred card).
    var presentationKind: PresentationKind { presentationKind(idiom: UIScreen.main.model.userInterfaceIdiom) }

    func presentationKind(idiom: UIUserInterfaceIdiom) -> PresentationKind {
        if let alert = self as? UIAlertController { return alert.preferredStyle == .alert ? .alert : .actionSheet }
        if idiom == .pad, modalPresentationStyle == .formSheet { return .formSheet }
        switch effectivePresentationStyle {
        case .pageSheet: return .pageSheet
        case .overFullScreen: return .overFullScreen
        default: return .fullScreen
        }
    }

    /// Presents `viewControllerToPresent` over this controller's screen (over what this
    /// controller already presents, as UIKit does): a page sheet 10 pt below the status bar with
    /// its top corners rounded 10 pt, the screen underneath dimmed, or the full screen; sliding up
    /// from the bottom in 0.5 s (animated) on a critically damped spring. A full-screen
    /// presentation takes the screen underneath away (`viewWillDisappear`…`viewDidDisappear`); a
    /// sheet leaves it appeared, as since iOS 13. `completion` runs when it is on screen.
    ///
    /// As UIKit, it refuses (and says) a presentation while the one it would cover is still
    /// coming or going (present in the dismissal's completion instead), and a controller that is
    /// already presented.
    func performPresentation(of viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)?) {
        if let presented = presentedViewController {
            guard presented.presentation.phase == .none else {
                viewIfLoaded?.reportLayoutIssue("Attempt to present \(type(of: viewControllerToPresent)) on \(type(of: self)) while a presentation is in progress (ignored)")
                return
            }
            return presented.present(viewControllerToPresent, animated: animated, completion: completion)
        }
        guard viewControllerToPresent.presentation.presenting == nil, viewControllerToPresent !== self else {
            viewIfLoaded?.reportLayoutIssue("Application tried to present modally a view controller \(type(of: viewControllerToPresent)) that is already being presented (ignored)")
            return
        }
        guard let window = viewIfLoaded?.window ?? parent?.viewIfLoaded?.window else {
            viewIfLoaded?.reportLayoutIssue("present(_:animated:): \(type(of: self))'s view is not in a window")
            return
        }
        let presented = viewControllerToPresent
        let mark = TransitionMark(.present, showing: presented, on: window)
        presentation.presented = presented
        presented.presentation.presenting = self
        presented.presentation.phase = .presenting
        let kind = presented.presentationKind(idiom: window.screen.model.userInterfaceIdiom)
        presented.loadViewIfNeeded()
        let container = PresentationContainer(kind: kind, presented: presented, window: window)
        presented.presentation.container = container
        window.addSubview(container)
        container.dimTintBehind()
        let under = kind == .fullScreen ? coveredController : nil
        let animates = animated && UIView.areAnimationsEnabled
        let coordinator = TransitionCoordinator(from: self, to: presented, container: container, animated: animates, interactive: false,
                                                duration: container.transitionDuration)
        under?.beginAppearanceTransition(false, animated: animated)
        presented.beginAppearanceTransition(true, animated: animated)
        container.show(presented.view)
        let finish = {
            coordinator.complete(cancelled: false)
            // UIKit: "the views belonging to the presenting view controller are removed after the
            // presentation completes" (a full screen covers them); the dismissal puts them back.
            if let under { presented.presentation.removedUnder = RemovedView(under.viewIfLoaded) }
            under?.endAppearanceTransition()
            presented.endAppearanceTransition()
            if presented.presentation.phase == .presenting { presented.presentation.phase = .none }
            mark.finish()
            completion?()
        }
        container.transition(in: true, animated: animates, alongside: coordinator.runAlongside, completion: finish)
    }

    /// Dismisses what this controller presented (or, when it presented nothing, itself): it
    /// slides down, the screen underneath comes back; `completion` runs after.
    ///
    /// Called on a controller inside a presented container (a navigation controller's screen),
    /// the container's presentation is dismissed, as in UIKit. A dismissal while the presentation
    /// is still coming, or already going, is refused and said.
    func performDismissal(animated: Bool, completion: (() -> Void)?) {
        var owner: UIViewController? = self
        while let controller = owner, controller.presentation.presented == nil, controller.presentation.presenting == nil { owner = controller.parent }
        guard let owner else {
            completion?()
            return
        }
        let presented = owner.presentation.presented ?? owner
        guard presented.presentation.phase == .none else {
            viewIfLoaded?.reportLayoutIssue("Attempt to dismiss from view controller \(type(of: owner)) while a presentation or dismiss is in progress (ignored)")
            return
        }
        guard let dismissal = presented.beginDismissal(animated: animated) else {
            completion?()
            return
        }
        dismissal.container.transition(in: false, animated: animated && UIView.areAnimationsEnabled,
                                       alongside: dismissal.coordinator.runAlongside) {
            dismissal.finish()
            completion?()
        }
    }

    /// Begins this presented controller's dismissal: what it presented goes first (without a
    /// show), then the appearance callbacks begin; nil when it is not presented.
    func beginDismissal(animated: Bool, interactive: Bool = false) -> Dismissal? {
        guard let presenter = presentation.presenting, let container = presentation.container, presentation.phase == .none else { return nil }
        if let above = presentedViewController { above.dismiss(animated: false) }
        presentation.phase = .dismissing
        let mark = TransitionMark(.dismiss, showing: self, on: container.window)
        let under = container.kind == .fullScreen ? presenter.coveredController : nil
        let coordinator = TransitionCoordinator(from: self, to: presenter, container: container, animated: animated && UIView.areAnimationsEnabled,
                                                interactive: interactive, duration: container.transitionDuration)
        beginAppearanceTransition(false, animated: animated)
        under?.beginAppearanceTransition(true, animated: animated)
        // The presenter's views come back into the window, under the presented one, to be
        // uncovered as it goes.
        presentation.removedUnder?.restore()
        presentation.removedUnder = nil
        return Dismissal(presented: self, presenter: presenter, container: container, under: under, mark: mark, coordinator: coordinator)
    }

    var presentation: PresentationState {
        get { storedPresentation ?? PresentationState() }
        set { storedPresentation = newValue }
    }
}

/// A dismissal under way: finished when the presented view has gone, or cancelled when a swipe
/// let go of it (the sheet comes back).
@MainActor
struct Dismissal {
    let presented: UIViewController, presenter: UIViewController
    let container: PresentationContainer
    let under: UIViewController?
    let mark: TransitionMark
    let coordinator: TransitionCoordinator

    func finish() {
        coordinator.complete(cancelled: false)
        container.restoreTintBehind()
        container.removeFromSuperview()
        presented.endAppearanceTransition()
        under?.endAppearanceTransition()
        if presenter.presentation.presented === presented { presenter.presentation.presented = nil }
        // The style, the transition and the presentation controller stay, as in UIKit.
        presented.presentation.presenting = nil
        presented.presentation.container = nil
        presented.presentation.phase = .none
        mark.finish()
    }

    /// The sheet stays: it hears that it will appear and did, as UIKit says after a cancelled
    /// swipe; the screen underneath that it disappears again.
    func cancel() {
        coordinator.complete(cancelled: true)
        under?.beginAppearanceTransition(false, animated: true)
        if let under { presented.presentation.removedUnder = RemovedView(under.viewIfLoaded) }
        under?.endAppearanceTransition()
        presented.beginAppearanceTransition(true, animated: true)
        presented.endAppearanceTransition()
        presented.presentation.phase = .none
        mark.cancel()
    }
}

extension UIViewController {
    /// The controller whose screen a presentation from this one covers: the root of this one's
    /// container chain (a navigation controller, not its top screen), or the screen it presented
    /// from.
    var coveredController: UIViewController {
        var top: UIViewController = self
        while let parent = top.parent { top = parent }
        return top
    }

}

/// What a view controller knows of its presentations.
struct PresentationState {
    enum Phase { case none, presenting, dismissing }
    var style = UIModalPresentationStyle.automatic
    var transition = UIModalTransitionStyle.coverVertical
    var isModal = false
    /// Held, as UIKit's presenting controller holds what it presents (an alert made and
    /// presented in one line lives until it is dismissed).
    var presented: UIViewController?
    weak var presenting: UIViewController?
    var phase = Phase.none
    var container: PresentationContainer?
    /// The presentation controller, made on first use.
    var controller: UIPresentationController?
    /// The presenter's view a full-screen presentation took out of the window, and where it was.
    var removedUnder: RemovedView?
}

/// A view taken out of its superview, and where to put it back (the same superview, under the
/// same sibling).
@MainActor
struct RemovedView {
    let view: UIView
    weak var superview: UIView?
    weak var above: UIView?

    /// Takes `view` out of its superview (nil: nothing to take).
    init?(_ view: UIView?) {
        guard let view, let superview = view.superview, let index = superview.subviews.firstIndex(where: { $0 === view }) else { return nil }
        self.view = view
        self.superview = superview
        above = index > 0 ? superview.subviews[index - 1] : nil
        view.removeFromSuperview()
    }

    /// Puts the view back where it was.
    func restore() {
        guard let superview, view.superview == nil else { return }
        if let above, above.superview === superview {
            superview.insertSubview(view, aboveSubview: above)
        } else {
            superview.insertSubview(view, at: 0)
        }
    }
}

/// How a presentation shows its controller.
enum PresentationKind { case pageSheet, formSheet, fullScreen, overFullScreen, alert, actionSheet }

/// The view a presentation lives in, over the whole window (UIKit's `UITransitionView`): a
/// dimming view under a page sheet, an alert or an action sheet; the presented view in a page
/// sheet's frame (at its detent), an alert's (centred) or an action sheet's (at the bottom), or
/// the window's. A page sheet at its largest detent shrinks the window's root screen behind it
/// (about its centre, so that its top comes to the status bar's bottom: 0.889 on an iPhone 14;
/// UIKit does not publish its factor), its corners rounded 10 pt; the user drags the sheet
/// between its detents and down to dismiss it (`UISheetPresentationController`).
final class PresentationContainer: UIView {
    let kind: PresentationKind
    private(set) weak var presented: UIViewController?
    private let dimming = UIView()
    private var content: UIView?
    private let grabber = UIView()
    private var sheetPan: SheetPan?
    /// How far below the status bar a page sheet starts, and its corners' radius.
    static let sheetGap: CGFloat = 10
    static let sheetCornerRadius: CGFloat = 10
    /// How long a presentation or a dismissal slides.
    static let duration: TimeInterval = 0.5
    /// An alert's scale as it comes.
    static let alertStartScale: CGFloat = 1.2
    /// How long the presentation comes or goes: an alert's or an action sheet's 0.404 s, else 0.5 s.
    var transitionDuration: TimeInterval { kind == .alert || kind == .actionSheet ? UIAlertController.transitionDuration : Self.duration }

    /// A form sheet's size on an iPad (UIKit's default `preferredContentSize` for one).
    static let formSheetSize = CGSize(width: 540, height: 620)
    /// The grabber's size and its distance from the sheet's top.
    static let grabberSize = CGSize(width: 36, height: 5), grabberInset: CGFloat = 5

    init(kind: PresentationKind, presented: UIViewController, window: UIWindow) {
        self.kind = kind
        self.presented = presented
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let dimmed: CGFloat? = switch kind {
        case .pageSheet, .formSheet: 0.4
        case .alert, .actionSheet: 0.2   // UIKit's alert dimming, light mode
        case .fullScreen, .overFullScreen: nil
        }
        if let dimmed {
            dimming.backgroundColor = UIColor(white: 0, alpha: dimmed)
            dimming.frame = bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(dimming)
        }
        if kind == .actionSheet {
            dimming.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
                (self?.presented as? UIAlertController)?.tappedOutside()
            })
        }
        if kind == .pageSheet {
            grabber.backgroundColor = .systemGray3
            grabber.layer.cornerRadius = Self.grabberSize.height / 2
            let pan = SheetPan(container: self)
            sheetPan = pan
            addGestureRecognizer(pan.recognizer)
        }
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// The page sheet's presentation controller.
    var sheet: UISheetPresentationController? { presented?.presentationController as? UISheetPresentationController }

    /// Where the presented view sits: a page sheet at its detent (UIKit's large: from the status
    /// bar's bottom plus 10 pt); an alert centred; an action sheet 8 pt from the sides, on the
    /// safe area's bottom (8 pt from the bottom without one); the full screen otherwise.
    var contentFrame: CGRect {
        switch kind {
        case .pageSheet:
            return sheetFrame(top: sheet?.selectedTop(in: self) ?? safeAreaInsets.top + Self.sheetGap)
        case .formSheet:
            // UIKit's form sheet: 540 × 620 pt, centred (smaller on a smaller window).
            let size = CGSize(width: min(Self.formSheetSize.width, bounds.width), height: min(Self.formSheetSize.height, bounds.height))
            return CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                          width: size.width, height: size.height)
        case .alert:
            let size = (presented as? UIAlertController)?.alertSize() ?? .zero
            return CGRect(x: ((bounds.width - size.width) / 2).rounded(), y: ((bounds.height - size.height) / 2).rounded(),
                          width: size.width, height: size.height)
        case .actionSheet:
            let inset = UIAlertController.sheetInset, width = bounds.width - 2 * inset
            let height = (presented as? UIAlertController)?.sheetHeight(width: width) ?? 0
            let bottom = bounds.height - max(inset, safeAreaInsets.bottom)
            return CGRect(x: inset, y: bottom - height, width: width, height: height)
        case .fullScreen, .overFullScreen:
            return bounds
        }
    }

    // MARK: The page sheet

    /// The sheet's tops at rest, smallest sheet first.
    var restingTops: [CGFloat] { sheet?.restingTops(in: self).map(\.top) ?? [safeAreaInsets.top + Self.sheetGap] }

    /// The sheet's frame with its top at `top`: down to the bottom, except below its smallest
    /// detent, where it moves down whole.
    func sheetFrame(top: CGFloat) -> CGRect {
        let lowest = restingTops.first ?? top
        return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - min(top, lowest))
    }

    /// The sheet, its grabber, the dimming and the screen behind, with the sheet's top at `top`.
    func placeSheet(top: CGFloat) {
        guard let content else { return }
        let frame = sheetFrame(top: top)
        if content.frame != frame { content.frame = frame }
        let radius = sheet?.preferredCornerRadius ?? Self.sheetCornerRadius
        if content.layer.cornerRadius != radius { content.layer.cornerRadius = radius }
        let showsGrabber = sheet?.prefersGrabberVisible ?? false
        if showsGrabber != (grabber.superview != nil) {
            if showsGrabber { addSubview(grabber) } else { grabber.removeFromSuperview() }
        }
        if showsGrabber {
            grabber.frame = CGRect(x: ((bounds.width - Self.grabberSize.width) / 2).rounded(), y: top + Self.grabberInset,
                                   width: Self.grabberSize.width, height: Self.grabberSize.height)
        }
        let tops = restingTops, largest = tops.last ?? top, lowest = tops.first ?? top
        // Dimmed above the largest undimmed detent, fading out below the smallest.
        let dims = sheet?.dims(atTop: top, in: self) ?? true
        let fade = top <= lowest ? 1 : max(0, (bounds.height - top) / max(1, bounds.height - lowest))
        dimming.alpha = dims ? fade : 0
        // The screen behind shrinks as the sheet reaches a full-height detent (UIKit's large) that
        // dims it; at any other it stays whole.
        let fullHeight = safeAreaInsets.top + Self.sheetGap
        if abs(largest - fullHeight) < 0.5, sheet?.dims(atTop: largest, in: self) ?? true {
            let below = tops.dropLast().last ?? bounds.height
            scaleBehind(min(1, max(0, (top - largest) / max(1, below - largest))))
        } else {
            scaleBehind(1)
        }
    }

    /// The window's root screen behind a page sheet: scaled by `behindScale` at f = 0, whole at 1.
    private func scaleBehind(_ f: CGFloat) {
        guard let root = behind else { return }
        let half = bounds.height / 2
        let scale = 1 - (1 - (half - safeAreaInsets.top) / half) * (1 - f)
        guard scale < 1 else {
            // Whole again: the screen's own transform and corners back.
            if let own = behindOwn {
                root.transform = own.transform
                root.layer.cornerRadius = own.radius
                root.layer.masksToBounds = own.masks
                behindOwn = nil
            }
            return
        }
        if behindOwn == nil { behindOwn = (root.transform, root.layer.cornerRadius, root.layer.masksToBounds) }
        root.transform = CGAffineTransform(scaleX: scale, y: scale)
        if root.layer.cornerRadius != Self.sheetCornerRadius { root.layer.cornerRadius = Self.sheetCornerRadius }
        if !root.layer.masksToBounds { root.layer.masksToBounds = true }
    }

    /// The screen behind's own transform and corners, while the sheet shrinks it.
    private var behindOwn: (transform: CGAffineTransform, radius: CGFloat, masks: Bool)?

    /// Touches on the clear space around an undimmed sheet reach the screen behind, as in UIKit.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        if kind == .pageSheet, hit === self || hit === dimming, dimming.alpha < 0.01 { return nil }
        return hit
    }

    /// The view a page sheet shrinks: the window's root screen, when the sheet is presented from
    /// it (not over another sheet).
    private var behind: UIView? {
        guard kind == .pageSheet, let presenter = presented?.presentingViewController, presenter.presentingViewController == nil,
              let window, let root = window.rootViewController, presenter.coveredController === root else { return nil }
        return root.viewIfLoaded
    }

    /// The window's root screen under an alert, an action sheet or a sheet has its tint dimmed
    /// (UIKit's `tintAdjustmentMode = .dimmed` on what the modal covers), until the dismissal.
    func dimTintBehind() {
        guard kind != .fullScreen, kind != .overFullScreen, let root = window?.rootViewController?.viewIfLoaded,
              root.storedTintAdjustment != .dimmed else { return }
        tintDimmed = (root, root.storedTintAdjustment)
        root.tintAdjustmentMode = .dimmed
    }

    func restoreTintBehind() {
        guard let (view, mode) = tintDimmed else { return }
        tintDimmed = nil
        view.tintAdjustmentMode = mode
    }

    /// The view whose tint a modal dimmed, and its mode before.
    private var tintDimmed: (UIView, UIView.TintAdjustmentMode)?

    /// Stops the sheet where it is shown (a finger caught it while it moved): its animations, the
    /// dimming's, the grabber's and the screen behind's removed, the model where they were. Returns
    /// the sheet's top.
    func catchSheet() -> CGFloat {
        guard let content else { return 0 }
        let shown = content.layer.presentation()?.frame.minY ?? content.frame.minY
        guard !(content.layer.animationKeys()?.isEmpty ?? true) else { return content.frame.minY }
        let layers: [CALayer?] = [content.layer, dimming.layer, grabber.layer, behind?.layer]
        for case let layer? in layers { layer.removeAllAnimations() }
        UIView.performWithoutAnimation { placeSheet(top: shown) }
        return shown
    }

    /// The detent changed in code: the sheet goes there (animated inside `animateChanges`).
    func moveSheet(animated: Bool) {
        guard kind == .pageSheet, content != nil, presented?.presentation.phase == PresentationState.Phase.none else { return }
        let top = sheet?.selectedTop(in: self) ?? contentFrame.minY
        guard animated, UIView.areAnimationsEnabled else { return placeSheet(top: top) }
        UIView.animate(springDuration: Self.duration, bounce: 0, animations: { self.placeSheet(top: top) })
    }

    func show(_ view: UIView) {
        content = view
        view.frame = contentFrame
        if kind == .pageSheet {
            view.layer.cornerRadius = sheet?.preferredCornerRadius ?? Self.sheetCornerRadius
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            view.layer.masksToBounds = true
        } else if kind == .formSheet {
            view.layer.cornerRadius = Self.sheetCornerRadius
            view.layer.masksToBounds = true
        }
        addSubview(view)
    }

    /// Brings the content in (`in`) or takes it away: an alert grows from 1.2× as it fades in
    /// and fades out (UIKit's 0.404 s overdamped spring, uisim's critically damped); an action
    /// sheet slides up from below in the same time; a page sheet or a full-screen presentation
    /// slides up in 0.5 s; the dimming fades with it.
    func transition(in coming: Bool, animated: Bool, alongside: (() -> Void)? = nil, completion: @escaping () -> Void) {
        guard let content else { return completion() }
        let shown = contentFrame, hidden = shown.offsetBy(dx: 0, dy: bounds.height - shown.minY)
        let alert = kind == .alert
        // An alert fades (and grows); so does a controller presented with `.crossDissolve`.
        let fades = alert || (kind != .actionSheet && presented?.modalTransitionStyle == .crossDissolve)
        let scaled = CGAffineTransform(scaleX: Self.alertStartScale, y: Self.alertStartScale)
        func place(_ visible: Bool) {
            if kind == .pageSheet && !fades { return placeSheet(top: visible ? shown.minY : bounds.height) }
            dimming.alpha = visible ? 1 : 0
            if fades {
                content.alpha = visible ? 1 : 0
            } else {
                content.frame = visible ? shown : hidden
            }
        }
        guard animated else {
            place(coming)
            if !coming {
                scaleBehind(1)
                if fades { content.alpha = 1 }   // the view may be shown again
            }
            alongside?()
            return completion()
        }
        UIView.performWithoutAnimation {
            if !(kind == .pageSheet && !coming) { place(!coming) }   // a sheet leaves from where it is
            if alert && coming { content.transform = scaled }
        }
        UIView.animate(springDuration: transitionDuration, bounce: 0, animations: {
            place(coming)
            if alert && coming { content.transform = .identity }
            alongside?()
        }, completion: { _ in
            if !coming {
                self.scaleBehind(1)
                if fades { UIView.performWithoutAnimation { content.alpha = 1 } }   // the view may be shown again
            }
            completion()
        })
    }

    /// The sheet at rest (not moved by a finger or an animation), after a rotation or a detent change.
    var sheetIsDragged: Bool { sheetPan?.isDragging ?? false }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let content, content.layer.animationKeys()?.isEmpty ?? true, !sheetIsDragged,
              presented?.presentation.phase == PresentationState.Phase.none else { return }
        if kind == .pageSheet { return placeSheet(top: contentFrame.minY) }
        if content.frame != contentFrame { content.frame = contentFrame }
    }
}

/// A page sheet's drag (UIKit's `_UISheetInteraction`): a vertical pan on the sheet moves it
/// between its detents (rubber-banding past the largest) and down off the screen. A scroll view
/// in the sheet keeps the drags it can scroll: one scrolled from its top, one dragged up when
/// the sheet is at its largest. On release the sheet goes to the resting place nearest to where
/// its speed would carry it (0.099 s of it), "dismissed" below the screen being one unless
/// `isModalInPresentation` or the delegate refuse it (then it springs back and the delegate hears
/// `presentationControllerDidAttemptToDismiss`). Pulled below its smallest detent, the sheet
/// begins its dismissal (`viewWillDisappear`, `presentationControllerWillDismiss`); brought back,
/// it appears again (`viewWillAppear`, `viewDidAppear`).
@MainActor
final class SheetPan: UIGestureRecognizerDelegate {
    /// UIKit's projection: a deceleration rate of 0.99 per ms carries a speed v (pt/s) v × 0.099 pt further.
    static let projection: CGFloat = 0.099
    let recognizer = UIPanGestureRecognizer()
    private weak var container: PresentationContainer?
    private var startTop: CGFloat = 0
    private var allowed = true
    private var dismissal: Dismissal?
    private(set) var isDragging = false

    init(container: PresentationContainer) {
        self.container = container
        recognizer.maximumNumberOfTouches = 1
        recognizer.name = "sheet"
        recognizer.delegate = self
        recognizer.addTarget { [weak self] _ in self?.changed() }
    }

    private var presented: UIViewController? { container?.presented }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        guard let container, let view = presented?.viewIfLoaded else { return false }
        return view.frame.contains(touch.location(in: container))
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard let container, let presented, presented.presentation.phase == .none else { return false }
        let moved = recognizer.translation(in: container)
        guard abs(moved.y) > abs(moved.x) else { return false }
        let atLargest = (presented.viewIfLoaded?.frame.minY ?? 0) <= (container.restingTops.last ?? 0) + 0.5
        for touch in recognizer.trackedTouches {
            var next = touch.view
            while let view = next, view !== container {
                if let scroll = view as? UIScrollView, scroll.isScrollEnabled, scroll.scrollsVertically {
                    let atTop = scroll.contentOffset.y <= -scroll.adjustedContentInset.top + 0.5
                    if moved.y > 0 ? !atTop : atLargest { return false }
                }
                next = view.superview
            }
        }
        return true
    }

    /// Pans inside the sheet wait for the sheet's to fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy other: UIGestureRecognizer) -> Bool {
        other.isPan(inside: presented?.viewIfLoaded)
    }

    private func changed() {
        guard let container, let presented, let sheet = container.sheet else { return }
        let tops = container.restingTops
        let largest = tops.last ?? 0, lowest = tops.first ?? largest
        switch recognizer.state {
        case .began:
            isDragging = true
            startTop = container.catchSheet()
            allowed = !presented.isModalInPresentation && (sheet.delegate?.presentationControllerShouldDismiss(sheet) ?? true)
        case .changed:
            var top = startTop + recognizer.translation(in: container).y
            if top < largest { top = largest - Self.rubberBand(largest - top, dimension: container.bounds.height) }
            if top > lowest, !allowed { top = lowest + Self.rubberBand(top - lowest, dimension: container.bounds.height) }
            if top > lowest + 0.5, allowed, dismissal == nil { beginDismissal(sheet) }
            UIView.performWithoutAnimation { container.placeSheet(top: top) }
        case .ended, .cancelled:
            isDragging = false
            let top = presented.view.frame.minY
            let projected = recognizer.state == .ended ? top + recognizer.velocity(in: container).y * Self.projection : top
            var places = sheet.restingTops(in: container).map { (Optional($0.identifier), $0.top) }
            if allowed { places.append((nil, container.bounds.height)) }
            let target = places.min { abs($0.1 - projected) < abs($1.1 - projected) } ?? (sheet.selectedDetentIdentifier, lowest)
            if !allowed, top > lowest + 0.5 { sheet.delegate?.presentationControllerDidAttemptToDismiss(sheet) }
            settle(at: target.1, identifier: target.0, dismissing: target.0 == nil && allowed)
        default:
            break
        }
    }

    /// The delegate hears that the sheet will be dismissed, then the sheet that it will disappear.
    private func beginDismissal(_ sheet: UISheetPresentationController) {
        guard let presented, presented.presentingViewController != nil, presented.presentation.phase == .none else { return }
        sheet.delegate?.presentationControllerWillDismiss(sheet)
        dismissal = presented.beginDismissal(animated: true, interactive: true)
    }

    /// Springs the sheet to `top`: a detent (its identifier selected), or off the screen.
    private func settle(at top: CGFloat, identifier: UISheetPresentationController.Detent.Identifier?, dismissing: Bool) {
        guard let container, let sheet = container.sheet else { return }
        if dismissing, dismissal == nil { beginDismissal(sheet) }
        let dismissal = self.dismissal
        self.dismissal = nil
        let finish = { [weak sheet] in
            guard let sheet else { return }
            if dismissing {
                dismissal?.finish()
                sheet.delegate?.presentationControllerDidDismiss(sheet)
                return
            }
            dismissal?.cancel()
            if let identifier, identifier != (sheet.selectedDetentIdentifier ?? sheet.restingTops(in: container).first?.identifier) {
                sheet.selectingByDrag = true
                sheet.selectedDetentIdentifier = identifier
                sheet.selectingByDrag = false
                (sheet.delegate as? UISheetPresentationControllerDelegate)?.sheetPresentationControllerDidChangeSelectedDetentIdentifier(sheet)
            }
        }
        guard UIView.areAnimationsEnabled else {
            container.placeSheet(top: top)
            return finish()
        }
        UIView.animate(springDuration: PresentationContainer.duration, bounce: 0, animations: { container.placeSheet(top: top) },
                       completion: { _ in finish() })
    }

    /// UIKit's rubber band: `(1 − 1 / (x × 0.55 / d + 1)) × d` for `x` points past the edge.
    static func rubberBand(_ x: CGFloat, dimension d: CGFloat) -> CGFloat {
        (1 - 1 / (x * 0.55 / max(d, 1) + 1)) * d
    }
}
