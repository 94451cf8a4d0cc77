import Foundation
import Geometry

/// The render server's cache of rasterized layers (`shouldRasterize`), as Apple describes it
/// (WWDC 2014 session 419, "Advanced Graphics and Animations for iOS Apps"): a rasterized subtree
/// is rendered offscreen once and its bitmap reused while nothing in the subtree changes; a
/// bitmap unused for more than 100 ms is dropped, and the cache holds at most 2.5 screens of
/// pixels. What uisim models:
/// - a bitmap is *used* when its layer is composited in a frame (it lies in the frame's damage);
/// - it is kept while no layer of the subtree changes (moving the rasterized layer itself keeps
///   it; a change of its size or `rasterizationScale` does not);
/// - a bitmap holds the subtree's extent (shadows included) at `rasterizationScale`;
/// - when a new bitmap does not fit, the least recently used are dropped first; a bitmap larger
///   than the whole cache is never kept (a miss every frame).
public final class RasterCache {
    /// How long a bitmap is kept unused, in seconds.
    public static let lifetime: TimeInterval = 0.1
    /// The cache's size, in screens.
    public static let screens = 2.5

    /// The most pixels the cache holds.
    public let capacity: Int
    /// The time of the frame being rendered, in seconds.
    var now: TimeInterval = 0
    /// Pixels held now.
    public private(set) var pixelsHeld = 0

    private struct Entry {
        weak var layer: CALayer?
        let size: CGSize
        let scale: CGFloat
        let pixels: Int
        var lastUsed: TimeInterval
        /// Order of last use, for a deterministic least-recently-used choice.
        var order: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var uses = 0

    init(screenPixels: Int) {
        capacity = Int(Double(screenPixels) * Self.screens)
    }

    /// Bitmaps held now.
    public var count: Int { entries.count }

    /// Drops the bitmaps unused for longer than `lifetime` and those of layers gone.
    func expire() {
        for (key, entry) in entries where entry.layer == nil || now - entry.lastUsed > Self.lifetime + 1e-9 {
            drop(key)
        }
    }

    /// Whether `layer`'s bitmap is cached and still good (then marked used).
    func lookUp(_ layer: CALayer) -> Bool {
        let key = ObjectIdentifier(layer)
        guard var entry = entries[key] else { return false }
        guard entry.layer === layer, !layer.rasterStale, entry.size == layer.bounds.size, entry.scale == layer.rasterizationScale else {
            drop(key)
            return false
        }
        uses += 1
        entry.lastUsed = now
        entry.order = uses
        entries[key] = entry
        return true
    }

    /// Keeps `layer`'s freshly rendered bitmap, dropping the least recently used to make room.
    func store(_ layer: CALayer) {
        let key = ObjectIdentifier(layer)
        drop(key)
        layer.rasterStale = false
        let extent = layer.subtreeExtent, scale = layer.rasterizationScale
        let pixels = Int((extent.width * scale).rounded(.up)) * Int((extent.height * scale).rounded(.up))
        guard pixels <= capacity else { return }
        while pixelsHeld + pixels > capacity, let oldest = entries.min(by: { $0.value.order < $1.value.order })?.key {
            drop(oldest)
        }
        uses += 1
        entries[key] = Entry(layer: layer, size: layer.bounds.size, scale: scale, pixels: pixels, lastUsed: now, order: uses)
        pixelsHeld += pixels
    }

    private func drop(_ key: ObjectIdentifier) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        pixelsHeld -= entry.pixels
    }
}
