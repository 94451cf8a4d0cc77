import Foundation

/// A storyboard, as UIKit's `UIStoryboard`: the scenes of an Interface Builder storyboard
/// (`Name.storyboard`, the XML Xcode keeps, document format 3.0), found as `UINib` finds
/// `Name.xib` (the bundle's resources, then `UINib.addSearchFolder(_:)`'s folders). Each
/// instantiation makes a new view controller of the scene's class (`customClass`, found as a nib's
/// are) through its `init?(coder:)`, with the scene's title, navigation item, tab bar item and
/// presentation styles; a navigation controller gets its root screen and a tab bar controller its
/// tabs from their relationship segues. The scene's view is made from the document when the
/// controller loads its view (`loadView()`), its outlets and actions connected to the controller,
/// its container views filled by their embed segues. Segues are performed as UIKit performs them:
/// `performSegue(withIdentifier:sender:)`, or a tap on the button or bar button item they start
/// from (asking `shouldPerformSegue(withIdentifier:sender:)` first); the destination is made,
/// `prepare(for:sender:)` is called on the source, and the segue shows, presents (with the
/// segue's presentation and transition styles), shows as detail or runs a custom segue class.
/// Unwind segues call the unwind action of the nearest controller up the presentation and
/// navigation chain that has it, then dismiss and pop to it.
@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    let document: StoryboardDocument
    let bundle: Bundle?
    /// The kinds of scene view uisim could not make that it has reported (once each).
    var unreadSceneViews = Set<String>()
    /// The storyboards its references name, by name, once read.
    private var referencedStoryboards: [String: UIStoryboard] = [:]

    init(document: StoryboardDocument, bundle: Bundle?) {
        self.document = document
        self.bundle = bundle
        super.init()
    }

    /// The storyboard `name` (`name.storyboard`) in `storyboardBundleOrNil`'s resources (nil: the
    /// main bundle) or a search folder. One that cannot be found or read stops the app with
    /// UIKit's exception (`UIStoryboard.load(name:bundle:)` throws it instead).
    public convenience init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        do {
            try self.init(document: StoryboardDocument.named(name, in: storyboardBundleOrNil ?? .main), bundle: storyboardBundleOrNil)
        } catch {
            fatalError(error.exceptionDescription)
        }
    }

    /// The storyboard `name`, or the error UIKit would raise (uisim's own).
    public static func load(name: String, bundle: Bundle?) throws(NibLoadingError) -> UIStoryboard {
        UIStoryboard(document: try StoryboardDocument.named(name, in: bundle ?? .main), bundle: bundle)
    }

    /// The storyboard in `data` (the XML of a `.storyboard`), `file` naming it in messages (uisim's own).
    public static func load(data: Data, file: String = "<data>") throws(NibLoadingError) -> UIStoryboard {
        UIStoryboard(document: try StoryboardDocument(data: data, file: file), bundle: nil)
    }

    /// The ids of the storyboard's scenes' controllers, sorted (uisim's own: to check a
    /// storyboard, `checkScene(_:)` each).
    public var sceneIDs: [String] { document.controllers.keys.sorted() }

    /// Makes the scene `sceneID`'s controller and the view its document holds, with every outlet
    /// and action connected, throwing what UIKit would raise instead of stopping (uisim's own: for
    /// a test that checks every scene of an app's storyboards; the controller's `viewDidLoad()` is
    /// not called). What uisim does not read yet is in the layout issues.
    public func checkScene(_ sceneID: String) throws(NibLoadingError) {
        let state = UIKitState.current
        let outer = state.documentErrors
        state.documentErrors = []
        defer { state.documentErrors = outer }
        let controller = try instantiate(id: sceneID)
        _ = try controller.documentView()
        // The views of the scenes it holds (embedded, a navigation controller's root) load as it does.
        if let first = state.documentErrors?.first { throw first }
    }

    /// A new controller of the initial scene (nil when the storyboard has none).
    open func instantiateInitialViewController() -> UIViewController? {
        instantiateInitialViewController(creator: nil)
    }

    /// A new controller of the initial scene, made by `block` (which calls the class's
    /// `init?(coder:)` with the coder it is given), or by the scene's class when `block` is nil or
    /// returns nil.
    open func instantiateInitialViewController<ViewController: UIViewController>(creator block: ((NSCoder) -> ViewController?)?) -> ViewController? {
        guard let id = document.initialID else { return nil }
        return instantiateOrStop(id: id, creator: block) as? ViewController
    }

    /// A new controller of the scene whose Storyboard ID is `identifier`; none is UIKit's exception
    /// ("Storyboard doesn't contain a view controller with identifier").
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiateViewController(identifier: identifier, creator: nil)
    }

    /// `instantiateViewController(withIdentifier:)`, made by `block` when it is given.
    open func instantiateViewController<ViewController: UIViewController>(identifier: String, creator block: ((NSCoder) -> ViewController?)? = nil) -> ViewController {
        guard let id = document.identifiers[identifier] else {
            fatalError("Storyboard (<UIStoryboard: \(document.file)>) doesn't contain a view controller with identifier '\(identifier)'")
        }
        guard let made = instantiateOrStop(id: id, creator: block) as? ViewController else {
            fatalError("\(document.file): the view controller with identifier '\(identifier)' is not a \(ViewController.self)")
        }
        return made
    }

    private func instantiateOrStop(id: String, creator: ((NSCoder) -> UIViewController?)?) -> UIViewController {
        do {
            return try instantiate(id: id, creator: creator)
        } catch {
            fatalError(error.exceptionDescription)
        }
    }

    /// The controller of the scene `id` (the one its element has), made now.
    func instantiate(id: String, creator: ((NSCoder) -> UIViewController?)? = nil) throws(NibLoadingError) -> UIViewController {
        if let reference = document.references[id] { return try instantiate(reference, creator: creator) }
        guard let element = document.controllers[id] else {
            throw NibLoadingError(file: document.file, line: nil, "no view controller with id \"\(id)\" in the storyboard")
        }
        let type = try controllerClass(of: element)
        let decoder = UIStoryboardDecoder(storyboard: self, element: element)
        guard let controller = creator?(decoder) ?? type.init(coder: decoder) else {
            throw NibLoadingError(file: document.file, line: element.line, "\(type).init(coder:) returned nil")
        }
        // A class whose `init?(coder:)` does not reach UIViewController's still has its scene.
        if controller.storyboardScene == nil { controller.storyboardScene = StoryboardScene(storyboard: self, element: element) }
        // UIKit loads each scene's controller from a nib of its own (the view from another).
        FrameMeter.current.countAppWork(.nibsLoaded, by: 1)
        FrameMeter.current.countAppWork(.nibObjects, by: 1)
        try addRelationships(of: element, to: controller)
        return controller
    }

    /// The controller a storyboard reference stands for: the referenced storyboard's scene with
    /// that Storyboard ID, or its initial scene, made now (the other storyboard is read from the
    /// same bundle and search folders as this one, as UIKit does at the segue).
    private func instantiate(_ reference: StoryboardDocument.Reference, creator: ((NSCoder) -> UIViewController?)?) throws(NibLoadingError) -> UIViewController {
        let state = UIKitState.current
        guard state.followedReferences < 16 else {
            throw NibLoadingError(file: document.file, line: reference.line,
                                  "storyboard references followed 16 deep: \"\(reference.storyboard)\" leads back to a storyboard being made")
        }
        state.followedReferences += 1
        defer { state.followedReferences -= 1 }
        let other: UIStoryboard
        do {
            // Read once: every segue or relationship to it makes its scenes from the same document.
            if let known = referencedStoryboards[reference.storyboard] {
                other = known
            } else {
                other = try UIStoryboard.load(name: reference.storyboard, bundle: bundle)
                referencedStoryboards[reference.storyboard] = other
            }
        } catch {
            throw NibLoadingError(file: document.file, line: reference.line,
                                  "the storyboard reference to \"\(reference.storyboard)\" cannot be followed: \(error.description)")
        }
        if let identifier = reference.identifier {
            guard let id = other.document.identifiers[identifier] else {
                throw NibLoadingError(file: document.file, line: reference.line,
                                      "storyboard \"\(reference.storyboard)\" has no view controller with identifier '\(identifier)'")
            }
            return try other.instantiate(id: id, creator: creator)
        }
        guard let id = other.document.initialID else {
            throw NibLoadingError(file: document.file, line: reference.line,
                                  "storyboard \"\(reference.storyboard)\" has no initial view controller (a reference without a referencedIdentifier makes it)")
        }
        return try other.instantiate(id: id, creator: creator)
    }

    /// The class a controller element names (`UINib.documentClass(of:base:file:)`).
    private func controllerClass(of element: NibXMLElement) throws(NibLoadingError) -> UIViewController.Type {
        guard let base = Self.controllerClasses[element.name] else {
            throw NibLoadingError(file: document.file, line: element.line, "uisim cannot make <\(element.name)> from a storyboard yet")
        }
        return try UINib.documentClass(of: element, base: base, file: document.file) as? UIViewController.Type ?? base
    }

    static let controllerClasses: [String: UIViewController.Type] = [
        "viewController": UIViewController.self, "tableViewController": UITableViewController.self,
        "collectionViewController": UICollectionViewController.self, "navigationController": UINavigationController.self,
        "tabBarController": UITabBarController.self,
    ]

    /// A navigation controller's root screen, a tab bar controller's tabs (relationship segues).
    private func addRelationships(of element: NibXMLElement, to controller: UIViewController) throws(NibLoadingError) {
        var tabs: [UIViewController] = []
        for segue in element.children(of: "connections") where segue.name == "segue" && segue["kind"] == "relationship" {
            guard let destination = segue["destination"] else { continue }
            switch segue["relationship"] {
            case "rootViewController":
                let root = try instantiate(id: destination)
                (controller as? UINavigationController)?.setViewControllers([root], animated: false)
            case "viewControllers":
                tabs.append(try instantiate(id: destination))
            case let other:
                UIApplication.shared.reportLayoutIssue("\(document.file):\(segue.line): relationship \(other ?? "?") is not read yet")
            }
        }
        if !tabs.isEmpty, let tabBar = controller as? UITabBarController { tabBar.viewControllers = tabs }
    }
}

/// A storyboard document: its scenes' controllers by id, the Storyboard IDs, the initial scene.
final class StoryboardDocument {
    let file: String
    let initialID: String?
    /// Each scene's view controller element, by its id.
    let controllers: [String: NibXMLElement]
    /// Storyboard ID → the controller's id.
    let identifiers: [String: String]
    /// The other objects of each controller's scene (placeholders, exits), by the controller's id.
    let sceneObjects: [String: [NibXMLElement]]
    /// Storyboard references (`<viewControllerPlaceholder>`), by their id: segues and relationships
    /// to one make the scene it names in the other storyboard.
    let references: [String: Reference]
    /// Every object of the document with an id: its element's name, by id.
    let elementNames: [String: String]

    struct Reference {
        /// The other storyboard's name (`storyboardName`).
        let storyboard: String
        /// The Storyboard ID of its scene (`referencedIdentifier`); nil: its initial scene.
        let identifier: String?
        let line: Int
    }

    init(data: Data, file: String) throws(NibLoadingError) {
        self.file = file
        let root = try NibDocument.documentRoot(data, file: file, type: "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard") { type in
            "document type \"\(type)\" is not an iOS storyboard (com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB)"
        }
        var controllers: [String: NibXMLElement] = [:], identifiers: [String: String] = [:], sceneObjects: [String: [NibXMLElement]] = [:]
        var references: [String: Reference] = [:]
        for scene in root.children(of: "scenes") where scene.name == "scene" {
            let objects = scene.children(of: "objects")
            for element in objects where element.name == "viewControllerPlaceholder" {
                guard let id = element["id"] else { throw NibLoadingError(file: file, line: element.line, "<\(element.name)> without an id") }
                guard let name = element["storyboardName"], !name.isEmpty else {
                    throw NibLoadingError(file: file, line: element.line, "a storyboard reference without a storyboardName")
                }
                references[id] = Reference(storyboard: name, identifier: element["referencedIdentifier"], line: element.line)
            }
            for element in objects where UIStoryboard.controllerClasses[element.name] != nil || element.name.hasSuffix("Controller") {
                guard let id = element["id"] else { throw NibLoadingError(file: file, line: element.line, "<\(element.name)> without an id") }
                controllers[id] = element
                sceneObjects[id] = objects.filter { $0 !== element }
                if let identifier = element["storyboardIdentifier"] { identifiers[identifier] = id }
            }
        }
        self.sceneObjects = sceneObjects
        self.references = references
        var names: [String: String] = [:]
        func walk(_ element: NibXMLElement) {
            if let id = element["id"] { names[id] = element.name }
            for child in element.children { walk(child) }
        }
        walk(root)
        elementNames = names
        initialID = root["initialViewController"]
        if let initialID, controllers[initialID] == nil {
            throw NibLoadingError(file: file, line: root.line, "the initial view controller \"\(initialID)\" is not a scene of the storyboard")
        }
        self.controllers = controllers
        self.identifiers = identifiers
    }

    /// `name.storyboard`, found where `UINib` finds `name.xib`.
    static func named(_ name: String, in bundle: Bundle) throws(NibLoadingError) -> StoryboardDocument {
        let url = try UINib.url(ofDocument: name.hasSuffix(".storyboard") ? name : name + ".storyboard", in: bundle)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw NibLoadingError(file: url.path, line: nil, "cannot be read: \(error.localizedDescription)")
        }
        return try StoryboardDocument(data: data, file: url.path)
    }
}

/// The coder a storyboard's controller is made with (`init?(coder:)`): the scene's element.
final class UIStoryboardDecoder: DocumentCoder {
    /// The storyboard (nil for a controller among a nib's objects).
    let storyboard: UIStoryboard?
    let element: NibXMLElement

    init(storyboard: UIStoryboard?, element: NibXMLElement) {
        self.storyboard = storyboard
        self.element = element
        super.init()
    }

    /// What `UIViewController.init?(coder:)` reads: the scene, its title, its navigation and tab
    /// bar items and its presentation styles.
    @MainActor
    func decode(into controller: UIViewController) {
        if let storyboard { controller.storyboardScene = StoryboardScene(storyboard: storyboard, element: element) }
        if let title = element["title"] { controller.title = title }
        switch element["modalPresentationStyle"] {
        case "fullScreen": controller.modalPresentationStyle = .fullScreen
        case "overFullScreen": controller.modalPresentationStyle = .overFullScreen
        case "pageSheet": controller.modalPresentationStyle = .pageSheet
        case "formSheet": controller.modalPresentationStyle = .formSheet
        case "currentContext": controller.modalPresentationStyle = .currentContext
        case "overCurrentContext": controller.modalPresentationStyle = .overCurrentContext
        default: break
        }
        if element["hidesBottomBarWhenPushed"] == "YES" { controller.hidesBottomBarWhenPushed = true }
        if let item = element.child("navigationItem", key: "navigationItem") {
            if let title = item["title"] { controller.navigationItem.title = title }
            controller.storyboardScene?.addBarButtonItems(of: item, to: controller)
        }
        controller.storyboardScene?.addToolbarItems(to: controller)
        if let item = element.child("tabBarItem", key: "tabBarItem") {
            controller.tabBarItem = UITabBarItem(title: item["title"], image: item["image"].flatMap { UIImage(named: $0) }, tag: Int(item["tag"] ?? "") ?? 0)
        }
    }
}

/// The scene a controller came from, for its view and its segues.
@MainActor
struct StoryboardScene {
    let storyboard: UIStoryboard
    let element: NibXMLElement

    var file: String { storyboard.document.file }

    /// The controller makes its own view where the scene has one uisim cannot make yet (a table
    /// view controller's `<tableView>`): said once per kind, as what it holds (cells, outlets) is lost.
    func reportOwnView(of owner: UIViewController) {
        guard let viewElement = element.children.first(where: { $0["key"] == "view" }),
              NibLoader.elementClasses[viewElement.name] == nil,
              storyboard.unreadSceneViews.insert(viewElement.name).inserted else { return }
        UIApplication.shared.reportLayoutIssue("\(file):\(viewElement.line): the scene's <\(viewElement.name)> is not read yet: "
                                               + "\(type(of: owner)) makes its own view, without the document's subviews, cells and outlets")
    }

    /// The scene's view, made from the document with the controller as its owner (outlets and
    /// actions connected, triggered segues wired, container views embedded); nil when the scene
    /// has no view uisim can make (the controller makes its own).
    func loadView(owner: UIViewController) throws(NibLoadingError) -> UIView? {
        guard let viewElement = element.children.first(where: { $0["key"] == "view" }) else { return nil }
        guard NibLoader.elementClasses[viewElement.name] != nil else {
            reportOwnView(of: owner)
            return nil
        }
        // The controller stands as the File's Owner; its outlets and actions are the owner's
        // connections (segues are the storyboard's).
        let ownerPlaceholder = NibXMLElement(name: "placeholder", attributes: [("id", element["id"] ?? ""), ("placeholderIdentifier", "IBFilesOwner")],
                                             line: element.line)
        let connections = NibXMLElement(name: "connections", attributes: [], line: element.line)
        connections.children = element.children(of: "connections").filter { $0.name != "segue" }
        ownerPlaceholder.children = [connections]
        // The bar button items (made with the controller) are objects outlets may name.
        var preset: [String: Any] = [:]
        if let navigationItem = element.child("navigationItem", key: "navigationItem") {
            for itemElement in navigationItem.children where itemElement.name == "barButtonItem" {
                guard let id = itemElement["id"] else { continue }
                let item: UIBarButtonItem? = switch itemElement["key"] {
                case "leftBarButtonItem": owner.navigationItem.leftBarButtonItem
                case "rightBarButtonItem": owner.navigationItem.rightBarButtonItem
                case "backBarButtonItem": owner.navigationItem.backBarButtonItem
                default: nil
                }
                if let item { preset[id] = item }
            }
        }
        let toolbarElements = element.children(of: "toolbarItems").filter { $0.name == "barButtonItem" }
        for (itemElement, item) in zip(toolbarElements, owner.toolbarItems ?? []) {
            if let id = itemElement["id"] { preset[id] = item }
        }
        // The scene's First Responder, which actions may target.
        let firstResponders = storyboard.document.sceneObjects[element["id"] ?? "", default: []].filter {
            $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFirstResponder"
        }
        // Its gesture recognizers (the view's connections attach them) and custom objects.
        let others = storyboard.document.sceneObjects[element["id"] ?? "", default: []].filter {
            NibLoader.recognizerElements.contains($0.name) || $0.name == "customObject"
        }
        let loader = NibLoader(document: NibDocument(file: file, objects: [ownerPlaceholder] + firstResponders + [viewElement] + others), owner: owner,
                               externalObjects: [:], presetObjects: preset)
        loader.sceneOwner = owner
        loader.elsewhere = storyboard.document.elementNames
        for guide in element.children(of: "layoutGuides") where guide.name == "viewControllerLayoutGuide" {
            guard let id = guide["id"] else { continue }
            loader.controllerGuides.append((id, guide["type"] != "bottom"))
        }
        return try loader.instantiate().first as? UIView
    }

    /// The navigation item's bar button items: made, with their actions and segues.
    func addBarButtonItems(of navigationItem: NibXMLElement, to controller: UIViewController) {
        for itemElement in navigationItem.children where itemElement.name == "barButtonItem" {
            let item = barButtonItem(itemElement, of: controller)
            switch itemElement["key"] {
            case "leftBarButtonItem": controller.navigationItem.leftBarButtonItem = item
            case "rightBarButtonItem": controller.navigationItem.rightBarButtonItem = item
            case "backBarButtonItem": controller.navigationItem.backBarButtonItem = item
            default: break
            }
        }
    }

    /// The scene's `<toolbarItems>` (a navigation controller's toolbar shows them).
    func addToolbarItems(to controller: UIViewController) {
        let items = element.children(of: "toolbarItems").filter { $0.name == "barButtonItem" }
        guard !items.isEmpty else { return }
        controller.toolbarItems = items.map { barButtonItem($0, of: controller) }
    }

    /// A scene's bar button item, with its action (to the controller) and its segue.
    private func barButtonItem(_ itemElement: NibXMLElement, of controller: UIViewController) -> UIBarButtonItem {
        // (A system item uisim does not know leaves the image or title item.)
        let item = NibLoader.makeBarButtonItem(itemElement).item
        for connection in itemElement.children(of: "connections") {
            switch connection.name {
            case "action":
                if let selector = connection["selector"] {
                    item.target = controller
                    item.action = Selector(selector)
                }
            case "segue":
                let template = connection
                item.primaryAction = UIAction { [weak controller, weak item] _ in
                    guard let controller else { return }
                    controller.triggerSegue(template, sender: item)
                }
            default: break
            }
        }
        return item
    }

    static let systemItems: [String: UIBarButtonItem.SystemItem] = [
        "done": .done, "cancel": .cancel, "edit": .edit, "save": .save, "add": .add, "compose": .compose, "reply": .reply,
        "action": .action, "organize": .organize, "bookmarks": .bookmarks, "search": .search, "refresh": .refresh, "stop": .stop,
        "camera": .camera, "trash": .trash, "play": .play, "pause": .pause, "rewind": .rewind, "fastForward": .fastForward,
        "undo": .undo, "redo": .redo, "close": .close, "flexibleSpace": .flexibleSpace, "fixedSpace": .fixedSpace,
    ]

    /// Every segue of the scene with `identifier` (from the controller, its controls or its items).
    func segue(withIdentifier identifier: String) -> NibXMLElement? {
        func search(_ element: NibXMLElement) -> NibXMLElement? {
            if element.name == "segue", element["identifier"] == identifier, element["kind"] != "relationship" { return element }
            for child in element.children { if let found = search(child) { return found } }
            return nil
        }
        return search(element)
    }
}

/// A transition between two scenes (UIKit's `UIStoryboardSegue`): its identifier, source and
/// destination; `perform()` runs it (the storyboard's kinds through their handler; a custom
/// segue class overrides it).
@preconcurrency @MainActor
open class UIStoryboardSegue: NSObject {
    open var identifier: String? { storedIdentifier }
    open var source: UIViewController { storedSource }
    open var destination: UIViewController { storedDestination }
    private let storedIdentifier: String?
    private let storedSource: UIViewController
    private let storedDestination: UIViewController
    private var handler: (() -> Void)?

    /// A segue from `source` to `destination`. Required in uisim (the storyboard makes a custom
    /// segue class through it, as UIKit does by name).
    public required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        storedIdentifier = identifier
        storedSource = source
        storedDestination = destination
        super.init()
    }

    public convenience init(identifier: String?, source: UIViewController, destination: UIViewController, performHandler: @escaping () -> Void) {
        self.init(identifier: identifier, source: source, destination: destination)
        handler = performHandler
    }

    /// Runs the transition (the handler given; nothing for a plain segue).
    open func perform() { handler?() }
}

/// What an unwind segue starts from (UIKit's `UIStoryboardUnwindSegueSource`).
@preconcurrency @MainActor
open class UIStoryboardUnwindSegueSource: NSObject {
    open var source: UIViewController { storedSource }
    open var unwindAction: Selector { storedAction }
    open var sender: Any? { storedSender }
    private let storedSource: UIViewController
    private let storedAction: Selector
    private let storedSender: Any?

    init(source: UIViewController, action: Selector, sender: Any?) {
        storedSource = source
        storedAction = action
        storedSender = sender
        super.init()
    }
}

extension UIViewController {
    /// Performs the scene's segue `identifier` (no `shouldPerformSegue` asked, as in UIKit); none is
    /// UIKit's exception.
    func performStoryboardSegue(identifier: String, sender: Any?) {
        guard let scene = storyboardScene, let template = scene.segue(withIdentifier: identifier) else {
            fatalError("Receiver (<\(type(of: self))>) has no segue with identifier '\(identifier)'")
        }
        runSegue(template, sender: sender)
    }

    /// A segue started by a control or a bar button item: asked first (`shouldPerformSegue`).
    func triggerSegue(_ template: NibXMLElement, sender: Any?) {
        if let identifier = template["identifier"], !shouldPerformSegue(withIdentifier: identifier, sender: sender) { return }
        runSegue(template, sender: sender)
    }

    /// Makes the destination, lets the source prepare, performs the segue.
    func runSegue(_ template: NibXMLElement, sender: Any?) {
        guard let scene = storyboardScene else { return }
        let file = scene.file
        if template["kind"] == "unwind" { return unwind(template, sender: sender) }
        guard let destinationID = template["destination"] else { fatalError("\(file):\(template.line): a segue without a destination") }
        let destination: UIViewController
        do {
            destination = try scene.storyboard.instantiate(id: destinationID)
        } catch {
            fatalError(error.exceptionDescription)
        }
        let identifier = template["identifier"]
        let animated = template["animates"] != "NO"
        let segue: UIStoryboardSegue
        switch template["kind"] {
        case "show", "push":
            segue = UIStoryboardSegue(identifier: identifier, source: self, destination: destination) { [weak self] in
                guard let self else { return }
                if let navigation = self as? UINavigationController ?? self.navigationController {
                    navigation.pushViewController(destination, animated: animated)
                } else {
                    self.show(destination, sender: sender)
                }
            }
        case "showDetail", "replace":
            segue = UIStoryboardSegue(identifier: identifier, source: self, destination: destination) { [weak self] in
                self?.showDetailViewController(destination, sender: sender)
            }
        case "presentation", "modal", "popoverPresentation":
            if template["kind"] == "popoverPresentation" { destination.modalPresentationStyle = .popover }
            switch template["modalPresentationStyle"] {
            case "fullScreen": destination.modalPresentationStyle = .fullScreen
            case "overFullScreen": destination.modalPresentationStyle = .overFullScreen
            case "pageSheet": destination.modalPresentationStyle = .pageSheet
            case "formSheet": destination.modalPresentationStyle = .formSheet
            default: break
            }
            switch template["modalTransitionStyle"] {
            case "crossDissolve": destination.modalTransitionStyle = .crossDissolve
            case "flipHorizontal": destination.modalTransitionStyle = .flipHorizontal
            case "partialCurl": destination.modalTransitionStyle = .partialCurl
            default: break
            }
            if destination.modalPresentationStyle == .popover, let view = sender as? UIView {
                destination.popoverPresentationController?.sourceView = view
            }
            segue = UIStoryboardSegue(identifier: identifier, source: self, destination: destination) { [weak self] in
                self?.present(destination, animated: animated)
            }
        case "custom":
            guard let name = template["customClass"], let found = UINib.registeredClass(named: name, module: template["customModule"]),
                  let type = found as? UIStoryboardSegue.Type else {
                fatalError("\(file):\(template.line): the custom segue class \(template["customClass"] ?? "?") is not known (UINib.register it)")
            }
            segue = type.init(identifier: identifier, source: self, destination: destination)
        case let kind:
            fatalError("\(file):\(template.line): segue kind \(kind ?? "?") is not performed by uisim yet")
        }
        prepare(for: segue, sender: sender)
        segue.perform()
    }

    /// An unwind segue: the nearest controller up the navigation and presentation chain whose
    /// class declares the unwind action (and says it can perform it) is the destination; its action
    /// runs with the segue, then what covers it is dismissed and popped.
    private func unwind(_ template: NibXMLElement, sender: Any?) {
        guard let name = template["unwindAction"] else { return }
        let action = Selector(name)
        var candidate: UIViewController? = self
        var visited: Set<ObjectIdentifier> = []
        while let current = candidate, visited.insert(ObjectIdentifier(current)).inserted {
            if current !== self, current.declaresAction(action), current.canPerformUnwindSegueAction(action, from: self, sender: sender) {
                let segue = UIStoryboardSegue(identifier: template["identifier"], source: self, destination: current)
                prepare(for: segue, sender: sender)
                _ = UIApplication.shared.sendAction(action, to: current, from: segue, for: nil)
                if current.presentedViewController != nil { current.dismiss(animated: true) }
                let navigation = current as? UINavigationController ?? current.navigationController
                if let navigation, navigation.viewControllers.contains(where: { $0 === current }), navigation.topViewController !== current {
                    navigation.popToViewController(current, animated: true)
                }
                return
            }
            candidate = current.previousInUnwindChain
        }
        UIApplication.shared.reportLayoutIssue("unwind segue \(name): no view controller up the chain of \(type(of: self)) declares it")
    }

    /// The next controller an unwind looks at: the one under it in its navigation stack, else the
    /// one holding it, else the one presenting it.
    private var previousInUnwindChain: UIViewController? {
        if let navigation = navigationController, let index = navigation.viewControllers.firstIndex(where: { $0 === self }), index > 0 {
            return navigation.viewControllers[index - 1]
        }
        return parent ?? presentingViewController
    }

    /// Whether the controller's class lists `action` among its Interface Builder actions.
    func declaresAction(_ action: Selector) -> Bool {
        UINib.connections(of: self).contains { connection in
            if case .action(let selector) = connection.kind { return selector == action }
            return false
        }
    }

    /// Embeds the destination of a container view's embed segue in it (the source prepared first).
    func embed(_ template: NibXMLElement, in container: UIView) throws(NibLoadingError) {
        guard let scene = storyboardScene, let destinationID = template["destination"] else { return }
        let child = try scene.storyboard.instantiate(id: destinationID)
        let segue = UIStoryboardSegue(identifier: template["identifier"], source: self, destination: child)
        prepare(for: segue, sender: nil)
        addChild(child)
        child.view.frame = container.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(child.view)
        child.didMove(toParent: self)
    }
}
