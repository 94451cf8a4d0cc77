import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// A date, as UIKit's `UIDatePicker` in its compact style (iOS 14's default on a phone): the date
/// (and the time) in capsules of `tertiarySystemFill`, radius 8, the text 17 pt with 12 pt of
/// padding each side and 7 pt above and below (so 34⅓ pt tall at @3x), 4 pt between the date's
/// capsule and the time's. `date` is clamped to `minimumDate...maximumDate`; setting it sends
/// nothing. The text is formatted for `locale` and `timeZone` (en_US and UTC unless set, so a
/// replay reads the same on every machine): "Nov 26, 2026" and "8:19 PM".
/// Where uisim departs: a tap does not open UIKit's calendar overlay (it sends `.editingDidBegin`
/// only), and the `.inline` and `.wheels` styles are drawn compact.
open class UIDatePicker: UIControl {
    public enum Mode: Int, Sendable {
        case time, date, dateAndTime, countDownTimer
    }

    public enum Style: Int, Sendable {
        case automatic, wheels, compact, inline
    }

    static let padding = CGSize(width: 12, height: 7), capsuleSpacing: CGFloat = 4

    open var datePickerMode = Mode.dateAndTime { didSet { contentDidChange() } }
    open var preferredDatePickerStyle = Style.automatic { didSet { contentDidChange() } }
    /// The style drawn: compact (see above).
    open var datePickerStyle: Style { .compact }

    private var storedDate = Date(timeIntervalSinceReferenceDate: 0)
    open var date: Date {
        get { storedDate }
        set { setDate(newValue, animated: false) }
    }

    open var minimumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    open var maximumDate: Date? { didSet { setDate(storedDate, animated: false) } }
    open var locale: Locale? { didSet { contentDidChange() } }
    open var timeZone: TimeZone? { didSet { contentDidChange() } }
    open var countDownDuration: TimeInterval = 0 { didSet { contentDidChange() } }
    open var minuteInterval = 1

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// From a document (`<datePicker>`): its mode, style and minute interval.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UIDatePicker.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { texts.joined(separator: ", ") }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .button }

    open func setDate(_ date: Date, animated: Bool) {
        var clamped = date
        if let minimumDate, clamped < minimumDate { clamped = minimumDate }
        if let maximumDate, clamped > maximumDate { clamped = maximumDate }
        guard clamped != storedDate else { return }
        storedDate = clamped
        contentDidChange()
    }

    private func contentDidChange() {
        invalidateIntrinsicContentSize()
        setNeedsDisplay()
    }

    private static let font = UIFont.systemFont(ofSize: 17)

    /// The capsules' texts: the date's, the time's, or both.
    var texts: [String] {
        let formatter = DateFormatter()
        formatter.locale = locale ?? Locale(identifier: "en_US")
        formatter.timeZone = timeZone ?? TimeZone(identifier: "UTC")
        func format(date: DateFormatter.Style, time: DateFormatter.Style) -> String {
            formatter.dateStyle = date
            formatter.timeStyle = time
            return formatter.string(from: storedDate)
        }
        switch datePickerMode {
        case .date: return [format(date: .medium, time: .none)]
        case .time: return [format(date: .none, time: .short)]
        case .dateAndTime: return [format(date: .medium, time: .none), format(date: .none, time: .short)]
        case .countDownTimer:
            let minutes = Int(countDownDuration / 60)
            return ["\(minutes / 60) hours \(minutes % 60) min"]
        }
    }

    private func capsuleSizes() -> [CGSize] {
        let scale = (window?.screen ?? UIScreen.main).scale
        let line = Self.font.lineHeight.ceiledToPixel(scale: scale)
        return texts.map {
            CGSize(width: ($0.size(withAttributes: [.font: Self.font]).width + 2 * Self.padding.width).ceiledToPixel(scale: scale),
                   height: line + 2 * Self.padding.height)
        }
    }

    open override var intrinsicContentSize: CGSize {
        let sizes = capsuleSizes()
        return CGSize(width: sizes.reduce(0) { $0 + $1.width } + Self.capsuleSpacing * CGFloat(max(0, sizes.count - 1)),
                      height: sizes.map(\.height).max() ?? 0)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        if let touch, bounds.contains(touch.location(in: self)) { sendActions(for: .editingDidBegin) }
    }

    open override func draw(_ rect: CGRect) {
        let sizes = capsuleSizes()
        let total = intrinsicContentSize.width
        var x = bounds.maxX - total   // trailing, as UIKit aligns the compact picker
        for (text, size) in zip(texts, sizes) {
            let capsule = CGRect(x: x, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            (isEnabled ? UIColor.tertiarySystemFill : .clear).setFill()
            UIBezierPath(roundedRect: capsule, cornerRadius: 8).fill()
            let attributes: [NSAttributedString.Key: Any] = [.font: Self.font, .foregroundColor: isEnabled ? UIColor.label : .tertiaryLabel]
            let textSize = text.size(withAttributes: attributes)
            text.draw(at: CGPoint(x: capsule.midX - textSize.width / 2, y: capsule.midY - textSize.height / 2), withAttributes: attributes)
            x += size.width + Self.capsuleSpacing
        }
    }
}
