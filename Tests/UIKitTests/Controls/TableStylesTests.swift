import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Testing
@testable import UIKit

/// Table cells' accessories and separators, and the grouped styles, with UIKit's metrics: the
/// accessory 16 pt from the trailing edge, the content view ending where it begins; a hairline
/// separator 16 pt in (20 on the wide phones); inset grouped sections as cards 16 pt in with
/// corners of 10, headers of 54 pt (32 + 16 + 6) over the first section and 17.5 pt between
/// sections, titled footers 34 pt (6 + 16 + 12).
@MainActor
@Suite struct TableStylesTests {
    final class Source: UITableViewDataSource {
        var rows: [Int]
        var headers: [Int: String] = [:], footers: [Int: String] = [:]
        var configure: (UITableViewCell, IndexPath) -> Void = { _, _ in }
        init(rows: [Int]) { self.rows = rows }
        func numberOfSections(in tableView: UITableView) -> Int { rows.count }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows[section] }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
            cell.textLabel?.text = "Row \(indexPath.row)"
            configure(cell, indexPath)
            return cell
        }
        func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { headers[section] }
        func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { footers[section] }
    }

    func separator(of cell: UITableViewCell) -> UIView? {
        cell.subviews.first { $0 !== cell.contentView && $0.frame.height < 1 && $0.backgroundColor == .separator }
    }

    @Test func accessoriesAndSeparators() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let table = UITableView(frame: window.bounds, style: .plain)
            let source = Source(rows: [4])
            let own = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
            source.configure = { cell, indexPath in
                switch indexPath.row {
                case 0: cell.accessoryType = .disclosureIndicator
                case 1: cell.accessoryType = .checkmark
                case 2: cell.accessoryType = .detailButton
                default: cell.accessoryView = own
                }
            }
            table.dataSource = source
            window.addSubview(table)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let cells = (0..<4).compactMap { table.cellForRow(at: IndexPath(row: $0, section: 0)) }
            #expect(cells.count == 4)
            let chevron = try #require(cells[0].subviews.first { $0 is StandardAccessoryView })
            #expect(chevron.frame == CGRect(x: 366, y: 16, width: 8, height: 13) && cells[0].contentView.frame.width == 366)
            #expect(cells[1].subviews.first { $0 is StandardAccessoryView }?.frame.size == CGSize(width: 14, height: 13))
            #expect(cells[2].subviews.first { $0 is StandardAccessoryView }?.frame == CGRect(x: 352, y: 11, width: 22, height: 22))
            #expect(own.frame == CGRect(x: 344, y: 12, width: 30, height: 20) && cells[3].contentView.frame.width == 344)
            let line = try #require(separator(of: cells[0]))
            #expect(abs(line.frame.minY - (44 - 1.0 / 3)) < 1e-9 && line.frame.minX == 16 && line.frame.width == 374)
            #expect(cells.allSatisfy { separator(of: $0) != nil })   // plain: under every row
            table.separatorStyle = .none
            window.layoutIfNeeded()
            #expect(cells.allSatisfy { separator(of: $0) == nil })
        }
    }

    @Test func insetGroupedSectionsAreCards() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let table = UITableView(frame: window.bounds, style: .insetGrouped)
            table.contentInsetAdjustmentBehavior = .never
            let source = Source(rows: [2, 2])
            source.headers = [0: "Account"]
            source.footers = [1: "Signed in as ada@example.com"]
            table.dataSource = source
            window.addSubview(table)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            #expect(table.backgroundColor == .systemGroupedBackground)
            // 54 header, 2 × 44, 17.5 footer; 17.5 header, 2 × 44, 34 footer.
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == CGRect(x: 16, y: 54, width: 358, height: 44))
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)) == CGRect(x: 16, y: 177, width: 358, height: 44))
            #expect(table.contentSize.height == 299)
            let first = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
            let last = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
            #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
            #expect(last.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner] && !last.layer.masksToBounds)
            #expect(separator(of: first) != nil && separator(of: last) == nil)   // the card ends at its last row
            #expect(first.backgroundColor == .secondarySystemGroupedBackground)
            let views = table.subviews.compactMap { $0 as? UITableViewHeaderFooterView }.filter { !$0.isHidden }
            let header = try #require(views.first { $0.textLabel?.text == "ACCOUNT" })
            #expect(header.frame == CGRect(x: 0, y: 0, width: 390, height: 54))
            #expect(header.textLabel?.frame == CGRect(x: 32, y: 32, width: 326, height: 16))
            let footer = try #require(views.first { $0.textLabel?.text == "Signed in as ada@example.com" })
            #expect(footer.frame == CGRect(x: 0, y: 265, width: 390, height: 34))
        }
    }

    @Test func plainFootersTakeTheirHeight() {
        UIApplication.withNewApplication {
            let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 600), style: .plain)
            let source = Source(rows: [1, 1])
            source.footers = [0: "End"]
            table.dataSource = source
            table.layoutIfNeeded()
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)).minY == 44 + 28 && table.contentSize.height == 44 + 28 + 44)
        }
    }
}
