import Foundation
import Geometry
import CoreGraphics

/// Animations run together (Core Animation's `CAAnimationGroup`): each child's times are in the
/// group's local time, and the group's duration cuts them.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    public required init() { super.init() }

    open override func takeSettings(from other: CAAnimation) {
        super.takeSettings(from: other)
        guard let other = other as? CAAnimationGroup else { return }
        animations = other.animations?.map { $0.copy() as! CAAnimation }
    }

    override var keyPaths: [String] { (animations ?? []).flatMap(\.keyPaths) }

    override func contribute(to values: inout PresentationValues, fraction: Double, iteration: Int, local: Double) {
        let time = paced(fraction) * effectiveDuration
        for animation in animations ?? [] { _ = animation.apply(to: &values, at: time) }
    }
}

/// What UIKit attaches to the animations one animation block makes: the block's completion and
/// whether the animated views take touches.
package final class AnimationOwner {
    /// Animations of the block not yet stopped, and whether all ran to the end.
    package var remaining = 0
    package var allFinished = true
    package var completion: ((Bool) -> Void)?
    package var allowsUserInteraction: Bool
    /// Whether every animation has been added (the block returned, the transaction committed):
    /// only then does the count reaching 0 mean the end.
    package var committed = false

    /// The animations the block added, with their layers and the change each animates (the
    /// model before and after), for a property animator to pause, scrub, reverse or stop them.
    var entries: [(layer: CALayer, attached: AttachedAnimation, from: AnimatableValue?, to: AnimatableValue?)] = []

    package init(allowsUserInteraction: Bool, completion: ((Bool) -> Void)?) {
        self.allowsUserInteraction = allowsUserInteraction
        self.completion = completion
    }

    /// The animations still on their layers.
    private var live: [(layer: CALayer, attached: AttachedAnimation, from: AnimatableValue?, to: AnimatableValue?)] {
        entries.filter { entry in entry.layer.attachedAnimations.contains { $0 === entry.attached } }
    }

    /// Whether any animation of the block is still on its layer.
    package var hasLiveAnimations: Bool { !live.isEmpty }

    /// Holds every animation at its place at media time `now` (speed 0).
    package func pause(at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            let local = a.localTime(now)
            a.speed = 0
            a.beginTime = now
            a.timeOffset = local
        }
    }

    /// Runs every animation on from its place at `now`, at `speed` (negative: backwards).
    package func run(at now: Double, speed: Float) {
        for entry in live {
            let a = entry.attached.animation
            let local = a.localTime(now)
            a.speed = speed
            a.beginTime = now
            a.timeOffset = local
        }
    }

    /// Each animation's local time when scrubbing began (`beginScrubbing(at:)`), by animation.
    private var scrubBase: [ObjectIdentifier: Double] = [:]

    /// Holds every animation where it is at `now`, to be moved by `scrub(toElapsed:at:)` (UIKit's
    /// percent-driven transition: the container's layer at speed 0, its time offset moved).
    package func beginScrubbing(at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            let local = a.localTime(now)
            scrubBase[ObjectIdentifier(a)] = local
            a.speed = 0
            a.beginTime = now
            a.timeOffset = local
        }
    }

    /// Puts every held animation where it is `elapsed` seconds after scrubbing began (an animation
    /// with a delay starts later, as it would have).
    package func scrub(toElapsed elapsed: Double, at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            a.speed = 0
            a.beginTime = now
            a.timeOffset = max((scrubBase[ObjectIdentifier(a)] ?? 0) + elapsed, 0)
        }
    }

    /// When the animations next end (run back to their start), every animated property's model
    /// goes back to where the block started before the block's completion runs: a cancelled
    /// interactive transition leaves its views as they were.
    package func onStoppedAtStart() {
        let completion = self.completion
        self.completion = { finished in
            self.setModelValues(toStart: true)
            completion?(finished)
        }
    }

    /// Puts every animation, held, at `fraction` of its active time.
    package func seek(to fraction: Double, at now: Double) {
        for entry in live {
            let a = entry.attached.animation
            a.speed = 0
            a.beginTime = now
            a.timeOffset = fraction * a.activeDuration
        }
    }

    /// The fraction of its active time the first live animation is at, at `now`.
    package func fraction(at now: Double) -> Double? {
        guard let a = live.first?.attached.animation, a.activeDuration > 0, a.activeDuration.isFinite else { return nil }
        return min(max(a.localTime(now) / a.activeDuration, 0), 1)
    }

    /// Changes every animation's pacing (nil: linear) and remembers the old one, or puts the
    /// remembered ones back.
    package func setTimingFunctions(linear: Bool) {
        for entry in live {
            let a = entry.attached.animation
            if linear {
                if a.scrubbingSaved == nil { a.scrubbingSaved = .some(a.timingFunction) }
                a.timingFunction = nil
            } else if let saved = a.scrubbingSaved {
                a.timingFunction = saved
                a.scrubbingSaved = nil
            }
        }
    }

    /// Removes the block's animations without finishing them (no completion), leaving each
    /// property at `position`: where it is shown now, the start, or the end. Changes the model
    /// with actions off.
    package func stop(leavingAt position: Int, now: Double) {
        completion = nil
        for entry in live {
            let layer = entry.layer
            guard let property = (entry.attached.animation as? CAPropertyAnimation)?.target?.property else { continue }
            let value: AnimatableValue? = switch position {
            case 0: entry.to
            case 1: entry.from
            default: layer.presentationValues(at: now).properties[property]
            }
            layer.attachedAnimations.removeAll { $0 === entry.attached }
            entry.attached.stopSent = true
            if let value { Self.setModel(of: layer, property, to: value) }
            layer.presentationDidChange()
        }
    }

    /// Sets each animated property's model to where the block started (`toStart`) or ended,
    /// actions off (a reversed animator that finished at its start, a stopped one finished).
    package func setModelValues(toStart: Bool) {
        for entry in entries {
            guard let property = (entry.attached.animation as? CAPropertyAnimation)?.target?.property,
                  let value = toStart ? entry.from : entry.to else { continue }
            Self.setModel(of: entry.layer, property, to: value)
        }
    }

    /// A model change of `property` (its observers run) that makes no animation.
    private static func setModel(of layer: CALayer, _ property: LayerProperty, to value: AnimatableValue) {
        let registry = AnimationRegistry.current
        registry.transactions.append(TransactionState(disableActions: true))
        let blocks = registry.openBlocks
        registry.openBlocks = 0
        layer.write(property, value)
        registry.openBlocks = blocks
        registry.transactions.removeLast()
    }
}
