// Moving an edit variable's constant.
extension Tableau {
    /// Moves the constant of the optional equality with `tag` by `delta` (an edit variable's new
    /// suggestion), then restores feasibility with the dual simplex.
    mutating func shiftConstant(_ tag: Tag, by delta: Double) throws(SolverError) {
        if let slot = basicSlot(tag.marker) {
            rows[Int(slot)].constant -= delta
            noteChanged(slot)
            if rows[Int(slot)].constant < 0 { infeasible.append(tag.marker) }
        } else if let slot = basicSlot(tag.other) {
            rows[Int(slot)].constant += delta
            noteChanged(slot)
            if rows[Int(slot)].constant < 0 { infeasible.append(tag.other) }
        } else {
            // liveColumn(_:) fused with the update: one search per row.
            let marker = tag.marker
            nextEpoch()
            var column = columns[Int(marker)]
            columns[Int(marker)] = []
            var kept = 0
            for i in column.indices {
                let slot = column[i]
                guard basicOfSlot[Int(slot)] >= 0, marks[Int(slot)] != epoch else { continue }
                let coefficient = rows[Int(slot)].coefficient(of: marker)
                guard coefficient != 0 else { continue }
                marks[Int(slot)] = epoch
                column[kept] = slot
                kept += 1
                rows[Int(slot)].constant += delta * coefficient
                noteChanged(slot)
                let basic = basicOfSlot[Int(slot)]
                if rows[Int(slot)].constant < 0, isRestricted(basic) { infeasible.append(basic) }
            }
            column.removeLast(column.count - kept)
            columns[Int(marker)] = column
        }
        try dualOptimize()
        // The dual simplex keeps the objective optimal only up to rounding: not checked.
        _checkInvariants(optimal: false)
    }

    func basicSlot(_ symbol: Int32) -> Int32? {
        let slot = slotOfBasic[Int(symbol)]
        return slot >= 0 ? slot : nil
    }
}
