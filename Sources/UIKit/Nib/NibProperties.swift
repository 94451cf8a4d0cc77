import Foundation

/// The properties the inspectors write, applied to a view made from its element: attributes
/// (`opaque="NO"`, `text="…"`) and property elements (`<rect key="frame">`, `<color
/// key="backgroundColor">`, `<fontDescription>`, `<state>`). An attribute or element uisim does
/// not read is said once per kind, with its line; a value that does not parse is an error.
@MainActor
struct NibProperties {
    let loader: NibLoader
    let element: NibXMLElement

    /// Attributes that are not properties, or that Interface Builder alone reads.
    private static let ignoredAttributes: Set<String> = [
        "id", "key", "userLabel", "customClass", "customModule", "customModuleProvider", "fixedFrame",
        "misplaced", "ambiguous", "verticalHuggingPriority", "horizontalHuggingPriority",
        "verticalCompressionResistancePriority", "horizontalCompressionResistancePriority",
        "adjustsLetterSpacingToFitWidth", "baselineAdjustment", "minimumFontSize", "buttonType",
        "clearsContextBeforeDrawing", "translatesAutoresizingMaskIntoConstraints", "placeholderIntrinsicWidth",
        "placeholderIntrinsicHeight", "useAutolayout", "restorationIdentifier", "preservesSuperviewLayoutMargins",
        "layoutMarginsFollowReadableWidth", "insetsLayoutMarginsFromSafeArea", "semanticContentAttribute",
        // UITableViewCell's, deprecated since iOS 3 (the editing accessory type says what editing shows).
        "hidesAccessoryWhenEditing",
    ]

    /// Elements read elsewhere (the loader) or that Interface Builder alone reads.
    private static let ignoredElements: Set<String> = [
        "subviews", "constraints", "connections", "viewLayoutGuide", "point", "freeformSimulatedSizeMetrics",
        "simulatedMetricsContainer", "size", "variation", "modifierMask", "prototypes", "sections", "cells",
        // (A view's recognizers are attached by its `gestureRecognizers` outlet collection.)
        "gestureRecognizers",
    ]

    /// Property elements, by key, that the loader makes (a list's header views, layout, prototypes).
    private static let listKeys: Set<String> = [
        "contentView", "tableHeaderView", "tableFooterView", "collectionViewLayout", "sectionHeaderView", "sectionFooterView",
    ]

    func error(_ message: String, at place: NibXMLElement? = nil) -> NibLoadingError {
        loader.error(place ?? element, message)
    }

    func bool(_ name: String, at place: NibXMLElement? = nil) throws(NibLoadingError) -> Bool? {
        let place = place ?? element
        guard let text = place[name] else { return nil }
        switch text {
        case "YES": return true
        case "NO": return false
        default: throw error("\(name) is \"\(text)\", not YES or NO", at: place)
        }
    }

    func number(_ name: String, at place: NibXMLElement? = nil) throws(NibLoadingError) -> CGFloat? {
        let place = place ?? element
        guard let text = place[name] else { return nil }
        return try loader.number(text, name, place)
    }

    /// The value the attribute `name` of `place` (the element, unless given) names among `values`.
    func choice<Value>(_ name: String, _ values: [String: Value], at place: NibXMLElement? = nil) throws(NibLoadingError) -> Value? {
        let place = place ?? element
        guard let text = place[name] else { return nil }
        guard let value = values[text] else {
            throw error("\(name) \"\(text)\" is not one of \(values.keys.sorted().joined(separator: ", "))", at: place)
        }
        return value
    }

    func apply(to view: UIView) throws(NibLoadingError) {
        var read: Set<String> = Self.ignoredAttributes
        func mark(_ names: String...) { read.formUnion(names) }

        // UIView
        mark("opaque", "clipsSubviews", "alpha", "hidden", "tag", "userInteractionEnabled", "multipleTouchEnabled",
             "contentMode", "exclusiveTouch")
        if let opaque = try bool("opaque") { view.isOpaque = opaque }
        if let clips = try bool("clipsSubviews") { view.clipsToBounds = clips }
        if let alpha = try number("alpha") { view.alpha = alpha }
        if let hidden = try bool("hidden") { view.isHidden = hidden }
        if let tag = element["tag"] {
            guard let value = Int(tag) else { throw error("tag \"\(tag)\" is not a whole number") }
            view.tag = value
        }
        if let interaction = try bool("userInteractionEnabled") { view.isUserInteractionEnabled = interaction }
        if let multiple = try bool("multipleTouchEnabled") { view.isMultipleTouchEnabled = multiple }
        if let exclusive = try bool("exclusiveTouch") { view.isExclusiveTouch = exclusive }
        if let mode = try choice("contentMode", Self.contentModes) { view.contentMode = mode }
        // A view of a document keeps its autoresizing mask as a constraint unless the document says
        // otherwise (Interface Builder writes NO for a view it lays out with constraints).
        view.translatesAutoresizingMaskIntoConstraints = try bool("translatesAutoresizingMaskIntoConstraints") ?? true
        for (name, axis) in [("horizontal", NSLayoutConstraint.Axis.horizontal), ("vertical", .vertical)] {
            if let hugging = try number("\(name)HuggingPriority") {
                view.setContentHuggingPriority(UILayoutPriority(Float(hugging)), for: axis)
            }
            if let resistance = try number("\(name)CompressionResistancePriority") {
                view.setContentCompressionResistancePriority(UILayoutPriority(Float(resistance)), for: axis)
            }
        }

        // The class's own.
        if let label = view as? UILabel { try applyLabel(label, mark: &read) }
        if let button = view as? UIButton { try applyButton(button, mark: &read) }
        if let control = view as? UIControl { try applyControl(control, mark: &read) }
        if let field = view as? UITextField { try applyTextField(field, mark: &read) }
        if let toggle = view as? UISwitch {
            read.insert("on")
            if let on = try bool("on") { toggle.isOn = on }
        }
        if let spinner = view as? UIActivityIndicatorView { try applyActivityIndicator(spinner, mark: &read) }
        try applyValueControl(view, mark: &read)
        if let textView = view as? UITextView {
            read.formUnion(["text", "textAlignment", "editable", "selectable", "adjustsFontForContentSizeCategory", "dataDetectorTypes"])
            if let text = element["text"] ?? element.child("string", key: "text")?.text { textView.text = text }
            if let alignment = try choice("textAlignment", Self.alignments) { textView.textAlignment = alignment }
            if let editable = try bool("editable") { textView.isEditable = editable }
            if let selectable = try bool("selectable") { textView.isSelectable = selectable }
            if let adjusts = try bool("adjustsFontForContentSizeCategory") { textView.adjustsFontForContentSizeCategory = adjusts }
        }
        if let imageView = view as? UIImageView {
            read.formUnion(["image", "highlightedImage"])
            if let name = element["image"] { imageView.image = image(named: name) }
            if let name = element["highlightedImage"] { imageView.highlightedImage = image(named: name) }
        }
        if let stack = view as? UIStackView { try applyStack(stack, mark: &read) }
        try applyBar(view, mark: &read)
        if let scroll = view as? UIScrollView { try applyScroll(scroll, mark: &read) }
        if let cell = view as? UITableViewCell { try applyTableCell(cell, mark: &read) }
        if let table = view as? UITableView { try applyTable(table, mark: &read) }
        if let collection = view as? UICollectionView {
            read.formUnion(["dataMode", "allowsSelection", "allowsMultipleSelection", "prefetchingEnabled"])
            if let allows = try bool("allowsSelection") { collection.allowsSelection = allows }
            if let allows = try bool("allowsMultipleSelection") { collection.allowsMultipleSelection = allows }
        }
        if view is UICollectionReusableView { read.insert("reuseIdentifier") }
        if element["key"] == "contentView" { read.formUnion(["tableViewCell"]) }

        for (name, _) in element.attributes where !read.contains(name) {
            loader.warn(element, "\(element.name).\(name)", "attribute \(name) of <\(element.name)> is not read yet")
        }

        // Property elements (a cell's content view is the loader's).
        for child in element.children where !Self.ignoredElements.contains(child.name) && !Self.listKeys.contains(child["key"] ?? "") {
            try applyElement(child, to: view)
        }
    }

    private func applyElement(_ child: NibXMLElement, to view: UIView) throws(NibLoadingError) {
        let key = child["key"]
        switch (child.name, key) {
        case ("rect", "frame"):
            view.frame = try rect(child)
        case ("autoresizingMask", "autoresizingMask"):
            var mask: UIView.AutoresizingMask = []
            let flags: [(String, UIView.AutoresizingMask)] = [
                ("flexibleMinX", .flexibleLeftMargin), ("widthSizable", .flexibleWidth), ("flexibleMaxX", .flexibleRightMargin),
                ("flexibleMinY", .flexibleTopMargin), ("heightSizable", .flexibleHeight), ("flexibleMaxY", .flexibleBottomMargin),
            ]
            for (name, flag) in flags where try bool(name, at: child) == true { mask.insert(flag) }
            view.autoresizingMask = mask
        case ("color", let key?):
            let color = try self.color(child)
            switch (key, view) {
            case ("backgroundColor", _): view.backgroundColor = color
            case ("tintColor", _): view.tintColor = color
            case ("textColor", let label as UILabel): label.textColor = color
            case ("highlightedColor", let label as UILabel): label.highlightedTextColor = color
            case ("textColor", let field as UITextField): field.textColor = color
            case ("textColor", let textView as UITextView): textView.textColor = color
            case ("onTintColor", let toggle as UISwitch): toggle.onTintColor = color
            case ("thumbTintColor", let toggle as UISwitch): toggle.thumbTintColor = color
            case ("color", let spinner as UIActivityIndicatorView): spinner.color = color
            case ("separatorColor", let table as UITableView): table.separatorColor = color
            case ("minimumTrackTintColor", let slider as UISlider): slider.minimumTrackTintColor = color
            case ("maximumTrackTintColor", let slider as UISlider): slider.maximumTrackTintColor = color
            case ("thumbTintColor", let slider as UISlider): slider.thumbTintColor = color
            case ("pageIndicatorTintColor", let pages as UIPageControl): pages.pageIndicatorTintColor = color
            case ("currentPageIndicatorTintColor", let pages as UIPageControl): pages.currentPageIndicatorTintColor = color
            case ("progressTintColor", let bar as UIProgressView): bar.progressTintColor = color
            case ("selectedSegmentTintColor", let segmented as UISegmentedControl): segmented.selectedSegmentTintColor = color
            case ("trackTintColor", let bar as UIProgressView): bar.trackTintColor = color
            default: loader.warn(child, "color \(key)", "colour \(key) of <\(element.name)> is not read yet")
            }
        case ("nil", _):
            break   // the property's default
        case ("segments", _) where view is UISegmentedControl:
            break   // read with the control's attributes
        case ("string", "text") where view is UITextView:
            break   // read with the text view's attributes
        case ("userDefinedRuntimeAttributes", _):
            for attribute in child.children where attribute.name == "userDefinedRuntimeAttribute" {
                try applyRuntimeAttribute(attribute, to: view)
            }
        case ("inset", "separatorInset") where view is UITableView:
            (view as? UITableView)?.separatorInset = try insets(child)
        case ("inset", "separatorInset") where view is UITableViewCell:
            (view as? UITableViewCell)?.separatorInset = try insets(child)
        case ("inset", "contentEdgeInsets") where view is UIButton:
            (view as? UIButton)?.contentEdgeInsets = try insets(child)
        case ("buttonConfiguration", "configuration") where view is UIButton:
            (view as? UIButton)?.configuration = try buttonConfiguration(child)
        case ("inset", "titleEdgeInsets") where view is UIButton:
            (view as? UIButton)?.titleEdgeInsets = try insets(child)
        case ("inset", "imageEdgeInsets") where view is UIButton:
            (view as? UIButton)?.imageEdgeInsets = try insets(child)
        case ("string", "text") where view is UILabel:
            break   // read with the label's attributes
        case ("accessibility", "accessibilityConfiguration"):
            try applyAccessibility(child, to: view)
        case ("attributedString", "attributedText"):
            let text = try attributedString(child)
            switch view {
            case let label as UILabel: label.attributedText = text
            case let textView as UITextView: textView.attributedText = text
            case let field as UITextField: field.attributedText = text
            default: loader.warn(child, "attributed text \(element.name)", "styled text of <\(element.name)> is not read")
            }
        case ("date", _) where view is UIDatePicker:
            break   // the date the document was saved with; a picker shows the date it is given
        case ("fontDescription", "fontDescription"):
            let font = try self.font(child)
            switch view {
            case let label as UILabel: label.font = font
            case let button as UIButton: button.titleLabel?.font = font
            case let field as UITextField: field.font = font
            case let textView as UITextView: textView.font = font
            default: loader.warn(child, "font \(element.name)", "a font for <\(element.name)> is not read")
            }
        case ("state", let state?):
            if let button = view as? UIButton { try applyState(child, state, to: button) }
            else { loader.warn(child, "state \(element.name)", "<state> of <\(element.name)> is not read") }
        case ("textInputTraits", "textInputTraits"):
            if let field = view as? UITextField { try applyTraits(child, to: field) }
            else if view is UITextView { break }   // a text view's keyboard traits are not read yet
            else { loader.warn(child, "traits \(element.name)", "<textInputTraits> of <\(element.name)> is not read") }
        default:
            if try applyBarElement(child, to: view) { return }
            loader.warn(child, "element \(child.name) \(key ?? "")",
                        "<\(child.name)\(key.map { " key=\"\($0)\"" } ?? "")> of <\(element.name)> is not read yet")
        }
    }

    // MARK: User-defined runtime attributes

    /// A user-defined runtime attribute (`<userDefinedRuntimeAttribute type="number"
    /// keyPath="cornerRadius">`): set on the object through the class's `@IBInspectable` property
    /// of that name (`interfaceBuilderConnections`, which `uisim port` writes), or one of the
    /// layer's and view's key paths apps set this way; any other key path is said once.
    func applyRuntimeAttribute(_ attribute: NibXMLElement, to object: AnyObject) throws(NibLoadingError) {
        guard let keyPath = attribute["keyPath"] else { throw error("<userDefinedRuntimeAttribute> without a keyPath", at: attribute) }
        let value = try runtimeValue(attribute)
        for connection in UINib.connections(of: object) where connection.name == keyPath {
            if case .inspectable(let set) = connection.kind, set(object, value) { return }
        }
        if let view = object as? UIView, Self.setViewKeyPath(keyPath, value, on: view) { return }
        loader.warn(attribute, "runtime attribute \(keyPath)",
                    "user-defined runtime attribute \(keyPath) (\(attribute["type"] ?? "?")) of \(type(of: object)) is not set: "
                    + "uisim sets the class's @IBInspectable properties and the layer's and view's common key paths")
    }

    /// The attribute's value as KVC would get it: Bool, Double, String, UIColor, CGSize, CGPoint,
    /// CGRect, UIImage, or nil.
    private func runtimeValue(_ attribute: NibXMLElement) throws(NibLoadingError) -> Any? {
        let child = attribute.children.first { $0["key"] == "value" }
        switch attribute["type"] {
        case "boolean": return try bool("value", at: attribute) ?? false
        case "number":
            guard let child, let text = child["value"] else { return 0.0 }
            return Double(try loader.number(text, "value", child))
        case "string", "localizedString": return attribute["value"] ?? child?.text ?? ""
        case "color":
            guard let child else { return nil }
            return try color(child)
        case "size":
            guard let child else { return CGSize.zero }
            return try size(child)
        case "point":
            guard let child else { return CGPoint.zero }
            return CGPoint(x: try number("x", at: child) ?? 0, y: try number("y", at: child) ?? 0)
        case "rect":
            guard let child else { return CGRect.zero }
            return try rect(child)
        case "image": return attribute["value"].flatMap { image(named: $0) }
        case "nil", nil: return nil
        case let other?: throw error("runtime attribute type \"\(other)\" is not one Xcode writes", at: attribute)
        }
    }

    /// The key paths of UIKit's views that documents set as runtime attributes.
    private static func setViewKeyPath(_ keyPath: String, _ value: Any?, on view: UIView) -> Bool {
        let number = (value as? Double).map { CGFloat($0) }
        switch (keyPath, value) {
        case ("layer.cornerRadius", _) where number != nil: view.layer.cornerRadius = number!
        case ("layer.borderWidth", _) where number != nil: view.layer.borderWidth = number!
        case ("layer.shadowRadius", _) where number != nil: view.layer.shadowRadius = number!
        case ("layer.shadowOpacity", _) where number != nil: view.layer.shadowOpacity = Float(number!)
        case ("layer.masksToBounds", let flag as Bool), ("clipsToBounds", let flag as Bool): view.clipsToBounds = flag
        case ("layer.shadowOffset", let offset as CGSize): view.layer.shadowOffset = offset
        case ("accessibilityIdentifier", let text as String): view.accessibilityIdentifier = text
        case ("accessibilityLabel", let text as String): view.accessibilityLabel = text
        case ("layer.borderColor", _ as UIColor), ("layer.shadowColor", _ as UIColor):
            // iOS hands the layer a UIColor where it wants a CGColor, and the border or shadow
            // keeps its default colour (the well-known runtime-attribute trap); uisim does the same.
            return true
        default: return false
        }
        return true
    }

    func size(_ child: NibXMLElement) throws(NibLoadingError) -> CGSize {
        CGSize(width: try number("width", at: child) ?? 0, height: try number("height", at: child) ?? 0)
    }

    /// `<inset minX= minY= maxX= maxY=>`: left, top, right, bottom.
    func insets(_ child: NibXMLElement) throws(NibLoadingError) -> UIEdgeInsets {
        UIEdgeInsets(top: try number("minY", at: child) ?? 0, left: try number("minX", at: child) ?? 0,
                     bottom: try number("maxY", at: child) ?? 0, right: try number("maxX", at: child) ?? 0)
    }

    func rect(_ child: NibXMLElement) throws(NibLoadingError) -> CGRect {
        CGRect(x: try number("x", at: child) ?? 0, y: try number("y", at: child) ?? 0,
               width: try number("width", at: child) ?? 0, height: try number("height", at: child) ?? 0)
    }

    // MARK: Values

    static let contentModes: [String: UIView.ContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill,
        "redraw": .redraw, "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right,
        "topLeft": .topLeft, "topRight": .topRight, "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]

    static let alignments: [String: NSTextAlignment] = [
        "natural": .natural, "left": .left, "center": .center, "right": .right, "justified": .justified,
    ]

    static let lineBreakModes: [String: NSLineBreakMode] = [
        "wordWrap": .byWordWrapping, "characterWrap": .byCharWrapping, "clip": .byClipping,
        "headTruncation": .byTruncatingHead, "tailTruncation": .byTruncatingTail, "middleTruncation": .byTruncatingMiddle,
    ]

    /// UIColor's system colours by the name a document gives them ("systemBackgroundColor").
    static let systemColors: [String: UIColor] = [
        "systemBlueColor": .systemBlue, "systemGreenColor": .systemGreen, "systemRedColor": .systemRed,
        "systemOrangeColor": .systemOrange, "systemYellowColor": .systemYellow, "systemPinkColor": .systemPink,
        "systemPurpleColor": .systemPurple, "systemTealColor": .systemTeal, "systemIndigoColor": .systemIndigo,
        "systemMintColor": .systemMint, "systemCyanColor": .systemCyan, "systemBrownColor": .systemBrown,
        "systemGrayColor": .systemGray, "systemGray2Color": .systemGray2, "systemGray3Color": .systemGray3,
        "systemGray4Color": .systemGray4, "systemGray5Color": .systemGray5, "systemGray6Color": .systemGray6,
        "systemBackgroundColor": .systemBackground, "secondarySystemBackgroundColor": .secondarySystemBackground,
        "tertiarySystemBackgroundColor": .tertiarySystemBackground, "systemGroupedBackgroundColor": .systemGroupedBackground,
        "secondarySystemGroupedBackgroundColor": .secondarySystemGroupedBackground,
        "tertiarySystemGroupedBackgroundColor": .tertiarySystemGroupedBackground,
        "labelColor": .label, "secondaryLabelColor": .secondaryLabel, "tertiaryLabelColor": .tertiaryLabel,
        "quaternaryLabelColor": .quaternaryLabel, "placeholderTextColor": .placeholderText, "linkColor": .link,
        "separatorColor": .separator, "opaqueSeparatorColor": .opaqueSeparator, "systemFillColor": .systemFill,
        "secondarySystemFillColor": .secondarySystemFill, "tertiarySystemFillColor": .tertiarySystemFill,
        "quaternarySystemFillColor": .quaternarySystemFill,
        // The named colours of the old format (`cocoaTouchSystemColor`).
        "darkTextColor": .black, "lightTextColor": UIColor(white: 1, alpha: 0.6),
        "groupTableViewBackgroundColor": .systemGroupedBackground,
        "tableCellGroupedBackgroundColor": .secondarySystemGroupedBackground,
        "blackColor": .black, "whiteColor": .white, "clearColor": .clear, "grayColor": .gray,
        "darkGrayColor": .darkGray, "lightGrayColor": .lightGray, "redColor": .red, "greenColor": .green,
        "blueColor": .blue, "cyanColor": .cyan, "yellowColor": .yellow, "magentaColor": .magenta,
        "orangeColor": .orange, "purpleColor": .purple, "brownColor": .brown,
    ]

    /// `<color>`: a system colour, a named asset colour, grey (`white`) or RGB (sRGB, and Display P3
    /// taken as sRGB).
    func color(_ child: NibXMLElement) throws(NibLoadingError) -> UIColor {
        if let name = child["systemColor"] ?? child["cocoaTouchSystemColor"] {
            guard let color = Self.systemColors[name] else { throw error("system colour \"\(name)\" is not one uisim has", at: child) }
            return color
        }
        if let name = child["name"] {
            guard let color = UIColor(named: name) else { throw error("no colour named \"\(name)\" in the asset catalogs", at: child) }
            return color
        }
        let alpha = try number("alpha", at: child) ?? 1
        if let white = try number("white", at: child) { return UIColor(white: white, alpha: alpha) }
        guard let red = try number("red", at: child), let green = try number("green", at: child),
              let blue = try number("blue", at: child) else {
            throw error("<color> without white, red/green/blue, systemColor or name", at: child)
        }
        if child["customColorSpace"] == "displayP3" {
            loader.warn(child, "displayP3", "Display P3 colours are taken as sRGB")
        }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    static let weights: [String: UIFont.Weight] = [
        "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// `<fontDescription>`: a text style (Dynamic Type), the system font (its weight, bold,
    /// italic) or a face by name.
    func font(_ child: NibXMLElement) throws(NibLoadingError) -> UIFont {
        if let style = child["style"] {
            guard style.hasPrefix("UICTFontTextStyle") else { throw error("text style \"\(style)\" is not a UICTFontTextStyle", at: child) }
            return UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style))
        }
        let size = try number("pointSize", at: child) ?? 17
        switch child["type"] {
        case "system":
            if let weightName = child["weight"] {
                guard let weight = Self.weights[weightName] else { throw error("font weight \"\(weightName)\" is not a weight", at: child) }
                return .systemFont(ofSize: size, weight: weight)
            }
            return .systemFont(ofSize: size)
        case "boldSystem": return .boldSystemFont(ofSize: size)
        case "italicSystem": return .italicSystemFont(ofSize: size)
        case nil:
            guard let name = child["name"] else { throw error("<fontDescription> without a type, style or name", at: child) }
            if let font = UIFont(name: name, size: size) { return font }
            loader.warn(child, "font \(name)", "no font named \(name): the system font instead")
            return .systemFont(ofSize: size)
        case let other?:
            throw error("font type \"\(other)\" is not system, boldSystem or italicSystem", at: child)
        }
    }

    func image(named name: String) -> UIImage? {
        if let image = UIImage(named: name) { return image }
        loader.warn(element, "image \(name)", "no image named \(name) in the asset catalogs")
        return nil
    }

    // MARK: Classes

    private func applyLabel(_ label: UILabel, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["text", "textAlignment", "lineBreakMode", "numberOfLines", "adjustsFontSizeToFit",
                        "minimumScaleFactor", "adjustsFontForContentSizeCategory", "enabled", "highlighted", "preferredMaxLayoutWidth"])
        // A long or multi-line text is written as a `<string key="text">` element.
        if let text = element["text"] ?? element.child("string", key: "text")?.text { label.text = text }
        if let width = try number("preferredMaxLayoutWidth") { label.preferredMaxLayoutWidth = width }
        if let alignment = try choice("textAlignment", Self.alignments) { label.textAlignment = alignment }
        if let mode = try choice("lineBreakMode", Self.lineBreakModes) { label.lineBreakMode = mode }
        if let lines = element["numberOfLines"] {
            guard let value = Int(lines), value >= 0 else { throw error("numberOfLines \"\(lines)\" is not a whole number") }
            label.numberOfLines = value
        }
        if let fits = try bool("adjustsFontSizeToFit") { label.adjustsFontSizeToFitWidth = fits }
        if let factor = try number("minimumScaleFactor") { label.minimumScaleFactor = factor }
        if let adjusts = try bool("adjustsFontForContentSizeCategory") { label.adjustsFontForContentSizeCategory = adjusts }
        if let enabled = try bool("enabled") { label.isEnabled = enabled }
        if let highlighted = try bool("highlighted") { label.isHighlighted = highlighted }
    }

    /// An activity indicator's inspector, as Xcode writes it: the style (the iOS 13 names and the
    /// three older ones), `hidesWhenStopped` and `animating` (each false when absent). A stopped
    /// indicator that hides when stopped is hidden; an animating one turns from the start.
    private func applyActivityIndicator(_ spinner: UIActivityIndicatorView, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["style", "hidesWhenStopped", "animating"])
        if let style = try choice("style", ["medium": UIActivityIndicatorView.Style.medium, "large": .large, "gray": .gray,
                                             "white": .white, "whiteLarge": .whiteLarge]) {
            spinner.style = style
        }
        spinner.hidesWhenStopped = try bool("hidesWhenStopped") ?? false
        if try bool("animating") == true {
            spinner.startAnimating()
        } else if spinner.hidesWhenStopped {
            spinner.isHidden = true
        }
    }

    /// A table view cell's inspector: its style and reuse identifier (read as it was made), the
    /// selection style, the accessory, the row height Interface Builder shows.
    private func applyTableCell(_ cell: UITableViewCell, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["style", "reuseIdentifier", "selectionStyle", "accessoryType", "indentationWidth", "indentationLevel", "rowHeight",
                        "textLabel", "detailTextLabel", "imageView",
                        "editingAccessoryType", "focusStyle", "shouldIndentWhileEditing", "showsReorderControl"])
        if let style = try choice("selectionStyle", ["none": UITableViewCell.SelectionStyle.none, "blue": .blue, "gray": .gray, "default": .default]) {
            cell.selectionStyle = style
        }
        if let accessory = try choice("accessoryType", ["none": UITableViewCell.AccessoryType.none, "disclosureIndicator": .disclosureIndicator,
                                                        "detailDisclosureButton": .detailDisclosureButton, "checkmark": .checkmark,
                                                        "detailButton": .detailButton]) {
            cell.accessoryType = accessory
        }
    }

    /// A table view's inspector: the style (read as it was made), the row and section heights
    /// (-1, Xcode's "automatic", is `automaticDimension`), separators and selection. Attributes
    /// that Xcode writes at UIKit's default are read as that default.
    private func applyTable(_ table: UITableView, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["style", "dataMode", "separatorStyle", "rowHeight", "estimatedRowHeight", "sectionHeaderHeight",
                        "sectionFooterHeight", "allowsSelection", "allowsMultipleSelection", "allowsSelectionDuringEditing",
                        "allowsMultipleSelectionDuringEditing", "cellLayoutMarginsFollowReadableWidth", "showsSelectionImmediatelyOnTouchBegin"])
        for (name, standard) in [("estimatedSectionHeaderHeight", "-1"), ("estimatedSectionFooterHeight", "-1"), ("sectionIndexMinimumDisplayRowCount", "0"),
                                 ("separatorInsetReference", "fromCellEdges"), ("insetsContentViewsToSafeArea", "YES"), ("editing", "NO")]
            where element[name] == standard || (name == "separatorInsetReference" && element[name] == "fromAutomaticInsets") {
            read.insert(name)
        }
        if let style = try choice("separatorStyle", ["default": UITableViewCell.SeparatorStyle.singleLine, "singleLine": .singleLine,
                                                     "none": .none, "singleLineEtched": .singleLineEtched]) {
            table.separatorStyle = style
        }
        if let height = try number("rowHeight") { table.rowHeight = height }
        if let height = try number("estimatedRowHeight") { table.estimatedRowHeight = height }
        if let height = try number("sectionHeaderHeight") { table.sectionHeaderHeight = height }
        if let height = try number("sectionFooterHeight") { table.sectionFooterHeight = height }
        if let allows = try bool("allowsSelection") { table.allowsSelection = allows }
        if let allows = try bool("allowsMultipleSelection") { table.allowsMultipleSelection = allows }
        if let allows = try bool("allowsSelectionDuringEditing") { table.allowsSelectionDuringEditing = allows }
        if let allows = try bool("allowsMultipleSelectionDuringEditing") { table.allowsMultipleSelectionDuringEditing = allows }
        if let follows = try bool("cellLayoutMarginsFollowReadableWidth") { table.cellLayoutMarginsFollowReadableWidth = follows }
    }

    /// A slider's, page control's, segmented control's, stepper's or progress view's inspector, as
    /// Xcode writes it: limits before the value (which they clamp), segments in order.
    private func applyValueControl(_ view: UIView, mark read: inout Set<String>) throws(NibLoadingError) {
        func whole(_ name: String) throws(NibLoadingError) -> Int? {
            guard let text = element[name] else { return nil }
            guard let value = Int(text) else { throw error("\(name) \"\(text)\" is not a whole number") }
            return value
        }
        switch view {
        case let slider as UISlider:
            read.formUnion(["value", "minValue", "maxValue", "continuous"])
            if let low = try number("minValue") { slider.minimumValue = Float(low) }
            if let high = try number("maxValue") { slider.maximumValue = Float(high) }
            if let value = try number("value") { slider.value = Float(value) }
            if let continuous = try bool("continuous") { slider.isContinuous = continuous }
        case let pages as UIPageControl:
            read.formUnion(["numberOfPages", "currentPage", "hidesForSinglePage"])
            if let count = try whole("numberOfPages") { pages.numberOfPages = count }
            if let page = try whole("currentPage") { pages.currentPage = page }
            if let hides = try bool("hidesForSinglePage") { pages.hidesForSinglePage = hides }
        case let segmented as UISegmentedControl:
            read.formUnion(["segmentControlStyle", "selectedSegmentIndex", "momentary", "apportionsSegmentWidthsByContent"])
            for (index, segment) in element.children(of: "segments").enumerated() where segment.name == "segment" {
                if let image = segment["image"] { segmented.insertSegment(with: self.image(named: image), at: index, animated: false) }
                else { segmented.insertSegment(withTitle: segment["title"] ?? "", at: index, animated: false) }
            }
            if let index = try whole("selectedSegmentIndex") { segmented.selectedSegmentIndex = index }
            if let momentary = try bool("momentary") { segmented.isMomentary = momentary }
        case let stepper as UIStepper:
            read.formUnion(["value", "minimumValue", "maximumValue", "stepValue", "wraps", "autorepeat", "continuous"])
            if let low = try number("minimumValue") { stepper.minimumValue = Double(low) }
            if let high = try number("maximumValue") { stepper.maximumValue = Double(high) }
            if let step = try number("stepValue") { stepper.stepValue = Double(step) }
            if let value = try number("value") { stepper.value = Double(value) }
            if let wraps = try bool("wraps") { stepper.wraps = wraps }
            if let repeats = try bool("autorepeat") { stepper.autorepeat = repeats }
            if let continuous = try bool("continuous") { stepper.isContinuous = continuous }
        case let bar as UIProgressView:
            read.formUnion(["progress", "progressViewStyle"])
            if let progress = try number("progress") { bar.progress = Float(progress) }
        case let picker as UIDatePicker:
            read.formUnion(["datePickerMode", "minuteInterval", "style", "useCurrentDate"])
            if let mode = try choice("datePickerMode", ["time": UIDatePicker.Mode.time, "date": .date, "dateAndTime": .dateAndTime,
                                                        "countDownTimer": .countDownTimer]) {
                picker.datePickerMode = mode
            }
            if let style = try choice("style", ["automatic": UIDatePicker.Style.automatic, "wheels": .wheels, "compact": .compact, "inline": .inline]) {
                picker.preferredDatePickerStyle = style
            }
            if let interval = try whole("minuteInterval") { picker.minuteInterval = interval }
        default:
            break
        }
    }

    private func applyControl(_ control: UIControl, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["enabled", "selected", "highlighted", "contentHorizontalAlignment", "contentVerticalAlignment"])
        if let enabled = try bool("enabled") { control.isEnabled = enabled }
        if let selected = try bool("selected") { control.isSelected = selected }
        if let highlighted = try bool("highlighted") { control.isHighlighted = highlighted }
        if let value = element["contentHorizontalAlignment"] {
            guard let alignment = Self.horizontalAlignments[value] else { throw loader.error(element, "contentHorizontalAlignment \"\(value)\" is not one of \(Self.horizontalAlignments.keys.sorted())") }
            control.contentHorizontalAlignment = alignment
        }
        if let value = element["contentVerticalAlignment"] {
            guard let alignment = Self.verticalAlignments[value] else { throw loader.error(element, "contentVerticalAlignment \"\(value)\" is not one of \(Self.verticalAlignments.keys.sorted())") }
            control.contentVerticalAlignment = alignment
        }
    }

    static let horizontalAlignments: [String: UIControl.ContentHorizontalAlignment] = [
        "center": .center, "left": .left, "right": .right, "fill": .fill, "leading": .leading, "trailing": .trailing,
    ]
    static let verticalAlignments: [String: UIControl.ContentVerticalAlignment] = ["center": .center, "top": .top, "bottom": .bottom, "fill": .fill]

    private func applyButton(_ button: UIButton, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["lineBreakMode"])
        if let mode = try choice("lineBreakMode", Self.lineBreakModes) { button.titleLabel?.lineBreakMode = mode }
        switch element["buttonType"] {
        case nil, "custom":
            // A custom button's title is white until a state says otherwise (UIButton.h).
            button.setTitleColor(.white, for: .normal)
        case "system", "roundedRect":
            break
        case let other?:
            loader.warn(element, "buttonType \(other)", "button type \(other) is made as a system button")
        }
    }

    static let states: [String: UIControl.State] = [
        "normal": .normal, "highlighted": .highlighted, "selected": .selected, "disabled": .disabled,
    ]

    private func applyState(_ child: NibXMLElement, _ name: String, to button: UIButton) throws(NibLoadingError) {
        guard let state = Self.states[name] else { throw error("button state \"\(name)\" is not normal, highlighted, selected or disabled", at: child) }
        if let title = child["title"] { button.setTitle(title, for: state) }
        if let image = child["image"] { button.setImage(self.image(named: image), for: state) }
        if let image = child["backgroundImage"] { button.setBackgroundImage(self.image(named: image), for: state) }
        for part in child.children {
            switch (part.name, part["key"]) {
            case ("color", "titleColor"): button.setTitleColor(try color(part), for: state)
            case ("attributedString", "attributedTitle"): button.setAttributedTitle(try attributedString(part), for: state)
            case ("color", "titleShadowColor"), ("nil", _): break
            default: loader.warn(part, "state \(part.name)", "<\(part.name)> of a button's state is not read yet")
            }
        }
    }

    static let borderStyles: [String: UITextField.BorderStyle] = [
        "none": .none, "line": .line, "bezel": .bezel, "roundedRect": .roundedRect,
    ]

    private func applyTextField(_ field: UITextField, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["text", "placeholder", "textAlignment", "borderStyle", "clearButtonMode", "adjustsFontSizeToFit",
                        "adjustsFontForContentSizeCategory", "clearsOnBeginEditing"])
        if let text = element["text"] { field.text = text }
        if let placeholder = element["placeholder"] { field.placeholder = placeholder }
        if let alignment = try choice("textAlignment", Self.alignments) { field.textAlignment = alignment }
        if let style = try choice("borderStyle", Self.borderStyles) { field.borderStyle = style }
        if let mode = try choice("clearButtonMode", ["never": UITextField.ViewMode.never, "whileEditing": .whileEditing,
                                                     "unlessEditing": .unlessEditing, "always": .always]) {
            field.clearButtonMode = mode
        }
    }

    private func applyTraits(_ child: NibXMLElement, to field: UITextField) throws(NibLoadingError) {
        if let secure = try bool("secureTextEntry", at: child) { field.isSecureTextEntry = secure }
        if let type = child["keyboardType"] {
            let types: [String: UIKeyboardType] = ["default": .default, "emailAddress": .emailAddress, "numberPad": .numberPad,
                                                   "URL": .URL, "phonePad": .phonePad, "decimalPad": .decimalPad]
            if let value = types[type] { field.keyboardType = value }
            else { loader.warn(child, "keyboard \(type)", "keyboard type \(type) is not read yet") }
        }
        if let type = child["returnKeyType"] {
            let types: [String: UIReturnKeyType] = ["default": .default, "go": .go, "next": .next, "done": .done,
                                                    "search": .search, "send": .send, "join": .join]
            if let value = types[type] { field.returnKeyType = value }
            else { loader.warn(child, "return \(type)", "return key type \(type) is not read yet") }
        }
    }

    private func applyStack(_ stack: UIStackView, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["axis", "alignment", "distribution", "spacing", "baselineRelativeArrangement", "layoutMarginsRelativeArrangement"])
        if let axis = try choice("axis", ["horizontal": NSLayoutConstraint.Axis.horizontal, "vertical": .vertical]) { stack.axis = axis }
        if let alignment = try choice("alignment", [
            "fill": UIStackView.Alignment.fill, "leading": .leading, "top": .top, "firstBaseline": .firstBaseline,
            "center": .center, "trailing": .trailing, "bottom": .bottom, "lastBaseline": .lastBaseline, "baseline": .lastBaseline,
        ]) { stack.alignment = alignment }
        if let distribution = try choice("distribution", [
            "fill": UIStackView.Distribution.fill, "fillEqually": .fillEqually, "fillProportionally": .fillProportionally,
            "equalSpacing": .equalSpacing, "equalCentering": .equalCentering,
        ]) { stack.distribution = distribution }
        if let spacing = try number("spacing") { stack.spacing = spacing }
        if let baseline = try bool("baselineRelativeArrangement") { stack.isBaselineRelativeArrangement = baseline }
        if let margins = try bool("layoutMarginsRelativeArrangement") { stack.isLayoutMarginsRelativeArrangement = margins }
    }

    private func applyScroll(_ scroll: UIScrollView, mark read: inout Set<String>) throws(NibLoadingError) {
        read.formUnion(["showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "bounces", "alwaysBounceVertical",
                        "alwaysBounceHorizontal", "pagingEnabled", "scrollEnabled", "directionalLockEnabled",
                        "bouncesZoom", "keyboardDismissMode", "contentInsetAdjustmentBehavior"])
        if let shows = try bool("showsHorizontalScrollIndicator") { scroll.showsHorizontalScrollIndicator = shows }
        if let shows = try bool("showsVerticalScrollIndicator") { scroll.showsVerticalScrollIndicator = shows }
        if let bounces = try bool("bounces") { scroll.bounces = bounces }
        if let bounce = try bool("alwaysBounceVertical") { scroll.alwaysBounceVertical = bounce }
        if let bounce = try bool("alwaysBounceHorizontal") { scroll.alwaysBounceHorizontal = bounce }
        if let paging = try bool("pagingEnabled") { scroll.isPagingEnabled = paging }
        if let enabled = try bool("scrollEnabled") { scroll.isScrollEnabled = enabled }
        if let zoom = try bool("bouncesZoom") { scroll.bouncesZoom = zoom }
        if let mode = try choice("keyboardDismissMode", ["none": UIScrollView.KeyboardDismissMode.none, "onDrag": .onDrag,
                                                         "interactive": .interactive]) {
            scroll.keyboardDismissMode = mode
        }
    }
}
