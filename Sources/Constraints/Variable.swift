/// A variable of one `Solver`: a cheap handle, made by `Solver.makeVariable(_:)`.
///
/// Two variables are the same when they were made by the same call. Using a variable with a
/// solver that did not make it is a programming error, caught by a precondition.
public struct Variable: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The variable's symbol in its solver's tableau.
    let symbol: Int32

    init(symbol: Int32) {
        self.symbol = symbol
    }

    /// A number that tells this variable apart from the others of its solver; variables made
    /// later have larger ids.
    public var id: Int { Int(symbol) }

    public static func < (lhs: Variable, rhs: Variable) -> Bool { lhs.symbol < rhs.symbol }

    public var description: String { "v\(symbol)" }
}
