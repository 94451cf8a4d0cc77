import Foundation
import Geometry
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// Self-sizing table view rows as UIKit has them (`rowHeight = UITableView.automaticDimension`
/// with `estimatedRowHeight > 0`): every row counts at the estimate until it comes on screen, when
/// its cell is configured and measured, `contentView.systemLayoutSizeFitting` at the table's width
/// (`.required`) and the smallest height (`.fittingSizeLevel`). Numbers worked out by hand.
@MainActor
@Suite(.serialized) struct SelfSizingRowsTests {
    /// A view with a fixed intrinsic height and no intrinsic width.
    final class Box: UIView {
        var height: CGFloat = 20 {
            didSet { if height != oldValue { invalidateIntrinsicContentSize() } }
        }
        override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: height) }
    }

    /// A cell whose box is pinned to the content view with 12 pt insets: its row is box + 24.
    final class BoxCell: UITableViewCell {
        let box = Box()
        /// The rows the cell showed, in order.
        var rows: [Int] = []
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 12),
                box.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -12),
                box.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
                box.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// A cell whose content view holds a view placed by its frame: no constraints give it a height.
    final class FramedCell: UITableViewCell {
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            contentView.addSubview(UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 30)))
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// A cell whose box is pinned to the content view's layout margins, as cells built to match
    /// UIKit's own rows are.
    final class MarginCell: UITableViewCell {
        let box = Box()
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            box.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(box)
            let margins = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                box.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                box.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                box.topAnchor.constraint(equalTo: margins.topAnchor),
                box.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    /// Rows whose boxes have the heights `boxes` gives; the delegate's height, when `heights`
    /// gives one, else the table's.
    final class Source: UITableViewDataSource, UITableViewDelegate {
        var boxes: [CGFloat]
        var heights: ((IndexPath) -> CGFloat?)?
        var identifier = "box"
        var asked: [Int] = []
        init(_ boxes: [CGFloat]) { self.boxes = boxes }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { boxes.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            asked.append(indexPath.row)
            let cell = tableView.dequeueReusableCell(withIdentifier: identifier, for: indexPath)
            if let cell = cell as? BoxCell {
                cell.box.height = boxes[indexPath.row]
                cell.rows.append(indexPath.row)
            }
            (cell as? MarginCell)?.box.height = boxes[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            heights?(indexPath) ?? tableView.rowHeight
        }
    }

    /// A 390 × 844 table in a window, estimating 44 pt rows that size themselves, laid out once.
    func table(_ source: Source, separators: Bool = false) -> (UIWindow, UITableView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        table.register(BoxCell.self, forCellReuseIdentifier: "box")
        table.register(FramedCell.self, forCellReuseIdentifier: "framed")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        table.estimatedRowHeight = 44
        table.rowHeight = UITableView.automaticDimension
        if !separators { table.separatorStyle = .none }
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        return (window, table)
    }

    func rows(_ range: ClosedRange<Int>) -> [IndexPath] { range.map { IndexPath(row: $0, section: 0) } }

    @Test func automaticDimensionIsUIKitsValue() {
        #expect(UITableView.automaticDimension == -1)
    }

    /// A cell's content view has UIKit's margins, not a plain view's 8 pt: 11 above and below, 16
    /// at the sides on a phone under 414 pt wide. A 20⅓ pt line pinned to them makes a row of
    /// 11 + 20⅓ + 11 + ⅓ (the separator) = 42⅔ pt, its box at (16, 11), 390 − 32 = 358 pt wide.
    @Test func aCellsContentViewHasUIKitsMargins() throws {
        let source = Source([61.0 / 3])
        source.identifier = "margins"
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never
        table.register(MarginCell.self, forCellReuseIdentifier: "margins")
        table.estimatedRowHeight = 44
        table.rowHeight = UITableView.automaticDimension
        table.dataSource = source
        table.delegate = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)) as? MarginCell)
        #expect(cell.contentView.layoutMargins == UIEdgeInsets(top: 11, left: 16, bottom: 11, right: 16))
        let box = cell.box.frame
        #expect(box.minX == 16 && abs(box.minY - 11) < 1e-9 && box.width == 358 && abs(box.height - 61.0 / 3) < 1e-9)
        #expect(abs(table.rectForRow(at: IndexPath(row: 0, section: 0)).height - 128.0 / 3) < 1e-9)
        cell.contentView.layoutMargins = .zero
        #expect(cell.contentView.layoutMargins == .zero)
    }

    /// Box 20: 12 + 20 + 12 = 44, the estimate: nothing moves. 844 / 44 = 19.2: rows 0–19 are on
    /// screen (row 19 spans 836–880), 20 measured, 20 cells made and asked for.
    @Test func rowsOfTheEstimatedHeightStayPut() {
        let source = Source(Array(repeating: 20, count: 40))
        let (_, table) = table(source)
        #expect(table.indexPathsForVisibleRows == rows(0...19))
        #expect(table.contentSize.height == CGFloat(40 * 44))
        #expect(table.selfSizingMeasurements == 20 && table.cellStatistics.cellForRowCalls == 20)
        #expect(table.cellStatistics.created == 20)
        let cell = table.cellForRow(at: IndexPath(row: 5, section: 0)) as! BoxCell
        #expect(cell.frame == CGRect(x: 0, y: 220, width: 390, height: 44))
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(cell.box.frame == CGRect(x: 12, y: 12, width: 366, height: 20))
    }

    /// Rows 0, 3, 6… hold a 100 pt box (row 124), the others 20 (row 44); 50 rows.
    /// Loaded: 50 × 44 = 2 200 from estimates. The first screen measures from the top: rows 0–11
    /// end at 4 × 124 + 8 × 44 = 848 (row 11 spans 804–848, row 12 would start at 848 ≥ 844): 12
    /// measured, four of them 80 taller, content 2 200 + 320 = 2 520.
    /// Scrolled to 848: row 12 starts there (rows above are measured), and the pattern repeats
    /// every 12 rows: rows 12–23 measured (row 23 spans 1 652–1 696, row 24 would start at
    /// 1 696 ≥ 1 692), four more 124s: 2 840. The 12 cells of rows 0–11 are reused, none made.
    @Test func contentSizeGrowsAsRowsComeOnScreen() {
        let boxes = (0..<50).map { $0 % 3 == 0 ? CGFloat(100) : 20 }
        let source = Source(boxes)
        let (window, table) = table(source)
        #expect(table.indexPathsForVisibleRows == rows(0...11))
        #expect(table.contentSize.height == 2_520)
        #expect(table.selfSizingMeasurements == 12)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 212, width: 390, height: 124))
        #expect(table.rectForRow(at: IndexPath(row: 11, section: 0)) == CGRect(x: 0, y: 804, width: 390, height: 44))
        // Row 12 and below still at the estimate: row 20 at 848 + 8 × 44 = 1 200.
        #expect(table.rectForRow(at: IndexPath(row: 20, section: 0)) == CGRect(x: 0, y: 1_200, width: 390, height: 44))

        _ = window.commitPhase(stopwatch: ManualStopwatch())   // counts from here on
        table.contentOffset = CGPoint(x: 0, y: 848)
        let counts = window.commitPhase(stopwatch: ManualStopwatch()).counts
        #expect(table.indexPathsForVisibleRows == rows(12...23))
        #expect(table.contentSize.height == 2_840)
        #expect(table.selfSizingMeasurements == 24)
        #expect(counts[.selfSizingMeasurements] == 12 && counts[.cellForRowCalls] == 12)
        #expect(counts[.cellsCreated] == 0 && counts[.cellsReused] == 12)
        #expect(table.rectForRow(at: IndexPath(row: 23, section: 0)) == CGRect(x: 0, y: 1_652, width: 390, height: 44))
        #expect(table.contentOffset.y == 848)   // rows measured below the top move nothing on screen
    }

    /// A cell reused for a row of another height takes that row's height, and its box follows.
    @Test func aReusedCellTakesItsNewRowsHeight() {
        let boxes = (0..<50).map { $0 % 3 == 0 ? CGFloat(100) : 20 }
        let source = Source(boxes)
        let (window, table) = table(source)
        table.contentOffset = CGPoint(x: 0, y: 848)
        _ = window.layoutPass()
        var changed = 0
        for case let cell as BoxCell in table.visibleCells {
            let row = cell.rows.last!
            let box: CGFloat = row % 3 == 0 ? 100 : 20
            #expect(cell.frame.height == box + 24)
            #expect(cell.box.frame == CGRect(x: 12, y: 12, width: 366, height: box))
            // Rows 0–11 and 12–23 have the same pattern: a cell that showed a 124 pt row and now
            // shows a 44 pt one (or back) changed height.
            if cell.rows.count == 2, (cell.rows[0] % 3 == 0) != (cell.rows[1] % 3 == 0) { changed += 1 }
        }
        #expect(table.visibleCells.count == 12)
        #expect(table.visibleCells.allSatisfy { ($0 as! BoxCell).rows.count == 2 })
        // The queue hands the cells back in row order (last in, first out): row 12 gets row 11's
        // cell, 13 row 10's… row 23 row 0's; rows 12 + k and 11 − k differ in height when exactly
        // one of them is a multiple of 3: k = 0, 1 (11, 10 against 12, 13)… worked out: 8 cells.
        #expect(changed == 8)
    }

    /// Scrolled to 1 780 after the first screen: rows 12 and below are at their estimates, row 33
    /// spans 848 + 21 × 44 = 1 772 to 1 816, across the top. Measured 124 (80 taller) with its top
    /// above the bounds, it moves the offset by 80 to 1 860, so that row 34 stays 36 pt below the
    /// top. Rows on screen then: 33 (1 772–1 896) to 45 (2 620–2 744; 46 would start at
    /// 2 744 ≥ 2 704): 13 measured, 33, 36, 39, 42, 45 taller: 2 520 + 400 = 2 920.
    /// Scrolled up to 1 660: row 30 (estimate, 848 + 18 × 44 = 1 640 to 1 684) comes in across the
    /// top, measures 124: the offset moves to 1 740 and row 31 stays 24 pt below the top; rows 30,
    /// 31, 32 measured, content 3 000.
    @Test func aRowMeasuredAboveTheTopKeepsTheRowsOnScreenStill() {
        let boxes = (0..<50).map { $0 % 3 == 0 ? CGFloat(100) : 20 }
        let source = Source(boxes)
        let (window, table) = table(source)
        table.contentOffset = CGPoint(x: 0, y: 1_780)
        _ = window.layoutPass()
        #expect(table.contentOffset.y == 1_860)
        #expect(table.rectForRow(at: IndexPath(row: 33, section: 0)) == CGRect(x: 0, y: 1_772, width: 390, height: 124))
        #expect(table.rectForRow(at: IndexPath(row: 34, section: 0)).minY - table.contentOffset.y == 36)
        #expect(table.indexPathsForVisibleRows == rows(33...45))
        #expect(table.selfSizingMeasurements == 12 + 13)
        #expect(table.contentSize.height == 2_920)

        table.contentOffset = CGPoint(x: 0, y: 1_660)
        _ = window.layoutPass()
        #expect(table.contentOffset.y == 1_740)
        #expect(table.rectForRow(at: IndexPath(row: 30, section: 0)) == CGRect(x: 0, y: 1_640, width: 390, height: 124))
        #expect(table.rectForRow(at: IndexPath(row: 31, section: 0)).minY - table.contentOffset.y == 24)
        // Bounds 1 740–2 584: rows 30–42 (row 42 spans 2 488–2 612); only 30–32 are new.
        #expect(table.indexPathsForVisibleRows == rows(30...42))
        #expect(table.selfSizingMeasurements == 12 + 13 + 3)
        #expect(table.contentSize.height == 3_000)
    }

    /// Measured heights are kept: another layout measures nothing; `reloadRows` measures the row
    /// again (its box now 100: row 0 is 124, row 1 moves to 124); `reloadData` measures them all.
    @Test func heightsAreKeptUntilTheRowIsReloaded() {
        let source = Source(Array(repeating: 20, count: 40))
        let (window, table) = table(source)
        table.setNeedsLayout()
        _ = window.layoutPass()
        #expect(table.selfSizingMeasurements == 20 && source.asked.count == 20)

        source.boxes[0] = 100
        table.reloadRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        _ = window.layoutPass()
        #expect(table.selfSizingMeasurements == 21 && source.asked.count == 21)
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)).minY == 124)
        // Bounds 0–844: row 0 (0–124), rows 1–17 (124–872; row 17 starts at 828): one row fewer.
        #expect(table.indexPathsForVisibleRows == rows(0...17))
        #expect(table.contentSize.height == CGFloat(40 * 44 + 80))

        table.reloadData()
        _ = window.layoutPass()
        #expect(table.selfSizingMeasurements == 21 + 18)
    }

    /// `heightForRowAt` returning a number wins over self-sizing: that row is never measured (its
    /// cell is still asked for when it shows); `automaticDimension` self-sizes.
    @Test func heightForRowAtOverridesSelfSizing() {
        let source = Source(Array(repeating: 100, count: 10))
        source.heights = { $0.row == 1 ? 60 : UITableView.automaticDimension }
        let (_, table) = table(source)
        // Rows: 0 at 0–124, 1 at 124–184, 2 184–308, 3 308–432, 4 432–556, 5 556–680, 6 680–804,
        // 7 804–928 (starts above 844), 8 would start at 928.
        #expect(table.rectForRow(at: IndexPath(row: 1, section: 0)) == CGRect(x: 0, y: 124, width: 390, height: 60))
        #expect(table.indexPathsForVisibleRows == rows(0...7))
        #expect(table.selfSizingMeasurements == 7)
        #expect(source.asked == Array(0...7))
        // Rows 8 and 9 at the estimate: 124 × 7 + 60 + 2 × 44.
        #expect(table.contentSize.height == CGFloat(124 * 7 + 60 + 88))
        // The fixed row's cell keeps its whole height for its content view.
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.frame.height == 60)
    }

    /// A cell whose constraints give its content view no height gets UIKit's standard 44 pt (not
    /// the estimate, 60 here) and UIKit's warning, once; a cell with only UIKit's own labels gets
    /// 44 without a word.
    @Test func aCellWithoutConstraintsGetsTheStandardHeight() {
        let source = Source(Array(repeating: 0, count: 30))
        source.identifier = "framed"
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let table = UITableView(frame: window.bounds, style: .plain)
        table.contentInsetAdjustmentBehavior = .never   // the content from the window's top, as these numbers have it
        table.register(FramedCell.self, forCellReuseIdentifier: "framed")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        table.estimatedRowHeight = 60
        table.rowHeight = UITableView.automaticDimension
        table.dataSource = source
        window.addSubview(table)
        window.makeKeyAndVisible()
        _ = window.layoutPass()
        // 844 / 44 = 19.2: rows 0–19 measured 44 (row 19 at 836); 10 more at 60.
        #expect(table.rectForRow(at: IndexPath(row: 19, section: 0)) == CGRect(x: 0, y: 836, width: 390, height: 44))
        #expect(table.indexPathsForVisibleRows == rows(0...19))
        #expect(table.contentSize.height == CGFloat(20 * 44 + 10 * 60))
        let warnings = UIApplication.shared.layoutIssues.filter { $0.contains("ambiguously suggest a height of zero") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("Cell: FramedCell") == true)

        source.identifier = "plain"
        table.reloadData()
        _ = window.layoutPass()
        #expect(table.rectForRow(at: IndexPath(row: 19, section: 0)).height == 44)
        #expect(UIApplication.shared.layoutIssues.filter { $0.contains("ambiguously suggest a height of zero") }.count == 1)
    }

    /// With separators (UIKit's default) a row is its content view's height plus one pixel, 1/3 pt
    /// at @3x: 44⅓ for box 20; the content view stops above the line (44), the box keeps 20.
    /// 844 / 44⅓ = 19.04: rows 0–19 (row 19 starts at 19 × 44⅓ = 842⅓); 30 rows: 20 × 44⅓ + 10 × 44.
    @Test func separatorsAddAPixelToEachRow() {
        let source = Source(Array(repeating: 20, count: 30))
        let (_, table) = table(source, separators: true)
        let row = table.rectForRow(at: IndexPath(row: 1, section: 0))
        #expect(abs(row.height - (44 + 1.0 / 3)) < 1e-9 && abs(row.minY - (44 + 1.0 / 3)) < 1e-9)
        #expect(table.indexPathsForVisibleRows == rows(0...19))
        #expect(abs(table.contentSize.height - (20 * (44 + 1.0 / 3) + 10 * 44)) < 1e-9)
        let cell = table.cellForRow(at: IndexPath(row: 1, section: 0)) as! BoxCell
        #expect(cell.contentView.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(cell.box.frame == CGRect(x: 12, y: 12, width: 366, height: 20))
    }

    /// `tableHeaderView` and `tableFooterView` take the table's width and their frame's height when
    /// set; a header sized by its constraints is sized on request, `systemLayoutSizeFitting` at the
    /// table's width, then set again (UIKit does not size it by itself).
    @Test func headerAndFooterViewsTakeTheirFramesHeight() {
        let source = Source(Array(repeating: 20, count: 10))
        let (window, table) = table(source)
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        table.tableHeaderView = header
        table.tableFooterView = footer
        _ = window.layoutPass()
        // Header 0–100, rows from 100: on screen rows 0–9 (100 + 440 = 540); footer 540–590.
        #expect(header.frame == CGRect(x: 0, y: 0, width: 390, height: 100))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 100)
        #expect(footer.frame == CGRect(x: 0, y: 540, width: 390, height: 50))
        #expect(table.contentSize.height == 590)

        // Changing the header's height moves no row until it is set again (the header overlaps
        // them); set again, the rows start at 200.
        header.frame.size.height = 200
        table.setNeedsLayout()
        _ = window.layoutPass()
        #expect(header.frame == CGRect(x: 0, y: 0, width: 390, height: 200))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 100 && table.contentSize.height == 590)
        table.tableHeaderView = header
        _ = window.layoutPass()
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 200 && table.contentSize.height == 690)

        // A header laid out by constraints: a 30 pt box with 12 pt insets, fitted at 390: 54.
        let fitted = UIView(frame: .zero)
        let box = Box()
        box.height = 30
        box.translatesAutoresizingMaskIntoConstraints = false
        fitted.addSubview(box)
        NSLayoutConstraint.activate([
            box.leadingAnchor.constraint(equalTo: fitted.leadingAnchor, constant: 12),
            box.trailingAnchor.constraint(equalTo: fitted.trailingAnchor, constant: -12),
            box.topAnchor.constraint(equalTo: fitted.topAnchor, constant: 12),
            box.bottomAnchor.constraint(equalTo: fitted.bottomAnchor, constant: -12),
        ])
        let size = fitted.systemLayoutSizeFitting(CGSize(width: table.bounds.width, height: UIView.layoutFittingCompressedSize.height),
                                                  withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)
        #expect(size == CGSize(width: 390, height: 54))
        fitted.frame.size = size
        table.tableHeaderView = fitted
        _ = window.layoutPass()
        #expect(header.superview == nil)
        #expect(fitted.frame == CGRect(x: 0, y: 0, width: 390, height: 54))
        #expect(box.frame == CGRect(x: 12, y: 12, width: 366, height: 30))
        #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 54)
        #expect(table.contentSize.height == CGFloat(54 + 440 + 50))
    }
}
