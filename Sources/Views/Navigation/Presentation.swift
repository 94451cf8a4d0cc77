import Foundation
import Geometry
import Graphics
import Layers

/// How a view controller is presented (UIKit's `UIModalPresentationStyle`; on an iPhone,
/// `.automatic`, `.formSheet` and `.pageSheet` are all the page sheet).
public enum UIModalPresentationStyle: Int, Sendable {
    case automatic = -2, none = -1, fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
}

/// How a presented view controller comes on screen (UIKit's `UIModalTransitionStyle`; uisim
/// slides all of them up from the bottom).
public enum UIModalTransitionStyle: Int, Sendable { case coverVertical, flipHorizontal, crossDissolve, partialCurl }

extension UIViewController {
    /// How the controller is shown when presented (default `.automatic`: a page sheet).
    public var modalPresentationStyle: UIModalPresentationStyle {
        get { presentation.style }
        set { presentation.style = newValue }
    }
    public var modalTransitionStyle: UIModalTransitionStyle {
        get { presentation.transition }
        set { presentation.transition = newValue }
    }
    /// Whether a swipe down may not dismiss the sheet (kept: uisim has no swipe-down dismissal yet).
    public var isModalInPresentation: Bool {
        get { presentation.isModal }
        set { presentation.isModal = newValue }
    }
    /// The controller this one presented (nil: none).
    public var presentedViewController: UIViewController? { presentation.presented }
    /// The controller that presented this one.
    public var presentingViewController: UIViewController? { presentation.presenting }
    /// Whether the controller is being presented (between the start and the end of its transition).
    public var isBeingPresented: Bool { presentation.phase == .presenting }
    /// Whether the controller is being dismissed.
    public var isBeingDismissed: Bool { presentation.phase == .dismissing }

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
    /// sheet, others by their style.
    var presentationKind: PresentationKind {
        if let alert = self as? UIAlertController { return alert.preferredStyle == .alert ? .alert : .actionSheet }
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
    public func present(_ viewControllerToPresent: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController, presented.presentation.phase != .dismissing {
            return presented.present(viewControllerToPresent, animated: animated, completion: completion)
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
        let kind = presented.presentationKind
        presented.loadViewIfNeeded()
        let container = PresentationContainer(kind: kind, presented: presented, window: window)
        presented.presentation.container = container
        window.addSubview(container)
        let under = kind == .fullScreen ? coveredController : nil
        under?.beginAppearanceTransition(false, animated: animated)
        presented.beginAppearanceTransition(true, animated: animated)
        container.show(presented.view)
        let finish = {
            under?.viewIfLoaded?.isHidden = true   // a full-screen presentation covers it: not drawn, not composited
            under?.endAppearanceTransition()
            presented.endAppearanceTransition()
            presented.presentation.phase = .none
            mark.finish()
            completion?()
        }
        container.transition(in: true, animated: animated && UIView.areAnimationsEnabled, completion: finish)
    }

    /// Dismisses what this controller presented (or, when it presented nothing, itself): it
    /// slides down, the screen underneath comes back; `completion` runs after.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let presented = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let presented, let presenter = presented.presentingViewController, let container = presented.presentation.container else {
            completion?()
            return
        }
        // What it presented goes first, without a show.
        if let above = presented.presentedViewController { above.dismiss(animated: false) }
        presented.presentation.phase = .dismissing
        let mark = TransitionMark(.dismiss, showing: presented, on: container.window)
        let under = container.kind == .fullScreen ? presenter.coveredController : nil
        under?.viewIfLoaded?.isHidden = false
        presented.beginAppearanceTransition(false, animated: animated)
        under?.beginAppearanceTransition(true, animated: animated)
        container.transition(in: false, animated: animated && UIView.areAnimationsEnabled) {
            container.removeFromSuperview()
            presented.endAppearanceTransition()
            under?.endAppearanceTransition()
            presenter.presentation.presented = nil
            presented.presentation = PresentationState()
            mark.finish()
            completion?()
        }
    }

    /// The controller whose screen a presentation from this one covers: the root of this one's
    /// container chain (a navigation controller, not its top screen), or the screen it presented
    /// from.
    var coveredController: UIViewController {
        var top: UIViewController = self
        while let parent = top.parent { top = parent }
        return top
    }

    var presentation: PresentationState {
        get { storedPresentation ?? PresentationState() }
        set { storedPresentation = newValue }
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
}

/// How a presentation shows its controller.
enum PresentationKind { case pageSheet, fullScreen, overFullScreen, alert, actionSheet }

/// The view a presentation lives in, over the whole window (UIKit's `UITransitionView`): a
/// dimming view under a page sheet, an alert or an action sheet; the presented view in a page
/// sheet's frame, an alert's (centred) or an action sheet's (at the bottom), or the window's.
final class PresentationContainer: UIView {
    let kind: PresentationKind
    private weak var presented: UIViewController?
    private let dimming = UIView()
    private var content: UIView?
    /// How far below the status bar a page sheet starts, and its corners' radius.
    static let sheetGap: CGFloat = 10
    static let sheetCornerRadius: CGFloat = 10
    /// How long a presentation or a dismissal slides.
    static let duration: TimeInterval = 0.5
    /// An alert's scale as it comes.
    static let alertStartScale: CGFloat = 1.2

    init(kind: PresentationKind, presented: UIViewController, window: UIWindow) {
        self.kind = kind
        self.presented = presented
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let dimmed: CGFloat? = switch kind {
        case .pageSheet: 0.4
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
    }

    /// Where the presented view sits: a page sheet from the status bar's bottom plus 10 pt; an
    /// alert centred; an action sheet 8 pt from the sides, on the safe area's bottom (8 pt from
    /// the bottom without one); the full screen otherwise.
    var contentFrame: CGRect {
        switch kind {
        case .pageSheet:
            let top = safeAreaInsets.top + Self.sheetGap
            return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
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

    func show(_ view: UIView) {
        content = view
        view.frame = contentFrame
        if kind == .pageSheet {
            view.layer.cornerRadius = Self.sheetCornerRadius
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            view.layer.masksToBounds = true
        }
        addSubview(view)
    }

    /// Brings the content in (`in`) or takes it away: an alert grows from 1.2× as it fades in
    /// and fades out (UIKit's 0.404 s overdamped spring, uisim's critically damped); an action
    /// sheet slides up from below in the same time; a page sheet or a full-screen presentation
    /// slides up in 0.5 s; the dimming fades with it.
    func transition(in coming: Bool, animated: Bool, completion: @escaping () -> Void) {
        guard let content else { return completion() }
        let shown = contentFrame, hidden = shown.offsetBy(dx: 0, dy: bounds.height - shown.minY)
        let alert = kind == .alert
        let scaled = CGAffineTransform(scaleX: Self.alertStartScale, y: Self.alertStartScale)
        func place(_ visible: Bool) {
            dimming.alpha = visible ? 1 : 0
            if alert {
                content.alpha = visible ? 1 : 0
            } else {
                content.frame = visible ? shown : hidden
            }
        }
        guard animated else {
            place(coming)
            return completion()
        }
        UIView.performWithoutAnimation {
            place(!coming)
            if alert && coming { content.transform = scaled }
        }
        let duration = alert || kind == .actionSheet ? UIAlertController.transitionDuration : Self.duration
        UIView.animate(springDuration: duration, bounce: 0, animations: {
            place(coming)
            if alert && coming { content.transform = .identity }
        }, completion: { _ in completion() })
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let content, content.layer.animationKeys()?.isEmpty ?? true else { return }
        if kind == .alert || content.frame.minY < bounds.height, content.frame != contentFrame { content.frame = contentFrame }
    }
}
