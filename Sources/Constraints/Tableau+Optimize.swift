// The simplex itself: primal (after an add or a removal) and dual (after an edit).
extension Tableau {
    /// Primal simplex on the objective (or phase one's) until no symbol lowers it.
    mutating func optimize(artificial phaseOne: Bool = false) throws(SolverError) {
        while true {
            let entering: Int32
            if phaseOne {
                guard let cell = artificial!.cells.first(where: { $0.coefficient < 0 }) else { return }
                entering = cell.symbol
            } else {
                guard let symbol = enteringFromObjective() else { return }
                entering = symbol
            }
            guard let slot = leavingSlot(entering) else { throw .internalFailure("the objective is unbounded") }
            pivot(entering: entering, slot: slot)
        }
    }

    /// The lowest symbol with a negative objective coefficient.
    mutating func enteringFromObjective() -> Int32? {
        var best: Int32 = -1
        var kept = 0
        for i in negatives.indices {
            let symbol = negatives[i]
            if objective[Int(symbol)] < 0 {
                negatives[kept] = symbol
                kept += 1
                if best < 0 || symbol < best { best = symbol }
            } else {
                inNegatives[Int(symbol)] = false
            }
        }
        negatives.removeLast(negatives.count - kept)
        return best < 0 ? nil : best
    }

    /// The ratio test: the restricted row that bounds `entering` first (lowest basic symbol on
    /// ties), or nil when nothing does.
    mutating func leavingSlot(_ entering: Int32) -> Int32? {
        var best: Int32 = -1
        var bestBasic = Int32.max
        var bestRatio = Double.greatestFiniteMagnitude
        for slot in liveColumn(entering) {
            let basic = basicOfSlot[Int(slot)]
            guard isRestricted(basic) else { continue }
            let coefficient = rows[Int(slot)].coefficient(of: entering)
            guard coefficient < 0 else { continue }
            let ratio = -rows[Int(slot)].constant / coefficient
            if ratio < bestRatio || (ratio == bestRatio && basic < bestBasic) {
                best = slot
                bestBasic = basic
                bestRatio = ratio
            }
        }
        return best < 0 ? nil : best
    }

    /// Dual simplex: makes the rows left negative feasible again, keeping the objective optimal.
    mutating func dualOptimize() throws(SolverError) {
        while let leaving = infeasible.popLast() {
            let slot = slotOfBasic[Int(leaving)]
            guard slot >= 0 else { continue }
            let row = rows[Int(slot)]
            guard row.constant < 0, !nearZero(row.constant) else { continue }
            var entering: Int32 = -1
            var bestRatio = Double.greatestFiniteMagnitude
            for cell in row.cells where cell.coefficient > 0 {
                let ratio = objective[Int(cell.symbol)] / cell.coefficient
                if ratio < bestRatio {
                    bestRatio = ratio
                    entering = cell.symbol
                }
            }
            guard entering >= 0 else { throw .internalFailure("the dual simplex found no entering symbol") }
            pivot(entering: entering, slot: slot)
        }
    }
}
