import Foundation
import Geometry
import Testing
@testable import UIKit

/// A mail row as iOS code writes it: a vertical stack of a sender and a subject label, pinned to
/// the content view's layout margins (10 pt top and bottom), the subject hidden when empty; the
/// table sits below a header, under the window's safe area. Every row that comes on screen while
/// scrolling must get the height its content gives, wherever the cell was when measured, and the
/// stack must fill its margins.
@MainActor
@Suite(.serialized) struct SelfSizingStackCellTests {
    final class MailCell: UITableViewCell {
        let sender = UILabel(), subject = UILabel(), stack = UIStackView()
        override init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            sender.font = .systemFont(ofSize: 17)
            subject.font = .systemFont(ofSize: 15)
            stack.addArrangedSubview(sender)
            stack.addArrangedSubview(subject)
            stack.axis = .vertical
            stack.spacing = 4
            stack.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(stack)
            contentView.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 16, bottom: 10, trailing: 16)
            let margins = contentView.layoutMarginsGuide
            NSLayoutConstraint.activate([
                stack.topAnchor.constraint(equalTo: margins.topAnchor), stack.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: margins.trailingAnchor), stack.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            ])
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
    }

    final class Mail: UITableViewDataSource {
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 120 }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "mail", for: indexPath) as! MailCell
            cell.sender.text = "Sender \(indexPath.row)"
            cell.subject.text = indexPath.row % 3 == 2 ? "" : "Subject of message \(indexPath.row)"
            cell.subject.isHidden = cell.subject.text!.isEmpty
            return cell
        }
    }

    @Test func everyRowGetsItsContentsHeightWhileScrolling() {
        UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let root = UIView(frame: window.bounds)
            window.addSubview(root)
            let table = UITableView(frame: CGRect(x: 0, y: 96, width: 390, height: 714), style: .plain)
            let mail = Mail()
            table.register(MailCell.self, forCellReuseIdentifier: "mail")
            table.rowHeight = UITableView.automaticDimension
            table.estimatedRowHeight = 64
            table.separatorStyle = .none
            table.dataSource = mail
            root.addSubview(table)
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let line17 = UILabel(), line15 = UILabel()
            line17.font = .systemFont(ofSize: 17)
            line15.font = .systemFont(ofSize: 15)
            line17.text = "Sender"
            line15.text = "Subject"
            let two = 10 + line17.intrinsicContentSize.height + 4 + line15.intrinsicContentSize.height + 10
            let one = 10 + line17.intrinsicContentSize.height + 10
            // Down 37 pt at a time, then back up (rows above measured as they come in shift the offset).
            for step in Array(0..<40) + Array((0..<40).reversed()) {
                table.contentOffset.y = CGFloat(step) * 37
                window.layoutIfNeeded()
                for case let cell as MailCell in table.visibleCells {
                    let row = table.indexPath(for: cell)!.row
                    let wanted = row % 3 == 2 ? one : two
                    #expect(abs(cell.frame.height - wanted) < 0.34, "row \(row) at step \(step): \(cell.frame.height), not \(wanted)")
                    #expect(abs(cell.stack.frame.minY - 10) < 0.34 && abs(cell.stack.frame.maxY - (cell.contentView.bounds.height - 10)) < 0.34,
                            "row \(row) at step \(step): stack \(cell.stack.frame) in \(cell.contentView.bounds)")
                    #expect(cell.sender.frame.minY >= 0, "row \(row): sender \(cell.sender.frame)")
                }
            }
            #expect(UIApplication.shared.layoutIssues.isEmpty)
        }
    }
}
