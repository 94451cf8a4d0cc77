import Foundation
import Geometry

extension CALayer {
    /// The transform's affine part (what uisim applies).
    public func affineTransform() -> CGAffineTransform {
        CATransform3DGetAffineTransform(transform)
    }

    /// Sets `transform` to the 3-D form of the affine transform `m`.
    public func setAffineTransform(_ m: CGAffineTransform) {
        transform = CATransform3DMakeAffineTransform(m)
    }

    /// The anchor point in the layer's own (bounds) coordinates.
    public var anchorPointInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// The smallest rectangle in the superlayer's coordinates that holds the transformed bounds.
    ///
    /// Setting it with the identity transform sets the bounds size and the position (the bounds
    /// origin is kept). With a transform, Core Animation leaves the result undefined; uisim keeps
    /// the transform, sets the bounds size when the transform is a scale (so that the new frame is
    /// the rectangle given), keeps it otherwise, and moves the position so that the frame's center
    /// is the rectangle's center.
    public var frame: CGRect {
        get {
            let w = bounds.width, h = bounds.height
            let local = CGRect(x: -anchorPoint.x * w, y: -anchorPoint.y * h, width: w, height: h)
            let t = affineTransform()
            let placed = t.isIdentity ? local : local.applying(t)
            return placed.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let r = newValue.standardized
            let t = affineTransform()
            if t.isIdentity {
                bounds.size = r.size
                position = CGPoint(x: r.minX + anchorPoint.x * r.width, y: r.minY + anchorPoint.y * r.height)
                return
            }
            if t.b == 0 && t.c == 0 && t.a != 0 && t.d != 0 {
                bounds.size = CGSize(width: r.width / abs(t.a), height: r.height / abs(t.d))
            }
            let current = frame
            position.x += r.midX - current.midX
            position.y += r.midY - current.midY
        }
    }

    /// A point of the superlayer's coordinates in the layer's: what `transformToSuperlayer`
    /// inverted gives, with a short path for the common layer (no transform, unflipped parent),
    /// which hit testing asks of every layer it visits.
    /// `superlayerIsFlipped` is the superlayer's `isGeometryFlipped`, which the caller walking
    /// down the tree has at hand (reading it through the weak `superlayer` costs more).
    package func pointFromSuperlayer(_ point: CGPoint, superlayerIsFlipped: Bool) -> CGPoint {
        if !superlayerIsFlipped && affineTransform().isIdentity {
            let anchor = anchorPointInBounds
            return CGPoint(x: point.x - position.x + anchor.x, y: point.y - position.y + anchor.y)
        }
        return point.applying(transformToSuperlayer.inverted())
    }

    /// The transform from the layer's coordinates to its superlayer's: about the anchor point,
    /// through `transform`, to `position`, then mirrored if the superlayer's geometry is flipped.
    package var transformToSuperlayer: CGAffineTransform {
        var m = transformToParentSpace
        if let parent = superlayer, parent.isGeometryFlipped {
            let b = parent.bounds
            m = m.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: b.minY + b.maxY))
        }
        return m
    }

    /// The transform to the space the layer's `position` is measured in, without any flip.
    private var transformToParentSpace: CGAffineTransform {
        let anchor = anchorPointInBounds
        let t = affineTransform()
        if t.isIdentity {
            return CGAffineTransform(translationX: position.x - anchor.x, y: position.y - anchor.y)
        }
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(t)
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// The transform from the layer's coordinates to those of the root of its tree, and that root.
    package func transformToRoot() -> (transform: CGAffineTransform, root: CALayer) {
        var m = CGAffineTransform.identity
        var layer = self
        while let parent = layer.superlayer {
            m = m.concatenating(layer.transformToSuperlayer)
            layer = parent
        }
        return (m, layer)
    }

    /// The transform from the layer's coordinates to the space its tree's root is placed in
    /// (the root's `position` space: for a window, the screen).
    package func transformToScreen() -> CGAffineTransform {
        let (toRoot, root) = transformToRoot()
        return toRoot.concatenating(root.transformToParentSpace)
    }

    /// The transform from `layer`'s coordinates to `self`'s. `nil` means the coordinates of the
    /// root of `self`'s tree. Layers of different trees meet in the space their roots are placed
    /// in (for windows: the screen).
    private func transform(from layer: CALayer?) -> CGAffineTransform {
        let (toRoot, root) = transformToRoot()
        guard let layer else { return toRoot.inverted() }
        let (otherToRoot, otherRoot) = layer.transformToRoot()
        if otherRoot === root {
            return otherToRoot.concatenating(toRoot.inverted())
        }
        return layer.transformToScreen().concatenating(transformToScreen().inverted())
    }

    /// `point`, given in `layer`'s coordinates, in the receiver's (nil: the root's coordinates).
    public func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint {
        point.applying(transform(from: layer))
    }

    /// `point`, given in the receiver's coordinates, in `layer`'s (nil: the root's coordinates).
    public func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint {
        point.applying(transform(from: layer).inverted())
    }

    /// The bounding box, in the receiver's coordinates, of `rect` given in `layer`'s.
    public func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect {
        rect.applying(transform(from: layer))
    }

    /// The bounding box, in `layer`'s coordinates, of `rect` given in the receiver's.
    public func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect {
        rect.applying(transform(from: layer).inverted())
    }
}
