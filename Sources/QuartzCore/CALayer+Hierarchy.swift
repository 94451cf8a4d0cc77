import Foundation

extension CALayer {
    /// The sublayers, back to front in sibling order; nil when there are none, as in Core
    /// Animation. Setting it removes the old sublayers and adds the new ones.
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.removeFromSuperlayer() }
            for layer in newValue ?? [] { addSublayer(layer) }
        }
    }

    /// Appends `layer` as the front-most sublayer, first removing it from its old superlayer.
    public func addSublayer(_ layer: CALayer) {
        insert(layer, at: nil)
    }

    /// Inserts `layer` at `index` of the sublayers (0 is the back).
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        insert(layer, at: Int(index))
    }

    /// Inserts `layer` just behind `sibling`; at the front when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        layer.removeFromSuperlayer()
        insert(layer, at: sibling.flatMap(indexOfSublayer))
    }

    /// Inserts `layer` just in front of `sibling`; at the front when `sibling` is nil or not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        layer.removeFromSuperlayer()
        insert(layer, at: sibling.flatMap(indexOfSublayer).map { $0 + 1 })
    }

    /// Puts `newLayer` where `oldLayer` is; does nothing when `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = indexOfSublayer(oldLayer) else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index)
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer, let index = parent.indexOfSublayer(self) else { return }
        var root = parent
        while let up = root.superlayer { root = up }
        forgetScreenBoxes(into: &root.removedDamage)
        parent.markSubtreeRenderChanged()
        parent.subtreeRenderChanged = true
        parent.sublayerStorage.remove(at: index)
        superlayer = nil
        geometryDidChange()
        parent._checkInvariants()
    }

    /// Moves what the subtree covered on screen into `damage`: those pixels must be redrawn.
    private func forgetScreenBoxes(into damage: inout PixelRegion) {
        if let box = lastScreenBox { damage.formUnion(box) }
        lastScreenBox = nil
        for sublayer in sublayerStorage { sublayer.forgetScreenBoxes(into: &damage) }
    }

    /// Whether `self` is `layer` or lies below it in the tree.
    public func isDescendant(of layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let l = current {
            if l === layer { return true }
            current = l.superlayer
        }
        return false
    }

    private func indexOfSublayer(_ layer: CALayer) -> Int? {
        sublayerStorage.firstIndex { $0 === layer }
    }

    private func insert(_ layer: CALayer, at index: Int?) {
        precondition(!isDescendant(of: layer), "cannot add a layer inside itself: \(layer)")
        layer.removeFromSuperlayer()
        let position = min(index ?? sublayerStorage.count, sublayerStorage.count)
        sublayerStorage.insert(layer, at: position)
        layer.superlayer = self
        layer.geometryDidChange()
        if layer.needsLayoutFlag || layer.subtreeNeedsLayout { noteSublayerNeedsLayout(layer) }
        if layer.needsDisplayFlag || layer.subtreeNeedsDisplay { layer.markAncestorsNeedDisplay() }
        _checkInvariants()
    }

    /// Stops the process, naming what broke, unless the tree's links around this layer hold
    /// (a debug build's check, `UISIM_INTERNAL_CHECKS`, after every insertion and removal): each
    /// sublayer's superlayer is this layer, no sublayer is listed twice, this layer is among its
    /// superlayer's sublayers, and its mask has no superlayer and knows it masks this layer.
    /// (No layer is its own ancestor: `insert` refuses that before it changes anything.)
    package func _checkInvariants() {
        #if UISIM_INTERNAL_CHECKS
        var seen = Set<ObjectIdentifier>()
        for (index, sublayer) in sublayerStorage.enumerated() {
            precondition(sublayer.superlayer === self, "CALayer: sublayer \(index) (\(sublayer)) of \(self) has another superlayer")
            precondition(sublayerStorage.count < 2 || seen.insert(ObjectIdentifier(sublayer)).inserted,
                         "CALayer: \(sublayer) is a sublayer of \(self) twice")
        }
        if let superlayer {
            precondition(superlayer.sublayerStorage.contains { $0 === self }, "CALayer: \(self) is not among its superlayer's sublayers")
        }
        if let mask {
            precondition(mask.superlayer == nil, "CALayer: the mask of \(self) has a superlayer")
            precondition(mask.maskOwner === self, "CALayer: the mask of \(self) does not know it masks it")
        }
        #endif
    }
}
