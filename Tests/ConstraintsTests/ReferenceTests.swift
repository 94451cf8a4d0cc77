import Constraints
import Geometry
import Testing
import Support

/// The solver against the naive reference (`BruteForce`) on many generated small systems:
/// whether required constraints can be added, and the minimum of the objective after adds,
/// suggestions to edit variables, and every removal. Optional constraints have many optima, so values are not compared.
@Suite struct ReferenceTests {
    /// A generated system: each variable pulled weakly towards a number, then required and
    /// optional constraints in a random order.
    struct System {
        var dimension: Int
        var constraints: [BruteForce.Linear]

        init(using generator: inout SeededGenerator) {
            dimension = Int.random(in: 2...4, using: &generator)
            let d = dimension
            constraints = (0..<d).map { i in
                var coefficients = [Double](repeating: 0, count: d)
                coefficients[i] = 1
                return BruteForce.Linear(coefficients: coefficients, constant: Double(Int.random(in: -20...20, using: &generator)),
                                         relation: .equal, weight: 1)
            }
            let point = (0..<d).map { _ in Double(Int.random(in: -10...10, using: &generator)) }
            let relations: [Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
            let weights: [Double] = [1, 2, 5, 10, 100, 1000, 1_000_000]
            var mixed: [BruteForce.Linear] = []
            for index in 0..<Int.random(in: 2...7, using: &generator) {
                var coefficients = [Double](repeating: 0, count: d)
                for _ in 0..<Int.random(in: 1...min(3, d), using: &generator) {
                    coefficients[Int.random(in: 0..<d, using: &generator)] = Double(Int.random(in: -3...3, using: &generator))
                }
                if coefficients.allSatisfy({ $0 == 0 }) { coefficients[index % d] = 1 }
                let relation = relations.randomElement(using: &generator)!
                let required = Bool.random(using: &generator)
                var constant = Double(Int.random(in: -20...20, using: &generator))
                if required && Int.random(in: 0..<6, using: &generator) != 0 {
                    // Through the point, so that most required sets can hold.
                    let atPoint = zip(coefficients, point).reduce(0) { $0 + $1.0 * $1.1 }
                    let slack = Double(Int.random(in: 0...5, using: &generator))
                    constant = -atPoint + (relation == .lessThanOrEqual ? -slack : relation == .greaterThanOrEqual ? slack : 0)
                }
                mixed.append(BruteForce.Linear(coefficients: coefficients, constant: constant, relation: relation,
                                               weight: required ? nil : weights.randomElement(using: &generator)!))
            }
            constraints += mixed
        }
    }

    static func constraint(_ linear: BruteForce.Linear, _ variables: [Variable]) -> Constraint {
        let terms = zip(variables, linear.coefficients).filter { $0.1 != 0 }.map { Term($0.0, $0.1) }
        return Constraint(Expression(terms, constant: linear.constant), linear.relation,
                          strength: linear.weight.map { Strength($0) } ?? .required)
    }

    /// Checks the solver against the reference for the constraints in it.
    static func check(_ solver: Solver, _ variables: [Variable], _ system: System, added: [Int], case number: Int) {
        let reference = BruteForce(dimension: system.dimension, constraints: added.map { system.constraints[$0] })
        let point = variables.map(solver.value)
        #expect(reference.isFeasible(point, tolerance: 1e-6), "case \(number): required constraints broken at \(point)")
        guard let minimum = reference.minimum() else {
            Issue.record("case \(number): the reference finds no feasible point for an accepted set")
            return
        }
        let objective = reference.objective(point)
        #expect(abs(objective - minimum) <= 1e-6 * max(1, minimum), "case \(number): objective \(objective), minimum \(minimum)")
    }

    @Test func generatedSystemsReachTheReferenceMinimum() throws {
        var generator = SeededGenerator(seed: 30)
        var refused = 0, removals = 0
        for number in 0..<240 {
            let system = System(using: &generator)
            let solver = Solver()
            let variables = (0..<system.dimension).map { _ in solver.makeVariable() }
            var added: [Int] = [], handles: [ConstraintHandle] = []
            for (index, linear) in system.constraints.enumerated() {
                do {
                    handles.append(try solver.add(Self.constraint(linear, variables)))
                    added.append(index)
                } catch {
                    guard case .unsatisfiable = error else { throw error }
                    refused += 1
                    let reference = BruteForce(dimension: system.dimension,
                                               constraints: (added + [index]).map { system.constraints[$0] })
                    #expect(reference.minimum() == nil, "case \(number): a satisfiable required constraint was refused")
                }
                // Every add is checked in the first cases, only the whole set in the others.
                if number < 30 || index == system.constraints.count - 1 {
                    Self.check(solver, variables, system, added: added, case: number)
                }
            }
            // In a third of the cases, an edit variable moved a few times (the dual simplex):
            // for the reference, an optional equality.
            if number % 3 == 0 {
                let variable = Int.random(in: 0..<system.dimension, using: &generator)
                let weight = [1.0, 10, 1000, 1_000_000].randomElement(using: &generator)!
                try solver.addEditVariable(variables[variable], strength: Strength(weight))
                var coefficients = [Double](repeating: 0, count: system.dimension)
                coefficients[variable] = 1
                var edited = system
                edited.constraints.append(BruteForce.Linear(coefficients: coefficients, constant: 0, relation: .equal, weight: weight))
                for _ in 0..<3 {
                    let value = Double(Int.random(in: -30...30, using: &generator))
                    try solver.suggestValue(variables[variable], value)
                    edited.constraints[edited.constraints.count - 1].constant = -value
                    Self.check(solver, variables, edited, added: added + [edited.constraints.count - 1], case: number)
                }
                try solver.removeEditVariable(variables[variable])
            }
            // Remove about half of them, anchors included, in a random order.
            while added.count > system.dimension / 2 {
                let position = Int.random(in: 0..<added.count, using: &generator)
                try solver.remove(handles.remove(at: position))
                added.remove(at: position)
                removals += 1
                Self.check(solver, variables, system, added: added, case: number)
            }
        }
        #expect(refused > 10)
        #expect(removals > 500)
    }

    @Test func theSameCallsGiveTheSameSolutionAndCounts() throws {
        func run() throws -> ([[Double]], Statistics) {
            var generator = SeededGenerator(seed: 99)
            var values: [[Double]] = []
            var statistics = Statistics()
            for _ in 0..<50 {
                let system = System(using: &generator)
                let solver = Solver()
                let variables = (0..<system.dimension).map { _ in solver.makeVariable() }
                for linear in system.constraints { _ = try? solver.add(Self.constraint(linear, variables)) }
                values.append(variables.map(solver.value))
                statistics.pivots += solver.statistics.pivots
                statistics.unsatisfiable += solver.statistics.unsatisfiable
                statistics.cells += solver.statistics.cells
            }
            return (values, statistics)
        }
        let (first, firstCounts) = try run()
        let (second, secondCounts) = try run()
        #expect(first == second)
        #expect(firstCounts == secondCounts)
    }
}
