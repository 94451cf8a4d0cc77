import Foundation
import Traces

/// `compare.html`: the comparison's tables and the two variants' frame-time curves overlaid.
enum ComparisonReport {
    static func render(_ c: Comparison, framesA: URL, framesB: URL) throws -> String {
        func curve(_ url: URL) throws -> [Double] {
            var values: [Double] = []
            try FrameRecord.forEach(in: url) { values.append($0.stages[.app] / 1000) }
            return values
        }
        let a = try curve(framesA), b = try curve(framesB)
        let budget = 1000.0 / Double(max(c.a.runs[0].refreshRate, 1))
        let axis = ChartAxis(upTo: max(budget * 1.5, (a + b).max() ?? 0))   // the budget line always shows
        let top = axis.top
        let count = max(a.count, b.count, 2)
        let left = 56.0, width = 940.0, height = 240.0
        func polyline(_ values: [Double], _ color: String) -> String {
            let points = values.enumerated().map { i, v in
                "\(HTMLReport.format(left + Double(i) / Double(count - 1) * width, 1)),\(HTMLReport.format(height - v / top * height, 1))"
            }
            return "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(points.joined(separator: " "))\"/>"
        }
        let budgetY = height - budget / top * height
        var html = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>uisim compare — \(HTMLReport.escape(c.scene))</title>
        <style>body{font:14px/1.45 -apple-system,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1080px;padding:0 16px;color:#1f2328}
        table{border-collapse:collapse}td,th{padding:4px 12px;border-bottom:1px solid #eaeef2;text-align:right}th:first-child,td:first-child{text-align:left}
        .a{color:#0969da}.b{color:#cf222e}</style></head><body>
        <h1>\(HTMLReport.escape(c.trace)) on <i>\(HTMLReport.escape(c.scene))</i></h1>
        <p><b class="a">A</b> = \(HTMLReport.escape(c.a.label)) · <b class="b">B</b> = \(HTMLReport.escape(c.b.label)) · \(c.a.runs.count) run\(c.a.runs.count == 1 ? "" : "s") each, interleaved\(c.a.deterministic && c.b.deterministic ? "" : " · <b>counters differed between runs</b>")</p>
        <h2>App stage per frame (last run of each)</h2>
        <svg width="1000" height="300" role="img" aria-label="app stage time per frame, A and B" style="background:#f6f8fa"><g transform="translate(0,10)">\(axis.gridSVG(left: left, width: width, height: height, unit: "ms"))\(polyline(a, "#0969da"))\(polyline(b, "#cf222e"))
        <line x1="\(left)" x2="1000" y1="\(HTMLReport.format(budgetY, 1))" y2="\(HTMLReport.format(budgetY, 1))" stroke="#57606a" stroke-dasharray="6 4"/>
        <text x="\(left)" y="256" font-size="11" fill="#57606a">frame 0</text><text x="1000" y="256" font-size="11" text-anchor="end" fill="#57606a">frame \(count - 1)</text>
        <text x="\(left + width / 2)" y="256" font-size="11" text-anchor="middle" fill="#57606a">frame number → (y: app stage time, ms)</text>
        <g font-size="12"><rect x="\(left)" y="268" width="14" height="4" fill="#0969da"/><text x="\(left + 18)" y="274">A: \(HTMLReport.escape(c.a.label))</text>
        <rect x="\(left + 470)" y="268" width="14" height="4" fill="#cf222e"/><text x="\(left + 488)" y="274">B: \(HTMLReport.escape(c.b.label))</text></g>
        <text x="1000" y="\(HTMLReport.format(budgetY - 3, 1))" font-size="10" text-anchor="end" fill="#57606a">budget \(HTMLReport.format(budget, 2)) ms</text></g></svg>
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
}

extension Comparison {
    /// Writes `compare.json` and `compare.html` into `directory`.
    public func write(to directory: URL, framesA: URL, framesB: URL) throws {
        try AtomicFile.write(StableJSON.encode(self, pretty: true), to: directory.appendingPathComponent("compare.json"))
        let html = try ComparisonReport.render(self, framesA: framesA, framesB: framesB)
        try AtomicFile.write(Data(html.utf8), to: directory.appendingPathComponent("compare.html"))
    }
}
