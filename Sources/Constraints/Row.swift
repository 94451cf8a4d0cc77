/// Coefficients smaller than this are zero: a cell that cancels to it leaves its row (kiwi's rule).
@inline(__always) func nearZero(_ value: Double) -> Bool { abs(value) < 1.0e-8 }

/// One entry of a row: `coefficient × symbol`.
struct Cell {
    var symbol: Int32
    var coefficient: Double
}

/// A sparse linear form `constant + Σ coefficient × symbol`, its cells sorted by symbol, none of
/// them near zero. A basic row reads `basic = constant + Σ …`; a row being built reads `0 = …`.
///
/// It knows nothing of the tableau: operations that create cells report their symbols, so the
/// tableau can index them by column.
struct Row {
    private(set) var cells: [Cell] = []
    var constant: Double

    init(constant: Double = 0) {
        self.constant = constant
    }

    /// The position of `symbol`'s cell, or where it would go, searching from `start`.
    @inline(__always)
    private func position(of symbol: Int32, from start: Int = 0) -> (index: Int, found: Bool) {
        var low = start, high = cells.count
        while low < high {
            let mid = (low + high) >> 1
            if cells[mid].symbol < symbol { low = mid + 1 } else { high = mid }
        }
        return (low, low < cells.count && cells[low].symbol == symbol)
    }

    func contains(_ symbol: Int32) -> Bool { position(of: symbol).found }

    func coefficient(of symbol: Int32) -> Double {
        let (index, found) = position(of: symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient × symbol`; returns whether that made a new cell.
    @discardableResult
    mutating func add(_ symbol: Int32, _ coefficient: Double) -> Bool {
        let (index, found) = position(of: symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) { cells.remove(at: index) } else { cells[index].coefficient = sum }
            return false
        }
        guard !nearZero(coefficient) else { return false }
        cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
        return true
    }

    /// Adds `factor × other`, constant included; appends the symbols of the cells it made to
    /// `created`.
    mutating func add(_ other: Row, times factor: Double, created: inout [Int32]) {
        constant += other.constant * factor
        if other.cells.isEmpty { return }
        if other.cells.count * 8 <= cells.count {
            // A few cells into a long row: search and insert in place.
            var start = 0
            for cell in other.cells {
                let value = cell.coefficient * factor
                let (index, found) = position(of: cell.symbol, from: start)
                if found {
                    let sum = cells[index].coefficient + value
                    if nearZero(sum) { cells.remove(at: index); start = index } else { cells[index].coefficient = sum; start = index + 1 }
                } else if !nearZero(value) {
                    cells.insert(Cell(symbol: cell.symbol, coefficient: value), at: index)
                    created.append(cell.symbol)
                    start = index + 1
                } else {
                    start = index
                }
            }
            return
        }
        var merged: [Cell] = []
        merged.reserveCapacity(cells.count + other.cells.count)
        var i = 0, j = 0
        let mine = cells.count, theirs = other.cells.count
        while i < mine || j < theirs {
            if j == theirs || (i < mine && cells[i].symbol < other.cells[j].symbol) {
                merged.append(cells[i])
                i += 1
            } else if i == mine || other.cells[j].symbol < cells[i].symbol {
                let value = other.cells[j].coefficient * factor
                if !nearZero(value) {
                    merged.append(Cell(symbol: other.cells[j].symbol, coefficient: value))
                    created.append(other.cells[j].symbol)
                }
                j += 1
            } else {
                let sum = cells[i].coefficient + other.cells[j].coefficient * factor
                if !nearZero(sum) { merged.append(Cell(symbol: cells[i].symbol, coefficient: sum)) }
                i += 1
                j += 1
            }
        }
        cells = merged
    }

    /// Removes `symbol`'s cell; returns its coefficient, or 0 when there was none.
    @discardableResult
    mutating func remove(_ symbol: Int32) -> Double {
        let (index, found) = position(of: symbol)
        guard found else { return 0 }
        return cells.remove(at: index).coefficient
    }

    mutating func negate() {
        constant = -constant
        for i in cells.indices { cells[i].coefficient = -cells[i].coefficient }
    }

    /// Turns `0 = constant + a × symbol + …` into `symbol = -(constant + …) / a`: the row for
    /// `symbol`, which must have a cell.
    mutating func solve(for symbol: Int32) {
        let factor = -1 / remove(symbol)
        constant *= factor
        for i in cells.indices { cells[i].coefficient *= factor }
    }

    /// Turns the row of `basic` into the row of `entering`, which must have a cell; `basic`
    /// (which had none) becomes one.
    mutating func solve(for entering: Int32, replacing basic: Int32) {
        add(basic, -1)
        solve(for: entering)
    }

    /// Replaces `symbol` by the row `definition`, if this row has it; returns whether it had.
    @discardableResult
    mutating func substitute(_ symbol: Int32, with definition: Row, created: inout [Int32]) -> Bool {
        let coefficient = remove(symbol)
        guard coefficient != 0 else { return false }
        add(definition, times: coefficient, created: &created)
        return true
    }
}
