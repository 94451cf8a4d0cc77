import Foundation

extension Summary {
    /// The summary as `uisim replay` and `uisim merge` print it on a terminal: what was replayed,
    /// frames, hitches, the stages' percentiles, touches, counters, the first opportunities and
    /// warnings, and `report` (the path of the report or summary written) on its last row.
    public func table(report: String) -> String {
        func row(_ name: String, _ value: String) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0) + value
        }
        func ms(_ micros: Double) -> String { String(format: "%.2f", micros / 1000) }
        func percentiles(_ d: PhaseDistribution) -> String { "\(ms(d.p50)) / \(ms(d.p95)) / \(ms(d.p99)) ms" }
        let st = stages
        let estimated = render == RenderMode.estimated.rawValue
        return [
            "\(trace) on \(scene)\(variant.isEmpty ? "" : " [\(variant)]") — \(device), \(refreshRate) Hz",
            row("frames", "\(frames) (and \(idleVsyncs) idle vsyncs), active \(String(format: "%.2f", activeSeconds)) s of \(String(format: "%.2f", durationSeconds)) s"),
            row("hitches", "\(hitches.total) (\(hitches.commit) commit, \(hitches.render) render), "
                + "hitch time ratio \(String(format: "%.2f", hitchTimeRatio)) ms/s (\(hitchBand), \(hitchBands.rawValue) bands)"),
            row("app stage p50 / p95 / p99", percentiles(st.app)),
            row("  p50 event/layout/display/commit", "\(ms(st[.event].p50)) / \(ms(st[.layout].p50)) / \(ms(st[.display].p50)) / \(ms(st[.commit].p50)) ms"),
            // Only where constraints were at work (the phase's few nanoseconds of checking otherwise).
            counts[.engineSolves] + counts[.updateConstraintsCalls] == 0 ? nil
                : row("  constraints p50 / p95 / p99", percentiles(st[.constraints])),
            row("render stage p50 / p95 / p99", percentiles(st.render) + (estimated ? " (estimated)" : " (cairo, measured)")),
            row("touches", "\(touches.began) began, \(touches.moved) moved, \(touches.ended) ended, \(touches.cancelled) cancelled"),
            counts[.cellForRowCalls] + counts[.cellForItemCalls] + counts[.cellsCreated] == 0 ? nil : row("cells",
                "\(counts[.cellForRowCalls] + counts[.cellForItemCalls]) asked for (cellForRowAt, cellForItemAt), \(counts[.cellsCreated]) created, \(counts[.cellsReused]) reused"),
            counts[.layoutAttributes] == 0 ? nil : row("collection views",
                "\(counts[.layoutAttributes]) layout attributes handed over, \(counts[.supplementaryViews]) supplementary views asked for"),
            row("layouts / draws", "\(counts.layouts) / \(counts.draws) (\(counts.drawnPixels) px drawn)"),
            counts[.textLayouts] + counts[.textLayoutCacheHits] + counts[.glyphsDrawn] == 0 ? nil : row("text",
                "\(counts[.textLayouts]) laid out, \(counts[.textLayoutCacheHits]) from the cache, "
                + "\(counts[.textMeasurements]) measured by the app, \(counts[.glyphsDrawn]) glyphs drawn"),
            st[.text].max == 0 ? nil : row("  text p50 / p95 / p99", percentiles(st[.text]) + " (inside the commit phase)"),
            counts[.imagesDecoded] == 0 ? nil : row("images decoded", "\(counts[.imagesDecoded]) (\(counts[.decodedPixels]) px); "
                + "prepare p50 / p95 / p99 " + percentiles(st[.prepare])),
            row("pixels composited", "\(counts.compositedPixels), of them \(counts.blendedPixels) blended"),
            row("pixels hidden, not composited", "\(counts.occludedPixels) (under opaque layers)"),
            row("offscreen passes", "\(counts.offscreenPasses) (\(counts[.offscreenPixels]) px)"
                + (counts[.rasterHits] + counts[.rasterMisses] > 0 ? ", rasterization \(counts[.rasterHits]) hits / \(counts[.rasterMisses]) misses" : "")),
            row("optimization opportunities", opportunities.isEmpty ? "none" : "\(opportunities.count)"),
            counts[.engineSolves] + counts[.constraintsAdded] == 0 ? nil : row("layout engine",
                "\(counts[.engineSolves]) solves, \(counts[.constraintsAdded]) constraints added, \(counts[.constraintsRemoved]) removed, "
                + "\(counts[.constraintConstantChanges]) constants changed"),
            row("hierarchy warnings", warnings.isEmpty ? "none" : "\(warnings.count)"),
            transitions.map { row("screen transitions", "\($0.count): " + $0.prefix(3).map(\.sentence).joined(separator: "; ")
                + ($0.count > 3 ? "; … (all in summary.json's transitions)" : "")) },
            layoutIssues.map { row("layout issues", "\($0.count) (UIKit's console messages, Auto Layout's and others, in summary.json's layout_issues)") },
            row(report.hasSuffix(".json") ? "summary" : "report", report),
        ].compactMap { $0 }.joined(separator: "\n") + opportunities.prefix(3).map { "\n  opportunity: \($0.sentence)\n    remedy: \($0.remedy)" }.joined()
            + warnings.prefix(5).map { "\n  warning: \($0)" }.joined()
    }

    /// One line for a trace of a batch (`uisim replay` of several traces): frames, hitches, the
    /// stages' 99th percentiles and draws.
    public var oneLine: String {
        "\(trace): \(frames) frames, \(hitches.total) hitches (\(String(format: "%.2f", hitchTimeRatio)) ms/s), "
            + "app p99 \(String(format: "%.2f", stages.app.p99 / 1000)) ms, render p99 \(String(format: "%.2f", stages.render.p99 / 1000)) ms"
            + "\(render == RenderMode.estimated.rawValue ? " (estimated)" : ""), \(counts.draws) draws"
    }
}
