import Foundation
@testable import Replay
import RunLoop
import Testing

/// report.html's frame chart and histogram, compare.html's chart and the legends: the numbers
/// below are worked out by hand from the plot's size (940 × 240 SVG units from x = 56).
@Suite struct ReportChartTests {
    static let budget60 = 1000.0 / 60

    /// `count` frames of `app` and `render` ms, on time, a vsync apart.
    static func chart(_ frames: [(app: Double, render: Double, hitch: FramePipeline.HitchType)], budget: Double = budget60) -> FrameChart {
        var chart = FrameChart(frameCount: frames.count, budget: budget, renderLabel: "render stage (estimated)")
        for (i, frame) in frames.enumerated() {
            chart.add(app: frame.app, render: frame.render, hitch: frame.hitch, vsync: Double(i) / 60)
        }
        return chart
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// An app stage of 0.03 ms under an estimated render stage of 4 ms: the axis runs to 5 ms
    /// (steps of 1 ms, as 4.03 ÷ 8 rounds up to 1), not to the budget; each bar is 1.44 units of
    /// app (0.03 ÷ 5 × 240) under 192 of render (4 ÷ 5 × 240); the budget's line is not drawn and
    /// the legend says it is above.
    @Test func aTinyAppStageUnderTheRenderStageIsReadable() {
        let chart = Self.chart(Array(repeating: (0.03, 4, .none), count: 4))
        #expect(chart.axis.step == 1 && chart.axis.top == 5)
        #expect(!chart.showsBudget && chart.budgetLabel == "budget 16.7 ms (above)")
        #expect(chart.columns.count == 4 && chart.perColumn == 1)
        let bar = chart.bar(0)
        #expect(bar.x == 56 && Self.close(bar.width, 234.7))
        #expect(Self.close(bar.appHeight, 1.44) && Self.close(bar.renderHeight, 192))
        #expect(Self.close(bar.appY, 238.56) && Self.close(bar.renderY, 46.56))
        #expect(Self.close(chart.bar(3).x, 56 + 3 * 235))
        let svg = chart.svg
        #expect(svg.contains("<rect x=\"56.00\" y=\"238.56\" width=\"234.70\" height=\"1.44\" fill=\"#0969da\"/>"))
        #expect(svg.contains("<rect x=\"56.00\" y=\"46.56\" width=\"234.70\" height=\"192.00\" fill=\"#6cb6ff\"/>"))
        #expect(!svg.contains("class=\"budget\"") && svg.contains(">budget 16.7 ms (above)</text>"))
        #expect(svg.contains(">app stage</text>") && svg.contains(">render stage (estimated)</text>"))
        #expect(svg.contains(">5 ms</text>") && !svg.contains(">6 ms</text>"))
        // On time and within budget: no marks under the bars.
        #expect(chart.columns.allSatisfy { $0.mark == nil } && !svg.contains("y=\"243.0\""))
    }

    /// Frames that reach half the budget or more: the axis runs to the budget or beyond (18 ms
    /// gives steps of 5 up to 20), the budget's line is at 240 − 16.67 ÷ 20 × 240 = 40; a commit
    /// hitch and a frame over budget but on time are marked under their bars.
    @Test func theBudgetShowsWhenTheFramesComeNearIt() {
        let chart = Self.chart([(2, 8, .none), (12, 6, .commit), (10, 8, .none), (1, 2, .render)])
        #expect(chart.axis.step == 5 && chart.axis.top == 20 && chart.showsBudget)
        #expect(chart.budgetLabel == "budget 16.7 ms")
        let first = chart.bar(0), second = chart.bar(1)
        #expect(Self.close(first.appHeight, 24) && Self.close(first.renderHeight, 96))
        #expect(Self.close(second.appHeight, 144) && Self.close(second.renderHeight, 72) && Self.close(second.renderY, 24))
        #expect(chart.columns.map(\.mark) == [nil, .commitHitch, .overBudget, .renderHitch])
        let svg = chart.svg
        #expect(svg.contains("class=\"budget\" x1=\"56.0\" x2=\"996.0\" y1=\"40.0\" y2=\"40.0\""))
        #expect(svg.contains("<rect x=\"291.00\" y=\"243.0\" width=\"234.70\" height=\"5.0\" fill=\"#cf222e\"/>"))
        #expect(svg.contains("<rect x=\"526.00\" y=\"243.0\" width=\"234.70\" height=\"5.0\" fill=\"#bf8700\"/>"))
        #expect(svg.contains("<rect x=\"761.00\" y=\"243.0\" width=\"234.70\" height=\"5.0\" fill=\"#8250df\"/>"))
        // Just under half the budget (8 < 8.33 ms): scaled to the data, 0 to 8 ms.
        let low = Self.chart([(1, 7, .none)])
        #expect(low.axis.top == 8 && !low.showsBudget)
        // At 120 Hz the budget is 8.3 ms: 10 ms frames show it (steps of 2 up to 10).
        let fast = Self.chart([(2, 8, .none)], budget: 1000.0 / 120)
        #expect(fast.axis.top == 10 && fast.showsBudget && fast.budgetLabel == "budget 8.3 ms")
    }

    /// A long replay: 2 500 frames go 3 to a column, so 834 columns fill the plot's width (not
    /// 1 000 columns of which the last 166 stay empty); each shows its slowest frame by app +
    /// render, and its worst mark.
    @Test func manyFramesShareColumnsShowingTheirSlowest() {
        var frames = Array(repeating: (app: 1.0, render: 1.0, hitch: FramePipeline.HitchType.none), count: 2500)
        frames[3] = (0.5, 4, .none)    // column 1: the slowest by app + render, though its app is the least
        frames[4] = (2, 0, .render)
        frames[2499] = (3, 3, .none)
        let chart = Self.chart(frames)
        #expect(chart.perColumn == 3 && chart.columns.count == 834)
        #expect(chart.columns[1] == FrameChart.Column(app: 0.5, render: 4, frame: 3, mark: .renderHitch))
        #expect(chart.columns[833] == FrameChart.Column(app: 3, render: 3, frame: 2499, mark: nil))
        #expect(Self.close(chart.bar(833).x + 940.0 / 834, 996))
        #expect(chart.svg.contains("(2500 frames, each bar the slowest of 3), vsync time below"))
    }

    /// The x axis: frame numbers in round steps, with their vsync times, under their columns.
    @Test func theXAxisIsLabelled() {
        #expect(ChartAxis.frameTicks(count: 205) == [0, 50, 100, 150, 200])
        #expect(ChartAxis.frameTicks(count: 3) == [0, 1, 2])
        #expect(ChartAxis.frameTicks(count: 1) == [0] && ChartAxis.frameTicks(count: 0).isEmpty)
        let chart = Self.chart(Array(repeating: (0.5, 4, .none), count: 205))
        #expect(chart.xTicks == [0, 50, 100, 150, 200])
        // Frame 50 is column 50 of 205: its middle at 56 + 50.5 × 940 ÷ 205.
        #expect(Self.close(chart.x(ofFrame: 50), 56 + 50.5 * 940 / 205))
        #expect(chart.tickTimes[100].map { Self.close($0, 100.0 / 60) } == true)
        let svg = chart.svg
        #expect(svg.contains(">50</text>") && svg.contains(">1.67 s</text>") && svg.contains("frame number (205 frames), vsync time below →"))
        // The last label is moved in rather than cut off at the right edge.
        let edge = Self.chart(Array(repeating: (0.5, 4, .none), count: 201))
        #expect(edge.svg.contains("<text x=\"\(HTMLReport.format(1000 - ChartLegend.textWidth("3.33 s", fontSize: 10) / 2, 1))\" y=\"273\">3.33 s</text>"))
    }

    /// The histogram's buckets follow the data: app stages of at most 0.03 ms give 15 buckets of
    /// 0.002 ms (0.03 ÷ 16 rounds up to 0.002), not one bucket of 4.2 ms.
    @Test func histogramBucketsAreScaledToTheData() {
        var histogram = StageHistogram(largest: 0.03, budget: Self.budget60)
        #expect(Self.close(histogram.scale.step, 0.002) && Self.close(histogram.scale.top, 0.03))
        #expect(histogram.counts.count == 15)
        for ms in [0.005, 0.013, 0.03, 0.03, 0.031] { histogram.add(ms) }
        #expect(histogram.counts[2] == 1 && histogram.counts[6] == 1 && histogram.counts[14] == 3)
        #expect(histogram.counts.reduce(0, +) == 5)
        let svg = histogram.svg
        // The fullest bucket is 140 units high, standing on y = 160; the first holding 1 of 3, 46.67.
        #expect(svg.contains("y=\"20.00\" width=\"58.67\" height=\"140.00\""))
        #expect(svg.contains("height=\"46.67\""))
        #expect(svg.contains(">0.002</text>") && svg.contains("buckets of 0.002 ms; budget 16.7 ms (above)"))
        #expect(!svg.contains("class=\"budget\""))
        // Slow frames: buckets of 5 ms up to 40, those from the budget on marked.
        var slow = StageHistogram(largest: 38, budget: Self.budget60)
        #expect(slow.scale.step == 5 && slow.counts.count == 8)
        slow.add(17)
        #expect(slow.counts[3] == 1 && !slow.isOverBudget(3) && slow.isOverBudget(4))
        #expect(slow.svg.contains("class=\"budget\""))
    }

    /// Legend entries: a box or line 14 wide, a gap of 5, the label (each character's estimated
    /// width × the font size), 18 between entries; a new line when the next would pass the edge.
    @Test func legendEntriesAreLaidOutByTheirWidths() {
        #expect(ChartLegend.textWidth("ab", fontSize: 12) == 2 * 0.66 * 12)
        #expect(ChartLegend.textWidth("Wi", fontSize: 10) == 10 + 4)
        let legend = ChartLegend([
            .init(.box, "#000", "ab"),          // 14 + 5 + 15.84 = 34.84
            .init(.line, "#000", "abcdefgh"),   // 19 + 63.36 = 82.36: from 52.84 to 135.2, past 100
            .init(.none, "", "abc"),            // 23.76, no swatch: from 100.36, past 100 too
        ], width: 100)
        let p = legend.placements
        #expect(p[0].x == 0 && p[0].y == 0 && Self.close(p[0].width, 34.84))
        #expect(p[1].x == 0 && p[1].y == 17 && Self.close(p[1].width, 82.36))
        #expect(p[2].y == 34 && p[2].x == 0)
        #expect(legend.height == 51)
    }

    /// Long labels (a comparison's variants) wrap, within the width, and no two entries overlap.
    @Test func legendEntriesNeverOverlapOrClip() {
        let variants = "corner-clip=on degrade-while-scrolling=off live-content=off opaque=off rasterize=off shadow-path=off system-views=on"
        let labels = ["A: \(variants)", "B: \(variants.replacingOccurrences(of: "off", with: "on"))", "app + render stages", "app stage",
                      "budget 16.7 ms (above)", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "écran 画面 📱", "x"]
        for width in [944.0, 500, 240, 120] {
            let legend = ChartLegend(labels.map { .init(.line, "#000", $0) }, width: width)
            #expect(Self.noOverlaps(legend), "width \(width)")
            for p in legend.placements {
                #expect(p.x >= 0 && p.x + p.width <= width + 1e-9, "\(p.lines) at \(width)")
                // Every character kept, in order (a line broken inside a word loses no space).
                #expect(p.lines.joined().filter { $0 != " " } == p.entry.label.filter { $0 != " " }, "\(p.lines)")
                for line in p.lines { #expect(ChartLegend.textWidth(line, fontSize: 12) <= width - 19 + 1e-9) }
            }
            #expect(legend.height >= (legend.placements.map { $0.y + Double($0.lines.count) * legend.lineHeight }.max() ?? 0))
        }
        // At 944 units the variants' labels each take a line of their own; short entries share one.
        let wide = ChartLegend(labels.prefix(5).map { .init(.line, "#000", $0) }, width: 944)
        #expect(wide.placements.map(\.y) == [0, 17, 34, 34, 34] && wide.placements.allSatisfy { $0.lines.count == 1 })
    }

    /// Whether the entries' boxes (x range × their lines) are apart.
    static func noOverlaps(_ legend: ChartLegend) -> Bool {
        let boxes = legend.placements.map { (x: $0.range, y: $0.y ..< $0.y + Double($0.lines.count) * legend.lineHeight) }
        for i in boxes.indices {
            for j in boxes.indices where j > i {
                if boxes[i].x.overlaps(boxes[j].x) && boxes[i].y.overlaps(boxes[j].y) { return false }
            }
        }
        return true
    }

    /// compare.html's chart: idle vsyncs left out, the axis scaled to the data, the legend under
    /// the axis and inside the SVG, however long the labels.
    @Test func theComparisonChartFitsItsLegend() throws {
        let long = String(repeating: "shadow-path=off ", count: 12).trimmingCharacters(in: .whitespaces)
        let a = ComparisonReport.Curve(app: [0.03, 0.03, 0.03], total: [4.03, 4.03, 4.03])
        let b = ComparisonReport.Curve(app: [0.02, 0.02, 0.02], total: [1.02, 1.02, 1.02])
        let svg = ComparisonReport.chartSVG(a: a, b: b, labelA: long, labelB: "opaque=on", budget: Self.budget60)
        #expect(!svg.contains("class=\"budget\"") && svg.contains(">budget 16.7 ms (above)</text>"))
        // 4.03 ms on an axis to 5: y = 240 − 4.03 ÷ 5 × 240 = 46.56; three frames at x 56, 526, 996.
        #expect(svg.contains("points=\"56.0,46.6 526.0,46.6 996.0,46.6\""))
        #expect(svg.contains(">A: shadow-path=off"))
        // Every text's baseline within the SVG's height (less the plot's offset of 10), and the
        // long label on two lines.
        let height = try #require(Double(Self.attribute("height", in: svg)))
        let baselines = Self.textBaselines(svg)
        #expect(!baselines.isEmpty && baselines.allSatisfy { $0 + 10 <= height - 2 })
        #expect(svg.components(separatedBy: "shadow-path=off").count - 1 == 12)
        #expect(svg.contains(">frame number (A 3 frames, B 3) →</text>"))
    }

    /// compare.html reads frames.jsonl's frames, not its idle vsyncs.
    @Test func theComparisonCurveLeavesIdleVsyncsOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pipeline = FramePipeline(grid: VsyncGrid(rate: 60))
        var stages = FrameRecord.Stages()
        stages[.app] = 30
        stages[.render] = 4000
        let frame = FrameRecord(frame: 0, mode: "", timeline: pipeline.schedule(start: 0, appDuration: 0.00003, renderDuration: 0.004),
                                stages: stages, counts: .init(), touches: .init())
        let idle = FrameRecord(idleVsyncs: 3, vsync: 0, frame: 0, touches: .init())
        let url = folder.appendingPathComponent("frames.jsonl")
        try Data((idle.jsonLine + "\n" + frame.jsonLine + "\n" + idle.jsonLine + "\n").utf8).write(to: url)
        let curve = try ComparisonReport.Curve(framesFile: url)
        #expect(curve.app == [0.03] && curve.total == [4.03])
    }

    /// Colours come from typed values: the band's severity from the ratio and the band set, a
    /// mark's from the hitch type.
    @Test func coloursComeFromTypedValues() {
        #expect([4.9, 5, 9.9, 10, 1000].map { HitchBands.wwdc2020.severity(for: $0) } == [0, 1, 1, 3, 3])
        #expect([10, 10.5, 25, 25.5, 50, 51].map { HitchBands.organizer.severity(for: $0) } == [0, 1, 1, 2, 2, 3])
        #expect([4.9, 5, 10].map { HitchBands.wwdc2020.band(for: $0) } == ["good", "warning", "critical"])
        #expect([10, 25, 50, 51].map { HitchBands.organizer.band(for: $0) } == ["≤ 10 ms/s", "10–25 ms/s", "25–50 ms/s", "> 50 ms/s"])
        #expect(ReportPalette.band(severity: HitchBands.wwdc2020.severity(for: 12)) == "#cf222e")
        #expect(ReportPalette.band(severity: HitchBands.wwdc2020.severity(for: 1)) == "#1a7f37")
        #expect(FrameChart.Mark(.commit, total: 1, budget: 16) == .commitHitch)
        #expect(FrameChart.Mark(.none, total: 17, budget: 16) == .overBudget && FrameChart.Mark(.none, total: 15, budget: 16) == nil)
        #expect(FrameChart.Mark.commitHitch.color == ReportPalette.color(FramePipeline.HitchType.commit))
        #expect(FrameChart.Mark.renderHitch.color == ReportPalette.color(FramePipeline.HitchType.render))
        #expect(ReportPalette.color(FramePipeline.HitchType.none) == nil)
        #expect(ReportPalette.color(Stage.app) != ReportPalette.color(Stage.render))
    }

    static func attribute(_ name: String, in svg: String) -> String {
        guard let start = svg.range(of: " \(name)=\"") else { return "" }
        return String(svg[start.upperBound...].prefix { $0 != "\"" })
    }

    /// The y of every `<text>` in `svg`.
    static func textBaselines(_ svg: String) -> [Double] {
        svg.components(separatedBy: "<text ").dropFirst().compactMap { Double(attribute("y", in: " " + $0)) }
    }
}
