import Foundation
import CoreGraphics
import UIFoundation

/// The status bar's content colour (UIKit's `UIStatusBarStyle`): the default follows the
/// appearance (dark content in light mode), light content for dark backgrounds, dark content for
/// light ones.
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0
    case lightContent = 1
    case darkContent = 3
}

/// How the status bar shows or hides (`preferredStatusBarUpdateAnimation`).
public enum UIStatusBarAnimation: Int, Sendable {
    case none, fade, slide
}

/// Which way the interface is up (UIKit's `UIInterfaceOrientation`; landscape left and right are
/// the device's right and left, as UIKit numbers them). uisim's screens stay portrait.
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0
    case portrait = 1
    case portraitUpsideDown = 2
    case landscapeLeft = 4
    case landscapeRight = 3
}

/// The orientations a view controller supports (UIKit's `UIInterfaceOrientationMask`: one bit per
/// orientation, at the orientation's raw value).
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
    public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
    public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
    public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
    public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
    public static let all: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight, .portraitUpsideDown]
    public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscapeLeft, .landscapeRight]
}

/// What a window's status bar shows, as its view controllers ask for it.
struct StatusBarAppearance: Equatable {
    var style = UIStatusBarStyle.default
    var hidden = false
}

extension UIWindow {
    /// The controller whose status bar appearance the window shows, as UIKit finds it: the root,
    /// or the controller it presents full screen (or that captures the status bar's appearance),
    /// and so on up the presentations.
    var statusBarRoot: UIViewController? {
        var controller = rootViewController
        while let shown = controller, let presented = shown.presentedViewController, presented !== shown,
              presented.modalPresentationStyle == .fullScreen || presented.modalPresentationCapturesStatusBarAppearance {
            controller = presented
        }
        return controller
    }

    /// Asks the controllers again (`setNeedsStatusBarAppearanceUpdate()`, a new root, the end of a
    /// transition): the style from the `childForStatusBarStyle` chain, hiding from the
    /// `childForStatusBarHidden` one. On a device whose top inset is the status bar alone (one
    /// with a home button: no bottom inset), hiding it gives its 20 points back to the safe area,
    /// as iOS does; a sensor housing stays unsafe.
    func updateStatusBarAppearance() {
        guard let root = statusBarRoot else { return }
        var styled = root, hiding = root
        while let child = styled.childForStatusBarStyle, child !== styled { styled = child }
        while let child = hiding.childForStatusBarHidden, child !== hiding { hiding = child }
        let appearance = StatusBarAppearance(style: styled.preferredStatusBarStyle, hidden: hiding.prefersStatusBarHidden)
        guard appearance != statusBar else { return }
        let insetsBefore = screenSafeAreaInsets
        statusBar = appearance
        guard screenSafeAreaInsets != insetsBefore else { return }
        setNeedsLayout()
        safeAreaInsetsDidChangeInSubtree()
        forEachInSubtree { view in
            view.setNeedsLayout()
            view.viewController?.viewSafeAreaInsetsDidChange()
        }
    }

    /// The screen's unsafe edges for this window: the model's, less the status bar when it is
    /// hidden on a device with a home button.
    var screenSafeAreaInsets: UIEdgeInsets {
        var insets = screen.model.safeAreaInsets
        if statusBar.hidden, insets.bottom == 0 { insets.top = 0 }
        return insets
    }
}
