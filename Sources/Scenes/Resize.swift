import Foundation
import Geometry
import CoreGraphics
import UIKit

/// The `resize` scene: four custom-drawn cards that grow and shrink with every frame of a pinch
/// (or a vertical drag).
enum ResizeScene {
    static let scene = Scene(
        name: "resize",
        summary: "Four custom-drawn cards resized by a pinch or a vertical drag, every frame.",
        variants: [
            .init(name: "content-mode", summary: "cards use .scaleAspectFill: the compositor scales the old drawing (off: .redraw)"),
            .init(name: "transform", summary: "animate the cards' transform instead of their bounds (no layout, no redraw)"),
        ]
    ) { window, settings in
        let board = ResizeBoard(frame: window.bounds, contentMode: settings.isOn("content-mode"), useTransform: settings.isOn("transform"))
        board.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(board)
    }
}

/// The cards' container: a pinch scales them; a vertical drag scales them by 1 % per point.
final class ResizeBoard: UIView {
    private var cards: [ResizeCard] = []
    private var baseSize = CGSize.zero
    private let useTransform: Bool
    private var startScale: CGFloat = 1
    private(set) var scale: CGFloat = 1

    init(frame: CGRect, contentMode: Bool, useTransform: Bool) {
        self.useTransform = useTransform
        super.init(frame: frame)
        backgroundColor = UIColor(white: 0.95, alpha: 1)
        baseSize = CGSize(width: (frame.width - 48) / 2, height: (frame.width - 48) / 2)
        for i in 0..<4 {
            let card = ResizeCard(hue: CGFloat(i) / 4)
            card.contentMode = contentMode ? .scaleAspectFill : .redraw
            cards.append(card)
            addSubview(card)
        }
        let pinch = UIPinchGestureRecognizer { [unowned self] r in
            let pinch = r as! UIPinchGestureRecognizer
            if pinch.state == .began { startScale = scale }
            apply(startScale * pinch.scale)
        }
        let drag = UIPanGestureRecognizer { [unowned self] r in
            let pan = r as! UIPanGestureRecognizer
            if pan.state == .began { startScale = scale }
            apply(startScale * max(0.2, 1 - pan.translation(in: self).y / 100))
        }
        drag.maximumNumberOfTouches = 1
        addGestureRecognizer(pinch)
        addGestureRecognizer(drag)
        placeCards()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private func apply(_ newScale: CGFloat) {
        scale = min(max(newScale, 0.3), 2)
        placeCards()
    }

    private func placeCards() {
        let top = safeAreaInsets.top + 24
        for (i, card) in cards.enumerated() {
            let center = CGPoint(x: 16 + baseSize.width / 2 + CGFloat(i % 2) * (baseSize.width + 16),
                                 y: top + baseSize.height / 2 + CGFloat(i / 2) * (baseSize.height + 16))
            if useTransform {
                card.bounds = CGRect(origin: .zero, size: baseSize)
                card.transform = CGAffineTransform(scaleX: scale, y: scale)
            } else {
                card.bounds = CGRect(x: 0, y: 0, width: (baseSize.width * scale).rounded(), height: (baseSize.height * scale).rounded())
            }
            card.center = center
        }
    }
}

/// A card that draws itself: a rounded gradient panel with rings and a caption.
final class ResizeCard: UIView {
    let hue: CGFloat

    init(hue: CGFloat) {
        self.hue = hue
        super.init(frame: .zero)
        isOpaque = false
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let card = bounds.insetBy(dx: 4, dy: 4)
        context.saveGState()
        UIBezierPath(roundedRect: card, cornerRadius: 16).addClip()
        let gradient = CGGradient(colorsSpace: nil, colors: [UIColor(hue: hue, saturation: 0.5, brightness: 1, alpha: 1).cgColor,
                                                             UIColor(hue: hue, saturation: 0.8, brightness: 0.6, alpha: 1).cgColor],
                                  locations: [0, 1])!
        context.drawRadialGradient(gradient, startCenter: CGPoint(x: card.midX, y: card.midY), startRadius: 0,
                                   endCenter: CGPoint(x: card.midX, y: card.midY), endRadius: max(card.width, card.height) * 0.7,
                                   options: [.drawsAfterEndLocation])
        context.setStrokeColor(UIColor(white: 1, alpha: 0.5).cgColor)
        context.setLineWidth(2)
        for ring in 1...6 {
            let inset = CGFloat(ring) * min(card.width, card.height) / 14
            context.strokeEllipse(in: card.insetBy(dx: inset, dy: inset))
        }
        context.restoreGState()
        "Card".draw(at: CGPoint(x: card.minX + 12, y: card.minY + 10),
                    withAttributes: [.font: UIFont.boldSystemFont(ofSize: 18), .foregroundColor: UIColor.white])
    }
}
