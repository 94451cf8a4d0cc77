/// One term of a linear expression: `coefficient × variable`.
public struct Term: Sendable, CustomStringConvertible {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }

    public var description: String { coefficient == 1 ? "\(variable)" : "\(coefficient)·\(variable)" }
}

/// A linear expression: a sum of terms plus a constant, a value. A variable may appear in more
/// than one term; the terms then add up.
///
/// Build one with the operators: `x + 2 * y - 10`, `-(a - b) / 2`.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The constant expression `constant`.
    public init(_ constant: Double) {
        self.init([], constant: constant)
    }

    /// The expression's value for the given values of its variables.
    public func value(_ valueOf: (Variable) -> Double) -> Double {
        terms.reduce(constant) { $0 + $1.coefficient * valueOf($1.variable) }
    }

    /// This expression times `factor`.
    public func scaled(by factor: Double) -> Expression {
        Expression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    public var description: String {
        let parts = terms.map(\.description) + (constant != 0 || terms.isEmpty ? ["\(constant)"] : [])
        return parts.joined(separator: " + ")
    }
}

// MARK: - Arithmetic

public prefix func - (e: Expression) -> Expression { e.scaled(by: -1) }
public prefix func - (v: Variable) -> Expression { Expression([Term(v, -1)]) }

public func + (l: Expression, r: Expression) -> Expression { Expression(l.terms + r.terms, constant: l.constant + r.constant) }
public func + (l: Expression, r: Variable) -> Expression { l + Expression(r) }
public func + (l: Variable, r: Expression) -> Expression { Expression(l) + r }
public func + (l: Variable, r: Variable) -> Expression { Expression([Term(l), Term(r)]) }
public func + (l: Expression, r: Double) -> Expression { Expression(l.terms, constant: l.constant + r) }
public func + (l: Double, r: Expression) -> Expression { r + l }
public func + (l: Variable, r: Double) -> Expression { Expression([Term(l)], constant: r) }
public func + (l: Double, r: Variable) -> Expression { r + l }

public func - (l: Expression, r: Expression) -> Expression { l + -r }
public func - (l: Expression, r: Variable) -> Expression { l + -r }
public func - (l: Variable, r: Expression) -> Expression { Expression(l) + -r }
public func - (l: Variable, r: Variable) -> Expression { Expression([Term(l), Term(r, -1)]) }
public func - (l: Expression, r: Double) -> Expression { l + -r }
public func - (l: Double, r: Expression) -> Expression { -r + l }
public func - (l: Variable, r: Double) -> Expression { Expression([Term(l)], constant: -r) }
public func - (l: Double, r: Variable) -> Expression { Expression([Term(r, -1)], constant: l) }

public func * (l: Expression, r: Double) -> Expression { l.scaled(by: r) }
public func * (l: Double, r: Expression) -> Expression { r.scaled(by: l) }
public func * (l: Variable, r: Double) -> Expression { Expression([Term(l, r)]) }
public func * (l: Double, r: Variable) -> Expression { Expression([Term(r, l)]) }

public func / (l: Expression, r: Double) -> Expression { l.scaled(by: 1 / r) }
public func / (l: Variable, r: Double) -> Expression { Expression([Term(l, 1 / r)]) }
