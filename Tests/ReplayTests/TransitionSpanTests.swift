import Foundation
import Geometry
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
import UIKit

/// How the summary spans a transition over frames: from the frame whose events began it to the
/// one that ended it, both counted, with the hitches between; one the replay ended in the middle
/// of is "unfinished"; merged summaries keep each transition with its trace.
@Suite struct TransitionSpanTests {
    /// Ten frames at 60 Hz, frame 3 a commit hitch (its app stage 30 ms); a push begun in frame
    /// 2 and finished in frame 5; a present begun in frame 8 and never finished.
    static func frames() -> [FrameRecord] {
        var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
        return (0..<10).map { n in
            var stages = FrameRecord.Stages()
            stages[.app] = n == 3 ? 30_000 : 1_000
            stages[.render] = 1_000
            let timeline = pipeline.schedule(start: Double(n) / 60, appDuration: stages[.app] / 1e6, renderDuration: stages[.render] / 1e6)
            var frame = FrameRecord(frame: n, mode: "default", timeline: timeline, stages: stages, counts: FrameRecord.Counts(), touches: FrameRecord.Touches())
            switch n {
            case 2: frame.transitions = [TransitionEvent(id: 1, kind: .push, name: "B", phase: .began)]
            case 5: frame.transitions = [TransitionEvent(id: 1, kind: .push, name: "B", phase: .finished)]
            case 8: frame.transitions = [TransitionEvent(id: 2, kind: .present, name: "S", phase: .began)]
            default: break
            }
            return frame
        }
    }

    static func summary(_ trace: String) -> (Summary, [FrameRecord]) {
        let frames = frames()
        var builder = SummaryBuilder(Summary(trace: trace, scene: "navigation", variant: "", device: "iPhone 14", refreshRate: 60))
        for frame in frames { builder.add(frame) }
        return (builder.finished(interrupted: false), frames)
    }

    @Test func aTransitionSpansItsFramesAndTheirHitches() throws {
        let (summary, frames) = Self.summary("a.trace")
        let transitions = try #require(summary.transitions)
        #expect(transitions.count == 2)
        let push = transitions[0], present = transitions[1]
        #expect(push.kind == "push" && push.screen == "B" && push.outcome == "finished" && push.trace == "a.trace")
        #expect(push.frames == 4 && push.startS == frames[2].vsync && abs(push.durationS - (frames[5].presented - frames[2].vsync)) < 1e-12)
        #expect(push.hitches.total == frames[2...5].filter { $0.hitchType != .none }.count && push.hitches.commit >= 1)
        #expect(abs(push.hitchTimeMs - frames[2...5].reduce(0) { $0 + $1.hitch }) < 1e-9)
        #expect(present.outcome == "unfinished" && present.frames == 2)
        #expect(push.sentence.hasPrefix("push B: 4 frames in ") && push.sentence.contains("commit hitch"))
        #expect(present.sentence.hasPrefix("present S (unfinished): 2 frames"))
        #expect(summary.problems.isEmpty, "\(summary.problems)")
    }

    /// A transition that cannot be (no frame, more hitches than frames, an unknown outcome) makes
    /// the summary invalid, with its place.
    @Test func anImpossibleTransitionIsAProblem() throws {
        var summary = Self.summary("a.trace").0
        summary.transitions![0].frames = 0
        summary.transitions![1].hitches.total = 5
        summary.transitions![1].outcome = "maybe"
        // Transition 0 had a hitch: with no frame, its hitches are too many as well.
        #expect(summary.problems.map(\.path) == ["transitions[0].frames", "transitions[0].hitches", "transitions[1].hitches", "transitions[1].outcome"])
    }

    /// Merged, each transition keeps the trace it came from; the JSON reads back the same.
    @Test func mergedSummariesKeepEachTransitionsTrace() throws {
        var a = Self.summary("a.trace").0, b = Self.summary("b.trace").0
        a.transitions = a.transitions.map { $0.map { var t = $0; t.trace = nil; return t } }   // as an older uisim wrote them
        b.transitions = b.transitions.map { Array($0.prefix(1)) }
        let merged = try SummaryBuilder.merging([a, b])
        #expect(merged.transitions?.map { "\($0.trace ?? "?") \($0.kind)" } == ["a.trace push", "a.trace present", "b.trace push"])
        let decoded = try JSONDecoder().decode(Summary.self, from: try JSONEncoder().encode(merged))
        #expect(decoded.transitions == merged.transitions)
    }
}
