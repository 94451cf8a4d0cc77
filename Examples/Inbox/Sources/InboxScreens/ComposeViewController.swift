// The compose sheet, as it is written for iOS, `import UIKit` and all (uisim's UIKit
// module on Linux).
import UIKit

/// A new message: a title, Cancel and Send, and the text. Presented as a page sheet; a swipe down
/// dismisses it.
public final class ComposeViewController: UIViewController {
    public private(set) var textView: UITextView!

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        let heading = UILabel()
        heading.text = "New Message"
        heading.font = .boldSystemFont(ofSize: 17)
        heading.textAlignment = .center
        let cancel = UIButton(frame: .zero), send = UIButton(frame: .zero)
        for (button, title) in [(cancel, "Cancel"), (send, "Send")] {
            button.setTitle(title, for: .normal)
            button.setTitleColor(.systemBlue, for: .normal)
            button.addAction(UIAction { [weak self] _ in self?.dismiss(animated: true) }, for: .touchUpInside)
        }
        textView = UITextView(frame: .zero)
        textView.font = .systemFont(ofSize: 17)
        textView.text = "Hi,\n\nThe build is green again."
        var constraints: [NSLayoutConstraint] = []
        for subview in [heading, cancel, send, textView!] as [UIView] {
            subview.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(subview)
        }
        constraints += [
            heading.centerXAnchor.constraint(equalTo: view.centerXAnchor), heading.topAnchor.constraint(equalTo: view.topAnchor, constant: 18),
            cancel.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16), cancel.centerYAnchor.constraint(equalTo: heading.centerYAnchor),
            send.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16), send.centerYAnchor.constraint(equalTo: heading.centerYAnchor),
            textView.topAnchor.constraint(equalTo: heading.bottomAnchor, constant: 16),
            textView.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 16),
            textView.trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -16),
            textView.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
        ]
        NSLayoutConstraint.activate(constraints)
    }
}
