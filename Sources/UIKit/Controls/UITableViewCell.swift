import Foundation
import Geometry
import CoreGraphics
import UIFoundation

#if !canImport(Darwin)
extension IndexPath {
    /// The index path of `row` in `section`, as UIKit's table views use it.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The index path of `item` in `section`, as UIKit's collection views use it.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The row in the section: the second index.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The item in the section (the same as `row`).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif

/// A row of a table view, as UIKit's `UITableViewCell`: a `contentView` for the row's content
/// (`textLabel`, `detailTextLabel` and `imageView` made on first use, in it), a highlight while a
/// finger is on the row and a selection after it lifts (`selectedBackgroundView`, shown behind the
/// content), and `prepareForReuse()` before the table view hands the cell out again.
/// An accessory (`accessoryType`: disclosure chevron 8 × 13 pt in `.tertiaryLabel`, checkmark
/// 14 × 13 and detail button 22 × 22 in the tint; or an `accessoryView` of its own) sits 16 pt from
/// the trailing edge, centred, and the content view ends where it begins; the table gives each
/// cell its separator, a hairline (1 pixel) at its bottom from `separatorInset.left`.
/// In editing mode (`setEditing(_:animated:)`, which the table calls for the rows it may edit) the
/// content view is indented by `UITableViewCell.editingIndent` (unless `shouldIndentWhileEditing`
/// is false), the delete or insert control (`editingStyle`, which the table sets) in the space it
/// leaves, and the accessory is `editingAccessoryType` or `editingAccessoryView` (none unless set:
/// the normal accessory goes, as UIKit's). No reorder control is shown (`showsReorderControl` is kept).
open class UITableViewCell: UIView {
    /// The system layouts of a cell's labels and image.
    public enum CellStyle: Int, Sendable {
        case `default`, value1, value2, subtitle
    }

    /// How a highlighted or selected cell looks.
    public enum SelectionStyle: Int, Sendable {
        case none, blue, gray, `default`
    }

    /// The line between rows (`UITableView.separatorStyle`).
    public enum SeparatorStyle: Int, Sendable {
        case none, singleLine, singleLineEtched
    }

    /// The control a cell shows at its leading edge in editing mode (UIKit's raw values).
    public enum EditingStyle: Int, Sendable {
        case none, delete, insert
    }

    /// The standard accessory (UIKit's `UITableViewCell.AccessoryType`).
    public enum AccessoryType: Int, Sendable {
        case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// The standard accessory at the trailing edge (none by default).
    open var accessoryType = AccessoryType.none {
        didSet { if accessoryType != oldValue { updateAccessory() } }
    }

    /// A view of the app's in the accessory's place (it wins over `accessoryType`).
    open var accessoryView: UIView? {
        didSet {
            guard accessoryView !== oldValue else { return }
            oldValue?.removeFromSuperview()
            updateAccessory()
        }
    }

    /// The standard accessory in editing mode, in place of `accessoryType` (none by default:
    /// editing hides the accessory).
    open var editingAccessoryType = AccessoryType.none {
        didSet { if editingAccessoryType != oldValue { updateAccessory() } }
    }

    /// A view of the app's in the accessory's place in editing mode (it wins over `editingAccessoryType`).
    open var editingAccessoryView: UIView? {
        didSet {
            guard editingAccessoryView !== oldValue else { return }
            if oldValue?.superview === self { oldValue?.removeFromSuperview() }
            updateAccessory()
        }
    }

    // MARK: Editing

    /// How far the content view moves in from the leading edge in editing mode, the editing
    /// control's width. Chosen: 38 pt, the content view's indent measured on iOS 7 to 12; current
    /// UIKit sizes the control from its symbol image (`UITableConstants_IOS`
    /// `defaultEditControlSizeForCell:`) plus a padding, which uisim cannot measure.
    package static let editingIndent: CGFloat = 38

    /// Whether the cell is in editing mode. Setting it calls `setEditing(_:animated:)` without animation.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false

    /// Enters or leaves editing mode: the editing control comes in and the content view is
    /// indented (animated over 0.3 s in a window when `animated`); override to change the look,
    /// calling super.
    open func setEditing(_ editing: Bool, animated: Bool) {
        guard editing != self.editing else { return }
        self.editing = editing
        updateAccessory()
        updateEditControl()
        setNeedsLayout()
        if animated, window != nil {
            UIView.animate(withDuration: 0.3) { self.layoutIfNeeded() }
        }
    }

    /// The editing control the cell shows in editing mode (none until a table sets it from its
    /// delegate's `tableView(_:editingStyleForRowAt:)`).
    open var editingStyle: EditingStyle { tableEditingStyle }
    /// Whether the table's `cellLayoutMarginsFollowReadableWidth` places the built-in labels at the
    /// content view's margins (set by the table as it styles the cell).
    var followsReadableWidth = false {
        didSet { if followsReadableWidth != oldValue { setNeedsLayout() } }
    }
    /// Set by the table view as it puts the cell in editing mode.
    var tableEditingStyle = EditingStyle.none {
        didSet { if tableEditingStyle != oldValue { updateEditControl(); setNeedsLayout() } }
    }
    /// Whether the table's delegate lets the row indent (`tableView(_:shouldIndentWhileEditingRowAt:)`).
    var tableIndentsWhileEditing = true {
        didSet { if tableIndentsWhileEditing != oldValue { setNeedsLayout() } }
    }

    /// Whether the reorder control shows in editing mode (default false; kept: uisim draws none).
    open var showsReorderControl = false

    /// Whether the content view is indented in editing mode (default true).
    open var shouldIndentWhileEditing = true {
        didSet { if shouldIndentWhileEditing != oldValue { setNeedsLayout() } }
    }

    private var editControl: EditControlView?

    /// The control shown: while editing with a delete or insert style.
    private func updateEditControl() {
        if editing, tableEditingStyle != .none {
            let control = editControl ?? EditControlView()
            control.style = tableEditingStyle
            editControl = control
            if control.superview !== self { addSubview(control) }
        } else {
            editControl?.removeFromSuperview()
        }
    }

    /// Where the editing control takes taps, in the cell (nil when none shows): the indent's
    /// width, the row's height.
    var editControlFrame: CGRect? {
        guard let editControl, editControl.superview === self else { return nil }
        return editControl.frame
    }

    /// The content view's indent: the editing control's width while editing, unless the cell or
    /// the table's delegate says not to indent.
    private var contentIndent: CGFloat {
        editing && shouldIndentWhileEditing && tableIndentsWhileEditing ? Self.editingIndent : 0
    }

    /// Where this cell's separator starts and ends (nil: the table's `separatorInset`).
    open var separatorInset: UIEdgeInsets {
        get { storedSeparatorInset ?? tableSeparatorInset }
        set { storedSeparatorInset = newValue; setNeedsLayout() }
    }
    private var storedSeparatorInset: UIEdgeInsets?
    /// The table's separator inset, set by the table as it lays the cell out.
    var tableSeparatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
    /// The separator's colour, or nil for none (the table decides: its style, the last row of a
    /// grouped section).
    var separatorColor: UIColor? {
        didSet { if separatorColor != oldValue { setNeedsLayout() } }
    }
    private let separatorView = UIView()
    private var standardAccessory: StandardAccessoryView?

    /// Where a detail accessory's info button takes taps, in the cell: the button and a margin up
    /// to the row's height (nil without one).
    var detailButtonFrame: CGRect? {
        guard activeAccessoryView == nil, activeAccessoryType == .detailButton || activeAccessoryType == .detailDisclosureButton,
              let view = standardAccessory else { return nil }
        let button = CGRect(x: view.frame.minX, y: view.frame.minY, width: 22, height: 22)
        return CGRect(x: button.minX - 11, y: 0, width: button.width + 22, height: bounds.height)
    }

    /// The accessory shown: the app's view, else the standard one's (the editing ones in editing mode).
    private var shownAccessory: UIView? { activeAccessoryView ?? (activeAccessoryType == .none ? nil : standardAccessory) }
    /// The accessory view and type of the current mode.
    private var activeAccessoryView: UIView? { editing ? editingAccessoryView : accessoryView }
    private var activeAccessoryType: AccessoryType { editing ? editingAccessoryType : accessoryType }

    private func updateAccessory() {
        let custom = activeAccessoryView
        if custom == nil, activeAccessoryType != .none {
            let view = standardAccessory ?? StandardAccessoryView()
            view.kind = activeAccessoryType
            standardAccessory = view
            if view.superview !== self { addSubview(view) }
        } else {
            standardAccessory?.removeFromSuperview()
        }
        // The other mode's view leaves the cell.
        for view in [accessoryView, editingAccessoryView] where view !== custom && view?.superview === self {
            view?.removeFromSuperview()
        }
        if let custom, custom.superview !== self { addSubview(custom) }
        setNeedsLayout()
    }

    /// The style the cell was made with (UIKit keeps it private).
    let style: CellStyle
    /// The identifier of the reuse queue the cell goes back to.
    open var reuseIdentifier: String? { storedReuseIdentifier }
    var storedReuseIdentifier: String?
    /// The storyboard segues a tap on the row or on its accessory's button starts.
    var storyboardSegues: CellSegues?
    /// Where the row's content goes; it fills the cell.
    open var contentView: UIView { ownContentView }
    let ownContentView = UIView()

    /// A cell with `style`'s labels, reused under `reuseIdentifier`. Subclasses override it, as
    /// in UIKit (`override init(style:reuseIdentifier:)`).
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        storedReuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        backgroundColor = .systemBackground
        contentView.frame = bounds
        addSubview(contentView)
    }

    public override convenience init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// What a table view calls to make a cell of a registered class: uisim has no Objective-C
    /// runtime to call `init(style:reuseIdentifier:)` on a class it only knows as a type, so this
    /// required initializer does (`.default`), and the table sets the identifier after. A subclass
    /// that overrides `init(style:reuseIdentifier:)`, or has no initializer of its own, has it.
    public required convenience init() {
        self.init(style: .default, reuseIdentifier: nil)
    }

    /// `uisim port`'s, not UIKit's: a cell made through a metatype with
    /// `init(style:reuseIdentifier:)` (`cellClass.init(style: .default, reuseIdentifier: id)`),
    /// which the port writes as `cellClass._metatypeInit(style: .default, reuseIdentifier: id)`
    /// (see `UIView._metatypeInit(frame:)`). Each class port ports overrides this to make itself;
    /// this makes a UITableViewCell, and stops, naming the class, for any other.
    open class func _metatypeInit(style: CellStyle, reuseIdentifier: String?) -> Self {
        guard self == UITableViewCell.self else { MetatypeConstruction.unclaimed(self, "init(style:reuseIdentifier:)") }
        return UITableViewCell(style: style, reuseIdentifier: reuseIdentifier) as! Self
    }

    /// A cell from a document (a nib registered for a reuse identifier): its style and reuse
    /// identifier from the element, its content view's subviews and constraints from the document.
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        style = Self.documentStyles[decoder.element["style"] ?? ""] ?? .default
        storedReuseIdentifier = decoder.element["reuseIdentifier"]
        super.init(coder: coder)
        backgroundColor = .systemBackground
        contentView.frame = bounds
        addSubview(contentView)
        UINibDecoder.didInit(self, as: UITableViewCell.self, coder: coder)
    }

    /// Interface Builder's names of the cell styles.
    static let documentStyles: [String: CellStyle] = [
        "IBUITableViewCellStyleDefault": .default, "IBUITableViewCellStyleValue1": .value1,
        "IBUITableViewCellStyleValue2": .value2, "IBUITableViewCellStyleSubtitle": .subtitle,
    ]

    /// A cell is one element, saying its labels' texts.
    override var defaultIsAccessibilityElement: Bool { true }
    override var defaultAccessibilityLabel: String? {
        var texts: [String] = []
        forEachInSubtree { view in
            if let label = view as? UILabel, !label.isHidden, let text = label.text, !text.isEmpty { texts.append(text) }
        }
        return texts.isEmpty ? nil : texts.joined(separator: ", ")
    }

    private var storedTextLabel: UILabel?, storedDetailLabel: UILabel?, storedImageView: UIImageView?

    /// The main label, made (in the content view) on first use.
    open var textLabel: UILabel? {
        if let storedTextLabel { return storedTextLabel }
        let label = UILabel()
        label.font = .systemFont(ofSize: 17)
        contentView.addSubview(label)
        storedTextLabel = label
        setNeedsLayout()
        return label
    }

    /// The secondary label (styles `.subtitle`, `.value1`, `.value2`), made on first use.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let storedDetailLabel { return storedDetailLabel }
        let label = UILabel()
        label.font = .systemFont(ofSize: style == .subtitle ? 12 : 17)
        label.textColor = style == .subtitle ? .label : .secondaryLabel
        contentView.addSubview(label)
        storedDetailLabel = label
        setNeedsLayout()
        return label
    }

    /// The image at the leading edge, made on first use.
    open var imageView: UIImageView? {
        if let storedImageView { return storedImageView }
        let view = UIImageView()
        contentView.addSubview(view)
        storedImageView = view
        setNeedsLayout()
        return view
    }

    /// How the cell shows its highlight and selection (default: a gray background).
    open var selectionStyle = SelectionStyle.default

    /// A view behind the content view (none by default).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    /// The view shown behind the content while the cell is highlighted or selected; a light gray
    /// one is made on first use.
    open var selectedBackgroundView: UIView? {
        get {
            if storedSelectedBackground == nil {
                let view = UIView()
                view.backgroundColor = .systemGray4   // 0.82 white in light, #3A3A3C in dark
                storedSelectedBackground = view
            }
            return storedSelectedBackground
        }
        set {
            storedSelectedBackground?.removeFromSuperview()
            storedSelectedBackground = newValue
            updateSelectionAppearance()
        }
    }

    private var storedSelectedBackground: UIView?

    /// Whether the row is selected.
    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }

    /// Whether a finger is on the row.
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }

    private var selected = false, highlighted = false

    /// Selects or deselects the cell; override to change the look, calling super.
    open func setSelected(_ selected: Bool, animated: Bool) {
        guard selected != self.selected else { return }
        self.selected = selected
        updateSelectionAppearance()
    }

    /// Highlights the cell or takes the highlight off; override to change the look, calling super.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        guard highlighted != self.highlighted else { return }
        self.highlighted = highlighted
        updateSelectionAppearance()
    }

    /// Shows the selected background (and the labels' highlighted state) while highlighted or
    /// selected, unless the selection style is `.none`.
    private func updateSelectionAppearance() {
        let shows = (selected || highlighted) && selectionStyle != .none
        for label in [storedTextLabel, storedDetailLabel] { label?.isHighlighted = shows }
        guard let background = storedSelectedBackground ?? (shows ? selectedBackgroundView : nil) else { return }
        if shows {
            if background.superview !== self {
                insertSubview(background, belowSubview: contentView)
                background.frame = bounds
            }
        } else if background.superview === self {
            background.removeFromSuperview()
        }
    }

    /// Called before the table view hands the cell out again from its reuse queue: reset what
    /// the last row left (the default does nothing; UIKit's resets nothing of the content either).
    open func prepareForReuse() {}

    /// Whether the content view holds only the cell's own labels and image (UIKit sizes those
    /// cells itself).
    var hasOnlyStandardContent: Bool {
        contentView.subviews.allSatisfy { $0 === storedTextLabel || $0 === storedDetailLabel || $0 === storedImageView }
    }

    /// The height kept below the content view for the separator's line: set by the table view
    /// for a self-sizing row (whose height includes the line, as UIKit's), else 0.
    var separatorReserve: CGFloat = 0 {
        didSet { if separatorReserve != oldValue { setNeedsLayout() } }
    }

    open override func layoutSubviews() {
        // The accessory 16 pt from the trailing edge, centred; the content view ends where it begins.
        var contentWidth = bounds.width
        if let accessory = shownAccessory {
            let size = accessory is StandardAccessoryView ? accessory.intrinsicContentSize : accessory.frame.size
            accessory.frame = CGRect(x: bounds.width - 16 - size.width, y: ((bounds.height - separatorReserve - size.height) / 2).rounded(),
                                     width: size.width, height: size.height)
            contentWidth = accessory.frame.minX
        }
        if let color = separatorColor {
            let hairline = 1 / (window?.screen ?? UIScreen.main).scale
            let inset = separatorInset
            separatorView.backgroundColor = color
            separatorView.frame = CGRect(x: inset.left, y: bounds.height - hairline, width: max(0, bounds.width - inset.left - inset.right), height: hairline)
            if separatorView.superview !== self { addSubview(separatorView) }
        } else if separatorView.superview != nil {
            separatorView.removeFromSuperview()
        }
        let indent = contentIndent
        editControl?.frame = CGRect(x: 0, y: 0, width: Self.editingIndent, height: max(0, bounds.height - separatorReserve))
        contentView.frame = CGRect(x: indent, y: 0, width: max(0, contentWidth - indent), height: max(0, bounds.height - separatorReserve))
        backgroundView?.frame = bounds
        if let background = storedSelectedBackground, background.superview === self { background.frame = bounds }
        // 16 pt from the content view's sides, or its layout margins where they are wider (a table
        // whose cells follow the readable width).
        // (Only then: a content view's own margins move with its frame while a transition slides it.)
        let inset = followsReadableWidth ? max(16, contentView.layoutMargins.left) : 16
        let trailingInset = followsReadableWidth ? max(16, contentView.layoutMargins.right) : 16
        var x = inset
        if let image = storedImageView, image.image != nil {
            let side = min(bounds.height - 8, 40)
            image.frame = CGRect(x: inset, y: (bounds.height - side) / 2, width: side, height: side)
            x = image.frame.maxX + 12
        }
        let width = max(0, contentView.bounds.width - x - trailingInset)
        switch style {
        case .subtitle:
            storedTextLabel?.frame = CGRect(x: x, y: bounds.height / 2 - 20, width: width, height: 21)
            storedDetailLabel?.frame = CGRect(x: x, y: bounds.height / 2 + 2, width: width, height: 16)
        case .value1, .value2:
            storedTextLabel?.frame = CGRect(x: x, y: (bounds.height - 21) / 2, width: width / 2, height: 21)
            storedDetailLabel?.frame = CGRect(x: x + width / 2, y: (bounds.height - 21) / 2, width: width / 2, height: 21)
        case .default:
            storedTextLabel?.frame = CGRect(x: x, y: (bounds.height - 21) / 2, width: width, height: 21)
        }
    }
}

/// The editing control at a cell's leading edge: a red circle with a white bar (delete) or a
/// green one with a cross (insert), 22 pt across, centred in the indent.
final class EditControlView: UIView {
    var style = UITableViewCell.EditingStyle.none {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    override func draw(_ rect: CGRect) {
        guard style != .none else { return }
        let circle = CGRect(x: (bounds.width - 22) / 2, y: (bounds.height - 22) / 2, width: 22, height: 22)
        (style == .delete ? UIColor.systemRed : UIColor.systemGreen).setFill()
        UIBezierPath(ovalIn: circle).fill()
        UIColor.white.setFill()
        UIBezierPath(rect: CGRect(x: circle.minX + 5, y: circle.midY - 1, width: 12, height: 2)).fill()
        if style == .insert { UIBezierPath(rect: CGRect(x: circle.midX - 1, y: circle.minY + 5, width: 2, height: 12)).fill() }
    }
}

/// A standard accessory's glyph: the disclosure chevron in `.tertiaryLabel`, the checkmark and the
/// detail (info) button in the tint.
final class StandardAccessoryView: UIView {
    var kind = UITableViewCell.AccessoryType.none {
        didSet { if kind != oldValue { frame.size = intrinsicContentSize; setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// The chevron 8 × 13, the checkmark 14 × 13, the detail button 22 × 22, both 22 + 16 + 8.
    override var intrinsicContentSize: CGSize {
        switch kind {
        case .disclosureIndicator: CGSize(width: 8, height: 13)
        case .checkmark: CGSize(width: 14, height: 13)
        case .detailButton: CGSize(width: 22, height: 22)
        case .detailDisclosureButton: CGSize(width: 46, height: 22)
        case .none: .zero
        }
    }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        func chevron(in r: CGRect) {
            let path = UIBezierPath()
            path.move(to: CGPoint(x: r.minX + 1.5, y: r.minY + 1.5))
            path.addLine(to: CGPoint(x: r.maxX - 1.5, y: r.midY))
            path.addLine(to: CGPoint(x: r.minX + 1.5, y: r.maxY - 1.5))
            path.lineWidth = 2
            UIColor.tertiaryLabel.setStroke()
            path.stroke()
        }
        func info(in r: CGRect) {
            tintColor.setStroke()
            let circle = UIBezierPath(ovalIn: r.insetBy(dx: 1, dy: 1))
            circle.lineWidth = 1.5
            circle.stroke()
            tintColor.setFill()
            UIBezierPath(rect: CGRect(x: r.midX - 1, y: r.midY - 2, width: 2, height: 7)).fill()
            UIBezierPath(ovalIn: CGRect(x: r.midX - 1.25, y: r.midY - 6, width: 2.5, height: 2.5)).fill()
        }
        switch kind {
        case .disclosureIndicator: chevron(in: bounds)
        case .checkmark:
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 1, y: bounds.midY))
            path.addLine(to: CGPoint(x: 5, y: bounds.maxY - 1.5))
            path.addLine(to: CGPoint(x: bounds.maxX - 1, y: 1.5))
            path.lineWidth = 2
            tintColor.setStroke()
            path.stroke()
        case .detailButton: info(in: bounds)
        case .detailDisclosureButton:
            info(in: CGRect(x: 0, y: 0, width: 22, height: 22))
            chevron(in: CGRect(x: 38, y: 4.5, width: 8, height: 13))
        case .none: break
        }
    }
}

/// The header of a section of a table view, as UIKit's `UITableViewHeaderFooterView`: a label on
/// a light gray background.
open class UITableViewHeaderFooterView: UIView {
    /// The identifier of the reuse queue the view goes back to.
    open var reuseIdentifier: String? { storedReuseIdentifier }
    var storedReuseIdentifier: String?
    open var contentView: UIView { ownContentView }
    let ownContentView = UIView()
    /// The title label.
    open var textLabel: UILabel? { ownTextLabel }
    let ownTextLabel = UILabel()

    public init(reuseIdentifier: String?) {
        storedReuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        backgroundColor = UIColor(white: 0.95, alpha: 1)
        isOpaque = true
        addSubview(contentView)
        ownTextLabel.font = .boldSystemFont(ofSize: 13)
        ownTextLabel.textColor = .darkGray
        contentView.addSubview(ownTextLabel)
    }

    /// Called before the table view hands the view out again from its reuse queue, as for cells:
    /// reset what the last section left (the default does nothing).
    open func prepareForReuse() {}

    /// What a table view calls to make a header of a registered class (as a cell's `init()`).
    public required convenience init() {
        self.init(reuseIdentifier: nil)
    }

    /// `uisim port`'s, not UIKit's: a header made through a metatype with `init(reuseIdentifier:)`
    /// (`headerClass.init(reuseIdentifier: id)`), which the port writes as
    /// `headerClass._metatypeInit(reuseIdentifier: id)` (see `UIView._metatypeInit(frame:)`). Each
    /// class port ports overrides this to make itself; this makes a UITableViewHeaderFooterView,
    /// and stops, naming the class, for any other.
    open class func _metatypeInit(reuseIdentifier: String?) -> Self {
        guard self == UITableViewHeaderFooterView.self else { MetatypeConstruction.unclaimed(self, "init(reuseIdentifier:)") }
        return UITableViewHeaderFooterView(reuseIdentifier: reuseIdentifier) as! Self
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// Where the title sits in the view (a plain table's: 16 pt from the sides, the full height;
    /// a grouped table sets its own).
    var textInsets = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16) {
        didSet { if textInsets != oldValue { setNeedsLayout() } }
    }

    open override func layoutSubviews() {
        contentView.frame = bounds
        textLabel?.frame = bounds.inset(by: textInsets)
    }
}
