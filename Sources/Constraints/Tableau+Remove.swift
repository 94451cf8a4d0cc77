// Removing a constraint through its marker.
extension Tableau {
    /// Removes the constraint that brought `tag` (which has a marker) at `strength`.
    mutating func remove(_ tag: Tag, strength: Strength) throws(SolverError) {
        for symbol in [tag.marker, tag.other] where symbol >= 0 && kinds[Int(symbol)] == .error {
            // The errors leave the objective before any pivot.
            let slot = slotOfBasic[Int(symbol)]
            if slot >= 0 {
                addToObjective(rows[Int(slot)], times: -strength.weight)
            } else {
                addToObjective(symbol, -strength.weight)
            }
        }
        let marker = tag.marker
        let slot = slotOfBasic[Int(marker)]
        if slot >= 0 {
            _ = removeRow(slot)
        } else {
            guard let leavingSlot = markerLeavingSlot(marker) else { throw .internalFailure("no row holds the marker") }
            let leaving = basicOfSlot[Int(leavingSlot)]
            var row = removeRow(leavingSlot)
            row.solve(for: marker, replacing: leaving)
            substitute(marker, with: row)
        }
        release(marker)
        try dualOptimize()
        try optimize()
        _checkInvariants(optimal: true)
    }

    /// The row to pivot a parametric marker out through, kiwi's precedence: the restricted row
    /// with a negative coefficient and the smallest ratio, else the restricted row with the
    /// smallest ratio, else an external row (ties go to the lowest basic symbol).
    mutating func markerLeavingSlot(_ marker: Int32) -> Int32? {
        var first: (slot: Int32, basic: Int32, ratio: Double)?
        var second: (slot: Int32, basic: Int32, ratio: Double)?
        var third: (slot: Int32, basic: Int32)?
        for slot in liveColumn(marker) {
            let basic = basicOfSlot[Int(slot)]
            let coefficient = rows[Int(slot)].coefficient(of: marker)
            let constant = rows[Int(slot)].constant
            if !isRestricted(basic) {
                if third == nil || basic < third!.basic { third = (slot, basic) }
            } else if coefficient < 0 {
                let ratio = -constant / coefficient
                if first == nil || ratio < first!.ratio || (ratio == first!.ratio && basic < first!.basic) { first = (slot, basic, ratio) }
            } else {
                let ratio = constant / coefficient
                if second == nil || ratio < second!.ratio || (ratio == second!.ratio && basic < second!.basic) { second = (slot, basic, ratio) }
            }
        }
        return first?.slot ?? second?.slot ?? third?.slot
    }
}
