import Foundation

/// `report.html`'s frame chart: each frame's app and render stages stacked (app below, render on
/// top), the frame budget, hitches marked under the bars, the x axis in frame numbers with their
/// vsync times, and a legend. Frames are added one by one (from `frames.jsonl` read as a stream)
/// into at most 1 000 columns, each showing its slowest frame, so any length of replay fits.
///
/// The value axis is scaled to the data, so that frames of 0.03 ms stay readable: it runs to the
/// slowest frame, or to the budget when the slowest frame takes at least half of it; the budget's
/// line shows only when it is in range, and the legend says "budget 16.7 ms (above)" when not.
struct FrameChart {
    /// The plot's left edge, width and height, in SVG units (the page's pixels).
    static let left = 56.0, plotWidth = 940.0, plotHeight = 240.0
    /// The SVG's width.
    static let width = 1000.0
    /// The plot's top: room for the top tick's label.
    static let top = 10.0
    /// The most columns.
    static let maximumColumns = 1000

    /// A column's mark under the plot, by how bad: a frame presented late marks its column with
    /// the stage that was late; a frame whose stages took longer than the budget but was on time
    /// all the same (its stages overlapped the next frame's) marks it as over budget.
    enum Mark: Int, Comparable, CaseIterable {
        case overBudget, renderHitch, commitHitch

        static func < (a: Mark, b: Mark) -> Bool { a.rawValue < b.rawValue }

        init?(_ hitch: FramePipeline.HitchType, total: Double, budget: Double) {
            switch hitch {
            case .commit: self = .commitHitch
            case .render: self = .renderHitch
            case .none:
                guard total > budget else { return nil }
                self = .overBudget
            }
        }

        /// The hitch type it stands for; nil for over budget.
        var hitch: FramePipeline.HitchType? {
            switch self {
            case .commitHitch: .commit
            case .renderHitch: .render
            case .overBudget: nil
            }
        }

        var color: String { hitch.flatMap(ReportPalette.color) ?? ReportPalette.overBudget }

        var label: String {
            switch self {
            case .commitHitch: "commit hitch"
            case .renderHitch: "render hitch"
            case .overBudget: "over budget, no hitch"
            }
        }
    }

    /// A column: its slowest frame (by app + render) and its frames' worst mark.
    struct Column: Equatable {
        /// The slowest frame's stages, ms.
        var app = 0.0, render = 0.0
        /// The slowest frame's number.
        var frame = 0
        var mark: Mark?
        var total: Double { app + render }
    }

    /// A column's bar, in the plot's coordinates (y grows down from the plot's top; both
    /// segments stand on `plotHeight`): a segment of a nonzero time is at least 1 unit high.
    struct Bar: Equatable {
        let x: Double
        let width: Double
        let appHeight: Double
        let renderHeight: Double
        var appY: Double { FrameChart.plotHeight - appHeight }
        var renderY: Double { appY - renderHeight }
    }

    /// The frame budget, ms (1 000 ÷ the refresh rate).
    let budget: Double
    let frameCount: Int
    /// Frames in a column.
    let perColumn: Int
    /// How the render stage's times came about, for the legend ("render stage (estimated)").
    let renderLabel: String
    private(set) var columns: [Column]
    /// The frames the x axis labels, and the vsync times (s) of those seen.
    let xTicks: [Int]
    private(set) var tickTimes: [Int: Double] = [:]
    private var index = 0

    init(frameCount: Int, budget: Double, renderLabel: String = "render stage") {
        self.frameCount = max(frameCount, 0)
        self.budget = budget
        self.renderLabel = renderLabel
        // As few frames to a column as fit, and as many columns as those frames fill.
        perColumn = max(1, Int((Double(frameCount) / Double(Self.maximumColumns)).rounded(.up)))
        let columnCount = max(1, Int((Double(frameCount) / Double(perColumn)).rounded(.up)))
        columns = [Column](repeating: Column(), count: columnCount)
        xTicks = ChartAxis.frameTicks(count: frameCount)
    }

    /// Adds the next frame: its stages in ms, how it was late, its vsync time in seconds.
    mutating func add(app: Double, render: Double, hitch: FramePipeline.HitchType, vsync: Double) {
        let column = min(index / perColumn, columns.count - 1)
        let total = app + render
        if index % perColumn == 0 || total > columns[column].total {
            columns[column].app = app
            columns[column].render = render
            columns[column].frame = index
        }
        if let mark = Mark(hitch, total: total, budget: budget) {
            columns[column].mark = max(columns[column].mark ?? mark, mark)
        }
        if xTicks.contains(index) { tickTimes[index] = vsync }
        index += 1
    }

    /// Adds the next record of `frames.jsonl` (idle vsyncs are not frames, and are left out).
    mutating func add(_ record: FrameRecord) {
        guard record.kind == .frame else { return }
        add(app: record.stages[.app] / 1000, render: record.stages[.render] / 1000, hitch: record.hitchType, vsync: record.vsync)
    }

    /// The slowest column's app + render, ms.
    var largest: Double { columns.map(\.total).max() ?? 0 }

    /// The value axis: to the slowest frame, or to the budget when the slowest frame takes at
    /// least half of it.
    var axis: ChartAxis { Self.valueAxis(largest: largest, budget: budget) }

    /// A value axis for frames up to `largest` ms: to `largest`, or to the budget when `largest`
    /// is at least half of it.
    static func valueAxis(largest: Double, budget: Double) -> ChartAxis {
        ChartAxis(upTo: largest >= budget / 2 ? max(largest, budget) : largest)
    }

    /// Whether the budget's line is in the plot.
    var showsBudget: Bool { budget <= axis.top }

    /// The budget in words: "budget 16.7 ms", with " (above)" when above the plot.
    var budgetLabel: String { Self.budgetLabel(budget, shown: showsBudget) }

    static func budgetLabel(_ budget: Double, shown: Bool) -> String {
        "budget \(HTMLReport.format(budget, 1)) ms" + (shown ? "" : " (above)")
    }

    /// The budget's dashed line across the plot, for an axis that shows it.
    static func budgetLineSVG(_ budget: Double, axis: ChartAxis) -> String {
        let y = HTMLReport.format(plotHeight - budget / axis.top * plotHeight, 1)
        return "<line class=\"budget\" x1=\"\(HTMLReport.format(left, 1))\" x2=\"\(HTMLReport.format(left + plotWidth, 1))\" y1=\"\(y)\" y2=\"\(y)\" stroke=\"\(ReportPalette.budget)\" stroke-dasharray=\"6 4\" stroke-width=\"1.5\"/>"
    }

    /// A column's width in SVG units.
    var columnWidth: Double { Self.plotWidth / Double(columns.count) }

    /// The bar of column `i`.
    func bar(_ i: Int) -> Bar {
        let column = columns[i], top = axis.top
        func height(_ ms: Double) -> Double { ms > 0 ? max(1, ms / top * Self.plotHeight) : 0 }
        return Bar(x: Self.left + Double(i) * columnWidth, width: max(columnWidth - 0.3, 0.6),
                   appHeight: height(column.app), renderHeight: height(column.render))
    }

    /// The x of frame `frame`'s column's middle.
    func x(ofFrame frame: Int) -> Double {
        Self.left + (Double(min(frame / perColumn, columns.count - 1)) + 0.5) * columnWidth
    }

    /// The legend: the stages, the budget, the marks.
    var legend: ChartLegend {
        ChartLegend([
            .init(.box, ReportPalette.color(Stage.app), "app stage"),
            .init(.box, ReportPalette.color(Stage.render), renderLabel),
            .init(showsBudget ? .dashed : .none, ReportPalette.budget, budgetLabel),
            .init(.none, "", "marks under the bars:"),
        ] + Mark.allCases.reversed().map { .init(.box, $0.color, $0.label) },
        width: Self.width - Self.left)
    }

    /// The x axis's rows under the plot: the marks, the frame numbers, their times, the title.
    static let markY = plotHeight + 3, markHeight = 5.0
    static let frameLabelY = plotHeight + 20, timeLabelY = plotHeight + 33, titleY = plotHeight + 50
    static let legendY = plotHeight + 60

    var svg: String {
        let f = { (value: Double, digits: Int) in HTMLReport.format(value, digits) }
        let axis = self.axis
        let legend = self.legend
        let height = Self.top + Self.legendY + legend.height + 6
        var out = "<svg width=\"\(f(Self.width, 0))\" height=\"\(f(height, 0))\" role=\"img\" aria-label=\"app and render stage time per frame\" style=\"background:#f6f8fa\"><g transform=\"translate(0,\(f(Self.top, 0)))\">"
        out += axis.gridSVG(left: Self.left, width: Self.plotWidth, height: Self.plotHeight, unit: "ms")
        let app = ReportPalette.color(Stage.app), render = ReportPalette.color(Stage.render)
        for (i, column) in columns.enumerated() where column.total > 0 || column.mark != nil {
            let bar = bar(i)
            let x = f(bar.x, 2), w = f(bar.width, 2)
            out += "<g><title>frame \(column.frame): app \(f(column.app, 2)) ms + render \(f(column.render, 2)) ms = \(f(column.total, 2)) ms"
                + (column.mark.map { ", \($0.label)" } ?? "") + "</title>"
            if bar.appHeight > 0 {
                out += "<rect x=\"\(x)\" y=\"\(f(bar.appY, 2))\" width=\"\(w)\" height=\"\(f(bar.appHeight, 2))\" fill=\"\(app)\"/>"
            }
            if bar.renderHeight > 0 {
                out += "<rect x=\"\(x)\" y=\"\(f(bar.renderY, 2))\" width=\"\(w)\" height=\"\(f(bar.renderHeight, 2))\" fill=\"\(render)\"/>"
            }
            if let mark = column.mark {
                out += "<rect x=\"\(x)\" y=\"\(f(Self.markY, 1))\" width=\"\(w)\" height=\"\(f(Self.markHeight, 1))\" fill=\"\(mark.color)\"/>"
            }
            out += "</g>"
        }
        if showsBudget { out += Self.budgetLineSVG(budget, axis: axis) }
        out += Self.frameAxisSVG(ticks: xTicks.map { (frame: $0, x: x(ofFrame: $0), time: tickTimes[$0]) },
                                 title: frameCount == 0 ? "no frames" : "frame number (\(frameCount) frames\(perColumn > 1 ? ", each bar the slowest of \(perColumn)" : "")), vsync time below")
        out += legend.svg(left: Self.left, top: Self.legendY)
        return out + "</g></svg>"
    }

    /// An x axis of frames under a plot `plotHeight` high: a tick and the frame number at each
    /// tick, its vsync time (s) below when known, and the axis's title at `titleY`.
    static func frameAxisSVG(ticks: [(frame: Int, x: Double, time: Double?)], title: String, titleY: Double = FrameChart.titleY) -> String {
        let f = { (value: Double, digits: Int) in HTMLReport.format(value, digits) }
        var out = "<g font-size=\"10\" fill=\"\(ReportPalette.axisText)\" text-anchor=\"middle\">"
        for tick in ticks {
            let x = f(tick.x, 1)
            out += "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(f(markY + markHeight, 0))\" y2=\"\(f(markY + markHeight + 4, 0))\" stroke=\"\(ReportPalette.axisText)\"/>"
            out += centeredLabel("\(tick.frame)", at: tick.x, y: frameLabelY, fontSize: 10)
            if let time = tick.time { out += centeredLabel("\(f(time, 2)) s", at: tick.x, y: timeLabelY, fontSize: 10) }
        }
        out += "<text x=\"\(f(left + plotWidth / 2, 1))\" y=\"\(f(titleY, 0))\" font-size=\"11\">\(Markup.escape(title)) →</text>"
        return out + "</g>"
    }

    /// A label centred on `x`, moved in when it would pass the SVG's left or right edge.
    static func centeredLabel(_ text: String, at x: Double, y: Double, fontSize: Double) -> String {
        let half = ChartLegend.textWidth(text, fontSize: fontSize) / 2
        let center = min(max(x, half), width - half)
        return "<text x=\"\(HTMLReport.format(center, 1))\" y=\"\(HTMLReport.format(y, 0))\">\(Markup.escape(text))</text>"
    }
}

/// `report.html`'s histogram of the app stage's time per frame: buckets scaled to the data (a
/// nice step, 1, 2 or 5 × 10ⁿ ms, at most 16 buckets up to the slowest frame), so that frames of
/// 0.03 ms spread over the buckets as frames of 30 ms do; buckets from the budget up are marked.
struct StageHistogram {
    static let left = FrameChart.left, plotWidth = FrameChart.plotWidth, barsHeight = 140.0
    static let maximumBuckets = 16

    /// The buckets' scale: each `step` ms wide, up to `top`.
    let scale: ChartAxis
    let budget: Double
    /// What the values are ("app stage").
    let label: String
    private(set) var counts: [Int]

    /// A histogram for values up to `largest` ms.
    init(largest: Double, budget: Double, label: String = "app stage") {
        scale = ChartAxis(upTo: largest, maximumTicks: Self.maximumBuckets)
        self.budget = budget
        self.label = label
        counts = [Int](repeating: 0, count: max(1, Int((scale.top / scale.step).rounded())))
    }

    /// Counts a frame of `ms`: in the bucket that holds it, the last one for the largest (and
    /// any larger).
    mutating func add(_ ms: Double) {
        let bucket = ms.isFinite ? Int(max(ms, 0) / scale.step) : counts.count - 1
        counts[min(bucket, counts.count - 1)] += 1
    }

    /// The width of a bucket's slot, SVG units.
    var slotWidth: Double { Self.plotWidth / Double(counts.count) }

    /// Whether bucket `i` starts at or above the budget.
    func isOverBudget(_ i: Int) -> Bool { Double(i) * scale.step >= budget }

    var svg: String {
        let f = { (value: Double, digits: Int) in HTMLReport.format(value, digits) }
        let most = max(counts.max() ?? 1, 1)
        let app = ReportPalette.color(Stage.app)
        let base = Self.barsHeight + 20
        var out = "<svg width=\"1000\" height=\"206\" role=\"img\" aria-label=\"histogram of \(Markup.escape(label)) times\"><g font-size=\"10\" text-anchor=\"middle\" fill=\"#1f2328\">"
        for (i, count) in counts.enumerated() {
            let h = Double(count) / Double(most) * Self.barsHeight
            let x = Self.left + Double(i) * slotWidth
            let from = scale.label(Double(i) * scale.step), to = scale.label(Double(i + 1) * scale.step)
            out += "<rect x=\"\(f(x + 2, 2))\" y=\"\(f(base - h, 2))\" width=\"\(f(slotWidth - 4, 2))\" height=\"\(f(h, 2))\" fill=\"\(isOverBudget(i) ? ReportPalette.overBudget : app)\"><title>\(count) frames of \(from)–\(to) ms</title></rect>"
            if count > 0 { out += "<text x=\"\(f(x + slotWidth / 2, 2))\" y=\"\(f(base - h - 4, 2))\">\(count)</text>" }
        }
        out += "<g fill=\"\(ReportPalette.axisText)\">"
        for i in 0...counts.count {
            let x = f(Self.left + Double(i) * slotWidth, 2)
            out += "<line x1=\"\(x)\" x2=\"\(x)\" y1=\"\(f(base, 0))\" y2=\"\(f(base + 4, 0))\" stroke=\"\(ReportPalette.axisText)\"/>"
            out += FrameChart.centeredLabel(scale.label(Double(i) * scale.step), at: Self.left + Double(i) * slotWidth, y: base + 15, fontSize: 10)
        }
        out += "</g>"
        if budget <= scale.top {
            let x = f(Self.left + budget / scale.step * slotWidth, 2)
            out += "<line class=\"budget\" x1=\"\(x)\" x2=\"\(x)\" y1=\"0\" y2=\"\(f(base, 0))\" stroke=\"\(ReportPalette.budget)\" stroke-dasharray=\"6 4\" stroke-width=\"1.5\"/>"
        }
        let budgetNote = budget <= scale.top ? "budget \(f(budget, 1)) ms dashed" : "budget \(f(budget, 1)) ms (above)"
        out += "<text x=\"\(f(Self.left + Self.plotWidth / 2, 1))\" y=\"\(f(base + 32, 0))\" font-size=\"11\" fill=\"\(ReportPalette.axisText)\">\(Markup.escape(label)), ms per frame (buckets of \(scale.label(scale.step)) ms; \(budgetNote)) →</text>"
        return out + "</g></svg>"
    }
}
