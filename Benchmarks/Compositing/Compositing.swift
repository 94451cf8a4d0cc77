// Compositing a full 1170 × 2532 frame (an iPhone 14's pixels), next to the floor: pixman
// painting the same pixels with cairo's SOURCE (copy) and OVER (blend), in the same run.
// Targets: composite copy ≤ 1.5 × pixman SOURCE; composite blend ≤ 1.5 × pixman OVER.
import Benchmark
import Foundation
import UISim

/// A full-screen layer with a backing store: opaque (copied) or at half opacity (blended).
final class Sheet: UIView {
    override func draw(_ rect: CGRect) {
        UIGraphicsGetCurrentContext()!.setFillColor(UIColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1).cgColor)
        UIGraphicsGetCurrentContext()!.fill(bounds)
    }
}

@MainActor
final class Lazy<T> {
    private let make: @MainActor () -> T
    lazy var value: T = make()
    nonisolated init(_ make: @escaping @MainActor () -> T) { self.make = make }
}

@MainActor
func makeWindow(opaque: Bool) -> UIWindow {
    UIScreen.main = UIScreen(model: .iPhone14)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    let sheet = Sheet(frame: window.bounds)
    sheet.isOpaque = opaque
    sheet.alpha = opaque ? 1 : 0.5
    window.addSubview(sheet)
    window.commit()
    return window
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
                                           warmupIterations: 5, maxDuration: .seconds(4), maxIterations: 400)
    let width = 1170, height = 2532
    let baseline = Lazy { try! RasterBaseline(width: width, height: height, sourceAlpha: 0.5) }

    for (kind, opaque, operation) in [("copy", true, RasterBaseline.Operation.copy), ("blend", false, .blend)] {
        let window = Lazy { makeWindow(opaque: opaque) }
        let pixman = operation == .copy ? "SOURCE" : "OVER"
        Benchmark("Composite 1170×2532, one \(opaque ? "opaque" : "half-transparent") layer (\(kind))") { @MainActor benchmark async in
            window.value.compositor.invalidate()
            benchmark.startMeasurement()
            blackHole(window.value.renderPass())
            benchmark.stopMeasurement()
        }
        Benchmark("pixman \(pixman) 1170×2532 (the floor for \(kind))") { @MainActor benchmark async in
            benchmark.startMeasurement()
            baseline.value.paint(operation)
            benchmark.stopMeasurement()
        }
        // The two alternated in one benchmark, so that both see the same machine: the ratio
        // (×100) is the figure to gate on.
        let ratio = BenchmarkMetric.custom("composite ÷ pixman ×100", polarity: .prefersSmaller, useScalingFactor: false)
        Benchmark("Composite \(kind) ÷ pixman \(pixman) (target ≤ 1.5)",
                  configuration: .init(metrics: [ratio], maxIterations: 200)) { @MainActor benchmark async in
            let clock = ContinuousClock()
            window.value.compositor.invalidate()
            let ours = clock.measure { blackHole(window.value.renderPass()) }
            let floor = clock.measure { baseline.value.paint(operation) }
            benchmark.measurement(ratio, Int((ours / floor * 100).rounded()))
        }
    }
}
