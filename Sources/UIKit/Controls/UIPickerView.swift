import Foundation
import Geometry
import CoreGraphics
import UIFoundation

/// Where a picker gets its components and rows (UIKit's `UIPickerViewDataSource`).
@preconcurrency @MainActor
public protocol UIPickerViewDataSource: AnyObject {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// What a picker shows and tells (UIKit's `UIPickerViewDelegate`; every method optional).
@preconcurrency @MainActor
public protocol UIPickerViewDelegate: AnyObject {
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString?
    func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}

extension UIPickerViewDelegate {
    /// 0: the picker shares its width among its components.
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat { 0 }
    /// 32 pt (UIKit's row at the picker's 216 pt).
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { UIPickerView.rowHeight }
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? { nil }
    public func pickerView(_ pickerView: UIPickerView, attributedTitleForRow row: Int, forComponent component: Int) -> NSAttributedString? { nil }
    /// A label with the row's title (UIKit calls this only when the delegate implements it; uisim
    /// always does, and this default makes the label UIKit would).
    public func pickerView(_ pickerView: UIPickerView, viewForRow row: Int, forComponent component: Int, reusing view: UIView?) -> UIView {
        let label = (view as? UILabel) ?? UILabel()
        label.textAlignment = .center
        label.font = .systemFont(ofSize: 21)
        if let attributed = self.pickerView(pickerView, attributedTitleForRow: row, forComponent: component) {
            label.attributedText = attributed
        } else {
            label.text = self.pickerView(pickerView, titleForRow: row, forComponent: component) ?? "?"
        }
        return label
    }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {}
}

/// Spinning wheels of rows, as UIKit's `UIPickerView`: 216 pt tall by default (320 wide), rows of
/// 32 pt, each component a column the finger scrolls (traced drags and flings decelerate as a
/// scroll view does, then settle on the nearest row); the delegate hears
/// `pickerView(_:didSelectRow:inComponent:)` when a column the user moved comes to rest (a
/// picker is not a control: no `.valueChanged`), never for `selectRow(_:inComponent:animated:)`.
/// The selected row sits in a `quaternarySystemFill` bar of radius 8, 9 pt in from the sides;
/// columns are 5 pt apart. Rows are views from the delegate (a label of the row's title at 21 pt
/// by default), made for the visible rows only and reused. Where uisim departs: the wheel is
/// flat (UIKit bends rows over a cylinder and fades the edges).
open class UIPickerView: UIView {
    package static let defaultSize = CGSize(width: 320, height: 216)
    public static let rowHeight: CGFloat = 32
    static let sidePadding: CGFloat = 9, componentSpacing: CGFloat = 5

    open weak var dataSource: UIPickerViewDataSource? {
        didSet { setNeedsReload() }
    }

    open weak var delegate: UIPickerViewDelegate? {
        didSet { setNeedsReload() }
    }

    private var columns: [PickerColumn] = []
    private var needsReload = true
    private let selectionBar = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame == .zero ? CGRect(origin: .zero, size: Self.defaultSize) : frame)
        selectionBar.backgroundColor = .quaternarySystemFill
        selectionBar.layer.cornerRadius = 8
        selectionBar.isUserInteractionEnabled = false
        addSubview(selectionBar)
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.defaultSize.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : Self.defaultSize.width, height: Self.defaultSize.height)
    }

    open var numberOfComponents: Int {
        reloadIfNeeded()
        return columns.count
    }

    open func numberOfRows(inComponent component: Int) -> Int {
        reloadIfNeeded()
        return columns.indices.contains(component) ? columns[component].rows : 0
    }

    open func rowSize(forComponent component: Int) -> CGSize {
        reloadIfNeeded()
        guard columns.indices.contains(component) else { return .zero }
        return CGSize(width: columns[component].frame.width, height: columns[component].rowHeight)
    }

    open func reloadAllComponents() {
        setNeedsReload()
        reloadIfNeeded()
    }

    open func reloadComponent(_ component: Int) {
        reloadIfNeeded()
        guard columns.indices.contains(component) else { return }
        columns[component].reload(rows: dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
    }

    /// Moves a column to `row` (no delegate call, as UIKit).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        reloadIfNeeded()
        guard columns.indices.contains(component) else { return }
        columns[component].select(row, animated: animated)
    }

    /// The row in the selection bar, or -1 for a component with no rows.
    open func selectedRow(inComponent component: Int) -> Int {
        reloadIfNeeded()
        guard columns.indices.contains(component), columns[component].rows > 0 else { return -1 }
        return columns[component].selectedRow
    }

    /// The view of a visible row, or nil.
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        reloadIfNeeded()
        guard columns.indices.contains(component) else { return nil }
        layoutIfNeeded()
        return columns[component].visibleRows[row]
    }

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        for column in columns { column.removeFromSuperview() }
        let count = dataSource?.numberOfComponents(in: self) ?? 0
        columns = (0..<max(0, count)).map { component in
            let column = PickerColumn(picker: self, component: component)
            column.rowHeight = max(1, delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.rowHeight)
            addSubview(column)
            column.reload(rows: dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
            return column
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        reloadIfNeeded()
        let inner = bounds.insetBy(dx: Self.sidePadding, dy: 0)
        let spacing = Self.componentSpacing * CGFloat(max(0, columns.count - 1))
        let asked = columns.indices.map { delegate?.pickerView(self, widthForComponent: $0) ?? 0 }
        let free = max(0, inner.width - spacing - asked.reduce(0, +))
        let flexible = CGFloat(asked.filter { $0 <= 0 }.count)
        var x = inner.minX
        for (component, column) in columns.enumerated() {
            let width = asked[component] > 0 ? asked[component] : free / max(flexible, 1)
            let selected = column.selectedRow
            column.frame = CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
            column.centre(on: selected)
            x += width + Self.componentSpacing
        }
        let rowHeight = columns.first?.rowHeight ?? Self.rowHeight
        selectionBar.frame = CGRect(x: inner.minX, y: bounds.midY - rowHeight / 2, width: inner.width, height: rowHeight)
    }

    fileprivate func columnSettled(_ column: PickerColumn) {
        delegate?.pickerView(self, didSelectRow: column.selectedRow, inComponent: column.component)
    }

    fileprivate func rowView(_ row: Int, component: Int, reusing view: UIView?) -> UIView {
        if let delegate { return delegate.pickerView(self, viewForRow: row, forComponent: component, reusing: view) }
        let label = (view as? UILabel) ?? UILabel()
        label.text = "?"
        return label
    }
}

/// One component of a picker: a scroll view whose rows stop in the middle (content inset half the
/// height less half a row, top and bottom), showing views for its visible rows.
private final class PickerColumn: UIScrollView, UIScrollViewDelegate {
    unowned let picker: UIPickerView
    let component: Int
    var rowHeight = UIPickerView.rowHeight
    private(set) var rows = 0
    private(set) var visibleRows: [Int: UIView] = [:]
    private var spare: [UIView] = []
    /// Whether the user moved the column since it last came to rest.
    private var movedByUser = false

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        delegate = self
        contentInsetAdjustmentBehavior = .never
        decelerationRate = .fast
        alwaysBounceVertical = true
        showsVerticalScrollIndicator = false   // a wheel has no indicator
        showsHorizontalScrollIndicator = false
    }

    required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    private var margin: CGFloat { max(0, (bounds.height - rowHeight) / 2) }

    /// The row in the middle.
    var selectedRow: Int {
        guard rows > 0 else { return 0 }
        return min(max(Int(((contentOffset.y + margin) / rowHeight).rounded()), 0), rows - 1)
    }

    func reload(rows: Int) {
        let selected = selectedRow
        self.rows = max(0, rows)
        for (_, view) in visibleRows.sorted(by: { $0.key < $1.key }) { view.removeFromSuperview(); spare.append(view) }
        visibleRows = [:]
        contentSize = CGSize(width: bounds.width, height: CGFloat(self.rows) * rowHeight)
        centre(on: min(selected, max(0, self.rows - 1)))
        setNeedsLayout()
    }

    func centre(on row: Int) {
        contentInset = UIEdgeInsets(top: margin, left: 0, bottom: margin, right: 0)
        contentSize = CGSize(width: bounds.width, height: CGFloat(rows) * rowHeight)
        contentOffset = CGPoint(x: 0, y: CGFloat(row) * rowHeight - margin)
    }

    func select(_ row: Int, animated: Bool) {
        guard rows > 0 else { return }
        let row = min(max(row, 0), rows - 1)
        movedByUser = false
        setContentOffset(CGPoint(x: 0, y: CGFloat(row) * rowHeight - margin), animated: animated)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard rows > 0, rowHeight > 0 else { return }
        let first = max(0, Int((contentOffset.y / rowHeight).rounded(.down)))
        let last = min(rows - 1, Int(((contentOffset.y + bounds.height) / rowHeight).rounded(.down)))
        let shown = first <= last ? Set(first...last) : []
        for (row, view) in visibleRows.sorted(by: { $0.key < $1.key }) where !shown.contains(row) {
            view.removeFromSuperview()
            spare.append(view)
            visibleRows[row] = nil
        }
        for row in shown.sorted() where visibleRows[row] == nil {
            let view = picker.rowView(row, component: component, reusing: spare.popLast())
            addSubview(view)
            visibleRows[row] = view
        }
        for (row, view) in visibleRows {
            view.frame = CGRect(x: 0, y: CGFloat(row) * rowHeight, width: bounds.width, height: rowHeight)
        }
    }

    // The column settles on the nearest row, then the picker tells its delegate.

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        movedByUser = true
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        settle()
    }

    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {
        if movedByUser { finish() }
    }

    private func settle() {
        let target = CGFloat(selectedRow) * rowHeight - margin
        if abs(contentOffset.y - target) < 0.5 {
            contentOffset.y = target
            finish()
        } else {
            setContentOffset(CGPoint(x: 0, y: target), animated: true)
        }
    }

    private func finish() {
        guard movedByUser else { return }
        movedByUser = false
        picker.columnSettled(self)
    }
}
