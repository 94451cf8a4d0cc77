import Foundation

/// Size-class variations (`<variation key="heightClass=compact">`), as Xcode writes them since
/// Xcode 8: inside an element, the attributes and property elements that differ for those traits,
/// and masks that exclude or include the element's subviews and constraints (`<mask
/// key="constraints"><exclude reference="…"/></mask>`; the `default` variation says what the base
/// configuration leaves out). uisim applies the variations of the traits the document is loaded
/// with: a phone's compact width and regular height in portrait (compact height in landscape), an
/// iPad's regular both ways; the more specific a variation, the later it applies. A change of
/// size class after loading (a rotation) does not apply them again.
struct NibVariations {
    let horizontal: UIUserInterfaceSizeClass
    let vertical: UIUserInterfaceSizeClass

    /// The main screen's size classes, as `UIView.resolvedTraitCollection` gives them.
    @MainActor
    static var current: NibVariations {
        let screen = UIScreen.main
        let pad = screen.model.userInterfaceIdiom == .pad
        let size = screen.bounds.size
        return NibVariations(horizontal: pad ? .regular : .compact, vertical: pad || size.height >= size.width ? .regular : .compact)
    }

    /// `element` as these traits see it: its attributes and property elements overridden by its
    /// matching variations', without the variations; and the ids its masks leave out. The element
    /// itself when it has no variation.
    func resolve(_ element: NibXMLElement, warn: (NibXMLElement, String, String) -> Void) -> (element: NibXMLElement, excluded: Set<String>) {
        let variations = element.children.filter { $0.name == "variation" }
        guard !variations.isEmpty else { return (element, []) }
        var matching: [(specificity: Int, element: NibXMLElement)] = []
        for variation in variations {
            guard let key = variation["key"] else { continue }
            if key == "default" {
                matching.append((0, variation))
                continue
            }
            var matches = true, parts = 0
            for part in key.split(separator: "-") {
                let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, let sizeClass = Self.sizeClasses[pair[1]], ["widthClass", "heightClass"].contains(pair[0]) else {
                    warn(variation, "variation \(key)", "variation \(key) is not a size-class variation uisim reads")
                    matches = false
                    break
                }
                parts += 1
                if sizeClass != (pair[0] == "widthClass" ? horizontal : vertical) { matches = false }
            }
            if matches { matching.append((parts, variation)) }
        }
        var attributes = element.attributes
        var children = element.children.filter { $0.name != "variation" }
        var excluded = Set<String>()
        for (_, variation) in matching.sorted(by: { $0.specificity < $1.specificity }) {
            for (name, value) in variation.attributes where name != "key" {
                if let index = attributes.firstIndex(where: { $0.name == name }) { attributes[index].value = value }
                else { attributes.append((name, value)) }
            }
            for child in variation.children {
                if child.name == "mask" {
                    for reference in child.children {
                        guard let id = reference["reference"] else { continue }
                        if reference.name == "exclude" { excluded.insert(id) } else if reference.name == "include" { excluded.remove(id) }
                    }
                    continue
                }
                if let index = children.firstIndex(where: { $0.name == child.name && $0["key"] == child["key"] }) { children[index] = child }
                else { children.append(child) }
            }
        }
        let resolved = NibXMLElement(name: element.name, attributes: attributes, line: element.line)
        resolved.children = children
        resolved.text = element.text
        return (resolved, excluded)
    }

    static let sizeClasses: [String: UIUserInterfaceSizeClass] = ["compact": .compact, "regular": .regular]
}
