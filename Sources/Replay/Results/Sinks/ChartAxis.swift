import Foundation

/// A chart's value axis with "nice" ticks (steps of 1, 2 or 5 × 10ⁿ), so that any range gets a
/// handful of readable labels: 0–25 ms gives 0, 5, 10, … 25; 0–675 ms gives 0, 100, … 700.
struct ChartAxis: Equatable {
    /// The distance between ticks.
    let step: Double
    /// The top of the axis: the first tick at or above the largest value.
    let top: Double

    /// An axis from 0 that shows `largest`, with at most `maximumTicks` steps.
    init(upTo largest: Double, maximumTicks: Int = 8) {
        let value = largest.isFinite && largest > 0 ? largest : 1
        let rough = value / Double(max(maximumTicks, 1))
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
        self.step = step
        // A hair under, so that 0.03 ÷ 0.005 = 6.000000000000001 gives 6 steps, not 7.
        top = Swift.max(1, (value / step * (1 - 1e-9)).rounded(.up)) * step
    }

    /// The frames an x axis of `count` frames (numbered from 0) labels: whole nice steps (1, 2 or
    /// 5 × 10ⁿ frames), at most about `maximumTicks` of them.
    static func frameTicks(count: Int, maximumTicks: Int = 10) -> [Int] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        let step = Swift.max(1, Int(ChartAxis(upTo: Double(count - 1), maximumTicks: maximumTicks).step.rounded()))
        return Array(stride(from: 0, through: count - 1, by: step))
    }

    /// The tick values, from 0 to `top`.
    var ticks: [Double] {
        let count = Int((top / step).rounded())
        return (0...count).map { Double($0) * step }
    }

    /// A tick's label: no decimals for whole numbers, else as many as the step needs.
    func label(_ value: Double) -> String {
        let decimals = step >= 1 ? 0 : Int((-log10(step)).rounded(.up))
        return String(format: "%.\(decimals)f", value)
    }

    /// SVG gridlines with labels for a plot `height` high (y grows down) starting at `left`.
    func gridSVG(left: Double, width: Double, height: Double, unit: String) -> String {
        var out = ""
        for tick in ticks {
            let y = HTMLReport.format(height - tick / top * height, 1)
            out += "<line x1=\"\(HTMLReport.format(left, 1))\" x2=\"\(HTMLReport.format(left + width, 1))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"\(ReportPalette.grid)\"/>"
            out += "<text x=\"\(HTMLReport.format(left - 4, 1))\" y=\"\(y)\" dy=\"4\" font-size=\"10\" text-anchor=\"end\" fill=\"\(ReportPalette.axisText)\">\(label(tick)) \(unit)</text>"
        }
        return out
    }
}
