import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import UIKit
import Support

/// The `feed` scene: a table view of 300 rows in a view controller, as an iOS app builds one:
/// cells dequeued and reused as they scroll, each a rounded card with a shadow holding an avatar
/// image, a title, a subtitle and a custom-drawn chart. A tap selects a row (the card shows the
/// selection color while the finger is on it and after); with `pulse-on-tap` its card also
/// pulses for a second (grows 6 % and back: Core Animation animates it, or with
/// `display-link-animation` the main thread sets its transform every frame).
enum FeedScene {
    static let scene = Scene(
        name: "feed",
        summary: "A table view of 300 reused cells, each a rounded card with a shadow: avatar, two labels, a custom-drawn chart.",
        variants: [
            .init(name: "opaque", summary: "rows, labels and charts opaque on solid white (off: transparent, blended)"),
            .init(name: "degrade-while-scrolling",
                  summary: "while scrolling, charts draw at low quality without their costly parts; full redraw when it stops"),
            .init(name: "system-views", summary: "rows composed of UILabel and UIImageView (off: one draw(_:) per row)", defaultValue: true),
            .init(name: "shadow-path", summary: "the cards' shadows have a shadowPath (off: cast from the cards' alpha, an offscreen pass each)"),
            .init(name: "corner-clip",
                  summary: "cards clip their content with masksToBounds and round the avatar with a mask layer (off: cornerRadius on the background only, content kept inside)"),
            .init(name: "rasterize", summary: "each card (its shadow and content) is rasterized: rendered once, reused while on screen"),
            .init(name: "live-content", summary: "each card shows a progress bar that follows the scroll position (content that changes every frame)"),
            .init(name: "auto-layout",
                  summary: "cells laid out with constraints, activated once when a cell is made, constants changed on configure (off: a hand-written layoutSubviews; the same frames)"),
            .init(name: "constraint-churn",
                  summary: "with auto-layout (implied): each configure deactivates all of a cell's constraints and activates new ones"),
            .init(name: "pulse-on-tap", summary: "a tapped card pulses for a second, growing 6 % and back (UIView.animate: the render server runs it)"),
            .init(name: "display-link-animation",
                  summary: "with pulse-on-tap (implied): the pulse is driven from the main thread, a display link setting the card's transform every frame"),
            .init(name: "header", summary: "a 91 pt title bar over the top of the list, opaque white (the rows scroll under it)"),
            .init(name: "blurred-header",
                  summary: "with header (implied): the bar blurs the rows scrolling under it (UIVisualEffectView, .systemMaterial: an offscreen pass each frame they move)"),
        ]
    ) { settings in
        FeedViewController(style: FeedStyle(settings))
    }
}

/// How the feed's rows are built and drawn.
struct FeedStyle {
    let opaque: Bool
    let degradesWhileScrolling: Bool
    let systemViews: Bool
    let shadowPath: Bool
    let cornerClip: Bool
    let rasterize: Bool
    let liveContent: Bool
    /// Cells laid out with constraints instead of `layoutSubviews` (implied by `constraintChurn`).
    let autoLayout: Bool
    /// Each configure replaces all of a cell's constraints with new ones.
    let constraintChurn: Bool
    /// A tapped card pulses (implied by `displayLinkAnimation`).
    let pulsesOnTap: Bool
    /// A tapped card's pulse is driven by a display link on the main thread.
    let displayLinkAnimation: Bool
    /// A title bar over the top of the list (implied by `blurredHeader`).
    let header: Bool
    /// The bar blurs what scrolls under it instead of being opaque.
    let blurredHeader: Bool

    init(_ settings: Scene.Settings) {
        opaque = settings.isOn("opaque")
        degradesWhileScrolling = settings.isOn("degrade-while-scrolling")
        systemViews = settings.isOn("system-views")
        shadowPath = settings.isOn("shadow-path")
        cornerClip = settings.isOn("corner-clip")
        rasterize = settings.isOn("rasterize")
        liveContent = settings.isOn("live-content")
        constraintChurn = settings.isOn("constraint-churn")
        autoLayout = constraintChurn || settings.isOn("auto-layout")
        displayLinkAnimation = settings.isOn("display-link-animation")
        pulsesOnTap = displayLinkAnimation || settings.isOn("pulse-on-tap")
        blurredHeader = settings.isOn("blurred-header")
        header = blurredHeader || settings.isOn("header")
    }
}

/// The screen: a table view of `rowCount` rows of `rowHeight` points, its data source and
/// delegate. Rows are dequeued by reuse identifier (made on a miss, as an app that does not
/// register its cell class does: a row's style is not known to an initializer UIKit calls).
final class FeedViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    static let rowCount = 300
    static let rowHeight: CGFloat = 88
    static let reuseIdentifier = "FeedRow"
    let style: FeedStyle
    private(set) var tableView: UITableView!
    /// Whether rows draw their cheap version (only with the degrade variant, while scrolling).
    private(set) var degraded = false
    /// Rows redrawn in full quality when scrolling stopped, in order (for tests).
    private(set) var restoredRows: [Int] = []
    private let avatars: [UIImage]

    init(style: FeedStyle) {
        self.style = style
        avatars = (0..<8).map(Self.avatar)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: .plain)
        table.backgroundColor = FeedRow.background
        table.rowHeight = Self.rowHeight
        table.alwaysBounceVertical = true
        // Full-bleed from the window's top, as this scene has been measured since before uisim
        // adjusted insets for the safe area (the advice's figures and the schema-3 fixtures):
        // UIKit's default (.automatic) would start the content 47 pt down, under the status bar.
        table.contentInsetAdjustmentBehavior = .never
        // And no scroll indicators (UIKit shows them): their bar would change the published figures.
        table.showsVerticalScrollIndicator = false
        table.showsHorizontalScrollIndicator = false
        // Nor separators, drawn since: the published figures were measured without their hairlines
        // (the style stays .singleLine, so self-sizing rows keep the line's height as before).
        table.separatorColor = nil
        table.register(FeedCell.self, forCellReuseIdentifier: Self.reuseIdentifier)
        table.dataSource = self
        table.delegate = self
        tableView = table
        guard style.header else {
            view = table
            return
        }
        // A bar as tall as a navigation bar under the status bar (47 + 44 pt on an iPhone 14);
        // the rows start below it and scroll under it.
        let container = UIView(frame: UIScreen.main.bounds)
        container.addSubview(table)
        let bar = UIVisualEffectView(effect: style.blurredHeader ? UIBlurEffect(style: .systemMaterial) : nil)
        bar.frame = CGRect(x: 0, y: 0, width: container.bounds.width, height: Self.headerHeight)
        bar.autoresizingMask = [.flexibleWidth]
        if !style.blurredHeader { bar.backgroundColor = .white }
        let title = UILabel(frame: CGRect(x: 0, y: 47, width: bar.bounds.width, height: 44))
        title.text = "Feed"
        title.font = .systemFont(ofSize: 17, weight: .semibold)
        title.textAlignment = .center
        title.autoresizingMask = [.flexibleWidth]
        bar.contentView.addSubview(title)
        container.addSubview(bar)
        table.contentInset.top = Self.headerHeight
        table.contentOffset.y = -Self.headerHeight
        view = container
    }

    /// The header's height: the status bar's and a navigation bar's.
    static let headerHeight: CGFloat = 91

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { Self.rowCount }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.reuseIdentifier, for: indexPath) as! FeedCell
        let row = cell.row(style)
        row.cardWidth = tableView.bounds.width - 2 * FeedRow.cardInset.width
        row.configure(index: indexPath.row, avatar: avatars[indexPath.row % avatars.count], degraded: degraded)
        if style.autoLayout { cell.configureConstraints(churn: style.constraintChurn) }
        return cell
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        if style.liveContent { (cell as? FeedCell)?.content?.progress = progress(ofRow: indexPath.row) }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard style.liveContent else { return }
        // Each card's bar follows the scroll position: it changes in every scrolling frame.
        for row in rows { row.progress = progress(ofRow: row.index) }
    }

    /// The rows on screen, in order.
    private var rows: [FeedRow] { tableView.visibleCells.compactMap { ($0 as? FeedCell)?.content } }

    private func progress(ofRow index: Int) -> CGFloat {
        (tableView.contentOffset.y / 600 + CGFloat(index % 7) / 7).truncatingRemainder(dividingBy: 1)
    }

    // MARK: A tapped card pulses

    /// How long a pulse lasts, and how much a card grows at its height.
    static let pulseDuration = 1.0, pulseScale: CGFloat = 1.06

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        guard style.pulsesOnTap, let row = (tableView.cellForRow(at: indexPath) as? FeedCell)?.content else { return }
        pulse(row)
    }

    /// Grows `view` by 6 % and back over a second, ease in-out each way.
    private func pulse(_ view: UIView) {
        let grown = CGAffineTransform(scaleX: Self.pulseScale, y: Self.pulseScale)
        guard style.displayLinkAnimation, let loop = EventRunLoop.current else {
            // Committed once; the render server animates it (there and back), and the model is
            // put back when it ends.
            UIView.animate(withDuration: Self.pulseDuration / 2, delay: 0, options: [.autoreverse, .allowUserInteraction],
                           animations: { view.transform = grown }, completion: { _ in view.transform = .identity })
            return
        }
        // Driven from the main thread: the transform set, laid out and committed every frame.
        var start: TimeInterval?
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        let link = CADisplayLink { link in
            let begin = start ?? link.timestamp
            start = begin
            let t = (link.targetTimestamp - begin) / Self.pulseDuration
            guard t < 1 else {
                view.transform = .identity
                link.invalidate()
                return
            }
            let there = t < 0.5 ? t * 2 : (1 - t) * 2
            let s = 1 + (Self.pulseScale - 1) * CGFloat(curve.value(at: there))
            view.transform = CGAffineTransform(scaleX: s, y: s)
        }
        link.add(to: loop, forMode: .common)
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
        for row in rows where row.restoreFullQuality() { restoredRows.append(row.index) }
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

/// The feed's cell: its content view holds the row, made with the feed's style the first time
/// the cell is configured (a registered cell class is made by UIKit's initializer, which knows
/// nothing of the style).
final class FeedCell: UITableViewCell {
    private(set) var content: FeedRow?
    /// With `auto-layout`: the cell's constraints, all active (the row's in its content view and
    /// the row's own).
    private(set) var activeConstraints: [NSLayoutConstraint] = []

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        selectionStyle = .none   // the card shows the selection, not a background view
        backgroundColor = nil
        isOpaque = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    /// The row, made on first use.
    func row(_ style: FeedStyle) -> FeedRow {
        if let content { return content }
        let row: FeedRow = style.systemViews ? ComposedRow(style: style) : DrawnRow(style: style)
        if style.autoLayout {
            row.translatesAutoresizingMaskIntoConstraints = false
        } else {
            row.frame = contentView.bounds
            row.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        contentView.addSubview(row)
        content = row
        return row
    }

    /// With `auto-layout`, after the row is configured: the constraints are made and activated
    /// once, when the cell is made; then the row's configure changes their constants (only those
    /// that differ reach the engine). With `churn`, every configure deactivates them all and
    /// activates new ones instead (the mistake WWDC 2018's session 220 warns of).
    func configureConstraints(churn: Bool) {
        guard let content else { return }
        if !activeConstraints.isEmpty {
            guard churn else { return }
            NSLayoutConstraint.deactivate(activeConstraints)
        }
        activeConstraints = [
            content.leadingAnchor.constraint(equalTo: contentView.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: contentView.trailingAnchor),
            content.topAnchor.constraint(equalTo: contentView.topAnchor),
            content.bottomAnchor.constraint(equalTo: contentView.bottomAnchor),
        ] + content.makeConstraints()
        NSLayoutConstraint.activate(activeConstraints)
    }

    override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        showSelection()
    }

    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        showSelection()
    }

    private func showSelection() {
        content?.isSelected = isSelected || isHighlighted
    }
}

/// A row of the feed: a card inset in the row, with rounded corners and a shadow (the look of
/// today's lists), holding the row's content.
class FeedRow: UIView {
    let style: FeedStyle
    var index = 0
    var degraded = false
    var data: [CGFloat] = []
    /// The card: rounded, shadowed, white.
    let card: UIView
    /// Where the content goes: the card, or (with `corner-clip`) a view inside it that clips to
    /// the rounded corners.
    let content: UIView
    /// A colored strip along the card's left edge (reaching into the corners only when clipped).
    let strip = UIView()
    /// The live-content bar (with `live-content`).
    let bar = UIView()

    static let cornerRadius: CGFloat = 12
    /// The card's inset in the row.
    static let cardInset = CGSize(width: 12, height: 6)
    /// The card's width (the table's less the insets), for the live-content bar's length with
    /// `auto-layout`: set by the controller before each configure.
    var cardWidth: CGFloat = 0
    /// With `auto-layout` and `live-content`: the bar's width, a constant set from the progress.
    private var barWidth: NSLayoutConstraint?
    static let background = UIColor(white: 0.93, alpha: 1)

    init(style: FeedStyle, card: UIView) {
        self.style = style
        self.card = card
        content = style.cornerClip ? CardContentView() : card
        super.init(frame: .zero)
        isOpaque = style.opaque
        backgroundColor = style.opaque ? Self.background : nil
        card.backgroundColor = .white
        card.layer.cornerRadius = Self.cornerRadius
        card.layer.shadowOpacity = 0.2
        card.layer.shadowRadius = 4
        card.layer.shadowOffset = CGSize(width: 0, height: 2)
        if style.rasterize {
            card.layer.shouldRasterize = true
            card.layer.rasterizationScale = UIScreen.main.scale
        }
        addSubview(card)
        if style.cornerClip {
            content.layer.cornerRadius = Self.cornerRadius
            content.layer.masksToBounds = true
            card.addSubview(content)
        }
        content.addSubview(strip)
        if style.liveContent {
            bar.backgroundColor = UIColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 1)
            content.addSubview(bar)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    static let selectionColor = UIColor(red: 0.82, green: 0.9, blue: 1, alpha: 1)

    /// Whether the row shows the selection color (its cell is highlighted or selected).
    var isSelected = false {
        didSet {
            guard isSelected != oldValue else { return }
            card.backgroundColor = isSelected ? Self.selectionColor : .white
            selectionDidChange()
        }
    }

    func selectionDidChange() {}

    /// The live-content bar's length, 0...1.
    var progress: CGFloat = 0 {
        didSet {
            guard progress != oldValue else { return }
            if style.autoLayout { barWidth?.constant = barLength } else { setNeedsLayout() }
        }
    }

    /// The live-content bar's length: the card's width less 180 pt, times the progress.
    private var barLength: CGFloat { max(0, (cardWidth - 180) * progress) }

    /// With `auto-layout`: the row's views placed by constraints rather than by `layoutSubviews`
    /// (the same frames), their `translatesAutoresizingMaskIntoConstraints` turned off.
    func usesConstraints(_ views: [UIView]) {
        for view in views { view.translatesAutoresizingMaskIntoConstraints = false }
    }

    /// With `auto-layout`: the constraints that give the row's views the frames `layoutSubviews`
    /// gives them by hand, new each call (not yet active). Subclasses add their views'.
    func makeConstraints() -> [NSLayoutConstraint] {
        usesConstraints([card, strip] + (style.cornerClip ? [content] : []) + (style.liveContent ? [bar] : []))
        let inset = Self.cardInset, strip = style.cornerClip ? 0 : Self.cornerRadius
        var made = [
            card.leadingAnchor.constraint(equalTo: leadingAnchor, constant: inset.width),
            card.trailingAnchor.constraint(equalTo: trailingAnchor, constant: -inset.width),
            card.topAnchor.constraint(equalTo: topAnchor, constant: inset.height),
            card.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -inset.height),
            // Clipped, the strip runs the card's full height and the corners cut it; otherwise it
            // stays clear of the corners.
            self.strip.leadingAnchor.constraint(equalTo: content.leadingAnchor),
            self.strip.widthAnchor.constraint(equalToConstant: 4),
            self.strip.topAnchor.constraint(equalTo: content.topAnchor, constant: strip),
            self.strip.bottomAnchor.constraint(equalTo: content.bottomAnchor, constant: -strip),
        ]
        if style.cornerClip {
            made += [content.leadingAnchor.constraint(equalTo: card.leadingAnchor), content.trailingAnchor.constraint(equalTo: card.trailingAnchor),
                     content.topAnchor.constraint(equalTo: card.topAnchor), content.bottomAnchor.constraint(equalTo: card.bottomAnchor)]
        }
        if style.liveContent {
            let width = bar.widthAnchor.constraint(equalToConstant: barLength)
            barWidth = width
            made += [bar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 80),
                     bar.topAnchor.constraint(equalTo: content.bottomAnchor, constant: -8),
                     bar.heightAnchor.constraint(equalToConstant: 3), width]
        }
        return made
    }

    override func layoutSubviews() {
        if style.autoLayout {
            super.layoutSubviews()   // UIView's: the engine's frames
            if style.shadowPath {
                card.layer.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: Self.cornerRadius).cgPath
            }
            return
        }
        card.frame = bounds.insetBy(dx: Self.cardInset.width, dy: Self.cardInset.height)
        if style.shadowPath {
            card.layer.shadowPath = UIBezierPath(roundedRect: card.bounds, cornerRadius: Self.cornerRadius).cgPath
        }
        if style.cornerClip { content.frame = card.bounds }
        let h = card.bounds.height
        // Clipped, the strip runs the card's full height and the corners cut it; otherwise it
        // stays clear of the corners.
        strip.frame = style.cornerClip ? CGRect(x: 0, y: 0, width: 4, height: h)
            : CGRect(x: 0, y: Self.cornerRadius, width: 4, height: h - 2 * Self.cornerRadius)
        bar.frame = CGRect(x: 80, y: h - 8, width: max(0, (card.bounds.width - 180) * progress), height: 3)
    }

    func configure(index: Int, avatar: UIImage, degraded: Bool) {
        self.index = index
        self.degraded = degraded
        strip.backgroundColor = UIColor(hue: CGFloat(index % 8) / 8, saturation: 0.7, brightness: 0.9, alpha: 1)
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

    init(style: FeedStyle) {
        chart = ChartView(opaque: style.opaque)
        super.init(style: style, card: CardView())
        avatar.contentMode = .scaleAspectFill
        if style.cornerClip {
            // The avatar rounded by a mask layer (the costly way), not by its round image alone.
            let circle = CAShapeLayer()
            circle.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 56, height: 56)).cgPath
            circle.frame = CGRect(x: 0, y: 0, width: 56, height: 56)
            avatar.layer.mask = circle
        }
        titleLabel.font = .boldSystemFont(ofSize: 16)
        subtitleLabel.font = .systemFont(ofSize: 13)
        subtitleLabel.textColor = .darkGray
        for label in [titleLabel, subtitleLabel] {
            label.isOpaque = style.opaque
            label.backgroundColor = style.opaque ? .white : nil
        }
        for view in [avatar, titleLabel, subtitleLabel, chart] as [UIView] { content.addSubview(view) }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

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

    override func makeConstraints() -> [NSLayoutConstraint] {
        usesConstraints([avatar, titleLabel, subtitleLabel, chart])
        return super.makeConstraints() + [
            avatar.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 14),
            avatar.topAnchor.constraint(equalTo: content.topAnchor, constant: 10),
            avatar.widthAnchor.constraint(equalToConstant: 56),
            avatar.heightAnchor.constraint(equalToConstant: 56),
            titleLabel.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 80),
            titleLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -100),
            titleLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 12),
            titleLabel.heightAnchor.constraint(equalToConstant: 22),
            subtitleLabel.leadingAnchor.constraint(equalTo: content.leadingAnchor, constant: 80),
            subtitleLabel.trailingAnchor.constraint(equalTo: content.trailingAnchor, constant: -100),
            subtitleLabel.topAnchor.constraint(equalTo: content.topAnchor, constant: 38),
            subtitleLabel.heightAnchor.constraint(equalToConstant: 20),
            chart.leadingAnchor.constraint(equalTo: content.trailingAnchor, constant: -96),
            chart.topAnchor.constraint(equalTo: content.topAnchor, constant: 14),
            chart.widthAnchor.constraint(equalToConstant: 84),
            chart.heightAnchor.constraint(equalToConstant: 48),
        ]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard !style.autoLayout else { return }
        let w = card.bounds.width
        avatar.frame = CGRect(x: 14, y: 10, width: 56, height: 56)
        titleLabel.frame = CGRect(x: 80, y: 12, width: w - 80 - 100, height: 22)
        subtitleLabel.frame = CGRect(x: 80, y: 38, width: w - 80 - 100, height: 20)
        chart.frame = CGRect(x: w - 96, y: 14, width: 84, height: 48)
    }
}

/// A row's card: its class names the layer in optimization opportunities, as Xcode names it.
final class CardView: UIView {}

/// The view inside a card that clips the content to the rounded corners (with `corner-clip`).
final class CardContentView: UIView {}

/// The custom-drawn chart of a composed row.
final class ChartView: UIView {
    var data: [CGFloat] = []
    var degraded = false

    init(opaque: Bool) {
        super.init(frame: .zero)
        isOpaque = opaque
        backgroundColor = opaque ? .white : nil
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        FeedRow.drawChart(data, in: bounds.insetBy(dx: 2, dy: 2), degraded: degraded, context: context)
    }
}

/// A row whose card draws its whole content in one `draw(_:)`: avatar, texts and chart.
final class DrawnRow: FeedRow {
    private var image: UIImage?
    private let canvas: Canvas

    /// The view that draws: the card itself, or (with `corner-clip`) a view in the clipping view.
    final class Canvas: UIView {
        weak var row: DrawnRow?
        override func draw(_ rect: CGRect) {
            row?.drawContent(in: bounds)
        }
    }

    init(style: FeedStyle) {
        let card = style.cornerClip ? CardView() : Canvas()
        canvas = (card as? Canvas) ?? Canvas()
        super.init(style: style, card: card)
        canvas.contentMode = .redraw
        canvas.row = self
        if style.cornerClip {
            canvas.backgroundColor = .white
            content.insertSubview(canvas, at: 0)
        }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func makeConstraints() -> [NSLayoutConstraint] {
        guard canvas !== card else { return super.makeConstraints() }
        usesConstraints([canvas])
        return super.makeConstraints() + [
            canvas.leadingAnchor.constraint(equalTo: content.leadingAnchor), canvas.trailingAnchor.constraint(equalTo: content.trailingAnchor),
            canvas.topAnchor.constraint(equalTo: content.topAnchor), canvas.bottomAnchor.constraint(equalTo: content.bottomAnchor),
        ]
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if canvas !== card, !style.autoLayout { canvas.frame = content.bounds }
    }

    override func selectionDidChange() {
        if canvas !== card { canvas.backgroundColor = card.backgroundColor }
    }

    override func configure(index: Int, avatar: UIImage, degraded: Bool) {
        super.configure(index: index, avatar: avatar, degraded: degraded)
        image = avatar
        canvas.setNeedsDisplay()
    }

    override func restoreFullQuality() -> Bool {
        guard degraded else { return false }
        degraded = false
        canvas.setNeedsDisplay()
        return true
    }

    func drawContent(in bounds: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.interpolationQuality = degraded ? .low : .high
        image?.draw(in: CGRect(x: 14, y: 10, width: 56, height: 56))
        title.draw(in: CGRect(x: 80, y: 12, width: bounds.width - 80 - 100, height: 22),
                   withAttributes: [.font: UIFont.boldSystemFont(ofSize: 16), .foregroundColor: UIColor.black])
        subtitle.draw(in: CGRect(x: 80, y: 38, width: bounds.width - 80 - 100, height: 20),
                      withAttributes: [.font: UIFont.systemFont(ofSize: 13), .foregroundColor: UIColor.darkGray])
        FeedRow.drawChart(data, in: CGRect(x: bounds.width - 94, y: 16, width: 80, height: 44), degraded: degraded, context: context)
    }
}
