import Foundation
import Geometry
import CoreGraphics

/// A layer's content bitmap: drawn by `display()` (`bounds.size × contentsScale` pixels,
/// premultiplied ARGB), or an image set as `contents`.
final class BackingStore {
    /// The pixels: a drawn store's own, or the image's (decoded when first asked for: the
    /// commit's prepare phase decodes the images of layers on screen before they are composited).
    var bitmap: CairoImage { drawnBitmap ?? sharedImage!.storage }
    private let drawnBitmap: CairoImage?
    /// Pixels per point of the content.
    let scale: CGFloat
    /// Whether the layer drew it (as opposed to an image set as `contents`).
    let isDrawn: Bool
    /// Whether the layer's opaque background color was drawn into it (an opaque store).
    var hasBackground = false
    private let sharedImage: CGImage?

    /// The app whose memory a drawn store counts in (the one current when it was made).
    private let owner: LayerAppState?

    init(pixelWidth: Int, pixelHeight: Int, scale: CGFloat) throws {
        let bitmap = try CairoImage(width: pixelWidth, height: pixelHeight)
        drawnBitmap = bitmap
        self.scale = scale
        isDrawn = true
        sharedImage = nil
        let owner = AppEnvironment.current.layers
        owner.backingStoreBytes += bitmap.stride * bitmap.height
        self.owner = owner
    }

    init(image: CGImage, scale: CGFloat) {
        drawnBitmap = nil
        self.scale = scale
        isDrawn = false
        sharedImage = image
        owner = nil
    }

    deinit {
        if let drawnBitmap { owner?.backingStoreBytes -= drawnBitmap.stride * drawnBitmap.height }
    }

    var pixelWidth: Int { drawnBitmap?.width ?? sharedImage!.width }
    var pixelHeight: Int { drawnBitmap?.height ?? sharedImage!.height }

    /// The image set as contents, if the store is one (nil for a drawn store).
    var setImage: CGImage? { sharedImage }

    /// The content as an image (a copy for drawn stores, which keep changing).
    var image: CGImage? {
        if let sharedImage { return sharedImage }
        return try? CGImage(copying: bitmap)
    }

    /// Size of the content in points.
    var pointSize: CGSize { CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale) }
}

/// QuartzCore's state of one app, kept in the app's `quartzCore` slot (`AppEnvironment`, one slot
/// per layer above CoreGraphics): the app's animations, the display pass running (its count of the
/// work, which the pass returns), and the memory of drawn backing stores.
final class LayerAppState {
    /// The app's animations, their clock and transactions.
    let animations = AnimationRegistry()
    /// The display work of the pass running now, if one is (a display outside a pass, such as
    /// `displayIfNeeded()` called by the app, is done, not counted).
    var runningPass: DisplayStatistics?
    var backingStoreBytes = 0
    /// Layers given an image not yet decoded as contents: the commit's prepare phase decodes
    /// those on screen (the others wait until they are).
    var undecoded: [WeakLayer] = []

    struct WeakLayer {
        weak var layer: CALayer?
    }
}

extension AppEnvironment {
    /// QuartzCore's state of this app, made on first use.
    var layers: LayerAppState {
        if let state = quartzCore { return unsafeDowncast(state, to: LayerAppState.self) }
        let state = LayerAppState()
        quartzCore = state
        return state
    }
}
