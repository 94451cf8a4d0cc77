import Foundation

/// The median of a stream of time intervals, in memory that does not grow with the stream: each
/// interval is counted in a bucket 0.1 % wide on a logarithmic scale from a nanosecond to
/// `TraceLimits.maxTime` (at most about 35 000 buckets, however many intervals), which keeps the
/// smallest and largest interval it holds. The median is the middle of the bucket that holds it:
/// exact when its intervals are equal (a steady sample rate), otherwise within 0.1 %.
struct IntervalMedian: Sendable {
    /// How wide a bucket is, relative to the intervals in it.
    static let resolution = 1e-3
    /// Intervals below this many seconds share the first bucket; above `TraceLimits.maxTime`, the last.
    static let smallest = 1e-9

    private struct Bucket: Sendable {
        var count = 0
        var low = Double.infinity
        var high = 0.0
    }

    private var buckets: [Int: Bucket] = [:]
    /// How many intervals were added.
    private(set) var count = 0

    /// How many buckets are in use: what the memory held grows with.
    var bucketCount: Int { buckets.count }

    private static let logStep = log1p(resolution)

    /// Counts `interval` (seconds, more than 0 and finite; others are ignored).
    mutating func add(_ interval: Double) {
        guard interval > 0, interval.isFinite else { return }
        let clamped = min(max(interval, Self.smallest), TraceLimits.maxTime)
        let key = Int((log(clamped) / Self.logStep).rounded(.down))
        Self.count(interval, in: &buckets[key, default: Bucket()])
        count += 1
    }

    private static func count(_ interval: Double, in bucket: inout Bucket) {
        bucket.count += 1
        bucket.low = min(bucket.low, interval)
        bucket.high = max(bucket.high, interval)
    }

    /// The median interval (the upper one of an even count), or nil when none was added.
    var median: Double? {
        guard count > 0 else { return nil }
        var seen = 0
        for key in buckets.keys.sorted() {
            let bucket = buckets[key]!
            seen += bucket.count
            if seen > count / 2 { return bucket.low == bucket.high ? bucket.low : (bucket.low + bucket.high) / 2 }
        }
        return nil
    }
}
