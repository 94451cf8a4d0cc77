import Foundation
import Testing
@testable import Traces

/// How WebDriver actions become samples in time: a move is stepped by count, its k-th sample of n
/// one touch interval (1/120 s on the default screen) after the one before, its n-th exactly at
/// its end. Adding up fractions of a move in floating point fell just short of its end for about
/// one (pause, duration) pair in five, and such a move never ended (issue #28).
@Suite struct WebDriverTimingTests {
    /// The Appium swipe of issue #28: to (200, 700), down, a pause, a move to (200, 200), up.
    static func swipe(pause: Double, duration: Double) -> String {
        #"{"actions":[{"type":"pointer","id":"f","parameters":{"pointerType":"touch"},"actions":["#
            + #"{"type":"pointerMove","duration":0,"x":200,"y":700},{"type":"pointerDown","button":0},"#
            + #"{"type":"pause","duration":\#(pause)},{"type":"pointerMove","duration":\#(duration),"x":200,"y":200},"#
            + #"{"type":"pointerUp","button":0}]}]}"#
    }

    /// The samples of `text`, or nil when more than `limit` come (a move that does not end).
    static func samples(_ text: String, limit: Int) throws -> [TouchSample]? {
        var reader = try WebDriverActionsReader(text: text)
        var samples: [TouchSample] = []
        while let sample = try reader.next() {
            samples.append(sample)
            if samples.count > limit { return nil }
        }
        return samples
    }

    /// Checks the swipe of `pause` and `duration` (milliseconds): `moves` moves, each a touch
    /// interval after the one before, the last exactly at the target at pause + duration, where
    /// the finger lifts.
    static func checkSwipe(pause: Double, duration: Double, moves: Int) throws {
        let label = "pause \(pause) ms, move \(duration) ms"
        guard let samples = try samples(swipe(pause: pause, duration: duration), limit: moves + 2) else {
            Issue.record("\(label): the swipe does not end")
            return
        }
        let end = (pause + duration) / 1000
        #expect(samples.map(\.phase) == [.down] + Array(repeating: .move, count: moves) + [.up], "\(label)")
        #expect(samples.first?.time == 0 && samples.last?.time == end, "\(label)")
        let last = samples[samples.count - 2]
        #expect(last.time == end && last.location == CGPoint(x: 200, y: 200), "\(label)")
        let times = samples.dropFirst().dropLast(2).map(\.time)
        for (k, time) in times.enumerated() {
            #expect(abs(time - (pause / 1000 + Double(k + 1) / 120)) < 1e-9 && time < end, "\(label): sample \(k + 1)")
        }
    }

    @Test func theSwipeOfTheIssueEnds() throws {
        try Self.checkSwipe(pause: 200, duration: 500, moves: 60)
    }

    /// Every pause and duration from 0 to 2 s in 50 ms steps: a move of D ms makes ⌈D × 120 /
    /// 1000⌉ samples (one, at once, when D is 0).
    @Test func everyPauseAndDurationOnAGridEnds() throws {
        for pause in stride(from: 0, through: 2000, by: 50) {
            for duration in stride(from: 0, through: 2000, by: 50) {
                try Self.checkSwipe(pause: Double(pause), duration: Double(duration), moves: max(1, (duration * 12 + 99) / 100))
            }
        }
    }

    @Test(arguments: [(1.0, 1.0, 1), (7, 33, 4), (0.5, 8.5, 2), (16.7, 16.7, 3), (333, 999, 120), (1001, 1001, 121),
                      (1234.5, 1234.5, 149), (0.001, 0.001, 1), (8.333, 8.334, 2), (99.9, 4321, 519), (5, 60001, 7201)])
    func oddPausesAndDurationsEnd(_ pause: Double, _ duration: Double, _ moves: Int) throws {
        try Self.checkSwipe(pause: pause, duration: duration, moves: moves)
    }

    /// Fingers moving in the same tick for different durations each end at their own end, the
    /// tick at the longest.
    @Test func parallelMovesOfDifferentDurationsEachEnd() throws {
        func finger(_ id: String, _ duration: Int) -> String {
            #"{"type":"pointer","id":"\#(id)","parameters":{"pointerType":"touch"},"actions":["#
                + #"{"type":"pointerMove","x":10,"y":10},{"type":"pointerDown"},{"type":"pause","duration":150},"#
                + #"{"type":"pointerMove","duration":\#(duration),"x":300,"y":10},{"type":"pointerUp"}]}"#
        }
        let text = #"{"actions":["# + [finger("a", 350), finger("b", 200), finger("c", 1)].joined(separator: ",") + "]}"
        let samples = try #require(try Self.samples(text, limit: 100))
        func moves(_ contact: Int) -> [TouchSample] { samples.filter { $0.contact == contact && $0.phase == .move } }
        #expect(moves(1).count == 42 && moves(2).count == 24 && moves(3).count == 1)
        #expect(moves(1).last?.time == 0.5 && moves(2).last?.time == 0.35 && moves(3).last?.time == 0.151)
        #expect([1, 2, 3].allSatisfy { moves($0).last?.location == CGPoint(x: 300, y: 10) })
        #expect(samples.filter { $0.phase == .up }.allSatisfy { $0.time == 0.5 })
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0.time <= $1.time })
    }
}
