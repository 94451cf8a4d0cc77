// The Auto Layout engine on its own: a vertical chain of views built and solved from nothing
// (1 000 and 4 000 views: near-linear, target ≤ 4.5×; against kiwisolver, target ≤ 0.5×, which
// kiwi-compare.sh measures), and one suggestValue re-solving a 1 000-view chain (target ≤ 20 µs).
import Benchmark
import Constraints

/// A vertical chain of `count` views, four constraints each: view i's top is view i-1's bottom
/// plus 8 (view 0's top is 0, or an edit variable), its height 44, its left 16, its width 300.
/// The same systems as Compare/main.swift and kiwi_chain.py (each benchmark target is an
/// executable of its own, so they cannot share it).
func chain(_ count: Int, editTop: Bool = false) throws -> (Solver, [Variable]) {
    let solver = Solver()
    var tops: [Variable] = []
    var previousTop: Variable?, previousHeight: Variable?
    for _ in 0..<count {
        let left = solver.makeVariable(), top = solver.makeVariable()
        let width = solver.makeVariable(), height = solver.makeVariable()
        if let previousTop, let previousHeight {
            try solver.add(top == previousTop + previousHeight + 8)
        } else if editTop {
            try solver.addEditVariable(top, strength: .strong)
        } else {
            try solver.add(top == 0)
        }
        try solver.add(height == 44)
        try solver.add(left == 16)
        try solver.add(width == 300)
        tops.append(top)
        (previousTop, previousHeight) = (top, height)
    }
    return (solver, tops)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds,
                                           warmupIterations: 3, maxDuration: .seconds(3))

    for count in [1000, 4000] {
        let target = count == 1000 ? "target ≤ 0.5 × kiwisolver" : "target ≤ 4.5 × 1 000 views"
        Benchmark("Chain of \(count) views, 4 constraints each: build and solve (\(target))") { benchmark in
            for _ in benchmark.scaledIterations {
                let (solver, tops) = try chain(count)
                blackHole(solver.value(tops[count - 1]))
            }
        }
    }

    Benchmark("suggestValue in a 1 000-view chain, every view moves (target ≤ 20 µs)",
              configuration: .init(timeUnits: .nanoseconds, scalingFactor: .kilo)) { benchmark in
        let (solver, tops) = try chain(1000, editTop: true)
        benchmark.startMeasurement()
        for i in benchmark.scaledIterations {
            try solver.suggestValue(tops[0], Double(i & 63))
            blackHole(solver.value(tops[999]))
        }
    }
}
