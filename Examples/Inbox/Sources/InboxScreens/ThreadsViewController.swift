// The threads screen, written as an iOS 14+ app writes a list: a collection view with a
// compositional list layout (inset grouped, with section headers), a diffable data source, list
// cells configured with `defaultContentConfiguration()` and a disclosure chevron. A tap on a
// thread archives it: the next snapshot leaves it out and is applied as its difference (the row
// fades out, the rows below close up, one more comes on screen). The file is as on iOS.
import UIKit

/// A conversation in the list: its identity is its number.
public struct MailThread: Hashable, Sendable {
    public var id: Int
    public var sender: String
    public var subject: String
    public var unread: Bool

    public init(id: Int, sender: String, subject: String, unread: Bool) {
        self.id = id
        self.sender = sender
        self.subject = subject
        self.unread = unread
    }
}

/// The threads: the first three pinned, the rest below; a tap archives one.
public final class ThreadsViewController: UIViewController, UICollectionViewDelegate {
    public enum Section: Int, Hashable, Sendable { case pinned, all }
    public static let pinnedCount = 3

    public let threads: [MailThread]
    /// The threads archived so far, in order.
    public private(set) var archived: [Int] = []
    public private(set) var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, MailThread>!

    public init(threads: [MailThread]) {
        self.threads = threads
        super.init(nibName: nil, bundle: nil)
        title = "Threads"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }


    public override func viewDidLoad() {
        super.viewDidLoad()
        var configuration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
        configuration.headerMode = .supplementary
        let collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: UICollectionViewCompositionalLayout.list(using: configuration))
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.delegate = self
        view.addSubview(collectionView)
        self.collectionView = collectionView

        let cell = UICollectionView.CellRegistration<UICollectionViewListCell, MailThread> { cell, _, thread in
            var content = cell.defaultContentConfiguration()
            content.text = thread.sender
            content.secondaryText = thread.subject
            content.textProperties.font = thread.unread ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
            cell.contentConfiguration = content
            cell.accessories = [.disclosureIndicator()]
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(elementKind: UICollectionView.elementKindSectionHeader) { header, _, indexPath in
            var content = UIListContentConfiguration.groupedHeader()
            content.text = indexPath.section == Section.pinned.rawValue ? "PINNED" : "ALL THREADS"
            header.contentConfiguration = content
            header.backgroundConfiguration = .listGroupedHeaderFooter()
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, thread in
            collectionView.dequeueConfiguredReusableCell(using: cell, for: indexPath, item: thread)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        dataSource.apply(snapshot(), animatingDifferences: false)
    }

    /// The threads not archived: the first three pinned, the others below.
    func snapshot() -> NSDiffableDataSourceSnapshot<Section, MailThread> {
        var snapshot = NSDiffableDataSourceSnapshot<Section, MailThread>()
        snapshot.appendSections([.pinned, .all])
        let kept = threads.filter { !archived.contains($0.id) }
        snapshot.appendItems(kept.filter { $0.id < Self.pinnedCount }, toSection: .pinned)
        snapshot.appendItems(kept.filter { $0.id >= Self.pinnedCount }, toSection: .all)
        return snapshot
    }

    /// A tap archives the thread: the list is updated by the difference.
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let thread = dataSource.itemIdentifier(for: indexPath) else { return }
        archived.append(thread.id)
        dataSource.apply(snapshot(), animatingDifferences: true)
    }
}
