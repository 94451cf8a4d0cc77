import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIKit

/// The `grid` scene: a store's home screen as iOS apps build it now, a collection view with a
/// compositional layout and a diffable data source: a carousel of 20 featured tiles that pages
/// sideways (an orthogonal section, groups centred), a list of 6 categories (list cells with a
/// disclosure chevron, inset grouped), and a two-column grid of 10 000 cards, each as tall as its
/// title (one to three lines: self-sizing cells, 240 pt estimated). A card shows a thumbnail drawn
/// in `draw(_:)` (a gradient and shapes), a title and a price.
enum GridScene {
    static let scene = Scene(
        name: "grid",
        summary: "A compositional collection view of 10 026 items, diffable: a sideways carousel, a list of categories, a two-column grid of self-sizing cards.",
        variants: [
            .init(name: "opaque", summary: "cards, their labels and thumbnails opaque on solid white (off: rounded, transparent, blended over the grouped background)"),
            .init(name: "degrade-while-scrolling",
                  summary: "while scrolling, thumbnails draw a flat colour without their gradient and shapes; full redraw when it stops"),
            .init(name: "prefetch",
                  summary: "thumbnails rendered into images in prefetchItemsAt, a screen ahead, and shown by image views (off: each card draws its thumbnail as it comes on screen)"),
        ]
    ) { settings in
        GridViewController(style: GridStyle(settings))
    }
}

/// How the grid's cards are built and drawn.
struct GridStyle {
    let opaque: Bool
    let degradesWhileScrolling: Bool
    let prefetches: Bool

    init(_ settings: Scene.Settings) {
        opaque = settings.isOn("opaque")
        degradesWhileScrolling = settings.isOn("degrade-while-scrolling")
        prefetches = settings.isOn("prefetch")
    }
}

nonisolated enum GridSection: Int, Hashable, Sendable { case featured, categories, cards }

nonisolated enum GridItem: Hashable, Sendable {
    case featured(Int), category(Int), card(Int)
}

/// The screen: the collection view, its diffable data source, its delegate and prefetch data source.
final class GridViewController: UIViewController, UICollectionViewDelegate, UICollectionViewDataSourcePrefetching {
    static let featuredCount = 20, cardCount = 10_000
    static let categories = ["Books", "Music", "Games", "Kitchen", "Garden", "Travel"]
    static let titles = ["Featured", "", "Recommended for you"]
    let style: GridStyle
    private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<GridSection, GridItem>!
    /// Whether cards draw their cheap version (only with the degrade variant, while scrolling).
    private(set) var degraded = false
    /// Thumbnails rendered ahead (with `prefetch`), by card; the oldest go past `thumbnailLimit`.
    private(set) var thumbnails: [Int: UIImage] = [:]
    private var thumbnailOrder: [Int] = []
    static let thumbnailLimit = 200

    init(style: GridStyle) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: Self.layout())
        collection.alwaysBounceVertical = true
        // Full-bleed from the window's top, as this scene has been measured since before uisim
        // adjusted insets for the safe area (the advice's figures and the schema-3 fixtures):
        // UIKit's default (.automatic) would start the content 47 pt down, under the status bar.
        collection.contentInsetAdjustmentBehavior = .never
        // And no scroll indicators (UIKit shows them): their bar would change the published figures.
        collection.showsVerticalScrollIndicator = false
        collection.showsHorizontalScrollIndicator = false
        collection.delegate = self
        if style.prefetches { collection.prefetchDataSource = self }
        let featured = UICollectionView.CellRegistration<FeaturedCell, Int> { cell, _, index in cell.configure(index) }
        let category = UICollectionView.CellRegistration<UICollectionViewListCell, Int> { cell, _, index in
            var content = cell.defaultContentConfiguration()
            content.text = Self.categories[index]
            content.secondaryText = "\(120 + index * 37) items"
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let card = UICollectionView.CellRegistration<CardCell, Int> { [unowned self] cell, _, index in
            cell.configure(index, style: style, degraded: degraded, thumbnail: thumbnails[index])
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collection) { collection, indexPath, item in
            switch item {
            case .featured(let index): collection.dequeueConfiguredReusableCell(using: featured, for: indexPath, item: index)
            case .category(let index): collection.dequeueConfiguredReusableCell(using: category, for: indexPath, item: index)
            case .card(let index): collection.dequeueConfiguredReusableCell(using: card, for: indexPath, item: index)
            }
        }
        let header = UICollectionView.SupplementaryRegistration<GridHeader>(elementKind: UICollectionView.elementKindSectionHeader) { view, _, indexPath in
            view.label.text = Self.titles[indexPath.section]
        }
        dataSource.supplementaryViewProvider = { collection, _, indexPath in
            collection.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        var snapshot = NSDiffableDataSourceSnapshot<GridSection, GridItem>()
        snapshot.appendSections([.featured, .categories, .cards])
        snapshot.appendItems((0..<Self.featuredCount).map(GridItem.featured), toSection: .featured)
        snapshot.appendItems(Self.categories.indices.map(GridItem.category), toSection: .categories)
        snapshot.appendItems((0..<Self.cardCount).map(GridItem.card), toSection: .cards)
        dataSource.apply(snapshot, animatingDifferences: false)
        collectionView = collection
        view = collection
    }

    /// The carousel (80 % of the width, 180 pt, paging a group at a time, centred), the list
    /// (inset grouped), the cards (half the width less 5 pt around each, 240 pt estimated).
    static func layout() -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout { index, environment in
            let header = NSCollectionLayoutBoundarySupplementaryItem(
                layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                elementKind: UICollectionView.elementKindSectionHeader, alignment: .top)
            switch GridSection(rawValue: index) ?? .cards {
            case .featured:
                let item = NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(180)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.orthogonalScrollingBehavior = .groupPagingCentered
                section.interGroupSpacing = 10
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16)
                section.boundarySupplementaryItems = [header]
                return section
            case .categories:
                return NSCollectionLayoutSection.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped), layoutEnvironment: environment)
            case .cards:
                let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .estimated(240))
                let item = NSCollectionLayoutItem(layoutSize: size)
                item.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                let group = NSCollectionLayoutGroup.horizontal(
                    layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(240)), subitems: [item])
                let section = NSCollectionLayoutSection(group: group)
                section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 11, bottom: 11, trailing: 11)
                section.boundarySupplementaryItems = [header]
                return section
            }
        }
    }

    // MARK: Prefetching

    /// Renders the thumbnails of cards about to come on screen into images (once each).
    func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        let width = CardCell.thumbnailWidth(in: collectionView.bounds.width)
        for indexPath in indexPaths {
            guard case .card(let index) = dataSource.itemIdentifier(for: indexPath), thumbnails[index] == nil else { continue }
            let format = UIGraphicsImageRendererFormat.default()
            format.opaque = true   // the thumbnail fills its rectangle, as the view that draws it does
            thumbnails[index] = UIGraphicsImageRenderer(size: CGSize(width: width, height: width * 0.75), format: format).image { context in
                ThumbnailView.draw(index, in: CGRect(x: 0, y: 0, width: width, height: width * 0.75), degraded: false, context: context.cgContext)
            }
            thumbnailOrder.append(index)
            if thumbnailOrder.count > Self.thumbnailLimit { thumbnails[thumbnailOrder.removeFirst()] = nil }
        }
    }

    // MARK: Degrading while scrolling

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        guard style.degradesWhileScrolling else { return }
        degraded = true
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { scrollingStopped() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        scrollingStopped()
    }

    /// Scrolling stopped: every card on screen that drew cheaply redraws once in full.
    private func scrollingStopped() {
        guard degraded else { return }
        degraded = false
        for case let cell as CardCell in collectionView.visibleCells { cell.restoreFullQuality() }
    }
}

/// A section's title over its items.
final class GridHeader: UICollectionReusableView {
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.font = .preferredFont(forTextStyle: .title3)
        addSubview(label)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: 16, dy: 8)
    }
}

/// A featured tile: a coloured panel with a title.
final class FeaturedCell: UICollectionViewCell {
    let title = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 14
        title.font = .preferredFont(forTextStyle: .title2)
        title.textColor = .white
        contentView.addSubview(title)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(_ index: Int) {
        contentView.backgroundColor = UIColor(hue: CGFloat(index % 10) / 10, saturation: 0.55, brightness: 0.85, alpha: 1)
        title.text = "Featured \(index + 1)"
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        title.frame = CGRect(x: 16, y: bounds.height - 48, width: bounds.width - 32, height: 32)
    }
}

/// A card: a thumbnail (drawn, or an image rendered ahead), a title of one to three lines and a
/// price, laid out by hand; `sizeThatFits` says its height, which the layout takes.
final class CardCell: UICollectionViewCell {
    let thumbnail = ThumbnailView()
    let image = UIImageView()
    let title = UILabel()
    let price = UILabel()
    static let padding: CGFloat = 8

    /// A thumbnail's width in a collection view `width` wide: half, less the section's 11 pt and
    /// the item's 5 pt insets, less the card's padding.
    static func thumbnailWidth(in width: CGFloat) -> CGFloat { (width - 22) / 2 - 10 - 2 * padding }

    override init(frame: CGRect) {
        super.init(frame: frame)
        title.font = .preferredFont(forTextStyle: .subheadline)
        title.numberOfLines = 3
        price.font = .preferredFont(forTextStyle: .footnote)
        price.textColor = .secondaryLabel
        image.isOpaque = true   // the thumbnails rendered ahead are opaque and fill the view
        for view in [thumbnail, image, title, price] as [UIView] { contentView.addSubview(view) }
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(_ index: Int, style: GridStyle, degraded: Bool, thumbnail rendered: UIImage?) {
        if style.opaque {
            contentView.backgroundColor = .white
            contentView.isOpaque = true
            for view in [title, price, thumbnail] as [UIView] { view.backgroundColor = .white }
            contentView.layer.cornerRadius = 0
        } else {
            contentView.backgroundColor = UIColor(white: 1, alpha: 0.92)
            contentView.layer.cornerRadius = 12
        }
        title.text = Self.title(index)
        price.text = "$\(9 + index % 90).99"
        image.image = rendered
        image.isHidden = rendered == nil
        thumbnail.isHidden = rendered != nil
        // A thumbnail rendered ahead is shown as it is: the view that draws is left alone.
        if rendered == nil { thumbnail.configure(index, degraded: degraded) }
        setNeedsLayout()
    }

    func restoreFullQuality() {
        guard !thumbnail.isHidden, thumbnail.degraded else { return }
        thumbnail.degraded = false
    }

    /// A title of 2 to 13 words: one to three lines in a card.
    static func title(_ index: Int) -> String {
        let words = ["Handmade", "ceramic", "mug", "with", "a", "speckled", "glaze", "for", "coffee", "and", "tea", "lovers", "everywhere"]
        let count = 2 + (index * 7 + 3) % 12
        return (0..<count).map { words[(index + $0) % words.count] }.joined(separator: " ")
    }

    private func arrange(width: CGFloat) -> (thumbnail: CGRect, title: CGRect, price: CGRect, height: CGFloat) {
        let inner = max(0, width - 2 * Self.padding)
        let thumb = CGRect(x: Self.padding, y: Self.padding, width: inner, height: (inner * 0.75).rounded())
        let titleHeight = title.sizeThatFits(CGSize(width: inner, height: .greatestFiniteMagnitude)).height
        let titleFrame = CGRect(x: Self.padding, y: thumb.maxY + 8, width: inner, height: titleHeight)
        let priceHeight = price.sizeThatFits(CGSize(width: inner, height: .greatestFiniteMagnitude)).height
        let priceFrame = CGRect(x: Self.padding, y: titleFrame.maxY + 4, width: inner, height: priceHeight)
        return (thumb, titleFrame, priceFrame, priceFrame.maxY + 10)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let laid = arrange(width: contentView.bounds.width)
        for (view, frame) in [(thumbnail, laid.thumbnail), (image, laid.thumbnail), (title, laid.title), (price, laid.price)] as [(UIView, CGRect)]
            where view.frame != frame { view.frame = frame }
    }

    override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: arrange(width: size.width).height)
    }
}

/// A card's thumbnail, drawn: a diagonal gradient and five shapes (degraded: a flat colour). It
/// fills its bounds: opaque.
final class ThumbnailView: UIView {
    private(set) var index = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = true
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    var degraded = false {
        didSet { if degraded != oldValue { setNeedsDisplay() } }
    }

    func configure(_ index: Int, degraded: Bool) {
        self.index = index
        self.degraded = degraded
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        Self.draw(index, in: bounds, degraded: degraded, context: context)
    }

    static func draw(_ index: Int, in rect: CGRect, degraded: Bool, context: CGContext) {
        let hue = CGFloat(index % 12) / 12
        guard !degraded else {
            context.setFillColor(UIColor(hue: hue, saturation: 0.3, brightness: 0.9, alpha: 1).cgColor)
            context.fill(rect)
            return
        }
        let gradient = CGGradient(colorsSpace: nil, colors: [UIColor(hue: hue, saturation: 0.5, brightness: 1, alpha: 1).cgColor,
                                                             UIColor(hue: hue, saturation: 0.8, brightness: 0.7, alpha: 1).cgColor], locations: [0, 1])!
        context.saveGState()
        context.clip(to: rect)
        context.drawLinearGradient(gradient, start: rect.origin, end: CGPoint(x: rect.maxX, y: rect.maxY), options: [])
        for shape in 0..<5 {
            let size = rect.width * (0.15 + 0.05 * CGFloat((index + shape) % 4))
            let x = rect.minX + rect.width * CGFloat((index * 3 + shape * 17) % 80) / 100
            let y = rect.minY + rect.height * CGFloat((index * 5 + shape * 29) % 70) / 100
            context.setFillColor(UIColor(white: 1, alpha: 0.35).cgColor)
            context.fillEllipse(in: CGRect(x: x, y: y, width: size, height: size))
        }
        context.restoreGState()
    }
}
