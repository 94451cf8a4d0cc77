import Foundation
import Geometry
import CoreGraphics
import RunLoop
import UIFoundation

/// Minus and plus buttons that step a value, as UIKit's `UIStepper`: 94 × 32 pt, two halves of
/// 46.5 pt with a 1 pt divider, corner radius 8 on `tertiarySystemFill`. A touch lifted on a half
/// steps the value by `stepValue` (on touch-up, as UIKit steps) and sends `.valueChanged`; held,
/// it repeats (`autorepeat`): a step at 0.5 s and every 0.5 s after for the first five, then every
/// 0.1 s (UIKit's later interval is not published: uisim's choice), on the run loop's clock, and
/// the lift adds none. At a limit the half that would pass it is disabled, unless `wraps`. Setting
/// `value` sends nothing.
open class UIStepper: UIControl {
    public static let size = CGSize(width: 94, height: 32)

    private var storedValue: Double = 0
    /// The value, clamped to `minimumValue...maximumValue`.
    open var value: Double {
        get { storedValue }
        set {
            let clamped = min(max(newValue, minimumValue), maximumValue)
            guard clamped != storedValue else { return }
            storedValue = clamped
            setNeedsDisplay()
        }
    }

    open var minimumValue: Double = 0 {
        didSet { if maximumValue < minimumValue { maximumValue = minimumValue }; value = storedValue }
    }

    open var maximumValue: Double = 100 {
        didSet { if minimumValue > maximumValue { minimumValue = maximumValue }; value = storedValue }
    }

    /// The step, more than 0 (1 by default).
    open var stepValue: Double = 1 {
        didSet { if stepValue <= 0 { stepValue = oldValue } }
    }

    /// Whether holding a half repeats its step.
    open var autorepeat = true
    /// Whether `.valueChanged` is sent at each step (true) or once when the finger lifts.
    open var isContinuous = true
    /// Whether passing a limit goes round to the other.
    open var wraps = false

    /// The half held down: -1 minus, +1 plus.
    private var held: Int?
    private var repeatTimer: LoopTimer?
    private var repeats = 0
    private var changedWhileHeld = false

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        isOpaque = false
        contentMode = .redraw
    }

    /// From a document (`<stepper>`): the inspector's settings, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UIStepper.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? {
        storedValue == storedValue.rounded() && abs(storedValue) < 1e15 ? String(Int(storedValue)) : String(storedValue)
    }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .adjustable : [.adjustable, .notEnabled] }

    open override var intrinsicContentSize: CGSize { Self.size }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }

    /// Whether the half `direction` can step (not at its limit, or wrapping).
    private func canStep(_ direction: Int) -> Bool {
        wraps || (direction < 0 ? storedValue > minimumValue : storedValue < maximumValue)
    }

    private func step(_ direction: Int) {
        guard canStep(direction) else { return }
        var next = storedValue + Double(direction) * stepValue
        if wraps {
            if next > maximumValue { next = minimumValue } else if next < minimumValue { next = maximumValue }
        }
        value = next
        if isContinuous { sendActions(for: .valueChanged) } else { changedWhileHeld = true }
    }

    private func half(at point: CGPoint) -> Int { point.x < bounds.midX ? -1 : 1 }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let direction = half(at: touch.location(in: self))
        guard canStep(direction) else { return false }
        held = direction
        repeats = 0
        changedWhileHeld = false
        setNeedsDisplay()
        if autorepeat, let loop = EventRunLoop.current { schedule(on: loop, after: 0.5) }
        return true
    }

    private func schedule(on loop: EventRunLoop, after delay: TimeInterval) {
        let timer = LoopTimer(fireAt: loop.clock.now + delay) { [weak self] _ in
            guard let self, let held = self.held else { return }
            self.repeats += 1
            self.step(held)
            self.schedule(on: loop, after: self.repeats < 5 ? 0.5 : 0.1)
        }
        loop.add(timer, forMode: .common)
        repeatTimer = timer
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        defer { stopHolding() }
        guard let held, let touch else { return }
        let point = touch.location(in: self)
        if repeats == 0, bounds.insetBy(dx: -UIControl.trackingSlack, dy: -UIControl.trackingSlack).contains(point) { step(held) }
        if !isContinuous, changedWhileHeld { sendActions(for: .valueChanged) }
    }

    open override func cancelTracking(with event: UIEvent?) {
        stopHolding()
    }

    private func stopHolding() {
        repeatTimer?.invalidate()
        repeatTimer = nil
        held = nil
        setNeedsDisplay()
    }

    open override func draw(_ rect: CGRect) {
        UIColor.tertiarySystemFill.setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: 8).fill()
        let halfWidth = (bounds.width - 1) / 2
        let halves = [CGRect(x: 0, y: 0, width: halfWidth, height: bounds.height),
                      CGRect(x: halfWidth + 1, y: 0, width: halfWidth, height: bounds.height)]
        if let held {
            UIColor.systemFill.setFill()
            UIBezierPath(roundedRect: halves[held < 0 ? 0 : 1], cornerRadius: 8).fill()
        }
        UIColor.systemFill.setFill()
        UIBezierPath(rect: CGRect(x: halfWidth, y: 8, width: 1, height: bounds.height - 16)).fill()
        for (index, direction) in [-1, 1].enumerated() {
            (canStep(direction) && isEnabled ? UIColor.label : .tertiaryLabel).setStroke()
            let c = CGPoint(x: halves[index].midX, y: halves[index].midY)
            let glyph = UIBezierPath()
            glyph.move(to: CGPoint(x: c.x - 7, y: c.y))
            glyph.addLine(to: CGPoint(x: c.x + 7, y: c.y))
            if direction > 0 {
                glyph.move(to: CGPoint(x: c.x, y: c.y - 7))
                glyph.addLine(to: CGPoint(x: c.x, y: c.y + 7))
            }
            glyph.lineWidth = 2
            glyph.stroke()
        }
    }
}
