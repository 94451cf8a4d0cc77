import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// An on/off switch, as UIKit's `UISwitch`: a tap (lifted inside, with the controls' tracking
/// slack) flips it and sends `.valueChanged`; setting `isOn` or calling `setOn(_:animated:)` sends
/// nothing. Its size is always 51 × 31 pt, whatever frame it is given.
/// Where uisim differs: it draws itself (`draw(_:)`: the track, then the thumb, widened while a
/// finger is on it) instead of composing layers, and the thumb cannot be dragged.
open class UISwitch: UIControl {
    /// The switch's fixed size.
    public static let size = CGSize(width: 51, height: 31)

    /// The switch's fixed size.
    open override var intrinsicContentSize: CGSize { Self.size }

    /// A switch hugs its size strongly (750), as UIKit's.
    override var defaultContentHuggingPriority: UILayoutPriority { .defaultHigh }

    private var on = false

    /// Whether the switch is on. Setting it sends no action.
    open var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: false) }
    }

    /// The track's color when on (nil: UIKit's green).
    open var onTintColor: UIColor? {
        didSet { setNeedsDisplay() }
    }

    /// The thumb's color (nil: white).
    open var thumbTintColor: UIColor? {
        didSet { setNeedsDisplay() }
    }

    /// A switch at `frame`'s origin, 51 × 31 pt.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        isOpaque = false
        contentMode = .redraw
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UISwitch.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { on ? "1" : "0" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .button : [.button, .notEnabled] }

    open override var frame: CGRect {
        get { super.frame }
        set { super.frame = CGRect(origin: newValue.origin, size: Self.size) }
    }

    /// Sets the state without sending an action (uisim does not animate it).
    open func setOn(_ on: Bool, animated: Bool) {
        guard on != self.on else { return }
        self.on = on
        setNeedsDisplay()
    }

    /// A finger lifted on the switch (within the tracking slack): it flips and says so.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, bounds.insetBy(dx: -Self.trackingSlack, dy: -Self.trackingSlack).contains(touch.location(in: self)) else { return }
        setOn(!on, animated: true)
        sendActions(for: .valueChanged)
    }

    /// The thumb widens while pressed: redraw.
    open override func stateDidChange() {
        setNeedsDisplay()
    }

    static let green = UIColor.systemGreen

    open override func draw(_ rect: CGRect) {
        let track = bounds.insetBy(dx: 0.5, dy: 0.5)
        let trackPath = UIBezierPath(roundedRect: track, cornerRadius: track.height / 2)
        if on {
            (onTintColor ?? Self.green).setFill()
            trackPath.fill()
        } else {
            UIColor(white: 0.9, alpha: 1).setStroke()
            trackPath.lineWidth = 1
            trackPath.stroke()
        }
        let side: CGFloat = 27
        let width = side + (isHighlighted ? 7 : 0)
        let x = on ? bounds.width - 2 - width : 2
        let thumb = UIBezierPath(roundedRect: CGRect(x: x, y: 2, width: width, height: side), cornerRadius: side / 2)
        UIColor(white: 0, alpha: 0.12).setStroke()
        thumb.lineWidth = 0.5
        (thumbTintColor ?? .white).setFill()
        thumb.fill()
        thumb.stroke()
    }
}
