import Foundation
import QuartzCore
import Geometry
import Replay
import RunLoop
import Testing
import Traces
import Support

/// `uisim merge`'s arithmetic: summaries of different traces merge into one whose percentiles
/// are those of all their frames together, exactly.
@Suite struct SummaryMergeTests {
    /// A replay's frames made up from a seeded generator: stages of 0.1–20 ms, some hitches of
    /// both types, placed by a pipeline.
    static func frames(_ count: Int, seed: UInt64) -> [FrameRecord] {
        var generator = SeededGenerator(seed: seed)
        var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
        return (0..<count).map { n in
            var stages = FrameRecord.Stages()
            stages[.event] = Double.random(in: 1...500, using: &generator)
            stages[.layout] = Double.random(in: 1...3000, using: &generator)
            stages[.display] = Double.random(in: 1...12000, using: &generator)
            stages[.commit] = Double.random(in: 1...6000, using: &generator)
            stages[.app] = stages[.event] + stages[.layout] + stages[.display] + stages[.commit]
            stages[.renderExecute] = Double.random(in: 100...18000, using: &generator)
            stages[.render] = stages[.renderExecute]
            var counts = FrameRecord.Counts()
            counts.draws = n % 3
            counts.compositedPixels = 1000 * (n % 7)
            counts.backingStoreBytes = 4096 * (n % 5)
            var touches = FrameRecord.Touches()
            touches.moved = n % 2
            let timeline = pipeline.schedule(start: Double(n) / 60, appDuration: stages[.app] / 1e6, renderDuration: stages[.render] / 1e6)
            return FrameRecord(frame: n, mode: "default", timeline: timeline, stages: stages, counts: counts, touches: touches)
        }
    }

    static func summary(_ name: String, _ frames: [FrameRecord]) -> Summary {
        var builder = SummaryBuilder(Summary(trace: name, scene: "feed", variant: "", device: "iPhone 14", refreshRate: 60))
        for frame in frames { builder.add(frame) }
        return builder.finished(interrupted: false)
    }

    @Test func fourSummariesMergeExactly() throws {
        let parts = (0..<4).map { Self.frames(200 + 50 * $0, seed: UInt64($0) + 1) }
        let summaries = parts.enumerated().map { Self.summary("t\($0.offset).trace", $0.element) }
        let merged = try SummaryBuilder.merging(summaries)

        // Percentiles and maxima: those of one histogram that saw every frame.
        let all = Self.summary("all", parts.flatMap { $0 })
        #expect(merged.stages == all.stages)
        #expect(merged.histograms == all.histograms)
        // Counts and touches added; the backing-store peak is the largest.
        #expect(merged.frames == 1100 && merged.counts.draws == parts.flatMap { $0 }.map(\.counts.draws).reduce(0, +))
        #expect(merged.touches.moved == summaries.map(\.touches.moved).reduce(0, +))
        #expect(merged.backingStoreBytesPeak == 16384)
        // Durations, active times and hitch times add, and the ratio is recomputed from them.
        let duration = summaries.map(\.durationSeconds).reduce(0, +), active = summaries.map(\.activeSeconds).reduce(0, +)
        let hitchTime = summaries.map(\.hitchTimeMs.total).reduce(0, +)
        #expect(abs(merged.durationSeconds - duration) < 1e-9 && abs(merged.activeSeconds - active) < 1e-9)
        #expect(abs(merged.hitchTimeMs.total - hitchTime) < 1e-9)
        #expect(abs(merged.hitchTimeRatio - hitchTime / active) < 1e-9 && merged.hitches.total == summaries.map(\.hitches.total).reduce(0, +))
        #expect(merged.hitches.commit > 0 && merged.hitches.render > 0)
        #expect(merged.hitches.commit + merged.hitches.render == merged.hitches.total)
        #expect(merged.traces == ["t0.trace", "t1.trace", "t2.trace", "t3.trace"] && merged.trace == "4 traces")

        // The order of the shards does not matter.
        let reversed = try SummaryBuilder.merging(summaries.reversed())
        #expect(reversed.counts == merged.counts && reversed.stages == merged.stages && reversed.histograms == merged.histograms)
        // Merging is associative: shards of shards give the same summary.
        let pairs = try SummaryBuilder.merging([try SummaryBuilder.merging(Array(summaries[0..<2])), try SummaryBuilder.merging(Array(summaries[2..<4]))])
        #expect(pairs == merged)
        // And it survives summary.json.
        let decoded = try JSONDecoder().decode(Summary.self, from: JSONEncoder().encode(summaries[0]))
        #expect(try SummaryBuilder.merging([decoded]) == SummaryBuilder.merging([summaries[0]]))
    }

    @Test func aTraceMergedTwiceIsAnError() throws {
        let one = Self.summary("a.trace", Self.frames(10, seed: 9))
        #expect(throws: UsageError.self) { try SummaryBuilder.merging([one, one]) }
    }
}

/// frames.jsonl is written by hand for speed: it must stay what `JSONEncoder` writes (with the
/// derived `overrun_ms` and `late_ms` besides).
@Suite struct FrameLineTests {
    @Test func theHandWrittenLineIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var frames = SummaryMergeTests.frames(300, seed: 3)
        frames[0].mode = "kCFRunLoopDefaultMode \"quoted\" \\ tab\t é \u{1}"
        frames[1].vsync = 1e-7
        frames[2].hitch = 1e21
        for frame in frames {
            let line = frame.jsonLine
            let derived = line.replacingOccurrences(of: #","(overrun|late)_ms":[^,]*"#, with: "", options: .regularExpression)
            #expect(derived == String(decoding: try encoder.encode(frame), as: UTF8.self))
            #expect(try JSONDecoder().decode(FrameRecord.self, from: Data(line.utf8)) == frame)
        }
    }
}
