import Foundation
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
import UIKit

/// The summary's frame overrun, janky frames and input latency, from frames whose times are
/// set by hand (60 Hz: a frame interval of 16.667 ms).
@Suite struct FrameFiguresTests {
    /// A frame of vsync `n` whose render ended `overrun` ms from its expected presentation, whose
    /// app and render stages took `work` µs together, presented at `presented` s.
    static func frame(_ n: Int, overrun: Double = -8, work: Double = 4000, inputs: [EventReport.Input] = []) -> FrameRecord {
        var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
        var stages = FrameRecord.Stages()
        stages[.app] = work / 4
        stages[.render] = work - work / 4
        stages[.frame] = work
        let timeline = pipeline.schedule(start: Double(n) / 60, appDuration: 0.001, renderDuration: 0.003)
        var record = FrameRecord(frame: n, mode: "default", timeline: timeline, stages: stages, counts: FrameRecord.Counts(), touches: FrameRecord.Touches())
        record.renderEnd = record.expected + overrun / 1000
        record.inputs = inputs
        return record
    }

    static func summary(_ frames: [FrameRecord], trace: String = "t.trace") -> Summary {
        var builder = SummaryBuilder(Summary(trace: trace, scene: "feed", variant: "", device: "iPhone 14", refreshRate: 60))
        for frame in frames { builder.add(frame) }
        return builder.finished(interrupted: false)
    }

    /// Overruns of −10, −5, −1, 0, +2 and +8 ms. Sorted, the 50th percentile is the 3rd of 6
    /// (−1 ms), the 90th the 6th (+8 ms); the mean is −6 / 6 = −1 ms. A histogram keeps three
    /// significant digits (±0.01 ms here), and a percentile is never below the values it stands for.
    @Test func overrunHasPercentilesEitherSideOfZero() throws {
        let overruns = [-10.0, -5, -1, 0, 2, 8]
        let s = Self.summary(overruns.enumerated().map { Self.frame($0.offset, overrun: $0.element) })
        #expect(s.overrunMs.p50 >= -1 && s.overrunMs.p50 < -1 + 0.01, "\(s.overrunMs)")
        #expect(s.overrunMs.p90 >= 8 && s.overrunMs.p90 < 8.01 && s.overrunMs.p99 == s.overrunMs.p90)
        #expect(abs(s.overrunMs.max - 8) < 0.01 && abs(s.overrunMs.mean - -1) < 0.01)
        // Five frames early or on time: the headroom holds three, the overrun three (0 among them).
        let histograms = try #require(s.histograms)
        #expect(histograms["headroom"]?.reduce(0) { $0 + $1[1] } == 3 && histograms["overrun"]?.reduce(0) { $0 + $1[1] } == 3)
        #expect(s.problems.isEmpty, "\(s.problems)")
        #expect(s[.overrun(.p50)] == s.overrunMs.p50)

        // Only headroom: every figure negative, the largest the one with the least.
        let early = Self.summary([-12.0, -3].enumerated().map { Self.frame($0.offset, overrun: $0.element) })
        #expect(early.overrunMs.max > -3.01 && early.overrunMs.max <= -3 + 0.01 && early.overrunMs.p50 >= -12 && early.overrunMs.p50 < -11.99)
        #expect(early.problems.isEmpty)
    }

    /// A frame is janky when its app and render stages took longer than a frame interval
    /// (16 667 µs at 60 Hz): of 16 000, 16 667, 16 700 and 30 000 µs, two; 2 of 4 is 50 %.
    @Test func jankyFramesAreThoseOverAFrameInterval() {
        let s = Self.summary([16_000.0, 16_666, 16_700, 30_000].enumerated().map { Self.frame($0.offset, work: $0.element) })
        #expect(s.jankyFrames.count == 2 && s.jankyFrames.share == 50)
        #expect(s[.jankyFrames] == 2 && s[.jankyShare] == 50)
        #expect(Self.summary([]).jankyFrames == Summary.JankyFrames())
    }

    /// The input latency of a touch runs from its oldest sample to the presentation of the frame
    /// that shows it: frame 6 (vsync 100 ms) is presented at 133.3 ms, two intervals later; a
    /// touch that began with a sample at 90 ms waited 43.3 ms, moves from 80 and 95 ms 53.3 and
    /// 38.3 ms.
    @Test func inputLatencyRunsFromTheSampleToThePresentation() throws {
        let inputs = [EventReport.Input(phase: .began, sampleTime: 0.090), EventReport.Input(phase: .moved, sampleTime: 0.080),
                      EventReport.Input(phase: .moved, sampleTime: 0.095)]
        let frame = Self.frame(6, inputs: inputs)
        #expect(abs(frame.presented - 0.1333333) < 1e-6)
        let s = Self.summary([Self.frame(5), frame])
        #expect(s.inputLatencyMs.began.count == 1 && abs(s.inputLatencyMs.began.p50 - 43.333) < 0.05)
        #expect(s.inputLatencyMs.moved.count == 2)
        #expect(abs(s.inputLatencyMs.moved.p50 - 38.333) < 0.05 && abs(s.inputLatencyMs.moved.max - 53.333) < 0.05)
        #expect(abs(s.inputLatencyMs.moved.mean - (53.333 + 38.333) / 2) < 0.05)
        #expect(s.inputLatencyMs.ended == Summary.Latency())
        #expect(s[.inputLatencyCount(.moved)] == 2 && s[.inputLatency(.moved, .max)] == s.inputLatencyMs.moved.max)
        #expect(s.problems.isEmpty, "\(s.problems)")
    }

    /// Merged summaries have the overrun, janky frames and latencies of all their frames together.
    @Test func theNewFiguresMergeExactly() throws {
        var a: [FrameRecord] = [], b: [FrameRecord] = []
        for n in 0..<30 {
            let input = EventReport.Input(phase: .moved, sampleTime: Double(n) / 60 - 0.01 * Double(n % 3))
            a.append(Self.frame(n, overrun: Double(n % 11) - 7, work: Double(10_000 + 300 * n), inputs: [input]))
        }
        for n in 30..<50 { b.append(Self.frame(n, overrun: Double(n % 5) - 1, work: 20_000)) }
        let merged = try SummaryBuilder.merging([Self.summary(a, trace: "a.trace"), Self.summary(b, trace: "b.trace")])
        let all = Self.summary(a + b, trace: "all")
        #expect(merged.overrunMs == all.overrunMs)
        #expect(merged.jankyFrames == all.jankyFrames)
        #expect(merged.inputLatencyMs == all.inputLatencyMs)
        #expect(merged.histograms == all.histograms)
        #expect(merged.jankyFrames.count == 7 + 20 && merged.inputLatencyMs.moved.count == 30)
    }

    /// `late_ms` is a frame's own lateness, `hitch_ms` the part not counted already. Frame A's app
    /// stage takes 30 ms from vsync 0: it misses the commit deadline (16.7 ms), is handed over at
    /// 33.3 ms, rendered then and shown at 50 ms, expected at 33.3: 16.7 ms late, a 16.7 ms hitch.
    /// Frame B, due at vsync 16.7, starts when A's commit ends (30 ms): expected at 50 ms, its
    /// render waits for A's (ends 38.3 ms) until vsync 50 and it is shown at 66.7 ms, one interval
    /// after A: late by 16.7 ms too, but a hitch of 0.
    @Test func lateIsTheFramesOwnHitchIsCountedOnce() throws {
        var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
        let timelines = [pipeline.schedule(start: 0, appDuration: 0.030, renderDuration: 0.005),
                         pipeline.schedule(start: 1.0 / 60, appDuration: 0.001, renderDuration: 0.003)]
        let frames = timelines.enumerated().map {
            FrameRecord(frame: $0.offset, mode: "default", timeline: $0.element, stages: FrameRecord.Stages(), counts: FrameRecord.Counts(), touches: FrameRecord.Touches())
        }
        #expect(abs(frames[0].late - 1000.0 / 60) < 1e-6 && abs(frames[0].hitch - 1000.0 / 60) < 1e-6)
        #expect(abs(frames[1].late - 1000.0 / 60) < 1e-6 && frames[1].hitch == 0)
        #expect(abs(frames[1].presented - frames[0].presented - 1.0 / 60) < 1e-9)
        #expect(frames[1].jsonLine.contains(#""late_ms":16.66666"#) && frames[1].jsonLine.contains(#""hitch_ms":0,"#))
    }

    /// The overrun's two histograms count every frame once between them: a summary.json whose
    /// counts disagree is refused, with the place.
    @Test func overrunHistogramsThatDoNotCountTheFramesAreAProblem() throws {
        var s = Self.summary((0..<4).map { Self.frame($0, overrun: $0 % 2 == 0 ? -4 : 3) })
        #expect(s.problems.isEmpty)
        s.histograms?["headroom"] = [[4_000_000, 5]]
        #expect(s.problems.map(\.path) == ["histograms_ns.overrun"], "\(s.problems)")
        s = Self.summary((0..<2).map { Self.frame($0, inputs: Array(repeating: EventReport.Input(phase: .moved, sampleTime: 0), count: 3)) })
        s.histograms?["input_latency.moved"] = [[1_000_000, 129]]
        #expect(s.problems.map(\.path) == ["histograms_ns.input_latency.moved"], "\(s.problems)")
    }
}
