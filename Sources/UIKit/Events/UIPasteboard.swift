import Foundation

/// The pasteboard, as UIKit's `UIPasteboard`: what cut and copy put and paste takes. The general
/// pasteboard is the app's own (uisim runs one app per replay; nothing leaves it), empty at
/// launch. Each item holds one value — a string, a URL, an image or a colour; setting `string`
/// (or `strings`, `url`, `image`, `color`…) replaces every item, and reading it gives the first
/// item's value of that kind. Every change counts in `changeCount` and posts
/// `UIPasteboard.changedNotification`. Not main-actor isolated, as the SDK's (NS_SWIFT_SENDABLE).
open class UIPasteboard: NSObject, @unchecked Sendable {
    // @unchecked, as the SDK declares it (NS_SWIFT_SENDABLE): its items and change count are only
    // touched under `lock`.
    /// A pasteboard's name (UIKit's `UIPasteboard.Name`).
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
        /// The system-wide pasteboard: here, the app's.
        public static let general = Name("com.apple.UIKit.pboard.general")
    }

    /// The type identifiers items are kept under (Uniform Type Identifiers, as UIKit's `items`).
    public enum TypeIdentifier {
        public static let plainText = "public.utf8-plain-text"
        public static let url = "public.url"
        public static let image = "public.image"
        public static let color = "com.apple.uikit.color"
    }

    /// Posted after the contents change, with the pasteboard as the object.
    public static let changedNotification = Notification.Name("UIPasteboardChangedNotification")

    /// The app's general pasteboard (one per app: a replay's app starts with an empty one).
    open class var general: UIPasteboard {
        UIKitState.current.pasteboard
    }

    open private(set) var name: UIPasteboard.Name
    private let lock = NSLock()
    private var contents: [[String: Any]] = []
    private var changes = 0

    init(name: UIPasteboard.Name) {
        self.name = name
    }

    /// Incremented by every change of the contents.
    open var changeCount: Int { lock.withLock { changes } }

    open var numberOfItems: Int { lock.withLock { contents.count } }

    /// The items, each a dictionary from type identifier to value.
    open var items: [[String: Any]] {
        get { lock.withLock { contents } }
        set { replace(with: newValue) }
    }

    /// Adds `items` after the ones there.
    open func addItems(_ items: [[String: Any]]) {
        replace(with: self.items + items)
    }

    open var string: String? {
        get { strings?.first }
        set { strings = newValue.map { [$0] } }
    }

    open var strings: [String]? {
        get { values(TypeIdentifier.plainText) }
        set { set(newValue, as: TypeIdentifier.plainText) }
    }

    open var url: URL? {
        get { urls?.first }
        set { urls = newValue.map { [$0] } }
    }

    open var urls: [URL]? {
        get { values(TypeIdentifier.url) }
        set { set(newValue, as: TypeIdentifier.url) }
    }

    open var image: UIImage? {
        get { images?.first }
        set { images = newValue.map { [$0] } }
    }

    open var images: [UIImage]? {
        get { values(TypeIdentifier.image) }
        set { set(newValue, as: TypeIdentifier.image) }
    }

    open var color: UIColor? {
        get { colors?.first }
        set { colors = newValue.map { [$0] } }
    }

    open var colors: [UIColor]? {
        get { values(TypeIdentifier.color) }
        set { set(newValue, as: TypeIdentifier.color) }
    }

    open var hasStrings: Bool { strings != nil }
    open var hasURLs: Bool { urls != nil }
    open var hasImages: Bool { images != nil }
    open var hasColors: Bool { colors != nil }

    /// Every item's value of one kind, nil when no item has one.
    private func values<Value>(_ type: String) -> [Value]? {
        let found = items.compactMap { $0[type] as? Value }
        return found.isEmpty ? nil : found
    }

    /// One item per value (nil or empty: no items).
    private func set<Value>(_ values: [Value]?, as type: String) {
        replace(with: (values ?? []).map { [type: $0] })
    }

    private func replace(with items: [[String: Any]]) {
        lock.withLock {
            contents = items
            changes += 1
        }
        NotificationCenter.default.post(name: Self.changedNotification, object: self)
    }
}
