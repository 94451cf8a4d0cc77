import Foundation
import CoreGraphics
import Geometry

/// A font, as UIKit's `UIFont`.
///
/// The system font has SF Pro's vertical metrics, so line heights and the heights of cells that
/// hold text are a device's: ascender `size × 1950/2048`, descender `−size × 494/2048`,
/// `lineHeight` `size × 2444/2048` (17 pt: 20.287109375), no leading, cap height
/// `size × 1443/2048`, x-height `size × 1078/2048` (SF Pro's units per em are 2048). Its glyphs,
/// and so the widths text measures, come from Inter (Debian's `fonts-inter`, installed by
/// `make deps`), a face drawn to widths close to SF Pro's, through Pango: Inter below 20 pt and
/// Inter Display from 20 pt, as SF Pro switches from Text to Display at 20 pt, with SF Pro's
/// tracking (`tracking`). Characters Inter
/// lacks (CJK, emoji, …) fall back to other installed faces, as iOS's cascade list does.
///
/// A font by name (`UIFont(name:size:)`) uses the installed family of that name if fontconfig has
/// it, and Inter otherwise (UIKit returns nil for a face the app does not bundle; uisim's answer
/// lets a screen that names its brand font run), with the system font's vertical metrics.
open class UIFont: NSObject, @unchecked Sendable {
    // @unchecked, as the SDK declares it (NS_SWIFT_SENDABLE): a font never changes once made; an
    // open NSObject subclass cannot be checked.
    /// A weight, as UIKit's (`UIFont.Weight.regular` is 0, `.bold` 0.4).
    public struct Weight: RawRepresentable, Hashable, Comparable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public init(_ rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(-0.8)
        public static let thin = Weight(-0.6)
        public static let light = Weight(-0.4)
        public static let regular = Weight(0)
        public static let medium = Weight(0.23)
        public static let semibold = Weight(0.3)
        public static let bold = Weight(0.4)
        public static let heavy = Weight(0.56)
        public static let black = Weight(0.62)

        public static func < (lhs: Weight, rhs: Weight) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The OpenType weight class the face is drawn with (100 thin … 900 black).
        var weightClass: Int {
            let classes: [(Weight, Int)] = [(.ultraLight, 200), (.thin, 100), (.light, 300), (.regular, 400), (.medium, 500),
                                            (.semibold, 600), (.bold, 700), (.heavy, 800), (.black, 900)]
            return classes.min { abs($0.0.rawValue - rawValue) < abs($1.0.rawValue - rawValue) }!.1
        }
    }

    /// The system font's designs (`UIFontDescriptor.SystemDesign`'s): the default, or monospaced.
    enum Design: Hashable, Sendable { case `default`, monospaced }

    open var pointSize: CGFloat { _pointSize }
    private let _pointSize: CGFloat
    /// The font's weight.
    package let weight: Weight
    /// Whether the font slants.
    package let isItalic: Bool
    /// Digits of one width (`monospacedDigitSystemFont`).
    let hasTabularDigits: Bool
    let design: Design
    /// The family asked for by name (nil: the system font).
    let namedFamily: String?
    /// The name UIKit gives the font (`.SFUI-Semibold`, or the name asked for).
    open var fontName: String { _fontName }
    private let _fontName: String
    /// The text style of a font from `preferredFont(forTextStyle:)`.
    package let textStyle: TextStyle?

    init(size: CGFloat, weight: Weight, italic: Bool = false, tabularDigits: Bool = false, design: Design = .default,
         family: String? = nil, name: String? = nil, textStyle: TextStyle? = nil) {
        _pointSize = size.isFinite ? max(size, 0) : 0
        self.weight = weight
        isItalic = italic
        hasTabularDigits = tabularDigits
        self.design = design
        namedFamily = family
        self.textStyle = textStyle
        _fontName = name ?? Self.systemFontName(weight: weight, italic: italic, design: design)
    }

    // MARK: Making fonts

    /// UIKit's standard sizes (points): a label's 17, a button's 18, the system's 14, the small system's 12.
    open class var labelFontSize: CGFloat { 17 }
    open class var buttonFontSize: CGFloat { 18 }
    open class var systemFontSize: CGFloat { 14 }
    open class var smallSystemFontSize: CGFloat { 12 }
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular) }
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont { UIFont(size: fontSize, weight: weight) }
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .bold) }
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(size: fontSize, weight: .regular, italic: true) }
    /// The system font with digits of one width (for counters and times that change in place).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(size: fontSize, weight: weight, tabularDigits: true)
    }
    /// The system's monospaced face (SF Mono on iOS; DejaVu Sans Mono's glyphs here).
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(size: fontSize, weight: weight, design: .monospaced)
    }

    /// The face named `fontName` ("Avenir-Heavy", "Menlo-Bold"): its family is the name before
    /// the hyphen, its weight and slant from the suffix.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        if fontName.hasPrefix(".SFUI") || fontName.hasPrefix(".AppleSystemUIFont") {
            let style = fontName.split(separator: "-").dropFirst().first.map(String.init)?.lowercased() ?? ""
            self.init(size: fontSize, weight: Self.weight(named: style), italic: style.contains("italic"))
            return
        }
        let parts = fontName.split(separator: "-", maxSplits: 1).map(String.init)
        let style = parts.count > 1 ? parts[1].lowercased() : ""
        self.init(size: fontSize, weight: Self.weight(named: style), italic: style.contains("italic") || style.contains("oblique"),
                  family: parts[0], name: fontName)
    }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(size: fontSize, weight: weight, italic: isItalic, tabularDigits: hasTabularDigits, design: design,
               family: namedFamily, name: namedFamily == nil ? nil : fontName, textStyle: textStyle)
    }

    /// The font's family ("`.AppleSystemUIFont`" for the system font, as UIKit names it).
    open var familyName: String { namedFamily ?? (design == .monospaced ? ".AppleSystemUIFontMonospaced" : ".AppleSystemUIFont") }

    // MARK: Metrics (SF Pro's, in points)

    /// Distance from the baseline to the top of the tallest glyphs.
    open var ascender: CGFloat { pointSize * 1950 / 2048 }
    /// Distance from the baseline to the bottom of the lowest glyphs (negative, as in UIKit).
    open var descender: CGFloat { -pointSize * 494 / 2048 }
    /// Height of one line of text: ascender − descender + leading.
    open var lineHeight: CGFloat { pointSize * 2444 / 2048 }
    /// Extra space between lines (none for the system font).
    open var leading: CGFloat { 0 }
    /// Height of capital letters above the baseline.
    open var capHeight: CGFloat { pointSize * 1443 / 2048 }
    /// Height of lower-case letters such as x above the baseline.
    open var xHeight: CGFloat { pointSize * 1078 / 2048 }

    /// The space the system font adds after each character at this size, in points: SF Pro's own
    /// tracking table (its `trak` table, which Core Text applies to every glyph, the last one of a
    /// line too), as Apple's Human Interface Guidelines list it for iOS: +0.24 pt at 6 pt, 0 at
    /// 12, −0.31 at 16, −0.43 at 17, −0.45 at 20, +0.38 at 28, +0.40 at 34, 0 from 80. Between
    /// listed sizes the per-em value is interpolated. Inter has no tracking table, so without this
    /// its text set 3–6 % wider than iOS's at body sizes: "the" at 16 pt measured 24.77 pt where
    /// UIKit's label is 23.667 wide; with it 23.81 (a label 24.0). A face by name, and the
    /// monospaced design, have none (Core Text applies a face's own table, and they have none here).
    package var tracking: CGFloat {
        guard design == .default, namedFamily == nil, pointSize > 0 else { return 0 }
        return pointSize * Self.trackingPerEm(at: pointSize)
    }

    /// Apple's tracking table for SF Pro on iOS: size in points, tracking in points at that size.
    private static let trackingTable: [(size: CGFloat, points: CGFloat)] = [
        (6, 0.24), (7, 0.23), (8, 0.21), (9, 0.17), (10, 0.12), (11, 0.06), (12, 0), (13, -0.08), (14, -0.15),
        (15, -0.23), (16, -0.31), (17, -0.43), (18, -0.44), (19, -0.45), (20, -0.45), (21, -0.36), (22, -0.26),
        (23, -0.10), (24, 0.07), (25, 0.15), (26, 0.22), (27, 0.29), (28, 0.38), (29, 0.40), (30, 0.40),
        (31, 0.39), (32, 0.41), (33, 0.40), (34, 0.40), (35, 0.38), (36, 0.37), (37, 0.36), (38, 0.37),
        (39, 0.38), (40, 0.37), (41, 0.36), (42, 0.37), (43, 0.38), (44, 0.37), (45, 0.35), (46, 0.36),
        (47, 0.37), (48, 0.35), (49, 0.33), (50, 0.34), (51, 0.35), (52, 0.33), (53, 0.31), (54, 0.32),
        (56, 0.30), (58, 0.28), (60, 0.26), (62, 0.24), (64, 0.22), (66, 0.19), (68, 0.17), (70, 0.14),
        (72, 0.14), (76, 0.07), (80, 0),
    ]

    /// Tracking as a fraction of the size at `size`: the table's, interpolated per em between its
    /// sizes, the first entry's below 6 pt and none past 80.
    static func trackingPerEm(at size: CGFloat) -> CGFloat {
        let table = trackingTable
        guard let upper = table.firstIndex(where: { $0.size >= size }) else { return 0 }
        let high = table[upper]
        guard upper > 0, high.size != size else { return high.points / high.size }
        let low = table[upper - 1]
        let t = (size - low.size) / (high.size - low.size)
        return low.points / low.size + t * (high.points / high.size - low.points / low.size)
    }

    /// The face Pango draws the font with.
    package var pangoSpec: PangoFontSpec {
        let family = switch design {
        case .monospaced: "DejaVu Sans Mono"
        case .default: namedFamily ?? (pointSize >= 20 ? "Inter Display" : "Inter")
        }
        return PangoFontSpec(family: family, weight: weight.weightClass, italic: isItalic, size: Double(pointSize),
                             features: hasTabularDigits ? "tnum" : nil)
    }

    open override var description: String {
        "<UIFont: font-family: \"\(familyName)\"; font-weight: \(weight.rawValue == 0 ? "normal" : "\(weight.rawValue)"); font-style: \(isItalic ? "italic" : "normal"); font-size: \(pointSize)pt>"
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let rhs = object as? UIFont else { return false }
        let lhs = self
        return         lhs.pointSize == rhs.pointSize && lhs.weight == rhs.weight && lhs.isItalic == rhs.isItalic
            && lhs.hasTabularDigits == rhs.hasTabularDigits && lhs.design == rhs.design && lhs.namedFamily == rhs.namedFamily
            && lhs.textStyle == rhs.textStyle
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(pointSize)
        hasher.combine(weight)
        hasher.combine(isItalic)
        hasher.combine(hasTabularDigits)
        hasher.combine(namedFamily)
        return hasher.finalize()
    }

    private static func systemFontName(weight: Weight, italic: Bool, design: Design) -> String {
        let names: [(Weight, String)] = [(.ultraLight, "Ultralight"), (.thin, "Thin"), (.light, "Light"), (.regular, "Regular"),
                                         (.medium, "Medium"), (.semibold, "Semibold"), (.bold, "Bold"), (.heavy, "Heavy"), (.black, "Black")]
        let name = names.min { abs($0.0.rawValue - weight.rawValue) < abs($1.0.rawValue - weight.rawValue) }!.1
        let base = design == .monospaced ? ".SFMono" : ".SFUI"
        return italic ? "\(base)-\(name == "Regular" ? "" : name)Italic" : "\(base)-\(name)"
    }

    private static func weight(named style: String) -> Weight {
        let table: [(String, Weight)] = [("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
                                         ("medium", .medium), ("semibold", .semibold), ("demibold", .semibold), ("extrabold", .heavy),
                                         ("heavy", .heavy), ("black", .black), ("bold", .bold)]
        return table.first { style.contains($0.0) }?.1 ?? .regular
    }
}

extension UIFont {
    /// Loads the font machinery (fontconfig, the faces' glyph caches) by laying out and drawing a
    /// line once, so the first `draw(_:)` that shows text does not pay for it: on iOS the fonts
    /// are ready before an app's first frame. The layout is not counted.
    package static func warmUp() {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let text = AppEnvironment.current.text
        let counted = text.statistics
        _ = UIGraphicsImageRenderer(size: CGSize(width: 64, height: 32), format: format).image { _ in
            for font in [UIFont.systemFont(ofSize: 17), .boldSystemFont(ofSize: 17), .systemFont(ofSize: 22)] {
                "Warm up Ag".draw(at: .zero, withAttributes: [.font: font])
            }
        }
        text.statistics = counted
    }
}
