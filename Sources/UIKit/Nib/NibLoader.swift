import Foundation

/// A document read and checked once: its `<objects>`, for every instantiation.
struct NibDocument {
    let file: String
    let objects: [NibXMLElement]

    /// A document of `objects` (a storyboard scene's owner and view).
    init(file: String, objects: [NibXMLElement]) {
        self.file = file
        self.objects = objects
    }

    init(data: Data, file: String) throws(NibLoadingError) {
        self.file = file
        let root = try Self.documentRoot(data, file: file, type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB") { type in
            type.contains("Storyboard") ? "a storyboard, not a nib: UINib reads .xib documents (UIStoryboard reads storyboards)"
                : "document type \"\(type)\" is not an iOS nib (com.apple.InterfaceBuilder3.CocoaTouch.XIB)"
        }
        guard let objects = root.child("objects") else {
            throw NibLoadingError(file: file, line: root.line, "the document has no <objects>")
        }
        self.objects = objects.children
    }

    /// The `<document>` of an Interface Builder file of `type` (a prefix of its `type` attribute),
    /// in document format 3.0; else the error, `wrongType` saying what a document of another type is.
    static func documentRoot(_ data: Data, file: String, type expected: String,
                             wrongType: (String) -> String) throws(NibLoadingError) -> NibXMLElement {
        let root = try NibXMLReader.parse(data, file: file)
        guard root.name == "document" else {
            throw NibLoadingError(file: file, line: root.line, "<\(root.name)> is not an Interface Builder document (<document>)")
        }
        let type = root["type"] ?? ""
        guard type.hasPrefix(expected) else { throw NibLoadingError(file: file, line: root.line, wrongType(type)) }
        if let version = root["version"], version != "3.0" {
            throw NibLoadingError(file: file, line: root.line, "document format \(version): uisim reads format 3.0 (Xcode 5 and later)")
        }
        return root
    }
}

/// The coder a document's object is made with (`init?(coder:)`), as UIKit's `UINibDecoder`: each
/// UIKit class's initializer hands itself to it once its own setup is done, and the coder sets the
/// properties, subviews and constraints the document gives, before the app's class's initializer
/// goes on (so a subclass's `init?(coder:)` sees them, as on iOS).
// @unchecked Sendable: made, used and dropped on the main actor within one load; the keyed
// reads NSCoder declares nonisolated reach the loader through `MainActor.assumeIsolated`.
final class UINibDecoder: DocumentCoder, @unchecked Sendable {
    let element: NibXMLElement
    /// The UIKit class whose initializer applies the document (the nearest of the chain uisim makes).
    let decodingClass: AnyClass
    let loader: NibLoader
    private var applied = false

    init(element: NibXMLElement, decodingClass: AnyClass, loader: NibLoader) {
        self.element = element
        self.decodingClass = decodingClass
        self.loader = loader
        super.init()
    }

    /// The element's value under UIKit's archive key `key` (`NibCoderKeys`).
    override func archivedValue(forKey key: String) -> Any? {
        nonisolated(unsafe) var value: Any?
        MainActor.assumeIsolated { value = NibCoderKeys(loader: loader, element: element).value(forKey: key) }
        return value
    }

    /// Called by `uikitClass`'s `init?(coder:)` at its end: applies the document once, in the
    /// initializer of the class that decodes.
    @MainActor
    static func didInit(_ view: UIView, as uikitClass: AnyClass, coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder, !decoder.applied, uikitClass == decoder.decodingClass else { return }
        decoder.applied = true
        decoder.loader.apply(decoder.element, to: view)
    }
}

/// The keyed coder a document's object is made with. The document's properties are applied by
/// the loader, not decoded by key; what an app's `init?(coder:)` may read itself is the values a
/// compiled nib holds under UIKit's archive keys (`UINibDecoder` answers them); every other key is
/// absent, as on iOS (Interface Builder archives no key of the app's: its inspectables are set
/// through KVC after `init?(coder:)`).
class DocumentCoder: NSCoder {
    override var allowsKeyedCoding: Bool { true }
    /// The value archived under `key`: a `String`, `Bool`, `Int`, `Double`, `UIColor`, `UIFont`,
    /// `CGRect` or `CGPoint`; nil when the document has none.
    func archivedValue(forKey key: String) -> Any? { nil }
    override func containsValue(forKey key: String) -> Bool { archivedValue(forKey: key) != nil }
    override func decodeObject(forKey key: String) -> Any? {
        let value = archivedValue(forKey: key)
        return value is Bool || value is Int || value is Double ? nil : value
    }
    override func decodeBool(forKey key: String) -> Bool {
        switch archivedValue(forKey: key) {
        case let flag as Bool: flag
        case let number as Int: number != 0
        default: false
        }
    }
    override func decodeInteger(forKey key: String) -> Int {
        switch archivedValue(forKey: key) {
        case let number as Int: number
        case let flag as Bool: flag ? 1 : 0
        case let number as Double: Int(number)
        default: 0
        }
    }
    override func decodeInt32(forKey key: String) -> Int32 { Int32(truncatingIfNeeded: decodeInteger(forKey: key)) }
    override func decodeInt64(forKey key: String) -> Int64 { Int64(decodeInteger(forKey: key)) }
    override func decodeDouble(forKey key: String) -> Double {
        switch archivedValue(forKey: key) {
        case let number as Double: number
        case let number as Int: Double(number)
        default: 0
        }
    }
    override func decodeFloat(forKey key: String) -> Float { Float(decodeDouble(forKey: key)) }
}

/// One instantiation of a document: makes its objects, connects them, wakes them.
@MainActor
final class NibLoader {
    let file: String
    private let document: NibDocument
    private let owner: Any?
    private let externalObjects: [String: Any]
    /// The objects by id: made ones, placeholders, layout guides.
    var objects: [String: Any] = [:]
    /// Objects made, in document order (pre-order), for `awakeFromNib`.
    private var made: [(order: Int, object: AnyObject)] = []
    private var order = 0
    /// Each object's `<connections>`, with the object, in document order.
    private var connections: [(source: Any?, element: NibXMLElement)] = []
    /// Constraints waiting for every object (their items may come later in the document); one the
    /// traits' variations leave out is made (an outlet may hold it) but not installed.
    private var pendingConstraints: [(owner: UIView, element: NibXMLElement, installed: Bool)] = []
    /// The first error met inside an initializer, where it cannot be thrown.
    private var failure: NibLoadingError?
    private var warned: Set<String> = []
    /// The size classes the document's variations are resolved for.
    private let variations = NibVariations.current
    /// The ids each resolved element's masks leave out (its excluded subviews and constraints).
    private var excluded: [ObjectIdentifier: Set<String>] = [:]

    /// The controller whose storyboard scene this loads the view of: segues from the view's
    /// controls and container views are its.
    weak var sceneOwner: UIViewController?
    /// The element names of the storyboard's objects by id, for a scene's view: a connection to
    /// one this load does not make (another scene's) is dropped, as Xcode drops it.
    var elsewhere: [String: String] = [:]
    /// The scene's `<viewControllerLayoutGuide>`s (iOS 7's top and bottom layout guides), made on
    /// its view once the view is made: (id, whether it is the top one).
    var controllerGuides: [(id: String, top: Bool)] = []

    init(document: NibDocument, owner: Any?, externalObjects: [String: Any], presetObjects: [String: Any] = [:]) {
        self.document = document
        self.file = document.file
        self.owner = owner
        self.externalObjects = externalObjects
        objects = presetObjects
    }

    func error(_ element: NibXMLElement, _ message: String) -> NibLoadingError {
        NibLoadingError(file: file, line: element.line, message)
    }

    /// Says once per kind what uisim leaves out, with the first place it occurs.
    func warn(_ element: NibXMLElement, _ kind: String, _ message: String) {
        guard warned.insert(kind).inserted else { return }
        UIApplication.shared.reportLayoutIssue("\(file):\(element.line): \(message)")
    }

    func fail(_ error: NibLoadingError) {
        if failure == nil { failure = error }
    }

    func instantiate() throws(NibLoadingError) -> [Any] {
        var topLevel: [Any] = []
        for element in document.objects {
            if element.name == "placeholder" {
                try placeholder(element)
                continue
            }
            if Self.recognizerElements.contains(element.name) {
                topLevel.append(try makeRecognizer(element))
                continue
            }
            if element.name == "customObject" {
                topLevel.append(try makeCustomObject(element))
                continue
            }
            if let base = UIStoryboard.controllerClasses[element.name] {
                topLevel.append(try makeController(element, base: base))
                continue
            }
            let object = try make(element)
            topLevel.append(object)
        }
        if let failure { throw failure }
        if let root = topLevel.first as? UIView {
            for (id, top) in controllerGuides { objects[id] = LayoutSupportGuide.guide(of: root, top: top) }
        }
        for (owner, element, installed) in pendingConstraints { try addConstraint(element, to: owner, installed: installed) }
        for (source, element) in connections { try connect(element, from: source) }
        for (_, object) in made.sorted(by: { $0.order < $1.order }) {
            (object as? UIResponder)?.awakeFromNib()
        }
        FrameMeter.current.countAppWork(.nibsLoaded, by: 1)
        FrameMeter.current.countAppWork(.nibObjects, by: made.count)
        return topLevel
    }

    private func placeholder(_ element: NibXMLElement) throws(NibLoadingError) {
        guard let id = element["id"] else { throw error(element, "<placeholder> without an id") }
        let object: Any?
        switch element["placeholderIdentifier"] {
        case "IBFilesOwner": object = owner
        case "IBFirstResponder": object = nil
        case let identifier?:
            guard let external = externalObjects[identifier] else {
                throw error(element, "the external object \"\(identifier)\" is not among the options' UINib.OptionsKey.externalObjects")
            }
            object = external
        case nil: throw error(element, "<placeholder> without a placeholderIdentifier")
        }
        objects[id] = object.map { $0 as Any } ?? NibNil()
        if let list = element.child("connections") {
            for connection in list.children { connections.append((object, connection)) }
        }
    }

    // MARK: Making objects

    /// The UIKit class each element names, and whether uisim can make it from a document.
    static let elementClasses: [String: UIView.Type] = [
        "view": UIView.self, "label": UILabel.self, "button": UIButton.self, "imageView": UIImageView.self,
        "textField": UITextField.self, "switch": UISwitch.self, "stackView": UIStackView.self,
        "scrollView": UIScrollView.self, "containerView": UIView.self, "tableViewCell": UITableViewCell.self,
        "collectionViewCell": UICollectionViewCell.self, "collectionReusableView": UICollectionReusableView.self,
        "activityIndicatorView": UIActivityIndicatorView.self, "tableView": UITableView.self, "collectionView": UICollectionView.self,
        "slider": UISlider.self, "pageControl": UIPageControl.self, "segmentedControl": UISegmentedControl.self, "stepper": UIStepper.self,
        "progressView": UIProgressView.self, "textView": UITextView.self, "datePicker": UIDatePicker.self,
        "toolbar": UIToolbar.self, "navigationBar": UINavigationBar.self, "tabBar": UITabBar.self,
        "visualEffectView": UIVisualEffectView.self,
    ]

    /// The UIKit classes whose `init?(coder:)` applies a document (each class an element names),
    /// and the class that applies it for a UIKit class that has no initializer of its own
    /// (UIControl's is UIView's).
    static let decodingClasses = Set(elementClasses.values.map { ObjectIdentifier($0) })

    func make(_ original: NibXMLElement) throws(NibLoadingError) -> UIView {
        guard let uikitClass = Self.elementClasses[original.name] else {
            throw error(original, "uisim cannot make <\(original.name)> from a document yet")
        }
        let (element, leftOut) = variations.resolve(original, warn: warn)
        if !leftOut.isEmpty { excluded[ObjectIdentifier(element)] = leftOut }
        let type = try UINib.documentClass(of: element, base: uikitClass, file: file) as? UIView.Type ?? uikitClass
        guard let decodingClass = Self.decodingClass(of: type) else {
            throw error(element, "uisim cannot make \(type) from a document: no UIKit class it inherits from reads documents yet")
        }
        let slot = order
        order += 1
        let decoder = UINibDecoder(element: element, decodingClass: decodingClass, loader: self)
        guard let view = type.init(coder: decoder) else {
            if let failure { throw failure }
            throw error(element, "\(type).init(coder:) returned nil")
        }
        if let failure { throw failure }
        made.append((slot, view))
        if let id = element["id"] { objects[id] = view }
        return view
    }

    /// A `<customObject>`: an `NSObject`, or the app's class (`customClass`) when the app told
    /// uisim how to make it (`UINib.register(_:make:)`: Swift on Linux cannot make an `NSObject`
    /// subclass from its name alone); else it is said once, and outlets to it stay nil.
    private func makeCustomObject(_ element: NibXMLElement) throws(NibLoadingError) -> Any {
        let type = try UINib.documentClass(of: element, base: NSObject.self, file: file)
        let object: NSObject
        if type == NSObject.self {
            object = NSObject()
        } else if let make = UINib.objectMaker(for: type) {
            object = make()
        } else {
            warn(element, "customObject \(type)", "the custom object \(type) is not made: Swift on Linux makes an NSObject subclass "
                 + "from a document only through UINib.register(\(type).self) { \(type)() }; outlets to it stay nil")
            if let id = element["id"] { objects[id] = NibNil() }
            return NibNil()
        }
        made.append((order, object))
        order += 1
        if let id = element["id"] { objects[id] = object }
        keepConnections(of: element, from: object)
        return object
    }

    /// A view controller among a nib's objects (`<viewController>` and the other controller
    /// elements): made with the document's title and presentation settings, its `<view
    /// key="view">` made now and handed to it when it loads its view.
    private func makeController(_ element: NibXMLElement, base: UIViewController.Type) throws(NibLoadingError) -> UIViewController {
        let type = try UINib.documentClass(of: element, base: base, file: file) as? UIViewController.Type ?? base
        let slot = order
        order += 1
        guard let controller = type.init(coder: UIStoryboardDecoder(storyboard: nil, element: element)) else {
            throw error(element, "\(type).init(coder:) returned nil")
        }
        made.append((slot, controller))
        if let id = element["id"] { objects[id] = controller }
        if let viewElement = element.children.first(where: { $0["key"] == "view" }) {
            if Self.elementClasses[viewElement.name] != nil {
                controller.decodedView = try make(viewElement)
            } else {
                warn(viewElement, "controller view \(viewElement.name)", "the controller's <\(viewElement.name)> is not read yet: "
                     + "\(type) makes its own view, without the document's subviews and outlets")
            }
        }
        keepConnections(of: element, from: controller)
        return controller
    }

    /// The nearest class of `type`'s chain that applies a document.
    private static func decodingClass(of type: AnyClass) -> AnyClass? {
        var current: AnyClass? = type
        while let candidate = current {
            if decodingClasses.contains(ObjectIdentifier(candidate)) { return candidate }
            current = _getSuperclass(candidate)
        }
        return nil
    }

    /// Applies `element` to `view`, made with it: properties, then subviews, then constraints
    /// (kept until every object exists), as UIView's `initWithCoder:` decodes them.
    func apply(_ element: NibXMLElement, to view: UIView) {
        do {
            try NibProperties(loader: self, element: element).apply(to: view)
            try fill(view, from: element)
            // A cell's content view (`<tableViewCellContentView key="contentView">`, a collection
            // view cell's `<view key="contentView">`): the cell's own, given the document's subviews.
            if let original = element.children.first(where: { $0["key"] == "contentView" }),
               let contentView = (view as? UITableViewCell)?.contentView ?? (view as? UICollectionViewCell)?.contentView
                ?? (view as? UIVisualEffectView)?.contentView {
                let (content, leftOut) = variations.resolve(original, warn: warn)
                if !leftOut.isEmpty { excluded[ObjectIdentifier(content)] = leftOut }
                if let id = content["id"] { objects[id] = contentView }
                try NibProperties(loader: self, element: content).apply(to: contentView)
                try fill(contentView, from: content, builtIn: (view as? UITableViewCell).map { builtInViews(of: $0, element) } ?? [:])
            }
            try fillList(view, from: element)
        } catch {
            fail(error)
        }
    }

    /// A style cell's own labels and image view, by the ids the cell's element gives them
    /// (`textLabel="…"`, `detailTextLabel="…"`, `imageView="…"`): the document writes them as
    /// subviews of the content view, which are the cell's, not new views.
    private func builtInViews(of cell: UITableViewCell, _ element: NibXMLElement) -> [String: UIView] {
        var views: [String: UIView] = [:]
        if let id = element["textLabel"], let label = cell.textLabel { views[id] = label }
        if let id = element["detailTextLabel"], let label = cell.detailTextLabel { views[id] = label }
        if let id = element["imageView"], let imageView = cell.imageView { views[id] = imageView }
        return views
    }

    /// Makes `element`'s subviews in `view` (a subview whose id is in `builtIn` is that view,
    /// given the element's properties), and keeps its guides, constraints and connections.
    private func fill(_ view: UIView, from element: NibXMLElement, builtIn: [String: UIView] = [:]) throws(NibLoadingError) {
            // (Taken out once read: the resolved element lives only while its view is made.)
            let leftOut = excluded.removeValue(forKey: ObjectIdentifier(element)) ?? []
            for child in element.children(of: "subviews") {
                if let id = child["id"], let existing = builtIn[id] {
                    objects[id] = existing
                    try NibProperties(loader: self, element: child).apply(to: existing)
                    continue
                }
                let subview = try make(child)
                // A subview the traits' variations leave out is made (its outlets connect) but not installed.
                if let id = child["id"], leftOut.contains(id) { continue }
                if let stack = view as? UIStackView {
                    stack.addArrangedSubview(subview)
                } else {
                    view.addSubview(subview)
                }
            }
            for guide in element.children where guide.name == "viewLayoutGuide" {
                guard let id = guide["id"] else { continue }
                switch guide["key"] {
                case "safeArea": objects[id] = view.safeAreaLayoutGuide
                case "layoutMargins": objects[id] = view.layoutMarginsGuide
                default: warn(guide, "guide \(guide["key"] ?? "")", "layout guide \(guide["key"] ?? "?") is not read yet: constraints to it fail")
                }
            }
            for constraint in element.children(of: "constraints") where constraint.name == "constraint" {
                pendingConstraints.append((view, constraint, !(constraint["id"].map(leftOut.contains) ?? false)))
            }
            keepConnections(of: element, from: view)
    }

    /// Keeps `element`'s connections, made once every object exists.
    func keepConnections(of element: NibXMLElement, from source: AnyObject) {
        if let list = element.child("connections") {
            for connection in list.children { connections.append((source, connection)) }
        }
    }

    // MARK: Constraints

    private func item(_ id: String, of element: NibXMLElement) throws(NibLoadingError) -> AnyObject {
        guard let object = objects[id] else { throw error(element, "no object with id \"\(id)\" in the document") }
        guard object is UIView || object is UILayoutGuide else {
            throw error(element, "\"\(id)\" is not a view or a layout guide: a constraint cannot use it")
        }
        return object as AnyObject
    }

    private func addConstraint(_ element: NibXMLElement, to owner: UIView, installed: Bool) throws(NibLoadingError) {
        if element["placeholder"] == "YES" { return }   // removed at build time
        let first: AnyObject = try element["firstItem"].map { id throws(NibLoadingError) in try item(id, of: element) } ?? owner
        let second: AnyObject? = try element["secondItem"].map { id throws(NibLoadingError) in try item(id, of: element) }
        let firstAttribute = try attribute(element["firstAttribute"], element)
        let secondAttribute = second == nil ? .notAnAttribute : try attribute(element["secondAttribute"] ?? element["firstAttribute"], element)
        let relation: NSLayoutConstraint.Relation
        switch element["relation"] {
        case nil: relation = .equal
        case "greaterThanOrEqual": relation = .greaterThanOrEqual
        case "lessThanOrEqual": relation = .lessThanOrEqual
        case let other?: throw error(element, "relation \"\(other)\" is not one of greaterThanOrEqual, lessThanOrEqual")
        }
        let multiplier = try multiplierValue(element["multiplier"], element)
        let constant = try number(element["constant"] ?? "0", "constant", element)
        let constraint = NSLayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                            attribute: secondAttribute, multiplier: multiplier, constant: constant)
        if let priority = element["priority"] {
            constraint.priority = UILayoutPriority(Float(try number(priority, "priority", element)))
        }
        constraint.identifier = element["identifier"]
        if let id = element["id"] { objects[id] = constraint }
        if installed { owner.addConstraint(constraint) }
    }

    private func attribute(_ name: String?, _ element: NibXMLElement) throws(NibLoadingError) -> NSLayoutConstraint.Attribute {
        let attributes: [String: NSLayoutConstraint.Attribute] = [
            "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
            "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY, "baseline": .lastBaseline,
            "lastBaseline": .lastBaseline, "firstBaseline": .firstBaseline, "leftMargin": .leftMargin,
            "rightMargin": .rightMargin, "topMargin": .topMargin, "bottomMargin": .bottomMargin,
            "leadingMargin": .leadingMargin, "trailingMargin": .trailingMargin,
            "centerXWithinMargins": .centerXWithinMargins, "centerYWithinMargins": .centerYWithinMargins,
        ]
        guard let name else { throw error(element, "a constraint without firstAttribute") }
        guard let attribute = attributes[name] else { throw error(element, "\"\(name)\" is not a layout attribute") }
        return attribute
    }

    /// "0.5", or a ratio as Xcode writes an aspect ratio, "16:9".
    private func multiplierValue(_ text: String?, _ element: NibXMLElement) throws(NibLoadingError) -> CGFloat {
        guard let text else { return 1 }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2 {
            let a = try number(String(parts[0]), "multiplier", element), b = try number(String(parts[1]), "multiplier", element)
            guard b != 0 else { throw error(element, "multiplier \"\(text)\" divides by 0") }
            return a / b
        }
        return try number(text, "multiplier", element)
    }

    func number(_ text: String, _ name: String, _ element: NibXMLElement) throws(NibLoadingError) -> CGFloat {
        guard let value = Double(text), value.isFinite else { throw error(element, "\(name) \"\(text)\" is not a number") }
        return CGFloat(value)
    }

    // MARK: Connections

    private func object(_ id: String?, _ element: NibXMLElement) throws(NibLoadingError) -> Any? {
        guard let id else { throw error(element, "<\(element.name)> without a destination") }
        guard let object = objects[id] else { throw error(element, "no object with id \"\(id)\" in the document") }
        return object is NibNil ? nil : object
    }

    private func connect(_ element: NibXMLElement, from source: Any?) throws(NibLoadingError) {
        if element.name != "segue", let id = element["destination"] ?? element["target"], objects[id] == nil, let kind = elsewhere[id] {
            warn(element, "cross-scene connection", "the connection to <\(kind)> \"\(id)\" of another scene is dropped: "
                 + "a connection cannot cross scenes (Xcode warns of it, and the compiled storyboard leaves it out)")
            return
        }
        switch element.name {
        case "outlet", "outletCollection":
            guard let property = element["property"] else { throw error(element, "<\(element.name)> without a property") }
            let destination = try object(element["destination"], element)
            // A view's recognizers (UIView's `gestureRecognizers`, appended to).
            if property == "gestureRecognizers", let view = source as? UIView {
                guard let recognizer = destination as? UIGestureRecognizer else {
                    throw error(element, "gestureRecognizers of \(type(of: view)) given a \(destination.map { "\(type(of: $0))" } ?? "nil")")
                }
                view.addGestureRecognizer(recognizer)
                return
            }
            guard let source = source.map({ $0 as AnyObject }) else { return }   // a nil owner takes nothing, as a message to nil
            let value: Any
            if element.name == "outletCollection" {
                var items = (collected[ObjectIdentifier(source)]?[property]) ?? []
                if let destination { items.append(destination) }
                collected[ObjectIdentifier(source), default: [:]][property] = items
                value = items
            } else {
                guard let destination else { return }
                value = destination
            }
            let candidates = UINib.connections(of: source).filter { $0.name == property }
            for candidate in candidates {
                if case .outlet(let set) = candidate.kind, set(source, value) { return }
            }
            if !candidates.isEmpty {
                throw error(element, "[<\(type(of: source))> setValue:forKey:]: the value \(type(of: value)) does not fit the outlet \(property)")
            }
            throw error(element, "[<\(type(of: source)) \(runtimeAddress(of: source))> setValue:forUndefinedKey:]: "
                        + "this class is not key value coding-compliant for the key \(property).")
        case "action":
            guard let selectorName = element["selector"] else { throw error(element, "<action> without a selector") }
            let target = try object(element["destination"] ?? element["target"], element)
            // The class's declared actions register their methods under their names.
            if let target { _ = UINib.connections(of: target as AnyObject) }
            if let recognizer = source as? UIGestureRecognizer {
                if let target { recognizer.addTarget(target, action: Selector(selectorName)) }
                return
            }
            if let item = source as? UIBarButtonItem {
                item.target = target.map { $0 as AnyObject }
                item.action = Selector(selectorName)
                return
            }
            guard let control = source as? UIControl else {
                warn(element, "action on \(source.map { "\(type(of: $0))" } ?? "nil")",
                     "an action from \(source.map { "\(type(of: $0))" } ?? "nil") (not a control) is not connected yet")
                return
            }
            let eventName = element["eventType"] ?? "primaryActionTriggered"
            guard let event = Self.events[eventName] else { throw error(element, "event \"\(eventName)\" is not a control event") }
            control.addTarget(target, action: Selector(selectorName), for: event)
        case "segue":
            guard let controller = sceneOwner else { return warn(element, "segue", "a segue outside a storyboard scene is not read") }
            switch (element["kind"], source) {
            case ("embed", let container as UIView):
                try controller.embed(element, in: container)
            case (_, let cell as UIView) where cell is UITableViewCell || cell is UICollectionViewCell:
                keepSegue(element, from: cell)
            case (_, let control as UIControl):
                control.addAction(UIAction { [weak controller, weak control] _ in
                    controller?.triggerSegue(element, sender: control)
                }, for: control is UIButton ? .touchUpInside : .primaryActionTriggered)
            case (_, let item as UIBarButtonItem):
                item.primaryAction = UIAction { [weak controller, weak item] _ in
                    controller?.triggerSegue(element, sender: item)
                }
            default:
                warn(element, "segue from \(source.map { "\(type(of: $0))" } ?? "nil")",
                     "a segue from \(source.map { "\(type(of: $0))" } ?? "nil") (not a control or a container view) is not performed")
            }
        default:
            warn(element, "connection \(element.name)", "connection <\(element.name)> is not read")
        }
    }

    private var collected: [ObjectIdentifier: [String: [Any]]] = [:]

    static let events: [String: UIControl.Event] = [
        "touchDown": .touchDown, "touchDownRepeat": .touchDownRepeat, "touchDragInside": .touchDragInside,
        "touchDragOutside": .touchDragOutside, "touchDragEnter": .touchDragEnter, "touchDragExit": .touchDragExit,
        "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside, "touchCancel": .touchCancel,
        "valueChanged": .valueChanged, "primaryActionTriggered": .primaryActionTriggered,
        "editingDidBegin": .editingDidBegin, "editingChanged": .editingChanged, "editingDidEnd": .editingDidEnd,
        "editingDidEndOnExit": .editingDidEndOnExit,
    ]
}

/// What an id stands for when its object is nil (the First Responder, a nil owner).
struct NibNil {}
