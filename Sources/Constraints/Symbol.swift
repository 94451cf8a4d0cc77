/// What a symbol of the tableau stands for. Every symbol but an external one is restricted to
/// values ≥ 0.
enum SymbolKind: UInt8 {
    /// A variable of the caller's: unrestricted.
    case external
    /// The slack of an inequality (its marker), or the artificial variable of phase one.
    case slack
    /// The violation of an optional constraint, weighted by its strength in the objective.
    case error
}

/// The symbols a constraint brought into the tableau, to find and remove it again: the
/// `marker` (an inequality's slack, or the positive error of an optional equality) and the
/// `other` (the error of an optional constraint that is not its marker). A required equality
/// brings none: it has no marker column (see `Solver`'s note on removing one).
struct Tag {
    var marker: Int32 = -1
    var other: Int32 = -1
    /// A required equality that the required equalities already there imply: it has no row.
    var isRedundant = false
}
