import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// Scroll indicators, as UIKit's: a bar 3 pt thick with round ends, 3 pt in from the edge and the
/// ends (clear of the safe area unless `automaticallyAdjustsScrollIndicatorInsets` is off), as long
/// as the visible part of the content is of the whole (at least 36 pt; shortened by how far the
/// content is pulled past an edge, down to 8), black at 35 % (`.default`; white at 50 % in dark
/// mode, as `.white`; `.black` black at 50 %). They appear when a drag begins (subviews of the
/// scroll view, made then: composited layers, counted as any), follow the content while it
/// moves, and fade out over 0.25 s once it has been still 1.2 s (Flutter's values, which copy
/// iOS's; UIKit does not publish its own). `flashScrollIndicators()` shows them for that long.
extension UIScrollView {
    public enum IndicatorStyle: Int, Sendable {
        case `default`, black, white
    }

    static let indicatorThickness: CGFloat = 3, indicatorMargin: CGFloat = 3, indicatorMinimumLength: CGFloat = 36
    static let indicatorMinimumOverscrolledLength: CGFloat = 8
    static let indicatorHideDelay: TimeInterval = 1.2, indicatorFadeDuration: TimeInterval = 0.25

    func showScrollIndicators() {
        guard showsVerticalScrollIndicator || showsHorizontalScrollIndicator else { return }
        let indicators = self.indicators ?? ScrollIndicators(in: self, style: indicatorStyle)
        self.indicators = indicators
        indicators.show()
        layoutScrollIndicators()
    }

    func scheduleHidingScrollIndicators() {
        guard let indicators, indicators.isShown else { return }
        indicators.hide(after: Self.indicatorHideDelay, on: EventRunLoop.current)
    }

    /// Puts the shown indicators where the content is scrolled to, above the content: the vertical
    /// one along the right edge, the horizontal one along the bottom, each on the pixel grid (a bar
    /// between pixels would blur; UIKit places its indicators on it).
    func layoutScrollIndicators() {
        guard let indicators, indicators.isShown else { return }
        let inset = adjustedContentInset
        let safe = automaticallyAdjustsScrollIndicatorInsets ? safeAreaInsets : .zero
        let visible = CGRect(origin: contentOffset, size: bounds.size)
        let range = offsetRange
        let scale = (window?.screen ?? UIScreen.main).scale
        func pixel(_ v: CGFloat) -> CGFloat { (v * scale).rounded() / scale }
        /// Where an indicator goes along its axis (its start and length, on the grid), or nil when
        /// the content does not scroll that way or the track has no room.
        func place(shows: Bool, trackStart: CGFloat, trackEnd: CGFloat, offset: CGFloat, minimum: CGFloat, maximum: CGFloat,
                   visible: CGFloat, content: CGFloat) -> (start: CGFloat, length: CGFloat)? {
            guard shows, maximum > minimum, trackEnd > trackStart else { return nil }
            let length = Self.indicatorLength(track: trackEnd - trackStart, visible: visible, content: content,
                                              overscroll: max(minimum - offset, offset - maximum, 0))
            let progress = min(max((offset - minimum) / (maximum - minimum), 0), 1)
            return (pixel(trackStart + (trackEnd - trackStart - length) * progress), pixel(length))
        }
        let v = verticalScrollIndicatorInsets, h = horizontalScrollIndicatorInsets
        let vertical = place(shows: showsVerticalScrollIndicator,
                             trackStart: visible.minY + Self.indicatorMargin + max(v.top, safe.top),
                             trackEnd: visible.maxY - Self.indicatorMargin - max(v.bottom, safe.bottom),
                             offset: contentOffset.y, minimum: range.min.y, maximum: range.max.y,
                             visible: bounds.height, content: contentSize.height + inset.top + inset.bottom)
        if let vertical {
            indicators.vertical.frame = CGRect(x: pixel(visible.maxX - Self.indicatorMargin - Self.indicatorThickness - max(v.right, safe.right)),
                                               y: vertical.start, width: Self.indicatorThickness, height: vertical.length)
        }
        indicators.vertical.isHidden = vertical == nil
        let horizontal = place(shows: showsHorizontalScrollIndicator,
                               trackStart: visible.minX + Self.indicatorMargin + max(h.left, safe.left),
                               trackEnd: visible.maxX - Self.indicatorMargin - max(h.right, safe.right),
                               offset: contentOffset.x, minimum: range.min.x, maximum: range.max.x,
                               visible: bounds.width, content: contentSize.width + inset.left + inset.right)
        if let horizontal {
            indicators.horizontal.frame = CGRect(x: horizontal.start,
                                                 y: pixel(visible.maxY - Self.indicatorMargin - Self.indicatorThickness - max(h.bottom, safe.bottom)),
                                                 width: horizontal.length, height: Self.indicatorThickness)
        }
        indicators.horizontal.isHidden = horizontal == nil
        indicators.bringToFront(in: self)
    }

    /// The indicator's length along a track: the visible share of the content, at least 36 pt,
    /// less the overscroll (at least 8 pt then).
    static func indicatorLength(track: CGFloat, visible: CGFloat, content: CGFloat, overscroll: CGFloat) -> CGFloat {
        let share = content > 0 ? min(1, visible / content) : 1
        let length = min(track, max(indicatorMinimumLength, (track * share).rounded()))
        guard overscroll > 0 else { return length }
        return max(indicatorMinimumOverscrolledLength, length - overscroll)
    }
}

/// A scroll view's two indicator views and when they hide.
@MainActor
final class ScrollIndicators {
    let vertical = ScrollIndicatorView(), horizontal = ScrollIndicatorView()
    private(set) var isShown = false
    private var hideTimer: LoopTimer?

    init(in scrollView: UIScrollView, style: UIScrollView.IndicatorStyle) {
        for view in [vertical, horizontal] {
            view.isHidden = true
            scrollView.addSubview(view)
        }
        restyle(style)
    }

    func restyle(_ style: UIScrollView.IndicatorStyle) {
        let colour: UIColor = switch style {
        case .black: UIColor(white: 0, alpha: 0.5)
        case .white: UIColor(white: 1, alpha: 0.5)
        case .default: .dynamic(light: UIColor(white: 0, alpha: 0.35), dark: UIColor(white: 1, alpha: 0.5))
        }
        for view in [vertical, horizontal] { view.backgroundColor = colour }
    }

    func show() {
        hideTimer?.invalidate()
        hideTimer = nil
        isShown = true
        for view in [vertical, horizontal] {
            view.layer.removeAnimation(forKey: "opacity")
            view.alpha = 1
        }
    }

    /// Fades them out `delay` seconds from now (at once off a run loop).
    func hide(after delay: TimeInterval, on loop: EventRunLoop?) {
        hideTimer?.invalidate()
        let fade = { [weak self] in
            guard let self else { return }
            self.hideTimer = nil
            self.isShown = false
            UIView.animate(withDuration: UIScrollView.indicatorFadeDuration, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                           animations: { for view in [self.vertical, self.horizontal] { view.alpha = 0 } })
        }
        guard let loop else { return fade() }
        let timer = LoopTimer(fireAt: loop.clock.now + delay) { _ in fade() }
        loop.add(timer, forMode: .common)
        hideTimer = timer
    }

    /// Keeps the indicators above the content the scroll view adds (cells, rows).
    func bringToFront(in scrollView: UIScrollView) {
        let count = scrollView.subviews.count
        guard count >= 2, !(scrollView.subviews[count - 1] === horizontal && scrollView.subviews[count - 2] === vertical) else { return }
        scrollView.bringSubviewToFront(vertical)
        scrollView.bringSubviewToFront(horizontal)
    }
}

/// One indicator: a rounded bar that takes no touches.
final class ScrollIndicatorView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        layer.cornerRadius = UIScrollView.indicatorThickness / 2
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }
}
