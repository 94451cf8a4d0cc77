//
//  NotesViewController.swift
//  Classic
//
//  A list of notes as a 2019 app writes one: target–action by #selector, @objc methods, a bar
//  button item, keyboard notifications, a tap that dismisses the keyboard, a delayed perform.
//

import UIKit

class NotesViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {

    @IBOutlet weak var tableView: UITableView!
    @IBOutlet weak var searchField: UITextField!

    var notes: [String] = (1...40).map { "Note \($0): groceries, calls and the things to fix before Friday" }
    private(set) var opened: [Int] = []
    private(set) var keyboardShown = 0
    private(set) var refreshes = 0
    private(set) var composeTaps = 0
    private(set) var dismissTaps = 0
    /// The navigation bar's shadow shows once the list has scrolled (KVO on contentOffset).
    private(set) var showsBarShadow = false
    private(set) var offsetChanges = 0
    private var offsetObservation: NSKeyValueObservation?

    override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .white
        let field = UITextField(frame: CGRect(x: 16, y: 8, width: 300, height: 36))
        field.placeholder = "Search"
        field.borderStyle = .roundedRect
        let table = UITableView(frame: root.bounds, style: .plain)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.rowHeight = 60
        table.tableHeaderView = {
            let header = UIView(frame: CGRect(x: 0, y: 0, width: root.bounds.width, height: 52))
            header.addSubview(field)
            return header
        }()
        root.addSubview(table)
        view = root
        tableView = table
        searchField = field
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(NoteCell.self, forCellReuseIdentifier: NoteCell.reuseIdentifier)
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .compose, target: self, action: #selector(compose(_:)))

        let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
        tap.cancelsTouchesInView = false
        view.addGestureRecognizer(tap)

        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)),
                                               name: UIResponder.keyboardWillShowNotification, object: nil)

        offsetObservation = tableView.observe(\.contentOffset, options: [.new]) { [weak self] _, change in
            guard let self = self, let offset = change.newValue else { return }
            self.offsetChanges += 1
            self.showsBarShadow = offset.y + self.tableView.adjustedContentInset.top > 0
        }
    }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    // MARK: - Actions

    @objc func compose(_ sender: UIBarButtonItem) {
        composeTaps += 1
    }

    @objc private func dismissKeyboard() {
        dismissTaps += 1
        view.endEditing(true)
    }

    @objc func keyboardWillShow(_ notification: Notification) {
        keyboardShown += 1
        // Refresh once the keyboard has settled; a second keyboard within the delay restarts it.
        NSObject.cancelPreviousPerformRequests(withTarget: self, selector: #selector(refresh), object: nil)
        perform(#selector(refresh), with: nil, afterDelay: 0.5)
    }

    @objc dynamic func refresh() {
        refreshes += 1
    }

    // MARK: - UITableViewDataSource

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return notes.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: NoteCell.reuseIdentifier, for: indexPath) as! NoteCell
        cell.configure(with: notes[indexPath.row], index: indexPath.row)
        return cell
    }

    // MARK: - UITableViewDelegate

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        opened.append(indexPath.row)
        tableView.deselectRow(at: indexPath, animated: true)
    }
}
