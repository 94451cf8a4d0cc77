import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIKit

/// The `navigation` scene: a mail app's screens as UIKit composes them. A tab bar controller
/// holds a navigation controller whose list of 60 messages (a table view controller, under a
/// 44 pt bar: the table starts at 91 pt) pushes a message's screen when a row is tapped; the bar's
/// back button or an edge swipe pops it. The message's screen hides the tab bar, shows a toolbar
/// (Delete asks in an alert and pops; Reply presents the compose sheet) and a long body. The
/// list's Compose button presents a page sheet (medium and large detents, a grabber), its Filter
/// button an action sheet. With `defer-body` the message's screen fills its body once the push is
/// over (`viewDidAppear`) instead of before it (`viewDidLoad`): the push's first frame lays out
/// and draws the header alone, and the body's work lands in the push's last frame.
///
/// On an iPhone 14: row r is at y = 91 + 64 r (row 3 centred at 315), the back button and the
/// Filter button at the bar's leading edge (38, 69), Compose at its trailing edge (339, 69), the
/// toolbar 766…810 (Delete at 42, 788), an alert's right button at (262, 462).
enum NavigationScene {
    static let scene = Scene(
        name: "navigation",
        summary: "A mail list in a navigation controller in a tab bar controller: a tap pushes a message, back or an edge swipe pops it; Compose presents a sheet, Filter and Delete alerts.",
        variants: [
            .init(name: "defer-body",
                  summary: "the message's screen fills its long body after the push (viewDidAppear), not before it (viewDidLoad): the push's first frame does less, its last frame the rest"),
        ]
    ) { settings in
        let list = MailListController(defersBody: settings.isOn("defer-body"))
        let mail = UINavigationController(rootViewController: list)
        mail.tabBarItem = UITabBarItem(title: "Mail", image: nil, tag: 0)
        let settingsScreen = SettingsListController(style: .insetGrouped)
        let settingsNavigation = UINavigationController(rootViewController: settingsScreen)
        settingsNavigation.tabBarItem = UITabBarItem(title: "Settings", image: nil, tag: 1)
        let tabs = UITabBarController()
        tabs.viewControllers = [mail, settingsNavigation]
        return tabs
    }

    /// The same mail on every run.
    static let senders = ["Ada Lovelace", "Grace Hopper", "Alan Kay", "Barbara Liskov", "Ken Thompson", "Radia Perlman",
                          "Dennis Ritchie", "Frances Allen", "Edsger Dijkstra", "Margaret Hamilton"]
    static let subjects = ["Quarterly figures", "Design review on Friday", "Lunch?", "The release notes", "Re: the render loop",
                           "Hitches in the feed", "Offscreen passes", "Your build is ready", "Meeting notes", "Travel plans"]
    static func sender(_ n: Int) -> String { senders[(n * 7 + 3) % senders.count] }
    static func subject(_ n: Int) -> String { subjects[(n * 3 + 1) % subjects.count] }
}

/// The list of messages: a table view controller, 64 pt rows with a subtitle.
final class MailListController: UITableViewController {
    let defersBody: Bool
    private(set) var count = 60

    init(defersBody: Bool) {
        self.defersBody = defersBody
        super.init(style: .plain)
        title = "Mail"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 64
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Compose", primaryAction: UIAction { [weak self] _ in self?.compose() })
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Filter", primaryAction: UIAction { [weak self] _ in self?.filter() })
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Mail") ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Mail")
        cell.textLabel?.text = NavigationScene.sender(indexPath.row)
        cell.detailTextLabel?.text = NavigationScene.subject(indexPath.row)
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let message = MessageController(index: indexPath.row, defersBody: defersBody)
        message.onDelete = { [weak self] in self?.delete(indexPath.row) }
        show(message, sender: self)
    }

    private func delete(_ row: Int) {
        guard row < count else { return }
        count -= 1
        tableView.reloadData()
        navigationController?.popViewController(animated: true)
    }

    func compose() {
        let compose = ComposeController()
        if let sheet = compose.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
            sheet.prefersGrabberVisible = true
        }
        present(compose, animated: true)
    }

    private func filter() {
        let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
        for title in ["Unread", "Flagged"] { sheet.addAction(UIAlertAction(title: title, style: .default)) }
        sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(sheet, animated: true)
    }
}

/// A message: its sender and subject, a long body in a scroll view, a toolbar.
final class MessageController: UIViewController {
    let index: Int
    let defersBody: Bool
    var onDelete: (() -> Void)?
    private let scroll = UIScrollView()
    private let header = UILabel(), subject = UILabel(), body = UILabel()

    init(index: Int, defersBody: Bool) {
        self.index = index
        self.defersBody = defersBody
        super.init(nibName: nil, bundle: nil)
        title = NavigationScene.subject(index)
        hidesBottomBarWhenPushed = true
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .systemBackground
        scroll.alwaysBounceVertical = true
        view.addSubview(scroll)
        header.font = .systemFont(ofSize: 15, weight: .semibold)
        subject.font = .systemFont(ofSize: 22, weight: .bold)
        subject.numberOfLines = 0
        body.font = .systemFont(ofSize: 17)
        body.numberOfLines = 0
        for label in [header, subject, body] { scroll.addSubview(label) }
        self.view = view
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        header.text = NavigationScene.sender(index)
        subject.text = NavigationScene.subject(index)
        toolbarItems = [UIBarButtonItem(title: "Delete", primaryAction: UIAction { [weak self] _ in self?.confirmDelete() }),
                        .flexibleSpace(),
                        UIBarButtonItem(title: "Reply", primaryAction: UIAction { [weak self] _ in self?.reply() })]
        if !defersBody { fillBody() }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setToolbarHidden(false, animated: animated)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        navigationController?.setToolbarHidden(true, animated: animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        if body.text == nil { fillBody() }
    }

    /// Twelve paragraphs, different for each message.
    private func fillBody() {
        let words = ["the", "frame", "commit", "layout", "render", "server", "hitch", "draws", "before", "vsync", "and", "after",
                     "each", "screen", "transition", "pushes", "its", "first", "pass", "cost"]
        body.text = (0..<12).map { p in
            let count = 30 + (index * 13 + p * 7) % 25
            let text = (0..<count).map { words[(index * 5 + p * 11 + $0 * 3) % words.count] }.joined(separator: " ")
            return text.prefix(1).uppercased() + text.dropFirst() + "."
        }.joined(separator: "\n\n")
        view.setNeedsLayout()
    }

    /// The scroll view fills the screen (its insets follow the bars); the labels stack 16 pt in.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        scroll.frame = view.bounds
        let width = view.bounds.width - 32
        var y: CGFloat = 16
        for (label, gap) in [(header, 4.0), (subject, 16.0), (body, 16.0)] {
            let height = label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
            label.frame = CGRect(x: 16, y: y, width: width, height: height)
            y += height + CGFloat(gap)
        }
        scroll.contentSize = CGSize(width: view.bounds.width, height: y)
    }

    private func confirmDelete() {
        let alert = UIAlertController(title: "Delete message?", message: "It goes to the trash.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak self] _ in self?.onDelete?() })
        present(alert, animated: true)
    }

    private func reply() {
        let compose = ComposeController()
        compose.sheetPresentationController?.prefersGrabberVisible = true
        present(compose, animated: true)
    }
}

/// The compose sheet: a title, a Send button, a text view.
final class ComposeController: UIViewController {
    private let heading = UILabel(), send = UIButton(frame: .zero), text = UITextView(frame: .zero)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        heading.text = "New Message"
        heading.font = .systemFont(ofSize: 17, weight: .semibold)
        heading.textAlignment = .center
        send.setTitle("Send", for: .normal)
        send.setTitleColor(.systemBlue, for: .normal)
        send.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        text.text = "Hi,\n\nThe figures are in the report."
        text.font = .systemFont(ofSize: 17)
        for subview in [heading, send, text] { view.addSubview(subview) }
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        heading.frame = CGRect(x: 80, y: 16, width: width - 160, height: 22)
        send.frame = CGRect(x: width - 76, y: 8, width: 60, height: 38)
        text.frame = CGRect(x: 16, y: 54, width: width - 32, height: max(0, view.bounds.height - 54 - view.safeAreaInsets.bottom))
    }
}

/// The Settings tab: an inset-grouped list of switches' names.
final class SettingsListController: UITableViewController {
    static let rows = ["Notifications", "Signature", "Swipe Options", "Load Remote Images", "Organize by Thread", "Blocked"]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Settings"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Setting")
    }

    override func numberOfSections(in tableView: UITableView) -> Int { 2 }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Setting", for: indexPath)
        cell.textLabel?.text = Self.rows[indexPath.section * 3 + indexPath.row]
        return cell
    }
}
