// The inbox screen, as it is written for iOS, `import UIKit` and all (uisim's UIKit
// module on Linux).
import UIKit

/// One message in the list.
public struct Message: Sendable {
    public var sender: String
    public var subject: String
    public var unread: Bool

    public init(sender: String, subject: String, unread: Bool) {
        self.sender = sender
        self.subject = subject
        self.unread = unread
    }
}

/// The inbox: a table view of messages, each row with a custom-drawn avatar. In a navigation
/// controller, a tap pushes the message's screen and Compose presents the compose sheet.
public final class InboxViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let messages: [Message]
    /// Whether the avatars are opaque (drawn on the row's white) or blended over it.
    let opaqueAvatars: Bool
    public private(set) var tableView: UITableView!
    /// The rows tapped, in order.
    public private(set) var opened: [Int] = []

    public init(messages: [Message], opaqueAvatars: Bool = false) {
        self.messages = messages
        self.opaqueAvatars = opaqueAvatars
        super.init(nibName: nil, bundle: nil)
        title = "Inbox"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func loadView() {
        tableView = UITableView(frame: UIScreen.main.bounds, style: .plain)
        tableView.rowHeight = 72
        tableView.register(MessageCell.self, forCellReuseIdentifier: MessageCell.identifier)
        tableView.dataSource = self
        tableView.delegate = self
        view = tableView
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compose", primaryAction: UIAction { [weak self] _ in self?.compose() })
    }

    /// Presents the compose sheet at its medium detent, large a drag away.
    func compose() {
        let compose = ComposeViewController()
        if let sheet = compose.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
        present(compose, animated: true)
    }

    public func numberOfSections(in tableView: UITableView) -> Int { 2 }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        section == 0 ? messages.filter(\.unread).count : messages.filter { !$0.unread }.count
    }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        section == 0 ? "Unread" : "Earlier"
    }

    func message(at indexPath: IndexPath) -> Message {
        messages.filter { $0.unread == (indexPath.section == 0) }[indexPath.row]
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: MessageCell.identifier, for: indexPath) as! MessageCell
        cell.configure(with: message(at: indexPath), opaque: opaqueAvatars)
        return cell
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        opened.append(indexPath.row)
        tableView.deselectRow(at: indexPath, animated: true)
        let screen = MessageViewController(model: MessageViewModel(message: message(at: indexPath)))
        navigationController?.pushViewController(screen, animated: true)
    }
}

/// A row: the avatar (drawn), the sender and the subject.
final class MessageCell: UITableViewCell {
    static let identifier = "message"
    let avatar = AvatarView()

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(avatar)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        avatar.initials = ""
    }

    func configure(with message: Message, opaque: Bool) {
        textLabel?.text = message.sender
        textLabel?.font = message.unread ? .boldSystemFont(ofSize: 17) : .systemFont(ofSize: 17)
        detailTextLabel?.text = message.subject
        avatar.initials = String(message.sender.split(separator: " ").compactMap(\.first))
        avatar.unread = message.unread
        avatar.isOpaque = opaque
        avatar.backgroundColor = opaque ? .white : nil
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        avatar.frame = CGRect(x: 16, y: 12, width: 48, height: 48)
        for label in [textLabel, detailTextLabel] {
            guard let label else { continue }
            label.frame = CGRect(x: 76, y: label.frame.minY, width: bounds.width - 92, height: label.frame.height)
        }
    }
}

/// A round avatar with the sender's initials and a blue dot when unread, drawn in `draw(_:)`.
final class AvatarView: UIView {
    var initials = "" { didSet { if initials != oldValue { setNeedsDisplay() } } }
    var unread = false { didSet { if unread != oldValue { setNeedsDisplay() } } }

    override func draw(_ rect: CGRect) {
        let hue = CGFloat(initials.unicodeScalars.reduce(0) { $0 + Int($1.value) } % 12) / 12
        UIColor(hue: hue, saturation: 0.45, brightness: 0.85, alpha: 1).setFill()
        UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).fill()
        let font = UIFont.boldSystemFont(ofSize: 18)
        let size = initials.size(withAttributes: [.font: font])
        initials.draw(at: CGPoint(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2),
                      withAttributes: [.font: font, .foregroundColor: UIColor.white])
        if unread {
            UIColor.systemBlue.setFill()
            UIBezierPath(ovalIn: CGRect(x: bounds.maxX - 14, y: 0, width: 14, height: 14)).fill()
        }
    }
}
