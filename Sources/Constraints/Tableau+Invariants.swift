// The tableau's invariants, checked after every operation in a debug build (the compilation
// condition UISIM_INTERNAL_CHECKS, which Package.swift defines for the debug configuration only).

extension Tableau {
    /// Stops the process, naming what broke, unless the tableau is as its header promises
    /// between operations:
    /// - the basis: each slot's basic symbol finds that slot (`slotOfBasic`) and each basic
    ///   symbol's slot names it back; a free slot holds an empty row and is free once;
    /// - the rows: cells sorted by symbol, none near zero, none of a basic symbol (the row's own
    ///   or another's), each listed in its symbol's column (which may also hold stale entries);
    /// - feasible: a restricted basic symbol's value (its row's constant) is not negative;
    /// - the objective holds no basic symbol, every negative coefficient is in `negatives`, and,
    ///   when `optimal` (after the primal simplex ran: an add, a removal), none is negative;
    /// - no phase one left over, and a free symbol is free once, restricted, in no row, not basic,
    ///   out of the objective.
    ///
    /// A tableau of up to `wholeCheckRows` rows is checked whole (one pass over its cells and
    /// columns, no hashing); a larger one only in the rows that changed since the last check
    /// (`changedSlots`; their cells looked up in their columns), the per-symbol arrays whole.
    /// Nothing without the flag.
    mutating func _checkInvariants(optimal: Bool) {
        #if UISIM_INTERNAL_CHECKS
        defer { changedSlots.removeAll(keepingCapacity: true) }
        let whole = rows.count <= Self.wholeCheckRows
        let slots: [Int] = whole ? Array(rows.indices) : Set(changedSlots.map(Int.init)).sorted()
        precondition(artificial == nil, "tableau: phase one's objective is left after an operation")
        let symbols = kinds.count
        precondition(slotOfBasic.count == symbols && columns.count == symbols && objective.count == symbols && inNegatives.count == symbols,
                     "tableau: the per-symbol arrays differ in length")
        precondition(basicOfSlot.count == rows.count && marks.count == rows.count, "tableau: the per-slot arrays differ in length")
        var isFree = [Bool](repeating: false, count: rows.count)
        var isFreeSymbol = [Bool](repeating: false, count: symbols)
        for symbol in freeSymbols {
            precondition(!isFreeSymbol[Int(symbol)], "tableau: symbol \(symbol) is free twice")
            isFreeSymbol[Int(symbol)] = true
        }
        for slot in freeSlots {
            precondition(!isFree[Int(slot)], "tableau: slot \(slot) is free twice")
            isFree[Int(slot)] = true
        }
        for slot in slots {
            let basic = basicOfSlot[slot], row = rows[slot]
            guard basic >= 0 else {
                precondition(isFree[slot], "tableau: slot \(slot) has no basic symbol and is not free")
                precondition(row.cells.isEmpty && row.constant == 0, "tableau: free slot \(slot) still holds a row")
                continue
            }
            precondition(!isFree[slot], "tableau: slot \(slot) is free but holds the row of \(basic)")
            precondition(slotOfBasic[Int(basic)] == Int32(slot),
                         "tableau: the row in slot \(slot) is basic symbol \(basic)'s, whose slot is \(slotOfBasic[Int(basic)])")
            var previous: Int32 = -1
            for cell in row.cells {
                precondition(cell.symbol > previous, "tableau: the row of \(basic) has its cells out of order at symbol \(cell.symbol)")
                precondition(!nearZero(cell.coefficient), "tableau: the row of \(basic) keeps a near-zero cell of \(cell.symbol)")
                precondition(cell.symbol != basic, "tableau: the row of \(basic) holds its own basic symbol")
                precondition(slotOfBasic[Int(cell.symbol)] < 0, "tableau: the row of \(basic) holds \(cell.symbol), which is basic")
                precondition(!isFreeSymbol[Int(cell.symbol)], "tableau: the row of \(basic) holds \(cell.symbol), which is free")
                precondition(whole || columns[Int(cell.symbol)].contains(Int32(slot)),
                             "tableau: the cell of \(cell.symbol) in the row of \(basic) is missing from its column")
                previous = cell.symbol
            }
            if isRestricted(basic) {
                precondition(row.constant >= 0 || nearZero(row.constant),
                             "tableau: infeasible: restricted basic symbol \(basic) is \(row.constant)")
            }
        }
        // Every cell in its symbol's column: count, per slot, the columns that list it (each
        // column's repeated entries once) and whose symbol the row has; that is its cell count.
        if whole { checkColumns() }
        for symbol in 0..<symbols {
            let slot = slotOfBasic[symbol]
            if slot >= 0 {
                precondition(Int(slot) < rows.count && basicOfSlot[Int(slot)] == Int32(symbol),
                             "tableau: basic symbol \(symbol)'s slot \(slot) holds another row")
                precondition(objective[symbol] == 0, "tableau: the objective holds basic symbol \(symbol)")
            }
            if objective[symbol] < 0 {
                precondition(inNegatives[symbol], "tableau: symbol \(symbol)'s negative objective coefficient is not in negatives")
                precondition(!optimal, "tableau: not optimal: symbol \(symbol)'s objective coefficient is \(objective[symbol])")
            }
        }
        for symbol in freeSymbols {
            precondition(kinds[Int(symbol)] != .external, "tableau: free symbol \(symbol) is external")
            precondition(slotOfBasic[Int(symbol)] < 0, "tableau: free symbol \(symbol) is basic")
            precondition(objective[Int(symbol)] == 0, "tableau: free symbol \(symbol) is in the objective")
        }
        #endif
    }

    #if UISIM_INTERNAL_CHECKS
    /// Up to this many rows the check is whole; beyond, it looks at the rows that changed.
    static let wholeCheckRows = 64

    /// Every cell of every row is listed in its symbol's column.
    private func checkColumns() {
        var listed = [Int](repeating: 0, count: rows.count)
        var lastSymbol = [Int32](repeating: -1, count: rows.count)
        for symbol in columns.indices {
            for slot in columns[symbol] {
                let s = Int(slot)
                precondition(s >= 0 && s < rows.count, "tableau: the column of \(symbol) lists slot \(slot), which does not exist")
                guard lastSymbol[s] != Int32(symbol) else { continue }
                lastSymbol[s] = Int32(symbol)
                if basicOfSlot[s] >= 0, rows[s].contains(Int32(symbol)) { listed[s] += 1 }
            }
        }
        for slot in rows.indices where basicOfSlot[slot] >= 0 {
            precondition(listed[slot] == rows[slot].cells.count,
                         "tableau: \(rows[slot].cells.count - listed[slot]) cell(s) of the row of \(basicOfSlot[slot]) missing from their columns")
        }
    }
    #endif
}
