import UISim

/// The inbox as a uisim scene: what the command line (`inbox-sim replay … --scene inbox`) and the
/// tests replay. A variant switches one choice of the screen on or off, to measure it.
public enum InboxScene {
    public static let scene = Scene(
        name: "inbox",
        summary: "The inbox: 200 messages in two sections of a table view, each row with a drawn avatar, in a navigation controller: a tap pushes the message, Compose presents a sheet.",
        variants: [.init(name: "opaque-avatars", summary: "avatars drawn opaque on the row's white (off: blended)")]
    ) { settings in
        UINavigationController(rootViewController: InboxViewController(messages: sampleMessages, opaqueAvatars: settings.isOn("opaque-avatars")))
    }

    /// 200 messages, the first 30 unread.
    public static let sampleMessages: [Message] = (0..<200).map { i in
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson", "Margaret Hamilton"]
        return Message(sender: names[i % names.count], subject: "Re: build \(1000 + i) is green", unread: i < 30)
    }
}

/// The mailbox as a uisim scene (`inbox-sim replay Traces/mailbox --scene mailbox`): the screen laid
/// out with anchors, stack views and self-sizing rows.
public enum MailboxScene {
    public static let scene = Scene(
        name: "mailbox",
        summary: "The mailbox, laid out by Auto Layout: a stack-view header and 120 self-sizing rows of one or two labels."
    ) { _ in
        MailboxViewController(messages: sampleMessages)
    }

    /// 120 messages, the first 30 unread; every third has no subject (a one-label row).
    public static let sampleMessages: [Message] = (0..<120).map { i in
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson", "Margaret Hamilton"]
        return Message(sender: names[i % names.count], subject: i % 3 == 2 ? "" : "Re: build \(1000 + i) is green", unread: i < 30)
    }
}

/// The threads as a uisim scene (`inbox-sim replay Traces/threads --scene threads`): a
/// compositional list with a diffable data source, a tap archiving a thread.
public enum ThreadsScene {
    public static let scene = Scene(
        name: "threads",
        summary: "The threads: 150 conversations in an inset-grouped list (a compositional layout and a diffable data source); a tap archives one."
    ) { _ in
        ThreadsViewController(threads: sampleThreads)
    }

    /// 150 threads, the first 20 unread.
    public static let sampleThreads: [MailThread] = (0..<150).map { i in
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken Thompson", "Margaret Hamilton"]
        return MailThread(id: i, sender: names[i % names.count], subject: "Re: release \(2000 + i) notes", unread: i < 20)
    }
}
