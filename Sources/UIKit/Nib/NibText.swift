import Foundation

/// Styled text from documents: `<attributedString key="attributedText">` (a label's, a text
/// view's, a text field's) and a button state's `attributedTitle`, each `<fragment>` its text
/// (`content`, or a `<string key="content">` for several lines) with its `<attributes>`: colour
/// (`NSColor`), font (`NSFont`, a face by name or the system's `metaFont`), paragraph style
/// (`NSParagraphStyle`), kerning (`NSKern`), underline (`NSUnderline`), baseline offset.
extension NibProperties {
    func attributedString(_ element: NibXMLElement) throws(NibLoadingError) -> NSAttributedString {
        let text = NSMutableAttributedString(string: "")
        for fragment in element.children where fragment.name == "fragment" {
            guard let content = fragment["content"] ?? fragment.child("string", key: "content")?.text else {
                throw error("<fragment> without its content", at: fragment)
            }
            var attributes: [NSAttributedString.Key: Any] = [:]
            for attribute in fragment.children(of: "attributes") {
                guard let key = attribute["key"] else { continue }
                if let value = try attributeValue(attribute) { attributes[NSAttributedString.Key(key)] = value }
            }
            text.append(NSAttributedString(string: content, attributes: attributes))
        }
        return text
    }

    /// The value of one attribute element, by its kind; nil (said once) for one uisim does not read.
    private func attributeValue(_ attribute: NibXMLElement) throws(NibLoadingError) -> Any? {
        switch attribute.name {
        case "color": return try color(attribute)
        case "font": return try fragmentFont(attribute)
        case "paragraphStyle": return try paragraphStyle(attribute)
        case "real", "integer":
            guard let value = try number("value", at: attribute) else { throw error("<\(attribute.name)> without a value", at: attribute) }
            return attribute.name == "integer" ? Int(value) as Any : value as Any
        default:
            loader.warn(attribute, "text attribute \(attribute.name)",
                        "text attribute <\(attribute.name) key=\"\(attribute["key"] ?? "")\"> is not read yet")
            return nil
        }
    }

    /// `<font key="NSFont" size="14" name="Avenir-Heavy"/>` or `metaFont="system"` (`systemBold`…).
    private func fragmentFont(_ element: NibXMLElement) throws(NibLoadingError) -> UIFont {
        let size = try number("size", at: element) ?? UIFont.systemFontSize
        if let name = element["name"] {
            return UIFont(name: name, size: size) ?? .systemFont(ofSize: size)
        }
        switch element["metaFont"] {
        case "system", "smallSystem", "message", "menu", nil: return .systemFont(ofSize: size)
        case "systemBold", "smallSystemBold", "boldSystem": return .boldSystemFont(ofSize: size)
        case "systemItalic", "italicSystem": return .italicSystemFont(ofSize: size)
        case let other?: throw error("metaFont \"\(other)\" is not one of system, systemBold, systemItalic", at: element)
        }
    }

    /// `<paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" …/>`.
    private func paragraphStyle(_ element: NibXMLElement) throws(NibLoadingError) -> NSParagraphStyle {
        let style = NSMutableParagraphStyle()
        let breaks: [String: NSLineBreakMode] = [
            "wordWrapping": .byWordWrapping, "charWrapping": .byCharWrapping, "clipping": .byClipping,
            "truncatingHead": .byTruncatingHead, "truncatingTail": .byTruncatingTail, "truncatingMiddle": .byTruncatingMiddle,
        ]
        if let alignment = try choice("alignment", Self.alignments, at: element) { style.alignment = alignment }
        if let mode = try choice("lineBreakMode", breaks, at: element) { style.lineBreakMode = mode }
        let lengths: [(String, ReferenceWritableKeyPath<NSMutableParagraphStyle, CGFloat>)] = [
            ("lineSpacing", \.lineSpacing), ("paragraphSpacing", \.paragraphSpacing), ("paragraphSpacingBefore", \.paragraphSpacingBefore),
            ("lineHeightMultiple", \.lineHeightMultiple), ("minimumLineHeight", \.minimumLineHeight), ("maximumLineHeight", \.maximumLineHeight),
            ("firstLineHeadIndent", \.firstLineHeadIndent), ("headIndent", \.headIndent),
        ]
        for (name, path) in lengths {
            if let value = try number(name, at: element) { style[keyPath: path] = value }
        }
        if let factor = try number("hyphenationFactor", at: element) { style.hyphenationFactor = Float(factor) }
        let read = Set(lengths.map(\.0) + ["key", "alignment", "lineBreakMode", "hyphenationFactor", "baseWritingDirection",
                                           "tighteningFactorForTruncation", "allowsDefaultTighteningForTruncation"])
        for (name, _) in element.attributes where !read.contains(name) {
            loader.warn(element, "paragraphStyle.\(name)", "attribute \(name) of <paragraphStyle> is not read yet")
        }
        return style
    }
}

extension NibProperties {
    /// The identity inspector's accessibility (`<accessibility key="accessibilityConfiguration"
    /// label="…" hint="…" identifier="…" value="…">`, with `<bool key="isElement">` and
    /// `<accessibilityTraits key="traits" button="YES" …>`): set on the view, replacing its
    /// class's defaults where given (what a UI test queries by identifier).
    func applyAccessibility(_ element: NibXMLElement, to view: UIView) throws(NibLoadingError) {
        if let label = element["label"] { view.accessibilityLabel = label }
        if let hint = element["hint"] { view.accessibilityHint = hint }
        if let identifier = element["identifier"] { view.accessibilityIdentifier = identifier }
        if let value = element["value"] { view.accessibilityValue = value }
        for (name, _) in element.attributes where !["key", "label", "hint", "identifier", "value"].contains(name) {
            loader.warn(element, "accessibility.\(name)", "attribute \(name) of <accessibility> is not read yet")
        }
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("bool", "isElement"):
                guard let flag = try bool("value", at: child) else { throw error("<bool key=\"isElement\"> without a value", at: child) }
                view.isAccessibilityElement = flag
            case ("accessibilityTraits", "traits"):
                var traits: UIAccessibilityTraits = []
                for (name, _) in child.attributes where name != "key" {
                    guard let trait = Self.accessibilityTraits[name] else {
                        throw error("accessibility trait \"\(name)\" is not one of \(Self.accessibilityTraits.keys.sorted().joined(separator: ", "))", at: child)
                    }
                    if try bool(name, at: child) == true { traits.insert(trait) }
                }
                view.accessibilityTraits = traits
            case let (name, key):
                loader.warn(child, "accessibility <\(name)>", "<\(name)\(key.map { " key=\"\($0)\"" } ?? "")> of <accessibility> is not read yet")
            }
        }
    }

    static let accessibilityTraits: [String: UIAccessibilityTraits] = [
        "button": .button, "link": .link, "image": .image, "selected": .selected, "playsSound": .playsSound,
        "keyboardKey": .keyboardKey, "staticText": .staticText, "summaryElement": .summaryElement, "notEnabled": .notEnabled,
        "updatesFrequently": .updatesFrequently, "searchField": .searchField, "startsMediaSession": .startsMediaSession,
        "adjustable": .adjustable, "allowsDirectInteraction": .allowsDirectInteraction, "causesPageTurn": .causesPageTurn,
        "header": .header, "tabBar": .tabBar,
    ]
}
