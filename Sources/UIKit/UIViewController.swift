import Foundation
import CoreGraphics
import Geometry
import UIFoundation

/// An object that manages a view hierarchy, as UIKit's `UIViewController`: its `view` is loaded
/// on demand (`loadView`, then `viewDidLoad`), it hears its view appear and disappear
/// (`viewWillAppear` … `viewDidDisappear`) and lay out (`viewWillLayoutSubviews`,
/// `viewDidLayoutSubviews`), holds child view controllers, and stands in the responder chain
/// between its view and the view's superview.
///
/// Appearance follows the view: `viewWillAppear` when the view is about to enter a visible window
/// (or its window becomes visible), `viewDidAppear` after that window's next layout pass (as
/// UIKit's, after `viewDidLayoutSubviews`); `viewWillDisappear` and `viewDidDisappear` as it
/// leaves. A container that shows its children itself (a navigation controller) drives their
/// appearance with `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`, in
/// UIKit's order. The view comes from the controller's storyboard scene or nib when it has one
/// (`init?(coder:)` from a storyboard; `init(nibName:bundle:)`, or the nib named after the class).
open class UIViewController: UIResponder, UIContentContainer {
    private var storedView: UIView?
    private var storedNibName: String?
    private var storedNibBundle: Bundle?

    /// A view controller whose view `loadView()` makes. A convenience initializer, as Swift
    /// imports NSObject's `init()` into UIViewController (which names its own designated ones): a
    /// subclass writes `init() { super.init(nibName: nil, bundle: nil) }` without `override`.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// UIKit's designated initializer, which subclasses call (`super.init(nibName: nil, bundle:
    /// nil)`). The view is loaded from the nib `nibNameOrNil` (`Name.xib`, found as `UINib` finds
    /// it in `nibBundleOrNil`, nil the main bundle), its File's Owner this controller; with no name,
    /// from the nib named after the class when there is one (`MyViewController` looks for
    /// `MyView.xib`, then `MyViewController.xib`), as UIKit does; else `loadView()` makes a plain view.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        storedNibName = nibNameOrNil
        storedNibBundle = nibBundleOrNil
        super.init()
    }

    /// The name of the nib the view is loaded from, as given to `init(nibName:bundle:)`.
    open var nibName: String? { storedNibName }

    /// The bundle the nib is looked for in, as given to `init(nibName:bundle:)`.
    open var nibBundle: Bundle? { storedNibBundle }

    /// UIKit's initializer from an archive, required as in UIKit: a subclass with an initializer
    /// of its own implements it. A storyboard makes its scenes' controllers through it (the scene's
    /// title, items and styles read here, its view made by `loadView()`); any other coder makes
    /// nothing (nil), said once per class in the replay's layout issues.
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UIStoryboardDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init()
        decoder.decode(into: self)
    }

    /// `uisim port`'s, not UIKit's: a view controller made through a metatype with
    /// `init(nibName:bundle:)` (Eureka's `VCType.init(nibName: name, bundle: bundle)` for a generic
    /// `VCType: UIViewController`), which the port writes as `VCType._metatypeInit(nibName: name,
    /// bundle: bundle)`. Each class port ports overrides this to make itself; this makes UIKit's
    /// own controllers, and stops, naming the class, for any other (its file was not ported).
    open class func _metatypeInit(nibName: String?, bundle: Bundle?) -> Self {
        MetatypeConstruction.controller(self, nibName: nibName, bundle: bundle)
    }

    /// `uisim port`'s, not UIKit's: `VCType()` through a metatype. As UIKit's `-init`,
    /// `init(nibName: nil, bundle: nil)` (through `_metatypeInit(nibName:bundle:)`); a class whose
    /// `init()` is its own overrides it (port writes that).
    open class func _metatypeInit() -> Self {
        _metatypeInit(nibName: nil, bundle: nil)
    }

    /// The storyboard scene the controller was made from (nil: made in code).
    var storyboardScene: StoryboardScene?
    /// The view a nib that holds the controller made for it, until the controller loads its view.
    var decodedView: UIView?

    /// The storyboard the controller was made from (nil: made in code).
    open var storyboard: UIStoryboard? { storyboardScene?.storyboard }

    /// The view the controller manages, loaded (`loadView()`, `viewDidLoad()`) the first time it
    /// is asked for.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.viewController = nil
            storedView = newValue
            newValue?.viewController = self
        }
    }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { storedView != nil }

    /// The view if it has been loaded, without loading it.
    open var viewIfLoaded: UIView? { storedView }

    /// iOS 7's guide above the content: from the view's top to its safe area's top (the
    /// `length` a navigation bar and the status bar take). Deprecated in iOS 11 for the safe area.
    open var topLayoutGuide: UILayoutSupport { layoutSupport(top: true) }

    /// iOS 7's guide below the content: from the safe area's bottom to the view's bottom.
    open var bottomLayoutGuide: UILayoutSupport { layoutSupport(top: false) }

    /// Loads the view now if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        if storedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        hostWindow?.count(.viewControllersLoaded)
        viewDidLoad()
    }

    private var isLoadingView = false

    /// Makes the view. The default makes a plain `UIView` the size of the main screen; override it
    /// to make your own (set `view`, and do not call super).
    open func loadView() {
        view = loadDocumentView() ?? UIView(frame: UIScreen.main.bounds)
    }

    /// The view the controller's storyboard scene or nib holds (nil when it has neither): a
    /// document that does not load, or a nib whose File's Owner's `view` outlet is not connected,
    /// stops the app with UIKit's exception.
    func loadDocumentView() -> UIView? {
        do {
            return try documentView()
        } catch {
            let state = UIKitState.current
            guard state.documentErrors != nil else { fatalError(error.exceptionDescription) }
            state.documentErrors?.append(error)
            return nil
        }
    }

    /// `loadDocumentView()`, throwing what UIKit raises.
    func documentView() throws(NibLoadingError) -> UIView? {
        if let decodedView {
            self.decodedView = nil
            return decodedView
        }
        if let scene = storyboardScene { return try scene.loadView(owner: self) }
        let bundle = storedNibBundle ?? .main
        guard let name = storedNibName ?? UINib.defaultNibName(forControllerOf: Self.self, in: bundle) else { return nil }
        _ = try UINib(nibName: name, bundle: bundle).instantiateThrowing(withOwner: self)
        guard let loaded = storedView else {
            throw NibLoadingError(file: name + ".xib", line: nil,
                                  "-[\(Self.self) _loadViewFromNibNamed:bundle:] loaded the \"\(name)\" nib but the view outlet was not set.")
        }
        return loaded
    }

    // MARK: Storyboard segues (the work is in Nib/UIStoryboard.swift)

    /// Performs the storyboard segue `identifier` of the controller's scene: the destination is
    /// made, `prepare(for:sender:)` called, the segue performed. A controller without such a segue
    /// stops the app with UIKit's exception.
    open func performSegue(withIdentifier identifier: String, sender: Any?) {
        performStoryboardSegue(identifier: identifier, sender: sender)
    }

    /// Whether a segue a control or a bar button item starts may go (default true).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Called before a segue from this controller is performed, with its destination made.
    open func prepare(for segue: UIStoryboardSegue, sender: Any?) {}

    /// Whether this controller takes the unwind segue `action` (default: whether its class
    /// declares the action).
    open func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: UIViewController, sender: Any?) -> Bool {
        declaresAction(action)
    }

    /// Called on the controllers an unwind segue passes on its way (default nothing).
    open func unwind(for unwindSegue: UIStoryboardSegue, towards subsequentVC: UIViewController) {}

    /// Shows `vc` as the detail of a split view; on an iPhone (no split view), presents it.
    open func showDetailViewController(_ vc: UIViewController, sender: Any?) {
        present(vc, animated: true)
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    /// A title for the screen: its navigation item's, shown by a navigation bar.
    open var title: String? {
        didSet { storedNavigationItem?.title = title }
    }

    /// The navigation item, once made (`navigationItem`).
    var storedNavigationItem: UINavigationItem?
    /// The tab bar item, once made (`tabBarItem`).
    var storedTabBarItem: UITabBarItem?
    /// What the controller knows of its presentations, once it has any.
    var storedPresentation: PresentationState?
    /// Whether a tab bar hides while this controller is on top of a tab's navigation stack.
    open var hidesBottomBarWhenPushed = false

    // MARK: Appearance

    /// The view is about to appear in a visible window.
    open func viewWillAppear(_ animated: Bool) {}

    /// The view appeared: its window's layout pass after it entered has run.
    open func viewDidAppear(_ animated: Bool) {}

    /// The view is about to leave its window (or the window is hidden).
    open func viewWillDisappear(_ animated: Bool) {}

    /// The view left its window.
    open func viewDidDisappear(_ animated: Bool) {}

    /// The app is low on memory (`UIApplication.didReceiveMemoryWarningNotification`): free what
    /// can be made again. The default does nothing (UIKit's releases nothing since iOS 6).
    open func didReceiveMemoryWarning() {}

    /// Called before the view's `layoutSubviews`.
    /// Updates the constraints of the controller's view, in the update-constraints pass, instead of
    /// the view's own `updateConstraints()`; the default calls it. Call super last.
    open func updateViewConstraints() {
        view.updateConstraints()
    }

    open func viewWillLayoutSubviews() {}

    /// Called after the view's `layoutSubviews`.
    open func viewDidLayoutSubviews() {}

    /// The window holding the view is about to take `size`; the default passes the news to the
    /// children. The root view controller's view follows the window by autoresizing.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children {
            child.viewWillTransition(to: size, with: coordinator)
        }
        if let presented = presentation.presented, presented.presentation.presenting === self {
            presented.presentation.controller?.viewWillTransition(to: size, with: coordinator)
            presented.viewWillTransition(to: size, with: coordinator)
        }
    }

    /// The traits are about to change (UIKit's `UIContentContainer`); the default passes the news
    /// to the children.
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    /// The size the controller would like its view to have, for a container to read (a popover, a
    /// form sheet, a custom presentation controller). Setting it tells the parent (or the
    /// presentation controller) `preferredContentSizeDidChange(forChildContentContainer:)`.
    open var preferredContentSize: CGSize = .zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            if let parent {
                parent.preferredContentSizeDidChange(forChildContentContainer: self)
            } else if presentation.presenting != nil, let controller = presentation.controller {
                controller.preferredContentSizeDidChange(forChildContentContainer: self)
            }
        }
    }

    /// A child's preferred content size changed (the default does nothing, as UIKit's).
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    /// A child's Auto Layout fitting size changed (the default does nothing).
    open func systemLayoutFittingSizeDidChange(forChildContentContainer container: UIContentContainer) {}
    /// The size a child gets in a parent of `parentSize` (the default: all of it).
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize { parentSize }

    /// Where the view stands in its appearance transitions.
    enum Appearance {
        case disappeared, appearing, appeared, disappearing
    }

    var appearance = Appearance.disappeared
    /// Whether the appearance under way is animated (passed to the callbacks).
    private var appearanceAnimated = false
    /// Whether a container drives the appearance under way (a navigation transition): the window
    /// then leaves `viewDidAppear` to it.
    var containerDrivesAppearance = false

    /// Whether the view is being shown: it is in a visible window, appearing or appeared.
    public var isViewVisible: Bool { appearance == .appearing || appearance == .appeared }

    func beginAppearance(animated: Bool = false) {
        guard appearance == .disappeared || appearance == .disappearing else { return }
        appearance = .appearing
        appearanceAnimated = animated
        hostWindow?.count(.appearanceCallbacks)
        viewWillAppear(animated)
        for child in shownChildren { child.beginAppearance(animated: animated) }
    }

    func endAppearance() {
        guard appearance == .appearing else { return }
        appearance = .appeared
        hostWindow?.count(.appearanceCallbacks)
        viewDidAppear(appearanceAnimated)
        for child in shownChildren { child.endAppearance() }
    }

    func beginDisappearance(animated: Bool = false) {
        guard appearance == .appeared || appearance == .appearing else { return }
        appearance = .disappearing
        appearanceAnimated = animated
        hostWindow?.count(.appearanceCallbacks)
        viewWillDisappear(animated)
        for child in shownChildren { child.beginDisappearance(animated: animated) }
    }

    func endDisappearance() {
        guard appearance == .disappearing else { return }
        appearance = .disappeared
        hostWindow?.count(.appearanceCallbacks)
        viewDidDisappear(appearanceAnimated)
        for child in shownChildren { child.endDisappearance() }
    }

    /// The children whose views are in this controller's view: they appear and disappear with it
    /// (UIKit forwards a container's appearance to them).
    private var shownChildren: [UIViewController] {
        guard !children.isEmpty, let own = viewIfLoaded else { return [] }
        return children.filter { child in
            var view = child.viewIfLoaded?.superview
            while let current = view {
                if current === own { return true }
                view = current.superview
            }
            return false
        }
    }

    /// Begins the controller's appearance (`viewWillAppear`) or disappearance
    /// (`viewWillDisappear`), as a container calls it for a child it shows or hides.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        containerDrivesAppearance = true
        if isAppearing { beginAppearance(animated: animated) } else { beginDisappearance(animated: animated) }
    }

    /// Ends the appearance or disappearance begun (`viewDidAppear` or `viewDidDisappear`).
    open func endAppearanceTransition() {
        containerDrivesAppearance = false
        if appearance == .appearing { endAppearance() } else { endDisappearance() }
    }

    /// Whether the controller is being added to its parent (pushed), between `willMove(toParent:)`
    /// and `didMove(toParent:)`.
    open var isMovingToParent: Bool { movingToParent }
    /// Whether the controller is being removed from its parent (popped).
    open var isMovingFromParent: Bool { movingFromParent }
    var movingToParent = false, movingFromParent = false

    /// The traits of the controller's view (the app's when the view is not loaded).
    open var traitCollection: UITraitCollection {
        isViewLoaded ? view.traitCollection : .current
    }

    /// Light or dark for this controller's view and the controllers it holds, whatever the app's
    /// (UIKit's; default `.unspecified`: inherited). Changing it re-resolves the view's colours.
    open var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            guard overrideUserInterfaceStyle != oldValue else { return }
            if overrideUserInterfaceStyle != .unspecified { UIKitState.current.overridesStyle = true }
            viewIfLoaded?.traitsMayHaveChanged()
        }
    }

    /// Called when the view's traits changed (light or dark), with the traits before. The default
    /// does nothing.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The edges along which the view extends under its container's bars (default all: under
    /// the translucent navigation bar, toolbar and tab bar, its safe area keeping clear of them).
    open var edgesForExtendedLayout: UIRectEdge = .all { didSet { parent?.viewIfLoaded?.setNeedsLayout() } }
    /// Whether the view extends under opaque bars too (default false).
    open var extendedLayoutIncludesOpaqueBars = false { didSet { parent?.viewIfLoaded?.setNeedsLayout() } }

    /// The items a navigation controller's toolbar shows while this controller is on top.
    open var toolbarItems: [UIBarButtonItem]? {
        get { storedToolbarItems }
        set { setToolbarItems(newValue, animated: false) }
    }
    var storedToolbarItems: [UIBarButtonItem]?
    /// The transition this controller is in (`transitionCoordinator`).
    weak var activeCoordinator: TransitionCoordinator?

    open func setToolbarItems(_ toolbarItems: [UIBarButtonItem]?, animated: Bool) {
        storedToolbarItems = toolbarItems
        navigationController?.viewIfLoaded?.setNeedsLayout()
    }

    // MARK: Editing

    /// Whether the controller's view is in editing mode (default false). Setting it calls
    /// `setEditing(_:animated:)` without animation, as UIKit's does.
    open var isEditing: Bool {
        get { editingState }
        set { setEditing(newValue, animated: false) }
    }
    private var editingState = false

    /// Puts the view in editing mode or takes it out; a subclass overrides it to change its views
    /// too, calling super (UIKit's changes `editButtonItem` between Edit and Done;
    /// `UITableViewController`'s also sets its table's editing).
    open func setEditing(_ editing: Bool, animated: Bool) {
        editingState = editing
        guard let item = madeEditButtonItem else { return }
        item.title = editing ? UIBarButtonItem.SystemItem.done.title : UIBarButtonItem.SystemItem.edit.title
        item.style = editing ? .done : .plain
    }

    /// A bar button item titled Edit, Done while editing (in the done style), whose tap toggles
    /// the controller's editing with animation: `setEditing(!isEditing, animated: true)`, which a
    /// subclass's override receives. The same item each time it is asked for.
    open var editButtonItem: UIBarButtonItem {
        if let madeEditButtonItem { return madeEditButtonItem }
        let item = UIBarButtonItem(title: isEditing ? UIBarButtonItem.SystemItem.done.title : UIBarButtonItem.SystemItem.edit.title,
                                   style: isEditing ? .done : .plain, target: self,
                                   action: Selector("_toggleEditing:", UIViewController.toggleEditing(_:)))
        madeEditButtonItem = item
        return item
    }
    private var madeEditButtonItem: UIBarButtonItem?

    /// The edit button's action (UIKit's private `_toggleEditing:`).
    func toggleEditing(_ sender: Any?) {
        setEditing(!isEditing, animated: true)
    }

    /// The least margins UIKit keeps in the root view (within its safe area): none at the top and
    /// bottom, 16 pt leading and trailing in a window up to 400 pt wide (iPhone SE to iPhone 15
    /// Pro, portrait), 20 pt in a wider one (the Plus and Max phones, iPads), as UIKit's.
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let width = viewIfLoaded?.window?.bounds.width ?? UIScreen.main.bounds.width
        let side: CGFloat = width > 400 ? 20 : 16
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }

    /// Whether the root view's margins are at least `systemMinimumLayoutMargins` (default true);
    /// false leaves them to the view's own `directionalLayoutMargins`.
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if viewRespectsSystemMinimumLayoutMargins != oldValue { viewIfLoaded?.layoutMarginsMayHaveChanged() } }
    }

    /// Space the controller adds to its view's safe area on each edge (UIKit's).
    open var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { if additionalSafeAreaInsets != oldValue { safeAreaDidChange() } }
    }

    /// What a container's bars cover of the controller's view, from its container's edges (a
    /// navigation bar's bottom, a tab bar's top): the view's safe area keeps clear of it.
    var barInsets = UIEdgeInsets.zero {
        didSet { if barInsets != oldValue { safeAreaDidChange() } }
    }

    private func safeAreaDidChange() {
        guard let view = viewIfLoaded else { return }
        view.safeAreaInsetsDidChangeInSubtree()
        viewSafeAreaInsetsDidChange()
    }

    /// Called when the view's safe area changed (a bar or `additionalSafeAreaInsets`).
    open func viewSafeAreaInsetsDidChange() {}

    // MARK: Status bar and orientations

    /// The status bar's content the controller asks for (`.default` unless overridden); read when
    /// it appears and after `setNeedsStatusBarAppearanceUpdate()`.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the controller asks for the status bar hidden (false unless overridden).
    open var prefersStatusBarHidden: Bool { false }
    /// How the status bar hides or shows for this controller (recorded; uisim draws no status bar).
    open var preferredStatusBarUpdateAnimation: UIStatusBarAnimation { .fade }
    /// A child whose status bar style is used instead of this controller's (nil: this one's).
    open var childForStatusBarStyle: UIViewController? { nil }
    /// A child whose `prefersStatusBarHidden` is used instead of this controller's (nil: this one's).
    open var childForStatusBarHidden: UIViewController? { nil }
    /// Whether a controller presented not full screen still decides the status bar's appearance.
    open var modalPresentationCapturesStatusBarAppearance = false

    /// Tells the system the status bar attributes changed: the window asks its controllers again.
    open func setNeedsStatusBarAppearanceUpdate() {
        viewIfLoaded?.window?.updateStatusBarAppearance()
    }

    /// The orientations the controller supports: all but upside down on a phone, all on a pad
    /// (uisim's screens stay portrait; the value is the app's to read).
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask {
        (viewIfLoaded?.window?.screen ?? UIScreen.main).model.userInterfaceIdiom == .pad ? .all : .allButUpsideDown
    }
    /// Whether the controller's view may rotate (true unless overridden; deprecated in iOS 16).
    open var shouldAutorotate: Bool { true }
    /// The orientation a full-screen presentation starts in.
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }

    // MARK: Containment

    /// The child view controllers, in the order they were added.
    open var children: [UIViewController] { childControllers }
    private var childControllers: [UIViewController] = []

    /// The parent view controller, if the controller is a child.
    open var parent: UIViewController? { parentController }
    private weak var parentController: UIViewController?

    /// Adds `child` as a child (calling its `willMove(toParent:)`); the caller then adds the
    /// child's view to the hierarchy and calls `child.didMove(toParent: self)`.
    open func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        child.willMove(toParent: self)
        childControllers.append(child)
        child.parentController = self
    }

    /// Removes the controller from its parent (calling its `didMove(toParent: nil)`); the caller
    /// first calls `willMove(toParent: nil)` and removes the view.
    open func removeFromParent() {
        guard let parent = parentController else { return }
        parent.childControllers.removeAll { $0 === self }
        parentController = nil
        didMove(toParent: nil)
    }

    /// The controller is about to be added to `parent`, or removed (nil).
    open func willMove(toParent parent: UIViewController?) {}

    // MARK: Presentation, navigation and tabs (the work is in Navigation/)

    /// What makes the controller's presentation and dismissal animations (UIKit's
    /// `transitioningDelegate`, weak): its animators run the transition, and for `.custom` its
    /// presentation controller presents (Navigation/ViewControllerTransitioning.swift).
    open weak var transitioningDelegate: UIViewControllerTransitioningDelegate?

    /// How the controller is shown when presented (default `.automatic`: a page sheet).
    open var modalPresentationStyle: UIModalPresentationStyle {
        get { presentation.style }
        set { presentation.style = newValue }
    }
    open var modalTransitionStyle: UIModalTransitionStyle {
        get { presentation.transition }
        set { presentation.transition = newValue }
    }
    /// Whether a swipe down may not dismiss the sheet (it springs back; the presentation
    /// controller's delegate hears `presentationControllerDidAttemptToDismiss`).
    open var isModalInPresentation: Bool {
        get { presentation.isModal }
        set { presentation.isModal = newValue }
    }
    /// The controller this one presented, or one of its ancestors presented ("the view controller
    /// that is presented by this view controller, or one of its ancestors in the view controller
    /// hierarchy": a navigation controller's screens answer its modal). Nil: none.
    open var presentedViewController: UIViewController? { presentation.presented ?? parent?.presentedViewController }
    /// The controller that presented this one, or the one holding it (as UIKit answers for a
    /// screen inside a presented navigation controller).
    open var presentingViewController: UIViewController? { presentation.presenting ?? parent?.presentingViewController }
    /// Whether the controller is being presented (between the start and the end of its transition).
    open var isBeingPresented: Bool { presentation.phase == .presenting }
    /// Whether the controller is being dismissed.
    open var isBeingDismissed: Bool { presentation.phase == .dismissing }

    /// Presents `viewControllerToPresent` over this controller's screen (Navigation/UIViewController+Presentation.swift).
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        performPresentation(of: viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses what this controller presented, or this controller if it was presented
    /// (Navigation/UIViewController+Presentation.swift).
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        performDismissal(animated: flag, completion: completion)
    }

    /// The controller's presentation controller, made on first use (as in UIKit, a delegate can
    /// be set before presenting): a sheet's for a page sheet.
    open var presentationController: UIPresentationController? { madePresentationController }

    /// The popover's presentation controller when the controller is presented as a popover
    /// (`modalPresentationStyle` `.popover`; nil otherwise): set its source before presenting.
    open var popoverPresentationController: UIPopoverPresentationController? {
        modalPresentationStyle == .popover ? presentationController as? UIPopoverPresentationController : nil
    }

    /// The sheet's presentation controller when the controller is shown as a page sheet (nil
    /// otherwise; a popover's sheet is its `adaptiveSheetPresentationController`).
    open var sheetPresentationController: UISheetPresentationController? {
        presentationKind == .pageSheet ? presentationController as? UISheetPresentationController : nil
    }

    /// The transition this controller is in, or the one of the controller holding it (nil when
    /// none is under way).
    open var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        activeCoordinator ?? parent?.transitionCoordinator
    }

    /// The nearest navigation controller holding this controller (itself excluded).
    open var navigationController: UINavigationController? { ancestor(UINavigationController.self) }

    /// What a navigation bar shows for this controller (made on first use, titled by `title`).
    open var navigationItem: UINavigationItem { madeNavigationItem }

    /// Shows `vc` the way the context does: pushed in a navigation controller, presented otherwise.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigation = self as? UINavigationController ?? navigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    /// The nearest tab bar controller holding this controller.
    open var tabBarController: UITabBarController? { ancestor(UITabBarController.self) }

    /// The item a tab bar shows for this controller (made on first use, titled by `title`; a
    /// navigation controller without a title takes its root screen's). `null_resettable`: nil
    /// makes a new one on the next read.
    open var tabBarItem: UITabBarItem! {
        get { madeTabBarItem }
        set { storedTabBarItem = newValue }
    }

    /// The controller was added to `parent`, or removed (nil).
    open func didMove(toParent parent: UIViewController?) {}

    // MARK: Responder chain

    /// The view's superview (the window, for a root view controller), as UIKit's: a view
    /// controller's view passes touches it does not handle to the view controller, which passes
    /// them on to the view's superview.
    override var responderWindow: UIWindow? { viewIfLoaded?.window }

    /// `registerForTraitChanges(_:handler:)`'s registrations.
    var traitRegistrations: [UITraitChangeRegistration] = []

    open override var next: UIResponder? {
        storedView?.superview
    }
}

/// The coordinator of a window's resize: the window calls every view controller's
/// `viewWillTransition(to:with:)`, changes its size, then runs the blocks they gave.
/// (Not animated: the blocks run at once.)
final class ResizeCoordinator: UIViewControllerTransitionCoordinator {
    private var alongside: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinatorContext) -> Void] = []
    var isAnimated: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { 0 }
    var percentComplete: CGFloat { 1 }
    let containerView: UIView

    init(window: UIWindow) { containerView = window }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }

    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    /// Makes the change, with the alongside blocks, then the completions.
    func perform(_ change: () -> Void) {
        change()
        for block in alongside { block(self) }
        for block in completions { block(self) }
    }
}
