import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

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
        case .fullScreen, .overFullScreen, .custom: nil
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

    /// The page sheet's presentation controller (a popover's adaptive sheet when it adapted).
    var sheet: UISheetPresentationController? {
        let controller = presented?.presentationController
        return (controller as? UIPopoverPresentationController)?.adaptiveSheetPresentationController ?? controller as? UISheetPresentationController
    }

    /// The presentation controller whose delegate hears a sheet swiped down: the sheet's, or the
    /// popover's that adapted to it.
    var dismissingController: UIPresentationController? { presented?.presentationController }

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
        case .custom:
            return presented?.presentation.controller?.frameOfPresentedViewInContainerView ?? bounds
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
        guard kind != .fullScreen, kind != .overFullScreen, kind != .custom, let root = window?.rootViewController?.viewIfLoaded,
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

    /// Tells the presentation controller before and after (`containerViewWillLayoutSubviews`,
    /// `containerViewDidLayoutSubviews`); a `.custom` presentation's views are its controller's to place.
    override func layoutSubviews() {
        let controller = presented?.presentation.controller
        controller?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        defer { controller?.containerViewDidLayoutSubviews() }
        guard kind != .custom, let content, content.layer.animationKeys()?.isEmpty ?? true, !sheetIsDragged,
              presented?.presentation.phase == PresentationState.Phase.none else { return }
        if kind == .pageSheet { return placeSheet(top: contentFrame.minY) }
        if content.frame != contentFrame { content.frame = contentFrame }
    }
}
