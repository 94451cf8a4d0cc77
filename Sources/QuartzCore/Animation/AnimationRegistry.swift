import Foundation
import CoreGraphics
import Synchronization

/// One app's animations, as its render server knows them: the layers that have animations, the
/// clock they run on, the transaction being built (`CATransaction`), and the delegate calls and
/// completions due on the main thread.
package final class AnimationRegistry {
    /// The app's registry (each replay's app has its own).
    package static var current: AnimationRegistry {
        AppEnvironment.current.layers.animations
    }

    /// The media clock (`CACurrentMediaTime()`): a replay's loop clock; nil, the machine's.
    package var mediaClock: (() -> Double)?
    /// The time of the frame being made (a replay's: its vsync), which an animation's
    /// `beginTime` of 0 becomes: deterministic, where the clock within a frame is not. Nil: the
    /// media time.
    package var frameClock: (() -> Double)?

    package func mediaTime() -> Double { mediaClock?() ?? ProcessInfo.processInfo.systemUptime }
    package func frameTime() -> Double { frameClock?() ?? mediaTime() }

    /// Runs the app's animations on new clocks (a replay's, which starts at 0): the animations
    /// already added keep their place in time (their begin times move with the clock), so one
    /// the app started before the replay runs in its first frames and ends in it, completion and
    /// all, rather than waiting for a time the new clock reaches only days later. Nil: the
    /// machine's clock again (after the replay).
    package func switchClocks(media: (() -> Double)?, frame: (() -> Double)?) {
        let before = frameTime()
        mediaClock = media
        frameClock = frame
        let shift = frameTime() - before
        guard shift != 0 else { return }
        for layer in layers {
            for attached in layer.attachedAnimations { attached.animation.beginTime += shift }
        }
    }

    /// Layers that have (or had, since the last frame) animations, in the order they got one.
    /// Held strongly, as the render server holds what it animates, until the layer leaves the
    /// rendered tree (the next frame drops it): a weak reference would give each animated layer a
    /// side table, and every retain and release of it the slow path.
    private var layers: [CALayer] = []

    /// UIKit animation blocks being run (a view's layer has no action outside one).
    package var openBlocks = 0 {
        didSet { Self.blocksOpenAnywhere.add(openBlocks - oldValue, ordering: .relaxed) }
    }

    /// Animation blocks open in any app on any thread: a hint only (0 means no view's layer can
    /// have an action now, so a property change need not look its app up), never a decision.
    package static let blocksOpenAnywhere = Atomic<Int>(0)

    /// Animations added since the counts were last taken.
    package var added = 0
    private var numbered = 0
    /// A number no animation of the app had (keys of animations added without one, slice ids).
    func nextNumber() -> Int {
        numbered += 1
        return numbered
    }

    /// Ends of started animations the app removed (shown in the next frame's events).
    private var removedEnds: [AnimationEvent] = []

    /// Delegate calls and completions due on the main thread, in order.
    private var due: [() -> Void] = []

    /// The transactions open (`CATransaction.begin()`), innermost last, over the implicit one.
    var transactions = [TransactionState()]
    var transaction: TransactionState {
        get { transactions[transactions.count - 1] }
        set { transactions[transactions.count - 1] = newValue }
    }

    package init() {}

    func register(_ layer: CALayer) {
        guard !layer.isRegisteredForAnimation else { return }
        layer.isRegisteredForAnimation = true
        layers.append(layer)
    }

    /// An animation left its layer: its delegate and its block's completion are told (once).
    func stopped(_ attached: AttachedAnimation, finished: Bool) {
        guard !attached.stopSent else { return }
        attached.stopSent = true
        if !finished && attached.started { removedEnds.append(AnimationEvent(id: attached.id, name: attached.name, began: false)) }
        let animation = attached.animation
        if let delegate = animation.delegate { due.append { delegate.animationDidStop(animation, finished: finished) } }
        if let owner = animation.owner {
            // The owner lists its animations (with their layers) and each animation names its
            // owner: a cycle, broken here, when the animation has nothing more to tell it.
            animation.owner = nil
            owner.remaining -= 1
            if !finished { owner.allFinished = false }
            if owner.remaining == 0, owner.committed { finish(owner) }
        }
    }

    /// `owner`'s block is closed: its completion runs when its last animation ends, or in the next
    /// turn, finished, when it animated nothing.
    package func commit(_ owner: AnimationOwner) {
        captured?.append(owner)
        owner.committed = true
        if owner.remaining == 0 { finish(owner) }
    }

    /// The blocks' owners committed while `capturingOwners` runs its body.
    private var captured: [AnimationOwner]?

    /// Runs `body` and returns the owners of the animation blocks it committed (an interactive
    /// transition's animator's, to hold and scrub).
    package func capturingOwners(_ body: () -> Void) -> [AnimationOwner] {
        let outer = captured
        captured = []
        body()
        let got = captured ?? []
        captured = outer.map { $0 + got }
        return got
    }

    /// Queues `owner`'s completion (once).
    package func finish(_ owner: AnimationOwner) {
        guard let completion = owner.completion else { return }
        owner.completion = nil
        let finished = owner.allFinished
        due.append { completion(finished) }
    }

    /// Runs `completion` (finished) in the next turn, as UIKit does for a block that animated
    /// nothing.
    package func completeNextTurn(_ completion: ((Bool) -> Void)?) {
        guard let completion else { return }
        finish(AnimationOwner(allowsUserInteraction: true, completion: completion))
    }

    /// Whether delegate calls or completions are due.
    package var hasDueCallbacks: Bool { !due.isEmpty }

    /// Runs the delegate calls and completions due (on the main thread, in the turn after the
    /// frame that started or ended their animations), and those they make due in turn.
    package func runDueCallbacks() {
        var rounds = 0
        while !due.isEmpty && rounds < 100 {
            let calls = due
            due = []
            for call in calls { call() }
            rounds += 1
        }
    }

    /// Ends the implicit transaction (at the commit, the end of the run-loop turn): settings made
    /// outside `begin()`/`commit()` last until then.
    package func endImplicitTransaction() {
        if transactions.count == 1 {
            let owner = transactions[0].owner
            transactions[0] = TransactionState()
            if let owner { owner.committed = true; if owner.remaining == 0 { finish(owner) } }
        }
    }

    // MARK: The render server's frame

    /// What the animations did in one frame.
    package struct Frame: Equatable, Sendable {
        /// Animations active (or filling) in the frame.
        package var running = 0
        /// Animations that reached their end in the frame.
        package var finished = 0
        /// Layers whose presentation changed in the frame.
        package var layersAnimated = 0
        /// Animations that started or ended in the frame, in order (for the Chrome trace's slices).
        package var events: [AnimationEvent] = []
        package init() {}
    }

    /// Layers whose model values are stashed while their presentation is in place.
    private var swapped: [(CALayer, PropertyValues)] = []
    /// What the last frame showed of the layers whose model came back (`showingLastFrame`).
    private var lastShown: [(CALayer, PropertyValues)] = []

    /// Whether a layer under `root` has an animation that will end by itself (the render server
    /// has frames to make before the app is at rest). One that repeats for ever (a spinner's), or
    /// is held still (speed 0: a paused property animator), never ends: the app is at rest but
    /// for it, and a replay, which must end, does not wait for it.
    package func hasAnimations(under root: CALayer) -> Bool {
        layers.contains { layer in
            layer.attachedAnimations.contains { !$0.ended && $0.animation.endsByItself } && layer.rootLayer === root
        }
    }

    /// Puts in place the presentation at `time` of every animated layer under `root` (their
    /// model values are kept aside until `restoreModels()`), marks what changed since the last
    /// frame for the compositor, and ends the animations that are over.
    package func present(under root: CALayer, at time: Double) -> Frame {
        lastShown = []
        var frame = Frame()
        frame.events = removedEnds
        removedEnds = []
        // The list is rebuilt only when a layer leaves it (most frames keep every one).
        var kept: [CALayer] = []
        var dropping = false
        func keep(_ index: Int, _ stays: Bool) {
            if stays {
                if dropping { kept.append(layers[index]) }
            } else if !dropping {
                dropping = true
                kept = Array(layers[..<index])
            }
        }
        for index in layers.indices {
            let layer = layers[index]
            let top = layer.rootLayer
            if top !== root {
                if top.isCompositorRoot {
                    // Another window's: its compositor presents it.
                    let stays = !layer.attachedAnimations.isEmpty || !layer.lastPresented.isEmpty
                    if !stays { layer.isRegisteredForAnimation = false }
                    keep(index, stays)
                } else if layer.attachedAnimations.isEmpty {
                    // Done, and off every screen: nothing to present (its pixels left with it).
                    layer.lastPresented = PropertyValues()
                    layer.isRegisteredForAnimation = false
                    keep(index, false)
                } else {
                    // Off every screen: Core Animation drops the animations of a layer that leaves
                    // the rendered tree, unfinished.
                    let removed = layer.attachedAnimations
                    layer.attachedAnimations = []
                    for attached in removed { stopped(attached, finished: false) }
                    layer.lastPresented = PropertyValues()
                    layer.isRegisteredForAnimation = false
                    keep(index, false)
                }
                continue
            }
            var values = PresentationValues(layer: layer)
            // The animations that stay: a new list only if one ends and goes.
            var remaining: [AttachedAnimation]?
            for attached in layer.attachedAnimations {
                let animation = attached.animation
                let local = animation.localTime(time)
                let phase = animation.phase(atLocal: local)
                if phase != .before, !attached.started {
                    attached.started = true
                    frame.events.append(AnimationEvent(id: attached.id, name: attached.name, began: true))
                    if let delegate = animation.delegate { due.append { delegate.animationDidStart(animation) } }
                }
                // Played backwards to its start (a reversed property animator): ended too.
                let backAtStart = phase == .before && attached.started && animation.speed < 0
                if case .after = phase, !attached.ended {
                    attached.ended = true
                    frame.finished += 1
                    stopped(attached, finished: true)
                } else if backAtStart, !attached.ended {
                    attached.ended = true
                    frame.finished += 1
                    stopped(attached, finished: true)
                }
                if attached.ended && animation.isRemovedOnCompletion {
                    if attached.started { frame.events.append(AnimationEvent(id: attached.id, name: attached.name, began: false)) }
                    if remaining == nil { remaining = Array(layer.attachedAnimations.prefix { $0 !== attached }) }
                    continue
                }
                remaining?.append(attached)
                animation.apply(to: &values, phase: phase, local: local)
                if case .active = phase { frame.running += 1 } else if phase == .before && animation.fillMode.fillsBackwards { frame.running += 1 }
            }
            if let remaining { layer.attachedAnimations = remaining }
            var shown = values.properties
            // Properties an animation touched that show their model value are not presented.
            for (property, value) in shown where value == layer.modelValue(property) { shown[property] = nil }
            if shown != layer.lastPresented {
                let appChanged = layer.geometryChanged || layer.appearanceChanged || !layer.contentDamage.isNull
                layer.presentationDidChange()
                layer.changedByAnimationOnly = !appChanged
                frame.layersAnimated += 1
            }
            layer.lastPresented = shown
            if !shown.isEmpty { swapped.append((layer, Self.exchange(shown, in: layer))) }
            let stays = !layer.attachedAnimations.isEmpty || !shown.isEmpty
            if !stays { layer.isRegisteredForAnimation = false }
            keep(index, stays)
        }
        if dropping { layers = kept }
        return frame
    }

    /// Puts the model values back after the render server's frame (no change marks: the next
    /// frame presents again, or the layer was marked when its last animation ended).
    package func restoreModels() {
        for (layer, models) in swapped { lastShown.append((layer, Self.exchange(models, in: layer))) }
        swapped.removeAll(keepingCapacity: true)
    }

    /// Writes `values` into `layer` without change marks; returns the values they replaced.
    private static func exchange(_ values: PropertyValues, in layer: CALayer) -> PropertyValues {
        var replaced = PropertyValues()
        layer.writingPresentation = true
        for (property, value) in values {
            replaced[property] = layer.modelValue(property)
            layer.write(property, value)
        }
        layer.writingPresentation = false
        return replaced
    }

    /// Runs `body` with the last frame's presentation in place again (a snapshot painted after
    /// the frame, from the tree), then the model back, as the app may have left it meanwhile. The
    /// app between frames (a replay's per-frame callback, a display link) reads the model, as in
    /// Core Animation, where the presentation lives in the render server.
    package func showingLastFrame<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard swapped.isEmpty, !lastShown.isEmpty else { return try body() }
        let shown = lastShown
        lastShown = []
        for (layer, values) in shown { swapped.append((layer, Self.exchange(values, in: layer))) }
        defer { restoreModels() }
        return try body()
    }
}

/// An animation starting or ending in a frame, as the render server ran it.
package struct AnimationEvent: Equatable, Sendable {
    /// Unique in the app, the same for the start and the end.
    package var id: Int
    /// The key and the layer's owner: "position on UIView".
    package var name: String
    package var began: Bool
}

/// The settings of one transaction (`CATransaction`).
struct TransactionState {
    var duration = 0.25
    var timingFunction: CAMediaTimingFunction?
    var disableActions = false
    /// Collects the animations added while the transaction's completion block is set.
    var owner: AnimationOwner?
    var values: [String: Any] = [:]
}

/// Core Animation's transactions: property changes batched and committed together, with the
/// duration, timing function and completion of the implicit animations they make
/// (`setDisableActions(true)` makes none). Changes made outside `begin()`/`commit()` belong to
/// the implicit transaction, committed at the end of the run-loop turn.
public final class CATransaction {
    private static var registry: AnimationRegistry { .current }

    /// Opens a transaction inside the current one (its settings start as the outer one's).
    public class func begin() {
        var inner = registry.transaction
        inner.owner = nil
        registry.transactions.append(inner)
    }

    /// Closes the innermost transaction. Its completion block runs when its animations have
    /// ended (at once, in the next turn, if it made none).
    public class func commit() {
        let registry = registry
        guard registry.transactions.count > 1 else { return }
        let state = registry.transactions.removeLast()
        if let owner = state.owner {
            owner.committed = true
            if owner.remaining == 0 { registry.finish(owner) }
        }
    }

    /// Commits the implicit transaction now (uisim commits at the end of the turn anyway).
    public class func flush() {}

    public class func lock() {}
    public class func unlock() {}

    public class func animationDuration() -> CFTimeInterval { registry.transaction.duration }
    public class func setAnimationDuration(_ dur: CFTimeInterval) { registry.transaction.duration = dur }

    public class func animationTimingFunction() -> CAMediaTimingFunction? { registry.transaction.timingFunction }
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { registry.transaction.timingFunction = function }

    public class func disableActions() -> Bool { registry.transaction.disableActions }
    public class func setDisableActions(_ flag: Bool) { registry.transaction.disableActions = flag }

    public class func completionBlock() -> (() -> Void)? {
        registry.transaction.owner?.completion.map { completion in { completion(true) } }
    }

    /// Runs `block` on the main thread once every animation added in this transaction from now
    /// on has ended.
    public class func setCompletionBlock(_ block: (() -> Void)?) {
        guard let block else {
            registry.transaction.owner = nil
            return
        }
        let owner = AnimationOwner(allowsUserInteraction: true) { _ in block() }
        registry.transaction.owner = owner
    }

    public class func value(forKey key: String) -> Any? {
        switch key {
        case "animationDuration": registry.transaction.duration
        case "disableActions": registry.transaction.disableActions
        default: registry.transaction.values[key]
        }
    }

    public class func setValue(_ anObject: Any?, forKey key: String) {
        switch key {
        case "animationDuration": if let d = anObject as? Double { setAnimationDuration(d) }
        case "disableActions": if let b = anObject as? Bool { setDisableActions(b) }
        default: registry.transaction.values[key] = anObject
        }
    }
}
