import Foundation
import Geometry
import CoreGraphics

extension Compositor {
    /// Walks the paths of changed layers; a layer whose geometry changed takes its whole subtree
    /// along (their pixels moved). Damage is each affected layer's old and new screen box (its
    /// shadow included). A change inside a rasterized subtree makes its bitmap stale; a change
    /// inside a subtree whose shadow is cast from its alpha damages the whole shadow.
    /// Layers changed only because an animation moved them (or an animated ancestor) are counted
    /// in `animated`, not `changed`: the app did not commit them.
    func collectDamage(_ layer: CALayer, transform t: CGAffineTransform, clip: PixelRect, forced: Bool,
                               forcedByAnimation: Bool = false, rasterRoot: CALayer? = nil, alphaShadow: PixelRect? = nil,
                               into damage: inout PixelRegion, changed: inout Int, animated: inout Int) {
        let moved = forced || layer.geometryChanged
        let visible = !layer.isHidden && layer.opacity > 0
        let box = visible ? PixelRect(covering: layer.paintExtent.applying(t)).intersection(clip) : .zero
        let changedItself = layer.geometryChanged || layer.appearanceChanged || !layer.contentDamage.isNull
        let byApp = changedItself && !layer.changedByAnimationOnly
        let byAnimation = !byApp && (layer.changedByAnimationOnly || (forced && forcedByAnimation))
        // What moves the sublayers: the app's change of this layer's geometry, or an animation.
        let movedByAnimation = !(layer.geometryChanged && !layer.changedByAnimationOnly)
            && ((forced && forcedByAnimation) || (layer.geometryChanged && layer.changedByAnimationOnly))
        layer.changedByAnimationOnly = false
        if moved || layer.appearanceChanged {
            if let old = layer.lastScreenBox { damage.formUnion(old) }
            damage.formUnion(box)
            if byAnimation { animated += 1 } else { changed += 1 }
        } else if !layer.contentDamage.isNull {
            damage.formUnion(PixelRect(covering: layer.contentDamage.applying(t)).intersection(box))
            changed += 1
        }
        if changedItself {
            if let rasterRoot, rasterRoot !== layer { rasterRoot.rasterStale = true }
            if let alphaShadow { damage.formUnion(alphaShadow) }
        }
        if layer.shouldRasterize && (layer.appearanceChanged || !layer.contentDamage.isNull) { layer.rasterStale = true }
        layer.lastScreenBox = box.isEmpty ? nil : box
        layer.wasRendered = true
        layer.geometryChanged = false
        layer.appearanceChanged = false
        layer.contentDamage = .null
        layer.mask?.clearRenderMarks()
        guard moved || layer.subtreeRenderChanged else { return }
        layer.subtreeRenderChanged = false
        let childClip = layer.masksToBounds ? box.intersection(PixelRect(covering: layer.bounds.applying(t))) : clip
        let childRaster = layer.shouldRasterize ? layer : rasterRoot
        let childShadow = layer.castsShadow && layer.shadowPath == nil ? box : alphaShadow
        for sublayer in layer.sublayerStorage {
            collectDamage(sublayer, transform: sublayer.transformToSuperlayer.concatenating(t), clip: childClip,
                          forced: moved || !visible, forcedByAnimation: movedByAnimation,
                          rasterRoot: childRaster, alphaShadow: childShadow,
                          into: &damage, changed: &changed, animated: &animated)
        }
    }
}
