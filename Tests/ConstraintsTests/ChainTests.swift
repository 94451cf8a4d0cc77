import Constraints
import Testing

/// The benchmark's system, a vertical chain of views, as a test: its solution, and a tableau
/// that grows linearly with it (kiwi's grows as n²: a required equality's dummy column reaches
/// every row below it).
@Suite struct ChainTests {
    struct Chain {
        let solver = Solver()
        var tops: [Variable] = [], heights: [Variable] = [], handles: [ConstraintHandle] = []

        init(count: Int, heights strength: Strength = .required, editTop: Bool = false) throws {
            for i in 0..<count {
                let left = solver.makeVariable("left\(i)"), top = solver.makeVariable("top\(i)")
                let width = solver.makeVariable("width\(i)"), height = solver.makeVariable("height\(i)")
                if i > 0 {
                    handles.append(try solver.add(top == tops[i - 1] + heights[i - 1] + 8))
                } else if editTop {
                    try solver.addEditVariable(top, strength: .strong)
                } else {
                    handles.append(try solver.add(top == 0))
                }
                try solver.add((height == 44).withStrength(strength))
                try solver.add(left == 16)
                try solver.add(width == 300)
                tops.append(top)
                heights.append(height)
            }
        }
    }

    @Test func aThousandViewsStackAndTheTableauStaysLinear() throws {
        let chain = try Chain(count: 1000)
        #expect(chain.tops.enumerated().allSatisfy { chain.solver.value($1) == Double($0 * 52) })
        let statistics = chain.solver.statistics
        #expect(statistics.constraintsAdded == 4000)
        #expect(statistics.rows == 4000)
        #expect(statistics.cells == 0)   // every row is a constant: no marker columns
        #expect(statistics.pivots == 0)
    }

    @Test func anEditedTopMovesEveryViewThroughTwoCellsARow() throws {
        let chain = try Chain(count: 1000, editTop: true)
        try chain.solver.suggestValue(chain.tops[0], 100)
        #expect(chain.solver.value(chain.tops[999]) == 100 + 999 * 52)
        #expect(chain.solver.statistics.cells == 2 * 1000)   // each top row holds the edit's errors
    }

    @Test func strongHeightsGiveTheSameColumnAndGrowQuadratically() throws {
        let chain = try Chain(count: 50, heights: .strong)
        #expect(chain.tops.enumerated().allSatisfy { chain.solver.value($1) == Double($0 * 52) })
        // Top i depends on the errors of every height above it: Σ 2i cells, as in any Cassowary.
        #expect(chain.solver.statistics.cells == 2 * 50 * 49 / 2 + 2 * 50)
    }

    @Test func removingALinkRebuildsAndTheViewsBelowFollowTheirNewFirst() throws {
        var chain = try Chain(count: 100)
        try chain.solver.remove(chain.handles[50])
        #expect(chain.solver.statistics.rebuilds == 1)
        #expect(chain.solver.value(chain.tops[49]) == 49 * 52)
        let first = chain.solver.value(chain.tops[50])
        #expect(chain.solver.value(chain.tops[99]) == first + 49 * 52)
        chain.handles.remove(at: 50)
        let pivots = chain.solver.statistics.pivots
        chain.handles.append(try chain.solver.add(chain.tops[50] == 1000))
        #expect(chain.solver.value(chain.tops[99]) == 1000 + 49 * 52)
        #expect(chain.solver.statistics.pivots == pivots)
    }
}
