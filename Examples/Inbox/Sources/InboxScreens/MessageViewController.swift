// One message, as an iOS app written in the Swift 6 language mode shows it: a @MainActor view model
// drives the view, and the button's action starts a Task on the main actor that saves and then
// updates a label. Only the import differs from iOS (the file builds against UIKit on iOS and
// against uisim on Linux).
#if canImport(UIKit)
import UIKit
#else
import UISim
#endif

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

    public override func loadView() {
        let view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .white
        let sender = UILabel(frame: CGRect(x: 20, y: 80, width: 350, height: 24))
        sender.font = .boldSystemFont(ofSize: 17)
        sender.text = model.message.sender
        view.addSubview(sender)
        let subject = UILabel(frame: CGRect(x: 20, y: 108, width: 350, height: 24))
        subject.text = model.message.subject
        view.addSubview(subject)
        statusLabel = UILabel(frame: CGRect(x: 20, y: 140, width: 200, height: 24))
        statusLabel.textColor = .systemBlue
        view.addSubview(statusLabel)
        button = UIButton(frame: CGRect(x: 20, y: 200, width: 200, height: 44))
        button.setTitleColor(.systemBlue, for: .normal)
        button.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            Task { @MainActor in
                await model.toggleRead()
                statusLabel.text = model.statusText
            }
        }, for: .touchUpInside)
        view.addSubview(button)
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
