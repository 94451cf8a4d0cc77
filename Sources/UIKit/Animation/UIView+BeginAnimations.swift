import Foundation
import QuartzCore

// UIKit's block-less animation API (iOS 2–12, deprecated since iOS 13 and still in every large
// app): `beginAnimations(_:context:)` opens an animation set, the `setAnimation…` calls set how it
// runs, and the changes made until `commitAnimations()` animate exactly as the same changes in a
// `UIView.animate(withDuration:delay:options:animations:)` block with the matching curve option:
// the set is an animation block whose settings the calls change while it is open (a change made
// before a `setAnimationDuration` keeps the duration it was made with; UIKit's documentation asks
// for the settings first). UIKit's defaults: 0.2 s, no delay, ease in-out, once.

extension UIView {
    /// One `beginAnimations` set: its identifier and context, handed back to its delegate, and
    /// what the delegate is sent.
    final class AnimationSet {
        let identifier: String?
        let context: UnsafeMutableRawPointer?
        /// Where the set's block is in the app's open animation blocks.
        let index: Int
        /// Kept until the set has stopped (UIKit keeps it for the set's life).
        var delegate: AnyObject?
        var willStart: Selector?
        var didStop: Selector?

        init(identifier: String?, context: UnsafeMutableRawPointer?, index: Int) {
            self.identifier = identifier
            self.context = context
            self.index = index
        }

        /// UIKit sends `animationWillStart:context:` (or the selector given) with the identifier and
        /// the context.
        @MainActor func sendWillStart() {
            guard let delegate, let willStart else { return }
            NSObject.send(willStart, to: delegate, arguments: [identifier, context])
        }

        /// UIKit sends `animationDidStop:finished:context:` (or the selector given) with the
        /// identifier, whether the animations ran to their end (an `NSNumber`) and the context.
        @MainActor func sendDidStop(finished: Bool) {
            defer { delegate = nil }
            guard let delegate, let didStop else { return }
            NSObject.send(didStop, to: delegate, arguments: [identifier, NSNumber(value: finished), context])
        }
    }

    /// The innermost set open, with its block's settings (nil outside every set: the setters then
    /// do nothing, as UIKit's).
    private static func changeOpenSet(_ change: (inout UIViewAnimationState.Context, AnimationSet) -> Void) {
        let state = UIViewAnimationState.current
        guard let set = state.animationSets.last, set.index < state.contexts.count else { return }
        change(&state.contexts[set.index], set)
    }

    /// Opens an animation set: the changes to views until `commitAnimations()` animate with the
    /// settings the `setAnimation…` calls give. Sets nest: a set opened inside another starts
    /// from the enclosing set's settings and may change them for its own changes.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let state = UIViewAnimationState.current
        let set = AnimationSet(identifier: animationID, context: context, index: state.contexts.count)
        let owner = AnimationOwner(allowsUserInteraction: false) { finished in
            MainActor.assumeIsolated { set.sendDidStop(finished: finished) }
        }
        var block = UIViewAnimationState.Context(duration: 0.2, delay: 0, options: [], spring: nil, owner: owner)
        if let outer = state.animationSets.last, outer.index < state.contexts.count {
            let enclosing = state.contexts[outer.index]
            block.duration = enclosing.duration
            block.delay = enclosing.delay
            block.options = enclosing.options
            block.repeatCount = enclosing.repeatCount
        }
        state.contexts.append(block)
        state.animationSets.append(set)
        AnimationRegistry.current.openBlocks += 1
    }

    /// Closes the innermost set: its animations are committed (they begin at the frame's vsync,
    /// as every animation's), and its delegate hears `willStart` when the outermost set commits
    /// (UIKit starts a nested set's animations with the outermost's) and `didStop` when the
    /// last of them ends (in the turn after, as a completion; at once, next turn, when it
    /// animated nothing).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func commitAnimations() {
        let state = UIViewAnimationState.current
        guard let set = state.animationSets.popLast() else { return }
        let block = state.contexts.remove(at: min(set.index, state.contexts.count - 1))
        AnimationRegistry.current.openBlocks -= 1
        state.setsAwaitingStart.append(set)
        AnimationRegistry.current.commit(block.owner)
        guard state.animationSets.isEmpty else { return }
        let starting = state.setsAwaitingStart
        state.setsAwaitingStart = []
        for set in starting { set.sendWillStart() }
    }

    /// The set's duration in seconds (default 0.2); 0 or less applies its changes at once.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationDuration(_ duration: TimeInterval) {
        changeOpenSet { block, _ in block.duration = duration }
    }

    /// How long the set waits before it starts (default 0).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationDelay(_ delay: TimeInterval) {
        changeOpenSet { block, _ in block.delay = delay }
    }

    /// The set's curve (default `.easeInOut`): the same as the block option of that curve.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationCurve(_ curve: UIView.AnimationCurve) {
        changeOpenSet { block, _ in
            let curveBits: UInt = 0xF << 16
            block.options = AnimationOptions(rawValue: (block.options.rawValue & ~curveBits) | (UInt(curve.rawValue) << 16))
        }
    }

    /// How many times the set's animations run (default 0: once; fractions run part of the last).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationRepeatCount(_ repeatCount: Float) {
        changeOpenSet { block, _ in block.repeatCount = repeatCount }
    }

    /// Whether each repetition runs back after it runs forward (default false).
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        changeOpenSet { block, _ in
            if repeatAutoreverses { block.options.insert(.autoreverse) } else { block.options.remove(.autoreverse) }
        }
    }

    /// Whether the set starts from what is shown. uisim's animations always do (additive, as
    /// UIKit's since iOS 8); kept as the option.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        changeOpenSet { block, _ in
            if fromCurrentState { block.options.insert(.beginFromCurrentState) } else { block.options.remove(.beginFromCurrentState) }
        }
    }

    /// The object sent the set's `willStart` and `didStop` selectors.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationDelegate(_ delegate: Any?) {
        changeOpenSet { _, set in set.delegate = delegate.map { $0 as AnyObject } }
    }

    /// The delegate's method called as the set starts: `animationWillStart(_:context:)`, given the
    /// identifier and the context.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationWillStart(_ selector: Selector?) {
        changeOpenSet { _, set in set.willStart = selector }
    }

    /// The delegate's method called when the set's animations have stopped:
    /// `animationDidStop(_:finished:context:)`, given the identifier, whether they finished (an
    /// `NSNumber`) and the context.
    @available(iOS, introduced: 2.0, deprecated: 13.0, message: "Use the block-based animation API instead")
    public static func setAnimationDidStop(_ selector: Selector?) {
        changeOpenSet { _, set in set.didStop = selector }
    }
}
