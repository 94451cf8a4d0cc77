import Foundation
import Geometry
import CoreGraphics

/// A layer property Core Animation can animate, by its key ("position", "bounds", "opacity"…);
/// key paths into it ("position.x", "transform.rotation.z") animate a part of it.
enum LayerProperty: String, CaseIterable {
    case position, bounds, anchorPoint, zPosition, transform, opacity, hidden
    case backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor, shadowPath
    case path, fillColor, strokeColor, lineWidth, strokeStart, strokeEnd
    case contentsRect
}

/// Values of a few layer properties (an animated layer has one or two): a list searched in order,
/// cheaper than a dictionary's hashing at this size; equal when they hold the same values.
struct PropertyValues: Equatable, Sequence {
    typealias Element = (property: LayerProperty, value: AnimatableValue)
    // The first entry inline: most animated layers animate one property, and a list for it would
    // be an allocation per layer per frame. (Its property and value apart: an optional tuple
    // costs a runtime call to test.)
    private var firstProperty: LayerProperty?
    private var firstValue = AnimatableValue.bool(false)
    private var more: [Element] = []

    var isEmpty: Bool { firstProperty == nil }
    var count: Int { firstProperty == nil ? 0 : 1 + more.count }

    subscript(property: LayerProperty) -> AnimatableValue? {
        get {
            guard let first = firstProperty else { return nil }
            if first == property { return firstValue }
            return more.first { $0.property == property }?.value
        }
        set {
            if firstProperty == property {
                if let newValue {
                    firstValue = newValue
                } else if more.isEmpty {
                    firstProperty = nil
                    firstValue = .bool(false)
                } else {
                    (firstProperty, firstValue) = more.removeFirst()
                }
            } else if let index = more.firstIndex(where: { $0.property == property }) {
                if let newValue { more[index].value = newValue } else { more.remove(at: index) }
            } else if let newValue {
                if firstProperty == nil { (firstProperty, firstValue) = (property, newValue) } else { more.append((property, newValue)) }
            }
        }
    }

    struct Iterator: IteratorProtocol {
        fileprivate var first: LayerProperty?
        fileprivate let firstValue: AnimatableValue
        fileprivate var more: IndexingIterator<[Element]>

        mutating func next() -> Element? {
            if let property = first {
                first = nil
                return (property, firstValue)
            }
            return more.next()
        }
    }

    func makeIterator() -> Iterator { Iterator(first: firstProperty, firstValue: firstValue, more: more.makeIterator()) }

    static func == (a: PropertyValues, b: PropertyValues) -> Bool {
        a.count == b.count && a.allSatisfy { b[$0.property] == $0.value }
    }
}

/// A key path parsed: the layer property it names and the part of it ("x", "rotation.z"), if any.
struct KeyPathTarget {
    let property: LayerProperty
    let part: Substring?

    init?(_ keyPath: String) {
        let (root, rest) = AnimatableValue.split(keyPath[...])
        guard let property = LayerProperty(rawValue: String(root)) else { return nil }
        self.property = property
        part = rest
    }
}

/// The presentation of one layer being worked out: the properties animations touched so far,
/// starting from the model's values.
struct PresentationValues {
    let layer: CALayer
    var properties = PropertyValues()

    init(layer: CALayer) { self.layer = layer }

    /// The value at `target` (a property or a part of one).
    subscript(target: KeyPathTarget) -> AnimatableValue? {
        mutating get {
            let whole = properties[target.property] ?? layer.modelValue(target.property)
            properties[target.property] = whole
            return target.part.map { whole.part($0) } ?? whole
        }
        set {
            guard let newValue else { return }
            let whole = properties[target.property] ?? layer.modelValue(target.property)
            properties[target.property] = target.part.map { whole.settingPart($0, to: newValue) } ?? newValue
        }
    }

    /// The value at `keyPath` (a property or a part of one); nil for a key path uisim does not
    /// animate.
    subscript(keyPath: String) -> AnimatableValue? {
        mutating get { KeyPathTarget(keyPath).flatMap { self[$0] } }
        set { if let target = KeyPathTarget(keyPath) { self[target] = newValue } }
    }
}

/// An animation attached to a layer, with the render server's bookkeeping.
final class AttachedAnimation {
    let key: String
    let animation: CAAnimation
    /// The app's number for it, and "key on owner" (the Chrome trace's slice).
    let id: Int
    let name: String
    /// Whether `animationDidStart` was sent, and the animation reached its end.
    var started = false
    var ended = false
    /// Whether `animationDidStop` (and the owner's count) was told.
    var stopSent = false

    init(key: String, animation: CAAnimation, id: Int, layer: CALayer) {
        self.key = key
        self.animation = animation
        self.id = id
        let keyPaths = animation.keyPaths
        name = "\(keyPaths.isEmpty ? key : keyPaths.joined(separator: "+")) on \(layer.debugOwnerName)"
    }
}

extension CALayer {
    // MARK: Core Animation's API

    /// Adds a copy of `anim` under `key` (replacing the one there, which stops unfinished). A
    /// `beginTime` of 0 becomes the time of the frame being made. The render server runs it from
    /// the next commit, frame by frame, until it ends.
    func attach(_ anim: CAAnimation, forKey key: String?) {
        let copy = anim.copy() as! CAAnimation
        let app = AnimationRegistry.current
        if copy.beginTime == 0 { copy.beginTime = app.frameTime() }
        if let basic = copy as? CABasicAnimation, basic.fromValue == nil, basic.toValue == nil, basic.byValue == nil,
           let change = changeInProgress, change.key == basic.keyPath {
            // An implicit animation: from the value shown before the change to the new one.
            basic.fromValue = change.old.any
            basic.toValue = change.new.any
        }
        let key = key ?? "uisim.animation.\(app.nextNumber())"
        if let index = attachedAnimations.firstIndex(where: { $0.key == key }) {
            let old = attachedAnimations.remove(at: index)
            app.stopped(old, finished: false)
        }
        if copy.owner == nil, let owner = app.transaction.owner { copy.owner = owner }
        copy.owner?.remaining += 1
        let attached = AttachedAnimation(key: key, animation: copy, id: app.nextNumber(), layer: self)
        attachedAnimations.append(attached)
        if let owner = copy.owner {
            let change = changeInProgress.flatMap { $0.key == (copy as? CAPropertyAnimation)?.keyPath ? $0 : nil }
            owner.entries.append((self, attached, change?.oldModel, change?.new))
        }
        app.register(self)
        app.added += 1
    }

    /// The animation under `key` (the layer's copy), if any.
    func attachedAnimation(forKey key: String) -> CAAnimation? {
        attachedAnimations.first { $0.key == key }?.animation
    }

    /// Removes the animation under `key`: it stops unfinished, and the model shows.
    func detachAnimation(forKey key: String) {
        guard let index = attachedAnimations.firstIndex(where: { $0.key == key }) else { return }
        let removed = attachedAnimations.remove(at: index)
        AnimationRegistry.current.stopped(removed, finished: removed.ended)
        presentationDidChange()
    }

    /// Removes every animation.
    func detachAllAnimations() {
        let removed = attachedAnimations
        attachedAnimations = []
        for attached in removed { AnimationRegistry.current.stopped(attached, finished: attached.ended) }
        if !removed.isEmpty { presentationDidChange() }
    }

    /// The keys of the layer's animations, in the order they were added (nil when none).
    func attachedAnimationKeys() -> [String]? {
        attachedAnimations.isEmpty ? nil : attachedAnimations.map(\.key)
    }

    /// A copy of the layer as the render server shows it now (`CACurrentMediaTime()`): its
    /// geometry and appearance with its animations applied. Nil for a layer never committed, as
    /// Core Animation's. The copy has no superlayer and no sublayers.
    func presentationCopy() -> Self? {
        guard wasRendered else { return nil }
        let copy = Self.init()
        copy.masksToBounds = masksToBounds
        copy.writingPresentation = true
        for property in LayerProperty.allCases { copy.write(property, modelValue(property)) }
        for (property, value) in presentationValues(at: CACurrentMediaTime()).properties { copy.write(property, value) }
        copy.writingPresentation = false
        return copy
    }

    // MARK: Actions (implicit animations)

    /// The action for a change of `event` (a property's key): the delegate's answer
    /// (`action(for:forKey:)`; `NSNull` means none), else `actions[event]`, else the class's
    /// `defaultAction(forKey:)`. A layer of a view gets none outside an animation block, as
    /// UIKit's view answers `NSNull`.
    func defaultActionLookUp(forKey event: String) -> CAAction? {
        if let action = delegate?.action(for: self, forKey: event) {
            return action is NSNull ? nil : action
        }
        if let action = actions?[event] {
            return action is NSNull ? nil : action
        }
        return Self.defaultAction(forKey: event)
    }

    /// A standalone layer's implicit animation: a basic animation of the property from the value
    /// shown to the new one, for `CATransaction.animationDuration()` (0.25 s) on its timing
    /// function (the default curve), unless `CATransaction.setDisableActions(true)`.
    static func implicitAction(forKey event: String) -> CAAction? {
        guard LayerProperty(rawValue: event) != nil else { return nil }
        let transaction = AnimationRegistry.current.transaction
        guard !transaction.disableActions else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = transaction.duration
        animation.timingFunction = transaction.timingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    /// Called by the animatable properties after a change: runs the change's action, if the
    /// layer has been on screen (a layer never committed has no presentation to animate from),
    /// or if it is a view's layer changed in an animation block: UIKit's blocks animate from the
    /// model value before the change, shown or not (a view added and moved in one turn slides).
    func propertyDidChange(_ property: LayerProperty, from old: AnimatableValue) {
        guard wasRendered || actionsOnlyInBlocks, !writingPresentation else { return }
        // A view's layer animates only inside an animation block: the common case, a layout
        // moving views, stops here, before looking up the app (the hint is any thread's blocks).
        if actionsOnlyInBlocks && AnimationRegistry.blocksOpenAnywhere.load(ordering: .relaxed) == 0 { return }
        let registry = AnimationRegistry.current
        if actionsOnlyInBlocks && registry.openBlocks == 0 { return }
        let shown = attachedAnimations.isEmpty ? old : presentedValue(of: property, model: old, at: registry.frameTime())
        changeInProgress = (property.rawValue, shown, old, modelValue(property))
        defer { changeInProgress = nil }
        action(forKey: property.rawValue)?.run(forKey: property.rawValue, object: self, arguments: nil)
    }

    /// The change an action is running for: the key, the value shown before it and the new model
    /// value (what UIKit's animation blocks and implicit animations animate between).
    package var changeInProgressValues: (key: String, old: Any?, oldModel: Any?, new: Any?)? {
        changeInProgress.map { ($0.key, $0.old.any, $0.oldModel.any, $0.new.any) }
    }

    /// `from − to` where the property's values add (not transforms, paths or booleans): the
    /// offset an additive animation starts at; nil otherwise.
    package func additiveOffset(from: Any?, to: Any?) -> Any? {
        guard let a = AnimatableValue(from), let b = AnimatableValue(to) else { return nil }
        if case .transform = a { return nil }
        return a.subtracting(b)?.any
    }

    /// The value that adds nothing, of `value`'s kind.
    package func additiveZero(like value: Any?) -> Any? {
        AnimatableValue(value)?.zero.any
    }

    /// Whether an animation of `keyPath` that `owner` (one UIKit block) added is on the layer.
    package func hasAnimation(ownedBy owner: AnimationOwner, keyPath: String) -> Bool {
        attachedAnimations.contains { $0.animation.owner === owner && ($0.animation as? CAPropertyAnimation)?.keyPath == keyPath }
    }

    /// The time of the frame being made (what a `beginTime` of 0 becomes).
    package var frameTimeForAnimations: Double { AnimationRegistry.current.frameTime() }

    /// `base`, or `base-2`, `base-3`… the first key no animation of the layer has.
    package func freeAnimationKey(_ base: String) -> String {
        if !attachedAnimations.contains(where: { $0.key == base }) { return base }
        var n = 2
        while attachedAnimations.contains(where: { $0.key == "\(base)-\(n)" }) { n += 1 }
        return "\(base)-\(n)"
    }

    // MARK: Evaluation

    /// The presentation at `time`: the properties the animations touch, with their values.
    func presentationValues(at time: Double) -> PresentationValues {
        var values = PresentationValues(layer: self)
        for attached in attachedAnimations { _ = attached.animation.apply(to: &values, at: time) }
        return values
    }

    /// The value of `property` shown at `time` were its model value `model`.
    func presentedValue(of property: LayerProperty, model: AnimatableValue, at time: Double) -> AnimatableValue {
        var values = PresentationValues(layer: self)
        values.properties[property] = model
        for attached in attachedAnimations where attached.animation.touches(property) {
            _ = attached.animation.apply(to: &values, at: time)
        }
        return values.properties[property] ?? model
    }

    /// The model's value of `property`.
    func modelValue(_ property: LayerProperty) -> AnimatableValue {
        switch property {
        case .position: .point(position)
        case .bounds: .rect(bounds)
        case .anchorPoint: .point(anchorPoint)
        case .zPosition: .scalar(Double(zPosition))
        case .transform: .transform(transform)
        case .opacity: .scalar(Double(opacity))
        case .hidden: .bool(isHidden)
        case .backgroundColor: .color(backgroundColor)
        case .cornerRadius: .scalar(Double(cornerRadius))
        case .borderWidth: .scalar(Double(borderWidth))
        case .borderColor: .color(borderColor)
        case .shadowOpacity: .scalar(Double(shadowOpacity))
        case .shadowRadius: .scalar(Double(shadowRadius))
        case .shadowOffset: .size(shadowOffset)
        case .shadowColor: .color(shadowColor)
        case .shadowPath: .path(shadowPath)
        case .path: .path((self as? CAShapeLayer)?.path)
        case .fillColor: .color((self as? CAShapeLayer)?.fillColor)
        case .strokeColor: .color((self as? CAShapeLayer)?.strokeColor)
        case .lineWidth: .scalar(Double((self as? CAShapeLayer)?.lineWidth ?? 0))
        case .strokeStart: .scalar(Double((self as? CAShapeLayer)?.strokeStart ?? 0))
        case .strokeEnd: .scalar(Double((self as? CAShapeLayer)?.strokeEnd ?? 1))
        case .contentsRect: .rect(contentsRect)
        }
    }

    /// Sets `property` to `value` (of the property's kind; others are ignored). Called with
    /// `writingPresentation` set, so no side effect runs (no layout, no display, no action).
    func write(_ property: LayerProperty, _ value: AnimatableValue) {
        switch (property, value) {
        case (.position, .point(let p)): position = p
        case (.bounds, .rect(let r)): bounds = r
        case (.anchorPoint, .point(let p)): anchorPoint = p
        case (.zPosition, .scalar(let v)): zPosition = CGFloat(v)
        case (.transform, .transform(let t)): transform = t
        case (.opacity, .scalar(let v)): opacity = Float(v)
        case (.hidden, .bool(let v)): isHidden = v
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.cornerRadius, .scalar(let v)): cornerRadius = CGFloat(v)
        case (.borderWidth, .scalar(let v)): borderWidth = CGFloat(v)
        case (.borderColor, .color(let c)): borderColor = c
        case (.shadowOpacity, .scalar(let v)): shadowOpacity = Float(v)
        case (.shadowRadius, .scalar(let v)): shadowRadius = CGFloat(v)
        case (.shadowOffset, .size(let s)): shadowOffset = s
        case (.shadowColor, .color(let c)): shadowColor = c
        case (.shadowPath, .path(let p)): shadowPath = p
        case (.path, .path(let p)): (self as? CAShapeLayer)?.path = p
        case (.fillColor, .color(let c)): (self as? CAShapeLayer)?.fillColor = c
        case (.strokeColor, .color(let c)): (self as? CAShapeLayer)?.strokeColor = c
        case (.lineWidth, .scalar(let v)): (self as? CAShapeLayer)?.lineWidth = CGFloat(v)
        case (.strokeStart, .scalar(let v)): (self as? CAShapeLayer)?.strokeStart = CGFloat(v)
        case (.strokeEnd, .scalar(let v)): (self as? CAShapeLayer)?.strokeEnd = CGFloat(v)
        case (.contentsRect, .rect(let r)): contentsRect = r
        default: break
        }
    }

    /// Marks the layer changed for the compositor because what it shows changed (an animation
    /// moved it, or ended and the model shows again).
    func presentationDidChange() {
        geometryDidChange()
        appearanceChanged = true
    }

    /// Whether an animation of the layer started by a UIKit block without
    /// `.allowUserInteraction` is running: such a view takes no touches.
    package var blocksTouchesWhileAnimating: Bool {
        attachedAnimations.contains { !$0.ended && $0.animation.owner.map { !$0.allowsUserInteraction } == true }
    }
}

extension CAAnimation {
    /// Whether the animation moves `property` (or a part of it).
    func touches(_ property: LayerProperty) -> Bool {
        keyPaths.contains { AnimatableValue.split($0[...]).0 == property.rawValue[...] }
    }
}

extension CALayerDelegate {
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// The current media time, in seconds, as Core Animation's `CACurrentMediaTime()`: during a
/// replay, the replay's clock (the timebase of `CADisplayLink.timestamp` and of the frame
/// records); outside one, the machine's monotonic clock.
public func CACurrentMediaTime() -> CFTimeInterval {
    AnimationRegistry.current.mediaTime()
}
