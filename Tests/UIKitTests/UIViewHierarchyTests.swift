import Foundation
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

@Suite struct UIViewHierarchyTests {
    func tagged(_ tag: Int) -> UIView {
        let view = UIView(frame: .zero)
        view.tag = tag
        return view
    }

    /// The layer tree must always list the subviews' layers in the subviews' order.
    func expectLayersMatch(_ view: UIView, sourceLocation: SourceLocation = #_sourceLocation) {
        let layers = (view.layer.sublayers ?? []).map(ObjectIdentifier.init)
        #expect(layers == view.subviews.map { ObjectIdentifier($0.layer) }, sourceLocation: sourceLocation)
    }

    @Test func orderingOperationsKeepLayersInStep() {
        let parent = UIView(frame: .zero)
        let a = tagged(1), b = tagged(2), c = tagged(3), d = tagged(4)
        parent.addSubview(a)
        parent.addSubview(b)
        parent.insertSubview(c, at: 0)
        #expect(parent.subviews.map(\.tag) == [3, 1, 2])
        expectLayersMatch(parent)
        parent.insertSubview(d, aboveSubview: c)
        #expect(parent.subviews.map(\.tag) == [3, 4, 1, 2])
        parent.bringSubviewToFront(c)
        #expect(parent.subviews.map(\.tag) == [4, 1, 2, 3])
        expectLayersMatch(parent)
        parent.sendSubviewToBack(b)
        #expect(parent.subviews.map(\.tag) == [2, 4, 1, 3])
        parent.insertSubview(b, belowSubview: a)
        #expect(parent.subviews.map(\.tag) == [4, 2, 1, 3])
        parent.exchangeSubview(at: 0, withSubviewAt: 3)
        #expect(parent.subviews.map(\.tag) == [3, 2, 1, 4])
        expectLayersMatch(parent)
        parent.addSubview(b)   // already a subview: moves to the front
        #expect(parent.subviews.map(\.tag) == [3, 1, 4, 2])
        expectLayersMatch(parent)
        a.removeFromSuperview()
        #expect(parent.subviews.map(\.tag) == [3, 4, 2] && a.superview == nil && a.layer.superlayer == nil)
        expectLayersMatch(parent)
        let other = UIView(frame: .zero)
        other.addSubview(c)
        #expect(parent.subviews.map(\.tag) == [4, 2] && c.superview === other)
        expectLayersMatch(parent)
    }

    @Test func searchAndAncestry() {
        let root = tagged(0), mid = tagged(5), leaf = tagged(7)
        root.addSubview(mid)
        mid.addSubview(leaf)
        #expect(root.viewWithTag(7) === leaf)
        #expect(root.viewWithTag(0) === root)
        #expect(root.viewWithTag(99) == nil)
        #expect(leaf.isDescendant(of: root) && leaf.isDescendant(of: leaf) && !root.isDescendant(of: leaf))
    }

    @Test func windowAndContentsScaleFollowTheScreen() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.screen = UIScreen(model: .iPhoneSE3)
        let view = UIView(frame: .zero), child = UIView(frame: .zero)
        view.addSubview(child)
        #expect(child.window == nil && child.layer.contentsScale == 1)
        window.addSubview(view)
        #expect(child.window === window && view.window === window)
        #expect(child.layer.contentsScale == 2 && child.contentScaleFactor == 2)
        window.screen = UIScreen(model: .iPhone14)
        #expect(child.layer.contentsScale == 3)
        view.removeFromSuperview()
        #expect(child.window == nil)
    }

    @Test func callbacksComeInUIKitsOrder() {
        final class Probe: UIView {
            var log: [String] = []
            override func willMove(toSuperview newSuperview: UIView?) { log.append("willMoveToSuperview \(newSuperview == nil ? "nil" : "view")") }
            override func willMove(toWindow newWindow: UIWindow?) { log.append("willMoveToWindow \(newWindow == nil ? "nil" : "window")") }
            override func didMoveToWindow() { log.append("didMoveToWindow") }
            override func didMoveToSuperview() { log.append("didMoveToSuperview") }
        }
        let window = UIWindow(frame: .zero)
        let probe = Probe(frame: .zero)
        window.addSubview(probe)
        #expect(probe.log == ["willMoveToSuperview view", "willMoveToWindow window", "didMoveToWindow", "didMoveToSuperview"])
        probe.log = []
        probe.removeFromSuperview()
        #expect(probe.log == ["willMoveToSuperview nil", "willMoveToWindow nil", "didMoveToWindow", "didMoveToSuperview"])
    }

    @Test func defaultsAreUIKits() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(view.isOpaque && view.layer.isOpaque)
        #expect(view.contentMode == .scaleToFill && view.layer.contentsGravity == .resize)
        #expect(view.alpha == 1 && !view.isHidden && !view.clipsToBounds && view.backgroundColor == nil)
        #expect(view.isUserInteractionEnabled && view.autoresizesSubviews && view.autoresizingMask.isEmpty)
        #expect(view.layer.delegate === view)
        #expect(CALayer().isOpaque == false)
        view.contentMode = .redraw
        #expect(view.layer.needsDisplayOnBoundsChange)
        view.contentMode = .scaleAspectFill
        #expect(!view.layer.needsDisplayOnBoundsChange && view.layer.contentsGravity == .resizeAspectFill)
        view.backgroundColor = .red
        #expect(view.layer.backgroundColor == UIColor.red.cgColor)
        view.alpha = 0.5
        view.clipsToBounds = true
        #expect(view.layer.opacity == 0.5 && view.layer.masksToBounds)
        #expect(view.description == "<UIView: frame = (0 0; 10 10)>")
    }

    @Test func layerClassChoosesTheLayer() {
        nonisolated final class TiledLayer: CALayer {}
        final class TiledView: UIView {
            override class var layerClass: AnyClass { TiledLayer.self }
        }
        #expect(TiledView(frame: .zero).layer is TiledLayer)
    }
}

@Suite struct ResponderAndScreenTests {
    @Test func responderChainRunsToTheApplication() {
        let window = UIWindow(frame: .zero)
        let view = UIView(frame: .zero), child = UIView(frame: .zero)
        window.addSubview(view)
        view.addSubview(child)
        #expect(child.next === view)
        #expect(view.next === window)
        #expect(window.next === UIApplication.shared)
        #expect(UIApplication.shared.next == nil)
    }

    @Test func windowsStartHiddenUntilMadeKey() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(window.isHidden && !window.isKeyWindow)
        window.makeKeyAndVisible()
        #expect(!window.isHidden && window.isKeyWindow)
        #expect(UIApplication.shared.windows.contains { $0 === window })
        #expect(window.window === window)
    }

    @Test func screenPresets() {
        let main = UIScreen.main
        #expect(main.model == .iPhone14)
        #expect(main.bounds == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(main.nativeBounds == CGRect(x: 0, y: 0, width: 1170, height: 2532))
        #expect(main.scale == 3 && main.nativeScale == 3 && main.maximumFramesPerSecond == 60)
        let plus = UIScreen(model: .iPhone8Plus)
        #expect(plus.scale == 3 && plus.nativeScale.isApproximatelyEqual(to: 1080.0 / 414, tolerance: 1e-12))
        #expect(plus.nativeBounds.size == CGSize(width: 1080, height: 1920))
        #expect(UIScreen(model: .iPhone15Pro).maximumFramesPerSecond == 120)
        #expect(UIScreen.Model.named("iPhone-15-Pro") == .iPhone15Pro)
        #expect(UIScreen.Model.named("nokia") == nil)
        #expect(Set(UIScreen.Model.all.map(\.identifier)).count == UIScreen.Model.all.count)
    }
}
