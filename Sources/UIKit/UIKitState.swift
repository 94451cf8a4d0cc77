import Foundation
import CoreGraphics
import UIFoundation

/// UIKit's state of one app, kept in the app's `uiKit` slot (`AppEnvironment`, one slot per layer
/// above CoreGraphics): the application object, the general pasteboard, the animation blocks
/// open, what the app asked the system for (haptics too), the edit menu, the accessory glyphs.
/// Each replay's app has its own; `UIApplication.shared`, `UIPasteboard.general` and
/// `UIMenuController.shared` are the current app's, read through here.
final class UIKitState {
    /// The app whose state this is (unowned: the app holds this).
    private unowned let environment: AppEnvironment
    private var madeApplication: UIApplication?
    /// `UIView.animate` blocks open, innermost last.
    let animation = UIViewAnimationState()
    /// `UIPasteboard.general`: each app starts with an empty one.
    let pasteboard = UIPasteboard(name: .general)
    /// The URLs opened, and whether the launch was posted.
    let system = SystemRecord()
    /// What a replay's frames are measured with.
    let meter = FrameMeter()
    /// The haptic feedback the app asked for (recorded: no Taptic Engine here).
    let feedback = FeedbackRecord()
    private var madeMenuController: UIMenuController?
    /// Cells' accessory glyphs, made on first use.
    var accessoryGlyphs: AccessoryGlyphs?
    /// While a storyboard's scene is checked (`UIStoryboard.checkScene(_:)`): the errors of the
    /// documents its controllers' views were loaded from (an embedded scene's, a navigation
    /// controller's root's), which would otherwise stop the app.
    var documentErrors: [NibLoadingError]?
    /// How many storyboard references are being followed inside one another (a storyboard whose
    /// relationships lead back to itself would otherwise recurse without end).
    var followedReferences = 0
    /// The app's folders of Interface Builder documents (`UINib.appSearchFolders`).
    var documentFolders: [URL] = []
    /// Whether a view set its own tint or dimming (then a view moved under another hears
    /// `tintColorDidChange()`).
    var customizesTint = false
    /// Whether a view or a controller has overridden the appearance (then views resolve their
    /// colours with their own traits; otherwise the app's do for all).
    var overridesStyle = false

    private init(environment: AppEnvironment) {
        self.environment = environment
    }

    /// The current app's (made the first time its UIKit state is asked for).
    static var current: UIKitState {
        let app = AppEnvironment.current
        if let state = app.uiKit { return unsafeDowncast(state, to: UIKitState.self) }
        let state = UIKitState(environment: app)
        app.uiKit = state
        return state
    }

    /// The application object (`UIApplication.shared`), made on first use.
    @MainActor var application: UIApplication {
        if let madeApplication { return madeApplication }
        let application = UIApplication(environment: environment)
        madeApplication = application
        return application
    }

    /// The edit menu (`UIMenuController.shared`), made on first use.
    @MainActor var menuController: UIMenuController {
        if let madeMenuController { return madeMenuController }
        let controller = UIMenuController()
        madeMenuController = controller
        return controller
    }
}
