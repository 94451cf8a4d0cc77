import Constraints
import Testing

/// Small systems worked by hand.
@Suite struct SolverTests {
    @Test func requiredEqualitiesAndStrengths() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(x + y == 10)
        try solver.add((x == 8).withStrength(.weak))
        try solver.add((y == 6).withStrength(.medium))
        // x = 8 would miss y == 6 by 4 (cost 4 000); y = 6 misses x == 8 by 4 (cost 4).
        #expect(solver.value(x) == 4)
        #expect(solver.value(y) == 6)
        try solver.add((x >= 5).withStrength(.strong))
        // Now the medium gives: x = 5 misses x == 8 by 3 and y == 6 by 1 (cost 1 003), far below
        // the strong's 1 000 000 per point.
        #expect(solver.value(x) == 5)
        #expect(solver.value(y) == 5)
        #expect(solver.name(of: x) == "x")
    }

    @Test func requiredInequalitiesBoundAWeakPreference() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(x <= 100)
        let lower = try solver.add(x >= 50)
        try solver.add((x == 0).withStrength(.weak))
        #expect(solver.value(x) == 50)
        try solver.remove(lower)
        #expect(solver.value(x) == 0)
        try solver.add((x == 300).withStrength(.medium))
        #expect(solver.value(x) == 100)
    }

    @Test func anUnconstrainedVariableIsZero() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(x - y == 5)
        #expect(solver.value(x) - solver.value(y) == 5)
        #expect(solver.value(solver.makeVariable()) == 0)
    }

    @Test func expressionsCombineTerms() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(x + 2 * y - 10 == 0)
        try solver.add(x + x == y)          // the terms of x add up: 2x == y
        // x + 4x = 10
        #expect(solver.value(x) == 2)
        #expect(solver.value(y) == 4)
        #expect(solver.value(3 * x - y / 2 + 1) == 5)
        let c: Constraint = -(x - y) / 2 >= 1
        #expect(c.relation == .greaterThanOrEqual)
        #expect(c.isSatisfied { $0 == x ? 2 : 4 })
    }

    @Test func removingAConstraintRestoresThePreviousOptimum() throws {
        let solver = Solver()
        let left = solver.makeVariable(), width = solver.makeVariable(), right = solver.makeVariable()
        try solver.add(left + width == right)
        try solver.add(left >= 0)
        try solver.add(right <= 320)
        try solver.add((width == 100).withStrength(.strong))
        try solver.add((left == 10).withStrength(.medium))
        let before = [left, width, right].map(solver.value)
        #expect(before == [10, 100, 110])
        let wide = try solver.add((width >= 400).withStrength(Strength(strong: 10, medium: 0, weak: 0)))
        #expect(solver.value(width) == 320)   // as wide as the right bound lets it; left gives way
        #expect(solver.value(left) == 0)
        try solver.remove(wide)
        #expect([left, width, right].map(solver.value) == before)
        let pinned = try solver.add(right == 200)   // a required equality: removing it rebuilds
        #expect([left, width, right].map(solver.value) == [100, 100, 200])   // the medium gives way
        try solver.remove(pinned)
        #expect([left, width, right].map(solver.value) == before)
        #expect(solver.statistics.rebuilds == 1)
    }

    @Test func aRedundantRequiredEqualityCanBeRemovedInEitherOrder() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        let first = try solver.add(x == 10)
        try solver.add(y == x + 1)
        let second = try solver.add(y == 11)   // implied by the two above
        try solver.remove(second)
        #expect(solver.statistics.rebuilds == 0)
        let third = try solver.add(y == 11)
        try solver.remove(first)               // third now holds y, so x follows
        #expect(solver.value(x) == 10)
        #expect(solver.value(y) == 11)
        try solver.remove(third)
        #expect(solver.value(x) == 0 || solver.value(y) == 0)
        #expect(solver.value(y) - solver.value(x) == 1)
    }

    @Test func removingSeveralRebuildsOnce() throws {
        let solver = Solver()
        let vars = (0..<5).map { _ in solver.makeVariable() }
        var handles: [ConstraintHandle] = []
        for (i, v) in vars.enumerated() { handles.append(try solver.add(v == Double(i))) }
        try solver.remove(contentsOf: handles[1...3])
        #expect(vars.map(solver.value) == [0, 0, 0, 0, 4])
        #expect(solver.statistics.rebuilds == 1)
        #expect(solver.statistics.constraintsRemoved == 3)
        #expect(!solver.contains(handles[2]) && solver.contains(handles[4]))
        #expect(solver.constraint(handles[4])?.relation == .equal)
    }

    @Test func editVariablesMoveWithinTheRequiredBounds() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(x <= 20)
        try solver.add(y == 2 * x)
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.value(x) == 0)   // an edit starts at 0
        try solver.suggestValue(x, 12)
        #expect(solver.value(x) == 12 && solver.value(y) == 24)
        try solver.suggestValue(x, 30)
        #expect(solver.value(x) == 20 && solver.value(y) == 40)
        try solver.suggestValue(x, -5)
        #expect(solver.value(x) == -5 && solver.value(y) == -10)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        #expect(solver.statistics.suggestions == 3)
    }

    @Test func aWeakerEditGivesWayToAStrongerConstraint() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add((x == 50).withStrength(.strong))
        try solver.addEditVariable(x, strength: .medium)
        try solver.suggestValue(x, 10)
        #expect(solver.value(x) == 50)
        try solver.removeEditVariable(x)
        try solver.addEditVariable(x, strength: Strength(strong: 2, medium: 0, weak: 0))
        try solver.suggestValue(x, 10)
        #expect(solver.value(x) == 10)
    }

    @Test func misuseThrowsTypedErrors() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let handle = try solver.add(x == 1)
        try solver.remove(handle)
        #expect(throws: SolverError.self) { try solver.remove(handle) }
        try solver.addEditVariable(x)
        do {
            try solver.addEditVariable(x)
            Issue.record("a second edit on the same variable was accepted")
        } catch {
            guard case .duplicateEditVariable(let variable) = error else { throw error }
            #expect(variable == x as Variable)
        }
        let y = solver.makeVariable()
        do {
            try solver.suggestValue(y, 1)
            Issue.record("a suggestion for a non-edit variable was accepted")
        } catch {
            guard case .unknownEditVariable = error else { throw error }
        }
        do {
            try solver.addEditVariable(y, strength: .required)
            Issue.record("a required edit was accepted")
        } catch {
            guard case .requiredEditVariable = error else { throw error }
        }
        #expect(throws: SolverError.self) { try solver.removeEditVariable(y) }
        #expect(throws: SolverError.self) { try solver.remove(contentsOf: [ConstraintHandle](repeating: handle, count: 2)) }
    }

    @Test func strengthsOrderAndClip() {
        #expect(Strength.weak < .medium && Strength.medium < .strong && Strength.strong < .required)
        #expect(Strength(2e9) == .required && Strength(2e9).isRequired)
        #expect(Strength(-1).weight == 0)
        #expect(Strength(strong: 1, medium: 0, weak: 0) == .strong)
        #expect(Strength(strong: 0, medium: 2, weak: 3, multiplier: 2).weight == 4006)
        #expect(Strength.medium.description == "medium" && Strength(7).description == "7.0")
    }
}
