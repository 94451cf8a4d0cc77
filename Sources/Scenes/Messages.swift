import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIKit

/// The `messages` scene: a conversation of messages of every length, as a chat or a comment
/// thread shows them, each row as tall as its text. Row heights come from `heightForRowAt`, which
/// measures the message with `boundingRect` (the way apps sized rows before self-sizing cells, and
/// still do for speed); the table has no estimates, so it asks for every row's height whenever it
/// loads. Messages come a page at a time: when the row five from the end comes on screen, the next
/// 20 are asked for, arrive as the list scrolls on and the table reloads (infinite scrolling), so each page asks for every row's height
/// again. With `cached-heights` the controller keeps each message's height once measured.
enum MessagesScene {
    static let scene = Scene(
        name: "messages",
        summary: "A conversation of 20 messages a page, each row as tall as its text, heights measured in heightForRowAt; a page more loads near the end.",
        variants: [
            .init(name: "cached-heights",
                  summary: "each message's height measured once and kept (off: measured with boundingRect at every heightForRowAt)"),
        ]
    ) { settings in
        MessagesViewController(cachesHeights: settings.isOn("cached-heights"))
    }
}

/// The conversation's screen: its table's data source and delegate.
final class MessagesViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    static let pageSize = 20
    static let font = UIFont.systemFont(ofSize: 15)
    /// Space around a message's text in its row.
    static let insets = UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16)
    let cachesHeights: Bool
    private(set) var tableView: UITableView!
    private(set) var messages: [String] = []
    /// Heights measured so far, by row (with `cached-heights`).
    private var heights: [Int: CGFloat] = [:]

    init(cachesHeights: Bool) {
        self.cachesHeights = cachesHeights
        super.init(nibName: nil, bundle: nil)
        loadPage()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: .plain)
        table.estimatedRowHeight = 0   // no estimates: the table asks every row's height when it loads
        table.alwaysBounceVertical = true
        // Full-bleed from the window's top, as this scene has been measured since before uisim
        // adjusted insets for the safe area (the advice's figures and the schema-3 fixtures):
        // UIKit's default (.automatic) would start the content 47 pt down, under the status bar.
        table.contentInsetAdjustmentBehavior = .never
        // And no scroll indicators (UIKit shows them): their bar would change the published figures.
        table.showsVerticalScrollIndicator = false
        table.showsHorizontalScrollIndicator = false
        // Nor separators, drawn since: the published figures were measured without their hairlines
        // (the style stays .singleLine, so self-sizing rows keep the line's height as before).
        table.separatorColor = nil
        table.register(MessageCell.self, forCellReuseIdentifier: "Message")
        table.dataSource = self
        table.delegate = self
        tableView = table
        view = table
    }

    /// The next page of messages, the same on every run: lengths from a few words to several
    /// lines, in a pattern that does not repeat within a page.
    private func loadPage() {
        let words = ["the", "figures", "for", "this", "quarter", "are", "in", "and", "look", "good", "can", "we", "talk", "about",
                     "plan", "before", "Friday", "meeting", "with", "design", "team", "shipping", "next", "week", "thanks"]
        let first = messages.count
        for n in first..<(first + Self.pageSize) {
            let count = 3 + (n * 37 + 11) % 41
            let text = (0..<count).map { words[(n * 7 + $0 * 3) % words.count] }.joined(separator: " ")
            messages.append("\(n + 1). " + text.prefix(1).uppercased() + text.dropFirst() + ".")
        }
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Message", for: indexPath) as! MessageCell
        cell.message.text = messages[indexPath.row]
        return cell
    }

    /// The row's height: the message measured at the text's width, up to the pixel, with the
    /// insets; kept once measured with `cached-heights`.
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        if cachesHeights, let height = heights[indexPath.row] { return height }
        let width = tableView.bounds.width - Self.insets.left - Self.insets.right
        let text = messages[indexPath.row].boundingRect(with: CGSize(width: width, height: .greatestFiniteMagnitude),
                                                        options: .usesLineFragmentOrigin, attributes: [.font: Self.font], context: nil)
        let height = text.height.ceiledToPixel(scale: UIScreen.main.scale) + Self.insets.top + Self.insets.bottom
        if cachesHeights { heights[indexPath.row] = height }
        return height
    }

    /// Near the end, the next page is asked for; it arrives with the next scroll (a fetch that
    /// completes while the list moves on; no queue or timer, so the replay is the same in any
    /// host) and the table reloads.
    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        if indexPath.row >= messages.count - 5 { pageWanted = true }
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        guard pageWanted else { return }
        pageWanted = false
        loadPage()
        tableView.reloadData()
    }

    private var pageWanted = false
}

/// A row showing one message: a label of as many lines as the text needs.
final class MessageCell: UITableViewCell {
    let message = UILabel()

    override init(style: CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        message.font = MessagesViewController.font
        message.numberOfLines = 0
        contentView.addSubview(message)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        message.frame = contentView.bounds.inset(by: MessagesViewController.insets)
    }
}
