import Geometry
import CoreGraphics

/// The blurred shadow shapes a compositor made lately, by what makes one: the same shape on a
/// bitmap of the same size, blurred alike, gives the same mask. A shape is a path placed by a
/// matrix, or a subtree painted offscreen, known by its alpha (all the blur reads: painting it is
/// cheap, blurring it is not). The cards of a table (one size, positions whole pixels apart)
/// share one, so a frame blurs each shape once instead of once per card. Keeps the last `limit`
/// (4: a frame of cards has one shape or two; each mask is a card-sized bitmap).
final class ShadowMasks {
    enum Shape: Equatable {
        case path(CGPath, placed: CGAffineTransform)
        /// The alpha of a painted shape, a byte per pixel (all the blur reads).
        case alpha([UInt8])
    }

    struct Key: Hashable {
        let shape: Shape
        let width: Int, height: Int
        let sigma: Double

        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(height)
            hasher.combine(sigma)
            switch shape {
            case .path(_, let place): hasher.combine(place)   // the path is compared, not hashed
            case .alpha(let bytes): bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }

    let limit: Int
    private var masks: [Key: CairoImage] = [:]
    private var order: [Key] = []
    /// Masks blurred and masks reused, for tests.
    private(set) var made = 0, reused = 0

    init(limit: Int = 4) {
        self.limit = limit
    }

    private static func alpha(of image: CairoImage) -> [UInt8] {
        let width = image.width, height = image.height
        return [UInt8](unsafeUninitializedCapacity: width * height) { alpha, count in
            image.withPixels { base, stride in
                for y in 0..<height {
                    let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width { alpha[y * width + x] = UInt8(row[x] >> 24) }
                }
            }
            count = width * height
        }
    }

    /// The blurred mask of `shape` (nil: the shape is what `draw` paints): a kept one, or
    /// `draw`'s bitmap of `width × height` blurred by `sigma` (nil when no bitmap can be made).
    /// `draw` paints the shape in opaque alpha. A path's mask is looked for before any bitmap is
    /// made; a painted shape's once it is painted.
    func mask(of shape: Shape?, width: Int, height: Int, sigma: Double, draw: (CairoImage) -> Void) -> CairoImage? {
        func key(_ shape: Shape) -> Key { Key(shape: shape, width: width, height: height, sigma: sigma) }
        if let shape, let mask = kept(key(shape)) { return mask }
        guard let image = try? CairoImage(width: width, height: height) else { return nil }
        draw(image)
        let painted = key(shape ?? .alpha(Self.alpha(of: image)))
        if shape == nil, let mask = kept(painted) { return mask }
        image.blurAlpha(sigma: sigma)
        made += 1
        if order.count == limit { masks[order.removeFirst()] = nil }
        order.append(painted)
        masks[painted] = image
        return image
    }

    private func kept(_ key: Key) -> CairoImage? {
        guard let mask = masks[key] else { return nil }
        reused += 1
        return mask
    }
}
