// The whole job: a trace replayed on the default scene with its outputs (frames.jsonl,
// summary.json, trace.json, report.html; no PNG snapshots), on the virtual clock.
// Targets: the bundled real trace ≥ 50 × real time; peak memory of a 60-minute trace ≤ 1.2 × a
// 1-minute one (streaming reader, HDR histograms, frames written as they finish).
import Benchmark
import Foundation
import UISim

/// Replays `stream` on the feed scene into a temporary folder; returns the trace's length.
func replayOnFeed(_ stream: inout some TouchSampleStream, name: String) throws -> Double {
    UIScreen.main = UIScreen(model: .iPhone14)
    let scene = BuiltInScenes.defaultScene
    let window = scene.makeWindow(screen: UIScreen.main, settings: try scene.settings([:]))
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-bench-\(getpid())-\(name)")
    defer { try? FileManager.default.removeItem(at: out) }
    let header = Summary(trace: name, scene: scene.name, variant: "", device: "iPhone 14", refreshRate: 60)
    let outputs = try ReplayOutputs(directory: out, header: header, snapshots: .none, overlays: [])
    let replay = Replay(window: window, clock: VirtualClock(measuresWork: true))
    replay.sinks = [outputs]
    replay.afterFrame = { frame, window in outputs.afterFrame(frame, window: window) }
    var last = 0.0
    let result = try replay.run(&stream)
    last = try outputs.finish(interrupted: result.interrupted).durationSeconds
    return last
}

/// Taps on the feed's rows every 2 s for `minutes` minutes, read as a stream (never all in memory).
struct TapsStream: TouchSampleStream {
    let minutes: Int
    var index = 0
    var screen: TraceScreen? { .default }
    var format: String { "synthesized taps" }
    var warnings: [TraceWarning] { [] }
    mutating func next() throws -> TouchSample? {
        let tap = index / 2
        guard Double(tap) * 2 < Double(minutes) * 60 else { return nil }
        defer { index += 1 }
        let point = CGPoint(x: 195, y: 120 + Double(tap % 8) * 80)
        return TouchSample(time: Double(tap) * 2 + (index % 2 == 0 ? 0.1 : 0.18), contact: tap + 1,
                           phase: index % 2 == 0 ? .down : .up, location: point)
    }
}

let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces")

let benchmarks: @Sendable () -> Void = {
    let speed = BenchmarkMetric.custom("× real time", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark("Replay the real trace on feed (target ≥ 50× real time)",
              configuration: .init(metrics: [.wallClock, .peakMemoryResident, speed], timeUnits: .milliseconds,
                                   warmupIterations: 1, maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
        var stream = try! TraceFile.open(traces.appendingPathComponent("wetab-taps.evemu"))
        let start = ContinuousClock.now
        let length = try! replayOnFeed(&stream, name: "wetab")
        benchmark.measurement(speed, Int(length / ((ContinuousClock.now - start) / .seconds(1))))
    }

    for minutes in [1, 60] {
        Benchmark("Replay \(minutes) min of taps: peak memory\(minutes == 60 ? " (target ≤ 1.2 × 1 min)" : "")",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, speed], timeUnits: .seconds,
                                       warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1)) { benchmark in
            var stream = TapsStream(minutes: minutes)
            let start = ContinuousClock.now
            let length = try! replayOnFeed(&stream, name: "taps-\(minutes)")
            benchmark.measurement(speed, Int(length / ((ContinuousClock.now - start) / .seconds(1))))
        }
    }
}
