/// A constraint added to a `Solver`, returned by `add(_:)`: what removes it. Handles are
/// numbered in the order of the adds, from 0.
public struct ConstraintHandle: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let id: Int

    public static func < (lhs: ConstraintHandle, rhs: ConstraintHandle) -> Bool { lhs.id < rhs.id }

    public var description: String { "constraint #\(id)" }
}
