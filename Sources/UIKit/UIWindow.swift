import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// The root of a view hierarchy, placed on a screen, as UIKit's `UIWindow`. Its coordinates are
/// the ones `nil` stands for in `convert(_:to:)`. As in UIKit, a new window is hidden until
/// `makeKeyAndVisible()`.
open class UIWindow: UIView {
    /// The screen the window shows on; views inside take its scale.
    open var screen: UIScreen = .main {
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

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// Whether the window is the app's key window.
    open var isKeyWindow: Bool { UIApplication.shared.keyWindow === self }

    /// The view controller whose view fills the window: setting it loads its view, sizes it to
    /// the window (flexible width and height) and puts it in the window in place of the last
    /// one's.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            let root = rootViewController?.view   // loaded before the old one leaves, as UIKit does
            if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
            guard let root else { return }
            root.frame = bounds
            root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            insertSubview(root, at: 0)
            updateStatusBarAppearance()
        }
    }

    /// The status bar's style and visibility as the window's controllers last asked for them.
    var statusBar = StatusBarAppearance()

    /// View controllers whose views appeared since the last layout pass: `viewDidAppear` follows it.
    var pendingAppearances: [UIViewController] = []

    /// Registers an appearing view controller for `viewDidAppear` after the next layout pass.
    func willEndAppearance(of controller: UIViewController) {
        guard controller.appearance == .appearing, !controller.containerDrivesAppearance,
              !pendingAppearances.contains(where: { $0 === controller }) else { return }
        pendingAppearances.append(controller)
    }

    /// Calls `viewDidAppear` on the view controllers that began appearing, in order.
    func endAppearances() {
        guard !pendingAppearances.isEmpty else { return }
        while !pendingAppearances.isEmpty {
            pendingAppearances.removeFirst().endAppearance()
        }
        // A controller appeared (a push, a presentation, a new root): the status bar follows it.
        updateStatusBarAppearance()
    }

    open override var frame: CGRect {
        get { super.frame }
        set { resize(to: newValue.size) { super.frame = newValue } }
    }

    open override var bounds: CGRect {
        get { super.bounds }
        set { resize(to: newValue.size) { super.bounds = newValue } }
    }

    /// Makes a change of the window's geometry; when it changes the size, the root view
    /// controller hears of it first (`viewWillTransition(to:with:)`).
    private func resize(to size: CGSize, _ change: () -> Void) {
        guard size != super.bounds.size, let rootViewController else { return change() }
        let coordinator = ResizeCoordinator(window: self)
        rootViewController.viewWillTransition(to: size, with: coordinator)
        coordinator.perform(change)
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        if isHidden {
            forEachInSubtree { view in
                guard let controller = view.viewController else { return }
                controller.beginAppearance()
                willEndAppearance(of: controller)
            }
        }
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
