import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// What a scroll view tells its delegate; every method has a default (Objective-C's optional
/// methods have no Swift counterpart on Linux).
@preconcurrency @MainActor
public protocol UIScrollViewDelegate: AnyObject {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// An animated `setContentOffset`/`scrollRectToVisible` (or a table's `scrollToRow`) ended.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// `adjustedContentInset` changed (the content inset or the safe area's part of it).
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    /// The view a pinch zooms (nil: the scroll view does not zoom).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
}

/// A view that scrolls its content, as UIKit's `UIScrollView`: `contentOffset` is
/// `bounds.origin`; a finger drags it (its `panGestureRecognizer`), and on release it
/// decelerates by `decelerationRate` per millisecond and rubber-bands past its edges. While a
/// finger drags it and while it decelerates, the run loop is in the tracking mode.
open class UIScrollView: UIView {
    /// How fast a released scroll view slows down: the velocity kept per millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let normal = DecelerationRate(rawValue: 0.998)
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// The recognizer that drags the content.
    open var panGestureRecognizer: UIPanGestureRecognizer { panRecognizer }
    let panRecognizer: UIPanGestureRecognizer
    private let delayRecognizer = DelayedTouchesRecognizer()

    open weak var delegate: UIScrollViewDelegate?
    /// The size of the content, in points.
    open var contentSize: CGSize = .zero {
        willSet { keyValueWillChange("contentSize") }
        didSet {
            if contentSize != oldValue, contentInsetAdjustmentBehavior == .scrollableAxes || contentInsetAdjustmentBehavior == .automatic { updateAdjustedContentInset() }
            keyValueDidChange("contentSize")
        }
    }
    /// Extra scrollable space around the content.
    open var contentInset: UIEdgeInsets = .zero {
        willSet {
            keyValueWillChange("contentInset")
            if newValue != contentInset { keyValueWillChange("adjustedContentInset") }
        }
        didSet {
            defer { keyValueDidChange("contentInset") }
            guard contentInset != oldValue else { return }
            // The adjusted inset changed with it: said once, whether or not the safe area's part moved too.
            if !updateAdjustedContentInset(notifyingObservers: false) {
                adjustedContentInsetDidChange()
                delegate?.scrollViewDidChangeAdjustedContentInset(self)
            }
            keyValueDidChange("adjustedContentInset")
        }
    }

    /// Which edges of the safe area `adjustedContentInset` adds to `contentInset` (UIKit's
    /// `UIScrollView.ContentInsetAdjustmentBehavior`).
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `.scrollableAxes`, and the top and bottom always for the view (or content scroll
        /// view) of a controller in a navigation or tab bar controller.
        case automatic
        /// The edges of the axes the view scrolls along (its content larger than it, or
        /// `alwaysBounce…`).
        case scrollableAxes
        /// None: the content's inset is `contentInset` alone.
        case never
        /// Every edge.
        case always
    }

    /// Default `.automatic`, as in UIKit.
    open var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic {
        didSet { if contentInsetAdjustmentBehavior != oldValue { updateAdjustedContentInset() } }
    }

    /// The insets scrolling uses: `contentInset` plus the safe area on the edges
    /// `contentInsetAdjustmentBehavior` adjusts (on an iPhone 14, a full-screen table starts 47 pt
    /// down, under the status bar, and ends 34 pt above the bottom; under a navigation bar, 91).
    open var adjustedContentInset: UIEdgeInsets {
        let a = safeAreaAdjustment
        return UIEdgeInsets(top: contentInset.top + a.top + refreshInset, left: contentInset.left + a.left,
                            bottom: contentInset.bottom + a.bottom, right: contentInset.right + a.right)
    }

    /// The safe area's part of `adjustedContentInset`, worked out as the view is laid out.
    private var safeAreaAdjustment = UIEdgeInsets.zero

    /// Called when `adjustedContentInset` changes (UIKit's; the default does nothing).
    open func adjustedContentInsetDidChange() {}

    /// Works out the safe area's part of `adjustedContentInset` again. A scroll view resting at
    /// its top (or leading edge) stays there, as UIKit's: its offset follows the new inset.
    /// `notifyingObservers` false: the caller tells the observers of "adjustedContentInset".
    @discardableResult
    func updateAdjustedContentInset(notifyingObservers: Bool = true) -> Bool {
        let safe = superview == nil ? UIEdgeInsets.zero : safeAreaInsets
        var vertical: Bool, horizontal: Bool
        switch contentInsetAdjustmentBehavior {
        case .never: (vertical, horizontal) = (false, false)
        case .always: (vertical, horizontal) = (true, true)
        case .scrollableAxes, .automatic:
            vertical = alwaysBounceVertical || contentSize.height + contentInset.top + contentInset.bottom > bounds.height
            horizontal = alwaysBounceHorizontal || contentSize.width + contentInset.left + contentInset.right > bounds.width
            if contentInsetAdjustmentBehavior == .automatic, !vertical, isContentScrollViewOfContainedController { vertical = true }
        }
        let adjustment = UIEdgeInsets(top: vertical ? safe.top : 0, left: horizontal ? safe.left : 0,
                                      bottom: vertical ? safe.bottom : 0, right: horizontal ? safe.right : 0)
        guard adjustment != safeAreaAdjustment else { return false }
        if notifyingObservers { keyValueWillChange("adjustedContentInset") }
        defer { if notifyingObservers { keyValueDidChange("adjustedContentInset") } }
        let before = offsetRange.min
        safeAreaAdjustment = adjustment
        // Resting at the top (or the leading edge): stay there.
        let after = offsetRange.min
        var offset = contentOffset
        if abs(offset.y - before.y) < 0.001 { offset.y = after.y }
        if abs(offset.x - before.x) < 0.001 { offset.x = after.x }
        if offset != contentOffset { contentOffset = offset }
        adjustedContentInsetDidChange()
        delegate?.scrollViewDidChangeAdjustedContentInset(self)
        return true
    }

    /// Whether the view is a controller's view inside a navigation or tab bar controller.
    private var isContentScrollViewOfContainedController: Bool {
        guard let controller = viewController else { return false }
        return controller.navigationController != nil || controller.tabBarController != nil
    }

    open override func layoutSubviews() {
        updateAdjustedContentInset()
        super.layoutSubviews()
        layoutScrollIndicators()
        refreshControl?.layoutInScrollView()
    }

    // Scroll indicators (UIScrollView+Indicators.swift).
    /// Whether the bar showing where the content is scrolled to appears while it scrolls.
    open var showsVerticalScrollIndicator = true { didSet { layoutScrollIndicators() } }
    open var showsHorizontalScrollIndicator = true { didSet { layoutScrollIndicators() } }
    /// The indicators' colour (UIKit's `UIScrollView.IndicatorStyle`).
    open var indicatorStyle = IndicatorStyle.default { didSet { indicators?.restyle(indicatorStyle) } }
    open var verticalScrollIndicatorInsets = UIEdgeInsets.zero { didSet { layoutScrollIndicators() } }
    open var horizontalScrollIndicatorInsets = UIEdgeInsets.zero { didSet { layoutScrollIndicators() } }
    /// The old name of both insets (setting it sets both; it reads the vertical one).
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }
    /// Shows the indicators a while, as after a scroll.
    open func flashScrollIndicators() {
        showScrollIndicators()
        scheduleHidingScrollIndicators()
    }
    /// Whether the indicators keep out of the safe area's insets (true, as UIKit's).
    open var automaticallyAdjustsScrollIndicatorInsets = true { didSet { layoutScrollIndicators() } }
    var indicators: ScrollIndicators?

    // The refresh control (UIRefreshControl.swift).
    /// A control above the content that a pull past its threshold starts refreshing.
    open var refreshControl: UIRefreshControl? {
        didSet {
            guard refreshControl !== oldValue else { return }
            oldValue?.detach()
            refreshControl?.attach(to: self)
        }
    }
    /// The refresh control's height, added to the top inset while it refreshes.
    var refreshInset: CGFloat = 0 {
        willSet { if newValue != refreshInset { keyValueWillChange("adjustedContentInset") } }
        didSet {
            guard refreshInset != oldValue else { return }
            adjustedContentInsetDidChange()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
            keyValueDidChange("adjustedContentInset")
        }
    }

    open override func safeAreaInsetsDidChange() {
        super.safeAreaInsetsDidChange()
        updateAdjustedContentInset()
    }
    open var isScrollEnabled = true {
        didSet { panRecognizer.isEnabled = isScrollEnabled }
    }
    open var bounces = true
    open var alwaysBounceVertical = false
    open var alwaysBounceHorizontal = false
    open var decelerationRate = DecelerationRate.normal
    /// Whether touches reach the content only after a short wait (~150 ms) that tells a tap from
    /// a drag. Default true.
    open var delaysContentTouches = true {
        didSet { delayRecognizer.isEnabled = delaysContentTouches }
    }
    /// Whether a drag that starts on content that already has the touch takes it away
    /// (`touchesCancelled`). Default true.
    open var canCancelContentTouches = true
    /// Whether the content stops on multiples of the bounds' size when the finger lifts. uisim's
    /// rule (UIKit does not publish one): the page the drag started on, or the next one in the
    /// direction of a release faster than 200 pt/s, else the nearest; reached in 0.3 s, easing out,
    /// as a deceleration (`scrollViewWillBeginDecelerating`, `scrollViewDidEndDecelerating`).
    open var isPagingEnabled = false

    /// Where the content settles when the finger lifts, from the offset and the release velocity
    /// (content points per second), when something other than free deceleration decides it (a
    /// compositional layout's paging sections). Nil: paging or free deceleration.
    var releaseTarget: ((_ offset: CGPoint, _ velocity: CGPoint) -> CGPoint)?

    /// Whether a finger is on the scroll view (it may not have moved yet).
    open var isTracking: Bool { panRecognizer.numberOfTouches > 0 }
    /// Whether the finger is dragging the content.
    open var isDragging: Bool { dragging }
    /// Whether the content moves on after the finger lifted.
    open var isDecelerating: Bool { decelerating }
    private var dragging = false, decelerating = false

    // Zooming (UIScrollView+Zoom.swift).
    /// The smallest and largest scale a pinch may zoom the delegate's `viewForZooming(in:)` to;
    /// the scroll view zooms only when the largest is above the smallest (both 1 by default).
    open var minimumZoomScale: CGFloat = 1 { didSet { updateZoomRecognizer() } }
    open var maximumZoomScale: CGFloat = 1 { didSet { updateZoomRecognizer() } }
    /// Whether a pinch may pass the limits, the scale springing back when the fingers lift.
    open var bouncesZoom = true
    /// The recognizer that zooms, once the scroll view can zoom (nil before).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinchRecognizer }
    var pinchRecognizer: UIPinchGestureRecognizer?
    var storedZoomScale: CGFloat = 1
    var zoomStartScale: CGFloat = 1
    /// Whether a pinch is zooming the content, and whether the scale is springing back.
    open var isZooming: Bool { zooming }
    open var isZoomBouncing: Bool { zoomBouncing }
    var zooming = false, zoomBouncing = false
    /// The zoomed view's scale (1 at first), within the limits.
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    /// Zooms to `scale` (within the limits) about the middle of the bounds.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        let target = min(max(scale, minimumZoomScale), maximumZoomScale)
        let anchor = CGPoint(x: bounds.width / 2, y: bounds.height / 2)
        if animated, UIView.areAnimationsEnabled, let loop = EventRunLoop.current, target != storedZoomScale {
            animateZoom(to: target, anchor: anchor, on: loop, notify: false)
        } else {
            applyZoom(target, anchor: anchor)
        }
    }

    /// Zooms so that `rect` (in the zoomed view's coordinates) fills the bounds, centred.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0 else { return }
        let scale = min(max(min(bounds.width / rect.width, bounds.height / rect.height), minimumZoomScale), maximumZoomScale)
        applyZoom(scale, anchor: CGPoint(x: bounds.width / 2, y: bounds.height / 2))
        let offset = CGPoint(x: rect.midX * scale - bounds.width / 2, y: rect.midY * scale - bounds.height / 2)
        setContentOffset(offset, animated: animated)
    }

    var zoomAnimation: CADisplayLink?
    let zoomPinchDelegate = ZoomPinchDelegate()

    var dragStartOffset = CGPoint.zero
    private var velocity = CGPoint.zero
    private var animation: CADisplayLink?
    private var lastStep: TimeInterval = 0
    private weak var trackingLoop: EventRunLoop?

    public override init(frame: CGRect) {
        panRecognizer = UIPanGestureRecognizer()
        super.init(frame: frame)
        setUpScrollView()
    }

    private func setUpScrollView() {
        clipsToBounds = true
        panRecognizer.addTarget { [unowned self] _ in self.handlePan() }
        panRecognizer.delegate = delayRecognizer
        delayRecognizer.scrollView = self
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(panRecognizer)
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        panRecognizer = UIPanGestureRecognizer()
        super.init(coder: coder)
        setUpScrollView()
        UINibDecoder.didInit(self, as: UIScrollView.self, coder: coder)
    }

    /// How a drag dismisses the keyboard, as UIKit's `UIScrollView.KeyboardDismissMode`.
    public enum KeyboardDismissMode: Int, Sendable {
        /// The keyboard stays (the default).
        case none
        /// A drag that begins in the scroll view dismisses the keyboard.
        case onDrag
        /// The keyboard follows a finger dragged down onto it and is dismissed when the finger
        /// lets go over it moving down (uisim draws no keyboard: only the dismissal is modelled).
        case interactive
        /// iOS 16's variants that keep the keyboard on an upward drag; as their base modes here.
        case onDragWithAccessory, interactiveWithAccessory
    }

    /// How dragging the content dismisses the keyboard (`.none` by default).
    open var keyboardDismissMode: KeyboardDismissMode = .none

    // MARK: Offset

    /// Where the content's origin is scrolled to: the bounds origin. Observers of `contentOffset`
    /// hear a change only (unlike most keys, which notify every set): an observer that sets the
    /// offset it was told about (PanModal's, holding a table in place while its sheet moves)
    /// would otherwise be called again without end, which it is not on iOS.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            keyValueWillChange("contentOffset")
            defer { keyValueDidChange("contentOffset") }
            bounds.origin = newValue
            setNeedsLayout()
            refreshControl?.scrollViewDidScroll()
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Moves the content. Animated, the scroll view moves it itself, frame by frame on the main
    /// thread as UIKit's does (a display link: `scrollViewDidScroll` and the layout of what comes
    /// into view run every frame, in the app's stage), over `Self.scrollAnimationDuration` on
    /// the ease-in-out curve, then tells `scrollViewDidEndScrollingAnimation`. A drag stops it.
    open func setContentOffset(_ offset: CGPoint, animated: Bool) {
        defer { _checkScrollInvariants() }
        stopDecelerating(notify: false)
        stopScrollingAnimation(notify: false)
        guard animated, offset != contentOffset, UIView.areAnimationsEnabled, let loop = EventRunLoop.current else {
            contentOffset = offset
            return
        }
        scrollingAnimation = offsetAnimation(to: offset, duration: Self.scrollAnimationDuration, curve: .easeInEaseOut, on: loop) {
            $0.stopScrollingAnimation(notify: true)
        }
    }

    /// A display link that moves the content from where it is to `target` over `duration` on
    /// `curve`, frame by frame on the main thread (vsync time, so every run moves it the same);
    /// `finished` runs at its last frame.
    private func offsetAnimation(to target: CGPoint, duration: TimeInterval, curve: CAMediaTimingFunctionName, on loop: EventRunLoop,
                                 finished: @escaping (UIScrollView) -> Void) -> CADisplayLink {
        let start = loop.vsync.time(atOrBefore: loop.clock.now)
        let from = contentOffset
        let timing = CAMediaTimingFunction(name: curve)
        let link = CADisplayLink { [unowned self] link in
            let fraction = min(1, (link.targetTimestamp - start) / duration)
            let p = CGFloat(timing.value(at: fraction))
            self.contentOffset = CGPoint(x: from.x + (target.x - from.x) * p, y: from.y + (target.y - from.y) * p)
            if fraction >= 1 { finished(self) }
        }
        link.add(to: loop, forMode: .common)
        return link
    }

    /// How long an animated `setContentOffset` takes: 0.3 s (UIKit does not document it; this is
    /// what it is commonly measured at).
    package static let scrollAnimationDuration: TimeInterval = 0.3

    /// Scrolls the least that shows `rect` (in the content's coordinates), animated or not.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let visible = CGRect(origin: contentOffset, size: bounds.size)
        var target = contentOffset
        if rect.width > visible.width || rect.minX < visible.minX { target.x = rect.minX } else if rect.maxX > visible.maxX { target.x = rect.maxX - visible.width }
        if rect.height > visible.height || rect.minY < visible.minY { target.y = rect.minY } else if rect.maxY > visible.maxY { target.y = rect.maxY - visible.height }
        target = clamped(target)
        guard target != contentOffset else { return }
        setContentOffset(target, animated: animated)
    }

    private var scrollingAnimation: CADisplayLink?

    private func stopScrollingAnimation(notify: Bool) {
        guard let link = scrollingAnimation else { return }
        link.invalidate()
        scrollingAnimation = nil
        if notify { delegate?.scrollViewDidEndScrollingAnimation(self) }
    }

    /// Moves the content offset by `delta`, a drag under way moving with it (its start offset too),
    /// as UIKit's table view does when a row above the rows on screen changes height.
    func shiftContentOffset(by delta: CGPoint) {
        defer { _checkScrollInvariants() }
        dragStartOffset = CGPoint(x: dragStartOffset.x + delta.x, y: dragStartOffset.y + delta.y)
        contentOffset = CGPoint(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y)
    }

    /// The smallest and largest offsets that keep the content in view.
    var offsetRange: (min: CGPoint, max: CGPoint) {
        let inset = adjustedContentInset
        let minimum = CGPoint(x: -inset.left, y: -inset.top)
        let maximum = CGPoint(x: max(minimum.x, contentSize.width + inset.right - bounds.width),
                              y: max(minimum.y, contentSize.height + inset.bottom - bounds.height))
        return (minimum, maximum)
    }

    var scrollsHorizontally: Bool { alwaysBounceHorizontal || offsetRange.max.x > offsetRange.min.x }
    var scrollsVertically: Bool { alwaysBounceVertical || offsetRange.max.y > offsetRange.min.y }

    // MARK: Content touches

    /// Whether a touch on content `view` may start there; default true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// A drag of the content begins (a table closes a row's swipe actions). Default nothing.
    func contentDragWillBegin() {}

    /// Whether a sideways drag at `point` (content coordinates) is left to the content (a table's
    /// row with swipe actions): the scroll view does not take it. Default false.
    func leavesSidewaysDrag(at point: CGPoint) -> Bool { false }

    /// Whether a drag may take touches away from content `view`; default: not from controls.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    /// Whether the pan may begin, given where its touches already went, and which way they moved:
    /// a drag mostly along an axis this scroll view cannot scroll is left to another scroll view
    /// on the touch's way that can (a carousel in a list: a sideways drag scrolls the carousel, a
    /// vertical one the list, as UIKit's nested scroll views behave). Alone, a scroll view takes
    /// the drag whichever way it goes.
    fileprivate func panMayBegin() -> Bool {
        for touch in panRecognizer.trackedTouches where touch.delivery.viewBegan {
            guard let view = touch.view, view !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
        }
        let moved = panRecognizer.translation(in: self)
        let sideways = abs(moved.x) > abs(moved.y)
        if sideways, !scrollsHorizontally, leavesSidewaysDrag(at: panRecognizer.location(in: self)) { return false }
        if !(sideways ? scrollsHorizontally : scrollsVertically) {
            for touch in panRecognizer.trackedTouches {
                var next = touch.view
                while let view = next {
                    if let other = view as? UIScrollView, other !== self, other.isScrollEnabled,
                       sideways ? other.scrollsHorizontally : other.scrollsVertically { return false }
                    next = view.superview
                }
            }
        }
        return true
    }

    /// A finger touched down: a moving scroll view stops where it is (and that touch does not
    /// reach the content).
    fileprivate func fingerDown() -> Bool {
        guard isDecelerating else { return false }
        stopDecelerating(notify: false)
        return true
    }

    /// The fingers lifted (the delay recognizer resets after every touch sequence).
    fileprivate func fingersUp() {
        if !isDragging && !isDecelerating { leaveTrackingMode() }
    }

    // MARK: Dragging

    private func handlePan() {
        defer { _checkScrollInvariants() }
        let pan = panRecognizer
        switch pan.state {
        case .began:
            if keyboardDismissMode == .onDrag || keyboardDismissMode == .onDragWithAccessory { dismissKeyboard() }
            stopScrollingAnimation(notify: false)
            dragging = true
            dragStartOffset = contentOffset
            enterTrackingMode()
            showScrollIndicators()
            contentDragWillBegin()
            delegate?.scrollViewWillBeginDragging(self)
            if !isZooming { follow(pan.translation(in: self)) }
        case .changed:
            // While two fingers zoom, the pinch keeps the content under them: no pan of its own.
            if !isZooming { follow(pan.translation(in: self)) }
        case .ended, .cancelled:
            dragging = false
            let v = pan.velocity(in: self)
            if keyboardDismissMode == .interactive || keyboardDismissMode == .interactiveWithAccessory {
                dismissKeyboardIfReleasedOnIt(pan, velocity: v)
            }
            velocity = CGPoint(x: scrollsHorizontally ? -v.x : 0, y: scrollsVertically ? -v.y : 0)
            if let target = settlingTarget() {
                delegate?.scrollViewDidEndDragging(self, willDecelerate: target != contentOffset)
                if target != contentOffset { settle(to: target) } else { leaveTrackingMode() }
                return
            }
            let outside = contentOffset != clamped(contentOffset)
            let decelerate = outside || hypot(velocity.x, velocity.y) > 10
            delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerate)
            if decelerate { startDecelerating() } else { leaveTrackingMode() }
        default:
            break
        }
    }

    /// The first responder lets go of the keyboard (as UIKit resigns it for a dismissing drag).
    private func dismissKeyboard() {
        let app = UIApplication.shared
        guard app.keyboard.isVisible else { return }
        _ = app.firstResponder?.resignFirstResponder()
    }

    /// `.interactive`: the keyboard follows a finger that drags down onto it, and goes when the
    /// finger lets go over it still moving down; a drag that stays above it, or ends moving up,
    /// leaves it up.
    private func dismissKeyboardIfReleasedOnIt(_ pan: UIPanGestureRecognizer, velocity: CGPoint) {
        let app = UIApplication.shared
        guard app.keyboard.isVisible, let window else { return }
        let finger = pan.location(in: window)
        if finger.y >= app.keyboard.frame.minY, velocity.y > 0 { dismissKeyboard() }
    }

    private func follow(_ translation: CGPoint) {
        var target = CGPoint(x: dragStartOffset.x - (scrollsHorizontally ? translation.x : 0),
                             y: dragStartOffset.y - (scrollsVertically ? translation.y : 0))
        let range = offsetRange
        target.x = rubberBand(target.x, min: range.min.x, max: range.max.x, dimension: bounds.width)
        target.y = rubberBand(target.y, min: range.min.y, max: range.max.y, dimension: bounds.height)
        contentOffset = target
    }

    /// UIKit's rubber band: past an edge, the content follows the finger less and less,
    /// `(1 − 1 / (x · 0.55 / d + 1)) · d` for an overshoot x along a dimension d.
    private func rubberBand(_ value: CGFloat, min: CGFloat, max: CGFloat, dimension: CGFloat) -> CGFloat {
        guard bounces, dimension > 0 else { return Swift.min(Swift.max(value, min), max) }
        func band(_ x: CGFloat) -> CGFloat { (1 - 1 / (x * 0.55 / dimension + 1)) * dimension }
        if value < min { return min - band(min - value) }
        if value > max { return max + band(value - max) }
        return value
    }

    private func clamped(_ offset: CGPoint) -> CGPoint {
        let range = offsetRange
        return CGPoint(x: Swift.min(Swift.max(offset.x, range.min.x), range.max.x),
                       y: Swift.min(Swift.max(offset.y, range.min.y), range.max.y))
    }

    // MARK: Paging

    /// Where a paging scroll view (or one with a release target) settles; nil: it decelerates freely.
    private func settlingTarget() -> CGPoint? {
        if let releaseTarget { return clamped(releaseTarget(contentOffset, velocity)) }
        guard isPagingEnabled else { return nil }
        func page(_ offset: CGFloat, _ start: CGFloat, _ speed: CGFloat, _ size: CGFloat) -> CGFloat {
            guard size > 0 else { return offset }
            let from = (start / size).rounded()
            var index = (offset / size).rounded()
            if speed > Self.pagingVelocity { index = from + 1 } else if speed < -Self.pagingVelocity { index = from - 1 }
            return min(max(index, from - 1), from + 1) * size
        }
        return clamped(CGPoint(x: page(contentOffset.x, dragStartOffset.x, velocity.x, bounds.width),
                               y: page(contentOffset.y, dragStartOffset.y, velocity.y, bounds.height)))
    }

    /// The release speed past which a paging scroll view turns to the next page (uisim's choice).
    static let pagingVelocity: CGFloat = 200
    /// How long the content takes to settle on a page.
    static let pagingDuration: TimeInterval = 0.3

    /// Moves the content to `target` as a deceleration: over `pagingDuration`, easing out.
    private func settle(to target: CGPoint) {
        guard let loop = EventRunLoop.current else {
            contentOffset = target
            leaveTrackingMode()
            return
        }
        decelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        animation = offsetAnimation(to: target, duration: Self.pagingDuration, curve: .easeOut, on: loop) {
            $0.stopDecelerating(notify: true)
        }
        _checkScrollInvariants()
    }

    // MARK: Deceleration

    private func startDecelerating() {
        guard let loop = EventRunLoop.current else {
            contentOffset = clamped(contentOffset)
            leaveTrackingMode()
            return
        }
        decelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        // Animation time is vsync time, never the measured clock, so the same trace moves the
        // content the same way on every run.
        lastStep = loop.vsync.time(atOrBefore: loop.clock.now)
        let link = CADisplayLink { [unowned self] link in self.step(to: link.targetTimestamp) }
        link.add(to: loop, forMode: .common)
        animation = link
        _checkScrollInvariants()
    }

    /// One frame of deceleration up to `time`: velocity decays by the rate per millisecond; past
    /// an edge, a stiff spring pulls the content back.
    private func step(to time: TimeInterval) {
        let dt = Swift.max(0, time - lastStep)
        lastStep = time
        let decay = pow(decelerationRate.rawValue, CGFloat(dt * 1000))
        var offset = contentOffset
        offset.x += velocity.x * CGFloat(dt)
        offset.y += velocity.y * CGFloat(dt)
        velocity.x *= decay
        velocity.y *= decay
        let inside = clamped(offset)
        if offset != inside {
            if !bounces {
                offset = inside
                velocity = .zero
            } else {
                // Past the edge: momentum dies fast and the content springs back (time constant 60 ms).
                let pull = CGFloat(exp(-dt / 0.06))
                velocity.x *= pull * pull
                velocity.y *= pull * pull
                offset.x = inside.x + (offset.x - inside.x) * pull
                offset.y = inside.y + (offset.y - inside.y) * pull
                if abs(offset.x - inside.x) < 0.5 && abs(offset.y - inside.y) < 0.5 && hypot(velocity.x, velocity.y) < 20 {
                    offset = inside
                    velocity = .zero
                }
            }
        }
        contentOffset = offset
        if hypot(velocity.x, velocity.y) < 5 && offset == inside {
            stopDecelerating(notify: true)
        }
        _checkScrollInvariants()
    }

    private func stopDecelerating(notify: Bool) {
        guard isDecelerating else { return }
        animation?.invalidate()
        animation = nil
        decelerating = false
        velocity = .zero
        if notify { delegate?.scrollViewDidEndDecelerating(self) }
        if !isTracking { leaveTrackingMode() }
        _checkScrollInvariants()
    }

    /// Stops the process, naming what broke, unless the scrolling state is consistent (a debug
    /// build's check, `UISIM_INTERNAL_CHECKS`, after every step of a drag, a deceleration or a
    /// page's settling, and after an offset set in code): the content offset, the drag's start
    /// and the velocity are finite; the scroll view is decelerating exactly while the display
    /// link of a deceleration or of a page's settling runs; it is not dragged and decelerating at
    /// once; the zoom scale is finite and above 0.
    package func _checkScrollInvariants() {
        #if UISIM_INTERNAL_CHECKS
        let offset = contentOffset
        precondition(offset.x.isFinite && offset.y.isFinite, "UIScrollView: contentOffset \(offset) is not finite")
        precondition(dragStartOffset.x.isFinite && dragStartOffset.y.isFinite, "UIScrollView: the drag's start offset \(dragStartOffset) is not finite")
        precondition(velocity.x.isFinite && velocity.y.isFinite, "UIScrollView: the velocity \(velocity) is not finite")
        precondition(decelerating == (animation != nil),
                     "UIScrollView: isDecelerating is \(decelerating) while its deceleration's display link \(animation == nil ? "is gone" : "runs")")
        precondition(!(dragging && decelerating), "UIScrollView: dragged and decelerating at once")
        precondition(storedZoomScale.isFinite && storedZoomScale > 0, "UIScrollView: the zoom scale \(storedZoomScale) is not finite and positive")
        #endif
    }

    // MARK: Run-loop mode

    private func enterTrackingMode() {
        guard trackingLoop == nil, let loop = EventRunLoop.current else { return }
        loop.pushMode(.tracking)
        trackingLoop = loop
    }

    private func leaveTrackingMode() {
        scheduleHidingScrollIndicators()
        guard let loop = trackingLoop else { return }
        if loop.currentMode == .tracking { loop.popMode() }
        trackingLoop = nil
    }
}

/// UIKit's way of delaying content touches: a recognizer that holds touches back from the
/// content (`delaysTouchesBegan`) for 150 ms, then fails and lets them through — unless the
/// pan began first, in which case the content never sees them. It also lets a touch that stops
/// a moving scroll view end there. It is the pan's delegate too, so a drag starting on content
/// that may not be cancelled does not scroll.
final class DelayedTouchesRecognizer: UIGestureRecognizer, UIGestureRecognizerDelegate {
    weak var scrollView: UIScrollView?
    private var timer: LoopTimer?
    static let delay: TimeInterval = 0.15

    init() {
        super.init(target: nil, action: nil)
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if scrollView?.fingerDown() == true {
            state = .recognized   // the touch stopped the scroll: it does not reach the content
            return
        }
        guard state == .possible, timer == nil else { return }
        timer = runLoop?.scheduledTimer(withTimeInterval: Self.delay, repeats: false, mode: .common) { [weak self] _ in
            guard let self, self.state == .possible else { return }
            self.state = .failed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        timer?.invalidate()
        timer = nil
        scrollView?.fingersUp()
    }

    // As the pan's delegate.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        scrollView?.panMayBegin() ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        other === self || other === scrollView?.pinchGestureRecognizer
    }
}

extension UIScrollView {
    /// The subview of this scroll view that the one touch of `touches` is in (the touched view or
    /// its ancestor here: a table's row, a collection view's item), or nil.
    func subview(touchedBy touches: Set<UITouch>) -> UIView? {
        guard touches.count == 1, var view = touches.first?.view else { return nil }
        while view.superview !== self {
            guard let parent = view.superview else { return nil }
            view = parent
        }
        return view
    }
}

extension UIScrollView {
    /// A list's animated update (a table's rows, a collection view's items), over `duration`: the
    /// views `leaving` fade out and are then `settle`d (back to their queues), the layout pass run
    /// in the animation moves the others to their new places, and the views `arriving` (asked for
    /// after that pass) fade in; `completion` runs when all of it has ended.
    func animateListUpdate<Key, View: UIView>(duration: TimeInterval, fadeKey: String, leaving: [(Key, View)],
                                              settle: @escaping (Key, View) -> Void, arriving: () -> [UIView],
                                              completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            for (key, view) in leaving {
                view.layer.removeAnimation(forKey: fadeKey)
                view.alpha = 1
                settle(key, view)
            }
            completion?(true)
        }
        for (_, view) in leaving {
            UIView.performWithoutAnimation { view.alpha = 0 }
            view.layer.add(CABasicAnimation.listFade(from: 1, to: 0, duration: duration), forKey: fadeKey)
        }
        UIView.animate(withDuration: duration, delay: 0, options: [.curveEaseInOut, .allowUserInteraction],
                       animations: { self.layoutIfNeeded() })
        for view in arriving() { view.layer.add(CABasicAnimation.listFade(from: 0, to: 1, duration: duration), forKey: fadeKey) }
        CATransaction.commit()
    }
}

extension CABasicAnimation {
    /// A list's fade of a row or item in or out (an update's): opacity `from` → `to`, ease in-out.
    static func listFade(from: Double, to: Double, duration: TimeInterval) -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = from
        fade.toValue = to
        fade.duration = duration
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return fade
    }
}
