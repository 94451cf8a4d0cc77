import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A list's look, for a compositional layout (UIKit's `UICollectionLayoutListConfiguration`):
/// rows the full width (inset by the margins in the inset-grouped and sidebar styles), each
/// 44 pt estimated and sized from its cell; separators under list cells; section headers and
/// footers as supplementary views when asked for.
///
/// The figures are UIKit's (iOS 14–18): the plain list on the system background, the grouped
/// ones on the grouped background, 35 pt above the first section and 17.5 above and below each
/// (35 between two sections), inset-grouped sections 16 pt in from the edges (20 on screens wider
/// than 400 pt) with 10 pt rounded corners; plain headers 28 pt, pinned to the top while their
/// section scrolls.
///
/// Where uisim differs: the last grouped section keeps 17.5 below (UIKit's 20 needs the section
/// count, which a section provider is not told); headers and footers keep their estimates (they
/// are not measured); swipe actions are not drawn.
public struct UICollectionLayoutListConfiguration {
    public enum Appearance: Int, Sendable { case plain, grouped, insetGrouped, sidebar, sidebarPlain }
    public enum HeaderMode: Int, Sendable { case none, supplementary, firstItemInSection }
    public enum FooterMode: Int, Sendable { case none, supplementary }

    public var appearance: Appearance
    public var showsSeparators = true
    public var headerMode = HeaderMode.none
    public var footerMode = FooterMode.none
    /// The list's background (nil: the appearance's).
    public var backgroundColor: UIColor?
    /// Extra space above each header (nil: the system's).
    public var headerTopPadding: CGFloat?

    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// The background the list shows.
    var background: UIColor {
        backgroundColor ?? (appearance == .plain || appearance == .sidebarPlain ? .systemBackground : .systemGroupedBackground)
    }

    var isGrouped: Bool { appearance == .grouped || appearance == .insetGrouped || appearance == .sidebar }
    var isInset: Bool { appearance == .insetGrouped || appearance == .sidebar }

    /// The estimated height of every row.
    static let estimatedRowHeight: CGFloat = 44
    /// Inset-grouped sections' corner radius.
    static let cornerRadius: CGFloat = 10
}

/// What a list section tells the collection view about one of its rows: the list's look, whether
/// a separator shows under it, and the corners rounded (the first and last rows of an
/// inset-grouped section).
struct ListRowStyle: Equatable {
    var appearance: UICollectionLayoutListConfiguration.Appearance
    var separator: Bool
    var corners: CACornerMask
}

extension NSCollectionLayoutSection {
    /// A section laid out as a list: one row across, 44 pt estimated (UIKit's).
    @preconcurrency @MainActor
    public static func list(using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection {
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(UICollectionLayoutListConfiguration.estimatedRowHeight))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)])
        let section = NSCollectionLayoutSection(group: group)
        let width = layoutEnvironment.container.contentSize.width
        let side: CGFloat = configuration.isInset ? (width > 400 ? 20 : 16) : 0
        let padding: CGFloat = configuration.isGrouped ? 17.5 : 0
        section.contentInsets = NSDirectionalEdgeInsets(top: padding, leading: side, bottom: padding, trailing: side)
        if configuration.headerMode == .supplementary {
            let height: CGFloat = configuration.isGrouped ? groupedHeaderHeight : 28
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(height)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            // A plain list's headers stay at the top while their section scrolls, as a plain
            // table's do; the grouped styles' scroll away.
            if !configuration.isGrouped {
                header.pinToVisibleBounds = true
                header.zIndex = 2
            }
            section.boundarySupplementaryItems.append(header)
            section.contentInsets.top = configuration.headerTopPadding ?? 0
        }
        if configuration.footerMode == .supplementary {
            section.boundarySupplementaryItems.append(NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(groupedFooterHeight)),
                elementKind: UICollectionView.elementKindSectionFooter, alignment: .bottom))
        }
        section.list = configuration
        return section
    }

    /// A grouped header's height: its margins (17 above, 6 below) around a line of footnote text.
    @MainActor static var groupedHeaderHeight: CGFloat { 17 + UIFont.preferredFont(forTextStyle: .footnote).lineHeight + 6 }
    /// A grouped footer's: 6 above, 12 below a line of footnote text.
    @MainActor static var groupedFooterHeight: CGFloat { 6 + UIFont.preferredFont(forTextStyle: .footnote).lineHeight + 12 }
}

extension UICollectionViewCompositionalLayout {
    /// A layout whose every section is a list of `configuration` (UIKit's `list(using:)`); the
    /// collection view shows the list's background unless the app set its own colour.
    public static func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { _, environment in
            NSCollectionLayoutSection.list(using: configuration, layoutEnvironment: environment)
        }
    }
}
