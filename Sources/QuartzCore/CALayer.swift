import Foundation
import Geometry
import CoreGraphics
import Support

/// The object that a layer asks to draw and lay out, as Core Animation's `CALayerDelegate` (a
/// `UIView` is the delegate of its own layer). Both methods have defaults, as Objective-C's
/// optional methods would.
public protocol CALayerDelegate: AnyObject {
    /// Draws the layer's content into `ctx` (in the layer's bounds coordinates, clipped to the
    /// dirty rectangle). The default draws nothing.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Lays out the layer's sublayers. The default does nothing.
    func layoutSublayers(of layer: CALayer)
    /// The action for a change of `event` on `layer`: nil to let the layer look further,
    /// `NSNull()` for none. The default returns nil (a view answers `NSNull` outside animation
    /// blocks).
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    public func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.defaultDrawReached = true
    }

    public func layoutSublayers(of layer: CALayer) {}
}

/// Told synchronously when a layer's bounds size changes, so a view can autoresize its subviews
/// as UIKit does inside `setFrame:`/`setBounds:`.
package protocol LayerGeometryObserver: AnyObject {
    func layer(_ layer: CALayer, didChangeBoundsSizeFrom oldSize: CGSize)
}

/// A node of the layer tree, as Core Animation's `CALayer`: geometry (`bounds`, `position`,
/// `anchorPoint`, `transform`), drawing attributes, content, and sublayers.
///
/// A property set is the model value; the render server shows the presentation, which is the
/// model with the layer's animations applied (`presentation()`, `add(_:forKey:)`). A layer that
/// has been on screen animates a change of an animatable property implicitly, unless its
/// delegate (a view) or `CATransaction.setDisableActions(true)` says not to.
open class CALayer: NSObject {
    /// A new layer with empty bounds at the origin, anchor point in the center.
    public override required init() { super.init() }

    deinit {
        for sublayer in sublayerStorage { sublayer.superlayer = nil }
    }

    // MARK: Geometry

    /// The layer's own coordinate space: its origin is what the top-left corner shows; its size
    /// is the layer's size. Changing the size keeps `position`, so the layer grows about its
    /// anchor point; it also asks for layout (and for display with `needsDisplayOnBoundsChange`).
    // The properties marked `@exclusivity(unchecked)` are read by every hit test and layout
    // pass, or by every frame's compositor walks; Swift's dynamic exclusivity checks were half of
    // hit testing's instructions (callgrind) and a tenth of a render-only frame. They are only
    // touched on the main run loop, and observers run after stores.
    @exclusivity(unchecked)
    open var bounds: CGRect = .zero {
        didSet {
            guard bounds != oldValue, !writingPresentation else { return }
            defer { propertyDidChange(.bounds, from: .rect(oldValue)) }
            geometryDidChange()
            guard bounds.size != oldValue.size else { return }
            setNeedsLayout()
            if needsDisplayOnBoundsChange { setNeedsDisplay() }
            (delegate as? LayerGeometryObserver)?.layer(self, didChangeBoundsSizeFrom: oldValue.size)
        }
    }

    /// Where the anchor point lies in the superlayer's coordinates (a view's `center`).
    @exclusivity(unchecked)
    open var position: CGPoint = .zero {
        didSet { if position != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.position, from: .point(oldValue)) } }
    }

    /// The point of the bounds, in unit coordinates (0...1 from the top-left), that sits at
    /// `position` and about which `transform` applies. Changing it keeps `position` and moves the
    /// frame.
    @exclusivity(unchecked)
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { if anchorPoint != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.anchorPoint, from: .point(oldValue)) } }
    }

    /// The layer's place along the z axis: orders drawing among siblings (higher in front), never
    /// hit testing.
    @exclusivity(unchecked)
    open var zPosition: CGFloat = 0 {
        didSet { if zPosition != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.zPosition, from: .scalar(Double(oldValue))) } }
    }

    /// The transform applied about the anchor point. Only its affine part is used.
    @exclusivity(unchecked)
    open var transform = CATransform3DIdentity {
        didSet { if transform != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.transform, from: .transform(oldValue)) } }
    }

    /// When true, sublayers are placed from the bottom edge: the sublayers' coordinate space is
    /// mirrored vertically inside the bounds.
    @exclusivity(unchecked)
    open var isGeometryFlipped = false {
        didSet { if isGeometryFlipped != oldValue { geometryDidChange() } }
    }

    // MARK: Appearance

    /// Whether sublayers and contents are clipped to the bounds.
    @exclusivity(unchecked)
    open var masksToBounds = false {
        didSet { if masksToBounds != oldValue { geometryDidChange() } }
    }

    /// A promise that the layer's contents fill its bounds with opaque pixels; lets the compositor
    /// skip what lies beneath and copy instead of blend. Default false for layers (a `UIView`'s
    /// default is true).
    @exclusivity(unchecked)
    open var isOpaque = false {
        didSet { if isOpaque != oldValue { appearanceDidChange() } }
    }

    /// The layer's opacity, 0...1. Below 1 with sublayers, the layer and its sublayers are
    /// composited together offscreen, then blended (Core Animation's group opacity).
    @exclusivity(unchecked)
    open var opacity: Float = 1 {
        didSet { if opacity != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.opacity, from: .scalar(Double(oldValue))) } }
    }

    /// Whether an opacity below 1 applies to the layer and its sublayers as one group (composited
    /// offscreen first, then blended), or to each layer on its own. True, as UIKit sets it for
    /// every app (`UIViewGroupOpacity`).
    @exclusivity(unchecked)
    open var allowsGroupOpacity = true {
        didSet { if allowsGroupOpacity != oldValue { appearanceDidChange() } }
    }

    /// Whether the layer and its sublayers are not drawn (and not hit).
    @exclusivity(unchecked)
    open var isHidden = false {
        didSet { if isHidden != oldValue && !writingPresentation { geometryDidChange(); propertyDidChange(.hidden, from: .bool(oldValue)) } }
    }

    /// The color the bounds are filled with beneath the contents.
    @exclusivity(unchecked)
    open var backgroundColor: CGColor? {
        didSet {
            guard backgroundColor != oldValue, !writingPresentation else { return }
            defer { propertyDidChange(.backgroundColor, from: .color(oldValue)) }
            if store?.hasBackground == true { setNeedsDisplay() }
            appearanceDidChange()
        }
    }

    // MARK: Corners, border, shadow, mask, rasterization (CALayer+Effects.swift)

    /// The radius of the rounded corners of the background and border; with `masksToBounds` it
    /// also clips the contents and sublayers. Clamped to half the shorter side.
    @exclusivity(unchecked)
    open var cornerRadius: CGFloat = 0 {
        didSet { if cornerRadius != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.cornerRadius, from: .scalar(Double(oldValue))) } }
    }

    /// Which corners `cornerRadius` rounds (all four by default).
    @exclusivity(unchecked)
    open var maskedCorners: CACornerMask = .all {
        didSet { if maskedCorners != oldValue { appearanceDidChange() } }
    }

    /// The shape of the rounded corners: a circular arc, or Apple's continuous curve.
    @exclusivity(unchecked)
    open var cornerCurve: CALayerCornerCurve = .circular {
        didSet { if cornerCurve != oldValue { appearanceDidChange() } }
    }

    /// The width of the border drawn inside the bounds, above the contents and the sublayers.
    @exclusivity(unchecked)
    open var borderWidth: CGFloat = 0 {
        didSet { if borderWidth != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.borderWidth, from: .scalar(Double(oldValue))) } }
    }

    /// The border's color (opaque black by default).
    @exclusivity(unchecked)
    open var borderColor: CGColor? = .black {
        didSet {
            guard borderColor != oldValue, !writingPresentation else { return }
            if borderWidth > 0 { appearanceDidChange() }
            propertyDidChange(.borderColor, from: .color(oldValue))
        }
    }

    /// The shadow's color (opaque black by default); the shadow shows when `shadowOpacity` > 0.
    @exclusivity(unchecked)
    open var shadowColor: CGColor? = .black {
        didSet {
            guard shadowColor != oldValue, !writingPresentation else { return }
            if shadowOpacity > 0 { appearanceDidChange() }
            propertyDidChange(.shadowColor, from: .color(oldValue))
        }
    }

    /// The shadow's opacity, 0...1 (0 by default: no shadow).
    @exclusivity(unchecked)
    open var shadowOpacity: Float = 0 {
        didSet { if shadowOpacity != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.shadowOpacity, from: .scalar(Double(oldValue))) } }
    }

    /// How far the shadow is moved, in the layer's coordinates: (0, -3) by default, so a shadow
    /// with the default offset falls above the layer on iOS, as it does on a device.
    @exclusivity(unchecked)
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet {
            guard shadowOffset != oldValue, !writingPresentation else { return }
            if shadowOpacity > 0 { appearanceDidChange() }
            propertyDidChange(.shadowOffset, from: .size(oldValue))
        }
    }

    /// The shadow's blur radius in points (3 by default): a Gaussian blur whose standard
    /// deviation is the radius (a CSS or design-tool blur of twice the radius).
    @exclusivity(unchecked)
    open var shadowRadius: CGFloat = 3 {
        didSet {
            guard shadowRadius != oldValue, !writingPresentation else { return }
            if shadowOpacity > 0 { appearanceDidChange() }
            propertyDidChange(.shadowRadius, from: .scalar(Double(oldValue)))
        }
    }

    /// The shadow's shape. Nil (the default) makes the shadow from the alpha of the layer and its
    /// sublayers, which the render server must render offscreen first; a path needs no such pass.
    @exclusivity(unchecked)
    open var shadowPath: CGPath? {
        didSet {
            guard shadowPath != oldValue, !writingPresentation else { return }
            if shadowOpacity > 0 { appearanceDidChange() }
            propertyDidChange(.shadowPath, from: .path(oldValue))
        }
    }

    /// A layer whose alpha masks this layer and its sublayers (in this layer's coordinates; it has
    /// no superlayer). Rendering through a mask takes an offscreen pass.
    @exclusivity(unchecked)
    open var mask: CALayer? {
        didSet {
            guard mask !== oldValue else { return }
            oldValue?.maskOwner = nil
            mask?.removeFromSuperlayer()
            mask?.maskOwner = self
            appearanceDidChange()
        }
    }

    /// The layer this one masks, if it is a mask.
    @exclusivity(unchecked)
    weak var maskOwner: CALayer?

    /// Whether the layer and its sublayers are rendered once into a cached bitmap and the bitmap
    /// composited while the subtree does not change (see `RasterCache` for what is modelled).
    @exclusivity(unchecked)
    open var shouldRasterize = false {
        didSet { if shouldRasterize != oldValue { rasterStale = true; appearanceDidChange() } }
    }

    /// Pixels per point of the rasterized bitmap (1 by default: set it to the screen's scale, or
    /// the cached bitmap is magnified and blurry).
    open var rasterizationScale: CGFloat = 1 {
        didSet { if rasterizationScale != oldValue { rasterStale = true; appearanceDidChange() } }
    }

    /// Something in the rasterized subtree changed since it was cached.
    var rasterStale = true

    /// Pixels per point of the layer's backing store. A view's layer takes its screen's scale
    /// when the view enters a window; a change asks drawn content to be redrawn.
    open var contentsScale: CGFloat = 1 {
        didSet {
            guard contentsScale != oldValue else { return }
            if store?.isDrawn == true { setNeedsDisplay() }
            appearanceDidChange()
        }
    }

    /// How the contents are placed when their size differs from the bounds.
    @exclusivity(unchecked)
    open var contentsGravity: CALayerContentsGravity = .resize {
        didSet { if contentsGravity != oldValue { appearanceDidChange() } }
    }

    /// The part of the contents shown, in the unit square of the contents (default the whole,
    /// (0, 0, 1, 1)): that part is placed in the bounds by `contentsGravity` as if it were the
    /// whole image (a sprite sheet's frame, a strip scrolled through). Animatable. Parts outside
    /// the unit square show nothing (Core Animation repeats the edge pixels there).
    @exclusivity(unchecked)
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if contentsRect != oldValue && !writingPresentation { appearanceDidChange(); propertyDidChange(.contentsRect, from: .rect(oldValue)) } }
    }

    /// The unit square: the whole of the contents.
    package static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// The part of `store` that `contentsRect` shows: in the store's pixels, and its size in
    /// points.
    func shownContents(of store: BackingStore) -> (pixels: CGRect, pointSize: CGSize) {
        let r = contentsRect.standardized
        let w = CGFloat(store.pixelWidth), h = CGFloat(store.pixelHeight)
        let pixels = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h)
        return (pixels, CGSize(width: pixels.width / store.scale, height: pixels.height / store.scale))
    }

    /// Whether a change of bounds size asks for the contents to be redrawn (a view's
    /// `contentMode == .redraw`).
    open var needsDisplayOnBoundsChange = false

    /// A name for debugging and `description`.
    open var name: String? {
        didSet { ownerName = nil }
    }

    /// The object told about content and layout; weak, as in Core Animation.
    public weak var delegate: CALayerDelegate? {
        didSet { ownerName = nil }
    }

    /// `debugOwnerName`, once made.
    var ownerName: String?

    // MARK: Content

    /// The layer's content image. Setting an image shows it (placed by `contentsGravity`);
    /// drawn content (`display()`) is read back as an image of the backing store.
    open var contents: CGImage? {
        get { store?.image }
        set {
            store = newValue.map { BackingStore(image: $0, scale: contentsScale) }
            if let newValue, !newValue.isDecoded, !queuedForDecode {
                queuedForDecode = true
                AppEnvironment.current.layers.undecoded.append(.init(layer: self))
            }
            contentDamage = bounds
            appearanceDidChange()
        }
    }

    /// The part of the contents that stretches when they are resized, in the unit square of the
    /// contents (default the whole, (0, 0, 1, 1)): what lies outside it (the corners, the edges)
    /// keeps its size, as a nine-part image (`UIImage.resizableImage(withCapInsets:)` in an image
    /// view sets it).
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if contentsCenter != oldValue { appearanceDidChange() } }
    }

    /// A blur of what lies beneath the layer, its standard deviation in points (0: none): the
    /// render server captures the pixels under the layer's bounds, blurs them offscreen and paints
    /// them beneath the layer's own pixels, every frame something under it changes
    /// (`UIVisualEffectView`'s backdrop; Core Animation's `CABackdropLayer` with a Gaussian blur).
    package var backdropBlurRadius: CGFloat = 0 {
        didSet { if backdropBlurRadius != oldValue { contentDamage = bounds; appearanceDidChange() } }
    }

    /// A colour the contents are a mask for: the render server fills their alpha with it (a
    /// template image in an image view, tinted by its `tintColor`; Core Animation does it with a
    /// filter on the layer, not a redraw).
    package var contentsTintColor: CGColor? {
        didSet { if contentsTintColor != oldValue { contentDamage = bounds; appearanceDidChange() } }
    }

    @exclusivity(unchecked)
    var store: BackingStore?
    /// Whether the layer is in the app's list of layers whose image the commit is to decode.
    var queuedForDecode = false
    /// Whether the layer has drawn content of its own (a backing store).
    package var hasDrawnContent: Bool { store != nil }

    /// Whether the layer has content (drawn or set), without copying it as `contents` does.
    package var hasContents: Bool { store != nil }

    // MARK: Hit testing

    /// Whether `point`, in the layer's own coordinates, lies inside its bounds.
    open func contains(_ point: CGPoint) -> Bool {
        bounds.contains(point)
    }

    /// The front-most, deepest layer of the subtree that contains `point`, given in the
    /// superlayer's coordinates; nil when the layer is hidden or does not contain the point.
    ///
    /// As the seed documents say, order is the tree's sibling order (`zPosition` does not change
    /// it). A point outside the layer's bounds reaches none of its sublayers — the same rule as
    /// `UIView.hitTest(_:with:)`, and what the seeds describe for the outermost layer.
    open func hitTest(_ point: CGPoint) -> CALayer? {
        defaultHitTest(point)
    }

    // MARK: Layout and display

    /// Lays out the sublayers; the default asks the delegate (a view runs `layoutSubviews`).
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Redraws the layer's content into its backing store, for the dirty rectangle. The default
    /// makes a `CGContext` on the backing store and calls `draw(in:)`.
    open func display() {
        defaultDisplay()
    }

    /// Draws the layer's content; the default asks the delegate.
    open func draw(in ctx: CGContext) {
        if let delegate {
            delegate.draw(self, in: ctx)
        } else {
            ctx.defaultDrawReached = true
        }
    }

    // MARK: Animations (Animation/CALayer+Animation.swift)

    /// Adds a copy of `anim` under `key` (replacing the one there, which stops unfinished). A
    /// `beginTime` of 0 becomes the time of the frame being made. The render server runs it from
    /// the next commit, frame by frame, until it ends.
    open func add(_ anim: CAAnimation, forKey key: String?) { attach(anim, forKey: key) }

    /// The animation under `key` (the layer's copy), if any.
    open func animation(forKey key: String) -> CAAnimation? { attachedAnimation(forKey: key) }

    /// Removes the animation under `key`: it stops unfinished, and the model shows.
    open func removeAnimation(forKey key: String) { detachAnimation(forKey: key) }

    /// Removes every animation.
    open func removeAllAnimations() { detachAllAnimations() }

    /// The keys of the layer's animations, in the order they were added (nil when none).
    open func animationKeys() -> [String]? { attachedAnimationKeys() }

    /// A copy of the layer as the render server shows it now (`CACurrentMediaTime()`): its
    /// geometry and appearance with its animations applied. Nil for a layer never committed, as
    /// Core Animation's. The copy has no superlayer and no sublayers.
    open func presentation() -> Self? { presentationCopy() }

    /// The layer itself: its model values.
    open func model() -> Self { self }

    /// The action for a change of `event` (a property's key): the delegate's answer
    /// (`action(for:forKey:)`; `NSNull` means none), else `actions[event]`, else the class's
    /// `defaultAction(forKey:)`. A view's layer gets none outside an animation block, as UIKit's
    /// view answers `NSNull`.
    open func action(forKey event: String) -> CAAction? { defaultActionLookUp(forKey: event) }

    /// A standalone layer's implicit animation: a basic animation of the property from the value
    /// shown to the new one, for `CATransaction.animationDuration()` (0.25 s) on its timing
    /// function (the default curve), unless `CATransaction.setDisableActions(true)`.
    open class func defaultAction(forKey event: String) -> CAAction? { implicitAction(forKey: event) }

    // MARK: Bookkeeping

    @exclusivity(unchecked)
    var sublayerStorage: [CALayer] = []
    var needsLayoutFlag = false
    var subtreeNeedsLayout = false
    /// The sublayers marked since the last pass as needing layout or leading to one that does
    /// (possibly since removed), kept up to two: one is followed directly, so a pass costs the
    /// marked path, not the fan-out along it; two or more mean "walk the sublayers in order".
    var sublayersToLayOut: [CALayer] = []
    var needsDisplayFlag = false
    var subtreeNeedsDisplay = false
    /// The part of the bounds to redraw (union of `setNeedsDisplay` rectangles).
    var dirtyRect = CGRect.null
    /// Something that moves this layer's pixels (and its sublayers') changed.
    @exclusivity(unchecked)
    var geometryChanged = true
    /// Something that changes only this layer's own pixels changed.
    @exclusivity(unchecked)
    var appearanceChanged = true
    @exclusivity(unchecked)
    var subtreeRenderChanged = false
    /// Redrawn content not yet composited, in bounds coordinates.
    @exclusivity(unchecked)
    var contentDamage = CGRect.null
    /// The screen pixels the layer covered when last composited.
    @exclusivity(unchecked)
    var lastScreenBox: PixelRect?
    /// Pixels to damage that belonged to sublayers removed since the last frame (on roots).
    var removedDamage = PixelRegion()

    /// The layer's superlayer, or nil at the root of a tree. Unowned, not weak: a weak
    /// reference gives its object a side table, and every retain and release of a layer with one
    /// takes the slow path (a fifth of a render-only frame). A superlayer owns its sublayers and
    /// clears this when it goes (`deinit`), so the reference never dangles.
    @exclusivity(unchecked)
    public internal(set) unowned(safe) var superlayer: CALayer?

    // MARK: Animation bookkeeping (Animation/)

    /// The layer's animations, in the order added.
    @exclusivity(unchecked)
    var attachedAnimations: [AttachedAnimation] = []
    /// Whether the app's animation registry lists the layer.
    @exclusivity(unchecked)
    var isRegisteredForAnimation = false
    /// The properties the last frame presented with other values than the model's.
    @exclusivity(unchecked)
    var lastPresented = PropertyValues()
    /// Set while the render server writes presentation values (or puts the model back): the
    /// properties' observers then do nothing.
    @exclusivity(unchecked)
    var writingPresentation = false
    /// The change whose action is running: its key, the value shown before and the new value.
    var changeInProgress: (key: String, old: AnimatableValue, oldModel: AnimatableValue, new: AnimatableValue)?
    /// Whether the layer is marked changed only because its presentation changed (the app did
    /// not change it since the last commit).
    @exclusivity(unchecked)
    var changedByAnimationOnly = false
    /// Whether the layer has been composited (it has a presentation, and animates changes).
    @exclusivity(unchecked)
    package internal(set) var wasRendered = false
    /// Whether the delegate answers an action only inside a UIKit animation block (a view).
    package var actionsOnlyInBlocks = false
    /// Whether the layer is a compositor's root (a window's layer).
    @exclusivity(unchecked)
    var isCompositorRoot = false
    /// Actions for keys, looked up after the delegate's (`NSNull` for none).
    open var actions: [String: CAAction]?

    /// The top of the layer's tree (a mask's: the top of the tree of the layer it masks).
    var rootLayer: CALayer {
        var layer = self
        while let parent = layer.renderParent { layer = parent }
        return layer
    }

    func geometryDidChange() {
        geometryChanged = true
        markSubtreeRenderChanged()
    }

    /// The layer a change of this one shows through: its superlayer, or for a mask the layer it
    /// masks.
    var renderParent: CALayer? { superlayer ?? maskOwner }

    func appearanceDidChange() {
        appearanceChanged = true
        markSubtreeRenderChanged()
    }

    func markSubtreeRenderChanged() {
        var layer = self
        while let parent = layer.superlayer {
            if parent.subtreeRenderChanged { return }
            parent.subtreeRenderChanged = true
            layer = parent
        }
        // A mask's change is a change of the layer it masks.
        layer.maskOwner?.appearanceDidChange()
    }

    /// Clears the change marks of a subtree the compositor does not walk (a mask's).
    func clearRenderMarks() {
        geometryChanged = false
        appearanceChanged = false
        subtreeRenderChanged = false
        contentDamage = .null
        for sublayer in sublayerStorage { sublayer.clearRenderMarks() }
    }

    public override var description: String {
        let f = frame
        let label = name.map { " '\($0)'" } ?? ""
        return "<\(type(of: self))\(label); frame = (\(f.minX.shortDescription) \(f.minY.shortDescription);"
            + " \(f.width.shortDescription) \(f.height.shortDescription))>"
    }
}
