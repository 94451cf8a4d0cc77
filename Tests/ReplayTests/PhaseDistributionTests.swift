import Geometry
import Histogram
@testable import Replay
import Testing
import Support

/// A stage's distribution is taken in one walk over the histogram's buckets; its figures are
/// HdrHistogram's own, to the bit.
@Suite nonisolated struct PhaseDistributionTests {
    @Test(arguments: [1, 2, 7, 100, 5_000]) func figuresAreHdrHistogramsOwn(values: Int) {
        var generator = SeededGenerator(seed: UInt64(values))
        var h = Histogram<UInt64>(highestTrackableValue: SummaryBuilder.highestTrackableNanoseconds, numberOfSignificantValueDigits: .three)
        for _ in 0..<values {   // 1 µs to 40 ms, most below 2 ms, some repeated
            let value = UInt64.random(in: 1_000...(Bool.random(using: &generator) ? 2_000_000 : 40_000_000), using: &generator)
            _ = h.record(value, count: UInt64.random(in: 1...3, using: &generator))
        }
        let d = PhaseDistribution(h, recorded: h.recordedValues().map { (value: $0.value, count: UInt64($0.count)) })
        // valueAtPercentile, but a percentile in the top bucket is that bucket's highest value (the
        // maximum), as summary.json's buckets, and so merged summaries, give it.
        func expected(_ p: Double) -> Double {
            let value = h.valueAtPercentile(p)
            return Double(value == h.maxRecorded ? h.max : value) / 1000
        }
        #expect(d.p50 == expected(50))
        #expect(d.p90 == expected(90))
        #expect(d.p95 == expected(95))
        #expect(d.p99 == expected(99))
        #expect(d.max == Double(h.max) / 1000)
        #expect(d.mean == h.mean / 1000)
        #expect(d.p50 > 0 && d.p50 <= d.p99 && d.p99 <= d.max)
    }

    @Test func anEmptyHistogramGivesZeros() {
        let h = Histogram<UInt64>(highestTrackableValue: SummaryBuilder.highestTrackableNanoseconds, numberOfSignificantValueDigits: .three)
        #expect(PhaseDistribution(h, recorded: []) == PhaseDistribution())
    }
}
