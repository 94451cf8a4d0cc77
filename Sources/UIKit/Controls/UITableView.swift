import Foundation
import Geometry
import QuartzCore
import CoreGraphics
import UIFoundation

/// What a table view asks for its rows, as UIKit's. The optional methods of UIKit's protocol are
/// requirements with default implementations here (Swift has no optional requirements without
/// Objective-C): implement the ones you need.
@preconcurrency @MainActor
public protocol UITableViewDataSource: AnyObject {
    /// Sections in the table (default 1).
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row: `tableView.dequeueReusableCell(withIdentifier:for:)`, configured.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    /// The title of a section's header (default none: no header).
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    /// The title of a section's footer (default none: no footer).
    func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String?
    /// Whether the row goes into editing mode with the table (default true: every row, as UIKit's).
    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool
    /// Whether the row shows a reorder control in editing mode (default false; uisim shows none).
    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool
    /// The row's delete control then its confirmation, or its insert control, was tapped: change
    /// the data, then `deleteRows(at:with:)` or `insertRows(at:with:)` (default nothing).
    func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
    /// A row was moved by its reorder control (default nothing; uisim has no reordering by drag).
    func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
}

extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }
    public func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {}
}

/// What a table view tells and asks about its rows' geometry, display and selection, as UIKit's;
/// it is also the table's scroll view delegate. Optional methods have default implementations.
public protocol UITableViewDelegate: UIScrollViewDelegate {
    /// A row's height. The default is the table's `rowHeight`; `UITableView.automaticDimension`
    /// sizes the row from its cell's constraints when the table estimates heights
    /// (`estimatedRowHeight` not 0), else it means `rowHeight`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
    /// A section header's height; the default means `sectionHeaderHeight` when the section has a
    /// header, else 0.
    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat
    /// A section's header view (default nil: a `UITableViewHeaderFooterView` with the data source's title).
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView?
    /// A section footer's height (default: the style's, see `UITableView`).
    func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat
    /// A section's footer view (default nil: a `UITableViewHeaderFooterView` with the data source's title).
    func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView?
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath)
    /// Whether a finger on the row highlights it (default true).
    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
    /// The row to select instead of `indexPath`, or nil to select none (default: `indexPath`).
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath)
    /// The detail (info) button of a row's accessory was tapped (the row is not selected).
    func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath)
    /// The actions a swipe from the trailing edge reveals on a row (default none).
    func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The actions a swipe from the leading edge reveals on a row (default none).
    func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration?
    /// The control a row shows in editing mode (default `.delete`).
    func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle
    /// The title of the button that confirms a delete (default nil: "Delete").
    func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
    /// The actions a swipe from the trailing edge reveals when the delegate gives no
    /// `trailingSwipeActionsConfigurationForRowAt` (UIKit's older API; default none).
    func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath) -> [UITableViewRowAction]?
    /// Whether the row's content is indented in editing mode (default true).
    func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
    /// A swipe opened the row's actions (the table edits that one row).
    func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath)
    /// The row's swipe actions closed.
    func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?)
}

extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
    public func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, heightForFooterInSection section: Int) -> CGFloat { UITableView.automaticDimension }
    public func tableView(_ tableView: UITableView, viewForFooterInSection section: Int) -> UIView? { nil }
    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? { indexPath }
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, accessoryButtonTappedForRowWith indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? { nil }
    public func tableView(_ tableView: UITableView, editingStyleForRowAt indexPath: IndexPath) -> UITableViewCell.EditingStyle { .delete }
    public func tableView(_ tableView: UITableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String? { nil }
    public func tableView(_ tableView: UITableView, editActionsForRowAt indexPath: IndexPath) -> [UITableViewRowAction]? { nil }
    public func tableView(_ tableView: UITableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
    public func tableView(_ tableView: UITableView, willBeginEditingRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, didEndEditingRowAt indexPath: IndexPath?) {}
}

/// How many cells table views made, reused and asked for: what a performance engineer reads
/// first about a list. Kept per window and taken by each frame's record.
public struct CellStatistics: Equatable, Sendable {
    /// Cells made because the reuse queue was empty.
    public var created = 0
    /// Cells handed out again from a reuse queue.
    public var reused = 0
    /// `tableView(_:cellForRowAt:)` calls.
    public var cellForRowCalls = 0

    public init() {}
}

/// A list of rows in sections that scrolls vertically, as UIKit's `UITableView` (plain style):
/// it asks its data source for the rows on screen only, reuses the cells of rows that scrolled
/// off (`dequeueReusableCell(withIdentifier:for:)`, `prepareForReuse()`), keeps section headers
/// on top while their section scrolls under them, and highlights a row while a finger rests on
/// it (after the scroll view's delay for content touches) and selects it when the finger lifts.
///
/// Row heights come from `heightForRowAt` or `rowHeight` for every row when the data loads,
/// unless the table estimates them (`estimatedRowHeight` not 0): then every row counts at the
/// estimate until it comes on screen, when its real height is asked and the rows below move (the
/// content size follows). A row whose height is `automaticDimension` in an estimating table sizes
/// itself: its cell is configured (`cellForRowAt`), then measured,
/// `contentView.systemLayoutSizeFitting(CGSize(width: bounds.width, height: 0),
/// withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`, plus
/// the separator's line (1 pixel, 1/scale pt) when `separatorStyle` shows one, as UIKit's; the
/// height is kept until `reloadData()`, `reloadRows(at:with:)` or a new width. A row measured as it
/// comes in above the top moves the content offset by its change, so the rows on screen stay still.
/// `tableHeaderView` and `tableFooterView` take the table's width and keep the height of their
/// frame when set (as UIKit's: set the view again after changing its height).
///
/// Where uisim differs: `rowHeight` is 44 and `estimatedRowHeight` 0 by default (UIKit's are both
/// `automaticDimension` since iOS 11): set both for self-sizing rows, as the Auto Layout Guide
/// does. Separators are hairlines each cell shows at its bottom (a self-sizing row keeps their
/// line's height, and its content view stops above it; a fixed-height row's content view fills
/// the row, the line over its last pixel). Section footers, the grouped and inset grouped styles
/// and cells' accessories are UIKit's (see the init and `UITableViewCell`), and so are swipe
/// actions (UITableView+SwipeActions.swift) and editing (UITableView+Editing.swift). Cells off
/// screen stay subviews, hidden, in their reuse queue.
open class UITableView: UIScrollView {
    /// "Use the default": the value the delegate's height methods return to take the table's; as
    /// `rowHeight` (or a row's height) in a table that estimates heights, "size the row from its
    /// cell's constraints". UIKit's value, -1.
    public static let automaticDimension: CGFloat = -1

    /// The height UIKit falls back to for a row whose self-sizing cell's constraints give no
    /// height (at the default text size).
    static let standardRowHeight: CGFloat = 44

    /// How many rows were measured by their cells' constraints, since the table was made.
    public private(set) var selfSizingMeasurements = 0

    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }

    open private(set) var style: Style

    open weak var dataSource: UITableViewDataSource? {
        didSet { needsReload = true; setNeedsLayout() }
    }

    /// The scroll view's delegate, as a table view delegate (set `delegate`).
    var tableDelegate: UITableViewDelegate? { delegate as? UITableViewDelegate }

    /// Every row's height unless the delegate says otherwise (default 44);
    /// `automaticDimension` sizes each row from its cell's constraints when the table estimates
    /// heights (`estimatedRowHeight` not 0).
    open var rowHeight: CGFloat = 44 {
        didSet { if rowHeight != oldValue { needsReload = true; setNeedsLayout() } }
    }

    /// A guess at rows' heights, so that only rows on screen are asked theirs and self-sizing
    /// rows are measured as they come on screen: above 0, that guess; `automaticDimension`, the
    /// table's own (`rowHeight`, or 44 for self-sizing rows); 0 (the default), no estimates: every
    /// row's height is asked when the data loads, and no row sizes itself.
    open var estimatedRowHeight: CGFloat = 0 {
        didSet { if estimatedRowHeight != oldValue { needsReload = true; setNeedsLayout() } }
    }

    /// Whether rows show a separator line (default `.singleLine`, as UIKit's). uisim draws none,
    /// but a self-sizing row keeps the line's height (1/scale pt) below its content view.
    open var separatorStyle = UITableViewCell.SeparatorStyle.singleLine {
        didSet { if separatorStyle != oldValue { forgetMeasurements(); setNeedsLayout() } }
    }

    /// A view above the rows, at the table's width; the rows start below the height its frame had
    /// when it was set (UIKit reads the height then: set the view again after changing it).
    open var tableHeaderView: UIView? {
        didSet {
            tableHeaderHeight = tableHeaderView.map { max(0, $0.frame.height) } ?? 0
            accessoryViewChanged(from: oldValue, to: tableHeaderView)
        }
    }

    /// A view below the last section, at the table's width and the height of its frame when set.
    open var tableFooterView: UIView? {
        didSet {
            tableFooterHeight = tableFooterView.map { max(0, $0.frame.height) } ?? 0
            accessoryViewChanged(from: oldValue, to: tableFooterView)
        }
    }

    private var tableHeaderHeight: CGFloat = 0, tableFooterHeight: CGFloat = 0

    private func accessoryViewChanged(from old: UIView?, to new: UIView?) {
        if let old, old !== new { old.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        if !needsReload { updateGeometry() }
        setNeedsLayout()
    }

    /// The height of a section header with a title, unless the delegate says otherwise (default
    /// 28 in a plain table; in a grouped one, `automaticDimension`: the style's, below).
    open var sectionHeaderHeight: CGFloat = 28
    /// The height of a section footer with a title (plain: 28; grouped: the style's).
    open var sectionFooterHeight: CGFloat = 28

    /// The separators' colour (`.separator`), nil for none.
    open var separatorColor: UIColor? = .separator {
        didSet { setNeedsLayout() }
    }

    /// Where separators start and end: 16 pt from the leading edge (20 on the wide phones, whose
    /// margins are 20), as UIKit's layout margins.
    open var separatorInset: UIEdgeInsets {
        get { storedSeparatorInset ?? UIEdgeInsets(top: 0, left: Self.sideMargin(for: window?.screen ?? UIScreen.main), bottom: 0, right: 0) }
        set { storedSeparatorInset = newValue; setNeedsLayout() }
    }
    private var storedSeparatorInset: UIEdgeInsets?

    /// Whether the cells' layout margins follow the table's readable content guide (default false,
    /// as since iOS 12): a cell's leading and trailing margins are at least the distance from its
    /// edges to the readable width's (672 pt, centred within the table's margins), so a row of a
    /// table wider than that keeps its text to the readable column; on a phone, narrower than the
    /// readable width, the margins stay as they are. uisim moves the cells' margins (and their
    /// content views'), and the built-in labels with them; the separators keep their inset.
    open var cellLayoutMarginsFollowReadableWidth = false {
        didSet { if cellLayoutMarginsFollowReadableWidth != oldValue { setNeedsLayout() } }
    }

    /// Sets `cell`'s side margins (and its content view's) to reach the readable content guide.
    private func followReadableWidth(_ cell: UITableViewCell) {
        let readable = layoutFrame(of: readableContentGuide)
        let leading = max(0, readable.minX - bounds.minX - cell.frame.minX)
        let trailing = max(0, bounds.minX + cell.frame.maxX - readable.maxX)
        for view in [cell, cell.contentView] {
            let own = view.layoutMargins
            let margins = UIEdgeInsets(top: own.top, left: max(own.left, leading), bottom: own.bottom, right: max(own.right, trailing))
            if margins != own { view.layoutMargins = margins }
        }
    }

    /// UIKit's cell margins: 16 pt, 20 on screens 414 pt wide and more.
    static func sideMargin(for screen: UIScreen) -> CGFloat { screen.bounds.width >= 414 ? 20 : 16 }

    /// Whether the style lays sections out as groups (grouped, inset grouped).
    var isGrouped: Bool { style != .plain }

    /// Whether tapping rows selects them when the table is not editing (default true).
    open var allowsSelection = true
    /// Whether tapping rows selects them in editing mode (default false).
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected at once in editing mode (default false).
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether several rows can be selected at once in the current mode.
    private var multipleSelection: Bool { editingMode ? allowsMultipleSelectionDuringEditing : allowsMultipleSelection }

    // MARK: Editing (the work is in UITableView+Editing.swift)

    /// Whether the table is in editing mode (default false). Setting it calls
    /// `setEditing(_:animated:)` without animation.
    open var isEditing: Bool {
        get { editingMode }
        set { setEditing(newValue, animated: false) }
    }
    var editingMode = false

    /// Enters or leaves editing mode: each row on screen the data source lets edit
    /// (`canEditRowAt`) shows the control its delegate gives (`editingStyleForRowAt`) and its
    /// content indented; rows coming on screen later follow.
    open func setEditing(_ editing: Bool, animated: Bool) {
        changeEditing(editing, animated: animated)
    }
    /// The cell whose editing control a finger is on.
    var editControlTouch: (cell: UITableViewCell, indexPath: IndexPath)?
    /// Whether several rows can be selected at once (default false).
    open var allowsMultipleSelection = false

    /// A table view with `style`: plain (headers float over their section), grouped (sections
    /// apart on `.systemGroupedBackground`, their headers and footers scrolling with them), or
    /// inset grouped (the same, each section's rows a card 16 pt in from the sides, 20 on the wide
    /// phones, with corners of radius 10).
    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        _ = swipeRecognizer   // a row's swipe actions, when the delegate gives some
    }

    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    /// A table from a document (`<tableView>`): the style the element gives, then its inspector's
    /// properties, prototype cells (registered by reuse identifier) and static sections.
    public required init?(coder: NSCoder) {
        guard let decoder = coder as? UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        style = switch decoder.element["style"] { case "grouped": .grouped; case "insetGrouped": .insetGrouped; default: .plain }
        super.init(coder: coder)
        backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
        alwaysBounceVertical = true
        _ = swipeRecognizer
        UINibDecoder.didInit(self, as: UITableView.self, coder: coder)
    }

    /// A storyboard's static cells, by section (`dataMode="static"`), which
    /// `UITableViewController`'s data source methods answer from; nil for a table of prototypes.
    var staticSections: [StaticSection]?

    /// One section of a static table: its titles and its cells, each with the row height the
    /// document gives it (nil: the table's).
    struct StaticSection {
        var headerTitle: String?
        var footerTitle: String?
        var cells: [(cell: UITableViewCell, rowHeight: CGFloat?)]
    }

    // MARK: Registration and reuse

    /// The cells' reuse (Lists/ReusePool.swift): registered classes, queues, counts.
    private let cells = ReusePool<UITableViewCell, String>(.tableCells)
    /// The reuse of sections' header and footer views (not prepared for reuse, not counted).
    private let headerViews = ReusePool<UITableViewHeaderFooterView, String>(.tableHeaderFooterViews)
    /// What this table view made, reused and asked for, since it was made.
    package var cellStatistics: CellStatistics { cells.statistics }

    /// Registers the class whose cells `dequeueReusableCell(withIdentifier:for:)` makes for
    /// `identifier` when its reuse queue is empty (nil forgets it).
    open func register(_ cellClass: UITableViewCell.Type?, forCellReuseIdentifier identifier: String) {
        cells.register(cellClass, for: identifier)
    }

    /// Registers the nib (one top-level `UITableViewCell`) whose cells
    /// `dequeueReusableCell(withIdentifier:for:)` makes for `identifier` (nil forgets it): each
    /// cell made instantiates the nib.
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        cells.register(nib: nib, for: identifier)
    }

    /// Registers the nib (one top-level `UITableViewHeaderFooterView`) of header views for `identifier`.
    open func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerViews.register(nib: nib, for: identifier)
    }

    /// Registers the class of header views for `identifier`.
    open func register(_ headerClass: UITableViewHeaderFooterView.Type?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerViews.register(headerClass, for: identifier)
    }

    /// A cell for `identifier`: one from the reuse queue (after its `prepareForReuse()`), else a
    /// new one of the registered class. Asking for an identifier that was never registered is a
    /// programming error, as in UIKit.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        preconditionFailure("unable to dequeue a cell with identifier \(identifier): register a class for it")
    }

    /// A cell for `identifier` from the reuse queue or the registered class, or nil if there is
    /// neither (the caller then makes one).
    /// (Reconfiguring a row, the cell on screen as it is, with no `prepareForReuse()`.)
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        cells.dequeue(identifier, countingIn: self, afterReuse: _checkReuseInvariants)
    }

    /// A header view for `identifier` from its queue (as it is: not prepared) or its registered class.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        headerViews.dequeue(identifier, countingIn: self, afterReuse: _checkReuseInvariants)
    }

    // MARK: Data and geometry

    private var needsReload = true

    /// Whether the rows have been asked of the data source since the last reload (a diffable data
    /// source's first snapshot reloads instead of updating).
    var hasLoadedRows: Bool { !needsReload }

    /// Counts a diffable data source's applied difference: one diff, of `changes` changes.
    func countSnapshotDifference(_ changes: Int) {
        count(.snapshotDiffs)
        count(.snapshotChanges, by: changes)
    }
    /// Each section's header height and its rows' heights (estimates until asked, with an estimate).
    private var sections: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = []
    /// Rows whose real height has been asked (with an estimated row height).
    private var measured: Set<IndexPath> = []
    /// The measured rows whose height came from their cell's constraints.
    private var selfSized: Set<IndexPath> = []
    /// The width the rows were measured at: a new width measures them again.
    private var measuredWidth: CGFloat?
    /// Each section's top, then its rows' tops (content coordinates), kept with `sections`.
    private var sectionTops: [CGFloat] = []
    private var rowTops: [[CGFloat]] = []
    /// Where the last section ends (the footer view's top).
    private var sectionsEnd: CGFloat = 0
    private(set) var visible: [IndexPath: UITableViewCell] = [:]
    /// Cells configured to be measured in this layout pass, not shown yet.
    private var prepared: [IndexPath: UITableViewCell] = [:]
    private var headers: [Int: UIView] = [:]
    private var footers: [Int: UIView] = [:]
    /// The row whose swipe actions are showing or being dragged out (UITableView+SwipeActions.swift).
    var swipe: SwipeState?
    lazy var swipeRecognizer = makeSwipeRecognizer()

    /// A scroll closes a row's swipe actions.
    override func contentDragWillBegin() {
        if swipe != nil { closeSwipeActions(animated: true) }
    }

    /// A sideways drag on a row with swipe actions moves the row, not the table.
    override func leavesSidewaysDrag(at point: CGPoint) -> Bool { swipeLeavesSidewaysDrag(at: point) }
    private var selected: [IndexPath] = []

    /// Reloads every row: visible cells go back to their queues, heights and counts are asked
    /// again at the next layout (self-sizing rows are measured again).
    open func reloadData() {
        // In the rows' order, not the dictionary's (which differs from process to process): the
        // reuse queue's order decides which cell each row gets, and so what is laid out again.
        dropSwipe()
        for (indexPath, cell) in visible.sorted(by: { $0.key < $1.key }) { enqueue(cell, at: indexPath) }
        visible = [:]
        for (_, header) in headers.sorted(by: { $0.key < $1.key }) { enqueue(header) }
        headers = [:]
        for (_, footer) in footers.sorted(by: { $0.key < $1.key }) { enqueue(footer) }
        footers = [:]
        needsReload = true
        setNeedsLayout()
        _checkReuseInvariants()
    }

    /// How rows inserted, deleted or reloaded come and go. uisim fades for every kind but `.none`
    /// (a slide would move the same pixels through the same render server).
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }

    // MARK: Inserting and deleting rows

    /// How long row updates animate: 0.3 s on ease-in-out (UIKit does not document it; this is
    /// what it is commonly measured at).
    package static let rowAnimationDuration: TimeInterval = 0.3

    /// Updates being collected by `performBatchUpdates` (nil outside one).
    private var batch: TableUpdate?

    /// Inserts rows (at their index paths after the update; the data source already has them):
    /// the rows below move down, animated, and the new rows fade in.
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        apply(TableUpdate(inserts: indexPaths, animation: animation), completion: nil)
    }

    /// Deletes rows (at their index paths before the update): they fade out, the rows below move up.
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        apply(TableUpdate(deletes: indexPaths, animation: animation), completion: nil)
    }

    /// Moves the row at `indexPath` (before the update) to `newIndexPath` (after it): it keeps its
    /// cell, which slides to its new place with the rows around it, as UIKit's.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        apply(TableUpdate(moves: [(indexPath, newIndexPath)]), completion: nil)
    }

    /// Inserts sections (at their indexes after the update; the data source already has them):
    /// their rows, header and footer are asked for, the sections below move down, animated, and
    /// the new rows fade in.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        apply(TableUpdate(insertedSections: sections, animation: animation), completion: nil)
    }

    /// Deletes sections (at their indexes before the update): their rows fade out, the sections
    /// below move up.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        apply(TableUpdate(deletedSections: sections, animation: animation), completion: nil)
    }

    /// Moves a section (its index before the update) to `newSection` (after it), its rows keeping
    /// their cells, as UIKit's.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        apply(TableUpdate(movedSections: [(section, newSection)]), completion: nil)
    }

    /// Reloads sections: as UIKit, a delete and an insert of the same sections, so their rows,
    /// header and footer are asked for again (the old rows fade out while the new ones fade in).
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        apply(TableUpdate(deletedSections: sections, insertedSections: sections, animation: animation), completion: nil)
    }

    /// Runs `updates` (inserts, deletes and moves of rows and sections) as one change, animated
    /// together; `completion` runs when the animations end (`true`), at once (next turn) without them.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let outer = batch
        batch = TableUpdate()
        updates?()
        let collected = batch!
        batch = outer
        apply(collected, completion: completion)
    }

    /// UIKit's older form of `performBatchUpdates`.
    open func beginUpdates() {
        if batch == nil { batch = TableUpdate() }
    }

    open func endUpdates() {
        guard let collected = batch else { return }
        batch = nil
        apply(collected, completion: nil)
    }

    /// Applies section deletes (old indexes), inserts (new ones) and moves (old to new), then row
    /// deletes (old index paths), inserts (new ones) and moves (old to new) to the rows, the cells on
    /// screen, the selection and the measured heights; animates the change unless `.none`. A moved
    /// row or section keeps its cells and heights; an inserted section's rows, header and footer are
    /// asked for. When the data source's counts then differ, UIKit raises its "Invalid update"
    /// exception; uisim reports the same message as a layout issue and reloads the data.
    private func apply(_ change: TableUpdate, completion: ((Bool) -> Void)?) {
        if batch != nil {
            batch!.add(change)
            return
        }
        if !change.isEmpty { dropSwipe() }
        guard !needsReload, let dataSource, !change.isEmpty else {
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        // The new sections, each an old one that continues (kept, moved) or a new one (inserted).
        let oldCount = sections.count
        let deletedSections = IndexSet(change.deletedSections.filter { $0 < oldCount })
        let sectionMoves = change.movedSections.filter { $0.from < oldCount && !deletedSections.contains($0.from) }
        let sectionMovedFrom = Dictionary(sectionMoves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        let sectionMovedTo = Dictionary(sectionMoves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        var origin: [Int?] = (0..<oldCount).filter { !deletedSections.contains($0) && sectionMovedFrom[$0] == nil }.map { $0 }
        for index in Set(Array(change.insertedSections) + sectionMovedTo.keys).sorted() where index <= origin.count {
            origin.insert(sectionMovedTo[index], at: index)
        }
        let newSectionCount = max(0, dataSource.numberOfSections(in: self))
        guard origin.count == newSectionCount else {
            let inserted = change.insertedSections.count, deleted = deletedSections.count
            return inconsistent("""
                Invalid update: invalid number of sections. The number of sections contained in the table view after the \
                update (\(newSectionCount)) must be equal to the number of sections contained in the table view before the \
                update (\(oldCount)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted).
                """, completion: completion)
        }
        // The new rows of each section, each an old row that stays (deleted and moved rows out,
        // old numbering) or a new one (inserted and moved rows in, new numbering, ascending); a
        // new section's rows are all new.
        func exists(_ path: IndexPath) -> Bool {
            path.section < oldCount && path.row < sections[path.section].rows.count && !deletedSections.contains(path.section)
        }
        func continues(_ section: Int) -> Bool { section < origin.count && origin[section] != nil }
        let moves = change.moves.filter { exists($0.from) && continues($0.to.section) }
        let deleted = Set(change.deletes.filter(exists))
        let movedFrom = Dictionary(moves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
        let movedTo = Dictionary(moves.map { ($0.to, $0.from) }, uniquingKeysWith: { first, _ in first })
        enum Slot { case old(IndexPath), new(IndexPath) }
        var slots: [[Slot]] = origin.map { old in
            guard let old else { return [] }
            return sections[old].rows.indices.map { IndexPath(row: $0, section: old) }
                .filter { !deleted.contains($0) && movedFrom[$0] == nil }.map { .old($0) }
        }
        var inserted = change.inserts.filter { continues($0.section) }.sorted()
        for indexPath in Set(inserted + movedTo.keys).sorted() where indexPath.row <= slots[indexPath.section].count {
            slots[indexPath.section].insert(.new(indexPath), at: indexPath.row)
        }
        for section in origin.indices where origin[section] == nil {
            let rows = (0..<max(0, dataSource.tableView(self, numberOfRowsInSection: section))).map { IndexPath(row: $0, section: section) }
            slots[section] = rows.map { .new($0) }
            inserted += rows
        }
        // UIKit raises when the data source disagrees; uisim reports it and reloads everything.
        for section in origin.indices where origin[section] != nil {
            let expected = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            guard slots[section].count != expected else { continue }
            let old = origin[section]!
            let insertedHere = inserted.filter { $0.section == section }.count
            let deletedHere = deleted.filter { $0.section == old }.count
            let movedIn = movedTo.filter { $0.key.section == section && $0.value.section != old }.count
            let movedOut = movedFrom.filter { $0.key.section == old && $0.value.section != section }.count
            return inconsistent("""
                Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing \
                section after the update (\(expected)) must be equal to the number of rows contained in that section before \
                the update (\(sections[old].rows.count)), plus or minus the number of rows inserted or deleted from that section \
                (\(insertedHere) inserted, \(deletedHere) deleted) and plus or minus the number of rows moved into or out of that \
                section (\(movedIn) moved in, \(movedOut) moved out).
                """, completion: completion)
        }
        // Old index path → new (nil: deleted).
        var newPath: [IndexPath: IndexPath] = [:]
        for (section, list) in slots.enumerated() {
            for (row, slot) in list.enumerated() {
                let here = IndexPath(row: row, section: section)
                switch slot {
                case .old(let old): newPath[old] = here
                case .new(let new): if let old = movedTo[new] { newPath[old] = here }
                }
            }
        }
        let newSections: [(header: CGFloat, rows: [CGFloat], footer: CGFloat)] = origin.enumerated().map { section, old in
            let rows: [CGFloat] = slots[section].map { slot in
                switch slot {
                case .old(let old): return sections[old.section].rows[old.row]
                case .new(let new):
                    if let old = movedTo[new] { return sections[old.section].rows[old.row] }
                    return estimates ? estimate : fixedHeight(at: new)
                }
            }
            guard let old else {
                let (header, footer) = supplementaryHeights(section, dataSource)
                return (header, rows, footer)
            }
            return (sections[old].header, rows, sections[old].footer)
        }
        let insertedSet = Set(inserted)
        func moved(_ old: IndexPath) -> IndexPath? { newPath[old] }
        var leaving: [(IndexPath, UITableViewCell)] = []
        var nextVisible: [IndexPath: UITableViewCell] = [:]
        for (old, cell) in visible.sorted(by: { $0.key < $1.key }) {
            if let new = moved(old) { nextVisible[new] = cell } else { leaving.append((old, cell)) }
        }
        visible = nextVisible
        measured = Set(measured.compactMap(moved))
        selfSized = Set(selfSized.compactMap(moved))
        selected = selected.compactMap(moved)
        if !deletedSections.isEmpty || !change.insertedSections.isEmpty || !sectionMoves.isEmpty {
            // Sections changed places: their headers and footers are laid out again from the queues.
            for (_, header) in headers.sorted(by: { $0.key < $1.key }) { enqueue(header) }
            for (_, footer) in footers.sorted(by: { $0.key < $1.key }) { enqueue(footer) }
            headers = [:]
            footers = [:]
        }
        sections = newSections
        updateGeometry()
        setNeedsLayout()

        let animates = change.animation != .none && UIView.areAnimationsEnabled && window != nil
        guard animates else {
            for (old, cell) in leaving { enqueue(cell, at: old) }
            _checkReuseInvariants()
            AnimationRegistry.current.completeNextTurn(completion)
            return
        }
        // The rows that stay (and the moved ones) slide to their new places (frames animated by
        // the layout); the deleted ones fade out, then go back to their queues; the inserted ones
        // fade in.
        animateListUpdate(duration: Self.rowAnimationDuration, fadeKey: "uisim.row.fade", leaving: leaving,
                          settle: { [weak self] old, cell in
                              self?.enqueue(cell, at: old)
                              self?._checkReuseInvariants()
                          },
                          arriving: { insertedSet.sorted().compactMap { self.visible[$0] } }, completion: completion)
    }

    /// The data source disagrees with an update: UIKit's message, then everything reloaded.
    private func inconsistent(_ message: String, completion: ((Bool) -> Void)?) {
        reportLayoutIssue(message + " (UIKit raises NSInternalInconsistencyException; uisim reloads the data)")
        reloadData()
        AnimationRegistry.current.completeNextTurn(completion)
    }

    /// Configures the cells of `indexPaths` on screen again, keeping them (iOS 15): the data source
    /// is asked for each (`cellForRowAt`), and its dequeue hands back the cell on screen without
    /// `prepareForReuse()`, as UIKit documents; a row off screen is configured when it comes on.
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        loadIfNeeded()
        guard let dataSource else { return }
        for indexPath in indexPaths {
            guard let cell = visible[indexPath] else { continue }
            cells.reconfiguring = cell
            let configured = configuredCell(at: indexPath, dataSource)
            cells.reconfiguring = nil
            if configured !== cell {
                reportLayoutIssue("UITableView.reconfigureRows: the data source returned another cell for \(indexPath) than the one it reconfigures (dequeue it with the same reuse identifier)")
            }
        }
        setNeedsLayout()
    }

    /// Reloads `indexPaths`: their cells are asked again (`cellForRowAt`) and their heights too; a
    /// self-sizing row is measured again. The other rows keep their cells and heights.
    /// Animated (not `.none`, on screen), the row's old cell fades out while its new one fades
    /// in (a delete and an insert of the same row, as UIKit treats a reload in an update).
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        loadIfNeeded()
        if batch != nil || (animation != .none && UIView.areAnimationsEnabled && window != nil) {
            let rows = indexPaths.filter { $0.section < sections.count && $0.row < sections[$0.section].rows.count }
            apply(TableUpdate(deletes: rows, inserts: rows, animation: animation), completion: nil)
            return
        }
        for indexPath in indexPaths {
            guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].rows.count else { continue }
            if let cell = visible.removeValue(forKey: indexPath) { enqueue(cell, at: indexPath) }
            measured.remove(indexPath)
            selfSized.remove(indexPath)
            if !estimates { sections[indexPath.section].rows[indexPath.row] = fixedHeight(at: indexPath) }
        }
        updateGeometry()
        setNeedsLayout()
        _checkReuseInvariants()
    }

    /// Sections in the table.
    open var numberOfSections: Int {
        loadIfNeeded()
        return sections.count
    }

    /// Rows in `section`.
    open func numberOfRows(inSection section: Int) -> Int {
        loadIfNeeded()
        return sections[section].rows.count
    }

    /// Whether rows count at an estimate until they come on screen.
    private var estimates: Bool { estimatedRowHeight != 0 }

    /// The height a row counts at before it is measured.
    private var estimate: CGFloat {
        estimatedRowHeight > 0 ? estimatedRowHeight : rowHeight > 0 ? rowHeight : Self.standardRowHeight
    }

    private func loadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        measured = []
        selfSized = []
        selected = []
        guard let dataSource else {
            sections = []
            updateGeometry()
            return
        }
        sections = (0..<max(0, dataSource.numberOfSections(in: self))).map { section in
            let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
            let (header, footer) = supplementaryHeights(section, dataSource)
            let heights = (0..<rows).map { row in
                estimates ? estimate : fixedHeight(at: IndexPath(row: row, section: section))
            }
            return (header, heights, footer)
        }
        updateGeometry()
    }

    /// A section's header and footer heights, as the delegate gives them or by default.
    private func supplementaryHeights(_ section: Int, _ dataSource: UITableViewDataSource) -> (header: CGFloat, footer: CGFloat) {
        let delegate = tableDelegate
        var header = delegate?.tableView(self, heightForHeaderInSection: section) ?? Self.automaticDimension
        if header < 0 {
            let hasHeader = dataSource.tableView(self, titleForHeaderInSection: section) != nil
                || delegate?.tableView(self, viewForHeaderInSection: section) != nil
            header = defaultHeaderHeight(section: section, hasHeader: hasHeader)
        }
        var footer = delegate?.tableView(self, heightForFooterInSection: section) ?? Self.automaticDimension
        if footer < 0 {
            let hasFooter = dataSource.tableView(self, titleForFooterInSection: section) != nil
                || delegate?.tableView(self, viewForFooterInSection: section) != nil
            footer = defaultFooterHeight(hasFooter: hasFooter)
        }
        return (header, footer)
    }

    /// A section header's height when the delegate gives none. Plain: `sectionHeaderHeight` with a
    /// header, else none. Grouped (UIKit's `UITableConstants`): a titled header's footnote line
    /// (16 pt) with 32 pt above it in the first section and 17 in the others and 6 below (54 and
    /// 39 pt); without a header, 35 pt above the first section and 17.5 between the others.
    private func defaultHeaderHeight(section: Int, hasHeader: Bool) -> CGFloat {
        guard isGrouped else { return hasHeader ? sectionHeaderHeight : 0 }
        if hasHeader { return sectionHeaderHeight != 28 && sectionHeaderHeight >= 0 ? sectionHeaderHeight : (section == 0 ? 32 : 17) + 16 + 6 }
        return section == 0 ? 35 : 17.5
    }

    /// A section footer's height when the delegate gives none. Plain: `sectionFooterHeight` with a
    /// footer, else none. Grouped: a titled footer's footnote line with 6 pt above and 12 below
    /// (34 pt); without a footer, 17.5.
    private func defaultFooterHeight(hasFooter: Bool) -> CGFloat {
        guard isGrouped else { return hasFooter ? sectionFooterHeight : 0 }
        if hasFooter { return sectionFooterHeight != 28 && sectionFooterHeight >= 0 ? sectionFooterHeight : 6 + 16 + 12 }
        return 17.5
    }

    /// The delegate's height for a row, else the table's `rowHeight`: `automaticDimension` (below
    /// 0) asks for a self-sizing row.
    private func askedHeight(at indexPath: IndexPath) -> CGFloat {
        tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
    }

    /// A row's height without estimates: `automaticDimension` means `rowHeight` (44 if that is
    /// automatic too: without estimates no row sizes itself).
    private func fixedHeight(at indexPath: IndexPath) -> CGFloat {
        let asked = askedHeight(at: indexPath)
        guard asked < 0 else { return asked }
        return rowHeight >= 0 ? rowHeight : Self.standardRowHeight
    }

    /// Recomputes the tops and the content size from the heights.
    private func updateGeometry() {
        var y: CGFloat = tableHeaderHeight
        sectionTops = []
        rowTops = []
        for section in sections {
            sectionTops.append(y)
            y += section.header
            var tops: [CGFloat] = []
            tops.reserveCapacity(section.rows.count)
            for height in section.rows {
                tops.append(y)
                y += height
            }
            rowTops.append(tops)
            y += section.footer
        }
        sectionsEnd = y
        contentSize = CGSize(width: bounds.width, height: y + tableFooterHeight)
    }

    /// Measured heights go back to being estimates (the rows keep their current heights until
    /// they are measured again on screen): the width or the separators changed.
    private func forgetMeasurements() {
        measured = []
        selfSized = []
    }

    /// The rectangle of a row, in the table's (content) coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        loadIfNeeded()
        let inset = rowInset
        return CGRect(x: inset, y: rowTops[indexPath.section][indexPath.row], width: bounds.width - 2 * inset,
                      height: sections[indexPath.section].rows[indexPath.row])
    }

    /// How far rows sit in from the sides: inset grouped sections are cards within the margins.
    private var rowInset: CGFloat { style == .insetGrouped ? Self.sideMargin(for: window?.screen ?? UIScreen.main) : 0 }

    /// The row at `point` (content coordinates), if any.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        loadIfNeeded()
        for section in sections.indices.reversed() where point.y >= sectionTops[section] {
            let tops = rowTops[section]
            // The last row whose top is at or above the point.
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] <= point.y { low = mid + 1 } else { high = mid }
            }
            guard low > 0, point.y < tops[low - 1] + sections[section].rows[low - 1] else { return nil }
            return IndexPath(row: low - 1, section: section)
        }
        return nil
    }

    // MARK: Visible rows

    /// The cells on screen, in row order.
    open var visibleCells: [UITableViewCell] {
        visible.keys.sorted().compactMap { visible[$0] }
    }

    /// The rows on screen, in order (optional as the SDK declares it; uisim gives an empty list
    /// when no row is on screen).
    open var indexPathsForVisibleRows: [IndexPath]? {
        visible.keys.sorted()
    }

    /// The cell of a row on screen, or nil.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        visible[indexPath]
    }

    /// The row a cell on screen shows, or nil.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        visible.first { $0.value === cell }?.key
    }

    /// The rows on screen: those whose rectangle meets the bounds.
    private func rowsOnScreen() -> [IndexPath] {
        let top = bounds.minY, bottom = bounds.maxY
        var rows: [IndexPath] = []
        for section in sections.indices {
            let tops = rowTops[section], heights = sections[section].rows
            guard let last = tops.last, last + heights[heights.count - 1] > top, tops[0] < bottom else { continue }
            // The first row ending below the top.
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] + heights[mid] <= top { low = mid + 1 } else { high = mid }
            }
            var row = low
            while row < tops.count, tops[row] < bottom {
                if heights[row] > 0 { rows.append(IndexPath(row: row, section: section)) }
                row += 1
            }
        }
        return rows
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        defer { _checkReuseInvariants() }
        loadIfNeeded()
        defer { layoutHeaderAndFooterViews() }
        guard let dataSource else { return }
        if estimates {
            if measuredWidth != bounds.width {
                if measuredWidth != nil { forgetMeasurements() }
                measuredWidth = bounds.width
            }
            // Cells of rows that scrolled off go back to their queues first, so that the rows
            // measured next reuse them.
            enqueueCells(notIn: rowsOnScreen())
            measureRowsOnScreen(dataSource)
        }
        let onScreen = rowsOnScreen()
        enqueueCells(notIn: onScreen)
        let separator = separatorHeight
        let inset = rowInset
        for indexPath in onScreen {
            var frame = CGRect(x: inset, y: rowTops[indexPath.section][indexPath.row], width: bounds.width - 2 * inset,
                               height: sections[indexPath.section].rows[indexPath.row])
            if let swipe, swipe.indexPath == indexPath { frame.origin.x += swipe.trailing ? -swipe.offset : swipe.offset }
            let reserve = selfSized.contains(indexPath) ? separator : 0
            if let cell = visible[indexPath] {
                cell.separatorReserve = reserve
                if cell.frame != frame { cell.frame = frame }
                styleCell(cell, at: indexPath)
                continue
            }
            let cell = prepared.removeValue(forKey: indexPath) ?? configuredCell(at: indexPath, dataSource)
            cell.separatorReserve = reserve
            cell.frame = frame
            styleCell(cell, at: indexPath)
            cell.isSelected = selected.contains(indexPath)
            if editingMode || cell.isEditing { applyEditing(to: cell, at: indexPath, animated: false) }
            if cell.superview !== self { insertSubview(cell, at: 0) }
            cell.isHidden = false
            visible[indexPath] = cell
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
        }
        layoutSwipeActions()
        // A cell measured for a row that a measurement above then moved off screen goes back to
        // its queue, never shown.
        for (_, cell) in prepared.sorted(by: { $0.key < $1.key }) { requeue(cell) }
        prepared = [:]
        layoutHeaders()
    }

    /// The cells shown for rows not in `onScreen` go back to their queues, in row order.
    private func enqueueCells(notIn onScreen: [IndexPath]) {
        let wanted = Set(onScreen)
        for (indexPath, cell) in visible.sorted(by: { $0.key < $1.key }) where !wanted.contains(indexPath) {
            visible[indexPath] = nil
            enqueue(cell, at: indexPath)
        }
    }

    /// The data source's cell for a row (counted).
    private func configuredCell(at indexPath: IndexPath, _ dataSource: UITableViewDataSource) -> UITableViewCell {
        cells.countRequest(.cellForRowCalls, in: self)
        return dataSource.tableView(self, cellForRowAt: indexPath)
    }

    /// With estimated heights: asks the rows coming on screen their real height, top first, and
    /// moves the rows below (the content size follows), until the rows on screen are all measured.
    /// Each row's cell is configured now (a self-sizing row's then measured), and shown by this
    /// layout pass. A row measured while its top is above the bounds (it comes in from above)
    /// moves the content offset by its change, so that the rows below it stay where they are on
    /// screen.
    private func measureRowsOnScreen(_ dataSource: UITableViewDataSource) {
        while let indexPath = rowsOnScreen().first(where: { !measured.contains($0) }) {
            measured.insert(indexPath)
            var real = askedHeight(at: indexPath)
            // The row's cell is asked for as it comes on screen, after its height (as UIKit asks).
            if visible[indexPath] == nil, prepared[indexPath] == nil {
                prepared[indexPath] = configuredCell(at: indexPath, dataSource)
            }
            if real < 0 {
                real = selfSizedHeight(at: indexPath)
                selfSized.insert(indexPath)
            } else {
                selfSized.remove(indexPath)
            }
            let old = sections[indexPath.section].rows[indexPath.row]
            guard real != old else { continue }
            let top = rowTops[indexPath.section][indexPath.row]
            sections[indexPath.section].rows[indexPath.row] = real
            updateGeometry()
            if top < bounds.minY { shiftContentOffset(by: CGPoint(x: 0, y: real - old)) }
        }
    }

    /// What the table gives a cell it shows: its separator (none under the last row of a grouped
    /// section, whose card ends there), and in a grouped table the grouped cell background and, inset
    /// grouped, the card's rounded corners on the first and last rows.
    private func styleCell(_ cell: UITableViewCell, at indexPath: IndexPath) {
        let last = indexPath.row == sections[indexPath.section].rows.count - 1
        cell.followsReadableWidth = cellLayoutMarginsFollowReadableWidth
        if cellLayoutMarginsFollowReadableWidth { followReadableWidth(cell) }
        cell.tableSeparatorInset = separatorInset
        cell.separatorColor = separatorStyle == .none || (isGrouped && last) ? nil : separatorColor
        guard isGrouped else { return }
        if cell.backgroundColor == .systemBackground { cell.backgroundColor = .secondarySystemGroupedBackground }
        guard style == .insetGrouped else { return }
        var corners: CACornerMask = []
        if indexPath.row == 0 { corners.formUnion([.layerMinXMinYCorner, .layerMaxXMinYCorner]) }
        if last { corners.formUnion([.layerMinXMaxYCorner, .layerMaxXMaxYCorner]) }
        cell.layer.maskedCorners = corners.isEmpty ? [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] : corners
        // The background is rounded, the content not clipped (no offscreen pass: UIKit rounds the
        // cell's background, not its content).
        cell.layer.cornerRadius = corners.isEmpty ? 0 : 10
    }

    /// The separator line's height, 1 pixel, when rows show one; else 0.
    private var separatorHeight: CGFloat {
        separatorStyle == .none ? 0 : 1 / (window?.screen ?? UIScreen.main).scale
    }

    /// The height of a self-sizing row: its cell (the one on screen, or the one just configured)
    /// measured at the table's width, UIKit's way, on the pixel grid, plus the separator's line.
    /// Constraints that give no height are taken as a mistake, as UIKit takes them: the row gets
    /// the standard 44 pt, with UIKit's warning (once).
    private func selfSizedHeight(at indexPath: IndexPath) -> CGFloat {
        guard let cell = visible[indexPath] ?? prepared[indexPath] else { return estimate }
        selfSizingMeasurements += 1
        count(.selfSizingMeasurements)
        let fitting = cell.contentView.systemLayoutSizeFitting(
            CGSize(width: bounds.width, height: UIView.layoutFittingCompressedSize.height),
            withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        let scale = (window?.screen ?? UIScreen.main).scale
        let height = (fitting.height * scale).rounded() / scale
        guard height > 0 else {
            // UIKit's own cells (labels and image only) are 44 pt without a word.
            guard !cell.hasOnlyStandardContent else { return Self.standardRowHeight }
            reportLayoutIssue("""
                Warning once only: Detected a case where constraints ambiguously suggest a height of zero for a table \
                view cell's content view. We're considering the collapse unintentional and using standard height instead. \
                Cell: \(cell.layoutName)
                """)
            return Self.standardRowHeight
        }
        return height + separatorHeight
    }

    /// The header view at the top, the footer view after the last section, at the table's width;
    /// each keeps its own height (a height changed since it was set overlaps the rows, as in UIKit).
    private func layoutHeaderAndFooterViews() {
        if let header = tableHeaderView {
            let frame = CGRect(x: 0, y: 0, width: bounds.width, height: header.frame.height)
            if header.frame != frame { header.frame = frame }
        }
        if let footer = tableFooterView {
            let frame = CGRect(x: 0, y: sectionsEnd, width: bounds.width, height: footer.frame.height)
            if footer.frame != frame { footer.frame = frame }
        }
    }

    /// A cell that was configured but never shown goes back to its queue (not hidden again).
    private func requeue(_ cell: UITableViewCell) {
        cells.enqueue(cell, hiding: false)
    }

    /// A row's cell left the screen: hidden, unhighlighted, the delegate told, then queued.
    private func enqueue(_ cell: UITableViewCell, at indexPath: IndexPath) {
        cells.enqueue(cell) {
            cell.isHighlighted = false
            tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        }
    }

    /// Stops the process, naming what broke, unless the reuse queues are as the table keeps them
    /// (a debug build's check, `UISIM_INTERNAL_CHECKS`, after each operation that moves cells or
    /// headers between the screen and the queues): each queued cell or header view has its
    /// queue's reuse identifier, is queued once, is not shown (for a row, or measured for one;
    /// for a section's header or footer), and is hidden or out of the table.
    package func _checkReuseInvariants() {
        #if UISIM_INTERNAL_CHECKS
        var queued = Set<ObjectIdentifier>()
        cells._checkInvariants(shown: Set(visible.values.map(ObjectIdentifier.init) + prepared.values.map(ObjectIdentifier.init)),
                               queued: &queued, in: self)
        headerViews._checkInvariants(shown: Set((Array(headers.values) + Array(footers.values)).map(ObjectIdentifier.init)),
                                     queued: &queued, in: self)
        #endif
    }

    /// A section's header or footer left the screen: hidden, then queued (a view the delegate
    /// gave that is not a `UITableViewHeaderFooterView` leaves the table).
    private func enqueue(_ header: UIView) {
        if let header = header as? UITableViewHeaderFooterView {
            headerViews.enqueue(header)
        } else {
            header.isHidden = true
            header.removeFromSuperview()
        }
    }

    /// Places the headers and footers of the sections on screen. In a plain table a header stays
    /// at the top of the bounds while its section scrolls under it, until the section's end
    /// pushes it up; in a grouped one headers and footers scroll with their sections. Without a
    /// view or a title from the delegate and data source, a section's space stays empty.
    private func layoutHeaders() {
        let top = bounds.minY, bottom = bounds.maxY
        for section in sections.indices {
            let start = sectionTops[section]
            let end = section + 1 < sectionTops.count ? sectionTops[section + 1] : sectionsEnd
            // The header.
            let height = sections[section].header
            if height > 0, end > top, start < bottom,
               let header = headers[section] ?? supplementary(section, footer: false) {
                show(header, in: &headers, section: section)
                let y = isGrouped ? start : min(max(start, top), end - height)
                let frame = CGRect(x: 0, y: y, width: bounds.width, height: height)
                if header.frame != frame { header.frame = frame }
            } else if let header = headers.removeValue(forKey: section) {
                enqueue(header)
            }
            // The footer, under the rows.
            let footerHeight = sections[section].footer
            let footerTop = end - footerHeight
            if footerHeight > 0, end > top, footerTop < bottom,
               let footer = footers[section] ?? supplementary(section, footer: true) {
                show(footer, in: &footers, section: section)
                let frame = CGRect(x: 0, y: footerTop, width: bounds.width, height: footerHeight)
                if footer.frame != frame { footer.frame = frame }
            } else if let footer = footers.removeValue(forKey: section) {
                enqueue(footer)
            }
        }
    }

    /// A section's header or footer: the delegate's view, else one with the data source's title
    /// (nil when it has neither). A grouped table's are footnote text in `.secondaryLabel` on its
    /// background, a header's in capitals; a plain table's a bold label on grey.
    private func supplementary(_ section: Int, footer: Bool) -> UIView? {
        if let own = footer ? tableDelegate?.tableView(self, viewForFooterInSection: section) : tableDelegate?.tableView(self, viewForHeaderInSection: section) {
            return own
        }
        guard let title = footer ? dataSource?.tableView(self, titleForFooterInSection: section) : dataSource?.tableView(self, titleForHeaderInSection: section) else {
            return nil
        }
        let identifier = footer ? Self.titleFooter : Self.titleHeader
        let made = dequeueReusableHeaderFooterView(withIdentifier: identifier) ?? UITableViewHeaderFooterView(reuseIdentifier: identifier)
        if isGrouped {
            made.backgroundColor = nil
            made.isOpaque = false
            made.textLabel?.font = .systemFont(ofSize: 13)
            made.textLabel?.textColor = .secondaryLabel
            made.textLabel?.text = footer ? title : title.uppercased()
            made.textInsets = footer ? UIEdgeInsets(top: 6, left: 16 + rowInset, bottom: 12, right: 16 + rowInset)
                : UIEdgeInsets(top: section == 0 ? 32 : 17, left: 16 + rowInset, bottom: 6, right: 16 + rowInset)
        } else {
            made.textLabel?.text = title
        }
        return made
    }

    private func show(_ view: UIView, in shown: inout [Int: UIView], section: Int) {
        guard shown[section] == nil else { return }
        shown[section] = view
        view.isHidden = false
        if view.superview !== self { addSubview(view) } else { bringSubviewToFront(view) }
    }

    private static let titleFooter = "uisim.title-footer"

    private static let titleHeader = "uisim.title-header"

    // MARK: Selection

    /// The selected row (the first, with multiple selection), or nil.
    open var indexPathForSelectedRow: IndexPath? { selected.first }

    /// The selected rows, in the order they were selected, or nil when none is.
    open var indexPathsForSelectedRows: [IndexPath]? { selected.isEmpty ? nil : selected }

    /// Selects a row (without telling the delegate, as UIKit's), deselecting the others unless
    /// multiple selection is allowed.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        loadIfNeeded()   // a reload clears the selection: load first, so this one stays
        guard let indexPath else {
            for row in selected { deselectRow(at: row, animated: animated) }
            return
        }
        if !multipleSelection {
            for row in selected where row != indexPath { deselectRow(at: row, animated: animated) }
        }
        if !selected.contains(indexPath) { selected.append(indexPath) }
        visible[indexPath]?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Scrolls so that the row sits at `scrollPosition` (top, middle, bottom; `.none`: the least
    /// that shows it), within the content; animated as `setContentOffset(_:animated:)` is.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        loadIfNeeded()
        guard indexPath.section < sections.count, indexPath.row < sections[indexPath.section].rows.count else {
            // UIKit raises; uisim leaves the offset and says why.
            reportLayoutIssue("UITableView.scrollToRow: no row \(indexPath.row) in section \(indexPath.section)"
                              + " (\(sections.count) sections: \(sections.map(\.rows.count)) rows)")
            return
        }
        let row = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        let visibleHeight = bounds.height - inset.top - inset.bottom
        var y: CGFloat
        switch scrollPosition {
        case .top: y = row.minY - inset.top
        case .middle: y = row.midY - inset.top - visibleHeight / 2
        case .bottom: y = row.maxY - inset.top - visibleHeight
        case .none:
            scrollRectToVisible(row, animated: animated)
            return
        }
        let range = offsetRange
        y = min(max(y, range.min.y), range.max.y)
        setContentOffset(CGPoint(x: contentOffset.x, y: y), animated: animated)
    }

    /// Deselects a row (without telling the delegate).
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        selected.removeAll { $0 == indexPath }
        visible[indexPath]?.setSelected(false, animated: animated)
    }

    /// Where `scrollToRow(at:at:animated:)` and `selectRow(at:animated:scrollPosition:)` put the row.
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }

    /// The cell a finger is on, highlighted.
    private var touchedCell: (cell: UITableViewCell, indexPath: IndexPath)?

    /// The cell of this table that `touches` began in: the touched view's ancestor.
    private func cell(touchedBy touches: Set<UITouch>) -> (UITableViewCell, IndexPath)? {
        guard let cell = subview(touchedBy: touches) as? UITableViewCell, let indexPath = indexPath(for: cell) else { return nil }
        return (cell, indexPath)
    }

    /// A finger came down on a row (the scroll view delays it 150 ms): the row highlights. With a
    /// row's swipe actions showing, a touch elsewhere closes them and does nothing else.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if swipe != nil {
            closeSwipeActions(animated: true)
            return
        }
        if editingMode, touchedCell == nil, editControlTouch == nil, let (cell, indexPath) = cell(touchedBy: touches),
           let touch = touches.first, cell.editControlFrame?.contains(touch.location(in: cell)) == true {
            editControlTouch = (cell, indexPath)
            return
        }
        guard editingMode ? allowsSelectionDuringEditing : allowsSelection, touchedCell == nil,
              let (cell, indexPath) = cell(touchedBy: touches) else {
            return super.touchesBegan(touches, with: event)
        }
        guard tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true else { return }
        touchedCell = (cell, indexPath)
        cell.setHighlighted(true, animated: false)
    }

    /// The finger lifted on the row: the highlight goes, the row is selected and the delegate told.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let (cell, indexPath) = editControlTouch {
            editControlTouch = nil
            editControlTapped(cell, at: indexPath)
            return
        }
        guard let (cell, indexPath) = touchedCell else { return super.touchesEnded(touches, with: event) }
        touchedCell = nil
        cell.setHighlighted(false, animated: false)
        // On a detail accessory's info button: the delegate hears it (and its storyboard segue
        // runs), the row is not selected.
        if let touch = touches.first, cell.detailButtonFrame?.contains(touch.location(in: cell)) == true {
            tableDelegate?.tableView(self, accessoryButtonTappedForRowWith: indexPath)
            cell.storyboardSegues?.perform(\.accessory, sender: cell)
            return
        }
        let delegate = tableDelegate
        guard let target = delegate == nil ? indexPath : delegate!.tableView(self, willSelectRowAt: indexPath) else { return }
        if multipleSelection, selected.contains(target) {
            deselectRow(at: target, animated: false)
            tableDelegate?.tableView(self, didDeselectRowAt: target)
            return
        }
        let deselected = multipleSelection ? [] : selected.filter { $0 != target }
        for row in deselected { deselectRow(at: row, animated: false) }
        for row in deselected { tableDelegate?.tableView(self, didDeselectRowAt: row) }
        selectRow(at: target, animated: false, scrollPosition: .none)
        // A storyboard cell's selection segue runs before the delegate hears of the selection, as
        // in UIKit (`prepare(for:sender:)` finds the row in `indexPathForSelectedRow`).
        if let selectedCell = cellForRow(at: target) { selectedCell.storyboardSegues?.perform(\.selection, sender: selectedCell) }
        tableDelegate?.tableView(self, didSelectRowAt: target)
    }

    /// The scroll took the touch (a drag began): the highlight goes, nothing is selected.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        editControlTouch = nil
        guard let (cell, _) = touchedCell else { return super.touchesCancelled(touches, with: event) }
        touchedCell = nil
        cell.setHighlighted(false, animated: false)
    }
}

/// The changes of one table update: sections (deleted at their old indexes, inserted at their
/// new ones, moved old to new), then rows (the same, as index paths), and how they animate.
struct TableUpdate {
    var deletes: [IndexPath] = []
    var inserts: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [(from: Int, to: Int)] = []
    var animation = UITableView.RowAnimation.automatic

    var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && deletedSections.isEmpty && insertedSections.isEmpty && movedSections.isEmpty
    }

    /// Another call's changes, collected in a batch (`.none` for one makes the batch unanimated).
    mutating func add(_ other: TableUpdate) {
        deletes += other.deletes
        inserts += other.inserts
        moves += other.moves
        deletedSections.formUnion(other.deletedSections)
        insertedSections.formUnion(other.insertedSections)
        movedSections += other.movedSections
        if other.animation == .none { animation = .none }
    }
}
