import Foundation
import CoreGraphics
import Geometry
import Support

/// An image with a scale, as UIKit's `UIImage`: `size` is in points (pixels ÷ scale).
///
/// Images made from files (`init(named:)`, `init(contentsOfFile:)`, `init(data:)`; PNG and JPEG)
/// are decoded the first time their pixels are needed, once (see `CGImage`): setting one on an
/// image view costs nothing until the commit prepares it for the render server. Images from
/// asset catalogs and loose files in a bundle are found by `init(named:in:compatibleWith:)` as
/// UIKit finds them (see `AssetCatalog`), and shared: the same name gives the same pixels.
open class UIImage: NSObject {
    /// How an image is drawn: as its own colours, or as a template (its alpha filled with the
    /// tint colour), UIKit's `UIImage.RenderingMode`.
    public enum RenderingMode: Int, Sendable {
        /// As the context decides: a symbol image is a template, any other is drawn as it is.
        case automatic
        case alwaysOriginal
        case alwaysTemplate
    }

    /// How the middle of a resizable image fills its size (UIKit's `UIImage.ResizingMode`).
    public enum ResizingMode: Int, Sendable {
        case tile, stretch
    }

    /// The bitmap.
    open var cgImage: CGImage? { _cgImage }
    /// Pixels per point.
    open var scale: CGFloat { _scale }
    open var renderingMode: RenderingMode { _renderingMode }
    /// The edges kept at their size when the image is stretched (`resizableImage(withCapInsets:)`).
    open var capInsets: UIEdgeInsets { _capInsets }
    open var resizingMode: ResizingMode { _resizingMode }
    /// Whether the image is an SF Symbol (`init(systemName:)`; uisim draws a placeholder).
    open var isSymbolImage: Bool { _isSymbolImage }
    /// The symbol's configuration (point size, weight, scale), for a symbol image.
    open var symbolConfiguration: SymbolConfiguration? { _symbolConfiguration }
    /// The colour a template image is drawn in (`withTintColor(_:)`), if one was given.
    package let tintColor: UIColor?
    private let _cgImage: CGImage?
    private let _scale: CGFloat
    private let _renderingMode: RenderingMode
    private let _capInsets: UIEdgeInsets
    private let _resizingMode: ResizingMode
    private let _isSymbolImage: Bool
    private let _symbolConfiguration: SymbolConfiguration?
    private let _flips: Bool
    /// The name it was found by, for descriptions.
    package let name: String?
    /// Where an asset with light and dark images came from, and the appearance this one is for:
    /// an image view shows the other when its appearance changes (UIKit's `imageAsset`).
    package let appearanceAsset: (bundle: Bundle, style: UIUserInterfaceStyle)?

    package init(cgImage: CGImage?, scale: CGFloat, renderingMode: RenderingMode = .automatic, capInsets: UIEdgeInsets = .zero,
                 resizingMode: ResizingMode = .tile, tintColor: UIColor? = nil, isSymbolImage: Bool = false,
                 symbolConfiguration: SymbolConfiguration? = nil, name: String? = nil,
                appearanceAsset: (bundle: Bundle, style: UIUserInterfaceStyle)? = nil, flipsForRightToLeft: Bool = false) {
        _flips = flipsForRightToLeft
        _cgImage = cgImage
        _scale = scale > 0 ? scale : 1
        _renderingMode = renderingMode
        _capInsets = capInsets
        _resizingMode = resizingMode
        self.tintColor = tintColor
        _isSymbolImage = isSymbolImage
        _symbolConfiguration = symbolConfiguration
        self.name = name
        self.appearanceAsset = appearanceAsset
        super.init()
    }

    /// An empty image (NSObject's initializer, as on iOS): no bitmap, size zero, scale 1.
    public override init() {
        (_cgImage, _scale, _renderingMode, _capInsets, _resizingMode, _flips) = (nil, 1, .automatic, .zero, .tile, false)
        (tintColor, _isSymbolImage, _symbolConfiguration, name, appearanceAsset) = (nil, false, nil, nil, nil)
        super.init()
    }

    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, renderingMode: .automatic)
    }

    /// An image of `cgImage` at `scale` (UIKit's spelling also takes an orientation).
    package convenience init(cgImage: CGImage, scale: CGFloat) {
        self.init(cgImage: cgImage, scale: scale, renderingMode: .automatic)
    }

    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(cgImage: cgImage, scale: scale, renderingMode: .automatic)
    }

    /// An image of PNG or JPEG bytes at scale 1, or nil when they are neither (decoded when first
    /// shown or drawn).
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// An image of PNG or JPEG bytes at `scale`, or nil when they are neither.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let source = EncodedImage(data: data, name: "an image made from data") else { return nil }
        self.init(cgImage: CGImage(encoded: source), scale: scale, renderingMode: .automatic)
    }

    /// An image read from a PNG or JPEG file, or nil; a name ending `@2x` or `@3x` (before the
    /// extension) gives its scale, as UIKit reads it.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path),
              let source = EncodedImage(data: data, name: path) else { return nil }
        self.init(cgImage: CGImage(encoded: source), scale: AssetCatalog.scaleSuffix(of: path), renderingMode: .automatic)
    }

    /// The image named `name` in the app's main bundle (an asset catalog's image set, or a file),
    /// for the main screen's scale and the app's appearance; nil when there is none.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// The image named `name` in `bundle` (the main bundle when nil; an app's package passes
    /// `.module`), picked for `traitCollection`'s display scale and appearance (the app's when
    /// nil or unspecified): an image set of an asset catalog in the bundle's resources, else a
    /// file `name@3x.png`, `name@2x.png`, `name.png` (or `.jpg`) nearest the scale. Images are
    /// shared per app: the same name decodes once.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        let bundle = bundle ?? .main
        guard let found = AssetCatalog.image(named: name, in: bundle, traits: traitCollection) else { return nil }
        self.init(cgImage: found.image, scale: found.scale, renderingMode: found.renderingMode, capInsets: found.capInsets,
                  resizingMode: found.resizingMode, name: name,
                  appearanceAsset: found.hasAppearances ? (bundle, found.style) : nil)
    }

    /// This image for `style`: the asset's other image when it has one for light and dark and
    /// this one is for the other appearance; itself otherwise. What the image was made into
    /// (rendering mode, tint, cap insets) carries over.
    package func resolved(for style: UIUserInterfaceStyle) -> UIImage {
        guard let asset = appearanceAsset, asset.style != style, let name,
              let found = AssetCatalog.image(named: name, in: asset.bundle, traits: UITraitCollection(userInterfaceStyle: style)) else { return self }
        return UIImage(cgImage: found.image, scale: found.scale, renderingMode: renderingMode, capInsets: capInsets,
                       resizingMode: resizingMode, tintColor: tintColor, isSymbolImage: isSymbolImage,
                       symbolConfiguration: symbolConfiguration, name: name, appearanceAsset: (asset.bundle, found.style),
                       flipsForRightToLeft: _flips)
    }

    /// The image named `name` in `bundle` with a configuration (its traits are used, as
    /// `init(named:in:compatibleWith:)`'s).
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: Configuration?) {
        self.init(named: name, in: bundle, compatibleWith: configuration?.traitCollection)
    }

    /// The symbol with `configuration` put over its own (a symbol's size changes; any other image
    /// is itself).
    open func withConfiguration(_ configuration: Configuration) -> UIImage {
        guard isSymbolImage, let name else { return self }
        let merged = (symbolConfiguration ?? .unspecified).applying(configuration)
        return UIImage(systemName: name, withConfiguration: merged)?.withRenderingMode(renderingMode) ?? self
    }

    /// The symbol at `configuration` (UIKit's `applyingSymbolConfiguration(_:)`).
    open func applyingSymbolConfiguration(_ configuration: SymbolConfiguration) -> UIImage? {
        withConfiguration(configuration)
    }

    /// Size in points.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        return CGSize(width: CGFloat(cgImage.width) / scale, height: CGFloat(cgImage.height) / scale)
    }

    /// The orientation the pixels are drawn in (uisim reads none from files: always up).
    open var imageOrientation: Orientation { .up }

    /// An image's orientation (UIKit's `UIImage.Orientation`); uisim's images are all `.up`.
    public enum Orientation: Int, Sendable {
        case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }

    /// Whether the image is a template where it is shown: `.alwaysTemplate`, or a symbol image
    /// left `.automatic`.
    package var isTemplate: Bool {
        renderingMode == .alwaysTemplate || (renderingMode == .automatic && isSymbolImage)
    }

    /// Whether the image stretches with kept edges (made by `resizableImage(withCapInsets:)`).
    package var isResizable: Bool { capInsets != .zero }

    private func copy(renderingMode: RenderingMode? = nil, capInsets: UIEdgeInsets? = nil, resizingMode: ResizingMode? = nil,
                      tintColor: UIColor?? = nil, symbolConfiguration: SymbolConfiguration?? = nil, cgImage: CGImage?? = nil,
                      flips: Bool? = nil) -> UIImage {
        UIImage(cgImage: cgImage ?? self.cgImage, scale: scale, renderingMode: renderingMode ?? self.renderingMode,
                capInsets: capInsets ?? self.capInsets, resizingMode: resizingMode ?? self.resizingMode, tintColor: tintColor ?? self.tintColor,
                isSymbolImage: isSymbolImage, symbolConfiguration: symbolConfiguration ?? self.symbolConfiguration, name: name,
                appearanceAsset: appearanceAsset, flipsForRightToLeft: flips ?? _flips)
    }

    /// Whether an image view in a right-to-left layout shows the image mirrored (made by
    /// `imageFlippedForRightToLeftLayoutDirection()`; false otherwise).
    open var flipsForRightToLeftLayoutDirection: Bool { _flips }

    /// The same image, shown mirrored by an image view whose content reads right to left
    /// (`effectiveUserInterfaceLayoutDirection`), as directional arrows are; as it is otherwise.
    open func imageFlippedForRightToLeftLayoutDirection() -> UIImage {
        copy(flips: true)
    }

    /// The same image with its pixels (premultiplied ARGB) mapped by `transform`; itself when it
    /// has no bitmap or memory cannot hold the copy.
    package func mappingPixels(_ transform: (UInt32) -> UInt32) -> UIImage {
        guard let mapped = cgImage?.mappingPixels(transform) else { return self }
        return copy(cgImage: .some(mapped))
    }

    /// The same pixels drawn as `renderingMode` says.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        copy(renderingMode: renderingMode)
    }

    /// The image drawn in `color` wherever it is opaque (a template in that colour): UIKit's
    /// `withTintColor(_:)` keeps the rendering mode, and an image view or a drawing shows it in
    /// `color` whatever its own tint.
    open func withTintColor(_ color: UIColor) -> UIImage {
        copy(tintColor: .some(color))
    }

    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        copy(renderingMode: renderingMode, tintColor: .some(color))
    }

    /// An image that stretches its middle and keeps `capInsets` (points) at their size, as
    /// Core Animation's `contentsCenter` does in an image view.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        copy(capInsets: capInsets, resizingMode: .tile)
    }

    /// The same, with the middle tiled or stretched (uisim stretches both: a tiled middle is
    /// drawn stretched, which costs the same pixels).
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        copy(capInsets: capInsets, resizingMode: resizingMode)
    }

    /// The image decoded now, on the calling thread, as UIKit's `preparingForDisplay()` (iOS
    /// 15): call it off the main thread on iOS. In uisim the decode happens where it is called,
    /// and is counted there; the image later shown costs nothing more to prepare.
    open func preparingForDisplay() -> UIImage? {
        cgImage?.decode()
        return self
    }

    /// Decodes the image and hands it to `completionHandler` (UIKit does it on a queue of its own;
    /// uisim at once, on the calling thread, so the decode is counted where it is asked for and the
    /// image later shown costs nothing to prepare).
    open func prepareForDisplay(completionHandler: @escaping (UIImage?) -> Void) {
        completionHandler(preparingForDisplay())
    }

    /// A decoded copy at most `size` points (the image's aspect kept, at the main screen's scale),
    /// as UIKit's `preparingThumbnail(of:)`: the image is decoded (counted) and drawn smaller; the
    /// thumbnail's own pixels are ready to show.
    open func preparingThumbnail(of size: CGSize) -> UIImage? {
        guard let cgImage, size.width > 0, size.height > 0, self.size.width > 0, self.size.height > 0 else { return nil }
        let fit = min(size.width / self.size.width, size.height / self.size.height)
        let target = CGSize(width: (self.size.width * fit).rounded(), height: (self.size.height * fit).rounded())
        cgImage.decode()
        let format = UIGraphicsImageRendererFormat()
        return UIGraphicsImageRenderer(size: target, format: format).image { _ in
            self.draw(in: CGRect(origin: .zero, size: target))
        }
    }

    /// `preparingThumbnail(of:)` handed to `completionHandler` (at once in uisim, as above).
    open func prepareThumbnail(of size: CGSize, completionHandler: @escaping (UIImage?) -> Void) {
        completionHandler(preparingThumbnail(of: size))
    }

    /// The image as PNG bytes.
    open func pngData() -> Data? { try? cgImage?.pngData() }

    /// The image as JPEG bytes at `compressionQuality` (0 smallest … 1 best), its alpha dropped.
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        guard let cgImage else { return nil }
        return try? JPEG.encode(cgImage.storage, quality: Double(compressionQuality))
    }

    /// Draws the image upright, scaled to fill `rect`, in the current context: a resizable image
    /// keeps its cap insets, an image given a tint colour is drawn in it.
    open func draw(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        let tint = tintColor?.cgColor
        for part in slices(into: rect) {
            context.drawImagePart(cgImage, source: part.source, in: part.destination, tint: tint)
        }
    }

    /// Draws the image upright at its size with its top-left corner at `point`.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the image in `rect` with `blendMode` and `alpha`.
    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        draw(in: rect)
        context.restoreGState()
    }

    /// The parts of the image (in its pixels) and where each goes in `rect`: the whole for an
    /// image without cap insets, else nine (`NinePart`).
    package func slices(into rect: CGRect) -> [(source: CGRect, destination: CGRect)] {
        guard let cgImage else { return [] }
        let pixels = CGRect(x: 0, y: 0, width: CGFloat(cgImage.width), height: CGFloat(cgImage.height))
        let caps = UIEdgeInsets(top: capInsets.top * scale, left: capInsets.left * scale,
                                bottom: capInsets.bottom * scale, right: capInsets.right * scale)
        return NinePart.slices(pixels, into: rect, caps: caps, scale: scale)
    }

    open override var description: String {
        let what = name.map { "named \"\($0)\"" } ?? "anonymous"
        return "<UIImage \(what), {\(size.width.shortDescription), \(size.height.shortDescription)}, scale \(scale.shortDescription)"
            + (isSymbolImage ? ", symbol" : "") + (renderingMode == .alwaysTemplate ? ", template" : "") + ">"
    }
}
