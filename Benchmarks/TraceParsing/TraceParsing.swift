// Reading traces: evemu recordings in lines per second, uisim traces in samples per second.
import Benchmark
import Foundation
import UISim

final class Lazy<T> {
    private let make: () -> T
    lazy var value: T = make()
    init(_ make: @escaping () -> T) { self.make = make }
}

/// A protocol B evemu recording of `reports` reports, two fingers moving: ~7 lines per report.
func evemuFile(reports: Int) -> (URL, lines: Int) {
    var text = "# EVEMU 1.1\nN: Bench Panel\nA: 2f 0 9 0 0\nA: 35 0 4095 0 0\nA: 36 0 4095 0 0\nA: 39 0 65535 0 0\n"
    var lines = 6
    for r in 0..<reports {
        let t = String(format: "%d.%06d", 1000 + r / 200, (r % 200) * 5000)
        if r % 400 == 0 {
            text += "E: \(t) 0003 002f 0000\nE: \(t) 0003 0039 \(r)\nE: \(t) 0003 002f 0001\nE: \(t) 0003 0039 \(r + 1)\n"
            lines += 4
        }
        text += "E: \(t) 0003 002f 0000\nE: \(t) 0003 0035 \(r % 4000)\nE: \(t) 0003 0036 \(2000)\n"
        text += "E: \(t) 0003 002f 0001\nE: \(t) 0003 0035 \(4000 - r % 4000)\nE: \(t) 0003 0036 \(1000)\nE: \(t) 0000 0000 0000\n"
        lines += 7
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-bench-\(getpid()).evemu")
    try! text.write(to: url, atomically: true, encoding: .utf8)
    return (url, lines)
}

/// A uisim trace of drags, `samples` samples.
func nativeFile(samples: Int) -> URL {
    var trace = Trace()
    var t = 0.0
    while trace.samples.count < samples {
        trace.drag(1, from: CGPoint(x: 195, y: 700), to: CGPoint(x: 195, y: 100), time: t, duration: 1, rate: 120)
        t += 1.2
    }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-bench-\(getpid()).trace")
    try! trace.write(to: url)
    return url
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .milliseconds,
                                           warmupIterations: 1, maxDuration: .seconds(5), maxIterations: 20)
    let evemu = Lazy { evemuFile(reports: 50_000) }
    let linesPerSecond = BenchmarkMetric.custom("evemu lines/s", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark("Parse evemu, 350 000 lines", configuration: .init(metrics: [.wallClock, .peakMemoryResident, linesPerSecond])) { benchmark in
        let (url, lines) = evemu.value
        let start = ContinuousClock.now
        var stream = try! TraceFile.open(url)
        var count = 0
        while try! stream.next() != nil { count += 1 }
        blackHole(count)
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        benchmark.measurement(linesPerSecond, Int(Double(lines) / seconds))
    }

    let native = Lazy { nativeFile(samples: 200_000) }
    let samplesPerSecond = BenchmarkMetric.custom("native samples/s", polarity: .prefersLarger, useScalingFactor: false)
    Benchmark("Parse a uisim trace, 200 000 samples", configuration: .init(metrics: [.wallClock, .peakMemoryResident, samplesPerSecond])) { benchmark in
        let start = ContinuousClock.now
        var stream = try! TraceFile.open(native.value)
        var count = 0
        while try! stream.next() != nil { count += 1 }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        benchmark.measurement(samplesPerSecond, Int(Double(count) / seconds))
    }
}
