import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Support
import UIFoundation

/// A rectangular area of the screen and the object that manages its content, as UIKit's
/// `UIView`; backed by a `CALayer` that holds its geometry.
///
/// The view is its layer's delegate. Geometry (`frame`, `bounds`, `center`, `transform`) is read
/// from and written to the layer, so the two never disagree. Like UIKit's, the view is
/// `@MainActor` and its layer is not: the layer calls its delegate through a `@preconcurrency`
/// conformance, which Swift checks at run time to be on the main actor.
open class UIView: UIResponder, @preconcurrency CALayerDelegate, @preconcurrency LayerGeometryObserver {
    /// The class of the layer a new view creates; a subclass overrides it to use another layer
    /// class. Must be `CALayer` or a subclass.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's layer, created with the view and never replaced.
    open private(set) var layer: CALayer

    /// A view whose frame is `frame`, in its future superview's coordinates.
    public init(frame: CGRect) {
        layer = Self.makeLayer()
        super.init()
        setUp(frame: frame)
    }

    private static func makeLayer() -> CALayer {
        guard let layerType = layerClass as? CALayer.Type else {
            preconditionFailure("\(Self.self).layerClass must be a CALayer subclass")
        }
        return layerType.init()
    }

    private func setUp(frame: CGRect) {
        layer.delegate = self
        layer.actionsOnlyInBlocks = true
        layer.isOpaque = true
        self.frame = frame
        layer.setNeedsDisplay()
        // A class that lays out with constraints takes part in the update-constraints pass from
        // the start, constraints or not: UIKit calls its `updateConstraints()` at the first layout.
        if Self.requiresConstraintBasedLayout { _ = layoutState }
    }

    /// A view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// UIKit's initializer from an archive (a nib or a storyboard), required as in UIKit: a
    /// subclass with an initializer of its own implements it, so the code builds against UIKit
    /// too. From a document `UINib` reads, the view gets the document's properties, subviews and
    /// constraints before the subclass's initializer goes on; from any other coder uisim makes
    /// nothing (nil) and says so once per class, in the replay's layout issues.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        layer = Self.makeLayer()
        super.init()
        setUp(frame: .zero)
        UINibDecoder.didInit(self, as: UIView.self, coder: coder)
    }

    /// `uisim port`'s, not UIKit's: a view made through a metatype with `init(frame:)`
    /// (`ViewType(frame: r)` for a generic `ViewType: UIView`, `viewClass.init(frame: r)`), which
    /// the port writes as `ViewType._metatypeInit(frame: r)`. iOS dispatches UIKit's initializers
    /// at run time; Swift calls only a required one through a metatype. Each class port ports
    /// overrides this to make itself; this makes UIKit's own views, and stops, naming the class,
    /// for any other (its file was not ported).
    open class func _metatypeInit(frame: CGRect) -> Self {
        MetatypeConstruction.view(self, frame: frame)
    }

    /// `uisim port`'s, not UIKit's: a view made through a metatype with `init()` (`ViewType()`).
    /// As UIKit's `-init`, `init(frame: .zero)` (through `_metatypeInit(frame:)`); a cell's, a
    /// reusable view's or a header's own required `init()`. A class whose `init()` is its own
    /// overrides it (port writes that).
    open class func _metatypeInit() -> Self {
        MetatypeConstruction.view(self)
    }

    // MARK: Geometry (stored in the layer)

    /// The view's rectangle in its superview's coordinates: the axis-aligned bounding box of the
    /// transformed bounds. Setting it sets the bounds size and the center. With a transform that
    /// is not the identity, UIKit says the frame is undefined; see `CALayer.frame` for what uisim does.
    open var frame: CGRect {
        get { layer.frame }
        set {
            keyValueWillChange("frame")
            layer.frame = newValue
            if isInLayoutEngine { frameDidChangeForEngine() }
            keyValueDidChange("frame")
        }
    }

    /// The view's own coordinate space. Changing its size keeps the center (the view grows
    /// about it) and autoresizes the subviews; changing its origin shifts what the view shows, so
    /// the subviews move the other way.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            keyValueWillChange("bounds")
            layer.bounds = newValue
            if isInLayoutEngine { frameDidChangeForEngine() }
            keyValueDidChange("bounds")
        }
    }

    /// The center of the view in its superview's coordinates (the layer's `position`).
    open var center: CGPoint {
        get { layer.position }
        set {
            keyValueWillChange("center")
            layer.position = newValue
            if isInLayoutEngine { frameDidChangeForEngine() }
            keyValueDidChange("center")
        }
    }

    /// The transform applied about the center, relative to the bounds.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set {
            keyValueWillChange("transform")
            layer.setAffineTransform(newValue)
            keyValueDidChange("transform")
        }
    }

    // MARK: Converting coordinates (UIView+Geometry.swift)

    /// `point`, given in the view's coordinates, in `view`'s (nil: the window's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: targetLayer(view))
    }

    /// `point`, given in `view`'s coordinates (nil: the window's), in the view's.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: targetLayer(view))
    }

    /// The bounding box, in `view`'s coordinates (nil: the window's), of `rect` given in the view's.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: targetLayer(view))
    }

    /// The bounding box, in the view's coordinates, of `rect` given in `view`'s (nil: the window's).
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: targetLayer(view))
    }

    // MARK: Appearance

    /// The view's opacity, 0...1 (the layer's `opacity`, a `Float`: the exact value set is
    /// remembered while the layer still has it, so `alpha = 0.01` reads back as 0.01).
    open var alpha: CGFloat {
        get { Float(exactAlpha) == layer.opacity ? exactAlpha : CGFloat(layer.opacity) }
        set {
            keyValueWillChange("alpha")
            exactAlpha = newValue
            layer.opacity = Float(newValue)
            keyValueDidChange("alpha")
        }
    }

    // `@exclusivity(unchecked)`: read by every hit test (see CALayer's geometry properties).
    @exclusivity(unchecked)
    private var exactAlpha: CGFloat = 1

    /// Whether the view and its subviews are not shown (and receive no touches). A stack view's
    /// arranged view that is hidden or shown collapses or takes its place again.
    open var isHidden: Bool {
        get { layer.isHidden }
        set {
            keyValueWillChange("hidden")
            defer { keyValueDidChange("hidden") }
            guard newValue != layer.isHidden else { return }
            layer.isHidden = newValue
            (superview as? UIStackView)?.arrangedSubviewHiddenDidChange(self)
        }
    }

    /// A promise that the view fills its bounds with opaque content, letting the compositor skip
    /// what lies beneath. Default true, as in UIKit.
    open var isOpaque: Bool {
        get { layer.isOpaque }
        set { layer.isOpaque = newValue }
    }

    /// Whether subviews are clipped to the bounds (the layer's `masksToBounds`).
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// A view whose alpha masks this view and its subviews, as UIKit's `mask` (its layer becomes
    /// the layer's `mask`: an offscreen pass). It is not in the view hierarchy: uisim neither lays
    /// it out nor gives it the screen's scale, so size it with its frame.
    open var mask: UIView? {
        didSet { if mask !== oldValue { layer.mask = mask?.layer } }
    }

    /// The view's background color; nil is transparent.
    open var backgroundColor: UIColor? {
        willSet { keyValueWillChange("backgroundColor") }
        didSet {
            applyBackgroundColor()
            keyValueDidChange("backgroundColor")
        }
    }

    /// The layer's background: the colour resolved with the view's traits (light or dark).
    func applyBackgroundColor() {
        guard let color = backgroundColor else { return layer.backgroundColor = nil }
        layer.backgroundColor = color.isDynamic ? color.resolvedColor(with: UITraitCollection(userInterfaceStyle: effectiveUserInterfaceStyle)).cgColor
            : color.cgColor
    }

    /// The view's light-or-dark override (`overrideUserInterfaceStyle`), and the appearance it
    /// last resolved its colours for.
    var storedStyleOverride = UIUserInterfaceStyle.unspecified
    /// The view's own tint and adjustment mode (nil: inherited, the common case).
    var tintState: TintState?
    struct TintState {
        var color: UIColor?
        var mode: TintAdjustmentMode
    }
    lazy var lastStyle: UIUserInterfaceStyle = AppEnvironment.current.userInterfaceStyle

    /// How the view's content is placed when its bounds change. Default `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.contentsGravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw
        }
    }

    /// Pixels per point of the view's content (the layer's `contentsScale`); set to the screen's
    /// scale when the view enters a window.
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set { layer.contentsScale = newValue }
    }

    /// An integer that identifies the view (`viewWithTag(_:)`).
    open var tag = 0

    /// Whether touches are delivered to the view (and its subviews).
    @exclusivity(unchecked)
    open var isUserInteractionEnabled = true {
        willSet { keyValueWillChange("userInteractionEnabled") }
        didSet { keyValueDidChange("userInteractionEnabled") }
    }

    // MARK: Layout

    /// How the view resizes when its superview's bounds size changes.
    open var autoresizingMask: AutoresizingMask = [] {
        // A view that translates its mask into constraints has them made anew.
        didSet { if autoresizingMask != oldValue, isInLayoutEngine { hierarchyEngine?.frameChanged(self) } }
    }

    /// Whether the view autoresizes its subviews when its bounds size changes. Default true.
    open var autoresizesSubviews = true

    // MARK: Hierarchy

    /// The view's superview, or nil.
    open internal(set) weak var superview: UIView?

    /// The view's subviews, back to front.
    @exclusivity(unchecked)
    open internal(set) var subviews: [UIView] = []

    /// The window the view is in: the nearest `UIWindow` among itself and its ancestors.
    open var window: UIWindow? { enclosingWindow }

    /// Adds `view` in front of the other subviews (moving it to the front if already one).
    open func addSubview(_ view: UIView) {
        insertSubviewDirectly(view, at: subviews.count)
    }

    /// Inserts `view` at `index` of the subviews (0 is the back; an index past the end adds it
    /// in front). The view leaves its old superview first.
    open func insertSubview(_ view: UIView, at index: Int) {
        insertSubviewDirectly(view, at: index)
    }

    /// Inserts `view` just in front of `siblingSubview`.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        moveOrInsert(view, nextTo: siblingSubview, offset: 1)
    }

    /// Inserts `view` just behind `siblingSubview`.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        moveOrInsert(view, nextTo: siblingSubview, offset: 0)
    }

    /// Moves `view` in front of its siblings.
    open func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubviewDirectly(view, at: subviews.count)
    }

    /// Moves `view` behind its siblings.
    open func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubviewDirectly(view, at: 0)
    }

    /// Swaps the subviews at two indices.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        exchangeSubviewsDirectly(at: index1, index2)
    }

    /// Removes the view from its superview (and window).
    open func removeFromSuperview() {
        removeFromSuperviewDirectly()
    }

    /// Whether the view is `view` or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// The first view with `tag` in a depth-first search of the subtree, starting with the view.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Called before the view is added to a superview (or removed, with nil).
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed.
    open func didMoveToSuperview() {}
    /// Called before the view enters a window (or leaves one, with nil).
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed.
    open func didMoveToWindow() {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}

    // MARK: Events

    /// Whether the view receives more than one touch at a time. Default false: a second touch
    /// on the view goes to its gesture recognizers, not to its touch methods.
    open var isMultipleTouchEnabled = false

    /// Whether the view's touches exclude every other view's in the window: while it tracks a
    /// touch, no other view gets a new one, and it gets none while others track.
    open var isExclusiveTouch = false

    /// The gesture recognizers attached to the view, in the order added; setting the list detaches
    /// the old ones and attaches the new (`removeGestureRecognizer`/`addGestureRecognizer`).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedRecognizers }
        set {
            for recognizer in attachedRecognizers ?? [] { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }
    var attachedRecognizers: [UIGestureRecognizer]?

    /// Whether `gestureRecognizer` may begin (leave `.possible`): asked of the recognizer's view,
    /// and of a control under its touches (UIKit's rule that a control's own action wins over an
    /// ancestor's overlapping gesture). Default true.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// The deepest visible, interactive view under `point` (in the view's coordinates), or nil.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        defaultHitTest(point, with: event)
    }

    /// Whether `point`, in the view's coordinates, is inside it. Default: inside the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Responder chain

    /// Subviews that a UIKit class adds to itself (a button's label and image view), as opposed to
    /// ones an app adds: the replay's hierarchy check warns only about the latter in controls.
    public internal(set) var systemSubviews: [UIView] = []

    /// The view controller whose `view` this is, if any (UIKit's private `_viewDelegate`).
    weak var viewController: UIViewController? {
        didSet { if viewController !== oldValue { layoutMarginsMayHaveChanged() } }
    }

    /// The view controller whose view this is, else the superview.
    open override var next: UIResponder? { viewController ?? superview }

    override var responderWindow: UIWindow? { window }

    /// Makes the first responder, if it is this view or inside it, resign (the keyboard goes
    /// down). `force` is accepted as UIKit's; uisim asks the responder either way.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let responder = UIApplication.shared.firstResponder as? UIView, responder.isDescendant(of: self) else { return true }
        return responder.resignFirstResponder()
    }

    // MARK: Layout and drawing (overridable)

    /// Marks the view for `layoutSubviews()` in the next layout pass (calls coalesce).
    open func setNeedsLayout() {
        layer.setNeedsLayout()
    }

    /// Lays out now, from the highest ancestor that needs layout down (after the constraints
    /// pass, when the hierarchy uses constraints).
    open func layoutIfNeeded() {
        layOutIfNeeded()
    }

    /// Resizes the view to `sizeThatFits(_:)` of its current size.
    open func sizeToFit() {
        bounds.size = sizeThatFits(bounds.size)
    }

    /// The part of the view covered by the window's unsafe edges (notch, home indicator), as
    /// insets (UIView+Layout.swift says how they propagate down the hierarchy).
    open var safeAreaInsets: UIEdgeInsets { propagatedSafeAreaInsets }

    /// Marks the whole view for redrawing (`draw(_:)`) in the next display pass.
    open func setNeedsDisplay() {
        layer.setNeedsDisplay()
    }

    /// Marks `rect` (bounds coordinates) for redrawing; the rectangles of one frame are unioned.
    open func setNeedsDisplay(_ rect: CGRect) {
        layer.setNeedsDisplay(rect)
    }

    /// The direction content with `attribute` reads in, in the app's direction
    /// (`UIApplication.shared.userInterfaceLayoutDirection`: left to right in uisim).
    open class func userInterfaceLayoutDirection(for attribute: UISemanticContentAttribute) -> UIUserInterfaceLayoutDirection {
        userInterfaceLayoutDirection(for: attribute, relativeTo: UIApplication.shared.userInterfaceLayoutDirection)
    }

    /// The direction content with `semanticContentAttribute` reads in when its surroundings read
    /// in `layoutDirection`: playback and spatial content (media controls, arrows) and content
    /// forced left to right always read left to right; forced right to left, right to left;
    /// unspecified content follows `layoutDirection`.
    open class func userInterfaceLayoutDirection(for semanticContentAttribute: UISemanticContentAttribute,
                                                 relativeTo layoutDirection: UIUserInterfaceLayoutDirection) -> UIUserInterfaceLayoutDirection {
        switch semanticContentAttribute {
        case .unspecified: layoutDirection
        case .playback, .spatial, .forceLeftToRight: .leftToRight
        case .forceRightToLeft: .rightToLeft
        }
    }

    /// Lays out the subviews; called by the layout pass for views marked with
    /// `setNeedsLayout()` (or whose bounds size changed). The default does nothing (autoresizing
    /// has already happened when the bounds changed).
    open func layoutSubviews() {}

    /// Draws the view's content within `rect` (bounds coordinates) into
    /// `UIGraphicsGetCurrentContext()`. Only views that override it get a backing store; the
    /// default draws nothing.
    open func draw(_ rect: CGRect) {
        UIGraphicsGetCurrentContext()?.defaultDrawReached = true
    }

    /// How a view's tint is adjusted (UIKit's `UIView.TintAdjustmentMode`).
    public enum TintAdjustmentMode: Int, Sendable { case automatic, normal, dimmed }

    /// The colour controls and templates take (UIKit's): the view's own, else its superview's,
    /// else system blue; greyed while `tintAdjustmentMode` is dimmed (a presented alert or sheet
    /// covers it). Setting it (nil: inherit again) tells the view and the subviews that inherit it
    /// (`tintColorDidChange()`).
    open var tintColor: UIColor! {
        get {
            var next: UIView? = self
            var tint: UIColor = .systemBlue
            while let view = next {
                if let own = view.storedTint { tint = own; break }
                next = view.superview
            }
            return effectiveTintAdjustmentMode == .dimmed ? Self.dimmed(tint) : tint
        }
        set {
            keyValueWillChange("tintColor")
            storedTint = newValue
            UIKitState.current.customizesTint = true
            tintMayHaveChanged()
            keyValueDidChange("tintColor")
        }
    }

    /// Whether the tint is dimmed: the view's own mode, else its superview's (`.automatic`
    /// inherits; the top of the hierarchy is `.normal`). Changing it tells the subtree.
    open var tintAdjustmentMode: TintAdjustmentMode {
        get { effectiveTintAdjustmentMode }
        set {
            storedTintAdjustment = newValue
            UIKitState.current.customizesTint = true
            tintMayHaveChanged()
        }
    }

    var effectiveTintAdjustmentMode: TintAdjustmentMode {
        var next: UIView? = self
        while let view = next {
            if view.storedTintAdjustment != .automatic { return view.storedTintAdjustment }
            next = view.superview
        }
        return .normal
    }

    /// Called when the view's tint changes (its own, an ancestor's it inherits, or its dimming).
    /// The default does nothing; controls redraw with the new tint.
    open func tintColorDidChange() {}

    // MARK: Accessibility (UIKit's `UIAccessibility` properties; Accessibility/UIAccessibility.swift)

    var accessibility = AccessibilityStorage()
    /// `registerForTraitChanges(_:handler:)`'s registrations.
    var traitRegistrations: [UITraitChangeRegistration] = []

    /// Whether assistive technologies treat the view as one element (default: false for a plain
    /// view; true for labels, buttons and UIKit's other controls, text fields and table cells).
    open var isAccessibilityElement: Bool {
        get { accessibility.isElement ?? defaultIsAccessibilityElement }
        set { accessibility.isElement = newValue }
    }

    /// What VoiceOver says the element is (default: a label's text, a button's title, a cell's
    /// labels' texts; nil for a plain view).
    open var accessibilityLabel: String? {
        get { accessibility.label ?? defaultAccessibilityLabel }
        set { accessibility.label = newValue.map { .some($0) } }   // nil: the class's own again
    }

    open var accessibilityHint: String?

    /// The element's value (default: a switch's "1" or "0", a slider's percentage, a text field's text).
    open var accessibilityValue: String? {
        get { accessibility.value ?? defaultAccessibilityValue }
        set { accessibility.value = .some(newValue) }
    }

    /// What kind of element it is (default: `.button` for buttons and switches, `.staticText` for
    /// labels, `.adjustable` for sliders, `.image` for image views; `.notEnabled` when disabled).
    open var accessibilityTraits: UIAccessibilityTraits {
        get { accessibility.traits ?? defaultAccessibilityTraits }
        set { accessibility.traits = newValue }
    }

    /// A name for UI tests (XCUITest's `identifier`), never spoken.
    open var accessibilityIdentifier: String?
    /// The elements inside the view, in reading order (a container's), if set.
    open var accessibilityElements: [Any]?
    /// Whether the view's subviews are hidden from assistive technologies.
    open var accessibilityElementsHidden = false
    /// Whether VoiceOver ignores the view's siblings (a modal view).
    open var accessibilityViewIsModal = false
    open var shouldGroupAccessibilityChildren = false

    /// The element's rectangle on the screen (default: the view's).
    open var accessibilityFrame: CGRect {
        get { accessibility.frame ?? screenFrame }
        set { accessibility.frame = newValue }
    }

    /// The class's defaults, which uisim's views override.
    var defaultIsAccessibilityElement: Bool { false }
    var defaultAccessibilityLabel: String? { nil }
    var defaultAccessibilityValue: String? { nil }
    var defaultAccessibilityTraits: UIAccessibilityTraits { .none }

    /// The view's appearance (light or dark) changed: uisim's views that resolve colours or images
    /// themselves (an image view's template tint, an asset's dark image) do it again.
    func appearanceStyleDidChange() {}

    /// The subtree's tint may have changed: each view hears `tintColorDidChange()`, parents first
    /// (UIKit calls it on the views that inherit; uisim on all of them, which is the same for the
    /// views that did not set their own).
    func tintMayHaveChanged() {
        forEachInSubtree { view in view.tintColorDidChange() }
    }

    /// A dimmed tint: its grey (its luminance), as UIKit desaturates a tint under a modal.
    static func dimmed(_ tint: UIColor) -> UIColor {
        UIColor { traits in
            let c = tint.resolvedColor(with: traits).cgColor.components
            let grey = 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
            return UIColor(white: grey, alpha: c[3])
        }
    }

    var storedTint: UIColor? {
        get { tintState?.color }
        set { tintState = TintState(color: newValue, mode: tintState?.mode ?? .automatic) }
    }
    var storedTintAdjustment: TintAdjustmentMode {
        get { tintState?.mode ?? .automatic }
        set { tintState = TintState(color: tintState?.color, mode: newValue) }
    }

    /// The view's traits (UIKit's `UITraitEnvironment`; UIView+Layout.swift says where each comes from).
    open var traitCollection: UITraitCollection { resolvedTraitCollection }

    /// Light or dark for this view and its subviews, whatever the app's (UIKit's; default
    /// `.unspecified`: inherited). Changing it re-resolves the subtree's dynamic colours.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle {
        get { storedStyleOverride }
        set { setOverrideUserInterfaceStyle(newValue) }
    }

    /// Called when the view's traits changed (light or dark; UIKit's `UITraitEnvironment`), with
    /// the traits before. The default does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The size the view would like within `size`; the default is its current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// The space around the content that layout keeps free. Default 8 pt on every edge; a view
    /// controller's root view has none of its own but, while its controller
    /// `viewRespectsSystemMinimumLayoutMargins`, at least the controller's
    /// `systemMinimumLayoutMargins` on each edge (UIKit: "the root view's actual margins are set to
    /// either your custom values or the minimum values …, whichever values are greater"). With
    /// `insetsLayoutMarginsFromSafeArea`, the safe-area insets are added: a root view on a
    /// 320-pt-wide phone with 20 pt of status bar has (20, 16, 0, 16).
    open var layoutMargins: UIEdgeInsets {
        get {
            var m = ownLayoutMargins
            if let controller = viewController, controller.viewRespectsSystemMinimumLayoutMargins {
                let minimum = controller.systemMinimumLayoutMargins.edgeInsets(rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft)
                m = UIEdgeInsets(top: max(m.top, minimum.top), left: max(m.left, minimum.left),
                                 bottom: max(m.bottom, minimum.bottom), right: max(m.right, minimum.right))
            }
            guard insetsLayoutMarginsFromSafeArea else { return m }
            let safe = safeAreaInsets
            return UIEdgeInsets(top: m.top + safe.top, left: m.left + safe.left, bottom: m.bottom + safe.bottom, right: m.right + safe.right)
        }
        set {
            guard newValue != storedLayoutMargins else { return }
            storedLayoutMargins = newValue
            layoutMarginsMayHaveChanged()
        }
    }

    /// Whether `layoutMargins` include the safe-area insets. Default true.
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { layoutMarginsMayHaveChanged() } }
    }

    /// The margins set on the view (nil: the default, 8 pt, none for a view controller's root
    /// view, a table view cell's content view's (11, 16, 11, 16), 20 at the sides on the wide phones).
    var storedLayoutMargins: UIEdgeInsets?

    /// The view's own margins, before the controller's minimum and the safe area.
    var ownLayoutMargins: UIEdgeInsets {
        if let stored = storedLayoutMargins { return stored }
        if viewController != nil { return .zero }
        if let cell = superview as? UITableViewCell, cell.ownContentView === self {
            // UIKit's table cells: the row's content sits 11 pt from its top and bottom (a 20⅓ pt
            // line of body text fills a 44 pt row with its separator) and at the table's side margins.
            let side = UITableView.sideMargin(for: window?.screen ?? UIScreen.main)
            return UIEdgeInsets(top: 11, left: side, bottom: 11, right: side)
        }
        return UIEdgeInsets(all: 8)
    }

    /// The margins' inputs changed (their value, the controller's minimum): the guides that follow
    /// them are brought up to date and the view hears `layoutMarginsDidChange()`.
    func layoutMarginsMayHaveChanged() {
        if let guide = constraintState?.marginsGuide ?? constraintState?.readableGuide { hierarchyEngine?.guideChanged(guide) }
        layoutMarginsDidChange()
    }

    /// Called when `layoutMargins` change; the default asks for layout.
    open func layoutMarginsDidChange() {
        setNeedsLayout()
    }

    /// Called when `safeAreaInsets` change; the default asks for layout.
    open func safeAreaInsetsDidChange() {
        setNeedsLayout()
    }

    // MARK: Auto Layout (overridable)

    /// What the view holds for Auto Layout (nil until it uses constraints).
    var constraintState: ConstraintState?
    /// Whether its hierarchy's layout engine has variables for the view.
    var isInLayoutEngine = false
    /// Whether the view or a descendant has used constraints (a hint: it may stay set after
    /// they are gone, which only costs a walk of the subtree).
    var subtreeUsesConstraints = false

    /// The size the content would like, or `noIntrinsicMetric` along an axis without one. Views
    /// with text or an image report theirs.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Tells the layout engine that `intrinsicContentSize` changed (text, an image).
    open func invalidateIntrinsicContentSize() {
        invalidateContentSizeInEngine()
    }

    /// How strongly the view resists growing past its intrinsic size along `axis` (250 by default).
    open func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        constraintState?.hugging[axis.rawValue] ?? defaultContentHuggingPriority
    }

    /// Sets how strongly the view resists growing past its intrinsic size along `axis`.
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.hugging[axis.rawValue] = priority
        contentPrioritiesDidChange()
    }

    /// How strongly the view resists shrinking below its intrinsic size along `axis` (750).
    open func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        constraintState?.compression[axis.rawValue] ?? .defaultHigh
    }

    /// Sets how strongly the view resists shrinking below its intrinsic size along `axis`.
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        layoutState.compression[axis.rawValue] = priority
        contentPrioritiesDidChange()
    }

    /// The hugging priority a view of the class has unless told (UIKit's for views made in code).
    var defaultContentHuggingPriority: UILayoutPriority { .defaultLow }

    // The update-constraints pass and fitting sizes (UIView+Constraints.swift), here in the class
    // body so that a subclass can override them, as UIKit's.

    /// Whether the view's constraints need `updateConstraints()`.
    open func needsUpdateConstraints() -> Bool { constraintsNeedUpdate }

    /// Asks for `updateConstraints()` before the next layout pass.
    open func setNeedsUpdateConstraints() { markConstraintsForUpdate() }

    /// Runs the update-constraints pass of the view's subtree now if it needs one.
    open func updateConstraintsIfNeeded() { runPendingConstraintUpdates() }

    /// The smallest size (`layoutFittingCompressedSize`) or largest (`layoutFittingExpandedSize`)
    /// the view's constraints allow, or the size nearest `targetSize`.
    open func systemLayoutSizeFitting(_ targetSize: CGSize) -> CGSize {
        systemLayoutSizeFitting(targetSize, withHorizontalFittingPriority: .fittingSizeLevel, verticalFittingPriority: .fittingSizeLevel)
    }

    /// The size the view's constraints give it when its sides are pulled toward `targetSize` at
    /// the given priorities (a self-sizing cell asks with its width `.required`).
    open func systemLayoutSizeFitting(_ targetSize: CGSize, withHorizontalFittingPriority horizontalFittingPriority: UILayoutPriority,
                                      verticalFittingPriority: UILayoutPriority) -> CGSize {
        constraintFittingSize(targetSize, horizontalFittingPriority, verticalFittingPriority)
    }

    /// Updates the view's constraints: override it to change constraints in one batch (call
    /// `super.updateConstraints()` last, as UIKit requires). Runs subviews before superviews.
    open func updateConstraints() {
        constraintState?.needsUpdateConstraints = false
    }

    /// Whether the view needs constraints to lay out (a view that makes its constraints in
    /// `updateConstraints()` returns true, so that UIKit calls it).
    open class var requiresConstraintBasedLayout: Bool { false }

    /// Insets from the view's frame to the rectangle constraints align (a shadow outside it,
    /// say); zero by default. Auto Layout places the alignment rectangle: the frame is it outset
    /// by these insets, and the intrinsic content size is its size.
    open var alignmentRectInsets: UIEdgeInsets { .zero }

    /// The alignment rectangle of a frame: `frame` inset by `alignmentRectInsets`.
    open func alignmentRect(forFrame frame: CGRect) -> CGRect {
        let a = alignmentRectInsets
        return CGRect(x: frame.minX + a.left, y: frame.minY + a.top,
                      width: frame.width - a.left - a.right, height: frame.height - a.top - a.bottom)
    }

    /// The frame of an alignment rectangle: `alignmentRect` outset by `alignmentRectInsets`.
    open func frame(forAlignmentRect alignmentRect: CGRect) -> CGRect {
        let a = alignmentRectInsets
        return CGRect(x: alignmentRect.minX - a.left, y: alignmentRect.minY - a.top,
                      width: alignmentRect.width + a.left + a.right, height: alignmentRect.height + a.top + a.bottom)
    }

    /// Takes the width the layout engine gave the view, for an intrinsic size that depends on
    /// it (a multi-line label's); returns whether the intrinsic size may have changed.
    func takeEngineWidth(_ width: CGFloat) -> Bool { false }

    /// The view whose first baseline constraints align (itself by default).
    open var forFirstBaselineLayout: UIView { self }
    /// The view whose last baseline constraints align (itself by default).
    open var forLastBaselineLayout: UIView { self }

    /// The distance from the view's vertical centre to its baseline, for views that show text
    /// (nil: the baseline is the bottom edge).
    func baselineOffsetFromCenter(last: Bool) -> CGFloat? { nil }

    // MARK: Layer delegate

    /// Runs `draw(_:)` with `ctx` as the current context, for the dirty rectangle.
    open func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        defer { UIGraphicsPopContext() }
        // The view draws under its own traits: dynamic colours resolve light or dark for it.
        guard UIKitState.current.overridesStyle else { return draw(ctx.boundingBoxOfClipPath.intersection(bounds)) }
        UITraitCollection(userInterfaceStyle: effectiveUserInterfaceStyle).performAsCurrent {
            draw(ctx.boundingBoxOfClipPath.intersection(bounds))
        }
    }

    /// Runs `layoutSubviews()`, between the view controller's `viewWillLayoutSubviews()` and
    /// `viewDidLayoutSubviews()` when the view is a view controller's.
    open func layoutSublayers(of layer: CALayer) {
        if subtreeUsesConstraints {
            // The root runs the updates asked for since the constraints pass (during layout).
            if superview == nil { runConstraintsPass() }
            applyEngineFrames()
        }
        guard let viewController else { return layoutSubviews() }
        viewController.viewWillLayoutSubviews()
        layoutSubviews()
        viewController.viewDidLayoutSubviews()
    }

    package func layer(_ layer: CALayer, didChangeBoundsSizeFrom oldSize: CGSize) {
        // A view is drawn when it first has an area (UIKit draws new views on first display).
        if oldSize.width <= 0 || oldSize.height <= 0, !layer.hasContents { layer.setNeedsDisplay() }
        guard autoresizesSubviews else { return }
        for subview in subviews {
            subview.resize(withOldSuperviewSize: oldSize)
        }
    }

    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        let f = frame
        var text = "<\(type(of: self)): frame = (\(f.minX.shortDescription) \(f.minY.shortDescription);"
            + " \(f.width.shortDescription) \(f.height.shortDescription))"
        if !transform.isIdentity {
            let t = transform
            text += "; transform = [\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(\.shortDescription).joined(separator: ", "))]"
        }
        if tag != 0 { text += "; tag = \(tag)" }
        return text + ">"
    }
}

/// Says once per class that uisim cannot make it from an archive (`init?(coder:)` returns nil;
/// `made` says what a non-failable one makes instead).
@MainActor
func noArchives(_ type: Any.Type, made: String = "nil") {
    UIApplication.shared.reportLayoutIssue("init(coder:): \(type) cannot be made from an archive (uisim has no nibs or storyboards): \(made)")
}
