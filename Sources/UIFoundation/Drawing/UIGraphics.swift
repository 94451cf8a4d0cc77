import Foundation
import CoreGraphics
import Geometry
import Support

/// The context `draw(_:)` (or an image renderer) is drawing into, or nil.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    AppEnvironment.current.contexts.last
}

/// Makes `context` the current context until the matching `UIGraphicsPopContext()`.
public func UIGraphicsPushContext(_ context: CGContext) {
    AppEnvironment.current.contexts.append(context)
}

/// Restores the context that was current before the last `UIGraphicsPushContext`.
public func UIGraphicsPopContext() {
    _ = AppEnvironment.current.contexts.popLast()
}

/// Options of an image renderer, as UIKit's `UIGraphicsImageRendererFormat`.
open class UIGraphicsImageRendererFormat: NSObject {
    /// Pixels per point; by default the main screen's scale.
    open var scale: CGFloat
    /// Whether the image is opaque (its background starts black instead of transparent).
    open var opaque = false

    public override init() {
        scale = AppEnvironment.current.screenScale   // the current app's UIScreen.main.scale
        super.init()
    }

    /// The main screen's format (deprecated in iOS 11.0 for `preferred()`, which is the same here).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
    /// The main screen's format.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The context an image renderer hands to its drawing block.
open class UIGraphicsImageRendererContext: NSObject {
    /// The Core Graphics context to draw into (UIKit orientation, scaled).
    open var cgContext: CGContext { context }
    private let context: CGContext
    private let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        context = cgContext
        self.format = format
        super.init()
    }

    /// The image drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: try! CGImage(copying: cgContext.cairo.image), scale: format.scale)
    }

    open func fill(_ rect: CGRect) { cgContext.fill(rect) }
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws into a new bitmap and gives it back as an image or PNG, as UIKit's
/// `UIGraphicsImageRenderer`.
open class UIGraphicsImageRenderer: NSObject {
    open var format: UIGraphicsImageRendererFormat { rendererFormat }
    private let rendererFormat: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public convenience init(size: CGSize) {
        self.init(size: size, format: .preferred())
    }

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        bounds = CGRect(origin: .zero, size: size)
        rendererFormat = format
        super.init()
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .preferred())
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        rendererFormat = format
        super.init()
    }

    /// Runs `actions` with a fresh context and returns what it drew.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = render(actions)
        return UIImage(cgImage: CGImage(adopting: context.cgContext.cairo.image), scale: format.scale)
    }

    /// Runs `actions` and returns what it drew as PNG bytes.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        (try? render(actions).cgContext.cairo.image.pngData()) ?? Data()
    }

    private func render(_ actions: (UIGraphicsImageRendererContext) -> Void) -> UIGraphicsImageRendererContext {
        let cg = bitmapContext(bounds, scale: format.scale, opaque: format.opaque, for: "an image renderer's bitmap")
        let context = UIGraphicsImageRendererContext(cgContext: cg, format: format)
        UIGraphicsPushContext(cg)
        actions(context)
        UIGraphicsPopContext()
        return context
    }
}

/// A context drawing into a new bitmap of `bounds` at `scale` (black when `opaque`), in UIKit's
/// orientation. Out of memory (`ulimit -v`), it draws into a 1-pixel stand-in: nothing crashes,
/// and the replay stops with the error at the end of the frame.
func bitmapContext(_ bounds: CGRect, scale: CGFloat, opaque: Bool, for what: String) -> CGContext {
    let width = Int((bounds.width * scale).rounded(.up))
    let height = Int((bounds.height * scale).rounded(.up))
    let bitmap: CairoImage
    do {
        bitmap = try CairoImage(width: max(width, 0), height: max(height, 0))
    } catch {
        AppEnvironment.current.noteAllocationFailure(
            ResourceError("out of memory: cannot allocate \(what) (\(width)×\(height) pixels): \(error)"))
        bitmap = AppEnvironment.current.standInBitmap
    }
    if opaque {
        bitmap.fill(x: 0, y: 0, width: width, height: height, red: 0, green: 0, blue: 0, alpha: 1, blend: false)
    }
    let cairo = CairoContext(image: bitmap)
    cairo.scale(Double(scale), Double(scale))
    cairo.translate(Double(-bounds.minX), Double(-bounds.minY))
    return CGContext(cairo: cairo)
}

// MARK: The bitmap image context of UIKit before iOS 10, which libraries still call

/// Begins drawing into a new bitmap of `size` points at `scale` pixels per point (0: the main
/// screen's), opaque or not; it is the current context until `UIGraphicsEndImageContext()`.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : AppEnvironment.current.screenScale
    let context = bitmapContext(CGRect(origin: .zero, size: size), scale: scale, opaque: opaque, for: "an image context's bitmap")
    AppEnvironment.current.imageContexts.append((context, scale))
    UIGraphicsPushContext(context)
}

/// `UIGraphicsBeginImageContextWithOptions(size, false, 1)`.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// What has been drawn into the current image context, or nil when the current context is not
/// one (as UIKit).
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    guard let top = AppEnvironment.current.imageContexts.last,
          UIGraphicsGetCurrentContext() === top.context,
          let image = try? CGImage(copying: top.context.cairo.image) else { return nil }
    return UIImage(cgImage: image, scale: top.scale)
}

/// Ends the innermost image context (nothing when none is open).
public func UIGraphicsEndImageContext() {
    guard let top = AppEnvironment.current.imageContexts.popLast() else { return }
    if UIGraphicsGetCurrentContext() === top.context { UIGraphicsPopContext() }
}
