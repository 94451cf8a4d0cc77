import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A spinner, as UIKit's `UIActivityIndicatorView`: eight spokes fading around a circle, turning
/// once a second while animating (a repeating rotation of its layer: the render server's work,
/// no redraw), hidden when stopped unless `hidesWhenStopped` is false. Sizes as UIKit's: 20 ×
/// 20 pt `.medium`, 37 × 37 pt `.large`; the colour `.secondaryLabel`'s unless set. A spinner
/// that runs for ever does not keep a replay going (the replay ends when the app is otherwise idle).
open class UIActivityIndicatorView: UIView {
    /// UIKit's styles (`.medium` and `.large` since iOS 13; the older three map onto them).
    public enum Style: Int, Sendable {
        case whiteLarge, white, gray, medium = 100, large = 101

        var side: CGFloat { self == .large || self == .whiteLarge ? 37 : 20 }
    }

    /// How long a turn takes.
    package static let turnDuration: TimeInterval = 1
    static let spokes = 8

    open var style: Style {
        didSet {
            invalidateIntrinsicContentSize()
            setNeedsDisplay()
        }
    }
    /// The spokes' colour (nil: the system's secondary label colour).
    open var color: UIColor! {
        get { storedColor ?? .secondaryLabel }
        set {
            storedColor = newValue
            setNeedsDisplay()
        }
    }
    private var storedColor: UIColor?
    /// Whether the view hides while stopped (default true).
    open var hidesWhenStopped = true { didSet { if !animating { isHidden = hidesWhenStopped } } }
    /// Whether it is turning.
    open var isAnimating: Bool { animating }
    private var animating = false

    public init(style: Style = .medium) {
        self.style = style
        super.init(frame: CGRect(origin: .zero, size: CGSize(width: style.side, height: style.side)))
        isOpaque = false
        isHidden = true
    }

    public override init(frame: CGRect) {
        style = .medium
        super.init(frame: frame)
        isOpaque = false
        isHidden = true
    }

    /// Not failable, as the SDK declares it. From an Interface Builder document, the document's
    /// indicator; from any other coder, one of the medium style, as uisim reads no archive.
    public required init(coder: NSCoder) {
        style = .medium
        guard coder is UINibDecoder else {
            noArchives(Self.self, made: "a medium indicator")
            super.init(frame: .zero)
            isOpaque = false
            isHidden = true
            return
        }
        super.init(coder: coder)!
        isOpaque = false
        UINibDecoder.didInit(self, as: UIActivityIndicatorView.self, coder: coder)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// Shows the spinner and turns it, once a second, for ever.
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = CGFloat(0)
        spin.toValue = 2 * CGFloat.pi
        spin.duration = Self.turnDuration
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
    }

    /// Stops the turning (and hides the spinner when `hidesWhenStopped`).
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        layer.removeAnimation(forKey: "spin")
        if hidesWhenStopped { isHidden = true }
    }

    /// Eight spokes from 35 % to 100 % of the radius, each one more opaque than the one before.
    open override func draw(_ rect: CGRect) {
        let radius = min(bounds.width, bounds.height) / 2
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let width = max(2, radius * 0.2)
        for spoke in 0..<Self.spokes {
            let angle = CGFloat(spoke) / CGFloat(Self.spokes) * 2 * .pi
            let path = UIBezierPath()
            path.move(to: CGPoint(x: center.x + cos(angle) * radius * 0.45, y: center.y + sin(angle) * radius * 0.45))
            path.addLine(to: CGPoint(x: center.x + cos(angle) * (radius - width / 2), y: center.y + sin(angle) * (radius - width / 2)))
            path.lineWidth = width
            path.lineCapStyle = .round
            color.withAlphaComponent(0.2 + 0.8 * CGFloat(spoke + 1) / CGFloat(Self.spokes)).setStroke()
            path.stroke()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }
}

/// A bar of progress, as UIKit's `UIProgressView`: 4 pt tall (`.default`, `.bar` 2.5 pt), the
/// track `.systemFill`'s grey under the progress in the tint (system blue).
open class UIProgressView: UIView {
    public enum Style: Int, Sendable { case `default`, bar }

    open var progressViewStyle: Style { didSet { invalidateIntrinsicContentSize() } }
    /// 0…1 (clamped).
    open var progress: Float {
        get { value }
        set { setProgress(newValue, animated: false) }
    }
    private var value: Float = 0
    /// The filled part's colour (nil: the tint).
    open var progressTintColor: UIColor? { didSet { setNeedsDisplay() } }
    /// The track's colour (nil: UIKit's grey).
    open var trackTintColor: UIColor? { didSet { setNeedsDisplay() } }

    public init(progressViewStyle style: Style) {
        progressViewStyle = style
        super.init(frame: CGRect(x: 0, y: 0, width: 150, height: style == .bar ? 2.5 : 4))
        isOpaque = false
    }

    public override init(frame: CGRect) {
        progressViewStyle = .default
        super.init(frame: frame)
        isOpaque = false
    }

    /// From a document (`<progressView>`): its style, then the inspector's settings.
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        progressViewStyle = decoder.element["progressViewStyle"] == "bar" ? .bar : .default
        super.init(coder: coder)
        isOpaque = false
        UINibDecoder.didInit(self, as: UIProgressView.self, coder: coder)
    }

    /// Sets the progress (uisim draws it at once; `animated` is kept).
    open func setProgress(_ progress: Float, animated: Bool) {
        let clamped = min(1, max(0, progress.isNaN ? 0 : progress))
        guard clamped != value else { return }
        value = clamped
        setNeedsDisplay()
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: progressViewStyle == .bar ? 2.5 : 4)
    }

    open override func draw(_ rect: CGRect) {
        let radius = progressViewStyle == .bar ? 0 : bounds.height / 2
        (trackTintColor ?? .systemFill).setFill()
        UIBezierPath(roundedRect: bounds, cornerRadius: radius).fill()
        guard value > 0 else { return }
        (progressTintColor ?? tintColor).setFill()
        UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: bounds.width * CGFloat(value), height: bounds.height), cornerRadius: radius).fill()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if progressTintColor == nil { setNeedsDisplay() }
    }
}
