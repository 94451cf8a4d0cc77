import Foundation

/// Bars and effect views from documents: `<toolbar>`, `<navigationBar>` and `<tabBar>` with their
/// `<items>`, and `<visualEffectView>` with its effect (its `<view key="contentView">` is the
/// loader's, as a cell's content view is).
extension NibProperties {
    /// The bars' and the effect view's attributes.
    func applyBar(_ view: UIView, mark read: inout Set<String>) throws(NibLoadingError) {
        guard view is UIToolbar || view is UINavigationBar || view is UITabBar else { return }
        read.formUnion(["translucent", "prefersLargeTitles", "itemPositioning", "itemWidth", "itemSpacing"])
        let translucent = try bool("translucent")
        switch view {
        case let toolbar as UIToolbar:
            if let translucent { toolbar.isTranslucent = translucent }
        case let bar as UINavigationBar:
            if let translucent { bar.isTranslucent = translucent }
            if let large = try bool("prefersLargeTitles") { bar.prefersLargeTitles = large }
        case let bar as UITabBar:
            if let translucent { bar.isTranslucent = translucent }
        default: break
        }
    }

    /// A bar's or an effect view's property element; false when `child` is not one.
    func applyBarElement(_ child: NibXMLElement, to view: UIView) throws(NibLoadingError) -> Bool {
        switch (child.name, view) {
        case ("items", let toolbar as UIToolbar):
            toolbar.items = try child.children.filter { $0.name == "barButtonItem" }.map { element throws(NibLoadingError) in
                try loader.barButtonItem(element)
            }
        case ("items", let bar as UINavigationBar):
            bar.items = try child.children.filter { $0.name == "navigationItem" }.map { element throws(NibLoadingError) in
                try loader.navigationItem(element)
            }
        case ("items", let bar as UITabBar):
            let items = try child.children.filter { $0.name == "tabBarItem" }.map { element throws(NibLoadingError) in
                try loader.tabBarItem(element)
            }
            bar.items = items
            bar.selectedItem = items.first
        case ("color", let toolbar as UIToolbar) where child["key"] == "barTintColor":
            toolbar.barTintColor = try color(child)
        case ("color", let bar as UITabBar) where child["key"] == "unselectedItemTintColor":
            bar.unselectedItemTintColor = try color(child)
        case ("blurEffect", let effectView as UIVisualEffectView):
            effectView.effect = try blurEffect(child)
        case ("vibrancyEffect", let effectView as UIVisualEffectView):
            guard let blur = child.child("blurEffect") else { throw error("<vibrancyEffect> without its <blurEffect>", at: child) }
            effectView.effect = UIVibrancyEffect(blurEffect: try blurEffect(blur))
        case ("textAttributes", is UINavigationBar), ("largeTitleTextAttributes", is UINavigationBar):
            loader.warn(child, "bar text attributes", "<\(child.name)> of <\(element.name)> is not read yet: the bar's titles keep UIKit's fonts")
        default:
            return false
        }
        return true
    }

    /// `<blurEffect style="…">`.
    private func blurEffect(_ element: NibXMLElement) throws(NibLoadingError) -> UIBlurEffect {
        let styles: [String: UIBlurEffect.Style] = [
            "extraLight": .extraLight, "light": .light, "dark": .dark, "regular": .regular, "prominent": .prominent,
            "systemUltraThinMaterial": .systemUltraThinMaterial, "systemThinMaterial": .systemThinMaterial,
            "systemMaterial": .systemMaterial, "systemThickMaterial": .systemThickMaterial, "systemChromeMaterial": .systemChromeMaterial,
            "systemUltraThinMaterialLight": .systemUltraThinMaterialLight, "systemThinMaterialLight": .systemThinMaterialLight,
            "systemMaterialLight": .systemMaterialLight, "systemThickMaterialLight": .systemThickMaterialLight,
            "systemChromeMaterialLight": .systemChromeMaterialLight, "systemUltraThinMaterialDark": .systemUltraThinMaterialDark,
            "systemThinMaterialDark": .systemThinMaterialDark, "systemMaterialDark": .systemMaterialDark,
            "systemThickMaterialDark": .systemThickMaterialDark, "systemChromeMaterialDark": .systemChromeMaterialDark,
        ]
        let name = element["style"] ?? "regular"
        guard let style = styles[name] else {
            throw error("blur style \"\(name)\" is not one of \(styles.keys.sorted().joined(separator: ", "))", at: element)
        }
        return UIBlurEffect(style: style)
    }
}

extension NibLoader {
    /// A `<barButtonItem>` (a toolbar's, a navigation item's, a scene's toolbar items): its title,
    /// image or system item, style, width, tag and whether it is enabled. Its id stands for it
    /// (outlets reach it); its action and segue connect with the document's other connections.
    func barButtonItem(_ element: NibXMLElement) throws(NibLoadingError) -> UIBarButtonItem {
        let (item, unknown) = Self.makeBarButtonItem(element)
        if let unknown {
            throw error(element, "system item \"\(unknown)\" is not one of \(StoryboardScene.systemItems.keys.sorted().joined(separator: ", "))")
        }
        if element["image"] != nil, element["systemItem"] == nil { item.title = element["title"] }
        if let width = element["width"] { item.width = try number(width, "width", element) }
        if let tag = element["tag"] {
            guard let value = Int(tag) else { throw error(element, "tag \"\(tag)\" is not a whole number") }
            item.tag = value
        }
        if element["enabled"] == "NO" { item.isEnabled = false }
        for (name, _) in element.attributes where !Self.barButtonItemAttributes.contains(name) {
            warn(element, "barButtonItem.\(name)", "attribute \(name) of <barButtonItem> is not read yet")
        }
        if let id = element["id"] { objects[id] = item }
        keepConnections(of: element, from: item)
        return item
    }

    /// The item `element` describes: its system item, else its image, else its title, in its
    /// style; with the name of a system item uisim does not know (the item is then the image or
    /// title one).
    static func makeBarButtonItem(_ element: NibXMLElement) -> (item: UIBarButtonItem, unknownSystemItem: String?) {
        let style: UIBarButtonItem.Style = element["style"] == "done" ? .done : .plain
        let system = element["systemItem"]
        if let system, let kind = StoryboardScene.systemItems[system] {
            return (UIBarButtonItem(barButtonSystemItem: kind, target: nil, action: nil), nil)
        }
        if let image = element["image"] { return (UIBarButtonItem(image: UIImage(named: image), style: style, target: nil, action: nil), system) }
        return (UIBarButtonItem(title: element["title"], style: style, target: nil, action: nil), system)
    }

    private static let barButtonItemAttributes: Set<String> = [
        "id", "key", "systemItem", "image", "title", "style", "width", "tag", "enabled", "userLabel", "landscapeImage", "largeContentSizeImage",
    ]

    /// A bar's `<navigationItem>`: its title, prompt and bar button items.
    func navigationItem(_ element: NibXMLElement) throws(NibLoadingError) -> UINavigationItem {
        let item = UINavigationItem(title: element["title"] ?? "")
        if element["title"] == nil { item.title = nil }
        item.prompt = element["prompt"]
        var left: [UIBarButtonItem] = [], right: [UIBarButtonItem] = []
        for child in element.children where child.name == "barButtonItem" {
            switch child["key"] {
            case "leftBarButtonItem": left.append(try barButtonItem(child))
            case "rightBarButtonItem": right.append(try barButtonItem(child))
            case "backBarButtonItem": item.backBarButtonItem = try barButtonItem(child)
            default: break
            }
        }
        for child in element.children where child.name == "leftBarButtonItems" || child.name == "rightBarButtonItems" {
            let items = try child.children.filter { $0.name == "barButtonItem" }.map { element throws(NibLoadingError) in try barButtonItem(element) }
            if child.name == "leftBarButtonItems" { left += items } else { right += items }
        }
        if !left.isEmpty { item.leftBarButtonItems = left }
        if !right.isEmpty { item.rightBarButtonItems = right }
        if let id = element["id"] { objects[id] = item }
        return item
    }

    /// A bar's `<tabBarItem>`: a system item, or its title, image, selected image and tag.
    func tabBarItem(_ element: NibXMLElement) throws(NibLoadingError) -> UITabBarItem {
        let tag = Int(element["tag"] ?? "") ?? 0
        let item: UITabBarItem
        if let system = element["systemItem"] {
            let kinds: [String: UITabBarItem.SystemItem] = [
                "more": .more, "favorites": .favorites, "featured": .featured, "topRated": .topRated, "recents": .recents,
                "contacts": .contacts, "history": .history, "bookmarks": .bookmarks, "search": .search, "downloads": .downloads,
                "mostRecent": .mostRecent, "mostViewed": .mostViewed,
            ]
            guard let kind = kinds[system] else {
                throw error(element, "tab bar system item \"\(system)\" is not one of \(kinds.keys.sorted().joined(separator: ", "))")
            }
            item = UITabBarItem(tabBarSystemItem: kind, tag: tag)
        } else {
            item = UITabBarItem(title: element["title"], image: element["image"].flatMap { UIImage(named: $0) }, tag: tag)
            if let selected = element["selectedImage"] { item.selectedImage = UIImage(named: selected) }
        }
        item.badgeValue = element["badgeValue"]
        if let id = element["id"] { objects[id] = item }
        keepConnections(of: element, from: item)
        return item
    }
}

extension NibProperties {
    /// A button's `<buttonConfiguration key="configuration" style="filled" title="Call">`: the
    /// style, title, subtitle, image and its placement and padding, the title padding and
    /// alignment, the corner style and size; `titleFontDescription`, `baseForegroundColor`,
    /// `baseBackgroundColor` and `contentInsets` (`<directionalEdgeInsets>`) from its elements.
    func buttonConfiguration(_ element: NibXMLElement) throws(NibLoadingError) -> UIButton.Configuration {
        let styles: [String: UIButton.Configuration] = [
            "plain": .plain(), "gray": .gray(), "tinted": .tinted(), "filled": .filled(), "borderless": .borderless(),
            "bordered": .bordered(), "borderedTinted": .borderedTinted(), "borderedProminent": .borderedProminent(),
        ]
        let name = element["style"] ?? "plain"
        guard var configuration = styles[name] else {
            throw error("button configuration style \"\(name)\" is not one of \(styles.keys.sorted().joined(separator: ", "))", at: element)
        }
        configuration.title = element["title"]
        configuration.subtitle = element["subtitle"]
        if let image = element["image"] { configuration.image = self.image(named: image) }
        if let placement = try choice("imagePlacement", ["leading": NSDirectionalRectEdge.leading, "trailing": .trailing, "top": .top, "bottom": .bottom], at: element) {
            configuration.imagePlacement = placement
        }
        if let padding = try number("imagePadding", at: element) { configuration.imagePadding = padding }
        if let padding = try number("titlePadding", at: element) { configuration.titlePadding = padding }
        if let alignment = try choice("titleAlignment", ["automatic": UIButton.Configuration.TitleAlignment.automatic, "leading": .leading,
                                                          "center": .center, "trailing": .trailing], at: element) {
            configuration.titleAlignment = alignment
        }
        if let corners = try choice("cornerStyle", ["fixed": UIButton.Configuration.CornerStyle.fixed, "dynamic": .dynamic, "small": .small,
                                                     "medium": .medium, "large": .large, "capsule": .capsule], at: element) {
            configuration.cornerStyle = corners
        }
        if let size = try choice("buttonSize", ["medium": UIButton.Configuration.Size.medium, "small": .small, "mini": .mini, "large": .large], at: element) {
            configuration.buttonSize = size
        }
        let read: Set<String> = ["key", "style", "title", "subtitle", "image", "imagePlacement", "imagePadding", "titlePadding",
                                 "titleAlignment", "cornerStyle", "buttonSize"]
        for (attribute, _) in element.attributes where !read.contains(attribute) {
            loader.warn(element, "buttonConfiguration.\(attribute)", "attribute \(attribute) of <buttonConfiguration> is not read yet")
        }
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("fontDescription", "titleFontDescription"): configuration.titleFont = try font(child)
            case ("color", "baseForegroundColor"): configuration.baseForegroundColor = try color(child)
            case ("color", "baseBackgroundColor"): configuration.baseBackgroundColor = try color(child)
            case ("directionalEdgeInsets", "contentInsets"):
                configuration.contentInsets = NSDirectionalEdgeInsets(
                    top: try number("top", at: child) ?? 0, leading: try number("leading", at: child) ?? 0,
                    bottom: try number("bottom", at: child) ?? 0, trailing: try number("trailing", at: child) ?? 0)
            case let (name, key):
                loader.warn(child, "buttonConfiguration <\(name)>",
                            "<\(name)\(key.map { " key=\"\($0)\"" } ?? "")> of <buttonConfiguration> is not read yet")
            }
        }
        return configuration
    }
}
