//
//  EmptyStateView.swift
//  Classic
//
//  What the notes list shows before the first note, laid out in EmptyStateView.xib.
//

import UIKit

class EmptyStateView: UIView {

    @IBOutlet weak var messageLabel: UILabel!
    @IBOutlet weak var createButton: UIButton!
    @IBOutlet var hintLabels: [UILabel]!

    var createTaps = 0
    private(set) var awokeConnected = false

    static func loadFromNib() -> EmptyStateView {
        let nib = UINib(nibName: "EmptyStateView", bundle: nil)
        return nib.instantiate(withOwner: nil, options: nil).first as! EmptyStateView
    }

    override func awakeFromNib() {
        super.awakeFromNib()
        awokeConnected = messageLabel != nil && createButton != nil && hintLabels.count == 2
        messageLabel.text = NSLocalizedString("No notes yet", comment: "")
    }

    @IBAction func createTapped(_ sender: UIButton) {
        createTaps += 1
    }
}
