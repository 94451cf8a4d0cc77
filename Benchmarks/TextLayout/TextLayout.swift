// Text (issue 31): measuring a 140-character string at a fixed width ≤ 20 µs p50 (Pango shapes
// and breaks it); the same string again, from the app's cache, ≤ 0.5 µs; a feed frame in which
// 10 cells each set a two-line label, text layout ≤ 0.5 ms p90; the cache bounded, so laying out
// 10 000 distinct strings keeps the same peak memory as 1 000.
import Benchmark
import Foundation
import UISim

/// A 140-character line of a message, made distinct by `n`.
func message(_ n: Int) -> String {
    let text = "Message \(n): the quarterly figures are in, and the team would like your thoughts on the plan before Friday's review meeting."
    return String((text + String(repeating: ".", count: 140)).prefix(140))
}

nonisolated(unsafe) let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 17)]
let box = CGSize(width: 300, height: CGFloat.greatestFiniteMagnitude)

/// Ten two-line labels in a window, as the labels of ten cells on screen.
@MainActor
func makeLabels() -> (UIWindow, [UILabel]) {
    UIScreen.main = UIScreen(model: .iPhone14)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.makeKeyAndVisible()
    let labels = (0..<10).map { i in
        let label = UILabel(frame: CGRect(x: 16, y: 16 + CGFloat(i) * 80, width: 358, height: 44))
        label.numberOfLines = 2
        label.text = message(i)
        window.addSubview(label)
        return label
    }
    window.commit()
    return (window, labels)
}

@MainActor
final class Lazy<T> {
    private let make: @MainActor () -> T
    lazy var value: T = make()
    nonisolated init(_ make: @escaping @MainActor () -> T) { self.make = make }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], timeUnits: .microseconds,
                                           warmupIterations: 5, maxDuration: .seconds(3))

    var next = 0
    Benchmark("Measure a new 140-character string at 300 pt: boundingRect (target p50 ≤ 20 µs)",
              configuration: .init(timeUnits: .nanoseconds)) { benchmark in
        for _ in benchmark.scaledIterations {
            next += 1
            blackHole(message(next).boundingRect(with: box, options: .usesLineFragmentOrigin, attributes: attributes, context: nil))
        }
    }

    let repeated = message(-1)
    Benchmark("Measure the same 140-character string again, from the cache (target p50 ≤ 0.5 µs)",
              configuration: .init(timeUnits: .nanoseconds)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(repeated.boundingRect(with: box, options: .usesLineFragmentOrigin, attributes: attributes, context: nil))
        }
    }

    let feed = Lazy { makeLabels() }
    var frame = 10
    Benchmark("Feed frame: 10 cells set a two-line label, layout and display (target p90 ≤ 0.5 ms)",
              configuration: .init(timeUnits: .microseconds)) { @MainActor benchmark async in
        let (window, labels) = feed.value
        for label in labels {
            frame += 1
            label.text = message(frame)
        }
        benchmark.startMeasurement()
        blackHole(window.layoutPass())
        blackHole(window.displayPass())
        benchmark.stopMeasurement()
    }

    // The cache holds at most 512 layouts: 10 000 distinct strings peak where 1 000 do.
    for count in [1_000, 10_000] {
        Benchmark("Lay out \(count) distinct strings (memory: the cache is bounded)",
                  configuration: .init(metrics: [.peakMemoryResident, .wallClock], timeUnits: .milliseconds, maxIterations: 3)) { benchmark in
            for n in 0..<count {
                blackHole(message(n + 1_000_000 * benchmark.currentIteration).size(withAttributes: attributes))
            }
        }
    }
}
