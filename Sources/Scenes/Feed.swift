import Foundation
import Geometry
import Graphics
import Views

/// The `feed` scene: a list of 300 rows in a scroll view, rows reused as they scroll (a small
/// table view), each with an avatar image, a title, a subtitle and a custom-drawn chart. A tap
/// selects a row, as in a table view: it keeps a selection color until another is selected.
enum FeedScene {
    static let scene = Scene(
        name: "feed",
        summary: "300 reused rows in a scroll view: avatar, two labels, a custom-drawn chart.",
        variants: [
            .init(name: "opaque", summary: "rows, labels and charts opaque on solid white (off: transparent, blended)"),
            .init(name: "degrade-while-scrolling",
                  summary: "while scrolling, charts draw at low quality without their costly parts; full redraw when it stops"),
            .init(name: "system-views", summary: "rows composed of UILabel and UIImageView (off: one draw(_:) per row)", defaultValue: true),
        ]
    ) { window, settings in
        let feed = FeedView(frame: window.bounds, style: FeedStyle(settings))
        feed.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(feed)
    }
}

/// How the feed's rows are built and drawn.
struct FeedStyle {
    let opaque: Bool
    let degradesWhileScrolling: Bool
    let systemViews: Bool

    init(_ settings: Scene.Settings) {
        opaque = settings.isOn("opaque")
        degradesWhileScrolling = settings.isOn("degrade-while-scrolling")
        systemViews = settings.isOn("system-views")
    }
}

/// The list: a scroll view that lays out the visible rows in `layoutSubviews`, taking rows off
/// screen back into a pool and reusing them for rows coming on screen.
final class FeedView: UIScrollView, UIScrollViewDelegate {
    static let rowCount = 300
    static let rowHeight: CGFloat = 88
    let style: FeedStyle
    private var visible: [Int: FeedRow] = [:]
    private var pool: [FeedRow] = []
    /// Whether rows draw their cheap version (only with the degrade variant, while scrolling).
    private(set) var degraded = false
    /// Rows redrawn in full quality when scrolling stopped, in order (for tests).
    private(set) var restoredRows: [Int] = []
    /// The selected row, if any.
    private(set) var selectedRow: Int?
    private let avatars: [UIImage]

    init(frame: CGRect, style: FeedStyle) {
        self.style = style
        avatars = (0..<8).map(Self.avatar)
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.93, alpha: 1)
        contentSize = CGSize(width: frame.width, height: CGFloat(Self.rowCount) * Self.rowHeight)
        alwaysBounceVertical = true
        delegate = self
    }

    override func layoutSubviews() {
        let first = max(0, Int((contentOffset.y / Self.rowHeight).rounded(.down)))
        let last = min(Self.rowCount - 1, Int(((contentOffset.y + bounds.height) / Self.rowHeight).rounded(.down)))
        guard first <= last else { return }
        for (index, row) in visible where index < first || index > last {
            row.isHidden = true
            pool.append(row)
            visible[index] = nil
        }
        for index in first...last where visible[index] == nil {
            let row: FeedRow
            if let reused = pool.popLast() {
                row = reused
                row.isHidden = false
            } else {
                row = style.systemViews ? ComposedRow(style: style) : DrawnRow(style: style)
                addSubview(row)
            }
            row.frame = CGRect(x: 0, y: CGFloat(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
            row.configure(index: index, avatar: avatars[index % avatars.count], degraded: degraded)
            row.isSelected = index == selectedRow
            visible[index] = row
        }
    }

    /// Selects row `index` (a tap on it), deselecting the one before.
    func select(_ index: Int) {
        if let old = selectedRow { visible[old]?.isSelected = false }
        selectedRow = index
        visible[index]?.isSelected = true
    }

    // MARK: Degrading while scrolling

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        guard style.degradesWhileScrolling else { return }
        degraded = true
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { scrollingStopped() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        scrollingStopped()
    }

    /// Scrolling stopped: every visible row that drew cheaply redraws once in full.
    private func scrollingStopped() {
        guard degraded else { return }
        degraded = false
        for index in visible.keys.sorted() where visible[index]!.restoreFullQuality() { restoredRows.append(index) }
    }

    /// A round avatar with a gradient, 60 × 60 pt at @3x (drawn once, shown scaled by the rows).
    static func avatar(_ index: Int) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 3
        return UIGraphicsImageRenderer(size: CGSize(width: 60, height: 60), format: format).image { ctx in
            let hue = CGFloat(index) / 8
            let gradient = CGGradient(colorsSpace: nil, colors: [UIColor(hue: hue, saturation: 0.6, brightness: 1, alpha: 1).cgColor,
                                                                 UIColor(hue: hue, saturation: 0.9, brightness: 0.6, alpha: 1).cgColor],
                                      locations: [0, 1])!
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 60, height: 60)).addClip()
            ctx.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 60, y: 60), options: [])
            "\(index + 1)".draw(at: CGPoint(x: 24, y: 20), withAttributes: [.font: UIFont.boldSystemFont(ofSize: 18), .foregroundColor: UIColor.white])
        }
    }
}

/// A row of the feed.
class FeedRow: UIView {
    let style: FeedStyle
    var index = 0
    var degraded = false
    var data: [CGFloat] = []

    init(style: FeedStyle) {
        self.style = style
        super.init(frame: .zero)
        isOpaque = style.opaque
        backgroundColor = style.opaque ? .white : nil
    }

    static let selectionColor = UIColor(red: 0.82, green: 0.9, blue: 1, alpha: 1)

    /// Whether the row is the selected one: it shows the selection color.
    var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            backgroundColor = isSelected ? Self.selectionColor : (style.opaque ? .white : nil)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        (superview as? FeedView)?.select(index)
    }

    func configure(index: Int, avatar: UIImage, degraded: Bool) {
        self.index = index
        self.degraded = degraded
        var generator = SeededGenerator(seed: UInt64(index) &+ 1)
        data = (0..<24).map { _ in CGFloat.random(in: 0...1, using: &generator) }
    }

    /// Redraws the costly parts at full quality (after scrolling stopped) if they were drawn
    /// cheaply; says whether it did.
    func restoreFullQuality() -> Bool { false }

    var title: String { "Row \(index + 1) — Quarterly figures" }
    var subtitle: String { "Updated \(index % 12 + 1) min ago · \(Int(data.reduce(0, +) * 100)) pts" }

    /// The chart: a filled sparkline. In full quality: a gradient fill, 24 points smoothed and a
    /// stroke with round joins; degraded: a plain polyline of 6 points.
    static func drawChart(_ data: [CGFloat], in rect: CGRect, degraded: Bool, context: CGContext) {
        let points = degraded ? stride(from: 0, to: data.count, by: 4).map { data[$0] } : data
        guard points.count > 1 else { return }
        func point(_ i: Int) -> CGPoint {
            CGPoint(x: rect.minX + rect.width * CGFloat(i) / CGFloat(points.count - 1), y: rect.maxY - rect.height * points[i])
        }
        if !degraded {
            let fill = CGMutablePath()
            fill.move(to: CGPoint(x: rect.minX, y: rect.maxY))
            for i in points.indices { fill.addLine(to: point(i)) }
            fill.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            fill.closeSubpath()
            context.saveGState()
            context.addPath(fill)
            context.clip()
            let gradient = CGGradient(colorsSpace: nil, colors: [UIColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.6).cgColor,
                                                                 UIColor(red: 0.2, green: 0.5, blue: 1, alpha: 0.05).cgColor], locations: [0, 1])!
            context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: rect.minY), end: CGPoint(x: 0, y: rect.maxY), options: [])
            context.restoreGState()
        }
        context.setStrokeColor(UIColor(red: 0.1, green: 0.35, blue: 0.9, alpha: 1).cgColor)
        context.setLineWidth(degraded ? 1 : 2)
        context.setLineJoin(degraded ? .miter : .round)
        context.beginPath()
        context.move(to: point(0))
        for i in 1..<points.count { context.addLine(to: point(i)) }
        context.strokePath()
    }
}

/// A row composed of system views: an image view, two labels, and a chart view that draws.
final class ComposedRow: FeedRow {
    let avatar = UIImageView()
    let titleLabel = UILabel(), subtitleLabel = UILabel()
    let chart: ChartView

    override init(style: FeedStyle) {
        chart = ChartView(opaque: style.opaque)
        super.init(style: style)
        avatar.contentMode = .scaleAspectFill
        titleLabel.font = .boldSystemFont(ofSize: 16)
        subtitleLabel.font = .systemFont(ofSize: 13)
        subtitleLabel.textColor = .darkGray
        for label in [titleLabel, subtitleLabel] {
            label.isOpaque = style.opaque
            label.backgroundColor = style.opaque ? .white : nil
        }
        for view in [avatar, titleLabel, subtitleLabel, chart] as [UIView] { addSubview(view) }
    }

    override func configure(index: Int, avatar image: UIImage, degraded: Bool) {
        super.configure(index: index, avatar: image, degraded: degraded)
        avatar.image = image
        titleLabel.text = title
        subtitleLabel.text = subtitle
        chart.data = data
        chart.degraded = degraded
        chart.setNeedsDisplay()
    }

    override func restoreFullQuality() -> Bool {
        guard chart.degraded else { return false }
        chart.degraded = false
        chart.setNeedsDisplay()
        return true
    }

    override func layoutSubviews() {
        avatar.frame = CGRect(x: 16, y: 16, width: 56, height: 56)
        titleLabel.frame = CGRect(x: 84, y: 18, width: bounds.width - 84 - 112, height: 22)
        subtitleLabel.frame = CGRect(x: 84, y: 46, width: bounds.width - 84 - 112, height: 20)
        chart.frame = CGRect(x: bounds.width - 104, y: 20, width: 88, height: 48)
    }
}

/// The custom-drawn chart of a composed row.
final class ChartView: UIView {
    var data: [CGFloat] = []
    var degraded = false

    init(opaque: Bool) {
        super.init(frame: .zero)
        isOpaque = opaque
        backgroundColor = opaque ? .white : nil
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        FeedRow.drawChart(data, in: bounds.insetBy(dx: 2, dy: 2), degraded: degraded, context: context)
    }
}

/// A row drawn whole in one `draw(_:)`: avatar, texts and chart.
final class DrawnRow: FeedRow {
    private var image: UIImage?

    override init(style: FeedStyle) {
        super.init(style: style)
        contentMode = .redraw
    }

    override func configure(index: Int, avatar: UIImage, degraded: Bool) {
        super.configure(index: index, avatar: avatar, degraded: degraded)
        image = avatar
        setNeedsDisplay()
    }

    override func restoreFullQuality() -> Bool {
        guard degraded else { return false }
        degraded = false
        setNeedsDisplay()
        return true
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.interpolationQuality = degraded ? .low : .high
        image?.draw(in: CGRect(x: 16, y: 16, width: 56, height: 56))
        title.draw(in: CGRect(x: 84, y: 18, width: bounds.width - 84 - 112, height: 22),
                   withAttributes: [.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.black])
        subtitle.draw(in: CGRect(x: 84, y: 46, width: bounds.width - 84 - 112, height: 20),
                      withAttributes: [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.darkGray])
        FeedRow.drawChart(data, in: CGRect(x: bounds.width - 102, y: 22, width: 84, height: 44), degraded: degraded, context: context)
    }
}
