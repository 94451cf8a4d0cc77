import Foundation
import Geometry
import Graphics
import Layers

/// One line of text, as UIKit's `UILabel`, drawn through cairo with uisim's sans-serif face.
/// Text is clipped to the bounds (uisim has no truncation ellipsis or multi-line layout).
open class UILabel: UIView {
    public enum Alignment: Int, Sendable { case left, center, right, natural }

    open var text: String? {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }
    open var font = UIFont.systemFont(ofSize: 17) {
        didSet { if font != oldValue { setNeedsDisplay() } }
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
