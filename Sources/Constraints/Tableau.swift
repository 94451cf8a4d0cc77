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
    // The stored state is internal, not private, only so that the extensions in Tableau+*.swift
    // can reach it; nothing outside the tableau's files touches it.
    // Per symbol.
    private(set) var kinds: [SymbolKind] = []
    var slotOfBasic: [Int32] = []
    var columns: [[Int32]] = []
    var objective: [Double] = []
    var inNegatives: [Bool] = []

    // Per slot.
    var rows: [Row] = []
    var basicOfSlot: [Int32] = []
    var marks: [UInt32] = []

    var freeSlots: [Int32] = []
    var freeSymbols: [Int32] = []
    /// Symbols whose objective coefficient went negative: the candidates to enter the basis.
    var negatives: [Int32] = []
    /// Basic restricted symbols whose rows may have gone negative, for the dual simplex.
    var infeasible: [Int32] = []
    /// Phase one's objective, while a row is being added through an artificial variable.
    var artificial: Row?
    var epoch: UInt32 = 0
    var created: [Int32] = []

    private(set) var pivots = 0

    #if UISIM_INTERNAL_CHECKS
    /// The slots whose rows changed since the last invariant check (a debug build's).
    var changedSlots: [Int32] = []
    #endif

    /// Notes, for a debug build's invariant check, that the row in `slot` changed (nothing in a
    /// release build).
    @inline(__always)
    mutating func noteChanged(_ slot: Int32) {
        #if UISIM_INTERNAL_CHECKS
        changedSlots.append(slot)
        #endif
    }

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
    mutating func release(_ symbol: Int32) {
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
        _checkInvariants(optimal: true)
    }

    // MARK: - Rows and columns

    func isRestricted(_ symbol: Int32) -> Bool { kinds[Int(symbol)] != .external }

    @discardableResult
    mutating func insertRow(_ row: Row, basic: Int32) -> Int32 {
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
        noteChanged(slot)
        return slot
    }

    /// Takes a row out of the tableau; its basic symbol becomes parametric.
    mutating func removeRow(_ slot: Int32) -> Row {
        let basic = basicOfSlot[Int(slot)]
        slotOfBasic[Int(basic)] = -1
        basicOfSlot[Int(slot)] = -1
        let row = rows[Int(slot)]
        rows[Int(slot)] = Row()
        freeSlots.append(slot)
        noteChanged(slot)
        return row
    }

    /// The slots whose rows have `symbol`, each once; drops the column's stale entries.
    mutating func liveColumn(_ symbol: Int32) -> [Int32] {
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
    mutating func nextEpoch() {
        epoch &+= 1
        if epoch == 0 {
            for i in marks.indices { marks[i] = 0 }
            epoch = 1
        }
    }

    mutating func addToObjective(_ symbol: Int32, _ value: Double) {
        var sum = objective[Int(symbol)] + value
        if nearZero(sum) { sum = 0 }
        objective[Int(symbol)] = sum
        if sum < 0, !inNegatives[Int(symbol)] {
            inNegatives[Int(symbol)] = true
            negatives.append(symbol)
        }
    }

    mutating func addToObjective(_ row: Row, times factor: Double) {
        for cell in row.cells { addToObjective(cell.symbol, cell.coefficient * factor) }
    }

    /// Replaces `symbol` by `definition` in every row (but the one in `exceptSlot`), the
    /// objective and phase one's objective; `symbol` then appears nowhere.
    mutating func substitute(_ symbol: Int32, with definition: Row, exceptSlot: Int32 = -1) {
        for slot in liveColumn(symbol) where slot != exceptSlot {
            created.removeAll(keepingCapacity: true)
            rows[Int(slot)].substitute(symbol, with: definition, created: &created)
            noteChanged(slot)
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
    mutating func pivot(entering: Int32, slot: Int32) {
        let leaving = basicOfSlot[Int(slot)]
        var row = rows[Int(slot)]
        rows[Int(slot)] = Row()
        row.solve(for: entering, replacing: leaving)
        rows[Int(slot)] = row
        columns[Int(leaving)].append(slot)
        slotOfBasic[Int(leaving)] = -1
        slotOfBasic[Int(entering)] = slot
        basicOfSlot[Int(slot)] = entering
        noteChanged(slot)
        substitute(entering, with: row, exceptSlot: slot)
        pivots += 1
    }
}
