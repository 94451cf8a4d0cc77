import Foundation
import QuartzCore
import RunLoop
import Traces
import Histogram
import Support

/// The distribution of one stage's time over frames, in microseconds.
public struct PhaseDistribution: Codable, Equatable, Sendable {
    public var p50 = 0.0, p90 = 0.0, p95 = 0.0, p99 = 0.0, max = 0.0, mean = 0.0
    public init() {}

    static func from(_ latency: Summary.Latency) -> PhaseDistribution {
        var d = PhaseDistribution()
        (d.p50, d.p90, d.p95, d.p99, d.max, d.mean) = (latency.p50, latency.p90, latency.p95, latency.p99, latency.max, latency.mean)
        return d
    }

    public subscript(statistic: Statistic) -> Double {
        switch statistic {
        case .p50: p50
        case .p90: p90
        case .p95: p95
        case .p99: p99
        case .max: max
        case .mean: mean
        }
    }

    /// One bucket of a distribution, in ascending order: the value its percentiles report (the
    /// bucket's highest, within the smallest and largest values recorded), the value its mean
    /// counts (the bucket's middle), and how many values it holds.
    struct Bucket {
        var value: Double, middle: Double, count: UInt64
    }

    /// The buckets of `h`, whose non-empty buckets, in order, are `recorded`; `negated`, the
    /// buckets of its values' negatives (in ascending order, so the largest of `h` first).
    static func buckets(_ h: Histogram<UInt64>, recorded: [(value: UInt64, count: UInt64)], negated: Bool = false) -> [Bucket] {
        guard h.totalCount > 0 else { return [] }
        // A percentile is never below the values it stands for: a bucket's highest value, and of
        // negated values the negative of a bucket's lowest. Unlike `valueAtPercentile`, the top
        // bucket's is not clamped to the largest value recorded: that value is lost when the
        // buckets are written to summary.json, and merged summaries must give the same figures
        // (a percentile in the top bucket is the maximum, as `max` reports it).
        guard negated else {
            return recorded.map { Bucket(value: Double($0.value), middle: Double(h.medianEquivalentForValue($0.value)), count: $0.count) }
        }
        return recorded.reversed().map {
            Bucket(value: -Double(h.lowestEquivalentForValue($0.value)), middle: -Double(h.medianEquivalentForValue($0.value)), count: $0.count)
        }
    }

    /// The distribution of `h` (nanoseconds) in microseconds, whose non-empty buckets, in order,
    /// are `recorded`: the figures HdrHistogram's `valueAtPercentile` (but in the top bucket, see
    /// `buckets`) and `mean` give, from one walk over those buckets (each of those calls walks every bucket through unspecialized
    /// generic code: 8 % of a fling's replay for 9 stages).
    init(_ h: Histogram<UInt64>, recorded: [(value: UInt64, count: UInt64)], divisor: Double = 1000) {
        self.init(Self.buckets(h, recorded: recorded), max: Double(h.max), divisor: divisor)
    }

    /// The distribution of the values in `buckets` (ascending), the largest `max`, each divided by
    /// `divisor`.
    init(_ buckets: [Bucket], max largest: Double, divisor: Double) {
        let total = buckets.reduce(0) { $0 + $1.count }
        guard total > 0 else { return }
        func percentile(_ p: Double) -> Double {
            // As valueAtPercentile: the count at `p` (less one ulp) rounded up, and the first
            // bucket that reaches it.
            let target = Swift.max(1, UInt64((p.nextDown * Double(total) / 100).rounded(.up)))
            var count: UInt64 = 0
            for bucket in buckets {
                count += bucket.count
                if count >= target { return bucket.value / divisor }
            }
            return 0
        }
        p50 = percentile(50)
        p90 = percentile(90)
        p95 = percentile(95)
        p99 = percentile(99)
        max = largest / divisor
        mean = buckets.reduce(0.0) { $0 + $1.middle * Double($1.count) } / Double(total) / divisor
    }
}
