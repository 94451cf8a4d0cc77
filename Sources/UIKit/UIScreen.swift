import Foundation
import Geometry
import CoreGraphics
import Support
import UIFoundation

/// A display, as UIKit's `UIScreen`: its size in points, scale, native pixels and refresh rate.
///
/// uisim screens are always portrait and never rotate, so `coordinateSpace` and
/// `fixedCoordinateSpace` are the same space. `main` is settable (UIKit's is not) so that a
/// replay can pick the device it simulates.
@preconcurrency @MainActor
open class UIScreen: NSObject, UICoordinateSpace {
    /// Called with each change of a property the object observes
    /// (`addObserver(_:forKeyPath:options:context:)`); a subclass that observes overrides it. The
    /// default is NSObject's: the change was not handled, a crash named.
    nonisolated open func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
                                       context: UnsafeMutableRawPointer?) {
        KeyValueObserving.unhandled(self, keyPath: keyPath, of: object, change: change, context: context)
    }

    /// A real device's screen: point size, scale, native pixels and refresh rate.
    public struct Model: Hashable, Sendable {
        /// A short identifier for command lines, such as "iphone-15-pro".
        public let identifier: String
        /// The marketing name, such as "iPhone 15 Pro".
        public let name: String
        /// The screen's size in points, portrait.
        public let pointSize: CGSize
        /// Points to pixels of the rendered image (`UIScreen.scale`).
        public let scale: CGFloat
        /// The panel's pixel size, portrait (`UIScreen.nativeBounds.size`).
        public let nativePixelSize: CGSize
        /// Frames per second of the display (`maximumFramesPerSecond`).
        public let maximumFramesPerSecond: Int
        /// The edges covered by the status bar or sensor housing and the home indicator, portrait.
        public let safeAreaInsets: UIEdgeInsets

        public init(identifier: String, name: String, pointSize: CGSize, scale: CGFloat,
                    nativePixelSize: CGSize? = nil, maximumFramesPerSecond: Int, safeAreaInsets: UIEdgeInsets = .zero) {
            self.identifier = identifier
            self.name = name
            self.pointSize = pointSize
            self.scale = scale
            self.nativePixelSize = nativePixelSize
                ?? CGSize(width: pointSize.width * scale, height: pointSize.height * scale)
            self.maximumFramesPerSecond = maximumFramesPerSecond
            self.safeAreaInsets = safeAreaInsets
        }

        public static let iPhoneSE3 = Model(
            identifier: "iphone-se-3", name: "iPhone SE (3rd generation)",
            pointSize: CGSize(width: 375, height: 667), scale: 2, maximumFramesPerSecond: 60,
            safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        /// Rendered at @3x and downsampled to a 1080-pixel-wide panel (native scale 2.608).
        public static let iPhone8Plus = Model(
            identifier: "iphone-8-plus", name: "iPhone 8 Plus",
            pointSize: CGSize(width: 414, height: 736), scale: 3,
            nativePixelSize: CGSize(width: 1080, height: 1920), maximumFramesPerSecond: 60,
            safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        /// Rendered at @3x and downsampled to a 1080-pixel-wide panel (native scale 2.88).
        public static let iPhone13Mini = Model(
            identifier: "iphone-13-mini", name: "iPhone 13 mini",
            pointSize: CGSize(width: 375, height: 812), scale: 3,
            nativePixelSize: CGSize(width: 1080, height: 2340), maximumFramesPerSecond: 60,
            safeAreaInsets: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0))
        public static let iPhone14 = Model(
            identifier: "iphone-14", name: "iPhone 14",
            pointSize: CGSize(width: 390, height: 844), scale: 3, maximumFramesPerSecond: 60,
            safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        public static let iPhone15Pro = Model(
            identifier: "iphone-15-pro", name: "iPhone 15 Pro",
            pointSize: CGSize(width: 393, height: 852), scale: 3, maximumFramesPerSecond: 120,
            safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        public static let iPhone15ProMax = Model(
            identifier: "iphone-15-pro-max", name: "iPhone 15 Pro Max",
            pointSize: CGSize(width: 430, height: 932), scale: 3, maximumFramesPerSecond: 120,
            safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        public static let iPad10 = Model(
            identifier: "ipad-10", name: "iPad (10th generation)",
            pointSize: CGSize(width: 820, height: 1180), scale: 2, maximumFramesPerSecond: 60,
            safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        public static let iPadPro11 = Model(
            identifier: "ipad-pro-11", name: "iPad Pro 11-inch (4th generation)",
            pointSize: CGSize(width: 834, height: 1194), scale: 2, maximumFramesPerSecond: 120,
            safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        public static let iPadPro12_9 = Model(
            identifier: "ipad-pro-12.9", name: "iPad Pro 12.9-inch (6th generation)",
            pointSize: CGSize(width: 1024, height: 1366), scale: 2, maximumFramesPerSecond: 120,
            safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))

        /// Phone or pad (UIKit's `UIUserInterfaceIdiom`), from the preset.
        public var userInterfaceIdiom: UIUserInterfaceIdiom { identifier.hasPrefix("ipad") ? .pad : .phone }

        /// Every preset, phones first, smallest first.
        public static let all: [Model] = [
            .iPhoneSE3, .iPhone8Plus, .iPhone13Mini, .iPhone14, .iPhone15Pro, .iPhone15ProMax,
            .iPad10, .iPadPro11, .iPadPro12_9,
        ]

        /// The preset with this identifier, if any.
        public static func named(_ identifier: String) -> Model? {
            all.first { $0.identifier == identifier.lowercased() }
        }
    }

    /// The device the screen is modelled on.
    public let model: Model

    /// The screen of `model`.
    public init(model: Model) {
        self.model = model
    }

    /// The current app's screen (`UIApplication.withNewApplication(screen:_:)`): by default an
    /// iPhone 14 (390 × 844 pt at @3x, 60 Hz).
    open package(set) class var main: UIScreen {
        get { UIApplication.shared.screen }
        set {
            UIApplication.shared.screen = newValue
            AppEnvironment.current.screenScale = newValue.scale
            AppEnvironment.current.idiom = newValue.model.userInterfaceIdiom
        }
    }

    /// The screen's rectangle in points, origin zero.
    open var bounds: CGRect { CGRect(origin: .zero, size: model.pointSize) }

    /// The panel's rectangle in pixels, portrait.
    open var nativeBounds: CGRect { CGRect(origin: .zero, size: model.nativePixelSize) }

    /// Pixels per point of rendered content.
    open var scale: CGFloat { model.scale }

    /// Physical pixels per point (differs from `scale` on downsampling devices).
    open var nativeScale: CGFloat { model.nativePixelSize.width / model.pointSize.width }

    /// The display's refresh rate in frames per second.
    open var maximumFramesPerSecond: Int { model.maximumFramesPerSecond }

    /// The screen's coordinate space (the screen itself).
    open var coordinateSpace: UICoordinateSpace { self }

    /// The portrait-up coordinate space; the same as `coordinateSpace`, as uisim never rotates.
    open var fixedCoordinateSpace: UICoordinateSpace { self }

    public var transformToScreenCoordinates: CGAffineTransform { .identity }

    nonisolated open override var description: String { describedOnMainActor { $0.mainActorDescription } }

    private var mainActorDescription: String {
        "<UIScreen: \(model.name); bounds = (0 0; \(bounds.width.shortDescription) \(bounds.height.shortDescription));"
            + " scale = \(scale.shortDescription); \(maximumFramesPerSecond) Hz>"
    }
}

extension UIView {
    /// The idiom of the screen the view shows on (the main screen's off a window).
    var screenIdiom: UIUserInterfaceIdiom { (window?.screen ?? UIScreen.main).model.userInterfaceIdiom }
}
