import Constraints

/// The naive reference: the minimum of Σ weight × violation over the optional constraints,
/// subject to the required ones, found by trying every vertex of the arrangement of all the
/// constraints' hyperplanes.
///
/// The objective is convex and piecewise linear, linear on each cell of the arrangement. The
/// planes `v == 0` join the arrangement (with no weight), so every cell is pointed and the
/// minimum (if the required constraints can hold) is at a vertex: d independent hyperplanes
/// meeting at a point that satisfies the required constraints. Exponential, for 2–4 variables.
struct BruteForce {
    struct Linear {
        var coefficients: [Double]
        var constant: Double
        var relation: Relation
        /// nil for a required constraint.
        var weight: Double?

        func value(_ point: [Double]) -> Double {
            zip(coefficients, point).reduce(constant) { $0 + $1.0 * $1.1 }
        }

        func violation(_ point: [Double]) -> Double {
            let value = value(point)
            switch relation {
            case .equal: return abs(value)
            case .lessThanOrEqual: return max(0, value)
            case .greaterThanOrEqual: return max(0, -value)
            }
        }
    }

    var dimension: Int
    var constraints: [Linear]

    /// The objective at a point.
    func objective(_ point: [Double]) -> Double {
        constraints.reduce(0) { sum, constraint in sum + (constraint.weight.map { $0 * constraint.violation(point) } ?? 0) }
    }

    func isFeasible(_ point: [Double], tolerance: Double = 1e-7) -> Bool {
        constraints.allSatisfy { $0.weight != nil || $0.violation(point) <= tolerance }
    }

    /// The minimum of the objective, or nil when the required constraints cannot all hold.
    func minimum() -> Double? {
        let axes = (0..<dimension).map { axis in
            Linear(coefficients: (0..<dimension).map { $0 == axis ? 1 : 0 }, constant: 0, relation: .equal, weight: 0)
        }
        let planes = (constraints + axes).map { $0.coefficients + [-$0.constant] }
        var best: Double?
        var chosen: [Int] = []
        var matrix = [Double](repeating: 0, count: dimension * (dimension + 1))
        func visit(from start: Int) {
            if chosen.count == dimension {
                for (row, plane) in chosen.enumerated() {
                    for k in 0...dimension { matrix[row * (dimension + 1) + k] = planes[plane][k] }
                }
                guard let point = solve(&matrix), isFeasible(point) else { return }
                let value = objective(point)
                if best == nil || value < best! { best = value }
                return
            }
            guard start < planes.count else { return }
            for i in start..<planes.count {
                chosen.append(i)
                visit(from: i + 1)
                chosen.removeLast()
            }
        }
        visit(from: 0)
        return best
    }

    /// The point where d hyperplanes meet (the rows of `a`, each `coefficients… | right side`),
    /// if they meet in one point: Gauss–Jordan elimination with partial pivoting.
    private func solve(_ a: inout [Double]) -> [Double]? {
        let n = dimension, width = n + 1
        for column in 0..<n {
            var pivot = column
            for row in column + 1..<n where abs(a[row * width + column]) > abs(a[pivot * width + column]) { pivot = row }
            guard abs(a[pivot * width + column]) > 1e-9 else { return nil }
            if pivot != column {
                for k in 0..<width { a.swapAt(pivot * width + k, column * width + k) }
            }
            for row in 0..<n where row != column {
                let factor = a[row * width + column] / a[column * width + column]
                if factor != 0 { for k in column..<width { a[row * width + k] -= factor * a[column * width + k] } }
            }
        }
        return (0..<n).map { a[$0 * width + n] / a[$0 * width + $0] }
    }
}
