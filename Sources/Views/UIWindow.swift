import Foundation
import Geometry
import Layers

/// The root of a view hierarchy, placed on a screen, as UIKit's `UIWindow`. Its coordinates are
/// the ones `nil` stands for in `convert(_:to:)`. As in UIKit, a new window is hidden until
/// `makeKeyAndVisible()`.
open class UIWindow: UIView {
    /// The screen the window shows on; views inside take its scale.
    public var screen: UIScreen = .main {
        didSet {
            let scale = screen.scale
            forEachInSubtree { $0.layer.contentsScale = scale }
            storedCompositor = nil
        }
    }

    private var storedCompositor: Compositor?

    /// The compositor that renders the window into a frame buffer of its screen's native pixels.
    public var compositor: Compositor {
        if let storedCompositor { return storedCompositor }
        let native = screen.nativeBounds
        let made = try! Compositor(root: layer, pixelWidth: Int(native.width), pixelHeight: Int(native.height), scale: screen.nativeScale)
        storedCompositor = made
        return made
    }

    /// A hidden window with the given frame, on the main screen.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
        layer.contentsScale = screen.scale
    }

    /// Whether the window is the app's key window.
    public var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        UIApplication.shared.windowDidBecomeVisible(self)
        makeKey()
    }

    /// Makes the window the key window.
    open func makeKey() {
        UIApplication.shared.makeKey(self)
    }

    /// Delivers the event's touches in this window: to gesture recognizers first, then to the
    /// views they were hit-tested to.
    open func sendEvent(_ event: UIEvent) {
        GestureEnvironment.shared.deliver(event, in: self)
    }

    /// The application, after the window.
    open override var next: UIResponder? { UIApplication.shared }
}
