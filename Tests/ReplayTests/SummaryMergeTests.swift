import Foundation
import Geometry
import Replay
import Testing

/// `uisim merge`'s arithmetic: summaries of different traces merge into one whose percentiles
/// are those of all their frames together, exactly.
@Suite struct SummaryMergeTests {
    /// A replay's frames made up from a seeded generator: phases of 0.1–20 ms, some hitches.
    static func frames(_ count: Int, seed: UInt64) -> [FrameRecord] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { n in
            var phases = FrameRecord.Phases()
            phases.event = Double.random(in: 1...500, using: &generator)
            phases.layout = Double.random(in: 1...3000, using: &generator)
            phases.display = Double.random(in: 1...8000, using: &generator)
            phases.render = Double.random(in: 100...9000, using: &generator)
            phases.total = phases.event + phases.layout + phases.display + phases.render
            var counts = FrameRecord.Counts()
            counts.draws = n % 3
            counts.compositedPixels = 1000 * (n % 7)
            counts.backingStoreBytes = 4096 * (n % 5)
            var touches = FrameRecord.Touches()
            touches.moved = n % 2
            let hitch = phases.total > 16_667 ? (phases.total - 16_667) / 1000 : 0
            return FrameRecord(frame: n, vsync: Double(n) / 60, target: Double(n + 1) / 60, presented: Double(n + 1) / 60 + hitch / 1000,
                               hitch: hitch, mode: "default", phases: phases, counts: counts, touches: touches)
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
        #expect(merged.phases == all.phases)
        #expect(merged.histograms == all.histograms)
        // Counts and touches added; the backing-store peak is the largest.
        #expect(merged.frames == 1100 && merged.counts.draws == parts.flatMap { $0 }.map(\.counts.draws).reduce(0, +))
        #expect(merged.touches.moved == summaries.map(\.touches.moved).reduce(0, +))
        #expect(merged.backingStoreBytesPeak == 16384)
        // Durations and hitch times add, and the ratio is recomputed from them.
        let duration = summaries.map(\.durationSeconds).reduce(0, +), hitchTime = summaries.map { $0.hitchTimeMs! }.reduce(0, +)
        #expect(abs(merged.durationSeconds - duration) < 1e-9 && merged.hitchTimeMs == hitchTime)
        #expect(abs(merged.hitchTimeRatio - hitchTime / duration) < 1e-9 && merged.hitches == summaries.map(\.hitches).reduce(0, +))
        #expect(merged.traces == ["t0.trace", "t1.trace", "t2.trace", "t3.trace"] && merged.trace == "4 traces")

        // The order of the shards does not matter.
        let reversed = try SummaryBuilder.merging(summaries.reversed())
        #expect(reversed.counts == merged.counts && reversed.phases == merged.phases && reversed.histograms == merged.histograms)
        // Merging is associative: shards of shards give the same summary.
        let pairs = try SummaryBuilder.merging([try SummaryBuilder.merging(Array(summaries[0..<2])), try SummaryBuilder.merging(Array(summaries[2..<4]))])
        #expect(pairs == merged)
        // And it survives summary.json.
        let decoded = try JSONDecoder().decode(Summary.self, from: JSONEncoder().encode(summaries[0]))
        #expect(try SummaryBuilder.merging([decoded]) == SummaryBuilder.merging([summaries[0]]))
    }

    @Test func aTraceMergedTwiceIsAnError() throws {
        let one = Self.summary("a.trace", Self.frames(10, seed: 9))
        #expect(throws: ReplayOutputError.self) { try SummaryBuilder.merging([one, one]) }
    }
}

/// frames.jsonl is written by hand for speed: it must stay what `JSONEncoder` writes.
@Suite struct FrameLineTests {
    @Test func theHandWrittenLineIsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var frames = SummaryMergeTests.frames(300, seed: 3)
        frames[0].mode = "kCFRunLoopDefaultMode \"quoted\" \\ tab\t é \u{1}"
        frames[1].vsync = 1e-7
        frames[2].hitch = 1e21
        for frame in frames {
            #expect(frame.jsonLine == String(decoding: try encoder.encode(frame), as: UTF8.self))
        }
    }
}
