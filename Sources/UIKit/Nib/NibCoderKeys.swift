import Foundation

/// What a compiled nib holds under UIKit's archive keys, read from the document's element: the
/// keys UIKit's own `initWithCoder:` reads (`UIText`, `UIBackgroundColor`, `UIHidden`…), which an
/// app's `init?(coder:)` may read too. A key UIKit does not archive, or a value the document does
/// not set (UIKit archives only what differs from the default), is absent.
@MainActor
struct NibCoderKeys {
    let loader: NibLoader
    let element: NibXMLElement

    private var properties: NibProperties { NibProperties(loader: loader, element: element) }

    func value(forKey key: String) -> Any? {
        // A value that does not parse is the loader's error, met when the element is applied.
        switch key {
        case "UIHidden": return flag("hidden")
        case "UIOpaque": return flag("opaque")
        case "UIClipsToBounds": return flag("clipsSubviews")
        case "UIMultipleTouchEnabled": return flag("multipleTouchEnabled")
        case "UIUserInteractionDisabled": return flag("userInteractionEnabled").map { !$0 }
        case "UIDisabled": return flag("enabled").map { !$0 }
        case "UITag", "UINumberOfLines": return element[key == "UITag" ? "tag" : "numberOfLines"].flatMap { Int($0) }
        case "UIAlpha": return element["alpha"].flatMap { Double($0) }
        case "UIContentMode": return element["contentMode"].flatMap { NibProperties.contentModes[$0]?.rawValue }
        case "UITextAlignment": return element["textAlignment"].flatMap { NibProperties.alignments[$0]?.rawValue }
        case "UIText": return element["text"] ?? element.child("string", key: "text")?.text
        case "UIPlaceholder": return element["placeholder"]
        case "UIRestorationIdentifier": return element["restorationIdentifier"]
        case "UIBackgroundColor": return color("backgroundColor")
        case "UITintColor": return color("tintColor")
        case "UITextColor": return color("textColor")
        case "UIHighlightedColor": return color("highlightedColor")
        case "UIFont": return element.child("fontDescription", key: "fontDescription").flatMap { try? properties.font($0) }
        case "UIBounds": return frame().map { CGRect(origin: .zero, size: $0.size) }
        case "UICenter": return frame().map { CGPoint(x: $0.midX, y: $0.midY) }
        default: return nil
        }
    }

    private func flag(_ name: String) -> Bool? {
        (try? properties.bool(name)) ?? nil
    }

    private func color(_ key: String) -> UIColor? {
        element.child("color", key: key).flatMap { try? properties.color($0) }
    }

    private func frame() -> CGRect? {
        element.child("rect", key: "frame").flatMap { try? properties.rect($0) }
    }
}
