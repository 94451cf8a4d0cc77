/// The simplex tableau: Cassowary as kiwi builds it, with the rows indexed by column so that
/// every step costs the rows it touches, not the size of the system.
///
/// Each basic symbol has a row `basic = constant + Σ coefficient × parametric`; parametric
/// symbols are 0, so a basic symbol's value is its row's constant. Restricted basic symbols are
/// never negative between operations (the tableau is feasible), and the objective (the weighted
/// errors of the optional constraints) is at its minimum (optimal).
///
/// Rows live in slots (`rows`, `basicOfSlot`); `slotOfBasic` finds a symbol's row. Each symbol's
/// column lists the slots whose rows may have it (entries may be stale or repeated: they are
/// checked and dropped when the column is read). The objective is dense, one coefficient per
/// symbol. Choices are deterministic: the lowest symbol wins every tie, and no hashed collection
/// is ever iterated.
struct Tableau {
    // Per symbol.
    private(set) var kinds: [SymbolKind] = []
    private var slotOfBasic: [Int32] = []
    private var columns: [[Int32]] = []
    private var objective: [Double] = []
    private var inNegatives: [Bool] = []

    // Per slot.
    private var rows: [Row] = []
    private var basicOfSlot: [Int32] = []
    private var marks: [UInt32] = []

    private var freeSlots: [Int32] = []
    private var freeSymbols: [Int32] = []
    /// Symbols whose objective coefficient went negative: the candidates to enter the basis.
    private var negatives: [Int32] = []
    /// Basic restricted symbols whose rows may have gone negative, for the dual simplex.
    private var infeasible: [Int32] = []
    /// Phase one's objective, while a row is being added through an artificial variable.
    private var artificial: Row?
    private var epoch: UInt32 = 0
    private var created: [Int32] = []

    private(set) var pivots = 0

    // MARK: - Symbols

    mutating func makeSymbol(_ kind: SymbolKind) -> Int32 {
        if kind != .external, let symbol = freeSymbols.popLast() {
            kinds[Int(symbol)] = kind
            return symbol
        }
        let symbol = Int32(kinds.count)
        kinds.append(kind)
        slotOfBasic.append(-1)
        columns.append([])
        objective.append(0)
        inNegatives.append(false)
        return symbol
    }

    /// Gives back a restricted symbol that is in no row and not basic.
    private mutating func release(_ symbol: Int32) {
        columns[Int(symbol)] = []
        objective[Int(symbol)] = 0
        freeSymbols.append(symbol)
    }

    /// The current value of a symbol.
    func value(_ symbol: Int32) -> Double {
        let slot = slotOfBasic[Int(symbol)]
        return slot < 0 ? 0 : rows[Int(slot)].constant
    }

    var rowCount: Int { basicOfSlot.count - freeSlots.count }
    var cellCount: Int { zip(rows, basicOfSlot).reduce(0) { $0 + ($1.1 < 0 ? 0 : $1.0.cells.count) } }

    /// Empties the tableau, keeping the external symbols (and the count of pivots); the other
    /// symbols are made again, lowest first.
    mutating func clear() {
        let kept = kinds, pivots = self.pivots
        self = Tableau()
        self.pivots = pivots
        for kind in kept { _ = makeSymbol(kind) }
        for symbol in kept.indices.reversed() where kept[symbol] != .external { release(Int32(symbol)) }
    }

    // MARK: - Rows and columns

    private func isRestricted(_ symbol: Int32) -> Bool { kinds[Int(symbol)] != .external }

    @discardableResult
    private mutating func insertRow(_ row: Row, basic: Int32) -> Int32 {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            rows[Int(slot)] = row
            basicOfSlot[Int(slot)] = basic
        } else {
            slot = Int32(rows.count)
            rows.append(row)
            basicOfSlot.append(basic)
            marks.append(0)
        }
        slotOfBasic[Int(basic)] = slot
        for cell in row.cells { columns[Int(cell.symbol)].append(slot) }
        return slot
    }

    /// Takes a row out of the tableau; its basic symbol becomes parametric.
    private mutating func removeRow(_ slot: Int32) -> Row {
        let basic = basicOfSlot[Int(slot)]
        slotOfBasic[Int(basic)] = -1
        basicOfSlot[Int(slot)] = -1
        let row = rows[Int(slot)]
        rows[Int(slot)] = Row()
        freeSlots.append(slot)
        return row
    }

    /// The slots whose rows have `symbol`, each once; drops the column's stale entries.
    private mutating func liveColumn(_ symbol: Int32) -> [Int32] {
        nextEpoch()
        var column = columns[Int(symbol)]
        columns[Int(symbol)] = []
        var kept = 0
        for i in column.indices {
            let slot = column[i]
            if basicOfSlot[Int(slot)] >= 0, marks[Int(slot)] != epoch, rows[Int(slot)].contains(symbol) {
                marks[Int(slot)] = epoch
                column[kept] = slot
                kept += 1
            }
        }
        column.removeLast(column.count - kept)
        columns[Int(symbol)] = column
        return column
    }

    /// A new mark for the slots seen in one pass over a column.
    private mutating func nextEpoch() {
        epoch &+= 1
        if epoch == 0 {
            for i in marks.indices { marks[i] = 0 }
            epoch = 1
        }
    }

    private mutating func addToObjective(_ symbol: Int32, _ value: Double) {
        var sum = objective[Int(symbol)] + value
        if nearZero(sum) { sum = 0 }
        objective[Int(symbol)] = sum
        if sum < 0, !inNegatives[Int(symbol)] {
            inNegatives[Int(symbol)] = true
            negatives.append(symbol)
        }
    }

    private mutating func addToObjective(_ row: Row, times factor: Double) {
        for cell in row.cells { addToObjective(cell.symbol, cell.coefficient * factor) }
    }

    /// Replaces `symbol` by `definition` in every row (but the one in `exceptSlot`), the
    /// objective and phase one's objective; `symbol` then appears nowhere.
    private mutating func substitute(_ symbol: Int32, with definition: Row, exceptSlot: Int32 = -1) {
        for slot in liveColumn(symbol) where slot != exceptSlot {
            created.removeAll(keepingCapacity: true)
            rows[Int(slot)].substitute(symbol, with: definition, created: &created)
            for new in created { columns[Int(new)].append(slot) }
            let basic = basicOfSlot[Int(slot)]
            if isRestricted(basic), rows[Int(slot)].constant < 0 { infeasible.append(basic) }
        }
        columns[Int(symbol)] = []
        let weight = objective[Int(symbol)]
        if weight != 0 {
            objective[Int(symbol)] = 0
            addToObjective(definition, times: weight)
        }
        if artificial != nil {
            created.removeAll(keepingCapacity: true)
            artificial!.substitute(symbol, with: definition, created: &created)
        }
    }

    /// Makes `entering` basic in place of the basic symbol of `slot`.
    private mutating func pivot(entering: Int32, slot: Int32) {
        let leaving = basicOfSlot[Int(slot)]
        var row = rows[Int(slot)]
        rows[Int(slot)] = Row()
        row.solve(for: entering, replacing: leaving)
        rows[Int(slot)] = row
        columns[Int(leaving)].append(slot)
        slotOfBasic[Int(leaving)] = -1
        slotOfBasic[Int(entering)] = slot
        basicOfSlot[Int(slot)] = entering
        substitute(entering, with: row, exceptSlot: slot)
        pivots += 1
    }

    // MARK: - Adding a constraint

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
                throw .unsatisfiable(constraint)
            }
        }
        try dualOptimize()
        try optimize()
        return tag
    }

    /// The constraint's row, `0 = expression ± slack ± errors`, in terms of the parametric
    /// symbols, its constant made ≥ 0; its errors join the objective.
    private mutating func makeRow(_ constraint: Constraint, tag: inout Tag) -> Row {
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
    private func chooseSubject(_ row: Row, tag: Tag) -> Int32? {
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
    private mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
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
        for slot in liveColumn(art) { rows[Int(slot)].remove(art) }
        release(art)
        return success
    }

    // MARK: - Optimizing

    /// Primal simplex on the objective (or phase one's) until no symbol lowers it.
    private mutating func optimize(artificial phaseOne: Bool = false) throws(SolverError) {
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
    private mutating func enteringFromObjective() -> Int32? {
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
    private mutating func leavingSlot(_ entering: Int32) -> Int32? {
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
    private mutating func dualOptimize() throws(SolverError) {
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

    // MARK: - Removing a constraint

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
    }

    /// The row to pivot a parametric marker out through, kiwi's precedence: the restricted row
    /// with a negative coefficient and the smallest ratio, else the restricted row with the
    /// smallest ratio, else an external row (ties go to the lowest basic symbol).
    private mutating func markerLeavingSlot(_ marker: Int32) -> Int32? {
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

    // MARK: - Edits

    /// Moves the constant of the optional equality with `tag` by `delta` (an edit variable's new
    /// suggestion), then restores feasibility with the dual simplex.
    mutating func shiftConstant(_ tag: Tag, by delta: Double) throws(SolverError) {
        if let slot = basicSlot(tag.marker) {
            rows[Int(slot)].constant -= delta
            if rows[Int(slot)].constant < 0 { infeasible.append(tag.marker) }
        } else if let slot = basicSlot(tag.other) {
            rows[Int(slot)].constant += delta
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
                let basic = basicOfSlot[Int(slot)]
                if rows[Int(slot)].constant < 0, isRestricted(basic) { infeasible.append(basic) }
            }
            column.removeLast(column.count - kept)
            columns[Int(marker)] = column
        }
        try dualOptimize()
    }

    private func basicSlot(_ symbol: Int32) -> Int32? {
        let slot = slotOfBasic[Int(symbol)]
        return slot >= 0 ? slot : nil
    }
}
