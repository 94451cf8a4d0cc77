import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import RunLoop
import Testing
@testable import UIKit

/// Lists as modern apps build them: `UICollectionViewCompositionalLayout.list(using:)`, list
/// cells with `defaultContentConfiguration()`, accessories, a diffable data source. Figures worked
/// out by hand from UIKit's (the system font's line height is 2444/2048 of its size).
nonisolated private struct Row: Hashable, Sendable {
    var title: String
    var subtitle: String?
    var disclosure = false
}

@MainActor
@Suite struct ListLayoutTests {

    fileprivate final class Screen {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let collection: UICollectionView
        let dataSource: UICollectionViewDiffableDataSource<Int, Row>

        init(_ appearance: UICollectionLayoutListConfiguration.Appearance, sections: [[Row]]) {
            collection = UICollectionView(frame: window.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: appearance)))
            let registration = UICollectionView.CellRegistration<UICollectionViewListCell, Row> { cell, _, row in
                var content = cell.defaultContentConfiguration()
                content.text = row.title
                content.secondaryText = row.subtitle
                cell.contentConfiguration = content
                cell.accessories = row.disclosure ? [.disclosureIndicator()] : []
            }
            dataSource = UICollectionViewDiffableDataSource(collectionView: collection) { collection, indexPath, row in
                collection.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: row)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, Row>()
            snapshot.appendSections(Array(sections.indices))
            for (index, rows) in sections.enumerated() { snapshot.appendItems(rows, toSection: index) }
            dataSource.apply(snapshot, animatingDifferences: false)
            window.addSubview(collection)
            window.makeKeyAndVisible()
            _ = window.layoutPass()
        }

        func cell(_ item: Int, _ section: Int = 0) -> UICollectionViewListCell {
            collection.cellForItem(at: IndexPath(item: item, section: section)) as! UICollectionViewListCell
        }
    }

    /// A row of one line: 11 + 17 × 2444/2048 (20.29) + 11 = 42.29, below the least 44: 44.
    /// With a caption below: labels measure on the 3× pixel grid (a 17 pt line 20.29 → 61/3, a
    /// 12 pt one 14.32 → 43/3): 11 + 61/3 + 3 + 43/3 + 11 = 179/3 = 59.67.
    static let twoLines: CGFloat = 179.0 / 3

    /// Inset grouped, 390 pt wide: sections 16 pt in (358 wide), the first 35 pt down, rows
    /// stacked from their content, 17.5 + 17.5 between sections; the first and last rows of a
    /// section rounded 10 pt; separators under all rows but a section's last, from the text (16 pt
    /// in) to the edge, one pixel; the list's grouped background.
    @Test func anInsetGroupedList() {
        let screen = Screen(.insetGrouped, sections: [
            [Row(title: "Wi-Fi", subtitle: "Home"), Row(title: "Bluetooth"), Row(title: "Mobile Data")],
            [Row(title: "General")],
        ])
        let c = screen.collection
        #expect(c.backgroundColor == .systemGroupedBackground)
        let first = screen.cell(0)
        #expect(abs(first.frame.minY - 35) < 1e-9 && first.frame.minX == 16 && first.frame.width == 358)
        #expect(abs(first.frame.height - Self.twoLines) < 1e-9)
        let second = screen.cell(1)
        #expect(abs(second.frame.minY - (35 + Self.twoLines)) < 1e-9 && second.frame.height == 44)
        let third = screen.cell(2)
        #expect(abs(third.frame.maxY - (35 + Self.twoLines + 88)) < 1e-9)
        let general = screen.cell(0, 1)
        #expect(abs(general.frame.minY - (third.frame.maxY + 35)) < 1e-9)
        #expect(abs(c.contentSize.height - (general.frame.maxY + 17.5)) < 1e-9)

        // Rounded corners: the top ones on the first row, the bottom ones on the last.
        #expect(first.layer.cornerRadius == 10 && first.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner] && first.layer.masksToBounds)
        #expect(second.layer.cornerRadius == 0 && !second.layer.masksToBounds)
        #expect(third.layer.maskedCorners == [.layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        #expect(general.layer.maskedCorners == .all && general.layer.cornerRadius == 10)

        // The text 16 pt in; the caption under it, 3 pt down.
        let content = first.contentView as! UIListContentView
        #expect(content.textLabel.frame.minX == 16 && abs(content.textLabel.frame.minY - 11) < 1e-9)
        #expect(abs(content.secondaryTextLabel.frame.minY - (11 + 61.0 / 3 + 3)) < 1e-9)
        // Separators: under rows 0 and 1, none under the section's last.
        func separator(_ cell: UICollectionViewListCell) -> UIView? {
            cell.subviews.first { $0.backgroundColor == .separator && !$0.isHidden }
        }
        #expect(separator(first)?.frame == CGRect(x: 16, y: first.bounds.height - 1.0 / 3, width: 342, height: 1.0 / 3))
        #expect(separator(second) != nil && separator(third) == nil && separator(general) == nil)
    }

    /// Plain: rows the full width from the top, the system background, a separator under every
    /// row; a disclosure chevron (8 × 13) at the trailing margin, centred, the content 8 pt short
    /// of it.
    @Test func aPlainListWithDisclosure() {
        let screen = Screen(.plain, sections: [[Row(title: "Inbox", disclosure: true), Row(title: "Sent")]])
        #expect(screen.collection.backgroundColor == .systemBackground)
        let inbox = screen.cell(0)
        #expect(inbox.frame == CGRect(x: 0, y: 0, width: 390, height: 44))
        #expect(screen.cell(1).frame == CGRect(x: 0, y: 44, width: 390, height: 44))
        let chevron = inbox.subviews.compactMap { $0 as? UIImageView }.first
        #expect(chevron?.frame == CGRect(x: 390 - 16 - 8, y: 15.5, width: 8, height: 13))
        #expect(inbox.contentView.frame == CGRect(x: 0, y: 0, width: 390 - 16 - 8 - 8, height: 44))
        #expect(screen.cell(1).contentView.frame.width == 390)
        #expect(inbox.subviews.contains { $0.backgroundColor == .separator && !$0.isHidden })
        #expect(screen.cell(1).subviews.contains { $0.backgroundColor == .separator && !$0.isHidden })
    }

    /// A selected list cell shows systemGray4 behind its content (its background configuration,
    /// updated for its state at the next layout); deselected, white again.
    @Test func selectionUpdatesTheBackground() {
        let screen = Screen(.insetGrouped, sections: [[Row(title: "A"), Row(title: "B")]])
        let cell = screen.cell(1)
        func background() -> UIColor? { cell.subviews.first?.backgroundColor }
        #expect(background() == .secondarySystemGroupedBackground)
        screen.collection.selectItem(at: IndexPath(item: 1, section: 0), animated: false, scrollPosition: [])
        _ = screen.window.layoutPass()
        #expect(background() == .systemGray4)
        screen.collection.deselectItem(at: IndexPath(item: 1, section: 0), animated: false)
        _ = screen.window.layoutPass()
        #expect(background() == .secondarySystemGroupedBackground)
    }

    /// A configuration update handler runs with the cell's state when it changes.
    @Test func configurationUpdateHandlerSeesTheState() {
        let screen = Screen(.plain, sections: [[Row(title: "A")]])
        let cell = screen.cell(0)
        var states: [Bool] = []
        cell.configurationUpdateHandler = { _, state in states.append(state.isHighlighted) }
        _ = screen.window.layoutPass()
        cell.isHighlighted = true
        _ = screen.window.layoutPass()
        #expect(states == [false, true])
    }

    /// A value cell puts its secondary text at the trailing margin, on the text's line.
    @Test func aValueCellSitsSideBySide() {
        var configuration = UIListContentConfiguration.valueCell()
        configuration.text = "Wi-Fi"
        configuration.secondaryText = "Home"
        let view = UIListContentView(configuration: configuration)
        view.frame = CGRect(x: 0, y: 0, width: 390, height: 44)
        view.layoutIfNeeded()
        #expect(view.sizeThatFits(CGSize(width: 390, height: 0)).height == 44)
        #expect(view.textLabel.frame.minX == 16)
        #expect(abs(view.secondaryTextLabel.frame.maxX - (390 - 8)) < 1e-9)
        #expect(view.secondaryTextLabel.frame.midY == view.textLabel.frame.midY)
    }
}
