import Foundation
import Geometry
import CoreGraphics
import RunLoop
import UIFoundation

/// Dots for the pages of a paged view, as UIKit's `UIPageControl`: 7 pt dots 8 pt apart, 14 pt of
/// padding each side and 8 pt above and below (`size(forNumberOfPages:)`); the current page's dot
/// white, the others white at 30 % (UIKit's page control sits on content; set the tint colours
/// over a light background). A touch lifted on the leading side of the current dot goes back a
/// page, on the trailing side forward one, sending `.valueChanged`; setting `currentPage` sends
/// nothing. The 7 pt dot is UIKit's classic one; iOS 14's symbol dot is not published.
open class UIPageControl: UIControl {
    public static let dot: CGFloat = 7, spacing: CGFloat = 8, sidePadding: CGFloat = 14, verticalPadding: CGFloat = 8

    open var numberOfPages = 0 {
        didSet {
            numberOfPages = max(0, numberOfPages)
            currentPage = min(currentPage, max(0, numberOfPages - 1))
            invalidateIntrinsicContentSize()
            updateVisibility()
            setNeedsDisplay()
        }
    }

    /// The page shown, clamped to 0...numberOfPages − 1.
    open var currentPage = 0 {
        didSet {
            currentPage = min(max(0, currentPage), max(0, numberOfPages - 1))
            if currentPage != oldValue { setNeedsDisplay() }
        }
    }

    open var hidesForSinglePage = false {
        didSet { updateVisibility() }
    }

    open var pageIndicatorTintColor: UIColor? { didSet { setNeedsDisplay() } }
    open var currentPageIndicatorTintColor: UIColor? { didSet { setNeedsDisplay() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    /// From a document (`<pageControl>`): the inspector's settings, applied as UIKit's coder does.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        isOpaque = false
        contentMode = .redraw
        UINibDecoder.didInit(self, as: UIPageControl.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityValue: String? { "page \(currentPage + 1) of \(numberOfPages)" }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .adjustable }

    private func updateVisibility() {
        if hidesForSinglePage { isHidden = numberOfPages <= 1 }
    }

    /// The size the dots of `pageCount` pages take with the padding.
    open func size(forNumberOfPages pageCount: Int) -> CGSize {
        let n = CGFloat(max(0, pageCount))
        return CGSize(width: n * Self.dot + max(0, n - 1) * Self.spacing + 2 * Self.sidePadding,
                      height: Self.dot + 2 * Self.verticalPadding)
    }

    open override var intrinsicContentSize: CGSize { size(forNumberOfPages: numberOfPages) }
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    /// The dots' rectangles, centred in the bounds.
    func dotFrames() -> [CGRect] {
        let width = size(forNumberOfPages: numberOfPages).width - 2 * Self.sidePadding
        var x = bounds.midX - width / 2
        return (0..<numberOfPages).map { _ in
            defer { x += Self.dot + Self.spacing }
            return CGRect(x: x, y: bounds.midY - Self.dot / 2, width: Self.dot, height: Self.dot)
        }
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        super.endTracking(touch, with: event)
        guard let touch, numberOfPages > 1, bounds.contains(touch.location(in: self)) else { return }
        let frames = dotFrames()
        let x = touch.location(in: self).x
        let next = x < frames[currentPage].midX ? currentPage - 1 : currentPage + 1
        guard next >= 0, next < numberOfPages else { return }
        currentPage = next
        sendActions(for: .valueChanged)
    }

    open override func draw(_ rect: CGRect) {
        for (page, frame) in dotFrames().enumerated() {
            (page == currentPage ? (currentPageIndicatorTintColor ?? .white) : (pageIndicatorTintColor ?? UIColor(white: 1, alpha: 0.3))).setFill()
            UIBezierPath(ovalIn: frame).fill()
        }
    }
}
