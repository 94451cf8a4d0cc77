import Foundation
import Geometry
import Graphics

#if !canImport(UIKit)
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
/// uisim has no accessory views or editing controls, and draws no separators (a self-sizing row's
/// content view stops above the line's place, as UIKit's).
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

    public let style: CellStyle
    /// The identifier of the reuse queue the cell goes back to.
    public internal(set) var reuseIdentifier: String?
    /// Where the row's content goes; it fills the cell.
    public let contentView = UIView()

    /// A cell with `style`'s labels, reused under `reuseIdentifier`. Subclasses override it, as
    /// in UIKit (`override init(style:reuseIdentifier:)`).
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
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

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

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
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - separatorReserve))
        backgroundView?.frame = bounds
        if let background = storedSelectedBackground, background.superview === self { background.frame = bounds }
        let inset: CGFloat = 16
        var x = inset
        if let image = storedImageView, image.image != nil {
            let side = min(bounds.height - 8, 40)
            image.frame = CGRect(x: inset, y: (bounds.height - side) / 2, width: side, height: side)
            x = image.frame.maxX + 12
        }
        let width = max(0, bounds.width - x - inset)
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

/// The header of a section of a table view, as UIKit's `UITableViewHeaderFooterView`: a label on
/// a light gray background.
open class UITableViewHeaderFooterView: UIView {
    public internal(set) var reuseIdentifier: String?
    public let contentView = UIView()
    /// The title label.
    public let textLabel: UILabel? = UILabel()

    public init(reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 28))
        backgroundColor = UIColor(white: 0.95, alpha: 1)
        isOpaque = true
        addSubview(contentView)
        textLabel!.font = .boldSystemFont(ofSize: 13)
        textLabel!.textColor = .darkGray
        contentView.addSubview(textLabel!)
    }

    /// What a table view calls to make a header of a registered class (as a cell's `init()`).
    public required convenience init() {
        self.init(reuseIdentifier: nil)
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    open override func layoutSubviews() {
        contentView.frame = bounds
        textLabel?.frame = CGRect(x: 16, y: 0, width: max(0, bounds.width - 32), height: bounds.height)
    }
}
