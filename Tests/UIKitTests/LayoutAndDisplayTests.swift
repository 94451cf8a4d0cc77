import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// A 100 × 100 pt screen at @2x: small frame buffers for exact counts.
let testScreen = UIScreen(model: UIScreen.Model(identifier: "test", name: "Test", pointSize: CGSize(width: 100, height: 100),
                                                scale: 2, maximumFramesPerSecond: 60))

func testWindow() -> UIWindow {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    window.screen = testScreen
    window.isHidden = false
    return window
}

final class LayoutLog {
    var entries: [String] = []
}

final class LoggingView: UIView {
    let name: String
    let log: LayoutLog
    var onLayout: (() -> Void)?
    init(_ name: String, _ log: LayoutLog, frame: CGRect = .zero) {
        self.name = name
        self.log = log
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    override func layoutSubviews() {
        log.entries.append(name)
        onLayout?()
    }
}

final class Canvas: UIView {
    var rects: [CGRect] = []
    override func draw(_ rect: CGRect) {
        rects.append(rect)
        UIColor.green.setFill()
        UIGraphicsGetCurrentContext()?.fill(rect)
    }
}

@Suite struct LayoutPassTests {
    func tree() -> (window: UIWindow, log: LayoutLog, a: LoggingView, b: LoggingView, c: LoggingView) {
        let window = testWindow()
        let log = LayoutLog()
        let a = LoggingView("a", log, frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        let b = LoggingView("b", log, frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        let c = LoggingView("c", log, frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(a)
        a.addSubview(b)
        b.addSubview(c)
        _ = window.layoutPass()
        log.entries = []
        return (window, log, a, b, c)
    }

    @Test func setNeedsLayoutCoalescesAndRunsTopDown() {
        let t = tree()
        t.c.setNeedsLayout()
        t.c.setNeedsLayout()
        t.a.setNeedsLayout()
        t.c.setNeedsLayout()
        #expect(t.window.layoutPass() == 2)
        #expect(t.log.entries == ["a", "c"])
        #expect(t.window.layoutPass() == 0)
    }

    /// A view that, in its own `layoutSubviews`, marks a subview and then itself is laid out
    /// again in the same pass, and later passes still lay it out when it is marked (a table view
    /// whose delegate marks a cell in `willDisplay`, then scrolled, was laid out once and never
    /// again: its mark was kept from its superview).
    @Test func aViewThatMarksASubviewAndItselfDuringItsLayoutIsLaidOutAgain() {
        let window = testWindow()
        let log = LayoutLog()
        let view = LoggingView("asking", log, frame: CGRect(x: 0, y: 0, width: 80, height: 80))
        view.addSubview(LoggingView("child", log, frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
        var asks = true
        view.onLayout = {
            guard asks else { return }
            asks = false
            view.subviews[0].setNeedsLayout()
            view.setNeedsLayout()
        }
        window.addSubview(view)
        _ = window.layoutPass()
        #expect(log.entries == ["asking", "child", "asking"])
        log.entries = []
        view.setNeedsLayout()
        #expect(window.layoutPass() == 1)
        #expect(log.entries == ["asking"])
    }

    /// The pass follows only the marked paths, yet siblings still lay out in their order, as
    /// Core Animation's do, whatever order they were marked in; a view marked, removed and added
    /// elsewhere lays out there, once.
    @Test func siblingsLayOutInTheirOrderWhateverTheMarkingOrder() {
        let window = testWindow()
        let log = LayoutLog()
        let views = (0..<5).map { LoggingView("v\($0)", log, frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
        for view in views { window.addSubview(view) }
        _ = window.layoutPass()
        log.entries = []
        views[4].setNeedsLayout()
        views[1].setNeedsLayout()
        views[3].setNeedsLayout()
        #expect(window.layoutPass() == 3)
        #expect(log.entries == ["v1", "v3", "v4"])
        log.entries = []
        views[2].setNeedsLayout()
        views[2].removeFromSuperview()
        views[0].addSubview(views[2])
        views[4].setNeedsLayout()
        #expect(window.layoutPass() == 4)   // and the window: removing and adding subviews marks their superviews, as in UIKit
        #expect(log.entries == ["v0", "v2", "v4"])
    }

    @Test func boundsSizeChangeMarksLayoutButMovingDoesNot() {
        let t = tree()
        t.b.center = CGPoint(x: 30, y: 30)
        t.b.bounds.origin = CGPoint(x: 5, y: 5)
        #expect(t.window.layoutPass() == 0)
        t.b.frame.size.width = 50
        #expect(t.window.layoutPass() == 1 && t.log.entries == ["b"])
    }

    @Test func addingASubviewLaysOutBoth() {
        let t = tree()
        let d = LoggingView("d", t.log)
        t.a.addSubview(d)
        _ = t.window.layoutPass()
        #expect(t.log.entries == ["a", "d"])
    }

    /// A parent that resizes its child in layoutSubviews: the child's subviews autoresize at once,
    /// and the child is laid out in the same pass, after its parent.
    @Test func layoutResizingAChildAutoresizesAndLaysItOutInTheSamePass() {
        let t = tree()
        t.c.autoresizingMask = .flexibleWidth
        t.a.onLayout = { t.b.frame = CGRect(x: 0, y: 0, width: 60, height: 40) }
        t.a.setNeedsLayout()
        // a lays out b; b's new size autoresizes c, whose new size lays c out too.
        #expect(t.window.layoutPass() == 3)
        #expect(t.log.entries == ["a", "b", "c"])
        #expect(t.c.frame.width == 40)   // 20 + (60 − 40)
    }

    @Test func layoutIfNeededLaysOutNow() {
        let t = tree()
        t.b.setNeedsLayout()
        t.c.layoutIfNeeded()                 // c's superview b needs layout: b's tree is laid out
        #expect(t.log.entries == ["b"] && !t.b.layer.needsLayout())
        t.b.setNeedsLayout()
        t.a.layoutIfNeeded()                 // the marked tree beneath a is laid out (the animation idiom)
        #expect(t.log.entries == ["b", "b"])
        t.c.setNeedsLayout()
        t.b.setNeedsLayout()
        t.c.layoutIfNeeded()                 // parents first
        #expect(t.log.entries == ["b", "b", "b", "c"])
    }

    @Test func sizeThatFitsAndMargins() {
        final class Badge: UIView {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 44, height: 22) }
        }
        let badge = Badge(frame: CGRect(x: 10, y: 10, width: 5, height: 5))
        badge.sizeToFit()
        #expect(badge.bounds.size == CGSize(width: 44, height: 22) && badge.center == CGPoint(x: 12.5, y: 12.5))
        #expect(UIView().sizeThatFits(.zero) == .zero)
        let window = UIWindow(frame: UIScreen.main.bounds)   // iPhone 14: 47 pt top, 34 pt bottom
        let full = UIView(frame: window.bounds), middle = UIView(frame: CGRect(x: 0, y: 100, width: 390, height: 100))
        window.addSubview(full)
        window.addSubview(middle)
        #expect(window.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(full.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(middle.safeAreaInsets == .zero)
        #expect(middle.layoutMargins == UIEdgeInsets(all: 8))
        #expect(full.layoutMargins == UIEdgeInsets(top: 55, left: 8, bottom: 42, right: 8))
        full.insetsLayoutMarginsFromSafeArea = false
        #expect(full.layoutMargins == UIEdgeInsets(all: 8))
    }
}

@Suite struct DisplayPassTests {
    @Test func twoDirtyRectsInAFrameGiveOneDrawOfTheirUnion() {
        let window = testWindow()
        let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        window.addSubview(canvas)
        window.commit()
        #expect(canvas.rects == [CGRect(x: 0, y: 0, width: 50, height: 50)])
        canvas.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        canvas.setNeedsDisplay(CGRect(x: 20, y: 5, width: 10, height: 10))
        let stats = window.commit()
        #expect(canvas.rects.last == CGRect(x: 0, y: 0, width: 30, height: 15))
        #expect(canvas.rects.count == 2)
        #expect(stats.display.layersDisplayed == 1 && stats.display.pixelsDrawn == 60 * 30)
        #expect(stats.render.damagedPixels == 60 * 30)
        // Outside the bounds is clipped off: (40,40)–(60,60) draws (40,40)–(50,50).
        canvas.setNeedsDisplay(CGRect(x: 40, y: 40, width: 20, height: 20))
        window.commit()
        #expect(canvas.rects.last == CGRect(x: 40, y: 40, width: 10, height: 10))
    }

    /// A view that overrides `draw(_:)` has a backing store whether or not its first draw drew
    /// anything (UIKit decides by the class), so later dirty rectangles redraw only themselves.
    @Test func aViewWhoseFirstDrawDrewNothingRedrawsOnlyItsDirtyRects() {
        final class Recording: UIView {
            var rects: [CGRect] = []
            override func draw(_ rect: CGRect) { rects.append(rect) }   // draws nothing (empty state)
        }
        let v = Recording(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.setNeedsDisplay()
        v.layer.displayIfNeeded()
        #expect(v.rects == [v.bounds])
        v.setNeedsDisplay(CGRect(x: 10, y: 10, width: 20, height: 20))
        v.setNeedsDisplay(CGRect(x: 50, y: 10, width: 20, height: 20))
        v.layer.displayIfNeeded()
        // Their union, (10, 10)–(70, 30): both inside, far smaller than the view.
        #expect(v.rects.count == 2)
        #expect(v.rects.last == CGRect(x: 10, y: 10, width: 60, height: 20))
        // Counted as drawn both times (the store is the view's): 100 × 100 pt, then 60 × 20 pt.
        let window = testWindow()
        let other = Recording(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(other)
        window.commit()
        other.setNeedsDisplay(CGRect(x: 0, y: 0, width: 5, height: 5))
        let stats = window.commit()
        // At @2x: 5 × 5 pt are 10 × 10 pixels; no drawing operation.
        #expect(stats.display.layersDisplayed == 1 && stats.display.pixelsDrawn == 100 && stats.display.drawOperations == 0)
        #expect(other.rects == [other.bounds, CGRect(x: 0, y: 0, width: 5, height: 5)])
    }

    /// A view that calls `super.draw(_:)` and draws nothing is not drawing (UIView's default):
    /// no store, not counted.
    @Test func aDrawThatOnlyCallsSuperIsNotDrawing() {
        final class Passing: UIView {
            override func draw(_ rect: CGRect) { super.draw(rect) }
        }
        let window = testWindow()
        let before = CALayer.backingStoreBytesAlive
        let v = Passing(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        let stats = window.commit()
        #expect(stats.display.layersDisplayed == 0 && CALayer.backingStoreBytesAlive == before)
    }

    @Test func onlyViewsThatDrawGetABackingStore() {
        let window = testWindow()
        let before = CALayer.backingStoreBytesAlive
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        plain.backgroundColor = .blue
        window.addSubview(plain)
        plain.setNeedsDisplay()
        var stats = window.commit()
        #expect(stats.display.layersDisplayed == 0 && CALayer.backingStoreBytesAlive == before)
        let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        window.addSubview(canvas)
        canvas.setNeedsDisplay()
        stats = window.commit()
        #expect(stats.display.layersDisplayed == 1)
        // 10 × 20 pt at @2x, 4 bytes a pixel.
        #expect(CALayer.backingStoreBytesAlive - before == 20 * 40 * 4)
        #expect(stats.backingStoreBytes == CALayer.backingStoreBytesAlive)
    }

    /// contentMode .redraw redraws when the bounds size changes; any other mode keeps the old
    /// backing store and the compositor scales it.
    @Test func contentModeRedrawVersusScaling() {
        let window = testWindow()
        let canvas = Canvas(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(canvas)
        canvas.setNeedsDisplay()
        window.commit()
        canvas.contentMode = .scaleAspectFill
        canvas.frame.size = CGSize(width: 40, height: 40)
        var stats = window.commit()
        #expect(stats.display.layersDisplayed == 0 && canvas.rects.count == 1)
        #expect(stats.render.misalignedLayers == 1)   // 40 × 40 px stretched over 80 × 80
        #expect(window.compositor.snapshot().pixel(x: 70, y: 70) == 0xFF00_FF00)
        canvas.contentMode = .redraw
        canvas.frame.size = CGSize(width: 30, height: 30)
        stats = window.commit()
        #expect(stats.display.layersDisplayed == 1 && canvas.rects.last == CGRect(x: 0, y: 0, width: 30, height: 30))
    }

    /// A view's `mask` view: only where the mask view paints does the view show (a red view
    /// masked by its left half, on a blue window, at @2x), through one mask pass.
    @Test func maskViewShowsTheViewOnlyWhereItPaints() {
        let window = testWindow()
        window.backgroundColor = .blue
        let red = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        red.backgroundColor = .red
        let half = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 100))
        half.backgroundColor = .white
        red.mask = half
        window.addSubview(red)
        let stats = window.commit()
        let image = window.compositor.snapshot()
        #expect(image.pixel(x: 20, y: 100) == 0xFFFF_0000 && image.pixel(x: 180, y: 100) == 0xFF00_00FF)
        #expect(stats.render.offscreen[.mask]?.passes == 1)
        red.mask = nil
        window.commit()
        #expect(window.compositor.snapshot().pixel(x: 180, y: 100) == 0xFFFF_0000)
    }

    @Test func redOpaqueViewOverBlueViewInPixels() {
        let window = testWindow()
        let blue = UIView(frame: window.bounds)
        blue.backgroundColor = .blue
        let red = UIView(frame: CGRect(x: 25, y: 25, width: 50, height: 50))
        red.backgroundColor = .red
        window.addSubview(blue)
        window.addSubview(red)
        let stats = window.commit()
        let image = window.compositor.snapshot()
        #expect(image.pixel(x: 100, y: 100) == 0xFFFF_0000 && image.pixel(x: 10, y: 10) == 0xFF00_00FF)
        // 200 × 200 px; the red view hides 100 × 100 px of blue.
        #expect(stats.render.damagedPixels == 40_000)
        #expect(stats.render.occludedPixels == 10_000)
        #expect(stats.render.compositedPixels == 40_000 && stats.render.blendedPixels == 0)
    }
}
