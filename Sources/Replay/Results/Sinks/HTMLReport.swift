import Foundation
import QuartzCore
import Traces

/// `report.html`: one self-contained page (inline SVG, no scripts, no network) with the app and
/// render stages of each frame stacked against the frame budget (`FrameChart`), hitches by type,
/// the stages apart (the render stage labelled estimated when it is), the app stage's histogram
/// (`StageHistogram`), the counters, the hitch bands used, and snapshots of the worst frames.
enum HTMLReport {
    struct Snapshot {
        let frame: FrameRecord
        let png: Data
        let caption: String
    }

    /// Builds the page from the summary and `frames.jsonl`, read back as a stream (no per-frame
    /// chart when the frames went where they cannot be read back, such as a device).
    static func render(summary: Summary, framesFile: URL?, snapshots: [Snapshot]) throws -> String {
        let s = summary
        let budget = 1000.0 / Double(max(s.refreshRate, 1))
        let renderLabel = s.render == RenderMode.estimated.rawValue ? "render stage (estimated)" : "render stage (cairo, measured)"
        var chart = FrameChart(frameCount: s.frames, budget: budget, renderLabel: renderLabel)
        var histogram = StageHistogram(largest: s.stages.app.max / 1000, budget: budget)
        if let framesFile {
            try FrameRecord.forEach(in: framesFile) { frame in
                guard frame.kind == .frame else { return }
                chart.add(frame)
                histogram.add(frame.stages[.app] / 1000)
            }
        }
        let charts = framesFile == nil
            ? "<p class=\"meta\">No chart: the frames went where they cannot be read back.</p>"
            : nil
        let bandColor = ReportPalette.band(severity: s.hitchBands.severity(for: s.hitchTimeRatio))
        let blendedShare = s.counts.compositedPixels > 0 ? Double(s.counts.blendedPixels) / Double(s.counts.compositedPixels) * 100 : 0
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>uisim — \(escape(s.trace)) on \(escape(s.scene))</title>
        <style>
        body{font:14px/1.45 -apple-system,Helvetica,Arial,sans-serif;margin:24px auto;max-width:1080px;color:#1f2328;padding:0 16px}
        h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
        .meta{color:#57606a} .cards{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
        .card{border:1px solid #d0d7de;border-radius:8px;padding:10px 14px;min-width:140px}
        .card b{display:block;font-size:20px} .band{color:#fff;border-radius:12px;padding:2px 10px;font-weight:600}
        table{border-collapse:collapse} td,th{padding:4px 12px;border-bottom:1px solid #eaeef2;text-align:right}
        th:first-child,td:first-child{text-align:left} .snaps{display:flex;gap:16px;flex-wrap:wrap}
        .snaps figure{margin:0;width:240px} .snaps img{width:240px;border:1px solid #d0d7de} figcaption{color:#57606a;font-size:12px}
        </style></head><body>
        <h1>\(escape(s.trace)) on <i>\(escape(s.scene))</i></h1>
        <div class="meta">\(escape(s.device)) · \(s.refreshRate) Hz · \(s.frames) frames and \(s.idleVsyncs) idle vsyncs · active \(format(s.activeSeconds, 2)) s of \(format(s.durationSeconds, 2)) s\(s.variant.isEmpty ? "" : " · " + escape(s.variant))\(s.interrupted ? " · <b>interrupted</b>" : "")</div>
        <div class="cards">
        <div class="card">hitch time ratio<b>\(format(s.hitchTimeRatio, 2)) ms/s</b><span class="band" style="background:\(bandColor)">\(escape(s.hitchBand))</span></div>
        <div class="card">hitches<b>\(s.hitches.total)</b>\(s.hitches.commit) commit, \(s.hitches.render) render, of \(s.frames) frames</div>
        <div class="card">app stage p50<b>\(format(s.stages.app.p50 / 1000, 2)) ms</b>p95 \(format(s.stages.app.p95 / 1000, 2)) · p99 \(format(s.stages.app.p99 / 1000, 2)) ms</div>
        <div class="card">\(renderLabel) p50<b>\(format(s.stages.render.p50 / 1000, 2)) ms</b>p95 \(format(s.stages.render.p95 / 1000, 2)) · p99 \(format(s.stages.render.p99 / 1000, 2)) ms</div>
        <div class="card">draws<b>\(s.counts.draws)</b>\(group(s.counts.drawnPixels)) px drawn</div>
        <div class="card">blended<b>\(format(blendedShare, 1)) %</b>of composited pixels</div>
        <div class="card">occluded<b>\(group(s.counts.occludedPixels))</b>pixels skipped</div>
        </div>
        <h2>Time per frame: app and render stages</h2>
        \(charts ?? chart.svg)
        <p class="meta">Hitch time ratio: hitch time per second of active time (from an interaction's first frame to its last frame on screen). \(escape(s.hitchBands.summary)).</p>
        <h2>Stages</h2>
        \(phaseTable(s))
        <h2>App-stage histogram</h2>
        \(charts ?? histogram.svg)
        <h2>Counters</h2>
        \(countersTable(s))
        """
        if !s.opportunities.isEmpty {
            html += "<h2>Optimization opportunities</h2><p class=\"meta\">Layers that made the render server render offscreen first, "
                + "costliest first (as Xcode's view debugger lists them; render cost estimated by the device's model).</p><ol>"
                + s.opportunities.map { "<li>\(codeSpans($0.sentence))<br><span class=\"meta\">Remedy: \(escape($0.remedy))</span></li>" }.joined()
                + "</ol>"
        }
        if let transitions = s.transitions {
            html += "<h2>Screen transitions</h2><p class=\"meta\">Each push, pop, presentation, dismissal and tab switch, "
                + "from the frame that began it to the one that ended it; a commit hitch there is most often the incoming screen's first layout and draw.</p>"
                + "<table><tr><th>transition</th><th>screen</th><th>outcome</th><th>start</th><th>frames</th><th>duration</th><th>hitches (commit / render)</th><th>hitch time</th></tr>"
                + transitions.map { t in
                    "<tr><td>\(escape(t.kind))</td><td><code>\(escape(t.screen))</code></td><td>\(escape(t.outcome))</td>"
                        + "<td>\(format(t.startS, 3)) s</td><td>\(t.frames)</td><td>\(format(t.durationS * 1000, 1)) ms</td>"
                        + "<td>\(t.hitches.total) (\(t.hitches.commit) / \(t.hitches.render))</td><td>\(format(t.hitchTimeMs, 1)) ms</td></tr>"
                }.joined() + "</table>"
        }
        if let issues = s.layoutIssues {
            html += "<h2>Layout issues</h2><p>What Auto Layout reported, as UIKit logs it.</p>"
                + issues.map { "<pre>\(escape($0))</pre>" }.joined()
        }
        if !s.warnings.isEmpty {
            html += "<h2>Hierarchy warnings</h2><ul>" + s.warnings.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        if !snapshots.isEmpty {
            html += "<h2>Worst frames</h2><p class=\"meta\">With Simulator's overlays: blended pixels red, opaque (copied) green; misaligned magenta, stretched yellow.</p><div class=\"snaps\">"
            for snap in snapshots {
                html += "<figure><img alt=\"frame \(snap.frame.frame)\" src=\"data:image/png;base64,\(snap.png.base64EncodedString())\"><figcaption>\(escape(snap.caption))</figcaption></figure>"
            }
            html += "</div>"
        }
        html += "<p class=\"meta\">uisim · schema \(s.schema) · times measured, counts exact</p></body></html>\n"
        return html
    }

    /// `text` escaped, its `backquoted` parts as code.
    static func codeSpans(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset % 2 == 1 ? "<code>\(escape(String($0.element)))</code>" : escape(String($0.element)) }.joined()
    }

    private static func phaseTable(_ s: Summary) -> String {
        let estimated = s.render == RenderMode.estimated.rawValue
        let phases: [Stage] = [.event, .constraints, .layout, .display, .prepare, .commit]
        let total = max(phases.reduce(0) { $0 + s.stages[$1].mean }, 1e-9)
        var bar = "<svg width=\"1000\" height=\"26\" role=\"img\" aria-label=\"mean time per phase of the app stage\">"
        var x = 0.0
        for stage in phases {
            let w = s.stages[stage].mean / total * 1000
            bar += "<rect x=\"\(format(x, 1))\" y=\"2\" width=\"\(format(w, 1))\" height=\"22\" fill=\"\(ReportPalette.color(stage))\"><title>\(stage.rawValue): \(format(s.stages[stage].mean, 1)) µs mean</title></rect>"
            if w > 60 { bar += "<text x=\"\(format(x + 4, 1))\" y=\"18\" fill=\"#fff\" font-size=\"12\">\(stage.rawValue)</text>" }
            x += w
        }
        bar += "</svg>"
        var table = "<table><tr><th>stage</th><th>p50 µs</th><th>p90 µs</th><th>p95 µs</th><th>p99 µs</th><th>max µs</th><th>mean µs</th></tr>"
        for stage in Stage.allCases {
            let d = s.stages[stage]
            let name = stage == .app ? "<b>app stage</b> (main thread)"
                : stage == .render ? "<b>render stage</b> (render server\(estimated ? ", estimated" : ", measured")"
                : "&nbsp;&nbsp;\(stage.rawValue.replacingOccurrences(of: "_", with: " "))"
            table += "<tr><td>\(name)</td><td>\(format(d.p50, 1))</td><td>\(format(d.p90, 1))</td><td>\(format(d.p95, 1))</td><td>\(format(d.p99, 1))</td><td>\(format(d.max, 1))</td><td>\(format(d.mean, 1))</td></tr>"
        }
        return bar + table + "</table>"
    }

    private static func countersTable(_ s: Summary) -> String {
        var table = "<table><tr><td>touches began / moved / ended / cancelled</td><td>\(s.touches.began) / \(s.touches.moved) / \(s.touches.ended) / \(s.touches.cancelled)</td></tr>"
        for counter in Counter.summed {
            table += "<tr><td>\(counter.label)</td><td>\(group(s.counts[counter]))</td></tr>"
        }
        table += "<tr><td>backing-store bytes, peak</td><td>\(group(s.backingStoreBytesPeak))</td></tr>"
        return table + "</table>"
    }

    static func escape(_ text: String) -> String {
        Markup.escape(text)
    }

    static func format(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    static func group(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "\u{2009}" }
            out.append(ch)
        }
        return (value < 0 ? "-" : "") + out
    }
}
