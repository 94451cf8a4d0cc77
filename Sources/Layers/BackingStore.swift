import Foundation
import Geometry
import Graphics

/// A layer's content bitmap: drawn by `display()` (`bounds.size × contentsScale` pixels,
/// premultiplied ARGB), or an image set as `contents`.
final class BackingStore {
    let bitmap: CairoImage
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
        bitmap = try CairoImage(width: pixelWidth, height: pixelHeight)
        self.scale = scale
        isDrawn = true
        sharedImage = nil
        let owner = AppEnvironment.current.layers
        owner.backingStoreBytes += bitmap.stride * bitmap.height
        self.owner = owner
    }

    init(image: CGImage, scale: CGFloat) {
        bitmap = image.storage
        self.scale = scale
        isDrawn = false
        sharedImage = image
        owner = nil
    }

    deinit {
        owner?.backingStoreBytes -= bitmap.stride * bitmap.height
    }

    var pixelWidth: Int { bitmap.width }
    var pixelHeight: Int { bitmap.height }

    /// The content as an image (a copy for drawn stores, which keep changing).
    var image: CGImage? {
        if let sharedImage { return sharedImage }
        return try? CGImage(copying: bitmap)
    }

    /// Size of the content in points.
    var pointSize: CGSize { CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale) }
}

/// What the layers keep per app: the display pass running (its count of the work, which the pass
/// returns), and the memory of drawn backing stores.
final class LayerAppState {
    /// The display work of the pass running now, if one is (a display outside a pass, such as
    /// `displayIfNeeded()` called by the app, is done, not counted).
    var runningPass: DisplayStatistics?
    var backingStoreBytes = 0
}

extension AppEnvironment {
    var layers: LayerAppState { state(LayerAppState.self) { LayerAppState() } }
}
