// Adding a constraint: its row in terms of the parametric symbols, a subject to solve it for,
// or phase one when there is none.
extension Tableau {
    /// Adds a constraint; on `unsatisfiable` the tableau is as it was.
    mutating func add(_ constraint: Constraint) throws(SolverError) -> Tag {
        var tag = Tag()
        var row = makeRow(constraint, tag: &tag)
        if row.cells.isEmpty {
            // Only a required equality has no slack or error: it is implied by the required
            // equalities already there (redundant), or contradicts them.
            guard nearZero(row.constant) else { throw .unsatisfiable(constraint) }
            tag.isRedundant = true
            return tag
        }
        if let subject = chooseSubject(row, tag: tag) {
            row.solve(for: subject)
            let slot = insertRow(row, basic: subject)
            substitute(subject, with: row, exceptSlot: slot)
        } else {
            let saved = self
            guard try addWithArtificialVariable(row) else {
                self = saved
                if tag.marker >= 0 { release(tag.marker) }
                _checkInvariants(optimal: true)
                throw .unsatisfiable(constraint)
            }
        }
        try dualOptimize()
        try optimize()
        _checkInvariants(optimal: true)
        return tag
    }

    /// The constraint's row, `0 = expression ± slack ± errors`, in terms of the parametric
    /// symbols, its constant made ≥ 0; its errors join the objective.
    mutating func makeRow(_ constraint: Constraint, tag: inout Tag) -> Row {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let symbol = term.variable.symbol
            precondition(Int(symbol) < kinds.count && kinds[Int(symbol)] == .external, "\(term.variable) is not a variable of this solver")
            let slot = slotOfBasic[Int(symbol)]
            if slot >= 0 {
                created.removeAll(keepingCapacity: true)
                row.add(rows[Int(slot)], times: term.coefficient, created: &created)
            } else {
                row.add(symbol, term.coefficient)
            }
        }
        let strength = constraint.strength
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign = constraint.relation == .lessThanOrEqual ? 1.0 : -1.0
            tag.marker = makeSymbol(.slack)
            row.add(tag.marker, sign)
            if !strength.isRequired {
                tag.other = makeSymbol(.error)
                row.add(tag.other, -sign)
                addToObjective(tag.other, strength.weight)
            }
        case .equal:
            if !strength.isRequired {
                tag.marker = makeSymbol(.error)
                tag.other = makeSymbol(.error)
                row.add(tag.marker, -1)
                row.add(tag.other, 1)
                addToObjective(tag.marker, strength.weight)
                addToObjective(tag.other, strength.weight)
            }
        }
        if row.constant < 0 { row.negate() }
        return row
    }

    /// The symbol to solve a new row for: an external one (the one in the fewest rows, to
    /// substitute least), else a restricted marker with a negative coefficient (its value is then
    /// the row's constant, ≥ 0), else none.
    func chooseSubject(_ row: Row, tag: Tag) -> Int32? {
        var best: Int32 = -1
        var bestCount = Int.max
        for cell in row.cells where kinds[Int(cell.symbol)] == .external {
            let count = columns[Int(cell.symbol)].count
            if count < bestCount {
                best = cell.symbol
                bestCount = count
            }
        }
        if best >= 0 { return best }
        for symbol in [tag.marker, tag.other] where symbol >= 0 && row.coefficient(of: symbol) < 0 {
            return symbol
        }
        return nil
    }

    /// Phase one: adds the row as the row of an artificial variable and minimizes it. Returns
    /// whether it reached zero (the constraint can be satisfied); the caller restores the
    /// tableau if not.
    mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = makeSymbol(.slack)
        insertRow(row, basic: art)
        artificial = row
        try optimize(artificial: true)
        let success = nearZero(artificial!.constant)
        artificial = nil
        let slot = slotOfBasic[Int(art)]
        if slot >= 0 {
            var artRow = removeRow(slot)
            if artRow.cells.isEmpty {
                release(art)
                return success
            }
            guard let entering = artRow.cells.first(where: { isRestricted($0.symbol) })?.symbol else { return false }
            artRow.solve(for: entering, replacing: art)
            let newSlot = insertRow(artRow, basic: entering)
            substitute(entering, with: artRow, exceptSlot: newSlot)
        }
        for slot in liveColumn(art) {
            rows[Int(slot)].remove(art)
            noteChanged(slot)
        }
        release(art)
        return success
    }
}
