import Foundation
import QuartzCore
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The feed laid out with constraints (`auto-layout`, issue 30) puts the same frames on screen as
/// its hand-written `layoutSubviews`, and `constraint-churn` replaces every constraint of a cell
/// at each configure where the default changes constants: the two sides of advice 9 and 10.
@Suite struct AutoLayoutFeedTests {
    /// The fling of `fling.trace` on the fixed clock (as `uisim advice` replays it): the summary
    /// and each frame's record.
    func fling(_ variants: [String: Bool]) throws -> (Summary, [FrameRecord]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-autolayout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let feed = try BuiltInScenes.named("feed")
        var job = try ReplayJob(trace: AdviceEffectsTests.traces.appendingPathComponent("fling.trace"), scene: feed,
                                settings: try feed.settings(variants), model: .iPhone14, out: folder, snapshots: .none)
        job.clock = .fixed
        let result = try job.run()
        var frames: [FrameRecord] = []
        try FrameRecord.forEach(in: result.outputs.framesURL) { if $0.kind == .frame { frames.append($0) } }
        return (result.summary, frames)
    }

    @Test func theFeedHasBothVariantsOffByDefault() throws {
        let feed = try BuiltInScenes.named("feed")
        for name in ["auto-layout", "constraint-churn"] {
            #expect(feed.variants.first { $0.name == name }?.defaultValue == false, "\(name)")
        }
        #expect(FeedStyle(try feed.settings(["constraint-churn": true])).autoLayout)   // churn implies constraints
    }

    /// Auto Layout on: every frame draws, commits and composites what the hand-written layout
    /// does; only the engine's counters (and `layoutSubviews` calls) differ.
    @Test func autoLayoutGivesTheHandWrittenFramesAndDraws() throws {
        let (hand, handFrames) = try fling([:])
        let (auto, autoFrames) = try fling(["auto-layout": true])
        #expect(hand.frames == auto.frames && hand.touches == auto.touches)
        #expect(handFrames.count == autoFrames.count)
        // The engine asks each label for its intrinsic size: text layouts (and cache hits) of its own.
        let engine: Set<Counter> = [.constraintsAdded, .constraintsRemoved, .constraintConstantChanges, .updateConstraintsCalls,
                                    .engineSolves, .intrinsicSizeInvalidations, .layouts, .textLayouts, .textLayoutCacheHits]
        for counter in Counter.allCases where !engine.contains(counter) {
            #expect(hand.counts[counter] == auto.counts[counter], "\(counter)")
            #expect(handFrames.map { $0.counts[counter] } == autoFrames.map { $0.counts[counter] }, "\(counter) per frame")
        }
        #expect(hand.counts[.constraintsAdded] == 0 && hand.counts[.engineSolves] == 0)
        // One cell made during the fling (28 constraints of the app's, its content view's frame and
        // its views' content sizes); none broken; no constant changes (nothing in a row's layout
        // depends on the row).
        #expect(auto.counts[.cellsCreated] == 1 && auto.counts[.constraintsAdded] == 44)
        #expect(auto.counts[.constraintsRemoved] == 0 && auto.counts[.constraintConstantChanges] == 0)
        #expect(auto.counts[.unsatisfiableConstraints] == 0 && auto.counts[.engineSolves] == 26)
    }

    /// The views' frames themselves, in every cell on screen, with each look of the rows. (Not
    /// `live-content`'s bar: its length is a fraction of the card, which the engine puts on the
    /// pixel grid as UIKit's does, and the hand-written layout does not.)
    @Test func everyViewOfTheRowsSitsWhereTheHandWrittenLayoutPutsIt() throws {
        func frames(_ variants: [String: Bool]) throws -> [String] {
            try UIApplication.withNewApplication(screen: UIScreen(model: .iPhoneSE3)) {
                let feed = try BuiltInScenes.named("feed")
                let window = feed.makeWindow(settings: try feed.settings(variants))
                var trace = Trace()
                trace.drag(1, from: CGPoint(x: 187, y: 550), to: CGPoint(x: 187, y: 250), time: 0.05, duration: 0.3, rate: 60, hold: 0.1)
                _ = try Replay(window: window, clock: VirtualClock()).run(trace)
                var out: [String] = []
                @MainActor func walk(_ view: UIView, _ depth: Int) {
                    out.append("\(depth) \(type(of: view)) \(view.frame) hidden=\(view.isHidden)")
                    for sub in view.subviews { walk(sub, depth + 1) }
                }
                walk(window, 0)
                return out
            }
        }
        for look in [[:], ["corner-clip": true, "shadow-path": true], ["system-views": false], ["system-views": false, "corner-clip": true]] as [[String: Bool]] {
            let hand = try frames(look)
            for other in ["auto-layout", "constraint-churn"] {
                let auto = try frames(look.merging([other: true]) { $1 })
                let differing = zip(hand, auto).filter { $0 != $1 }.prefix(3).map { "\($0) ≠ \($1)" }
                #expect(auto.count == hand.count && differing.isEmpty, "\(look) \(other): \(differing)")
            }
        }
    }

    /// Churn: every frame that configures a reused cell removes its 28 constraints and adds 28
    /// new ones; changing constants instead adds and removes none (only the one cell made adds
    /// its 44). The frames and draws stay the same.
    @Test func churnAddsConstraintsEveryFrameThatConfiguresACellConstantsDoNot() throws {
        let (constants, constantFrames) = try fling(["auto-layout": true])
        let (churn, churnFrames) = try fling(["auto-layout": true, "constraint-churn": true])
        #expect(churn.counts[.draws] == constants.counts[.draws] && churn.counts[.drawnPixels] == constants.counts[.drawnPixels])
        #expect(churn.counts[.cellsReused] == 25 && churn.counts[.cellsCreated] == 1)
        #expect(churn.counts[.constraintsAdded] == 744 && churn.counts[.constraintsRemoved] == 700)
        #expect(constants.counts[.constraintsAdded] == 44 && constants.counts[.constraintsRemoved] == 0)
        #expect(churnFrames.count == constantFrames.count)
        var configuring = 0
        for (frame, (c, k)) in zip(churnFrames, constantFrames).enumerated() {
            #expect(c.counts[.cellsReused] == k.counts[.cellsReused] && c.counts[.cellsCreated] == k.counts[.cellsCreated])
            let reused = c.counts[.cellsReused], made = c.counts[.cellsCreated]
            if reused > 0 { configuring += 1 }
            #expect(c.counts[.constraintsRemoved] == 28 * reused, "frame \(frame)")
            #expect(c.counts[.constraintsAdded] == 28 * reused + 44 * made, "frame \(frame)")
            #expect(k.counts[.constraintsRemoved] == 0 && k.counts[.constraintsAdded] == 44 * made, "frame \(frame)")
        }
        #expect(configuring > 10)
    }

    /// With a bar that follows the scroll position, the constraints variant changes its width's
    /// constant, never a constraint.
    @Test func liveContentChangesTheBarsConstantNotItsConstraint() throws {
        let (live, _) = try fling(["auto-layout": true, "live-content": true])
        #expect(live.counts[.constraintConstantChanges] > 0)
        #expect(live.counts[.constraintsRemoved] == 0)
    }
}
