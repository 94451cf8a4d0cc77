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
        let style = presented.effectivePresentationStyle
        let container = PresentationContainer(style: style, window: window)
        presented.presentation.container = container
        window.addSubview(container)
        presented.loadViewIfNeeded()
        let under = style == .fullScreen ? coveredController : nil
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
        container.slide(in: true, animated: animated && UIView.areAnimationsEnabled, completion: finish)
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
        let under = container.style == .fullScreen ? presenter.coveredController : nil
        under?.viewIfLoaded?.isHidden = false
        presented.beginAppearanceTransition(false, animated: animated)
        under?.beginAppearanceTransition(true, animated: animated)
        container.slide(in: false, animated: animated && UIView.areAnimationsEnabled) {
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
    weak var presented: UIViewController?
    weak var presenting: UIViewController?
    var phase = Phase.none
    var container: PresentationContainer?
}

/// The view a presentation lives in, over the whole window (UIKit's `UITransitionView`): a
/// dimming view under a page sheet, the presented view in a page sheet's frame or the window's.
final class PresentationContainer: UIView {
    let style: UIModalPresentationStyle
    private let dimming = UIView()
    private var content: UIView?
    /// How far below the status bar a page sheet starts, and its corners' radius.
    static let sheetGap: CGFloat = 10
    static let sheetCornerRadius: CGFloat = 10
    /// How long a presentation or a dismissal slides.
    static let duration: TimeInterval = 0.5

    init(style: UIModalPresentationStyle, window: UIWindow) {
        self.style = style
        super.init(frame: window.bounds)
        autoresizingMask = [.flexibleWidth, .flexibleHeight]
        if style == .pageSheet {
            dimming.backgroundColor = UIColor(white: 0, alpha: 0.4)
            dimming.frame = bounds
            dimming.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(dimming)
        }
    }

    /// Where the presented view sits: a page sheet from the status bar's bottom plus 10 pt, the
    /// full screen otherwise.
    var contentFrame: CGRect {
        guard style == .pageSheet else { return bounds }
        let top = safeAreaInsets.top + Self.sheetGap
        return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
    }

    func show(_ view: UIView) {
        content = view
        view.frame = contentFrame
        if style == .pageSheet {
            view.layer.cornerRadius = Self.sheetCornerRadius
            view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            view.layer.masksToBounds = true
        }
        addSubview(view)
    }

    /// Slides the content up into place (`in`) or down out of sight, the dimming fading with it.
    func slide(in coming: Bool, animated: Bool, completion: @escaping () -> Void) {
        guard let content else { return completion() }
        let shown = contentFrame, hidden = shown.offsetBy(dx: 0, dy: bounds.height - shown.minY)
        guard animated else {
            content.frame = coming ? shown : hidden
            dimming.alpha = coming ? 1 : 0
            return completion()
        }
        UIView.performWithoutAnimation {
            content.frame = coming ? hidden : shown
            dimming.alpha = coming ? 0 : 1
        }
        UIView.animate(springDuration: Self.duration, bounce: 0, animations: {
            content.frame = coming ? shown : hidden
            self.dimming.alpha = coming ? 1 : 0
        }, completion: { _ in completion() })
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let content, content.layer.animationKeys()?.isEmpty ?? true else { return }
        if content.frame.minY < bounds.height, content.frame != contentFrame { content.frame = contentFrame }
    }
}
