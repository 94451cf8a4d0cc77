import Constraints
import Geometry
import Testing
import Support

/// Suggesting values incrementally gives what building the system from scratch gives.
@Suite struct EditTests {
    /// A column of `count` views: each view's top is the previous bottom plus 8, its height 44
    /// unless edited; the first top and two heights are edit variables.
    struct Column {
        let solver = Solver()
        var tops: [Variable] = [], heights: [Variable] = []

        init(count: Int, edits: [(Int, Double)]?) throws {
            tops = (0..<count).map { solver.makeVariable("top\($0)") }
            heights = (0..<count).map { solver.makeVariable("height\($0)") }
            for i in 0..<count {
                if i > 0 { try solver.add(tops[i] == tops[i - 1] + heights[i - 1] + 8) }
                try solver.add(heights[i] >= 10)
                try solver.add((heights[i] == 44).withStrength(.medium))
            }
            try solver.add(tops[count - 1] + heights[count - 1] <= 10_000)
            for (index, value) in edits ?? [] {
                // From scratch, the suggestions are required constraints.
                try solver.add(Self.editedVariable(index, tops, heights) == value)
            }
        }

        static func editedVariable(_ index: Int, _ tops: [Variable], _ heights: [Variable]) -> Variable {
            switch index {
            case 0: tops[0]
            case 1: heights[3]
            default: heights[7]
            }
        }

        var values: [Double] { (tops + heights).map(solver.value) }
    }

    @Test func suggestionsMatchBuildingFromScratch() throws {
        let column = try Column(count: 12, edits: nil)
        let edited = (0..<3).map { Column.editedVariable($0, column.tops, column.heights) }
        for variable in edited { try column.solver.addEditVariable(variable, strength: .strong) }
        var generator = SeededGenerator(seed: 5)
        var current = [0.0, 44, 44]
        for (variable, value) in zip(edited, current) { try column.solver.suggestValue(variable, value) }
        for _ in 0..<200 {
            let index = Int.random(in: 0..<3, using: &generator)
            // Heights stay ≥ 10 and the column within 10 000, so every suggestion can hold.
            current[index] = Double(Int.random(in: index == 0 ? -500...500 : 10...300, using: &generator))
            try column.solver.suggestValue(edited[index], current[index])
            let fresh = try Column(count: 12, edits: Array(current.enumerated()))
            let difference = zip(column.values, fresh.values).map { abs($0 - $1) }.max()!
            #expect(difference < 1e-9)
        }
        #expect(column.solver.statistics.suggestions > 150)
    }

    @Test func suggestingTheSameValueAgainChangesNothing() throws {
        let column = try Column(count: 5, edits: nil)
        try column.solver.addEditVariable(column.tops[0])
        try column.solver.suggestValue(column.tops[0], 100)
        let values = column.values, pivots = column.solver.statistics.pivots
        try column.solver.suggestValue(column.tops[0], 100)
        #expect(column.values == values)
        #expect(column.solver.statistics.pivots == pivots)
        #expect(column.solver.value(column.tops[4]) == 100 + 4 * 52)
    }

    @Test func removingAnEditKeepsTheRestAndTheOtherEdits() throws {
        let column = try Column(count: 5, edits: nil)
        try column.solver.addEditVariable(column.tops[0])
        try column.solver.addEditVariable(column.heights[2])
        try column.solver.suggestValue(column.tops[0], 50)
        try column.solver.suggestValue(column.heights[2], 100)
        #expect(column.solver.value(column.tops[4]) == 50 + 3 * 52 + 108)
        // A required equality's removal rebuilds the tableau: the edits keep their suggestions.
        let extra = try column.solver.add(column.heights[4] == 20)
        try column.solver.remove(extra)
        #expect(column.solver.statistics.rebuilds == 1)
        #expect(column.solver.value(column.tops[4]) == 50 + 3 * 52 + 108)
        try column.solver.suggestValue(column.heights[2], 60)
        #expect(column.solver.value(column.tops[4]) == 50 + 3 * 52 + 68)
        try column.solver.removeEditVariable(column.tops[0])
        #expect(column.solver.value(column.heights[2]) == 60)
        #expect(column.solver.value(column.tops[4] - column.tops[0]) == 3 * 52 + 68)
        #expect(column.solver.value(column.tops[4]) <= 10_000 - 44)
    }
}
