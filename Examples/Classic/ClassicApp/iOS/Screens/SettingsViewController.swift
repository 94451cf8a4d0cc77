//
//  SettingsViewController.swift
//  Classic
//
//  Settings as a 2019 app builds them in NotesSettings.storyboard: a static grouped table (a sync
//  switch, the sort order with its current value, About), a sort picker pushed by the row's
//  segue, and an About screen that unwinds back here.
//

import UIKit

class SettingsViewController: UITableViewController {

    @IBOutlet weak var syncSwitch: UISwitch!
    @IBOutlet weak var sortValueLabel: UILabel!

    private(set) var syncChanges: [Bool] = []
    private(set) var sortOrder = "Date"
    private(set) var unwound = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        sortValueLabel.text = sortOrder
    }

    @IBAction func syncChanged(_ sender: UISwitch) {
        syncChanges.append(sender.isOn)
    }

    @IBAction func unwindToSettings(_ segue: UIStoryboardSegue) {
        unwound += 1
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segue.identifier {
        case "showSort":
            guard let sort = segue.destination as? SortViewController else { return }
            sort.selected = sortOrder
            sort.onPick = { [weak self] order in
                self?.sortOrder = order
                self?.sortValueLabel.text = order
            }
        case "showAbout":
            (segue.destination as? AboutViewController)?.version = "2.3 (2019)"
        default:
            break
        }
    }
}

class SortViewController: UITableViewController {

    let options = ["Date", "Title", "Color"]
    var selected = "Date"
    var onPick: ((String) -> Void)?

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return options.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Option", for: indexPath)
        cell.textLabel?.text = options[indexPath.row]
        cell.accessoryType = options[indexPath.row] == selected ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected = options[indexPath.row]
        onPick?(selected)
        navigationController?.popViewController(animated: true)
    }
}

class AboutViewController: UIViewController {

    @IBOutlet weak var versionLabel: UILabel!
    var version: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        versionLabel.text = version
    }
}
