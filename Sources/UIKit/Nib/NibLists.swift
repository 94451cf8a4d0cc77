import Foundation

/// What a storyboard's prototype cell stands on, outside its own element: the scene's controller
/// (weakly: the list that registers the prototype is in the controller's view) and the ids of
/// the scene's objects the cell's connections may name (the controller for actions and segues,
/// the First Responder).
@MainActor
final class PrototypeScene {
    weak var controller: UIViewController?
    private let controllerIDs: [String]
    private let nilIDs: [String]

    init(controller: UIViewController?, controllerIDs: [String], nilIDs: [String]) {
        self.controller = controller
        self.controllerIDs = controllerIDs
        self.nilIDs = nilIDs
    }

    /// The objects a new cell's loader starts with.
    var objects: [String: Any] {
        var objects: [String: Any] = [:]
        for id in nilIDs { objects[id] = NibNil() }
        if let controller { for id in controllerIDs { objects[id] = controller } }
        return objects
    }
}

/// The storyboard segues a cell starts (its element's `<segue>` connections): the one a tap on
/// the row or item triggers (selection), and the one its accessory's button triggers
/// (`trigger="accessoryAction"`), each performed by the scene's controller with the cell as sender.
@MainActor
struct CellSegues {
    weak var controller: UIViewController?
    var selection: NibXMLElement?
    var accessory: NibXMLElement?

    /// Runs the segue `trigger` names, if the cell has one (`shouldPerformSegue` asked first).
    func perform(_ trigger: KeyPath<CellSegues, NibXMLElement?>, sender: UIView) {
        guard let template = self[keyPath: trigger], let controller else { return }
        controller.triggerSegue(template, sender: sender)
    }
}

extension NibLoader {
    /// Keeps a segue whose source is a storyboard cell on the cell, for the list to run.
    func keepSegue(_ element: NibXMLElement, from cell: UIView) {
        var segues = (cell as? UITableViewCell)?.storyboardSegues ?? (cell as? UICollectionViewCell)?.storyboardSegues
            ?? CellSegues(controller: sceneOwner)
        if element["trigger"] == "accessoryAction" { segues.accessory = element } else { segues.selection = element }
        (cell as? UITableViewCell)?.storyboardSegues = segues
        (cell as? UICollectionViewCell)?.storyboardSegues = segues
    }

    /// What a table's or collection view's element holds besides subviews: a table's prototype
    /// cells (registered under their reuse identifiers), static sections and header and footer
    /// views; a collection view's prototype cells and section header and footer views.
    func fillList(_ view: UIView, from element: NibXMLElement) throws(NibLoadingError) {
        if let table = view as? UITableView { try fillTable(table, from: element) }
        if let collection = view as? UICollectionView { try fillCollection(collection, from: element) }
    }

    private func fillTable(_ table: UITableView, from element: NibXMLElement) throws(NibLoadingError) {
        for cell in element.children(of: "prototypes") where cell.name == "tableViewCell" {
            guard let identifier = try reuseIdentifier(of: cell) else { continue }
            table.register(prototype(cell), forCellReuseIdentifier: identifier)
        }
        if element["dataMode"] == "static" {
            var sections: [UITableView.StaticSection] = []
            for section in element.children(of: "sections") where section.name == "tableViewSection" {
                var cells: [(cell: UITableViewCell, rowHeight: CGFloat?)] = []
                for cellElement in section.children(of: "cells") where cellElement.name == "tableViewCell" {
                    guard let cell = try make(cellElement) as? UITableViewCell else { continue }
                    // The controller hands out the same cell each time: it is never queued for reuse.
                    cell.storedReuseIdentifier = nil
                    let height = try cellElement["rowHeight"].map { text throws(NibLoadingError) in try number(text, "rowHeight", cellElement) }
                    cells.append((cell, height))
                }
                sections.append(UITableView.StaticSection(headerTitle: section["headerTitle"], footerTitle: section["footerTitle"], cells: cells))
            }
            table.staticSections = sections
        }
        for child in element.children {
            switch child["key"] {
            case "tableHeaderView": table.tableHeaderView = try make(child)
            case "tableFooterView": table.tableFooterView = try make(child)
            default: break
            }
        }
    }

    private func fillCollection(_ collection: UICollectionView, from element: NibXMLElement) throws(NibLoadingError) {
        for cell in element.children(of: "cells") where cell.name == "collectionViewCell" {
            guard let identifier = try reuseIdentifier(of: cell) else { continue }
            collection.register(prototype(cell), forCellWithReuseIdentifier: identifier)
        }
        for child in element.children where child.name == "collectionReusableView" {
            let kind: String
            switch child["key"] {
            case "sectionHeaderView": kind = UICollectionView.elementKindSectionHeader
            case "sectionFooterView": kind = UICollectionView.elementKindSectionFooter
            default: continue
            }
            guard let identifier = try reuseIdentifier(of: child) else { continue }
            collection.register(prototype(child), forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
    }

    /// A prototype's reuse identifier; one without is said once (no dequeue can reach it).
    private func reuseIdentifier(of element: NibXMLElement) throws(NibLoadingError) -> String? {
        if let identifier = element["reuseIdentifier"], !identifier.isEmpty { return identifier }
        warn(element, "prototype without identifier", "a prototype <\(element.name)> without a reuse identifier is never dequeued")
        return nil
    }

    /// The nib a list registers for a prototype: the element, with the scene's controller and
    /// placeholders the loader knows now.
    private func prototype(_ element: NibXMLElement) -> UINib {
        var controllerIDs: [String] = [], nilIDs: [String] = []
        for (id, object) in objects {
            if object is NibNil { nilIDs.append(id) }
            else if let controller = object as? UIViewController, controller === sceneOwner { controllerIDs.append(id) }
        }
        return UINib(prototype: element, file: file, scene: PrototypeScene(controller: sceneOwner, controllerIDs: controllerIDs, nilIDs: nilIDs))
    }

    /// The layout a `<collectionView>` element gives (`<collectionViewFlowLayout
    /// key="collectionViewLayout">` with its spacing, sizes, insets and direction; a
    /// `<collectionViewLayout>` of the app's class); a flow layout when it gives none.
    func collectionViewLayout(of element: NibXMLElement) throws(NibLoadingError) -> UICollectionViewLayout {
        guard let layoutElement = element.children.first(where: { $0["key"] == "collectionViewLayout" }) else {
            return UICollectionViewFlowLayout()
        }
        let base: UICollectionViewLayout.Type
        switch layoutElement.name {
        case "collectionViewFlowLayout": base = UICollectionViewFlowLayout.self
        case "collectionViewLayout": base = UICollectionViewLayout.self
        default: throw error(layoutElement, "<\(layoutElement.name)> is not a collection view layout uisim makes from documents")
        }
        let type = try UINib.documentClass(of: layoutElement, base: base, file: file) as? UICollectionViewLayout.Type ?? base
        guard let layout = type.init(coder: DocumentCoder()) else {
            throw error(layoutElement, "\(type).init(coder:) returned nil")
        }
        guard let flow = layout as? UICollectionViewFlowLayout else { return layout }
        let properties = NibProperties(loader: self, element: layoutElement)
        if let spacing = try properties.number("minimumLineSpacing") { flow.minimumLineSpacing = spacing }
        if let spacing = try properties.number("minimumInteritemSpacing") { flow.minimumInteritemSpacing = spacing }
        if let direction = try properties.choice("scrollDirection", ["vertical": UICollectionView.ScrollDirection.vertical, "horizontal": .horizontal]) {
            flow.scrollDirection = direction
        }
        if try properties.bool("sectionHeadersPinToVisibleBounds") == true { flow.sectionHeadersPinToVisibleBounds = true }
        if try properties.bool("automaticEstimatedItemSize") == true { flow.estimatedItemSize = UICollectionViewFlowLayout.automaticSize }
        for child in layoutElement.children {
            switch (child.name, child["key"]) {
            case ("size", "itemSize"): flow.itemSize = try properties.size(child)
            case ("size", "estimatedItemSize"): flow.estimatedItemSize = try properties.size(child)
            case ("size", "headerReferenceSize"): flow.headerReferenceSize = try properties.size(child)
            case ("size", "footerReferenceSize"): flow.footerReferenceSize = try properties.size(child)
            case ("inset", "sectionInset"): flow.sectionInset = try properties.insets(child)
            default: warn(child, "layout \(child.name) \(child["key"] ?? "")", "<\(child.name)> of a flow layout is not read yet")
            }
        }
        return layout
    }
}

extension UINibDecoder {
    /// The layout of the collection view this coder makes (see `NibLoader.collectionViewLayout(of:)`);
    /// a flow layout, and the load failing, when the element's is wrong.
    @MainActor
    func collectionViewLayout() -> UICollectionViewLayout {
        do {
            return try loader.collectionViewLayout(of: element)
        } catch {
            loader.fail(error)
            return UICollectionViewFlowLayout()
        }
    }
}
