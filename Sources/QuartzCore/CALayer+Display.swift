import Foundation
import Geometry
import CoreGraphics

/// What display passes did, counted exactly.
public struct DisplayStatistics: Equatable, Sendable {
    /// Layers whose content was drawn (`draw(in:)` called).
    public var layersDisplayed = 0
    /// Pixels of backing stores inside the dirty rectangles redrawn.
    public var pixelsDrawn = 0
    /// Drawing operations (fills, strokes, images, text) made while drawing.
    public var drawOperations = 0

    public init() {}
}

extension CALayer {
    /// Marks the whole layer for redrawing in the next display pass.
    public func setNeedsDisplay() {
        setNeedsDisplay(bounds)
    }

    /// Marks `rect` (bounds coordinates) for redrawing. Rectangles of one frame are unioned,
    /// then clipped to the bounds when drawn.
    public func setNeedsDisplay(_ rect: CGRect) {
        guard !rect.isNull, !rect.isEmpty else { return }
        dirtyRect = dirtyRect.union(rect)
        guard !needsDisplayFlag else { return }
        needsDisplayFlag = true
        markAncestorsNeedDisplay()
    }

    /// Whether the layer is marked for redrawing.
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now if marked.
    public func displayIfNeeded() {
        if needsDisplayFlag { display() }
    }

    func markAncestorsNeedDisplay() {
        var layer = renderParent
        while let l = layer, !l.subtreeNeedsDisplay {
            l.subtreeNeedsDisplay = true
            layer = l.renderParent
        }
    }

    /// Bytes of the current app's drawn backing stores alive now.
    public static var backingStoreBytesAlive: Int { AppEnvironment.current.layers.backingStoreBytes }

    /// The display pass of a frame: every marked layer of the tree redraws its dirty rectangle.
    /// Returns what it did.
    package static func displayPass(_ root: CALayer) -> DisplayStatistics {
        let app = AppEnvironment.current.layers
        let outer = app.runningPass
        app.runningPass = DisplayStatistics()
        defer { app.runningPass = outer }
        root.runDisplay()
        return app.runningPass!
    }

    private func runDisplay() {
        if needsDisplayFlag { display() }
        guard subtreeNeedsDisplay else { return }
        subtreeNeedsDisplay = false
        for sublayer in sublayerStorage where sublayer.needsDisplayFlag || sublayer.subtreeNeedsDisplay {
            sublayer.runDisplay()
        }
        if let mask, mask.needsDisplayFlag || mask.subtreeNeedsDisplay { mask.runDisplay() }
    }

    /// Core Animation's `display()`: a backing store of `bounds.size × contentsScale` pixels
    /// (kept between frames), cleared and redrawn within the dirty rectangle only. A layer whose
    /// drawing reaches the default (a view that does not override `draw(_:)`, or calls `super` and
    /// draws nothing) gets none and is not counted; the next display asks again.
    func defaultDisplay() {
        let dirty = dirtyRect.intersection(bounds)
        needsDisplayFlag = false
        dirtyRect = .null
        let scale = contentsScale
        let width = Int((bounds.width * scale - 1e-6).rounded(.up))
        let height = Int((bounds.height * scale - 1e-6).rounded(.up))
        guard width > 0, height > 0, !dirty.isNull, !dirty.isEmpty else {
            if width <= 0 || height <= 0, store?.isDrawn == true { store = nil }
            return
        }
        var target = store
        var area = dirty
        if target == nil || target?.isDrawn == false || target!.pixelWidth != width || target!.pixelHeight != height || target!.scale != scale {
            target = nil
            area = bounds
        }
        // An opaque layer with an opaque background has an opaque store, as UIKit gives opaque
        // views: the background is in it, so the compositor copies it in one pass.
        // A rounded layer keeps its background apart: its corners must stay clear.
        let opaqueFill = isOpaque && !isRounded ? backgroundColor.flatMap { $0.alpha >= 1 ? $0 : nil } : nil
        let pixels = PixelRect(covering: CGRect(x: (area.minX - bounds.minX) * scale, y: (area.minY - bounds.minY) * scale,
                                                width: area.width * scale, height: area.height * scale))
            .intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        var failed = false
        let context = CGContext(deferredClip: area) { [bounds] in
            if target == nil {
                do {
                    target = try BackingStore(pixelWidth: width, pixelHeight: height, scale: scale)
                } catch {
                    failed = true   // no memory for the store: drawn into a 1-pixel stand-in, kept nowhere
                    target = try! BackingStore(pixelWidth: 1, pixelHeight: 1, scale: scale)
                }
            }
            let cairo = CairoContext(image: target!.bitmap)
            cairo.rectangle(Double(pixels.x), Double(pixels.y), Double(pixels.width), Double(pixels.height))
            cairo.clip()
            cairo.save()
            if let fill = opaqueFill {
                let c = fill.components
                cairo.setSourceRGBA(Double(c[0]), Double(c[1]), Double(c[2]), 1)
                cairo.setOperator(.source)
            } else {
                cairo.setOperator(.clear)
            }
            cairo.paint()
            cairo.restore()
            cairo.scale(Double(scale), Double(scale))
            cairo.translate(Double(-bounds.minX), Double(-bounds.minY))
            return cairo
        }
        draw(in: context)
        // Whether this layer draws is decided by whether its drawing method is overridden, as
        // UIKit decides it by the class: the default `draw(in:)` (and `UIView.draw(_:)`) note that
        // they were reached. A `draw(_:)` of its own that drew nothing this time (an empty state)
        // still gets its store, so a later `setNeedsDisplay(_:)` redraws only its rectangle. One
        // that calls `super` and draws nothing is taken as not drawing. Decided at every display,
        // for this layer: another instance of its class decides for itself.
        if context.defaultDrawReached && context.drawingOperations == 0 {
            if store?.isDrawn == true { store = nil }
            return
        }
        context.makeIfNeeded()
        if failed {
            if store?.isDrawn == true { store = nil }
            return
        }
        target!.hasBackground = opaqueFill != nil
        store = target
        contentDamage = contentDamage.union(area)
        markSubtreeRenderChanged()
        let app = AppEnvironment.current.layers
        app.runningPass?.layersDisplayed += 1
        app.runningPass?.pixelsDrawn += pixels.area
        app.runningPass?.drawOperations += context.drawingOperations
    }

    /// The dirty rectangle a `display()` would redraw now (bounds coordinates), for tests and
    /// views that draw.
    public var pendingDirtyRect: CGRect { dirtyRect.intersection(bounds) }
}

extension CALayer {
    /// The commit's prepare phase, as Core Animation's: the images set as contents of layers
    /// shown under `root` (in the tree, none of them hidden) that are not decoded yet are decoded,
    /// each once, before the transaction goes to the render server. Layers off screen keep
    /// theirs for a later commit.
    package static func prepareImages(under root: CALayer) {
        let state = AppEnvironment.current.layers
        guard !state.undecoded.isEmpty else { return }
        state.undecoded.removeAll { entry in
            guard let layer = entry.layer else { return true }
            guard let image = layer.store?.setImage, !image.isDecoded else {
                layer.queuedForDecode = false
                return true
            }
            var shown: CALayer? = layer
            while let current = shown, current !== root {
                if current.isHidden { return false }
                shown = current.superlayer
            }
            guard shown === root, !root.isHidden else { return false }
            image.decode()
            layer.queuedForDecode = false
            return true
        }
    }
}
