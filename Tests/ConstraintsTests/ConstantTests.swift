import Constraints
import Testing

/// A constraint's constant changed in place gives what adding the constraint with that constant
/// from the start gives, and keeps its handle.
@Suite struct ConstantTests {
    /// x + y == 100 (required), x >= c1 (required inequality), x == c2 (strong), y == 30 (weak).
    /// By hand: with c1 = 10, c2 = 50: x = 50 (strong beats weak), y = 50. With c1 = 80: x = 80,
    /// y = 20. With the sum's constant 60 instead of 100 and c1 = 10: x = 50, y = 10.
    static func solve(sum: Double, floor: Double, wish: Double) throws -> (Double, Double) {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(x + y == sum)
        try solver.add(x >= floor)
        try solver.add((x == wish).withStrength(.strong))
        try solver.add((y == 30).withStrength(.weak))
        return (solver.value(x), solver.value(y))
    }

    @Test func changedConstantsMatchBuildingFromScratch() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        let sum = try solver.add(x + y == 100)
        let floor = try solver.add(x >= 10)
        let wish = try solver.add((x == 50).withStrength(.strong))
        try solver.add((y == 30).withStrength(.weak))
        #expect(solver.value(x) == 50 && solver.value(y) == 50)

        try solver.setConstant(floor, -80)   // x - 80 >= 0
        #expect(solver.value(x) == 80 && solver.value(y) == 20)
        #expect(try Self.solve(sum: 100, floor: 80, wish: 50) == (80, 20))

        try solver.setConstant(floor, -10)
        try solver.setConstant(sum, -60)     // x + y - 60 == 0: a required equality
        #expect(solver.value(x) == 50 && solver.value(y) == 10)
        #expect(try Self.solve(sum: 60, floor: 10, wish: 50) == (50, 10))

        try solver.setConstant(wish, -20)    // the strong wish: shifted in place
        #expect(solver.value(x) == 20 && solver.value(y) == 40)
        #expect(try Self.solve(sum: 60, floor: 10, wish: 20) == (20, 40))
        #expect(solver.constraint(wish)?.expression.constant == -20)
        // The required equality's first change rebuilt the tableau once; its next is incremental.
        #expect(solver.statistics.rebuilds == 1)
        try solver.setConstant(sum, -70)
        #expect(solver.value(x) == 20 && solver.value(y) == 50)
        #expect(try Self.solve(sum: 70, floor: 10, wish: 20) == (20, 50))
        #expect(solver.statistics.rebuilds == 1)
        // Removed, it goes without a rebuild (its two inequalities have markers).
        try solver.remove(sum)
        #expect(solver.statistics.rebuilds == 1 && solver.value(x) == 20 && solver.value(y) == 30)
        #expect(solver.statistics.constantChanges == 5)
        #expect(solver.statistics.constraintsAdded == 4 && solver.statistics.constraintsRemoved == 1)
    }

    /// A required equality added as one that will change (`add(_:changing:)`, a frame the engine
    /// moves) is held split from the start: its changes and its removal never rebuild, and the
    /// values are those of the plain one. By hand: x + y == 100, x == 30 (changing), then 45, then
    /// removed with y == 10 (weak) left: (30, 70), (45, 55), (90, 10).
    @Test func aChangingEqualityNeverRebuilds() throws {
        let solver = Solver()
        let x = solver.makeVariable("x"), y = solver.makeVariable("y")
        try solver.add(x + y == 100)
        try solver.add((y == 10).withStrength(.weak))
        let frame = try solver.add(x == 30, changing: true)
        #expect(solver.value(x) == 30 && solver.value(y) == 70)
        try solver.setConstant(frame, -45)
        #expect(solver.value(x) == 45 && solver.value(y) == 55)
        try solver.remove(frame)
        #expect(solver.value(x) == 90 && solver.value(y) == 10)
        #expect(solver.statistics.rebuilds == 0 && solver.statistics.constraintsAdded == 3)
        // Inequalities and optional constraints are added as `add(_:)` adds them.
        let floor = try solver.add(x >= 95, changing: true)
        #expect(solver.value(x) == 95 && solver.constraint(floor)?.relation == .greaterThanOrEqual)
    }
}
