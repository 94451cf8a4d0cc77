/// Why the solver refused a request. After any of these but `internalFailure`, the solver is
/// exactly as it was before the call.
public enum SolverError: Error, CustomStringConvertible {
    /// A required constraint contradicts the required constraints already added. UIKit breaks
    /// such a constraint and logs it; the caller decides.
    case unsatisfiable(Constraint)
    /// The handle is not of a constraint of this solver (never was, or was removed).
    case unknownConstraint(ConstraintHandle)
    /// The variable is already an edit variable.
    case duplicateEditVariable(Variable)
    /// The variable is not an edit variable.
    case unknownEditVariable(Variable)
    /// An edit variable must be optional: its strength must be below `required`.
    case requiredEditVariable(Variable)
    /// The tableau broke an invariant (an unbounded objective, a lost marker): a bug, or numbers
    /// so ill-conditioned that pivots lost them. The solver may be inconsistent afterwards.
    case internalFailure(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let constraint): "unsatisfiable required constraint: \(constraint)"
        case .unknownConstraint(let handle): "unknown constraint \(handle)"
        case .duplicateEditVariable(let variable): "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): "\(variable) is not an edit variable"
        case .requiredEditVariable(let variable): "edit variable \(variable) cannot be required"
        case .internalFailure(let reason): "internal solver failure: \(reason)"
        }
    }
}
