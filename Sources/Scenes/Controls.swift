import Foundation
import Geometry
import CoreGraphics
import UIKit

/// The `controls` scene: a grid of custom-drawn buttons that light up while touched, a row of
/// switches, and a slider that follows a drag. Every button draws itself (`draw(_:)`): a rounded,
/// shaded card and a label, redrawn in full when its highlight changes.
enum ControlsScene {
    static let scene = Scene(
        name: "controls",
        summary: "A grid of custom-drawn buttons that highlight while touched, a row of switches, and a slider.",
        variants: [
            .init(name: "subviews-in-controls",
                  summary: "add a badge subview inside every other control (the seed notes warn against it; reported as hierarchy warnings)"),
        ]
    ) { window, settings in
        build(in: window, badges: settings.isOn("subviews-in-controls"))
    }

    @MainActor
    static func build(in window: UIWindow, badges: Bool) {
        let content = UIView(frame: window.bounds)
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.backgroundColor = UIColor(white: 0.95, alpha: 1)
        window.addSubview(content)
        let insets = window.safeAreaInsets
        let area = window.bounds.inset(by: UIEdgeInsets(top: insets.top + 16, left: 16, bottom: insets.bottom + 16, right: 16))
        let columns = 3, rows = 6, gap: CGFloat = 12
        let sliderHeight: CGFloat = 44
        let width = (area.width - gap * CGFloat(columns - 1)) / CGFloat(columns)
        let height = ((area.height - sliderHeight - gap) - gap * CGFloat(rows - 1)) / CGFloat(rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let frame = CGRect(x: area.minX + CGFloat(column) * (width + gap), y: area.minY + CGFloat(row) * (height + gap),
                                   width: width, height: height)
                if row == rows - 1 {   // the last row: switches, each on a card with its title
                    let card = SwitchCard(frame: frame.integral(scale: window.screen.scale), title: "Switch \(column + 1)")
                    if badges && (row * columns + column) % 2 == 0 { card.toggle.addSubview(badge(at: CGPoint(x: 17, y: -9))) }
                    content.addSubview(card)
                    continue
                }
                let button = CardButton(frame: frame.integral(scale: window.screen.scale))
                button.title = "Button \(row * columns + column + 1)"
                button.hue = CGFloat(row * columns + column) / CGFloat(rows * columns)
                if badges && (row * columns + column) % 2 == 0 {
                    button.addSubview(badge(at: CGPoint(x: frame.width - 40, y: 6)))
                }
                content.addSubview(button)
            }
        }
        let slider = TrackSlider(frame: CGRect(x: area.minX, y: area.maxY - sliderHeight, width: area.width, height: sliderHeight))
        content.addSubview(slider)
    }
}

/// A red "NEW" badge: what the `subviews-in-controls` variant puts inside controls.
@MainActor
private func badge(at origin: CGPoint) -> UILabel {
    let badge = UILabel(frame: CGRect(origin: origin, size: CGSize(width: 34, height: 18)))
    badge.text = "NEW"
    badge.font = .boldSystemFont(ofSize: 11)
    badge.textColor = .white
    badge.backgroundColor = .red
    badge.textAlignment = .center
    return badge
}

/// A card holding a title and a `UISwitch`, centered.
final class SwitchCard: UIView {
    let toggle = UISwitch()
    let label = UILabel()

    init(frame: CGRect, title: String) {
        super.init(frame: frame)
        backgroundColor = .white
        layer.cornerRadius = 12
        label.text = title
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        label.frame = CGRect(x: 0, y: frame.height / 2 - 30, width: frame.width, height: 20)
        toggle.frame.origin = CGPoint(x: ((frame.width - UISwitch.size.width) / 2).rounded(), y: (frame.height / 2).rounded())
        addSubview(label)
        addSubview(toggle)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A control drawn by hand: a shaded rounded card with a title, darker while highlighted
/// (`UIControl` tracks the touch and sends its events).
final class CardButton: UIControl {
    var title = ""
    var hue: CGFloat = 0.6

    override func stateDidChange() {
        setNeedsDisplay()
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let card = bounds.insetBy(dx: 2, dy: 2)
        let shape = UIBezierPath(roundedRect: card, cornerRadius: 12)
        context.saveGState()
        shape.addClip()
        let brightness: CGFloat = isHighlighted ? 0.55 : 0.9
        let top = UIColor(hue: hue, saturation: 0.5, brightness: brightness, alpha: 1)
        let bottom = UIColor(hue: hue, saturation: 0.7, brightness: brightness - 0.2, alpha: 1)
        let gradient = CGGradient(colorsSpace: nil, colors: [top.cgColor, bottom.cgColor], locations: [0, 1])!
        context.drawLinearGradient(gradient, start: CGPoint(x: 0, y: card.minY), end: CGPoint(x: 0, y: card.maxY), options: [])
        context.restoreGState()
        UIColor(white: 0, alpha: 0.25).setStroke()
        shape.lineWidth = 1
        shape.stroke()
        let font = UIFont.boldSystemFont(ofSize: 15)
        let size = title.size(withAttributes: [.font: font])
        title.draw(at: CGPoint(x: card.midX - size.width / 2, y: card.midY - size.height / 2),
                   withAttributes: [.font: font, .foregroundColor: isHighlighted ? UIColor.white : UIColor.darkGray])
    }
}

/// A slider drawn by hand: a track and a thumb that follows the finger; only the strip the
/// thumb leaves and enters is redrawn.
final class TrackSlider: UIView {
    private(set) var value: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private func thumbRect(for value: CGFloat) -> CGRect {
        let d = bounds.height - 8
        return CGRect(x: 4 + value * (bounds.width - 8 - d), y: 4, width: d, height: d)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setFillColor(UIColor.lightGray.cgColor)
        context.fill(CGRect(x: 8, y: bounds.midY - 2, width: bounds.width - 16, height: 4))
        context.setFillColor(UIColor.blue.cgColor)
        context.fillEllipse(in: thumbRect(for: value))
    }

    private func follow(_ touches: Set<UITouch>) {
        let x = touches.first!.location(in: self).x
        let newValue = min(max((x - bounds.height / 2) / (bounds.width - bounds.height), 0), 1)
        guard newValue != value else { return }
        setNeedsDisplay(thumbRect(for: value).insetBy(dx: -1, dy: -1))
        value = newValue
        setNeedsDisplay(thumbRect(for: value).insetBy(dx: -1, dy: -1))
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { follow(touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { follow(touches) }
}
