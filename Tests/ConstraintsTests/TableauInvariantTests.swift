@testable import Constraints
import Testing

/// The tableau's invariant check (`Tableau._checkInvariants`, on in the debug build the tests
/// build): it holds after every operation of a solver at work, and it stops the process on a
/// tableau corrupted by hand.
@Suite struct TableauInvariantTests {
    @Test func theChecksAreOnInTheTestBuild() {
        #expect(ConstraintsInternalChecks.areOn)
    }

    /// Every add, removal (incremental and rebuilding), constant change and suggestion checks the
    /// tableau as it returns; the last state is checked again here.
    @Test func aSolverAtWorkKeepsItsTableauSound() throws {
        let solver = Solver()
        let tops = (0..<20).map { solver.makeVariable("top\($0)") }
        let heights = (0..<20).map { solver.makeVariable("height\($0)") }
        var handles: [ConstraintHandle] = []
        try solver.add(tops[0] == 0)
        for i in 1..<20 {
            handles.append(try solver.add(tops[i] == tops[i - 1] + heights[i - 1] + 8))
            handles.append(try solver.add((heights[i] == 44).withStrength(.strong)))
            try solver.add(heights[i] >= 20)
        }
        try solver.add((tops[19] + heights[19] <= 600).withStrength(Strength(999_000_000)))
        try solver.addEditVariable(heights[0], strength: .strong)
        for value in stride(from: 0.0, through: 200, by: 25) { try solver.suggestValue(heights[0], value) }
        try solver.setConstant(handles[4], -10)    // a required equality: rebuilt once as two inequalities
        try solver.remove(handles[3])        // an optional equality: incremental
        try solver.remove(handles[0])        // a required equality: a rebuild
        try solver.removeEditVariable(heights[0])
        #expect(throws: SolverError.self) { try solver.add(tops[0] == -1000) }   // refused: the tableau as it was
        solver._checkInvariants()
        #expect(solver.statistics.rebuilds == 2 && solver.statistics.unsatisfiable == 1)
    }

    /// A tableau built by hand the way an add builds one passes.
    @Test func aSoundTableauPasses() {
        var tableau = Tableau()
        let x = tableau.makeSymbol(.external), slack = tableau.makeSymbol(.slack)
        var row = Row(constant: 10)
        row.add(slack, 1)
        tableau.insertRow(row, basic: x)   // x = 10 + slack
        tableau._checkInvariants(optimal: true)
    }

    @Test func aRowThatHoldsItsOwnBasicSymbolIsCaught() async {
        await #expect(processExitsWith: .failure) {
            var tableau = Tableau()
            let x = tableau.makeSymbol(.external), slack = tableau.makeSymbol(.slack)
            var row = Row(constant: 10)
            row.add(slack, 1)
            row.add(x, 2)
            tableau.insertRow(row, basic: x)
            tableau._checkInvariants(optimal: true)
        }
    }

    @Test func aCellMissingFromItsColumnIsCaught() async {
        await #expect(processExitsWith: .failure) {
            var tableau = Tableau()
            let x = tableau.makeSymbol(.external), slack = tableau.makeSymbol(.slack)
            var row = Row(constant: 10)
            row.add(slack, 1)
            tableau.insertRow(row, basic: x)
            tableau.columns[Int(slack)] = []
            tableau._checkInvariants(optimal: true)
        }
    }

    @Test func aNegativeRestrictedRowIsCaughtAsInfeasible() async {
        await #expect(processExitsWith: .failure) {
            var tableau = Tableau()
            let x = tableau.makeSymbol(.external), slack = tableau.makeSymbol(.slack)
            var row = Row(constant: -5)
            row.add(x, 1)
            tableau.insertRow(row, basic: slack)   // slack = -5 + x: a restricted symbol below 0
            tableau._checkInvariants(optimal: true)
        }
    }
}
