import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A view a list cell shows beside its content (UIKit's `UICellAccessory`): a disclosure
/// chevron, a checkmark, a delete or reorder control, a detail button, a label. Drawn as UIKit's
/// symbol images are shown: an image view whose image is made once per app and colour (no
/// `draw(_:)` of the app's); trailing accessories after the content, 16 pt from it and 8 pt apart,
/// the last at the cell's trailing margin.
public struct UICellAccessory {
    /// When the accessory shows.
    public enum DisplayedState: Int, Sendable { case always, whenEditing, whenNotEditing }

    /// The width kept for an accessory.
    public enum LayoutDimension: Equatable, Sendable {
        case actual, standard
        case custom(CGFloat)
    }

    /// An accessory's options (UIKit has one type per accessory; they share these fields here).
    public struct Options {
        public var isHidden: Bool?
        public var reservedLayoutWidth: LayoutDimension?
        public var tintColor: UIColor?
        public var backgroundColor: UIColor?
        public init(isHidden: Bool? = nil, reservedLayoutWidth: LayoutDimension? = nil, tintColor: UIColor? = nil, backgroundColor: UIColor? = nil) {
            self.isHidden = isHidden
            self.reservedLayoutWidth = reservedLayoutWidth
            self.tintColor = tintColor
            self.backgroundColor = backgroundColor
        }
    }
    public typealias DisclosureIndicatorOptions = Options
    public typealias CheckmarkOptions = Options
    public typealias DeleteOptions = Options
    public typealias ReorderOptions = Options
    public typealias DetailOptions = Options
    public typealias LabelOptions = Options
    public typealias OutlineDisclosureOptions = Options

    enum Kind: Equatable {
        case disclosureIndicator, checkmark, delete, reorder, detail, outlineDisclosure
        case label(String)
    }

    let kind: Kind
    public let displayed: DisplayedState
    let options: Options
    let actionHandler: (@MainActor () -> Void)?

    public static func disclosureIndicator(displayed: DisplayedState = .always, options: DisclosureIndicatorOptions = .init()) -> Self {
        Self(kind: .disclosureIndicator, displayed: displayed, options: options, actionHandler: nil)
    }
    public static func checkmark(displayed: DisplayedState = .always, options: CheckmarkOptions = .init()) -> Self {
        Self(kind: .checkmark, displayed: displayed, options: options, actionHandler: nil)
    }
    public static func delete(displayed: DisplayedState = .whenEditing, options: DeleteOptions = .init(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .delete, displayed: displayed, options: options, actionHandler: actionHandler)
    }
    public static func reorder(displayed: DisplayedState = .whenEditing, options: ReorderOptions = .init()) -> Self {
        Self(kind: .reorder, displayed: displayed, options: options, actionHandler: nil)
    }
    public static func detail(displayed: DisplayedState = .always, options: DetailOptions = .init(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .detail, displayed: displayed, options: options, actionHandler: actionHandler)
    }
    public static func outlineDisclosure(displayed: DisplayedState = .always, options: OutlineDisclosureOptions = .init(), actionHandler: (@MainActor () -> Void)? = nil) -> Self {
        Self(kind: .outlineDisclosure, displayed: displayed, options: options, actionHandler: actionHandler)
    }
    public static func label(text: String, displayed: DisplayedState = .always, options: LabelOptions = .init()) -> Self {
        Self(kind: .label(text), displayed: displayed, options: options, actionHandler: nil)
    }

    /// Whether it shows in a cell that is (or is not) editing.
    func shows(editing: Bool) -> Bool {
        guard options.isHidden != true else { return false }
        switch displayed {
        case .always: return true
        case .whenEditing: return editing
        case .whenNotEditing: return !editing
        }
    }

    /// Whether it goes before the content (a delete control) or after it.
    var isLeading: Bool { kind == .delete }
}

/// The glyphs of accessories, made once per app, colour and scale (UIKit's symbol images are
/// rasterized once and shared).
@MainActor
final class AccessoryGlyphs {
    private var images: [String: UIImage] = [:]

    static var current: AccessoryGlyphs {
        let state = UIKitState.current
        if let glyphs = state.accessoryGlyphs { return glyphs }
        let glyphs = AccessoryGlyphs()
        state.accessoryGlyphs = glyphs
        return glyphs
    }

    /// The glyph of `kind` in `color`, at the main screen's scale. Sizes: the chevron 8 × 13 pt and
    /// the checkmark 14 × 11 (UIKit's symbols at body size; Apple does not publish them, these are
    /// the common measurements), the delete and detail circles 22, the reorder bars 17 × 11.
    func image(_ kind: UICellAccessory.Kind, color: UIColor) -> UIImage? {
        let (size, draw): (CGSize, (CGContext) -> Void)
        switch kind {
        case .disclosureIndicator, .outlineDisclosure:
            size = CGSize(width: 8, height: 13)
            draw = { c in
                c.move(to: CGPoint(x: 1.5, y: 1.5))
                c.addLine(to: CGPoint(x: 6.5, y: 6.5))
                c.addLine(to: CGPoint(x: 1.5, y: 11.5))
                c.strokePath()
            }
        case .checkmark:
            size = CGSize(width: 14, height: 11)
            draw = { c in
                c.move(to: CGPoint(x: 1.5, y: 6))
                c.addLine(to: CGPoint(x: 5, y: 9.5))
                c.addLine(to: CGPoint(x: 12.5, y: 1.5))
                c.strokePath()
            }
        case .delete, .detail:
            size = CGSize(width: 22, height: 22)
            draw = { c in
                c.setFillColor(color.cgColor)
                c.fillEllipse(in: CGRect(x: 1, y: 1, width: 20, height: 20))
                c.setStrokeColor(UIColor.white.cgColor)
                c.move(to: CGPoint(x: 6, y: 11))
                c.addLine(to: CGPoint(x: 16, y: 11))
                c.strokePath()
            }
        case .reorder:
            size = CGSize(width: 17, height: 11)
            draw = { c in
                for y in [1.0, 5.5, 10.0] {
                    c.move(to: CGPoint(x: 0, y: y))
                    c.addLine(to: CGPoint(x: 17, y: y))
                }
                c.strokePath()
            }
        case .label:
            return nil
        }
        let scale = UIScreen.main.scale
        let key = "\(kind)|\(color)|\(scale)"
        if let image = images[key] { return image }
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = scale
        let image = UIGraphicsImageRenderer(size: size, format: format).image { context in
            let c = context.cgContext
            c.setStrokeColor(color.cgColor)
            c.setLineWidth(2)
            c.setLineCap(.round)
            c.setLineJoin(.round)
            draw(c)
        }
        images[key] = image
        return image
    }
}

/// A list's row (UIKit's `UICollectionViewListCell`): a content configuration
/// (`defaultContentConfiguration()`, a `UIListContentConfiguration`), accessories after it,
/// indentation, the list's separator under it from where the text starts, and the list's
/// background (`listPlainCell()` or `listGroupedCell()`, systemGray4 while selected). It sizes
/// itself from its content view (`sizeThatFits(_:)`), so a list layout's estimated rows take
/// their content's height.
open class UICollectionViewListCell: UICollectionViewCell {
    /// The accessories, in order (a delete control leads; the others trail the content).
    open var accessories: [UICellAccessory] = [] {
        didSet { rebuildAccessories() }
    }
    /// How far the content moves in per level (10 pt; a sidebar's 20).
    open var indentationLevel = 0 { didSet { if indentationLevel != oldValue { setNeedsLayout() } } }
    open var indentationWidth: CGFloat = 10 { didSet { if indentationWidth != oldValue { setNeedsLayout() } } }
    /// Whether the accessories move in with the content.
    open var indentsAccessories = true { didSet { if indentsAccessories != oldValue { setNeedsLayout() } } }
    /// Whether the cell is editing (editing accessories show).
    open var isEditing = false { didSet { if isEditing != oldValue { rebuildAccessories() } } }

    /// A list content configuration for the list's style: a plain cell's.
    open func defaultContentConfiguration() -> UIListContentConfiguration { listStyle == .sidebar ? .sidebarCell() : .cell() }

    /// The style of the list the cell is in (set by the collection view from the layout).
    var listStyle: UICollectionLayoutListConfiguration.Appearance = .plain {
        didSet { if listStyle != oldValue { applyDefaultBackground() } }
    }
    /// Whether the list draws a separator under the cell (set by the collection view).
    var showsSeparator = false {
        didSet { if showsSeparator != oldValue { setNeedsLayout() } }
    }
    private let separator = UIView()
    private var accessoryViews: [(accessory: UICellAccessory, view: UIView)] = []
    private var hasOwnBackground = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        separator.backgroundColor = .separator
        separator.isHidden = true
        addSubview(separator)
        applyDefaultBackground()
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    open override var backgroundConfiguration: UIBackgroundConfiguration? {
        didSet { hasOwnBackground = true }
    }

    private func applyDefaultBackground() {
        guard !hasOwnBackground else { return }
        super.backgroundConfiguration = listStyle == .plain || listStyle == .sidebarPlain ? .listPlainCell()
            : listStyle == .sidebar ? .listSidebarCell() : .listGroupedCell()
    }

    override func contentViewDidChange() {
        bringSubviewToFront(separator)
        setNeedsLayout()
    }

    private func rebuildAccessories() {
        for (_, view) in accessoryViews { view.removeFromSuperview() }
        accessoryViews = []
        for accessory in accessories where accessory.shows(editing: isEditing) {
            let view: UIView
            if case .label(let text) = accessory.kind {
                let label = UILabel()
                label.text = text
                label.font = .preferredFont(forTextStyle: .body)
                label.textColor = accessory.options.tintColor ?? .secondaryLabel
                view = label
            } else {
                let color = accessory.options.tintColor ?? (accessory.kind == .disclosureIndicator || accessory.kind == .reorder || accessory.kind == .outlineDisclosure
                    ? .tertiaryLabel : accessory.kind == .delete ? .systemRed : .systemBlue)
                view = UIImageView(image: AccessoryGlyphs.current.image(accessory.kind, color: color))
            }
            addSubview(view)
            accessoryViews.append((accessory, view))
        }
        setNeedsLayout()
    }

    /// The cell's horizontal margin: 16 pt, 20 on screens wider than 400 pt (UIKit's system
    /// minimum margins on the larger iPhones).
    var listMargin: CGFloat { (window?.screen ?? UIScreen.main).bounds.width > 400 ? 20 : 16 }

    /// Where the content view goes and where each accessory goes, in a width of `width`.
    private func arrange(width: CGFloat, height: CGFloat) -> (content: CGRect, accessories: [CGRect]) {
        let indent = CGFloat(indentationLevel) * indentationWidth
        var leading = indentsAccessories ? indent : 0
        var trailing = width - listMargin
        var frames = [CGRect](repeating: .zero, count: accessoryViews.count)
        var contentStart = indent
        var trailingCount = 0
        for (index, (accessory, view)) in accessoryViews.enumerated() {
            let size = view.sizeThatFits(CGSize(width: width, height: height))
            var reserved = size.width
            if case .custom(let w) = accessory.options.reservedLayoutWidth { reserved = max(w, size.width) }
            if accessory.isLeading {
                leading += listMargin
                frames[index] = CGRect(x: leading + (reserved - size.width) / 2, y: (height - size.height) / 2, width: size.width, height: size.height)
                leading += reserved
                contentStart = leading
            } else {
                if trailingCount > 0 { trailing -= 8 }
                trailing -= reserved
                frames[index] = CGRect(x: trailing + (reserved - size.width) / 2, y: (height - size.height) / 2, width: size.width, height: size.height)
                trailingCount += 1
            }
        }
        // The content ends 8 pt before the first trailing accessory (its own 8 pt margin makes
        // UIKit's 16); with none, it spans to the cell's edge and keeps the cell's margin.
        let end = trailingCount > 0 ? trailing - 8 : width
        return (CGRect(x: contentStart, y: 0, width: max(0, end - contentStart), height: height), frames)
    }

    private var listContent: UIListContentView? { contentView as? UIListContentView }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let laid = arrange(width: bounds.width, height: bounds.height)
        let hasTrailing = accessoryViews.contains { !$0.accessory.isLeading }
        listContent?.preservedMargins = (listMargin, hasTrailing ? 8 : listMargin)
        if contentView.frame != laid.content { contentView.frame = laid.content }
        for ((_, view), frame) in zip(accessoryViews, laid.accessories) where view.frame != frame { view.frame = frame }
        separator.isHidden = !showsSeparator
        if showsSeparator {
            let hairline = 1 / (window?.screen ?? UIScreen.main).scale
            let x = laid.content.minX + (listContent?.textLeading ?? listMargin)
            let frame = CGRect(x: x, y: bounds.height - hairline, width: max(0, bounds.width - x), height: hairline)
            if separator.frame != frame { separator.frame = frame }
        }
    }

    /// The height the content needs at `size`'s width, the accessories beside it: the content
    /// view's own (`sizeThatFits`), at least the tallest accessory.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let laid = arrange(width: size.width, height: size.height)
        let hasTrailing = accessoryViews.contains { !$0.accessory.isLeading }
        listContent?.preservedMargins = (listMargin, hasTrailing ? 8 : listMargin)
        var height = contentView.sizeThatFits(CGSize(width: laid.content.width, height: size.height)).height
        for (_, view) in accessoryViews { height = max(height, view.sizeThatFits(size).height) }
        return CGSize(width: size.width, height: height)
    }
}
