// The mailbox screen, laid out the way an iOS engineer writes one today: no frames anywhere.
// `viewDidLoad` builds the view with `translatesAutoresizingMaskIntoConstraints = false` and
// anchors to `view.safeAreaLayoutGuide`; the header is a UIStackView (title, unread count, a
// switch); the list is a UITableView whose rows size themselves (`automaticDimension` with an
// estimate) from a cell whose contentView holds a vertical UIStackView of sender and subject
// pinned to its layout margins. A message without a subject hides its second label, so its row is
// shorter. The file is as on iOS, `import UIKit` and all (uisim's UIKit module on Linux).
import UIKit

/// The mailbox: a header (title, unread count, "unread only" switch) above a list of messages
/// whose rows size themselves.
public final class MailboxViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let messages: [Message]
    /// What the list shows: all messages, or only the unread ones when the switch is on.
    public private(set) var shown: [Message]

    public let titleLabel = UILabel()
    public let unreadLabel = UILabel()
    public let unreadOnlySwitch = UISwitch()
    public private(set) var header: UIStackView!
    public let tableView = UITableView(frame: .zero, style: .plain)

    public init(messages: [Message]) {
        self.messages = messages
        self.shown = messages
        super.init(nibName: nil, bundle: nil)
        title = "Mailbox"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }


    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        titleLabel.text = "Mailbox"
        titleLabel.font = .boldSystemFont(ofSize: 28)
        unreadLabel.text = "\(messages.filter(\.unread).count) unread"
        unreadLabel.font = .systemFont(ofSize: 15)
        unreadLabel.textColor = .gray
        // The title takes the room left over; the count and the switch keep their own widths.
        unreadLabel.setContentHuggingPriority(.required, for: .horizontal)
        unreadOnlySwitch.addAction(UIAction { [weak self] _ in self?.unreadOnlyChanged() }, for: .valueChanged)

        let header = UIStackView(arrangedSubviews: [titleLabel, unreadLabel, unreadOnlySwitch])
        header.axis = .horizontal
        header.alignment = .center
        header.spacing = 8
        header.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(header)
        self.header = header

        tableView.translatesAutoresizingMaskIntoConstraints = false
        tableView.register(MailboxCell.self, forCellReuseIdentifier: MailboxCell.identifier)
        tableView.rowHeight = UITableView.automaticDimension
        tableView.estimatedRowHeight = 64
        tableView.dataSource = self
        tableView.delegate = self
        view.addSubview(tableView)

        let safeArea = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: safeArea.topAnchor, constant: 8),
            header.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor, constant: 16),
            header.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor, constant: -16),
            tableView.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 8),
            tableView.leadingAnchor.constraint(equalTo: safeArea.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: safeArea.trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: safeArea.bottomAnchor),
        ])
    }

    func unreadOnlyChanged() {
        shown = unreadOnlySwitch.isOn ? messages.filter(\.unread) : messages
        tableView.reloadData()
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { shown.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MailboxCell.identifier, for: indexPath) as! MailboxCell
        cell.configure(with: shown[indexPath.row])
        return cell
    }
}

/// A message's row: sender above subject in a vertical stack view pinned to the content view's
/// margins; without a subject, the subject label is hidden and the stack (and the row) shrinks.
final class MailboxCell: UITableViewCell {
    static let identifier = "mailbox-message"
    let senderLabel = UILabel()
    let subjectLabel = UILabel()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        senderLabel.font = .systemFont(ofSize: 17)
        subjectLabel.font = .systemFont(ofSize: 15)
        subjectLabel.textColor = .darkGray

        let stack = UIStackView(arrangedSubviews: [senderLabel, subjectLabel])
        stack.axis = .vertical
        stack.spacing = 4
        stack.translatesAutoresizingMaskIntoConstraints = false
        contentView.addSubview(stack)
        // The same margins on iOS and in uisim (their defaults differ: 11/16 in a cell on iOS, 8 in uisim).
        contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
        let margins = contentView.layoutMarginsGuide
        NSLayoutConstraint.activate([
            stack.topAnchor.constraint(equalTo: margins.topAnchor),
            stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
            stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }


    func configure(with message: Message) {
        senderLabel.text = message.sender
        senderLabel.font = message.unread ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        subjectLabel.text = message.subject
        subjectLabel.isHidden = message.subject.isEmpty
    }
}
