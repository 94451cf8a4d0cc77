import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

extension UIButton {
    /// How a button looks and lays out its content (UIKit's `UIButton.Configuration`, iOS 15): a
    /// style's colours and background, the title, subtitle and image with their paddings and
    /// placement, the content insets of the button's size. Set on a button (`configuration`), it
    /// replaces the button's per-state titles, colours and edge insets; `updated(for:)` gives the
    /// configuration a state shows (the style's highlighted and disabled colours).
    public struct Configuration: Hashable {
        public enum Size: Int, Hashable, Sendable { case medium, small, mini, large }
        public enum TitleAlignment: Int, Hashable, Sendable { case automatic, leading, center, trailing }
        public enum CornerStyle: Int, Hashable, Sendable { case fixed = -1, dynamic, small, medium, large, capsule }
        public enum MacIdiomStyle: Int, Hashable, Sendable { case automatic, bordered, borderless, borderlessTinted }
        public enum Indicator: Int, Hashable, Sendable { case automatic, none, popup }

        /// The eight styles UIKit makes.
        enum Style: Hashable { case plain, tinted, gray, filled, borderless, bordered, borderedTinted, borderedProminent }
        let style: Style

        public var background: UIBackgroundConfiguration
        public var cornerStyle = CornerStyle.dynamic
        public var buttonSize = Size.medium { didSet { if !customInsets { contentInsets = Self.defaultInsets(buttonSize) } } }
        /// Only a Mac idiom reads it (uisim's screens are iPhones and iPads).
        public var macIdiomStyle = MacIdiomStyle.automatic
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var image: UIImage?
        public var title: String?
        public var titleLineBreakMode = NSLineBreakMode.byTruncatingTail
        public var subtitle: String?
        public var subtitleLineBreakMode = NSLineBreakMode.byTruncatingTail
        public var indicator = Indicator.automatic
        /// Space between the button's edges and its content; the size's default until set.
        public var contentInsets: NSDirectionalEdgeInsets {
            get { insets }
            set {
                insets = newValue
                customInsets = true
            }
        }
        private var insets: NSDirectionalEdgeInsets
        private var customInsets = false
        /// Which side of the title the image goes (`.leading`, the default; `.trailing`, `.top`, `.bottom`).
        public var imagePlacement = NSDirectionalRectEdge.leading
        /// Space between the image and the title.
        public var imagePadding: CGFloat = 0
        /// Space between the title and the subtitle (UIKit's default 1).
        public var titlePadding: CGFloat = 1
        public var titleAlignment = TitleAlignment.automatic
        /// Whether `updated(for:)` shows a selected button as a toggle (the style's selected look).
        public var automaticallyUpdateForSelection = true
        /// The title's font when a document gives one (Interface Builder's `titleFontDescription`,
        /// which it archives as a text-attributes transformer); nil: the size's font.
        var titleFont: UIFont?
        /// The state `updated(for:)` was made for (nil: the configuration as it was set).
        var shownState: UIControl.State?
        /// Whether the image goes beside the text (not above or below it).
        var imageBesideText: Bool { imagePlacement != .top && imagePlacement != .bottom }

        init(style: Style) {
            self.style = style
            insets = Self.defaultInsets(.medium)
            background = UIBackgroundConfiguration(color: nil, selected: nil)
            switch style {
            case .plain, .borderless: break
            default: background.cornerRadius = Self.dynamicCornerRadius
            }
        }

        public static func plain() -> Self { Self(style: .plain) }
        public static func tinted() -> Self { Self(style: .tinted) }
        public static func gray() -> Self { Self(style: .gray) }
        public static func filled() -> Self { Self(style: .filled) }
        public static func borderless() -> Self { Self(style: .borderless) }
        public static func bordered() -> Self { Self(style: .bordered) }
        public static func borderedTinted() -> Self { Self(style: .borderedTinted) }
        public static func borderedProminent() -> Self { Self(style: .borderedProminent) }

        /// The size's content insets again (undoing a `contentInsets` set).
        public mutating func setDefaultContentInsets() {
            insets = Self.defaultInsets(buttonSize)
            customInsets = false
        }

        /// The configuration `button` shows in its state: the style's colours for it.
        public func updated(for button: UIButton) -> Self {
            var updated = self
            updated.shownState = button.state
            return updated
        }

        // MARK: What the style shows

        /// UIKit's content insets by size (top, leading, bottom, trailing), the same for every
        /// style, at the default text size: medium 7 and 12 (Apple's forum, and UIKit's tables);
        /// large 15 and 20 and small 5 and 10 as UIKit's own were measured by others; mini taken as
        /// small (no figure found).
        static func defaultInsets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .large: NSDirectionalEdgeInsets(top: 15, leading: 20, bottom: 15, trailing: 20)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .small, .mini: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            }
        }

        /// The background's corner radius for `.dynamic` at the default text size (UIKit's 5.95
        /// for a medium button; uisim uses it for every size).
        static let dynamicCornerRadius: CGFloat = 5.95

        /// The title's font: the size's text style (Dynamic Type: body, 17 pt, for medium and
        /// large; subheadline, 15 pt, for small and mini), or the document's.
        var resolvedTitleFont: UIFont {
            if let titleFont { return titleFont }
            return .preferredFont(forTextStyle: buttonSize == .medium || buttonSize == .large ? .body : .subheadline)
        }

        /// The subtitle's: footnote (13 pt) for medium and large, caption 1 (12 pt) for small and mini.
        var resolvedSubtitleFont: UIFont {
            .preferredFont(forTextStyle: buttonSize == .medium || buttonSize == .large ? .footnote : .caption1)
        }

        /// `color` with its alpha multiplied by `factor` (UIKit's highlighted and disabled looks
        /// reduce the alpha in light mode).
        private static func reduced(_ color: UIColor, _ factor: CGFloat) -> UIColor {
            color.withAlphaComponent(color.cgColor.alpha * factor)
        }

        /// The content's colour with `tint` as the button's tint, in the shown state: the base
        /// foreground colour, else the tint (white on a filled button); tertiary label while
        /// disabled; its alpha × 0.75 while highlighted (UIKit's style behaviours, light mode).
        func foregroundColor(tint: UIColor) -> UIColor {
            let state = shownState ?? .normal
            if state.contains(.disabled) { return .tertiaryLabel }
            let base: UIColor
            switch style {
            case .filled, .borderedProminent: base = baseForegroundColor ?? .white
            default: base = baseForegroundColor ?? tint
            }
            return state.contains(.highlighted) ? Self.reduced(base, 0.75) : base
        }

        /// The background's colour with `tint` as the button's tint, in the shown state (nil:
        /// none): plain none; gray the secondary system fill; tinted the tint, lightened (UIKit
        /// reduces its alpha by a rule it does not publish: uisim takes 0.15); filled the tint.
        /// Disabled, the secondary fill at 0.75 of its alpha; highlighted, alpha × 0.75 (tinted
        /// × 0.65).
        func backgroundColor(tint: UIColor) -> UIColor? {
            if let color = background.backgroundColor { return color }
            let state = shownState ?? .normal
            if state.contains(.disabled) {
                return style == .plain || style == .borderless ? nil : Self.reduced(.secondarySystemFill, 0.75)
            }
            let color: UIColor
            switch style {
            case .plain, .borderless: return nil
            case .gray, .bordered: color = baseBackgroundColor ?? .secondarySystemFill
            case .tinted, .borderedTinted: color = Self.reduced(baseBackgroundColor ?? tint, 0.15)
            case .filled, .borderedProminent: color = baseBackgroundColor ?? tint
            }
            guard state.contains(.highlighted) else { return color }
            return Self.reduced(color, style == .tinted || style == .borderedTinted ? 0.65 : 0.75)
        }

        /// The background's corner radius for a button `height` tall (the `.small`, `.medium` and
        /// `.large` styles' radii are uisim's: UIKit publishes none).
        func cornerRadius(height: CGFloat) -> CGFloat {
            switch cornerStyle {
            case .fixed, .dynamic: background.cornerRadius
            case .small: 4
            case .medium: 8
            case .large: 12
            case .capsule: height / 2
            }
        }
    }

    /// Called when the button updates its configuration (UIKit's `ConfigurationUpdateHandler`).
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void
}

// MARK: A button with a configuration

extension UIButton {
    /// A button with `configuration`, whose `primaryAction` runs on `.primaryActionTriggered`
    /// (its title and image, if it has them, become the configuration's).
    public convenience init(configuration: UIButton.Configuration, primaryAction: UIAction? = nil) {
        self.init(type: .system)
        var configuration = configuration
        if let primaryAction {
            if configuration.title == nil, !primaryAction.title.isEmpty { configuration.title = primaryAction.title }
            if configuration.image == nil, let image = primaryAction.image { configuration.image = image }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
        self.configuration = configuration
        setNeedsUpdateConfiguration()   // (an initializer's own assignment runs no observer)
    }

    /// Shows `configuration`: the title, subtitle and image, the colours of the style in the
    /// state, the background.
    func show(_ configuration: Configuration) {
        let changedSize = shownConfiguration.map {
            $0.title != configuration.title || $0.subtitle != configuration.subtitle || $0.image !== configuration.image
                || $0.contentInsets != configuration.contentInsets || $0.buttonSize != configuration.buttonSize
                || $0.imagePadding != configuration.imagePadding || $0.titlePadding != configuration.titlePadding
                || $0.imagePlacement != configuration.imagePlacement || $0.titleFont != configuration.titleFont
        } ?? true
        shownConfiguration = configuration
        let foreground = configuration.foregroundColor(tint: tintColor)
        ownTitleLabel.text = configuration.title
        ownTitleLabel.font = configuration.resolvedTitleFont
        ownTitleLabel.textColor = foreground
        ownTitleLabel.alpha = 1
        ownTitleLabel.lineBreakMode = configuration.titleLineBreakMode
        if let subtitle = configuration.subtitle {
            let label = configurationSubtitleLabel ?? makeSubtitleLabel()
            label.text = subtitle
            label.font = configuration.resolvedSubtitleFont
            label.textColor = foreground
            label.lineBreakMode = configuration.subtitleLineBreakMode
            label.isHidden = false
        } else {
            configurationSubtitleLabel?.isHidden = true
        }
        ownImageView.image = configuration.image
        ownImageView.tintColor = foreground
        let background = configurationBackground ?? makeConfigurationBackground()
        background.backgroundColor = configuration.backgroundColor(tint: tintColor)
        background.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        if changedSize { invalidateIntrinsicContentSize() }
        setNeedsLayout()
    }

    private func makeSubtitleLabel() -> UILabel {
        let label = UILabel()
        label.textAlignment = .center
        addSubview(label)
        systemSubviews.append(label)
        configurationSubtitleLabel = label
        return label
    }

    private func makeConfigurationBackground() -> UIView {
        let view = UIView(frame: bounds)
        view.isUserInteractionEnabled = false
        insertSubview(view, at: 0)
        systemSubviews.insert(view, at: 0)
        configurationBackground = view
        return view
    }

    /// The sizes of the image and of the title and subtitle block, and the padding between them.
    private func contentParts(_ configuration: Configuration) -> (image: CGSize, title: CGSize, subtitle: CGSize, padding: CGFloat) {
        let image = configuration.image?.size ?? .zero
        let title = configuration.title.map { $0.isEmpty ? .zero : ownTitleLabel.intrinsicContentSize } ?? .zero
        let subtitle = configuration.subtitle != nil ? configurationSubtitleLabel?.intrinsicContentSize ?? .zero : .zero
        let hasText = title != .zero || subtitle != .zero
        return (image, title, subtitle, image != .zero && hasText ? configuration.imagePadding : 0)
    }

    /// The text block: the title over the subtitle, `titlePadding` apart.
    private func textBlock(_ parts: (image: CGSize, title: CGSize, subtitle: CGSize, padding: CGFloat),
                           _ configuration: Configuration) -> CGSize {
        let between = parts.title != .zero && parts.subtitle != .zero ? configuration.titlePadding : 0
        return CGSize(width: max(parts.title.width, parts.subtitle.width), height: parts.title.height + between + parts.subtitle.height)
    }

    /// The content's size: image and text side by side (or one over the other for `.top` and
    /// `.bottom` placements), `imagePadding` apart.
    private func contentSize(_ parts: (image: CGSize, title: CGSize, subtitle: CGSize, padding: CGFloat), text: CGSize,
                             _ configuration: Configuration) -> CGSize {
        configuration.imageBesideText
            ? CGSize(width: parts.image.width + parts.padding + text.width, height: max(parts.image.height, text.height))
            : CGSize(width: max(parts.image.width, text.width), height: parts.image.height + parts.padding + text.height)
    }

    /// The content's size with the configuration's insets.
    func configurationSize(_ configuration: Configuration) -> CGSize {
        let parts = contentParts(configuration)
        let content = contentSize(parts, text: textBlock(parts, configuration), configuration)
        let insets = configuration.contentInsets
        return CGSize(width: content.width + insets.leading + insets.trailing, height: content.height + insets.top + insets.bottom)
    }

    /// Lays out the configuration's content centred in the bounds less its insets; the
    /// background fills the button.
    func layOutConfiguration(_ configuration: Configuration) {
        configurationBackground?.frame = bounds
        configurationBackground?.layer.cornerRadius = configuration.cornerRadius(height: bounds.height)
        let insets = configuration.contentInsets.edgeInsets(rightToLeft: effectiveUserInterfaceLayoutDirection == .rightToLeft)
        let area = bounds.inset(by: insets)
        let parts = contentParts(configuration)
        let text = textBlock(parts, configuration)
        let content = contentSize(parts, text: text, configuration)
        let origin = CGPoint(x: area.minX + (area.width - content.width) / 2, y: area.minY + (area.height - content.height) / 2)
        var imageOrigin = origin, textOrigin = origin
        let placement = configuration.imagePlacement
        if configuration.imageBesideText {
            let imageFirst = placement != .trailing
            imageOrigin.x = imageFirst ? origin.x : origin.x + text.width + parts.padding
            textOrigin.x = imageFirst ? origin.x + parts.image.width + parts.padding : origin.x
            imageOrigin.y = origin.y + (content.height - parts.image.height) / 2
            textOrigin.y = origin.y + (content.height - text.height) / 2
        } else {
            let imageFirst = placement != .bottom
            imageOrigin.y = imageFirst ? origin.y : origin.y + text.height + parts.padding
            textOrigin.y = imageFirst ? origin.y + parts.image.height + parts.padding : origin.y
            imageOrigin.x = origin.x + (content.width - parts.image.width) / 2
            textOrigin.x = origin.x + (content.width - text.width) / 2
        }
        ownImageView.frame = CGRect(origin: imageOrigin, size: parts.image)
        // The title and subtitle, centred on each other unless the alignment says an edge.
        let alignment = configuration.titleAlignment, besideImage = configuration.imageBesideText && configuration.image != nil
        let start = textOrigin.x, end = textOrigin.x + text.width
        func x(_ width: CGFloat) -> CGFloat {
            switch alignment {
            case .leading: start
            case .trailing: end - width
            case .automatic where besideImage: placement == .trailing ? end - width : start
            default: start + (text.width - width) / 2
            }
        }
        let titleWidth = min(parts.title.width, area.width)
        ownTitleLabel.frame = CGRect(x: x(titleWidth), y: textOrigin.y, width: titleWidth, height: parts.title.height)
        if let subtitle = configurationSubtitleLabel, !subtitle.isHidden {
            let between = parts.title != .zero ? configuration.titlePadding : 0
            subtitle.frame = CGRect(x: x(parts.subtitle.width), y: textOrigin.y + parts.title.height + between,
                                    width: parts.subtitle.width, height: parts.subtitle.height)
        }
    }
}
