import Foundation

/// An Interface Builder document, as UIKit's `UINib`: made once, instantiated as often as needed,
/// each time making new objects, connecting their outlets and actions to each other and to the
/// owner, and sending each `awakeFromNib()`.
///
/// Off a Mac there is no compiled `.nib`: uisim reads the document Xcode keeps in the repository,
/// `Name.xib` (XML, document format 3.0). `UINib(nibName: "Name", bundle:)` finds it in the
/// bundle's resources (a SwiftPM target lists its documents as resources, `resources:
/// [.copy("Nibs")]` or `.process("LoginView.xib")`, and passes `Bundle.module`), at the top or in any
/// folder of the bundle (`Base.lproj/`, `Nibs/`), else in the folders given to
/// `UINib.addSearchFolder(_:)` (a test pointing at the app's `iOS` folder, as Examples/Classic keeps it).
@preconcurrency @MainActor
open class UINib: NSObject {
    /// The keys of `instantiate(withOwner:options:)`'s options.
    public struct OptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// A dictionary of the objects the document's external-object placeholders stand for,
        /// by their identifiers.
        public static let externalObjects = OptionsKey("UINibExternalObjects")
    }

    private enum Source {
        case named(String, Bundle?)
        case data(Data, Bundle?)
        /// A storyboard's prototype cell (or supplementary view): its element, in its scene.
        case prototype(NibDocument, PrototypeScene)
    }

    private let source: Source
    private var document: NibDocument?

    private init(source: Source) {
        self.source = source
        super.init()
    }

    /// The document named `name` (`name.xib`) in `bundleOrNil`'s resources (nil: the main bundle),
    /// else in a search folder. Read when first instantiated; a document that cannot be found or
    /// read is UIKit's exception then.
    public convenience init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.init(source: .named(name, bundleOrNil))
    }

    /// The document in `data` (the XML of a `.xib`).
    public convenience init(data: Data, bundle bundleOrNil: Bundle?) {
        self.init(source: .data(data, bundleOrNil))
    }

    /// A prototype cell of a storyboard's table or collection view, which the list registers
    /// under its reuse identifier: each instantiation makes a new cell from `element`.
    convenience init(prototype element: NibXMLElement, file: String, scene: PrototypeScene) {
        self.init(source: .prototype(NibDocument(file: file, objects: [element]), scene))
    }

    /// New objects from the document: its top-level objects in document order (the File's Owner and
    /// First Responder placeholders left out), with every outlet and action connected and
    /// `awakeFromNib()` sent. A document that does not load stops the app with UIKit's exception
    /// (`instantiateThrowing(withOwner:options:)` throws it instead).
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) -> [Any] {
        do {
            return try instantiateThrowing(withOwner: ownerOrNil, options: optionsOrNil)
        } catch {
            fatalError(error.exceptionDescription)
        }
    }

    /// `instantiate(withOwner:options:)` that throws what UIKit raises (uisim's own): a document
    /// not found, not XML, or naming what cannot be made or connected, with the document's name and
    /// line.
    public func instantiateThrowing(withOwner ownerOrNil: Any?, options optionsOrNil: [UINib.OptionsKey: Any]? = nil) throws(NibLoadingError) -> [Any] {
        let external = optionsOrNil?[.externalObjects] as? [String: Any] ?? [:]
        if case .prototype(let document, let scene) = source {
            let loader = NibLoader(document: document, owner: ownerOrNil, externalObjects: external, presetObjects: scene.objects)
            loader.sceneOwner = scene.controller
            return try loader.instantiate()
        }
        let document = try loadDocument()
        return try NibLoader(document: document, owner: ownerOrNil, externalObjects: external).instantiate()
    }

    private func loadDocument() throws(NibLoadingError) -> NibDocument {
        if let document { return document }
        let loaded: NibDocument
        switch source {
        case .prototype(let document, _):
            loaded = document
        case .named(let name, let bundle):
            let url = try Self.url(ofNibNamed: name, in: bundle ?? .main)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw NibLoadingError(file: url.path, line: nil, "cannot be read: \(error.localizedDescription)")
            }
            loaded = try NibDocument(data: data, file: url.path)
        case .data(let data, _):
            loaded = try NibDocument(data: data, file: "<data>")
        }
        document = loaded
        return loaded
    }

    // MARK: Where documents are found

    /// Folders searched, after the bundle, for a document by name (in the order added).
    public private(set) static var searchFolders: [URL] = []

    /// Adds a folder to search for `Name.xib` (its subfolders too) when a bundle does not have it.
    public static func addSearchFolder(_ folder: URL) {
        if !searchFolders.contains(folder) { searchFolders.append(folder) }
        defaultNibNames.removeAll()
        folderLists.removeAll()
    }

    /// The current app's own folders of documents, searched after `searchFolders` (uisim's own:
    /// a replay's `--documents` folders, set in the app each replay makes, so that no replay
    /// depends on another's).
    public static var appSearchFolders: [URL] {
        get { UIKitState.current.documentFolders }
        set { UIKitState.current.documentFolders = newValue }
    }

    /// Every folder searched after the bundle: the process's, then the app's.
    static var allSearchFolders: [URL] { searchFolders + appSearchFolders }

    /// Forgets every search folder.
    public static func removeAllSearchFolders() {
        searchFolders.removeAll()
        defaultNibNames.removeAll()
        folderLists.removeAll()
    }

    /// What `defaultNibName(forControllerOf:in:)` found, by class and bundle (the search reads
    /// folders: once per class).
    private static var defaultNibNames: [String: String?] = [:]

    /// The nib a controller made with no nib name loads its view from, as UIKit finds it: for
    /// `MyViewController`, `MyView.xib`, else `MyViewController.xib`, at the top of the bundle's
    /// resources or of its `Base.lproj` (UIKit's places), or at the top of a search folder; nil
    /// when there is none (and for UIKit's own classes and generic ones, whose names no nib has).
    /// A few file tests, no folder listed: a controller presented in a frame costs that frame
    /// nothing the app would not pay.
    static func defaultNibName(forControllerOf type: AnyClass, in bundle: Bundle) -> String? {
        let fullName = String(reflecting: type)
        guard !fullName.hasPrefix("UIKit."), !fullName.contains("<") else { return nil }
        let searched = allSearchFolders
        let key = fullName + "|" + bundle.bundlePath + "|" + searched.map(\.path).joined(separator: "|")
        if let known = defaultNibNames[key] { return known }
        let name = String(fullName.split(separator: ".").last ?? "")
        var candidates = [name]
        if name.hasSuffix("Controller"), name.count > "Controller".count { candidates.insert(String(name.dropLast("Controller".count)), at: 0) }
        var folders = [bundle.resourceURL, bundle.resourceURL?.appendingPathComponent("Base.lproj")].compactMap { $0 }
        folders += searched
        let found = candidates.first { candidate in
            folders.contains { FileManager.default.fileExists(atPath: $0.appendingPathComponent(candidate + ".xib").path) }
        }
        defaultNibNames[key] = .some(found)
        return found
    }

    /// `name.xib` in `bundle`'s resources, at the top or in a folder; else in a search folder.
    static func url(ofNibNamed name: String, in bundle: Bundle) throws(NibLoadingError) -> URL {
        try url(ofDocument: name.hasSuffix(".xib") ? name : name + ".xib", in: bundle)
    }

    /// The document file `file` (`Name.xib`, `Name.storyboard`) in `bundle`'s resources, at the top
    /// or in a folder; else in a search folder.
    static func url(ofDocument file: String, in bundle: Bundle) throws(NibLoadingError) -> URL {
        let name = (file as NSString).deletingPathExtension
        let kind = file.hasSuffix(".storyboard") ? "storyboard" : "NIB"
        // A bundle's documents are at its top or one folder down (`Base.lproj/`, a copied `Nibs/`):
        // the main bundle of a command-line program is its build folder, not searched deeper.
        var roots: [(URL, Int)] = []
        if let resources = bundle.resourceURL { roots.append((resources, 2)) }
        if bundle.resourceURL?.standardizedFileURL != bundle.bundleURL.standardizedFileURL { roots.append((bundle.bundleURL, 2)) }
        let searched = allSearchFolders
        roots += searched.map { ($0, 8) }
        for (root, depth) in roots {
            if let found = find(file, under: root, depth: depth) { return found }
        }
        throw NibLoadingError(file: file, line: nil,
                              kind == "NIB" ? "Could not load NIB in bundle: '\(bundle.bundlePath)' with name '\(name)'"
                              : "Could not find a storyboard named '\(name)' in bundle \(bundle.bundlePath)"
                              + " (looked for \(file) in the bundle's resources and \(searched.count) search folder(s))")
    }

    /// The first file named `file` at `root` or in a folder under it, breadth first, at most
    /// `depth` levels down (a search folder may be a whole app).
    private static func find(_ file: String, under root: URL, depth: Int) -> URL? {
        for folder in folders(under: root, depth: depth) {
            let candidate = folder.appendingPathComponent(file)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The folders documents are looked for in under each root, found once (until the search
    /// folders change): a lookup then tests one path per folder instead of listing them again.
    private static var folderLists: [String: [URL]] = [:]

    /// `root` and the folders under it, breadth first and sorted, at most `depth` levels down
    /// (the last level's folders are not listed) and 10 000 entries read; hidden folders left out.
    private static func folders(under root: URL, depth: Int) -> [URL] {
        let key = "\(depth)|\(root.path)"
        if let known = folderLists[key] { return known }
        let manager = FileManager.default
        var found: [URL] = []
        var level = [root]
        var seen = 0
        scan: for depthReached in 1...max(1, depth) where !level.isEmpty {
            found += level
            guard depthReached < depth else { break }
            var next: [URL] = []
            for folder in level {
                guard let entries = try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { continue }
                for entry in entries.sorted(by: { $0.path < $1.path }) {
                    seen += 1
                    if seen > 10_000 { break scan }
                    if (try? entry.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true,
                       !entry.lastPathComponent.hasPrefix(".") {
                        next.append(entry)
                    }
                }
            }
            level = next
        }
        folderLists[key] = found
        return found
    }

    // MARK: Classes by name

    private static var registeredClasses: [String: AnyClass] = [:]

    /// Makes `type` known by its name to documents (their `customClass`), for a class Swift on Linux
    /// cannot find by name: one nested in another type, or private. A top-level class of a module
    /// is found without this, as `NSClassFromString("Module.Class")` finds it.
    public static func register(_ type: AnyClass, name: String? = nil) {
        let fullName = String(reflecting: type)
        registeredClasses[name ?? String(fullName.split(separator: ".").last ?? "")] = type
        registeredClasses[fullName] = type
    }

    private static var objectMakers: [ObjectIdentifier: () -> NSObject] = [:]

    /// Tells documents how to make `type` for a `<customObject>` of its name (an object a nib or
    /// a scene holds, not a view): Swift on Linux cannot make an `NSObject` subclass from its name.
    public static func register<Object: NSObject>(_ type: Object.Type, make: @escaping () -> Object) {
        register(type)
        objectMakers[ObjectIdentifier(type)] = make
    }

    /// How the app makes `type` for a `<customObject>`, if it said.
    static func objectMaker(for type: AnyClass) -> (() -> NSObject)? {
        objectMakers[ObjectIdentifier(type)]
    }

    /// The class an element of a document makes: its `customClass` when the app has it, checked to
    /// inherit from `base` (the element's own UIKit class); else `base`, with UIKit's "Unknown class"
    /// message (iOS logs it and makes the element's own class).
    static func documentClass(of element: NibXMLElement, base: AnyClass, file: String) throws(NibLoadingError) -> AnyClass {
        guard let custom = element["customClass"] else { return base }
        let module = element["customModule"]
        guard let found = registeredClass(named: custom, module: module) else {
            UIApplication.shared.reportLayoutIssue(
                "\(file):\(element.line): Unknown class \(custom) in Interface Builder file (\(module.map { "module \($0)" } ?? "no module")"
                + "; a class nested in another type is found once the app calls UINib.register(\(custom).self))")
            return base
        }
        guard (found as? NSObject.Type)?.isSubclass(of: base) == true else {
            throw NibLoadingError(file: file, line: element.line, "custom class \(custom) is not a subclass of \(base), the class of <\(element.name)>")
        }
        return found
    }

    /// The class `customClass` (in `module`) names: registered, else found by the runtime.
    static func registeredClass(named name: String, module: String?) -> AnyClass? {
        if let module, let type = registeredClasses["\(module).\(name)"] { return type }
        if let type = registeredClasses[name] { return type }
        if let module, let type = _typeByName("\(module).\(name)") as? AnyClass { return type }
        if name.contains("."), let type = _typeByName(name) as? AnyClass { return type }
        return nil
    }

    // MARK: Outlets and actions

    /// The outlets and actions of classes that are not responders (`UIResponder` has
    /// `interfaceBuilderConnections`), by class.
    private static var registeredConnections: [ObjectIdentifier: [UINibConnection]] = [:]

    /// Declares the outlets and actions of `type` (what `@IBOutlet` and `@IBAction` say on iOS),
    /// for a class that cannot override `UIResponder.interfaceBuilderConnections`.
    public static func register<Owner: AnyObject>(_ type: Owner.Type, connections: [UINibConnection]) {
        registeredConnections[ObjectIdentifier(type), default: []] += connections
    }

    /// Every connection `object`'s class and its superclasses declare, nearest class first.
    static func connections(of object: AnyObject) -> [UINibConnection] {
        var result = (object as? UIResponder).map { Swift.type(of: $0).interfaceBuilderConnections } ?? []
        var type: AnyClass? = Swift.type(of: object)
        while let current = type {
            result += registeredConnections[ObjectIdentifier(current)] ?? []
            result += uikitOutlets[ObjectIdentifier(current)] ?? []
            type = _getSuperclass(current)
        }
        return result
    }

    /// The outlets UIKit's own classes declare (`IBOutlet` in their headers), which documents
    /// connect to the app's objects: a table's data source and delegate, a text field's delegate,
    /// a controller's view.
    private static let uikitOutlets: [ObjectIdentifier: [UINibConnection]] = [
        ObjectIdentifier(UIViewController.self): [.outlet("view", \UIViewController.view)],
        ObjectIdentifier(UIScrollView.self): [.outlet("delegate", \UIScrollView.delegate)],
        ObjectIdentifier(UITableView.self): [.outlet("dataSource", \UITableView.dataSource)],
        ObjectIdentifier(UICollectionView.self): [.outlet("dataSource", \UICollectionView.dataSource)],
        ObjectIdentifier(UITextField.self): [.outlet("delegate", \UITextField.delegate)],
        ObjectIdentifier(UIPickerView.self): [.outlet("dataSource", \UIPickerView.dataSource), .outlet("delegate", \UIPickerView.delegate)],
        ObjectIdentifier(UIGestureRecognizer.self): [.outlet("delegate", \UIGestureRecognizer.delegate)],
    ]
}

/// One outlet or action of a class, as `@IBOutlet` and `@IBAction` declare it: what a document
/// may connect. `uisim port` writes these from the declarations (`interfaceBuilderConnections`).
public struct UINibConnection: @unchecked Sendable {
    // @unchecked: the closures are only called on the main actor, by the loader.
    enum Kind {
        case outlet(set: (AnyObject, Any) -> Bool)
        case action(Selector)
        /// A property the inspector sets (a user-defined runtime attribute), nil its value's absence.
        case inspectable(set: (AnyObject, Any?) -> Bool)
    }

    /// The outlet's property name or the action's selector name.
    public let name: String
    let kind: Kind

    /// An outlet: a property of `Owner` (`@IBOutlet weak var titleLabel: UILabel!`, key path
    /// `\Owner.titleLabel`) that a document sets to one of its objects.
    public static func outlet<Owner: AnyObject, Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value?>) -> UINibConnection {
        UINibConnection(name: name, kind: .outlet(set: { owner, value in
            guard let owner = owner as? Owner, let value = value as? Value else { return false }
            owner[keyPath: keyPath] = value
            return true
        }))
    }

    /// An outlet collection (`@IBOutlet var labels: [UILabel]!`): the document's objects, in order.
    public static func outletCollection<Owner: AnyObject, Element>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, [Element]?>) -> UINibConnection {
        UINibConnection(name: name, kind: .outlet(set: { owner, value in
            guard let owner = owner as? Owner, let items = value as? [Any] else { return false }
            let elements = items.compactMap { $0 as? Element }
            guard elements.count == items.count else { return false }
            owner[keyPath: keyPath] = elements
            return true
        }))
    }

    /// An `@IBInspectable` property (`@IBInspectable var cornerRadius: CGFloat`, key path
    /// `\Owner.cornerRadius`) that a document's user-defined runtime attribute of its name sets:
    /// a number becomes the property's numeric type (`CGFloat`, `Double`, `Float`, `Int`), a
    /// colour, string, Boolean, size, point, rect or image is set as it is.
    public static func inspectable<Owner: AnyObject, Value>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Owner, Value>) -> UINibConnection {
        UINibConnection(name: name, kind: .inspectable(set: { owner, value in
            guard let owner = owner as? Owner, let converted: Value = convert(value) else { return false }
            owner[keyPath: keyPath] = converted
            return true
        }))
    }

    /// A runtime attribute's value as the property's type: numbers (read as `Double`) to the
    /// numeric type, nil to an optional's absence.
    static func convert<Value>(_ value: Any?) -> Value? {
        guard let value else { return nil }
        if let same = value as? Value { return same }
        guard let number = value as? Double else { return nil }
        if let converted = CGFloat(number) as? Value { return converted }
        if let converted = Float(number) as? Value { return converted }
        if number.rounded() == number, abs(number) < 1e15, let converted = Int(number) as? Value { return converted }
        return nil
    }

    /// An action: the selector a document's control or gesture sends (`Selector("tapped:",
    /// LoginViewController.tapped(_:))`, which also lets the control call it).
    public static func action(_ selector: Selector) -> UINibConnection {
        UINibConnection(name: selector.name, kind: .action(selector))
    }
}

extension Bundle {
    /// Instantiates the document named `name` with `owner` (`UINib(nibName:bundle:)` of this bundle
    /// then `instantiate(withOwner:options:)`): its top-level objects.
    @preconcurrency @MainActor
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}

extension NibLoadingError {
    /// As UIKit's uncaught exception names it.
    var exceptionDescription: String {
        message.contains("key value coding-compliant") ? "NSUnknownKeyException: \(description)"
            : "NSInternalInconsistencyException: \(description)"
    }
}
