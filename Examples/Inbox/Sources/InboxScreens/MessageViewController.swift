// One message, as an iOS app written in the Swift 6 language mode shows it: a @MainActor view model
// drives the view, and the button's action starts a Task on the main actor that saves and then
// updates a label. The file is as on iOS, `import UIKit` and all (uisim's UIKit module on Linux).
import UIKit

/// What the message screen shows and does, apart from its views.
@MainActor
public final class MessageViewModel {
    public private(set) var message: Message
    /// How many times the message's state was saved.
    public private(set) var saves = 0
    /// Told when the message changes, after the change.
    var onChange: ((Message) -> Void)?

    public init(message: Message) {
        self.message = message
    }

    public var statusText: String { message.unread ? "Unread" : "Read" }
    public var actionTitle: String { message.unread ? "Mark as Read" : "Mark as Unread" }

    /// Flips the message between read and unread, and saves it. (An app would await its server
    /// here; this save stays on the main actor.)
    public func toggleRead() async {
        message.unread.toggle()
        saves += 1
        onChange?(message)
    }
}

/// The message: its sender and subject, its read state, and a button that flips it.
public final class MessageViewController: UIViewController {
    public let model: MessageViewModel
    public private(set) var statusLabel: UILabel!
    public private(set) var button: UIButton!

    public init(model: MessageViewModel) {
        self.model = model
        super.init(nibName: nil, bundle: nil)
        title = model.message.subject
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    public override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .white
        let sender = UILabel()
        sender.font = .boldSystemFont(ofSize: 17)
        sender.text = model.message.sender
        let subject = UILabel()
        subject.text = model.message.subject
        statusLabel = UILabel()
        statusLabel.textColor = .systemBlue
        button = UIButton(frame: .zero)
        button.setTitleColor(.systemBlue, for: .normal)
        button.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            Task { @MainActor in
                await model.toggleRead()
                statusLabel.text = model.statusText
            }
        }, for: .touchUpInside)
        // Under the safe area's top (the status bar alone: y = 47 + 33 = 80 for the sender; under
        // a navigation bar, 91 + 33).
        let guide = view.safeAreaLayoutGuide
        var constraints: [NSLayoutConstraint] = []
        let placed: [(UIView, CGFloat, CGFloat, CGFloat)] = [(sender, 33, 350, 24), (subject, 61, 350, 24), (statusLabel!, 93, 200, 24),
                                                             (button!, 153, 200, 44)]
        for (label, top, width, height) in placed {
            label.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(label)
            constraints += [label.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 20),
                            label.topAnchor.constraint(equalTo: guide.topAnchor, constant: top),
                            label.widthAnchor.constraint(equalToConstant: width), label.heightAnchor.constraint(equalToConstant: height)]
        }
        NSLayoutConstraint.activate(constraints)
        self.view = view
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        statusLabel.text = model.statusText
        button.setTitle(model.actionTitle, for: .normal)
        model.onChange = { [unowned self] _ in
            button.setTitle(model.actionTitle, for: .normal)
        }
    }
}
