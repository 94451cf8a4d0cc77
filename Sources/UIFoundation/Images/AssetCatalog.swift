import Foundation
import CoreGraphics
import Geometry

/// The asset catalogs and image files of a bundle, read as UIKit reads the compiled ones: what
/// `UIImage(named:in:compatibleWith:)` and `UIColor(named:in:compatibleWith:)` find.
///
/// uisim reads catalogs as Xcode writes them (`Name.xcassets/` folders, not compiled `.car`
/// files): image sets (`Name.imageset/Contents.json`: an image per scale, idiom and appearance,
/// `template-rendering-intent`, `resizing` cap insets), colour sets (`Name.colorset`: a colour
/// per appearance, sRGB, Display P3 or grey), and groups that `provides-namespace` ("Icons/star").
/// A bundle's catalogs are the `.xcassets` folders in its resources (two levels deep at most, as
/// SwiftPM copies them); beside them, loose files `name.png`, `name@2x.png`, `name@3x.png`
/// (`.jpg`, `.jpeg` too), as `UIImage(named:)` finds them in a bundle.
package final class AssetCatalog {
    /// An image set's or a loose file's image for one scale, idiom and appearance.
    struct ImageEntry {
        var path: String
        var scale: CGFloat
        var idiom: UIUserInterfaceIdiom?   // nil: universal
        var dark: Bool?                    // nil: any appearance
        /// The slicing of this image (Xcode writes it per image, in its pixels), in points.
        var capInsets = UIEdgeInsets.zero
        var resizingMode = UIImage.ResizingMode.tile
    }

    struct ImageSet {
        var entries: [ImageEntry] = []
        var renderingMode = UIImage.RenderingMode.automatic
    }

    struct ColorSet {
        var any: UIColor?
        var light: UIColor?
        var dark: UIColor?
    }

    /// What a lookup found.
    package struct FoundImage {
        package let image: CGImage
        package let scale: CGFloat
        package let renderingMode: UIImage.RenderingMode
        package let capInsets: UIEdgeInsets
        package let resizingMode: UIImage.ResizingMode
        /// Whether the set has images for light and dark (then the image depends on the appearance).
        package let hasAppearances: Bool
        /// The appearance it was picked for.
        package let style: UIUserInterfaceStyle
    }

    private(set) var images: [String: ImageSet] = [:]
    private(set) var colors: [String: ColorSet] = [:]
    /// What could not be read, each once, for the console.
    private(set) var problems: [String] = []

    /// The catalogs and loose images under `root` (a bundle's resources).
    init(root: String) {
        let fm = FileManager.default
        for first in (try? fm.contentsOfDirectory(atPath: root).sorted()) ?? [] {
            let path = root + "/" + first
            if first.hasSuffix(".xcassets") {
                readGroup(path, namespace: "")
            } else if isDirectory(path), !first.hasSuffix(".lproj") {
                for second in (try? fm.contentsOfDirectory(atPath: path).sorted()) ?? [] where second.hasSuffix(".xcassets") {
                    readGroup(path + "/" + second, namespace: "")
                }
            } else {
                addLooseFile(path)
            }
        }
    }

    private func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    private func json(_ path: String) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            problems.append("\(path): not a JSON object: skipped")
            return nil
        }
        return object
    }

    /// A folder of the catalog: image sets, colour sets and groups (a group with
    /// `provides-namespace` adds its name and a slash to the names inside).
    private func readGroup(_ folder: String, namespace: String) {
        for item in (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? [] {
            let path = folder + "/" + item
            guard isDirectory(path) else { continue }
            let base = (item as NSString).deletingPathExtension
            switch (item as NSString).pathExtension {
            case "imageset":
                if let contents = json(path + "/Contents.json") { images[namespace + base] = imageSet(contents, folder: path) }
            case "colorset":
                if let contents = json(path + "/Contents.json") { colors[namespace + base] = colorSet(contents, path: path) }
            case "":
                let properties = json(path + "/Contents.json")?["properties"] as? [String: Any]
                let namespaced = properties?["provides-namespace"] as? Bool ?? false
                readGroup(path, namespace: namespaced ? namespace + item + "/" : namespace)
            default:
                continue   // app icons, data sets, symbol sets: not images `named:` finds
            }
        }
    }

    private func imageSet(_ contents: [String: Any], folder: String) -> ImageSet {
        var set = ImageSet()
        for image in contents["images"] as? [[String: Any]] ?? [] {
            guard let file = image["filename"] as? String else { continue }   // an empty slot
            let scale = (image["scale"] as? String).flatMap { Double($0.dropLast()) }.map { CGFloat($0) } ?? 1
            let idiom: UIUserInterfaceIdiom? = switch image["idiom"] as? String {
            case "iphone": .phone
            case "ipad": .pad
            case "mac": .mac
            case "tv": .tv
            case "vision": .vision
            default: nil
            }
            var entry = ImageEntry(path: folder + "/" + file, scale: scale, idiom: idiom, dark: Self.isDark(image))
            // Slicing: `cap-insets` (`capInsets` in older catalogs) in this image's pixels.
            if let resizing = image["resizing"] as? [String: Any],
               let caps = (resizing["cap-insets"] ?? resizing["capInsets"]) as? [String: Any] {
                func points(_ key: String) -> CGFloat { CGFloat((caps[key] as? NSNumber)?.doubleValue ?? 0) / scale }
                entry.capInsets = UIEdgeInsets(top: points("top"), left: points("left"), bottom: points("bottom"), right: points("right"))
                entry.resizingMode = (resizing["center"] as? [String: Any])?["mode"] as? String == "stretch" ? .stretch : .tile
            }
            set.entries.append(entry)
        }
        let properties = contents["properties"] as? [String: Any]
        switch properties?["template-rendering-intent"] as? String {
        case "template": set.renderingMode = .alwaysTemplate
        case "original": set.renderingMode = .alwaysOriginal
        default: break
        }
        return set
    }

    /// Whether an entry is for dark (true), light (false) or any appearance (nil).
    private static func isDark(_ entry: [String: Any]) -> Bool? {
        for appearance in entry["appearances"] as? [[String: Any]] ?? [] where appearance["appearance"] as? String == "luminosity" {
            return appearance["value"] as? String == "dark"
        }
        return nil
    }

    private func colorSet(_ contents: [String: Any], path: String) -> ColorSet {
        var set = ColorSet()
        for entry in contents["colors"] as? [[String: Any]] ?? [] {
            // High-contrast variants are left out: uisim has no increased-contrast setting.
            if (entry["appearances"] as? [[String: Any]] ?? []).contains(where: { $0["appearance"] as? String == "contrast" }) { continue }
            guard let color = entry["color"] as? [String: Any], let resolved = Self.color(color) else {
                problems.append("\(path)/Contents.json: a colour uisim cannot read: skipped")
                continue
            }
            switch Self.isDark(entry) {
            case true?: set.dark = resolved
            case false?: set.light = resolved
            case nil: set.any = set.any ?? resolved
            }
        }
        return set
    }

    /// A colour as Xcode writes it: components as decimals ("0.200"), 8-bit integers ("51") or
    /// hexadecimal ("0x33"), in sRGB, extended sRGB, Display P3 (converted to sRGB) or grey.
    /// A reference to a system colour (`"reference": "labelColor"`, as Xcode writes a colour set
    /// whose colour is one of the system's) is that colour, dynamic as it is.
    static func color(_ color: [String: Any]) -> UIColor? {
        if let reference = color["reference"] as? String { return systemColor(reference) }
        guard let components = color["components"] as? [String: Any] else { return nil }
        func component(_ key: String, alpha: Bool = false) -> CGFloat? {
            guard let raw = components[key] else { return nil }
            if let number = raw as? NSNumber { return CGFloat(number.doubleValue) }
            guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { CGFloat($0) / 255 } }
            guard let value = Double(text) else { return nil }
            // An integer component is 8-bit (0–255); an alpha of "1" is 1.
            if !text.contains("."), !(alpha && value <= 1) { return CGFloat(value / 255) }
            return CGFloat(value)
        }
        let alpha = component("alpha", alpha: true) ?? 1
        let space = color["color-space"] as? String ?? "srgb"
        if space.hasPrefix("gray") || components["white"] != nil {
            guard let white = component("white") else { return nil }
            return UIColor(white: white, alpha: alpha)
        }
        guard let red = component("red"), let green = component("green"), let blue = component("blue") else { return nil }
        if space == "display-p3" {
            let srgb = Self.displayP3ToSRGB(red, green, blue)
            return UIColor(red: srgb.0, green: srgb.1, blue: srgb.2, alpha: alpha)
        }
        return UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The system colour a colour set names: Xcode writes UIKit's class property with `Color`
    /// after it (`systemBackgroundColor`, `systemGray2Color`); nil for one uisim does not have.
    static func systemColor(_ reference: String) -> UIColor? {
        let colors: [String: UIColor] = [
            "blackColor": .black,
            "darkGrayColor": .darkGray,
            "lightGrayColor": .lightGray,
            "whiteColor": .white,
            "grayColor": .gray,
            "redColor": .red,
            "greenColor": .green,
            "blueColor": .blue,
            "cyanColor": .cyan,
            "yellowColor": .yellow,
            "magentaColor": .magenta,
            "orangeColor": .orange,
            "purpleColor": .purple,
            "brownColor": .brown,
            "clearColor": .clear,
            "systemBlueColor": .systemBlue,
            "systemGreenColor": .systemGreen,
            "systemRedColor": .systemRed,
            "systemOrangeColor": .systemOrange,
            "systemYellowColor": .systemYellow,
            "systemPinkColor": .systemPink,
            "systemPurpleColor": .systemPurple,
            "systemTealColor": .systemTeal,
            "systemIndigoColor": .systemIndigo,
            "systemGrayColor": .systemGray,
            "systemGray2Color": .systemGray2,
            "systemGray3Color": .systemGray3,
            "systemGray4Color": .systemGray4,
            "systemGray5Color": .systemGray5,
            "systemGray6Color": .systemGray6,
            "systemBackgroundColor": .systemBackground,
            "secondarySystemBackgroundColor": .secondarySystemBackground,
            "tertiarySystemBackgroundColor": .tertiarySystemBackground,
            "systemGroupedBackgroundColor": .systemGroupedBackground,
            "secondarySystemGroupedBackgroundColor": .secondarySystemGroupedBackground,
            "tertiarySystemGroupedBackgroundColor": .tertiarySystemGroupedBackground,
            "darkTextColor": .darkText,
            "lightTextColor": .lightText,
            "groupTableViewBackgroundColor": .groupTableViewBackground,
            "labelColor": .label,
            "secondaryLabelColor": .secondaryLabel,
            "tertiaryLabelColor": .tertiaryLabel,
            "quaternaryLabelColor": .quaternaryLabel,
            "placeholderTextColor": .placeholderText,
            "linkColor": .link,
            "separatorColor": .separator,
            "opaqueSeparatorColor": .opaqueSeparator,
            "systemFillColor": .systemFill,
            "secondarySystemFillColor": .secondarySystemFill,
            "tertiarySystemFillColor": .tertiarySystemFill,
            "quaternarySystemFillColor": .quaternarySystemFill,
        ]
        return colors[reference]
    }

    /// A Display P3 colour in sRGB: both use sRGB's transfer curve; the linear values go through
    /// P3's primaries to sRGB's (the matrix P3 → XYZ (D65) → sRGB), clamped to sRGB's gamut.
    static func displayP3ToSRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> (CGFloat, CGFloat, CGFloat) {
        func encoded(_ v: Double) -> CGFloat { CGFloat(SRGB.encoded(v)) }
        let (lr, lg, lb) = (SRGB.linear(Double(r)), SRGB.linear(Double(g)), SRGB.linear(Double(b)))
        return (encoded(1.2249401 * lr - 0.2249404 * lg + 0.0000001 * lb),
                encoded(-0.0420569 * lr + 1.0420571 * lg - 0.0000001 * lb),
                encoded(-0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb))
    }

    /// A loose image file: `name.png`, `name@2x.png`, `name~ipad.png`…
    private func addLooseFile(_ path: String) {
        let file = (path as NSString).lastPathComponent
        let ext = (file as NSString).pathExtension.lowercased()
        guard ["png", "jpg", "jpeg"].contains(ext) else { return }
        var base = (file as NSString).deletingPathExtension
        var idiom: UIUserInterfaceIdiom?
        if base.hasSuffix("~ipad") { idiom = .pad; base.removeLast(5) }
        else if base.hasSuffix("~iphone") { idiom = .phone; base.removeLast(7) }
        let scale = Self.scaleSuffix(of: base + ".png")
        if scale != 1 || base.hasSuffix("@1x") { base.removeLast(3) }
        let entry = ImageEntry(path: path, scale: scale, idiom: idiom, dark: nil)
        // A file is found by its name with and without its extension (`named: "icon.png"` too).
        images[base, default: ImageSet()].entries.append(entry)
        images[base + "." + (file as NSString).pathExtension, default: ImageSet()].entries.append(entry)
    }

    /// The scale a file's name says: `@2x` or `@3x` before the extension (and `~ipad`), else 1.
    package static func scaleSuffix(of path: String) -> CGFloat {
        var base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if let tilde = base.lastIndex(of: "~") { base = String(base[..<tilde]) }
        for scale in [2, 3, 1] where base.hasSuffix("@\(scale)x") { return CGFloat(scale) }
        return 1
    }

    /// The entry of `set` for `scale`, `idiom` and `dark`, as UIKit picks: the device's idiom over
    /// universal, the appearance's own over any appearance, then the scale asked for, else the
    /// nearest larger, else the nearest smaller.
    static func pick(_ entries: [ImageEntry], scale: CGFloat, idiom: UIUserInterfaceIdiom, dark: Bool) -> ImageEntry? {
        let candidates = entries.filter { ($0.idiom == nil || $0.idiom == idiom) && ($0.dark == nil || $0.dark == dark) }
        return candidates.min { a, b in
            func rank(_ e: ImageEntry) -> (Int, Int, Int, CGFloat) {
                let appearance = e.dark == dark ? 0 : 1
                let device = e.idiom == idiom ? 0 : 1
                let larger = e.scale >= scale ? 0 : 1
                return (appearance, device, larger, larger == 0 ? e.scale - scale : scale - e.scale)
            }
            return rank(a) < rank(b)
        }
    }

    // MARK: Lookup, per app

    /// The image named `name` in `bundle` for `traits` (the app's scale and appearance where they
    /// say none), shared per app: the same file is read and decoded once.
    package static func image(named name: String, in bundle: Bundle, traits: UITraitCollection?) -> FoundImage? {
        let app = AppEnvironment.current
        let scale = traits.map(\.displayScale).flatMap { $0 > 0 ? $0 : nil } ?? app.screenScale
        let style = traits.map(\.userInterfaceStyle).flatMap { $0 != .unspecified ? $0 : nil } ?? app.userInterfaceStyle
        let catalog = app.assets.catalog(for: bundle)
        guard let set = catalog.images[name],
              let entry = pick(set.entries, scale: scale, idiom: app.idiom, dark: style == .dark),
              let image = app.assets.image(at: entry.path) else { return nil }
        return FoundImage(image: image, scale: entry.scale, renderingMode: set.renderingMode, capInsets: entry.capInsets,
                          resizingMode: entry.resizingMode, hasAppearances: set.entries.contains { $0.dark != nil }, style: style)
    }

    /// The colour named `name` in `bundle`: dynamic when the set has a dark variant.
    package static func color(named name: String, in bundle: Bundle) -> UIColor? {
        guard let set = AppEnvironment.current.assets.catalog(for: bundle).colors[name] else { return nil }
        let light = set.light ?? set.any, dark = set.dark ?? set.any
        guard let light, let dark else { return set.any ?? set.light ?? set.dark }
        return light === dark ? light : UIColor.dynamic(light: light, dark: dark)
    }
}

/// An app's catalogs (one per bundle, read once) and the images read from files (one per path,
/// so a name decodes once however many image views show it).
final class AppAssets {
    private var catalogs: [String: AssetCatalog] = [:]
    private var files: [String: CGImage] = [:]

    func catalog(for bundle: Bundle) -> AssetCatalog {
        let root = bundle.resourcePath ?? bundle.bundlePath
        if let catalog = catalogs[root] { return catalog }
        let catalog = AssetCatalog(root: root)
        for problem in catalog.problems { AppEnvironment.current.reportIssue("asset catalog: " + problem) }
        catalogs[root] = catalog
        return catalog
    }

    func image(at path: String) -> CGImage? {
        if let image = files[path] { return image }
        guard let data = FileManager.default.contents(atPath: path), let source = EncodedImage(data: data, name: path) else {
            AppEnvironment.current.reportIssue("asset catalog: \(path) is not a PNG or JPEG uisim can read: no image")
            return nil
        }
        let image = CGImage(encoded: source)
        files[path] = image
        return image
    }
}
