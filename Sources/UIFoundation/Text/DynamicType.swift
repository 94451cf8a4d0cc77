import Foundation
import CoreGraphics

/// The user's preferred text size, as UIKit's `UIContentSizeCategory` (its raw values are UIKit's).
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Posted when the user's text size changes (`newValueUserInfoKey`: the new category); a replay's
    /// text size is set for the whole run (`--content-size`), so it is never posted.
    public static let didChangeNotification = Notification.Name("UIContentSizeCategoryDidChangeNotification")
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// The twelve sizes, smallest first.
    public static let allCases: [UIContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge, .accessibilityExtraExtraExtraLarge,
    ]

    /// Whether the size is one of the five accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

    /// The names the command line takes (`--content-size accessibility-extra-large`), in order.
    public static let optionNames = [
        "extra-small", "small", "medium", "large", "extra-large", "extra-extra-large", "extra-extra-extra-large",
        "accessibility-medium", "accessibility-large", "accessibility-extra-large", "accessibility-extra-extra-large",
        "accessibility-extra-extra-extra-large",
    ]

    /// The category for a command-line name.
    public init?(optionName: String) {
        guard let index = Self.optionNames.firstIndex(of: optionName) else { return nil }
        self = Self.allCases[index]
    }

    /// The command-line name of the category.
    public var optionName: String {
        Self.allCases.firstIndex(of: self).map { Self.optionNames[$0] } ?? "large"
    }

    /// The place in `allCases` (large when unspecified).
    var index: Int { Self.allCases.firstIndex(of: self) ?? 3 }

    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool { lhs.index < rhs.index }
}

extension UIFont {
    /// A text style of Dynamic Type, as UIKit's `UIFont.TextStyle` (its raw values are UIKit's).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Point sizes for each content-size category, extra small to accessibility XXXL (Apple's
        /// Human Interface Guidelines, "Dynamic Type sizes", iOS), and the style's weight.
        var sizes: (points: [CGFloat], weight: UIFont.Weight) {
            switch self {
            case .largeTitle: ([31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60], .regular)
            case .title1: ([25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58], .regular)
            case .title2: ([19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56], .regular)
            case .title3: ([17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55], .regular)
            case .headline: ([14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], .semibold)
            case .subheadline: ([12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49], .regular)
            case .callout: ([13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51], .regular)
            case .footnote: ([12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44], .regular)
            case .caption1: ([11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43], .regular)
            case .caption2: ([11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40], .regular)
            default: ([14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53], .regular)   // body, and styles uisim does not know
            }
        }

        /// The style's point size at `category`.
        func pointSize(at category: UIContentSizeCategory) -> CGFloat { sizes.points[category.index] }
    }

    /// The font of `style` at the app's content-size category (`UIApplication`'s
    /// `preferredContentSizeCategory`; large unless a replay says otherwise).
    public static func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, at: AppEnvironment.current.contentSizeCategory)
    }

    /// The font of `style` at the content-size category of `traitCollection` (the app's when nil
    /// or unspecified).
    public static func preferredFont(forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        return preferredFont(forTextStyle: style, at: category == .unspecified ? AppEnvironment.current.contentSizeCategory : category)
    }

    /// The font of `style` at `category`.
    package static func preferredFont(forTextStyle style: TextStyle, at category: UIContentSizeCategory) -> UIFont {
        UIFont(size: style.pointSize(at: category), weight: style.sizes.weight, textStyle: style)
    }
}

/// Light or dark (UIKit's `UIUserInterfaceStyle`).
public enum UIUserInterfaceStyle: Int, Sendable, CaseIterable {
    case unspecified, light, dark
}

/// Compact or regular (UIKit's `UIUserInterfaceSizeClass`).
/// The kind of device (UIKit's `UIUserInterfaceIdiom`): bars are taller on an iPad (50 pt), sheets
/// smaller, and asset catalogs pick their images by it.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision
}

public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified, compact, regular
}

/// Left to right or right to left (UIKit's `UITraitEnvironmentLayoutDirection`).
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1, leftToRight, rightToLeft
}

/// A view's or a screen's traits, as UIKit's `UITraitCollection`: the content-size category,
/// the display scale, light or dark (`userInterfaceStyle`), the size classes and the layout
/// direction. A trait a collection does not say is `.unspecified` (0 for the scale).
/// `UITraitCollection.current` is the traits code runs under: a view's while it draws and lays
/// out, the app's otherwise; dynamic colours resolve with it.
open class UITraitCollection: NSObject, @unchecked Sendable {
    // @unchecked, as the SDK declares it (NS_SWIFT_SENDABLE): a trait collection never changes once
    // made; an open NSObject subclass cannot be checked.
    open var preferredContentSizeCategory: UIContentSizeCategory { _preferredContentSizeCategory }
    private let _preferredContentSizeCategory: UIContentSizeCategory
    open var displayScale: CGFloat { _displayScale }
    private let _displayScale: CGFloat
    open var userInterfaceStyle: UIUserInterfaceStyle { _userInterfaceStyle }
    private let _userInterfaceStyle: UIUserInterfaceStyle
    open var horizontalSizeClass: UIUserInterfaceSizeClass { _horizontalSizeClass }
    private let _horizontalSizeClass: UIUserInterfaceSizeClass
    open var verticalSizeClass: UIUserInterfaceSizeClass { _verticalSizeClass }
    private let _verticalSizeClass: UIUserInterfaceSizeClass
    open var layoutDirection: UITraitEnvironmentLayoutDirection { _layoutDirection }
    private let _layoutDirection: UITraitEnvironmentLayoutDirection
    /// The kind of device: a view's traits say its screen's (`.phone` on an iPhone).
    open var userInterfaceIdiom: UIUserInterfaceIdiom { _userInterfaceIdiom }
    private let _userInterfaceIdiom: UIUserInterfaceIdiom

    package init(preferredContentSizeCategory: UIContentSizeCategory = .unspecified, displayScale: CGFloat = 0,
                 userInterfaceStyle: UIUserInterfaceStyle = .unspecified, horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified,
                 verticalSizeClass: UIUserInterfaceSizeClass = .unspecified, layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified,
                 userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified) {
        _preferredContentSizeCategory = preferredContentSizeCategory
        _displayScale = displayScale
        _userInterfaceStyle = userInterfaceStyle
        _horizontalSizeClass = horizontalSizeClass
        _verticalSizeClass = verticalSizeClass
        _layoutDirection = layoutDirection
        _userInterfaceIdiom = userInterfaceIdiom
    }

    /// Traits that say only the kind of device.
    public convenience init(userInterfaceIdiom idiom: UIUserInterfaceIdiom) {
        self.init(preferredContentSizeCategory: .unspecified, userInterfaceIdiom: idiom)
    }

    /// Traits that say only a content-size category.
    public convenience init(preferredContentSizeCategory: UIContentSizeCategory) {
        self.init(preferredContentSizeCategory: preferredContentSizeCategory, displayScale: 0)
    }

    /// Traits that say only a display scale.
    public convenience init(displayScale: CGFloat) {
        self.init(preferredContentSizeCategory: .unspecified, displayScale: displayScale)
    }

    /// Traits that say only light or dark.
    public convenience init(userInterfaceStyle: UIUserInterfaceStyle) {
        self.init(preferredContentSizeCategory: .unspecified, userInterfaceStyle: userInterfaceStyle)
    }

    /// Traits that say only a horizontal size class.
    public convenience init(horizontalSizeClass: UIUserInterfaceSizeClass) {
        self.init(preferredContentSizeCategory: .unspecified, horizontalSizeClass: horizontalSizeClass)
    }

    /// Traits that say only a vertical size class.
    public convenience init(verticalSizeClass: UIUserInterfaceSizeClass) {
        self.init(preferredContentSizeCategory: .unspecified, verticalSizeClass: verticalSizeClass)
    }

    /// The traits of `traitCollections` together, the later ones' specified traits winning.
    public convenience init(traitsFrom traitCollections: [UITraitCollection]) {
        var category = UIContentSizeCategory.unspecified, scale: CGFloat = 0, style = UIUserInterfaceStyle.unspecified
        var horizontal = UIUserInterfaceSizeClass.unspecified, vertical = UIUserInterfaceSizeClass.unspecified
        var direction = UITraitEnvironmentLayoutDirection.unspecified, idiom = UIUserInterfaceIdiom.unspecified
        for t in traitCollections {
            if t.userInterfaceIdiom != .unspecified { idiom = t.userInterfaceIdiom }
            if t.preferredContentSizeCategory != .unspecified { category = t.preferredContentSizeCategory }
            if t.displayScale != 0 { scale = t.displayScale }
            if t.userInterfaceStyle != .unspecified { style = t.userInterfaceStyle }
            if t.horizontalSizeClass != .unspecified { horizontal = t.horizontalSizeClass }
            if t.verticalSizeClass != .unspecified { vertical = t.verticalSizeClass }
            if t.layoutDirection != .unspecified { direction = t.layoutDirection }
        }
        self.init(preferredContentSizeCategory: category, displayScale: scale, userInterfaceStyle: style,
                  horizontalSizeClass: horizontal, verticalSizeClass: vertical, layoutDirection: direction, userInterfaceIdiom: idiom)
    }

    /// The traits code runs under: those a view draws or lays out with, else the app's (its
    /// content-size category, its main screen's scale, its appearance, left to right). Setting it
    /// sets it for the app until set again (UIKit's).
    open class var current: UITraitCollection {
        get { AppEnvironment.current.currentTraits ?? AppEnvironment.current.defaultTraits }
        set { AppEnvironment.current.currentTraits = newValue }
    }

    /// Runs `actions` with this as `UITraitCollection.current`.
    open func performAsCurrent(_ actions: () throws -> Void) rethrows {
        let app = AppEnvironment.current
        let saved = app.currentTraits
        app.currentTraits = self
        defer { app.currentTraits = saved }
        try actions()
    }

    /// Whether colours that depend on traits may look different under `other` (the appearance differs).
    open func hasDifferentColorAppearance(comparedTo other: UITraitCollection?) -> Bool {
        userInterfaceStyle != (other?.userInterfaceStyle ?? .unspecified)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let rhs = object as? UITraitCollection else { return false }
        let lhs = self
        return         lhs.preferredContentSizeCategory == rhs.preferredContentSizeCategory && lhs.displayScale == rhs.displayScale
            && lhs.userInterfaceStyle == rhs.userInterfaceStyle && lhs.horizontalSizeClass == rhs.horizontalSizeClass
            && lhs.verticalSizeClass == rhs.verticalSizeClass && lhs.layoutDirection == rhs.layoutDirection
            && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(preferredContentSizeCategory)
        hasher.combine(displayScale)
        hasher.combine(userInterfaceStyle)
        return hasher.finalize()
    }

    open override var description: String {
        "<UITraitCollection: userInterfaceStyle = \(userInterfaceStyle), preferredContentSizeCategory = \(preferredContentSizeCategory.rawValue), displayScale = \(displayScale)>"
    }
}

/// Scales fonts and values with the user's text size, as UIKit's `UIFontMetrics`: by the ratio of
/// the text style's size at the app's content-size category to its size at large.
public struct UIFontMetrics: Sendable {
    public let textStyle: UIFont.TextStyle

    /// The body style's metrics.
    public static let `default` = UIFontMetrics(forTextStyle: .body)

    public init(forTextStyle textStyle: UIFont.TextStyle) { self.textStyle = textStyle }

    private var factor: CGFloat { factor(at: AppEnvironment.current.contentSizeCategory) }

    private func factor(at category: UIContentSizeCategory) -> CGFloat {
        textStyle.pointSize(at: category) / textStyle.pointSize(at: .large)
    }

    /// `font` scaled for the content-size category of `traitCollection` (the app's when nil).
    public func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        return font.withSize(font.pointSize * factor(at: category == .unspecified ? AppEnvironment.current.contentSizeCategory : category))
    }

    /// `font` at its size times the style's factor.
    public func scaledFont(for font: UIFont) -> UIFont { font.withSize(font.pointSize * factor) }

    /// `font` scaled, no larger than `maximumPointSize`.
    public func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        font.withSize(min(font.pointSize * factor, maximumPointSize))
    }

    /// `value` times the style's factor (a spacing that grows with the text).
    public func scaledValue(for value: CGFloat) -> CGFloat { value * factor }
}
