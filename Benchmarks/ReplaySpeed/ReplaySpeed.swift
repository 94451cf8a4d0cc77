// The whole job as `uisim replay` runs it by default: a trace replayed on the feed scene with its
// default outputs (frames.jsonl, summary.json, trace.json, report.html, and the three worst
// frames' snapshots at one pixel per point), on the virtual clock, the render stage estimated.
// Targets (issue "the render loop"): the bundled real trace ≥ 50 × real time, ten fingers
// scrolling ≥ 30 ×, a synthesized fling ≥ 20 × (on the grid scene's collection view ≥ 30 ×); peak memory with the default snapshots ≤ 1.2 ×
// without snapshots; 60 minutes of taps ≤ 1.2 × 1 minute.
import Benchmark
import Foundation
import UISim

/// Replays `stream` on the feed scene into a temporary folder with `snapshots`; returns the
/// trace's length in seconds (its last presentation).
@MainActor
func replayOnFeed(_ stream: inout some TouchSampleStream, name: String, snapshots: SnapshotPolicy = .worst,
                  variants: [String: Bool] = [:], scene sceneName: String? = nil) throws -> Double {
    UIScreen.main = UIScreen(model: .iPhone14)
    let scene = try sceneName.map(BuiltInScenes.named) ?? BuiltInScenes.defaultScene
    let window = scene.makeWindow(screen: UIScreen.main, settings: try scene.settings(variants))
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-bench-\(getpid())-\(name)")
    defer { try? FileManager.default.removeItem(at: out) }
    let header = Summary(trace: name, scene: scene.name, variant: "", device: "iPhone 14", refreshRate: 60)
    let outputs = try ReplayOutputs(directory: out, header: header, snapshots: snapshots, overlays: .blended)
    let replay = Replay(window: window, clock: VirtualClock(measuresWork: true))
    replay.sinks = [outputs]
    replay.afterFrame = { frame, window in outputs.afterFrame(frame, window: window) }
    let result = try replay.run(&stream)
    return try outputs.finish(interrupted: result.interrupted).durationSeconds
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

/// Ten fingers scrolling the feed for `seconds`: each second the ten go down side by side, drag
/// 400 pt up in 0.8 s sampled at 120 Hz (the screen's touch rate), and lift; 11 000 samples a
/// minute, generated as a stream.
struct TenFingersStream: TouchSampleStream {
    let seconds: Int
    private var queue: [TouchSample] = []
    private var stroke = 0
    var screen: TraceScreen? { .default }
    var format: String { "synthesized ten-finger scrolling" }
    var warnings: [TraceWarning] { [] }

    init(seconds: Int) { self.seconds = seconds }

    mutating func next() throws -> TouchSample? {
        if queue.isEmpty {
            guard stroke < seconds else { return nil }
            let start = Double(stroke) + 0.05
            for step in 0...96 {
                let time = start + Double(step) / 120
                let y = 700 - 400 * Double(min(step, 96)) / 96
                for finger in 0..<10 {
                    let contact = stroke * 10 + finger + 1
                    let location = CGPoint(x: 20 + 38 * Double(finger), y: y + Double(finger % 3) * 10)
                    queue.append(TouchSample(time: time, contact: contact, phase: step == 0 ? .down : .move, location: location))
                }
            }
            for finger in 0..<10 {
                queue.append(TouchSample(time: start + 97.0 / 120, contact: stroke * 10 + finger + 1, phase: .up,
                                         location: CGPoint(x: 20 + 38 * Double(finger), y: 300 + Double(finger % 3) * 10)))
            }
            queue.reverse()
            stroke += 1
        }
        return queue.popLast()
    }
}

let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Traces")

/// A fling as `uisim trace synth fling` makes it, then the feed decelerates to a stop.
var fling: Trace {
    var trace = Trace()
    trace.fling(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 250), time: 0.1, duration: 0.12, rate: 120)
    return trace
}

let benchmarks: @Sendable () -> Void = {
    let speed = BenchmarkMetric.custom("× real time", polarity: .prefersLarger, useScalingFactor: false)
    func speedBenchmark(_ name: String, iterations: Int = 10, variants: [String: Bool] = [:], scene: String? = nil,
                        _ stream: @escaping @Sendable () throws -> any TouchSampleStream) {
        Benchmark(name, configuration: .init(metrics: [.wallClock, .peakMemoryResident, speed], timeUnits: .milliseconds,
                                             warmupIterations: 1, maxDuration: .seconds(20), maxIterations: iterations)) { @MainActor benchmark async in
            var source = try! stream()
            let start = ContinuousClock.now
            let length = try! replayOnFeed(&source, name: "speed", variants: variants, scene: scene)
            benchmark.measurement(speed, Int(length / ((ContinuousClock.now - start) / .seconds(1))))
        }
    }
    speedBenchmark("Replay the real trace on feed, default outputs (target ≥ 50× real time)", iterations: 20) {
        try TraceFile.open(traces.appendingPathComponent("wetab-taps.evemu"))
    }
    speedBenchmark("Replay ten fingers scrolling 30 s on feed, default outputs (target ≥ 30× real time)", iterations: 3) {
        TenFingersStream(seconds: 30)
    }
    speedBenchmark("Replay a synthesized fling on feed, default outputs (target ≥ 20× real time)") {
        fling.makeStream()
    }
    // Issue 33: the grid scene (a compositional collection view of 10 026 items, self-sizing cards) flung.
    speedBenchmark("Replay a fling on grid (10 000 self-sizing cards), default outputs (target ≥ 30× real time)", scene: "grid") {
        fling.makeStream()
    }
    // Issue 32: ten taps in 5 s, each making its card pulse for a second (Core Animation, render-only frames).
    speedBenchmark("Replay 5 s of taps that each start a 1 s animation, default outputs (target ≥ 50× real time)",
                   variants: ["pulse-on-tap": true]) {
        var trace = Trace()
        for i in 0..<10 { trace.tap(i + 1, at: CGPoint(x: 195, y: 120 + Double(i % 8) * 80), time: 0.1 + Double(i) * 0.5, duration: 0.08) }
        return trace.makeStream()
    }

    for snapshots in [SnapshotPolicy.worst, .none] {
        Benchmark("Fling on feed, peak memory with snapshots \(snapshots.rawValue)\(snapshots == .worst ? " (target ≤ 1.2 × none)" : "")",
                  configuration: .init(metrics: [.peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(5), maxIterations: 1)) { @MainActor _ async in
            var stream = fling.makeStream()
            _ = try! replayOnFeed(&stream, name: "memory-\(snapshots.rawValue)", snapshots: snapshots)
        }
    }

    for minutes in [1, 60] {
        Benchmark("Replay \(minutes) min of taps: peak memory\(minutes == 60 ? " (target ≤ 1.2 × 1 min)" : "")",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, speed], timeUnits: .seconds,
                                       warmupIterations: 0, maxDuration: .seconds(1), maxIterations: 1)) { @MainActor benchmark async in
            var stream = TapsStream(minutes: minutes)
            let start = ContinuousClock.now
            let length = try! replayOnFeed(&stream, name: "taps-\(minutes)")
            benchmark.measurement(speed, Int(length / ((ContinuousClock.now - start) / .seconds(1))))
        }
    }
}
