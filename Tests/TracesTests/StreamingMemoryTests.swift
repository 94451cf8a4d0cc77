import Foundation
import Geometry
import Testing
@testable import Traces
import Support

/// Memory that does not grow with a gesture's length, checked by counting what is held rather
/// than by timing: a WebDriver move is made one sample at a time, `trace info` keeps a bounded
/// summary of the intervals, and actions that last past the time limit are refused before any
/// sample is made (issue #28: `trace info` on a 1 KB file with a week-long move took 13.9 s and
/// 1.1 GB before it failed).
@Suite struct StreamingMemoryTests {
    static func move(_ duration: Int, then more: String = "") -> String {
        #"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":["#
            + #"{"type":"pointerMove","x":10,"y":10},{"type":"pointerDown"},\#(more)"#
            + "\n" + #"{"type":"pointerMove","duration":\#(duration),"x":300,"y":600},{"type":"pointerUp"}]}]}"#
    }

    /// A ten-minute move (72 000 samples at 120 Hz): the reader holds at most one made sample and
    /// one move at any time.
    @Test func aLongMoveIsMadeOneSampleAtATime() throws {
        var reader = try WebDriverActionsReader(text: Self.move(600_000))
        var samples = 0, mostHeld = 0, mostMoves = 0
        while try reader.next() != nil {
            samples += 1
            mostHeld = max(mostHeld, reader.pending.samples)
            mostMoves = max(mostMoves, reader.pending.moves)
        }
        #expect(samples == 72_002 && mostHeld <= 1 && mostMoves <= 1)
    }

    /// A valid week-long move (almost 72.6 million samples) starts at once and is read lazily;
    /// reading all of it is slow by request, so only its start is read here.
    @Test func aWeekLongMoveStartsAtOnce() throws {
        var reader = try WebDriverActionsReader(text: Self.move(604_799_000))
        var last: TouchSample?
        for _ in 0..<10_000 {
            last = try reader.next()
            #expect(reader.pending.samples <= 1 && reader.pending.moves <= 1)
        }
        #expect(last?.phase == .move && abs(last!.time - 9_999.0 / 120) < 1e-9)
    }

    /// Actions ending past a week fail when opened, at the action that passes the limit, before
    /// any sample is made (they failed after making the week's samples).
    @Test func actionsPastTheTimeLimitFailBeforeAnySample() {
        let cases = [(Self.move(604_800_000, then: #"{"type":"pause","duration":1000},"#), "week.json:2: time 604801 is past the limit of 604800 s"),
                     (Self.move(604_799_000, then: #"{"type":"pause","duration":1001},"#), "week.json:2: time 604800.001 is past the limit of 604800 s")]
        for (text, expected) in cases {
            do {
                var reader = try WebDriverActionsReader(text: text, name: "week.json")
                let first = try reader.next()
                Issue.record("opened and read \(String(describing: first)); expected \(expected)")
            } catch let error as TraceError {
                #expect(error.description == expected)
            } catch {
                Issue.record("not a TraceError: \(error)")
            }
        }
    }

    /// Thirty thousand input sources that only wait and a pointer with thirty thousand actions:
    /// each tick visits only the sources with an action in it, and ids are checked in a set (both
    /// were the product of the two counts, about a billion steps here; the limit only stops a
    /// regression from hanging the suite).
    @Test(.timeLimit(.minutes(1))) func manySourcesAndManyTicksCostTheirActions() throws {
        let count = 30_000
        let waiting = (0..<count).map { #"{"type":"none","id":"n\#($0)","actions":[]}"# }
        let pointer = #"{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":[{"type":"pointerDown"},"#
            + Array(repeating: #"{"type":"pause","duration":1}"#, count: count - 2).joined(separator: ",") + #",{"type":"pointerUp"}]}"#
        var reader = try WebDriverActionsReader(text: "[" + (waiting + [pointer]).joined(separator: ",\n") + "]")
        var samples: [TouchSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        #expect(samples.map(\.phase) == [.down, .up] && samples[1].time == Double(count - 2) / 1000)
    }

    /// `trace info` over the ten-minute move: every sample counted, the rate exact.
    @Test func infoOfALongMove() throws {
        var reader = try WebDriverActionsReader(text: Self.move(600_000))
        let info = try TraceInfo(reading: &reader)
        #expect(info.samples == 72_002 && info.duration == 600 && abs(info.rate - 120) < 1e-6)
    }

    /// The median of a million jittery intervals, against sorting them all: within 0.1 %, in a
    /// bounded number of buckets; intervals from a nanosecond to a week fill at most ~35 000.
    @Test func intervalMedianIsBoundedAndCloseToTheSortedMedian() {
        var generator = SeededGenerator(seed: 28)
        var median = IntervalMedian()
        var all: [Double] = []
        for _ in 0..<1_000_000 {
            let interval = Double.random(in: 0.004...0.009, using: &generator)
            median.add(interval)
            all.append(interval)
        }
        all.sort()
        let exact = all[all.count / 2]
        #expect(abs(median.median! - exact) / exact <= IntervalMedian.resolution)
        #expect(median.bucketCount <= 813)   // ln(0.009 / 0.004) / ln(1.001), and one at each end
        var wide = IntervalMedian()
        for i in 0...180_000 { wide.add(pow(10, -12 + Double(i) / 10_000)) }
        #expect(wide.bucketCount <= 35_000 && wide.count == 180_001)
    }

    /// Equal intervals give their exact value, the upper middle one of an even count, and none
    /// gives nil.
    @Test func intervalMedianOfEqualIntervalsIsExact() {
        var median = IntervalMedian()
        #expect(median.median == nil)
        for _ in 0..<5 { median.add(1.0 / 120) }
        for _ in 0..<5 { median.add(1.0 / 60) }
        #expect(median.median == 1.0 / 60 && median.bucketCount == 2)
        median.add(0)
        median.add(-1)
        median.add(.nan)
        #expect(median.count == 10)
    }
}
