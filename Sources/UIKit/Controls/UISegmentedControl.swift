import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// Segments side by side, one selected, as UIKit's `UISegmentedControl` (iOS 13 and later): 32 pt
/// tall; every segment as wide as the widest one's content plus 9 pt each side (at least 16), with
/// 1 pt between segments; the selection a white (dark: grey) plate inset 2 pt in a
/// `tertiarySystemFill` track of radius 8; titles 13 pt, semibold when selected. A touch lifted
/// on another enabled segment selects it and sends `.valueChanged` (the selected one again sends
/// nothing); setting `selectedSegmentIndex` sends nothing. A momentary control shows no selection
/// after the touch. uisim draws it (`draw(_:)`) rather than composing layers, and the selection
/// jumps instead of sliding.
open class UISegmentedControl: UIControl {
    /// `selectedSegmentIndex` when no segment is selected.
    public static let noSegment = -1

    private struct Segment {
        var title: String?
        var image: UIImage?
        var width: CGFloat = 0
        var isEnabled = true
        var action: UIAction?
    }

    private var segments: [Segment] = []

    /// The selected segment, or `noSegment` (-1, the default) until one is pressed or set.
    open var selectedSegmentIndex = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex < -1 || selectedSegmentIndex >= segments.count { selectedSegmentIndex = Self.noSegment }
            if selectedSegmentIndex != oldValue { setNeedsDisplay() }
        }
    }

    /// Whether a press only flashes its segment instead of keeping it selected.
    open var isMomentary = false

    /// Whether segments take widths in proportion to their content (false: all the widest's).
    open var apportionsSegmentWidthsByContent = false {
        didSet { layoutDidChange() }
    }

    /// The selected plate's colour (nil: white, or grey in dark mode).
    open var selectedSegmentTintColor: UIColor? {
        didSet { setNeedsDisplay() }
    }

    private var titleAttributes: [UIControl.State.RawValue: [NSAttributedString.Key: Any]] = [:]

    /// The segment being pressed, while a touch is down.
    private var pressed: Int?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// A control with a segment per item: a `String` is a title, a `UIImage` an image (UIKit's
    /// designated initializer, sized to fit its segments).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        isOpaque = false
        contentMode = .redraw
        for item in items ?? [] {
            if let title = item as? String { segments.append(Segment(title: title)) }
            else if let image = item as? UIImage { segments.append(Segment(image: image)) }
        }
        frame.size = intrinsicContentSize
    }

    /// A control with a segment per action (its title and image), the action run when it is
    /// selected (iOS 14).
    public convenience init(frame: CGRect, actions: [UIAction]) {
        self.init(frame: frame)
        segments = actions.map { Segment(title: $0.title, image: $0.image, action: $0) }
        if frame.size == .zero { self.frame.size = intrinsicContentSize }
    }

    /// From a document (`<segmentedControl>`): the inspector's settings, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UISegmentedControl.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { titleForSegment(at: selectedSegmentIndex) }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .adjustable : [.adjustable, .notEnabled] }

    // MARK: Segments

    open var numberOfSegments: Int { segments.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: title), at: min(max(segment, 0), segments.count))
        layoutDidChange()
    }

    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        segments.insert(Segment(image: image), at: min(max(segment, 0), segments.count))
        layoutDidChange()
    }

    open func insertSegment(action: UIAction, at segment: Int, animated: Bool) {
        segments.insert(Segment(title: action.title, image: action.image, action: action), at: min(max(segment, 0), segments.count))
        layoutDidChange()
    }

    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex >= segments.count || selectedSegmentIndex == segment { selectedSegmentIndex = Self.noSegment }
        layoutDidChange()
    }

    open func removeAllSegments() {
        segments = []
        selectedSegmentIndex = Self.noSegment
        layoutDidChange()
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].title = title
        segments[segment].image = nil
        layoutDidChange()
    }

    open func titleForSegment(at segment: Int) -> String? {
        segments.indices.contains(segment) ? segments[segment].title : nil
    }

    open func setImage(_ image: UIImage?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].image = image
        segments[segment].title = nil
        layoutDidChange()
    }

    open func imageForSegment(at segment: Int) -> UIImage? {
        segments.indices.contains(segment) ? segments[segment].image : nil
    }

    /// A width of the segment's own (0: the control decides).
    open func setWidth(_ width: CGFloat, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].width = max(0, width)
        layoutDidChange()
    }

    open func widthForSegment(at segment: Int) -> CGFloat {
        segments.indices.contains(segment) ? segments[segment].width : 0
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment].isEnabled = enabled
        setNeedsDisplay()
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        segments.indices.contains(segment) ? segments[segment].isEnabled : false
    }

    /// Attributes of the titles in `state` (`.normal` or `.selected`): a font or a colour.
    open func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: UIControl.State) {
        titleAttributes[state.rawValue] = attributes
        layoutDidChange()
    }

    open func titleTextAttributes(for state: UIControl.State) -> [NSAttributedString.Key: Any]? {
        titleAttributes[state.rawValue]
    }

    private func layoutDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    // MARK: Geometry

    static let height: CGFloat = 32, padding: CGFloat = 9, divider: CGFloat = 1, cornerRadius: CGFloat = 8, plateInset: CGFloat = 2

    private func font(selected: Bool) -> UIFont {
        let attributes = titleAttributes[selected ? UIControl.State.selected.rawValue : UIControl.State.normal.rawValue]
        return attributes?[.font] as? UIFont ?? .systemFont(ofSize: 13, weight: selected ? .semibold : .regular)
    }

    /// A segment's content width (its title in the wider of its two fonts, or its image).
    private func contentWidth(_ segment: Segment) -> CGFloat {
        if let title = segment.title {
            return max(title.size(withAttributes: [.font: font(selected: false)]).width,
                       title.size(withAttributes: [.font: font(selected: true)]).width)
        }
        return segment.image?.size.width ?? 0
    }

    /// The width a segment wants: its content and 9 pt each side, at least 2 × the corner radius.
    private func idealWidth(_ segment: Segment) -> CGFloat {
        segment.width > 0 ? segment.width : max(contentWidth(segment) + 2 * Self.padding, 2 * Self.cornerRadius)
    }

    /// Every segment as wide as the widest (or its own, apportioned or set), with 1 pt between.
    open override var intrinsicContentSize: CGSize {
        guard !segments.isEmpty else { return CGSize(width: 0, height: Self.height) }
        let scale = (window?.screen ?? UIScreen.main).scale
        let widest = segments.filter { $0.width == 0 }.map(idealWidth).max() ?? 0
        let widths = segments.map { $0.width > 0 ? $0.width : (apportionsSegmentWidthsByContent ? idealWidth($0) : widest) }
        let total = widths.reduce(0, +) + Self.divider * CGFloat(segments.count - 1)
        return CGSize(width: total.ceiledToPixel(scale: scale), height: Self.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The segments' rectangles across the bounds: fixed widths kept, the rest sharing what is
    /// left (equally, or by content when apportioned).
    func segmentFrames() -> [CGRect] {
        guard !segments.isEmpty else { return [] }
        let available = bounds.width - Self.divider * CGFloat(segments.count - 1)
        let fixed = segments.reduce(0) { $0 + $1.width }
        let flexible = segments.filter { $0.width == 0 }
        let weights = flexible.map { apportionsSegmentWidthsByContent ? idealWidth($0) : 1 }
        let weightSum = max(weights.reduce(0, +), .leastNonzeroMagnitude)
        var frames: [CGRect] = []
        var x = bounds.minX, flexibleIndex = 0
        for segment in segments {
            let width: CGFloat
            if segment.width > 0 {
                width = segment.width
            } else {
                width = max(0, available - fixed) * weights[flexibleIndex] / weightSum
                flexibleIndex += 1
            }
            frames.append(CGRect(x: x, y: bounds.minY, width: width, height: bounds.height))
            x += width + Self.divider
        }
        return frames
    }

    private func segment(at point: CGPoint) -> Int? {
        let frames = segmentFrames()
        guard bounds.insetBy(dx: -UIControl.trackingSlack, dy: -UIControl.trackingSlack).contains(point) else { return nil }
        // Between or beyond the segments, the nearest one.
        return frames.indices.min { abs(frames[$0].midX - point.x) < abs(frames[$1].midX - point.x) }
    }

    // MARK: Touches

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        pressed = segment(at: touch.location(in: self))
        setNeedsDisplay()
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let now = segment(at: touch.location(in: self))
        if now != pressed { pressed = now; setNeedsDisplay() }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        defer { pressed = nil; setNeedsDisplay() }
        guard let touch, let index = segment(at: touch.location(in: self)), segments[index].isEnabled else { return }
        guard index != selectedSegmentIndex || isMomentary else { return }
        selectedSegmentIndex = index
        segments[index].action.map { $0.handler($0) }
        sendActions(for: .valueChanged)
    }

    open override func cancelTracking(with event: UIEvent?) {
        pressed = nil
        setNeedsDisplay()
    }

    // MARK: Drawing

    open override func draw(_ rect: CGRect) {
        UIColor.tertiarySystemFill.setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: Self.cornerRadius).fill()
        let frames = segmentFrames()
        let shown = isMomentary ? pressed : (selectedSegmentIndex >= 0 ? selectedSegmentIndex : nil)
        if let shown, frames.indices.contains(shown) {
            let plate = frames[shown].insetBy(dx: Self.plateInset, dy: Self.plateInset)
            let dark = traitCollection.userInterfaceStyle == .dark
            (selectedSegmentTintColor ?? (dark ? UIColor(red: 0x63 / 255.0, green: 0x63 / 255.0, blue: 0x66 / 255.0, alpha: 1) : .white)).setFill()
            UIBezierPath(roundedRect: plate, cornerRadius: Self.cornerRadius - Self.plateInset).fill()
        }
        // Dividers between segments neither of which is selected.
        UIColor.systemFill.setFill()
        for i in frames.indices.dropLast() where i != shown && i + 1 != shown {
            UIBezierPath(rect: CGRect(x: frames[i].maxX, y: bounds.minY + 8, width: Self.divider, height: bounds.height - 16)).fill()
        }
        for (i, segment) in segments.enumerated() {
            let frame = frames[i], selected = i == shown
            let color = (titleAttributes[(selected ? UIControl.State.selected : .normal).rawValue]?[.foregroundColor] as? UIColor)
                ?? (segment.isEnabled && isEnabled ? UIColor.label : .tertiaryLabel)
            if let title = segment.title {
                let attributes: [NSAttributedString.Key: Any] = [.font: font(selected: selected), .foregroundColor: color]
                let size = title.size(withAttributes: attributes)
                title.draw(at: CGPoint(x: frame.midX - min(size.width, frame.width - 2 * Self.padding) / 2, y: frame.midY - size.height / 2),
                           withAttributes: attributes)
            } else if let image = segment.image {
                let size = image.size
                (image.renderingMode == .alwaysOriginal ? image : image.withTintColor(color)).draw(in: CGRect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height))
            }
        }
    }
}
