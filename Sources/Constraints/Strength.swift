/// How much a constraint matters: a required constraint must hold; an optional one is kept as
/// closely as the required ones allow, and a stronger one wins over any number of weaker ones
/// it conflicts with only as far as its weight says (weights add up, as in Cassowary and kiwi).
///
/// The named strengths are kiwi's: `strong` (1 000 000) outweighs a thousand `medium`s
/// (1 000 each), which outweigh a thousand `weak`s (1 each); `required` is above them all and is
/// not a weight: a required constraint is a hard row of the tableau.
public struct Strength: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// The weight of the violation in the objective, in `0...required.weight`.
    public let weight: Double

    /// A strength of the given weight, clipped to `0...Strength.required.weight`: a weight at or
    /// above that is `required`.
    public init(_ weight: Double) {
        self.weight = min(max(weight, 0), Self.requiredWeight)
    }

    /// kiwi's `strength::create`: `strong × 1 000 000 + medium × 1 000 + weak`, each part times
    /// `multiplier` and clipped to `0...1000`.
    public init(strong: Double, medium: Double, weak: Double, multiplier: Double = 1) {
        func part(_ value: Double) -> Double { min(max(value * multiplier, 0), 1000) }
        self.init(part(strong) * 1_000_000 + part(medium) * 1000 + part(weak))
    }

    private static let requiredWeight = 1_001_001_000.0

    /// A hard constraint: it holds exactly, or adding it fails.
    public static let required = Strength(requiredWeight)
    /// kiwi's strong: 1 000 000.
    public static let strong = Strength(1_000_000)
    /// kiwi's medium: 1 000.
    public static let medium = Strength(1000)
    /// kiwi's weak: 1.
    public static let weak = Strength(1)

    /// Whether this is `required`.
    public var isRequired: Bool { weight >= Self.requiredWeight }

    public static func < (lhs: Strength, rhs: Strength) -> Bool { lhs.weight < rhs.weight }

    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: "\(weight)"
        }
    }
}
