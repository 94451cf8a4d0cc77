//
//  NoteCell.swift
//  Classic
//

import UIKit

class NoteCell: UITableViewCell {

    static let reuseIdentifier = "NoteCell"

    let titleLabel = BadgeLabel()
    let starButton = UIButton(type: .system)
    private(set) var stars = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        titleLabel.frame = CGRect(x: 16, y: 8, width: 280, height: 44)
        titleLabel.numberOfLines = 2
        titleLabel.font = UIFont.systemFont(ofSize: 15)
        starButton.frame = CGRect(x: 320, y: 10, width: 40, height: 40)
        starButton.setTitle("☆", for: .normal)
        starButton.addTarget(self, action: #selector(NoteCell.starTapped(_:forEvent:)), for: .touchUpInside)
        contentView.addSubview(titleLabel)
        contentView.addSubview(starButton)
        applyCardShadow(to: contentView)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure(with note: String, index: Int) {
        titleLabel.text = note
        titleLabel.isUrgent = index % 7 == 0
        analyticsName = "note-\(index)"
    }

    @objc func starTapped(_ sender: UIButton, forEvent event: UIEvent) {
        stars += 1
        sender.setTitle("★", for: .normal)
    }
}

/// A label whose text colour a subclass decides, overriding UIKit's null_resettable property.
class BadgeLabel: UILabel {
    var isUrgent = false {
        didSet { textColor = nil }
    }

    override var textColor: UIColor! {
        get { return isUrgent ? .systemRed : super.textColor }
        set { super.textColor = newValue }
    }
}
