// Hit testing in a 1 000-view tree, 10 levels deep, fan-out varying from level to level.
// Target: ≤ 2 µs per hit test.
import Benchmark
import Foundation
import UISim
import Support

/// A window with `count` views in `depth` levels: each view's children split its bounds into
/// columns, so that a point goes down the whole depth; fan-out cycles 1, 2, 3 from view to view.
@MainActor
func makeTree(count: Int, depth: Int) -> UIWindow {
    UIScreen.main = UIScreen(model: .iPhone14)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    var level: [UIView] = [window]
    var made = 0
    for _ in 1...depth where made < count {
        var next: [UIView] = []
        for (index, parent) in level.enumerated() where made < count {
            let fanOut = min(index % 3 + 1 + (level.count < 40 ? 2 : 0), count - made)
            let width = parent.bounds.width / CGFloat(fanOut)
            for column in 0..<fanOut {
                let child = UIView(frame: CGRect(x: CGFloat(column) * width, y: 0, width: width, height: parent.bounds.height * 0.9))
                parent.addSubview(child)
                next.append(child)
                made += 1
            }
        }
        level = next
    }
    return window
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .nanoseconds,
                                           warmupIterations: 10, scalingFactor: .kilo, maxDuration: .seconds(3))

    Benchmark("Hit test, 1 000 views 10 deep (target ≤ 2 µs)") { @MainActor benchmark async in
        let window = makeTree(count: 1000, depth: 10)
        var generator = SeededGenerator(seed: 7)
        let points = (0..<1024).map { _ in
            CGPoint(x: CGFloat.random(in: 0..<390, using: &generator), y: CGFloat.random(in: 0..<844, using: &generator))
        }
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            blackHole(window.hitTest(points[i & 1023], with: nil))
        }
    }
}
