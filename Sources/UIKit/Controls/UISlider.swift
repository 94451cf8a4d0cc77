import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A value picked along a track, as UIKit's `UISlider`: 31 pt tall (no width of its own); a 4 pt
/// track inset 3 pt from each end, filled in the tint up to the thumb (`minimumTrackTintColor`)
/// and `systemFill` after it; a 28 pt white thumb. A touch must land on the thumb (its hit area
/// grown to 48 × 48 pt); tapping the track elsewhere does nothing, as in UIKit. Dragging moves the
/// thumb by the finger's movement (it does not jump under the finger), sending `.valueChanged`
/// at each move when `isContinuous` (the default) and once more when the finger lifts. Setting
/// `value` sends nothing. Minimum and maximum value images are kept as set, not drawn.
open class UISlider: UIControl {
    public static let height: CGFloat = 31, thumbSide: CGFloat = 28, trackHeight: CGFloat = 4, trackInset: CGFloat = 3
    /// The thumb's hit area, at least this wide and tall.
    package static let thumbHitSide: CGFloat = 48

    private var storedValue: Float = 0

    /// The value, clamped to `minimumValue...maximumValue`.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }

    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }

    /// Whether `.valueChanged` is sent at each move (true) or only when the finger lifts.
    open var isContinuous = true

    open var minimumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    open var maximumTrackTintColor: UIColor? { didSet { setNeedsDisplay() } }
    open var thumbTintColor: UIColor? { didSet { setNeedsDisplay() } }
    open var minimumValueImage: UIImage?
    open var maximumValueImage: UIImage?

    /// Where the finger is from the thumb's centre, from the touch down (the drag is relative).
    private var hitOffset: CGFloat = 0

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// From a document (`<slider>`): the inspector's settings, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UISlider.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { "\(Int((fraction * 100).rounded()))%" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .adjustable : [.adjustable, .notEnabled] }

    open func setValue(_ value: Float, animated: Bool) {
        let clamped = min(max(value, minimumValue), maximumValue)
        guard clamped != storedValue else { return }
        storedValue = clamped
        setNeedsDisplay()
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.height)
    }

    /// The value's place between the ends, 0...1.
    private var fraction: CGFloat {
        maximumValue > minimumValue ? CGFloat((storedValue - minimumValue) / (maximumValue - minimumValue)) : 0
    }

    /// The track: 3 pt in from each end, 4 pt tall, centred (rounded to the point).
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX + Self.trackInset, y: bounds.minY + ((bounds.height - Self.trackHeight) / 2).rounded(),
               width: max(0, bounds.width - 2 * Self.trackInset), height: Self.trackHeight)
    }

    /// The thumb at `value`: its left edge from the bounds' left to the bounds' right less its width.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let span = maximumValue > minimumValue ? CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / (maximumValue - minimumValue)) : 0
        let full = rect.insetBy(dx: -Self.trackInset, dy: 0)
        return CGRect(x: full.minX + ((full.width - Self.thumbSide) * span).rounded(), y: rect.midY - Self.thumbSide / 2,
                      width: Self.thumbSide, height: Self.thumbSide)
    }

    private var thumbFrame: CGRect { thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue) }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let thumb = thumbFrame
        let grow = max(0, (Self.thumbHitSide - Self.thumbSide) / 2)
        let point = touch.location(in: self)
        guard thumb.insetBy(dx: -grow, dy: -grow).contains(point) else { return false }
        hitOffset = thumb.midX - point.x
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let old = storedValue
        move(to: touch.location(in: self).x)
        if isContinuous, storedValue != old { sendActions(for: .valueChanged) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch { move(to: touch.location(in: self).x) }
        sendActions(for: .valueChanged)
    }

    /// The value under a thumb centred at `x + hitOffset`.
    private func move(to x: CGFloat) {
        let track = trackRect(forBounds: bounds).insetBy(dx: -Self.trackInset, dy: 0)
        let travel = track.width - Self.thumbSide
        guard travel > 0 else { return }
        let f = min(max((x + hitOffset - track.minX - Self.thumbSide / 2) / travel, 0), 1)
        setValue(minimumValue + Float(f) * (maximumValue - minimumValue), animated: false)
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if minimumTrackTintColor == nil { setNeedsDisplay() }
    }

    open override func draw(_ rect: CGRect) {
        let track = trackRect(forBounds: bounds), thumb = thumbFrame
        let radius = Self.trackHeight / 2
        (maximumTrackTintColor ?? .systemFill).setFill()
        UIBezierPath(roundedRect: track, cornerRadius: radius).fill()
        (minimumTrackTintColor ?? tintColor).setFill()
        UIBezierPath(roundedRect: CGRect(x: track.minX, y: track.minY, width: max(0, thumb.midX - track.minX), height: track.height),
                     cornerRadius: radius).fill()
        let knob = UIBezierPath(ovalIn: thumb.insetBy(dx: 0.5, dy: 0.5))
        (thumbTintColor ?? .white).setFill()
        knob.fill()
        UIColor(white: 0, alpha: 0.12).setStroke()
        knob.lineWidth = 0.5
        knob.stroke()
    }
}
