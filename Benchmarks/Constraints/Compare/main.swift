// The Swift half of kiwi-compare.sh: builds and solves the same systems as kiwi_chain.py and
// prints one line per figure, `name microseconds`, the best of several runs.
import Constraints

/// A vertical chain of `count` views, four constraints each: view i's top is view i-1's bottom
/// plus 8 (view 0's top is 0, or an edit variable), its height 44 (required, or strong), its left 16,
/// its width 300. Variables are made view by view: left, top, width, height.
func chain(_ count: Int, strongHeights: Bool = false, editTop: Bool = false) throws -> (Solver, [Variable]) {
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
        try solver.add(strongHeights ? (height == 44).withStrength(.strong) : height == 44)
        try solver.add(left == 16)
        try solver.add(width == 300)
        tops.append(top)
        (previousTop, previousHeight) = (top, height)
    }
    return (solver, tops)
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// The best of `runs` timings of `body`, in µs.
func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<runs { times.append(microseconds(try clock.measure(body))) }
    return times.min()!
}

nonisolated(unsafe) var sink = 0.0
// `ConstraintsKiwiCompare chain N` builds the chain of N views 20 times and stops: for a profiler.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "chain", let count = Int(CommandLine.arguments[2]) {
    for _ in 0..<20 {
        let (solver, tops) = try chain(count)
        sink += solver.value(tops[count - 1])
    }
    print(sink)
} else {
    try compare()
}
func compare() throws {
for count in [1000, 4000] {
    let time = try best(count == 1000 ? 20 : 8) {
        let (solver, tops) = try chain(count)
        sink += solver.value(tops[count - 1])
    }
    print("chain_\(count) \(time)")
}
for count in [1000, 2000] {
    let time = try best(3) {
        let (solver, tops) = try chain(count, strongHeights: true)
        sink += solver.value(tops[count - 1])
    }
    print("chain_strong_\(count) \(time)")
}
let (solver, tops) = try chain(1000, editTop: true)
let suggestions = 20_000
let time = try best(5) {
    for i in 0..<suggestions {
        try solver.suggestValue(tops[0], Double(i & 63))
        sink += solver.value(tops[999])
    }
}
print("edit_1000 \(time / Double(suggestions))")
precondition(solver.value(tops[999]) == Double((suggestions - 1) & 63) + 999 * 52)
if sink.isNaN { print(sink) }
}
