/// An incremental Cassowary solver: linear equalities and inequalities over `Variable`s, each
/// required or optional at a `Strength`.
///
/// Guarantees, after every call that returns normally:
/// - every required constraint holds (within 1e-8 on each row);
/// - the optional ones are violated as little as possible: the sum over them of strength ×
///   violation is at its minimum (when several solutions reach it, which one is deterministic:
///   the same calls in the same order give the same values and the same `statistics`, in every
///   process);
/// - a variable in no constraint is 0.
///
/// Values are kept eagerly: `value(_:)` reads the tableau, no update step is needed.
///
/// Costs: adding a constraint, removing an optional one or an inequality, and `suggestValue`
/// touch only the rows that hold the symbols involved (plus the pivots the simplex needs).
/// Removing a required equality (one whose constant never changed: see `setConstant`) rebuilds the tableau from the remaining constraints: unlike kiwi,
/// a required equality keeps no marker column (a "dummy" that would appear in every row that
/// depends on it, which makes a chain of n views cost n² cells), so it cannot be pivoted out.
/// `remove(contentsOf:)` rebuilds at most once for many. A required constraint whose row has
/// no variable left to solve for goes through phase one (an artificial variable), which first
/// takes a copy-on-write snapshot of the tableau to roll back to: its arrays are copied once.
///
/// Not thread-safe: use one solver from one thread at a time.
public final class Solver {
    // Unchecked: only this class's methods touch them, never re-entrantly, and dynamic
    // exclusivity checks cost more than the work of a small add.
    @exclusivity(unchecked) private var tableau = Tableau()
    /// Each constraint added, by handle; nil once removed (a handle is never reused).
    @exclusivity(unchecked) private var records: [Record?] = []
    @exclusivity(unchecked) private var counts = Statistics()
    private var names: [Int32: String] = [:]
    private var edits: [Int32: Edit] = [:]

    private struct Record {
        var constraint: Constraint
        var tag: Tag
        /// The edit variable whose constraint this is.
        var edit: Variable?
        /// A required equality whose constant changed is held as two required inequalities
        /// (`tag` the ≤, `split` the ≥): their slacks are markers, so later changes and its
        /// removal are incremental.
        var split: Tag?

        /// Whether removing it needs a rebuild: a required equality that owns rows.
        var needsRebuild: Bool { tag.marker < 0 && !tag.isRedundant && split == nil }
    }

    private struct Edit {
        var handle: ConstraintHandle
        /// The suggested value the tableau holds now.
        var value: Double
    }

    public init() {}

    // MARK: - Variables

    /// A new variable, 0 until constraints say otherwise. The name is for people (descriptions,
    /// logs); it need not be unique.
    public func makeVariable(_ name: String = "") -> Variable {
        let variable = Variable(symbol: tableau.makeSymbol(.external))
        if !name.isEmpty { names[variable.symbol] = name }
        return variable
    }

    /// The name the variable was made with ("" if none).
    public func name(of variable: Variable) -> String { names[variable.symbol] ?? "" }

    /// The variable's value in the current solution.
    public func value(_ variable: Variable) -> Double {
        precondition(isVariable(variable), "\(variable) is not a variable of this solver")
        return tableau.value(variable.symbol)
    }

    /// The expression's value in the current solution.
    public func value(_ expression: Expression) -> Double {
        expression.value { value($0) }
    }

    private func isVariable(_ variable: Variable) -> Bool {
        Int(variable.symbol) < tableau.kinds.count && tableau.kinds[Int(variable.symbol)] == .external
    }

    // MARK: - Constraints

    /// Adds a constraint and re-solves. A required constraint that contradicts the required
    /// constraints already there throws `unsatisfiable` and leaves the solver as it was. Adding
    /// a constraint equal to one already there is allowed (each add has its own handle).
    @discardableResult
    public func add(_ constraint: Constraint) throws(SolverError) -> ConstraintHandle {
        try add(constraint, changing: false)
    }

    /// Adds a constraint whose constant the caller will change (`setConstant`): a required
    /// equality is held as two required inequalities from the start, so that neither its changes
    /// nor its removal rebuild the tableau (a frame that moves every frame, a view's size). Any
    /// other constraint is added as `add(_:)` adds it.
    public func add(_ constraint: Constraint, changing: Bool) throws(SolverError) -> ConstraintHandle {
        let tag: Tag, split: Tag?
        do {
            if changing, constraint.relation == .equal, constraint.strength.isRequired {
                (tag, split) = try addSplit(constraint)
            } else {
                (tag, split) = (try tableau.add(constraint), nil)
            }
        } catch {
            if case .unsatisfiable = error { counts.unsatisfiable += 1 }
            throw error
        }
        let handle = ConstraintHandle(id: records.count)
        records.append(Record(constraint: constraint, tag: tag, split: split))
        counts.constraintsAdded += 1
        return handle
    }

    /// Whether the handle's constraint is in the solver.
    public func contains(_ handle: ConstraintHandle) -> Bool {
        records.indices.contains(handle.id) && records[handle.id] != nil && records[handle.id]!.edit == nil
    }

    /// The constraint the handle was returned for, while it is in the solver.
    public func constraint(_ handle: ConstraintHandle) -> Constraint? {
        contains(handle) ? records[handle.id]!.constraint : nil
    }

    /// Removes a constraint and re-solves.
    public func remove(_ handle: ConstraintHandle) throws(SolverError) {
        try remove(contentsOf: [handle])
    }

    /// Removes constraints and re-solves, rebuilding the tableau at most once. Throws
    /// `unknownConstraint` for the first handle that is not in the solver (or is repeated),
    /// before removing any.
    public func remove(contentsOf handles: some Sequence<ConstraintHandle>) throws(SolverError) {
        var seen = Set<Int>()
        let handles = Array(handles)
        for handle in handles where !contains(handle) || !seen.insert(handle.id).inserted {
            throw .unknownConstraint(handle)
        }
        try removeRecords(handles)
    }

    private func removeRecords(_ handles: [ConstraintHandle]) throws(SolverError) {
        let removed = handles.map { records[$0.id]! }
        for handle in handles { records[handle.id] = nil }
        counts.constraintsRemoved += handles.count
        if removed.contains(where: \.needsRebuild) {
            try rebuild()
            return
        }
        for record in removed where !record.tag.isRedundant {
            try tableau.remove(record.tag, strength: record.constraint.strength)
            if let split = record.split { try tableau.remove(split, strength: .required) }
        }
    }

    /// Builds the tableau anew from the constraints in the solver, in the order they were added,
    /// edit variables at their current suggestions.
    private func rebuild() throws(SolverError) {
        tableau.clear()
        counts.rebuilds += 1
        for id in records.indices {
            guard var record = records[id] else { continue }
            var constraint = record.constraint
            if let variable = record.edit { constraint.expression.constant = -edits[variable.symbol]!.value }
            do {
                if record.split != nil {
                    (record.tag, record.split) = try addSplit(constraint)
                } else {
                    record.tag = try tableau.add(constraint)
                }
                records[id] = record
            } catch {
                // Only rounding can make a subset of satisfiable constraints unsatisfiable.
                guard case .unsatisfiable = error else { throw error }
                records[id] = nil
                counts.unsatisfiable += 1
            }
        }
    }

    /// Gives the handle's constraint a new constant (its expression's) and re-solves from the
    /// current solution; the handle stays the same. An optional equality shifts the tableau and
    /// re-optimizes with the dual simplex, as a suggested edit value does; an inequality is taken
    /// out and put back. A required equality, which keeps no marker, is rebuilt once as two
    /// required inequalities (≤ and ≥) whose slacks are markers: from its second change on, it
    /// too is taken out and put back incrementally. If the constraint with its new constant is
    /// refused as unsatisfiable, it is no longer in the solver.
    public func setConstant(_ handle: ConstraintHandle, _ constant: Double) throws(SolverError) {
        guard contains(handle), var record = records[handle.id] else { throw .unknownConstraint(handle) }
        let old = record.constraint.expression.constant
        guard constant != old else { return }
        record.constraint.expression.constant = constant
        counts.constantChanges += 1
        let constraint = record.constraint
        if constraint.relation == .equal, !constraint.strength.isRequired {
            records[handle.id] = record
            try tableau.shiftConstant(record.tag, by: old - constant)
            return
        }
        try removeRecords([handle])
        counts.constraintsRemoved -= 1
        do {
            if constraint.relation == .equal {
                (record.tag, record.split) = try addSplit(constraint)
            } else {
                record.tag = try tableau.add(constraint)
            }
        } catch {
            if case .unsatisfiable = error { counts.unsatisfiable += 1 }
            throw error
        }
        records[handle.id] = record
    }

    /// Adds a required equality as two required inequalities; on a refusal the tableau is as it was.
    private func addSplit(_ constraint: Constraint) throws(SolverError) -> (Tag, Tag) {
        let below = try tableau.add(Constraint(constraint.expression, .lessThanOrEqual))
        do {
            return (below, try tableau.add(Constraint(constraint.expression, .greaterThanOrEqual)))
        } catch {
            try tableau.remove(below, strength: .required)
            throw error
        }
    }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: an optional `variable == value` constraint at `strength`
    /// whose value `suggestValue(_:_:)` changes cheaply. It starts at 0.
    public func addEditVariable(_ variable: Variable, strength: Strength = .strong) throws(SolverError) {
        guard edits[variable.symbol] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditVariable(variable) }
        let handle = try add(Constraint(Expression(variable), .equal, strength: strength))
        records[handle.id]!.edit = variable
        edits[variable.symbol] = Edit(handle: handle, value: 0)
    }

    /// Removes an edit variable's constraint.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits[variable.symbol] else { throw .unknownEditVariable(variable) }
        try removeRecords([edit.handle])
        edits[variable.symbol] = nil
    }

    /// Whether `variable` is an edit variable.
    public func hasEditVariable(_ variable: Variable) -> Bool { edits[variable.symbol] != nil }

    /// Asks an edit variable to take `value` and re-solves incrementally (dual simplex from the
    /// current solution): the result is the one adding `variable == value` at the edit's strength
    /// would give.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(SolverError) {
        guard var edit = edits[variable.symbol] else { throw .unknownEditVariable(variable) }
        let delta = value - edit.value
        edit.value = value
        edits[variable.symbol] = edit
        counts.suggestions += 1
        try tableau.shiftConstant(records[edit.handle.id]!.tag, by: delta)
    }

    /// Checks the tableau's invariants (`Tableau._checkInvariants`; every operation already
    /// does as it returns, in a debug build): for tests.
    package func _checkInvariants() {
        tableau._checkInvariants(optimal: false)
    }

    // MARK: - Statistics

    /// Counts of what the solver has done, and its size now.
    public var statistics: Statistics {
        var statistics = counts
        statistics.pivots = tableau.pivots
        statistics.rows = tableau.rowCount
        statistics.cells = tableau.cellCount
        return statistics
    }
}
