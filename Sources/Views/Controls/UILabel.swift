import Foundation
import Geometry
import Graphics
import Layers

/// One line of text, as UIKit's `UILabel`, drawn through cairo with uisim's sans-serif face.
/// Text is clipped to the bounds (uisim has no truncation ellipsis or multi-line layout).
open class UILabel: UIView {
    public enum Alignment: Int, Sendable { case left, center, right, natural }

    open var text: String? {
        didSet {
            guard text != oldValue else { return }
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    open var font = UIFont.systemFont(ofSize: 17) {
        didSet {
            guard font != oldValue else { return }
            setNeedsDisplay()
            invalidateIntrinsicContentSize()
        }
    }
    open var textColor = UIColor.black {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    open var textAlignment = Alignment.natural {
        didSet { if textAlignment != oldValue { setNeedsDisplay() } }
    }

    /// The text's color while highlighted (in a highlighted table view cell); nil keeps `textColor`.
    open var highlightedTextColor: UIColor? {
        didSet { if isHighlighted && highlightedTextColor != oldValue { setNeedsDisplay() } }
    }
    /// Whether the label is highlighted: it draws with `highlightedTextColor` if there is one.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue && highlightedTextColor != nil { setNeedsDisplay() } }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
        isUserInteractionEnabled = false
    }

    /// The text's one-line size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let measured = text.size(withAttributes: [.font: font])
        return CGSize(width: measured.width.rounded(.up), height: measured.height.rounded(.up))
    }

    /// The text's one-line size, each side rounded up to the screen's pixel, as UIKit rounds it
    /// (UIKit's San Francisco gives 20.333 pt for a 17 pt line at @3x; uisim's sans-serif face,
    /// with its own metrics, 21); (0, 0) without text.
    open override var intrinsicContentSize: CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let measured = text.size(withAttributes: [.font: font])
        let scale = (window?.screen ?? UIScreen.main).scale
        return CGSize(width: (measured.width * scale).rounded(.up) / scale, height: (measured.height * scale).rounded(.up) / scale)
    }

    /// The text is centred vertically: its baseline is the ascender below the line's top.
    override func baselineOffsetFromCenter(last: Bool) -> CGFloat? {
        font.ascender - font.lineHeight / 2
    }

    open override func draw(_ rect: CGRect) {
        guard let text, !text.isEmpty else { return }
        let size = text.size(withAttributes: [.font: font])
        let x: CGFloat = switch textAlignment {
        case .left, .natural: 0
        case .center: (bounds.width - size.width) / 2
        case .right: bounds.width - size.width
        }
        text.draw(in: CGRect(x: x, y: (bounds.height - size.height) / 2, width: max(size.width, 0), height: size.height)
                    .intersection(bounds),
                  withAttributes: [.font: font, .foregroundColor: isHighlighted ? highlightedTextColor ?? textColor : textColor])
    }
}
