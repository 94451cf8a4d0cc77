import Foundation
import Traces
import Support

/// `compare.html`: the comparison's tables and the two variants' time per frame overlaid (the app
/// and render stages together, and the app stage alone), on an axis scaled to the data as in
/// `report.html`, with a legend that wraps rather than overlaps or clips.
enum ComparisonReport {
    /// One variant's frames (idle vsyncs left out): the app stage and app + render, ms.
    struct Curve {
        var app: [Double] = []
        var total: [Double] = []

        init(app: [Double], total: [Double]) {
            self.app = app
            self.total = total
        }

        init(framesFile: URL) throws {
            try FrameRecord.forEach(in: framesFile) { frame in
                guard frame.kind == .frame else { return }
                app.append(frame.stages[.app] / 1000)
                total.append((frame.stages[.app] + frame.stages[.render]) / 1000)
            }
        }
    }

    static func render(_ c: Comparison, framesA: URL, framesB: URL) throws -> String {
        let budget = 1000.0 / Double(max(c.a.runs[0].refreshRate, 1))
        let chart = chartSVG(a: try Curve(framesFile: framesA), b: try Curve(framesFile: framesB), labelA: c.a.label, labelB: c.b.label, budget: budget)
        var html = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>uisim compare — \(HTMLReport.escape(c.scene))</title>
        <style>body{font:14px/1.45 -apple-system,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1080px;padding:0 16px;color:#1f2328}
        table{border-collapse:collapse}td,th{padding:4px 12px;border-bottom:1px solid #eaeef2;text-align:right}th:first-child,td:first-child{text-align:left}
        .a{color:\(ReportPalette.color(.a))}.b{color:\(ReportPalette.color(.b))}</style></head><body>
        <h1>\(HTMLReport.escape(c.trace)) on <i>\(HTMLReport.escape(c.scene))</i></h1>
        <p><b class="a">A</b> = \(HTMLReport.escape(c.a.label)) · <b class="b">B</b> = \(HTMLReport.escape(c.b.label)) · \(c.a.runs.count) run\(c.a.runs.count == 1 ? "" : "s") each, interleaved\(c.a.deterministic && c.b.deterministic ? "" : " · <b>counters differed between runs</b>")</p>
        <h2>Time per frame (last run of each)</h2>
        \(chart)

        <h2>Counters (exact)</h2><table><tr><th>counter</th><th class="a">A</th><th class="b">B</th><th>change</th></tr>
        """
        for d in c.counters {
            let a = Baseline.Finding.format(d.a), b = Baseline.Finding.format(d.b)
            html += "<tr><td>\(d.name)</td><td>\(a)</td><td>\(b)</td><td>\(d.change.map { HTMLReport.format($0 * 100, 1) + " %" } ?? "")</td></tr>"
        }
        html += "</table><h2>Times (B ÷ A, median of the runs)</h2><table><tr><th>phase</th><th>median</th><th>spread</th></tr>"
        for r in c.times {
            if r.a == 0 && r.b == 0 {
                html += "<tr><td>\(r.name)</td><td>0 → 0</td><td></td></tr>"
            } else if let median = r.median, let low = r.min, let high = r.max {
                html += "<tr><td>\(r.name)</td><td>×\(HTMLReport.format(median, 2))</td><td>×\(HTMLReport.format(low, 2)) – ×\(HTMLReport.format(high, 2))</td></tr>"
            } else {
                html += "<tr><td>\(r.name)</td><td>n/a</td><td>0 in A</td></tr>"
            }
        }
        return html + "</table></body></html>\n"
    }

    /// The chart: each side's app + render (solid) and app stage (dotted) per frame, the budget,
    /// the frame numbers, the legend under them.
    static func chartSVG(a: Curve, b: Curve, labelA: String, labelB: String, budget: Double) -> String {
        let f = { (value: Double, digits: Int) in HTMLReport.format(value, digits) }
        let left = FrameChart.left, width = FrameChart.plotWidth, height = FrameChart.plotHeight
        let axis = FrameChart.valueAxis(largest: (a.total + b.total).max() ?? 0, budget: budget)
        let shows = budget <= axis.top
        let count = max(a.total.count, b.total.count)
        func x(_ i: Int) -> Double { left + (count > 1 ? Double(i) / Double(count - 1) * width : width / 2) }
        func polyline(_ values: [Double], _ color: String, dotted: Bool) -> String {
            let points = values.enumerated().map { i, v in "\(f(x(i), 1)),\(f(height - v / axis.top * height, 1))" }
            let dash = dotted ? " stroke-dasharray=\"2 2\"" : ""
            return "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"\(dash) points=\"\(points.joined(separator: " "))\"/>"
        }
        let neutral = ReportPalette.axisText
        let legend = ChartLegend([
            .init(.line, ReportPalette.color(.a), "A: \(labelA)"),
            .init(.line, ReportPalette.color(.b), "B: \(labelB)"),
            .init(.line, neutral, "app + render stages"),
            .init(.dotted, neutral, "app stage"),
            .init(shows ? .dashed : .none, ReportPalette.budget, FrameChart.budgetLabel(budget, shown: shows)),
        ], width: FrameChart.width - left)
        // No times under the frame numbers (the sides' vsyncs differ): the title takes their row.
        let titleY = FrameChart.timeLabelY + 2, legendY = titleY + 12
        var out = "<svg width=\"\(f(FrameChart.width, 0))\" height=\"\(f(FrameChart.top + legendY + legend.height + 6, 0))\" role=\"img\" aria-label=\"time per frame, A and B\" style=\"background:#f6f8fa\"><g transform=\"translate(0,\(f(FrameChart.top, 0)))\">"
        out += axis.gridSVG(left: left, width: width, height: height, unit: "ms")
        out += polyline(a.total, ReportPalette.color(.a), dotted: false) + polyline(b.total, ReportPalette.color(.b), dotted: false)
        out += polyline(a.app, ReportPalette.color(.a), dotted: true) + polyline(b.app, ReportPalette.color(.b), dotted: true)
        if shows { out += FrameChart.budgetLineSVG(budget, axis: axis) }
        out += FrameChart.frameAxisSVG(ticks: ChartAxis.frameTicks(count: count).map { (frame: $0, x: x($0), time: nil) },
                                       title: "frame number (A \(a.total.count) frames, B \(b.total.count))", titleY: titleY)
        out += legend.svg(left: left, top: legendY)
        return out + "</g></svg>"
    }
}

extension Comparison {
    /// Writes `compare.json` and `compare.html` into `directory`.
    public func write(to directory: URL, framesA: URL, framesB: URL) throws {
        try AtomicFile.write(StableJSON.encode(self, pretty: true), to: directory.appendingPathComponent("compare.json"))
        let html = try ComparisonReport.render(self, framesA: framesA, framesB: framesB)
        try AtomicFile.write(Data(html.utf8), to: directory.appendingPathComponent("compare.html"))
    }
}
