/// What a solver has done: exact counts, the same on every run for the same calls.
public struct Statistics: Hashable, Sendable {
    /// Constraints added (edit variables' included; a rebuild's re-adds are not counted).
    public var constraintsAdded = 0
    /// Constraints removed (edit variables' constraints included).
    public var constraintsRemoved = 0
    /// Adds refused as unsatisfiable.
    public var unsatisfiable = 0
    /// Simplex pivots, primal and dual, rebuilds included.
    public var pivots = 0
    /// `setConstant(_:_:)` calls that changed a constant.
    public var constantChanges = 0
    /// `suggestValue(_:_:)` calls.
    public var suggestions = 0
    /// Times the tableau was built anew from the constraints (to remove a required equality).
    public var rebuilds = 0
    /// Rows in the tableau now (basic symbols). This and `cells` are counted when read.
    public var rows = 0
    /// Cells in those rows now: the tableau's size.
    public var cells = 0

    public init() {}
}
