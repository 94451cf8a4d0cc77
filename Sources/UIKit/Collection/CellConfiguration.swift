import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

// MARK: Configuration state

/// What a configuration is updated for (UIKit's `UIConfigurationState`).
@preconcurrency @MainActor
public protocol UIConfigurationState {
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state, as its configurations see it (UIKit's `UICellConfigurationState`): selected,
/// highlighted (a finger on it), and the rest UIKit reports (uisim sets the first two; the others
/// stay false unless the app sets them).
public struct UICellConfigurationState: UIConfigurationState, Hashable {
    public enum DragState: Int, Sendable { case none, lifting, dragging }
    public enum DropState: Int, Sendable { case none, notTargeted, targeted }

    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isFocused = false
    public var isDisabled = false
    public var isEditing = false
    public var isExpanded = false
    public var isSwiped = false
    public var isReordering = false
    public var cellDragState = DragState.none
    public var cellDropState = DropState.none

    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }
}

// MARK: Content configurations

/// What a content view shows, as a value (UIKit's `UIContentConfiguration`): a cell's
/// `contentConfiguration` makes its content view, then hands it new values.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    func makeContentView() -> UIView & UIContentView
    func updated(for state: UIConfigurationState) -> Self
}

/// A view made from a content configuration (UIKit's `UIContentView`).
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    var configuration: UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (else the cell makes a new view for it).
    func supports(_ configuration: UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: UIContentConfiguration) -> Bool { true }
}

/// A background as a value (UIKit's `UIBackgroundConfiguration`): a colour, with the colour a
/// list cell shows while selected or highlighted, a corner radius and a stroke.
public struct UIBackgroundConfiguration: Hashable {
    public var backgroundColor: UIColor?
    public var cornerRadius: CGFloat = 0
    public var strokeColor: UIColor?
    public var strokeWidth: CGFloat = 0
    public var backgroundInsets = NSDirectionalEdgeInsets()
    /// The colour shown while the cell is selected or highlighted (UIKit's list styles: systemGray4).
    var selectedColor: UIColor?
    /// The colour shown otherwise, kept while `updated(for:)` swaps colours.
    var restingColor: UIColor?

    init(color: UIColor?, selected: UIColor?) {
        backgroundColor = color
        restingColor = color
        selectedColor = selected
    }

    /// No background.
    public static func clear() -> Self { Self(color: .clear, selected: nil) }
    /// A plain list's cell: the system background, systemGray4 while selected or highlighted.
    public static func listPlainCell() -> Self { Self(color: .systemBackground, selected: .systemGray4) }
    /// A grouped list's cell: the secondary grouped background, systemGray4 while selected.
    public static func listGroupedCell() -> Self { Self(color: .secondarySystemGroupedBackground, selected: .systemGray4) }
    /// A sidebar's cell: clear, and a 10 pt rounded systemGray4 while selected.
    public static func listSidebarCell() -> Self {
        var configuration = Self(color: .clear, selected: .systemGray4)
        configuration.cornerRadius = 10
        return configuration
    }
    public static func listPlainHeaderFooter() -> Self { Self(color: .systemBackground, selected: nil) }
    public static func listGroupedHeaderFooter() -> Self { Self(color: .clear, selected: nil) }

    /// The configuration for `state`: the selected colour while selected or highlighted.
    public func updated(for state: UIConfigurationState) -> Self {
        guard let cell = state as? UICellConfigurationState, let selectedColor else { return self }
        var updated = self
        updated.backgroundColor = cell.isSelected || cell.isHighlighted ? selectedColor : restingColor
        return updated
    }
}

// MARK: List content

/// A list row's content as a value (UIKit's `UIListContentConfiguration`): text, secondary text
/// and an image, with their properties and the margins and paddings of the style it was made
/// for. The figures are UIKit's (iOS 14–18, the default text size): a cell's text is body
/// (17 pt) in `.label`; its margins 11 pt above and below; the image's column 24 pt wide, 16 pt
/// before the text; rows at least 44 pt tall.
public struct UIListContentConfiguration: UIContentConfiguration {
    public struct TextProperties: Hashable {
        public var font: UIFont
        public var color: UIColor
        public var alignment = TextAlignment.natural
        public var lineBreakMode = NSLineBreakMode.byTruncatingTail
        /// 0: as many lines as the text needs.
        public var numberOfLines = 0

        public enum TextAlignment: Int, Hashable, Sendable { case natural, center, justified }

        init(_ style: UIFont.TextStyle, weight: UIFont.Weight? = nil, color: UIColor) {
            let font = UIFont.preferredFont(forTextStyle: style)
            self.font = weight.map { UIFont.systemFont(ofSize: font.pointSize, weight: $0) } ?? font
            self.color = color
        }
    }

    public struct ImageProperties: Hashable {
        public var tintColor: UIColor?
        public var cornerRadius: CGFloat = 0
        /// The largest the image is shown (zero: its own size).
        public var maximumSize = CGSize.zero
        /// The room kept for the image, so the text of rows with and without images lines up
        /// (UIKit's cells: 24 pt wide).
        public var reservedLayoutSize = CGSize.zero
        public var accessibilityIgnoresInvertColors = false
    }

    enum Style: Hashable { case cell, subtitleCell, valueCell, sidebarCell, header, footer }

    var style: Style
    public var text: String?
    public var secondaryText: String?
    public var image: UIImage?
    public var textProperties: TextProperties
    public var secondaryTextProperties: TextProperties
    public var imageProperties = ImageProperties()
    public var directionalLayoutMargins: NSDirectionalEdgeInsets
    public var imageToTextPadding: CGFloat = 16
    public var textToSecondaryTextHorizontalPadding: CGFloat = 8
    public var textToSecondaryTextVerticalPadding: CGFloat = 3
    /// Whether the text and the secondary text sit side by side when they fit (a value cell's).
    public var prefersSideBySideTextAndSecondaryText = false

    init(style: Style, text: TextProperties, secondary: TextProperties, margins: NSDirectionalEdgeInsets) {
        self.style = style
        textProperties = text
        secondaryTextProperties = secondary
        directionalLayoutMargins = margins
        imageProperties.reservedLayoutSize = style == .header || style == .footer ? .zero : CGSize(width: style == .sidebarCell ? 28 : 24, height: 0)
    }

    private static let cellMargins = NSDirectionalEdgeInsets(top: 11, leading: 16, bottom: 11, trailing: 8)

    /// A row: text over a smaller secondary text (caption 1), 3 pt apart.
    public static func cell() -> Self {
        Self(style: .cell, text: TextProperties(.body, color: .label), secondary: TextProperties(.caption1, color: .label), margins: cellMargins)
    }
    /// A row with a subtitle: the secondary text right under the text.
    public static func subtitleCell() -> Self {
        var configuration = Self(style: .subtitleCell, text: TextProperties(.body, color: .label), secondary: TextProperties(.caption1, color: .label), margins: cellMargins)
        configuration.textToSecondaryTextVerticalPadding = 0
        return configuration
    }
    /// A row with a value: the secondary text (body, secondary label colour) at the trailing edge.
    public static func valueCell() -> Self {
        var configuration = Self(style: .valueCell, text: TextProperties(.body, color: .label), secondary: TextProperties(.body, color: .secondaryLabel), margins: cellMargins)
        configuration.prefersSideBySideTextAndSecondaryText = true
        return configuration
    }
    /// A sidebar's row: 10 pt between image and text.
    public static func sidebarCell() -> Self {
        var configuration = Self(style: .sidebarCell, text: TextProperties(.body, color: .label), secondary: TextProperties(.caption1, color: .label), margins: cellMargins)
        configuration.imageToTextPadding = 10
        return configuration
    }
    /// A plain list's section header: subheadline semibold, secondary label colour.
    public static func plainHeader() -> Self {
        Self(style: .header, text: TextProperties(.subheadline, weight: .semibold, color: .secondaryLabel), secondary: TextProperties(.subheadline, color: .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 4, leading: 8, bottom: 4, trailing: 8))
    }
    public static func plainFooter() -> Self { plainHeader().with(style: .footer) }
    /// A grouped list's section header: footnote, secondary label colour (UIKit shows it in capitals).
    public static func groupedHeader() -> Self {
        Self(style: .header, text: TextProperties(.footnote, color: .secondaryLabel), secondary: TextProperties(.footnote, color: .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 17, leading: 8, bottom: 6, trailing: 8))
    }
    public static func groupedFooter() -> Self {
        Self(style: .footer, text: TextProperties(.footnote, color: .secondaryLabel), secondary: TextProperties(.footnote, color: .secondaryLabel),
             margins: NSDirectionalEdgeInsets(top: 6, leading: 8, bottom: 12, trailing: 8))
    }
    public static func header() -> Self { plainHeader() }
    public static func footer() -> Self { plainFooter() }

    private func with(style: Style) -> Self {
        var copy = self
        copy.style = style
        return copy
    }

    /// The least height of a row (44 pt for cells; none for headers and footers).
    var minimumHeight: CGFloat { style == .header || style == .footer ? 0 : 44 }

    public func makeContentView() -> UIView & UIContentView { UIListContentView(configuration: self) }

    /// Whether `b` shows the same as `a` (the view is left alone when it does).
    static func same(_ a: Self, _ b: Self) -> Bool {
        a.style == b.style && a.text == b.text && a.secondaryText == b.secondaryText && a.image === b.image
            && a.textProperties == b.textProperties && a.secondaryTextProperties == b.secondaryTextProperties
            && a.imageProperties == b.imageProperties && a.directionalLayoutMargins == b.directionalLayoutMargins
            && a.imageToTextPadding == b.imageToTextPadding && a.textToSecondaryTextHorizontalPadding == b.textToSecondaryTextHorizontalPadding
            && a.textToSecondaryTextVerticalPadding == b.textToSecondaryTextVerticalPadding
            && a.prefersSideBySideTextAndSecondaryText == b.prefersSideBySideTextAndSecondaryText
    }


    public func updated(for state: UIConfigurationState) -> Self { self }
}

/// The view that shows a `UIListContentConfiguration` (UIKit's `UIListContentView`): an image at
/// the leading margin, centred on the first line, then the text and the secondary text (under
/// it, or beside it at the trailing edge in a value cell when both fit on one line), laid out by
/// hand from the configuration's margins and paddings. Its height, `sizeThatFits(_:)`, is what a
/// self-sizing list row takes.
open class UIListContentView: UIView, UIContentView {
    private var listConfiguration: UIListContentConfiguration
    let textLabel = UILabel()
    let secondaryTextLabel = UILabel()
    let imageView = UIImageView()
    /// The horizontal margins the cell holding the view keeps (nil outside a list cell).
    var preservedMargins: (leading: CGFloat, trailing: CGFloat)? {
        didSet { if preservedMargins?.leading != oldValue?.leading || preservedMargins?.trailing != oldValue?.trailing { setNeedsLayout() } }
    }

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        isOpaque = false
        for view in [imageView, textLabel, secondaryTextLabel] as [UIView] { addSubview(view) }
        apply()
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    public var configuration: UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            guard !UIListContentConfiguration.same(list, listConfiguration) else { return }
            listConfiguration = list
            apply()
        }
    }

    public func supports(_ configuration: UIContentConfiguration) -> Bool { configuration is UIListContentConfiguration }

    private func apply() {
        let c = listConfiguration
        func style(_ label: UILabel, _ text: String?, _ properties: UIListContentConfiguration.TextProperties) {
            label.text = text
            label.font = properties.font
            label.textColor = properties.color
            label.numberOfLines = properties.numberOfLines
            label.lineBreakMode = properties.lineBreakMode
            label.textAlignment = properties.alignment == .center ? .center : properties.alignment == .justified ? .justified : .natural
            label.isHidden = text?.isEmpty ?? true
        }
        style(textLabel, c.text, c.textProperties)
        style(secondaryTextLabel, c.secondaryText, c.secondaryTextProperties)
        if c.prefersSideBySideTextAndSecondaryText { secondaryTextLabel.textAlignment = .right }
        imageView.image = c.image
        imageView.isHidden = c.image == nil
        imageView.layer.cornerRadius = c.imageProperties.cornerRadius
        setNeedsLayout()
    }

    /// Where each part goes in a width of `width`, and the height the view needs.
    /// The leading margin, where the text column starts (past the image's column and its
    /// padding), and the image's size (within its maximum): none of it depends on the text.
    private func column() -> (leading: CGFloat, textX: CGFloat, imageSize: CGSize) {
        let c = listConfiguration
        let leading = max(c.directionalLayoutMargins.leading, preservedMargins?.leading ?? 0)
        guard let image = c.image else { return (leading, leading, .zero) }
        var imageSize = image.size
        let maximum = c.imageProperties.maximumSize
        if maximum.width > 0, imageSize.width > maximum.width || (maximum.height > 0 && imageSize.height > maximum.height) {
            let scale = min(maximum.width / max(imageSize.width, 1), maximum.height > 0 ? maximum.height / max(imageSize.height, 1) : .infinity)
            imageSize = CGSize(width: imageSize.width * scale, height: imageSize.height * scale)
        }
        return (leading, leading + max(imageSize.width, c.imageProperties.reservedLayoutSize.width) + c.imageToTextPadding, imageSize)
    }

    private func arrange(width: CGFloat) -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let c = listConfiguration
        let margins = c.directionalLayoutMargins
        let trailing = preservedMargins?.trailing ?? margins.trailing
        let (leading, x, imageSize) = column()
        let room = max(0, width - x - trailing)
        let hasText = !(c.text?.isEmpty ?? true), hasSecondary = !(c.secondaryText?.isEmpty ?? true)
        var text = CGRect.zero, secondary = CGRect.zero
        var y = margins.top
        if c.prefersSideBySideTextAndSecondaryText, hasText, hasSecondary {
            let textSize = textLabel.sizeThatFits(CGSize(width: room, height: .greatestFiniteMagnitude))
            let secondarySize = secondaryTextLabel.sizeThatFits(CGSize(width: room, height: .greatestFiniteMagnitude))
            if textSize.width + c.textToSecondaryTextHorizontalPadding + secondarySize.width <= room {
                let line = max(textSize.height, secondarySize.height)
                text = CGRect(x: x, y: y + (line - textSize.height) / 2, width: textSize.width, height: textSize.height)
                secondary = CGRect(x: x + room - secondarySize.width, y: y + (line - secondarySize.height) / 2, width: secondarySize.width, height: secondarySize.height)
                y += line
                return finish(image: imageSize, x: leading, text: text, secondary: secondary, bottom: y)
            }
        }
        if hasText {
            let size = textLabel.sizeThatFits(CGSize(width: room, height: .greatestFiniteMagnitude))
            text = CGRect(x: x, y: y, width: room, height: size.height)
            y += size.height
        }
        if hasSecondary {
            if hasText { y += c.textToSecondaryTextVerticalPadding }
            let size = secondaryTextLabel.sizeThatFits(CGSize(width: room, height: .greatestFiniteMagnitude))
            secondary = CGRect(x: x, y: y, width: room, height: size.height)
            y += size.height
        }
        return finish(image: imageSize, x: leading, text: text, secondary: secondary, bottom: y)
    }

    /// Adds the bottom margin, the least height (the block centred in it), and the image's place.
    private func finish(image imageSize: CGSize, x: CGFloat, text: CGRect, secondary: CGRect, bottom: CGFloat)
        -> (image: CGRect, text: CGRect, secondary: CGRect, height: CGFloat) {
        let c = listConfiguration
        var height = bottom + c.directionalLayoutMargins.bottom
        let content = bottom - c.directionalLayoutMargins.top
        height = max(height, imageSize.height + c.directionalLayoutMargins.top + c.directionalLayoutMargins.bottom)
        var shift: CGFloat = 0
        if height < c.minimumHeight {
            shift = (c.minimumHeight - height) / 2
            height = c.minimumHeight
        }
        // The image is centred on the first line of text (on the block when there is none).
        let firstLine = text.height > 0 ? text : secondary
        let centre = firstLine.height > 0 ? min(firstLine.midY, c.directionalLayoutMargins.top + textLabel.font.lineHeight / 2) : c.directionalLayoutMargins.top + content / 2
        let image = CGRect(x: x + max(0, (c.imageProperties.reservedLayoutSize.width - imageSize.width) / 2), y: centre - imageSize.height / 2 + shift,
                           width: imageSize.width, height: imageSize.height)
        return (image, text.offsetBy(dx: 0, dy: shift), secondary.offsetBy(dx: 0, dy: shift), height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let laid = arrange(width: bounds.width)
        if imageView.frame != laid.image { imageView.frame = laid.image }
        if textLabel.frame != laid.text { textLabel.frame = laid.text }
        if secondaryTextLabel.frame != laid.secondary { secondaryTextLabel.frame = laid.secondary }
    }

    /// The height the content needs at `size`'s width (at least 44 pt for a cell).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: arrange(width: size.width).height)
    }

    /// Where the text starts, from the view's leading edge (a list cell's separator starts there).
    /// (No text: 0, where the arrangement puts an empty text frame.) Worked out without measuring
    /// the text: the list cell asks for it at every layout.
    var textLeading: CGFloat { listConfiguration.text?.isEmpty ?? true ? 0 : column().textX }
}
