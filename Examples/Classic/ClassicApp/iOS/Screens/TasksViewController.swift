//
//  TasksViewController.swift
//  Classic
//
//  A to-do list as a 2019 app writes one: a header laid out with the visual format language,
//  table editing through the edit button (delete with confirmation, reordering), and a task's
//  details presented with a custom transition (a transitioning delegate and its animator).
//

import UIKit

class TasksViewController: UITableViewController {

    var tasks = ["Buy milk", "Call the bank", "Fix the bike", "Book flights", "Pay rent", "Water plants", "Renew passport", "Clean the oven"]
    private(set) var deleted: [String] = []
    private(set) var editingChanges: [Bool] = []
    var appearances = 0
    private(set) var headerTitle: UILabel!
    private(set) var headerCount: UILabel!
    let detailTransition = SlideUpTransition()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tasks"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Task")
        tableView.rowHeight = 52
        tableView.tableHeaderView = makeHeader()
        navigationItem.rightBarButtonItem = editButtonItem
    }

    /// "Today" on the leading side and the count in a 60-pt column on the trailing side, both
    /// vertically centred, in a 64-pt header.
    private func makeHeader() -> UIView {
        let header = UIView(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 64))
        let title = UILabel()
        title.text = "Today"
        title.font = UIFont.boldSystemFont(ofSize: 28)
        let count = UILabel()
        count.textAlignment = .right
        count.text = "\(tasks.count)"
        for label in [title, count] {
            label.translatesAutoresizingMaskIntoConstraints = false
            header.addSubview(label)
        }
        let views: [String: Any] = ["title": title, "count": count]
        let metrics = ["countWidth": 60]
        header.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "H:|-[title]-(>=8)-[count(countWidth)]-|",
                                                             options: [.alignAllCenterY], metrics: metrics, views: views))
        header.addConstraints(NSLayoutConstraint.constraints(withVisualFormat: "V:|-12-[title(40)]", options: [], metrics: nil, views: views))
        headerTitle = title
        headerCount = count
        return header
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        editingChanges.append(editing)
    }

    // MARK: - Table view data source

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return tasks.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Task", for: indexPath)
        cell.textLabel?.text = tasks[indexPath.row]
        cell.showsReorderControl = true
        return cell
    }

    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        return true
    }

    override func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
        if editingStyle == .delete {
            deleted.append(tasks.remove(at: indexPath.row))
            tableView.deleteRows(at: [indexPath], with: .fade)
            headerCount.text = "\(tasks.count)"
        }
    }

    override func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let task = tasks.remove(at: sourceIndexPath.row)
        tasks.insert(task, at: destinationIndexPath.row)
    }

    // MARK: - Table view delegate

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = TaskDetailViewController(task: tasks[indexPath.row])
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = detailTransition
        present(detail, animated: true, completion: nil)
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

/// A task's card: its title and a Close button.
class TaskDetailViewController: UIViewController {
    let task: String
    private(set) var closeButton: UIButton!

    init(task: String) {
        self.task = task
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.layer.cornerRadius = 12
        let label = UILabel(frame: CGRect(x: 20, y: 24, width: 300, height: 30))
        label.text = task
        label.font = UIFont.preferredFont(forTextStyle: .title2)
        view.addSubview(label)
        let close = UIButton(type: .system)
        close.setTitle("Close", for: .normal)
        close.frame = CGRect(x: 20, y: 80, width: 100, height: 44)
        close.addTarget(self, action: #selector(closeTapped), for: .touchUpInside)
        view.addSubview(close)
        closeButton = close
    }

    @objc func closeTapped() {
        dismiss(animated: true, completion: nil)
    }
}

/// Presents a card over the bottom 300 points, sliding it up from below and fading a dimming
/// view in behind it; dismissing reverses both. The animator is the delegate itself.
class SlideUpTransition: NSObject, UIViewControllerTransitioningDelegate, UIViewControllerAnimatedTransitioning {
    static let cardHeight: CGFloat = 300
    private var presenting = true
    private let dimming = UIView()
    private(set) var animations = 0

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = true
        return self
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = false
        return self
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.35
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        animations += 1
        let container = transitionContext.containerView
        let bounds = container.bounds
        let shown = CGRect(x: 0, y: bounds.height - SlideUpTransition.cardHeight, width: bounds.width, height: SlideUpTransition.cardHeight)
        let hidden = shown.offsetBy(dx: 0, dy: SlideUpTransition.cardHeight)
        if presenting {
            guard let card = transitionContext.view(forKey: .to) else { return }
            dimming.frame = bounds
            dimming.backgroundColor = UIColor.black.withAlphaComponent(0.4)
            dimming.alpha = 0
            container.addSubview(dimming)
            container.addSubview(card)
            card.frame = hidden
            UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut], animations: {
                card.frame = shown
                self.dimming.alpha = 1
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            guard let card = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseIn], animations: {
                card.frame = hidden
                self.dimming.alpha = 0
            }, completion: { _ in
                self.dimming.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}

// The appearance count lives in an extension, as a 2019 app often keeps its lifecycle overrides.
extension TasksViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearances += 1
    }
}
