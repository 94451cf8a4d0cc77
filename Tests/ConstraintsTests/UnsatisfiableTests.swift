import Constraints
import Testing

/// A required constraint that cannot hold is refused, and the solver stays exactly as it was.
@Suite struct UnsatisfiableTests {
    /// Every variable's value and the solver's size, to compare before and after.
    private func state(_ solver: Solver, _ variables: [Variable]) -> ([Double], Int, Int) {
        (variables.map(solver.value), solver.statistics.rows, solver.statistics.cells)
    }

    @Test func conflictingEqualities() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(x == 10)
        try solver.add(y == x + 5)
        let before = state(solver, [x, y])
        do {
            try solver.add(y == 20)
            Issue.record("y == 20 was accepted")
        } catch {
            guard case .unsatisfiable(let constraint) = error else { throw error }
            #expect(constraint.relation == .equal)
        }
        #expect(state(solver, [x, y]) == before)
        #expect(solver.statistics.unsatisfiable == 1)
        #expect(solver.statistics.constraintsAdded == 2)
        try solver.add(y <= 100)
        #expect(solver.value(y) == 15)
    }

    @Test func conflictingInequalitiesGoThroughPhaseOneAndRollBack() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        try solver.add(x >= 10)
        try solver.add(y >= x + 2)
        try solver.add(z == x + y)
        try solver.add((z == 0).withStrength(.weak))
        try solver.add((y == 30).withStrength(.medium))
        let before = state(solver, [x, y, z])
        let pivots = solver.statistics.pivots
        #expect(throws: SolverError.self) { try solver.add(x + y <= 15) }
        #expect(state(solver, [x, y, z]) == before)
        #expect(throws: SolverError.self) { try solver.add(z <= 5) }
        #expect(state(solver, [x, y, z]) == before)
        #expect(solver.statistics.pivots >= pivots)
        try solver.add(x + y <= 35)
        #expect(solver.value(x) == 10)
        #expect(solver.value(y) == 25)
        #expect(solver.value(z) == 35)
    }

    @Test func aFailedAddLeavesEditsWorking() throws {
        let solver = Solver()
        let left = solver.makeVariable(), width = solver.makeVariable()
        try solver.add(width >= 0)
        try solver.add(left >= 0)
        try solver.add(left + width <= 100)
        try solver.addEditVariable(left)
        try solver.suggestValue(left, 40)
        #expect(throws: SolverError.self) { try solver.add(width >= 150) }
        try solver.suggestValue(left, 50)
        #expect(solver.value(left) == 50)
        try solver.add(width >= 30)
        try solver.suggestValue(left, 90)
        #expect(solver.value(left) == 70)
    }
}
