import Foundation

extension CALayer {
    /// Marks the layer as needing `layoutSublayers()` in the next layout pass. Calls in one
    /// frame coalesce: the layer is laid out once.
    public func setNeedsLayout() {
        guard !needsLayoutFlag else { return }
        needsLayoutFlag = true
        // The superlayer is told even when a sublayer already led it here: a layer that asks
        // again during its own layout has a superlayer whose mark this pass already took.
        superlayer?.noteSublayerNeedsLayout(self)
    }

    /// Whether the layer is marked for layout.
    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now, as Core Animation does: the superlayers are climbed while they need
    /// layout, and the tree below the highest of them is laid out.
    public func layoutIfNeeded() {
        var top: CALayer = self
        while let parent = top.superlayer, parent.needsLayoutFlag { top = parent }
        var count = 0
        top.runLayout(count: &count)
    }

    /// `sublayer` newly needs layout or leads to a layer that does: this layer, and its
    /// ancestors while they were not yet marked, lead to it.
    func noteSublayerNeedsLayout(_ sublayer: CALayer) {
        if sublayersToLayOut.count < 2 { sublayersToLayOut.append(sublayer) }
        guard !subtreeNeedsLayout else { return }
        let listed = needsLayoutFlag
        subtreeNeedsLayout = true
        if !listed { superlayer?.noteSublayerNeedsLayout(self) }
    }

    /// Lays out the layer if marked, then every marked layer below it, parents first. Only the
    /// paths to marked layers are walked. `count` adds one per `layoutSublayers()` call.
    func runLayout(count: inout Int) {
        if needsLayoutFlag {
            needsLayoutFlag = false
            count += 1
            layoutSublayers()
        }
        guard subtreeNeedsLayout else { return }
        subtreeNeedsLayout = false
        let marked = sublayersToLayOut
        sublayersToLayOut = []
        // One marked sublayer: follow it. Several: walk the sublayers in their order, as Core
        // Animation lays siblings out (this costs the fan-out, only where several are marked).
        if marked.count == 1 {
            if marked[0].superlayer === self { marked[0].runLayout(count: &count) }
            return
        }
        for sublayer in sublayerStorage where sublayer.needsLayoutFlag || sublayer.subtreeNeedsLayout {
            sublayer.runLayout(count: &count)
        }
    }

    /// The layout pass of a frame over the tree of `root`: returns how many layers were laid out.
    package static func layoutPass(_ root: CALayer) -> Int {
        var count = 0
        while root.needsLayoutFlag || root.subtreeNeedsLayout {
            root.runLayout(count: &count)
            if count > 100_000 { break }   // a layout that keeps asking for layout: give up this frame
        }
        return count
    }
}
