/// How a constraint's expression compares with zero.
public enum Relation: Sendable, CustomStringConvertible {
    case equal
    case lessThanOrEqual
    case greaterThanOrEqual

    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}

/// A linear constraint, a value: `expression relation 0` at a strength.
///
/// Build one with `==`, `<=` and `>=` between expressions, variables and numbers
/// (`x + width <= 320`, `top == bottom + 8`); the right side is moved to the left. It is
/// required unless given another strength: `(height == 44).withStrength(.strong)`.
/// A constraint has no identity of its own: `Solver.add(_:)` returns the handle that removes it.
public struct Constraint: Sendable, CustomStringConvertible {
    /// The left side minus the right side.
    public var expression: Expression
    public var relation: Relation
    public var strength: Strength

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// The same constraint at another strength.
    public func withStrength(_ strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength)
    }

    /// Whether the constraint holds for the given values, within `tolerance`.
    public func isSatisfied(tolerance: Double = 1e-8, _ valueOf: (Variable) -> Double) -> Bool {
        let value = expression.value(valueOf)
        switch relation {
        case .equal: return abs(value) <= tolerance
        case .lessThanOrEqual: return value <= tolerance
        case .greaterThanOrEqual: return value >= -tolerance
        }
    }

    public var description: String { "\(expression) \(relation) 0 (\(strength))" }
}

// MARK: - Relations

public func == (l: Expression, r: Expression) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Expression, r: Variable) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Variable, r: Expression) -> Constraint { Constraint(l - r, .equal) }
/// A constraint, not a comparison: where a `Bool` is expected, Swift picks `Equatable`'s `==`.
public func == (l: Variable, r: Variable) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Expression, r: Double) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Double, r: Expression) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Variable, r: Double) -> Constraint { Constraint(l - r, .equal) }
public func == (l: Double, r: Variable) -> Constraint { Constraint(l - r, .equal) }

public func <= (l: Expression, r: Expression) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Expression, r: Variable) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Variable, r: Expression) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Variable, r: Variable) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Expression, r: Double) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Double, r: Expression) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Variable, r: Double) -> Constraint { Constraint(l - r, .lessThanOrEqual) }
public func <= (l: Double, r: Variable) -> Constraint { Constraint(l - r, .lessThanOrEqual) }

public func >= (l: Expression, r: Expression) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Expression, r: Variable) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Variable, r: Expression) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Variable, r: Variable) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Expression, r: Double) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Double, r: Expression) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Variable, r: Double) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
public func >= (l: Double, r: Variable) -> Constraint { Constraint(l - r, .greaterThanOrEqual) }
