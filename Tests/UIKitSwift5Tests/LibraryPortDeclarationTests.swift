// Declarations that real libraries ported to uisim (SnapKit, Eureka, InputBarAccessoryView,
// MessageKit, PanModal) rely on, written as those libraries write them in Swift 5: subclasses that
// override the SDK's initializers and members, and calls of what they inherit. Checked against the
// iOS 17.0 SDK's headers (UIKit.framework/Headers), named at each section.
import XCTest
import UIKit

// MARK: UIAlertController (UIAlertController.h)

/// Eureka's alert selector: a generic subclass that overrides UIAlertController's designated
/// initializers (inherited from UIViewController) and so inherits `init()` and the convenience
/// `init(title:message:preferredStyle:)`.
final class SelectorAlertController<T>: UIAlertController {
    var options: [T] = []
    var onDismissCallback: ((UIViewController) -> Void)?
    var selected: T?

    override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    convenience init(_ callback: ((UIViewController) -> Void)?) {
        self.init()
        onDismissCallback = callback
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        for option in options {
            addAction(UIAlertAction(title: "\(option)", style: .default) { [weak self] _ in self?.selected = option })
        }
        addAction(UIAlertAction(title: "Cancel", style: .cancel))
    }
}

/// An action whose title a subclass decorates (UIAlertAction's `title` and `style` are open).
final class CheckedAlertAction: UIAlertAction {
    override var title: String? { super.title.map { "✓ " + $0 } }
}

// MARK: UITextView and NSTextContainer (UITextView.h, NSTextContainer.h)

/// InputBarAccessoryView's text view: it overrides UITextView's designated initializer, and its
/// own `init()` goes through the inherited convenience `init(frame:)`.
final class InputTextView: UITextView {
    var placeholder = "Aa"

    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        font = .systemFont(ofSize: 17)
        isScrollEnabled = false
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    convenience init() {
        self.init(frame: .zero)
    }

    /// UIKeyInput's hasText, open in UITextView.
    override var hasText: Bool { super.hasText && text != placeholder }
}

/// A container that keeps a side margin of its own (NSTextContainer's members are open).
final class MarginTextContainer: NSTextContainer {
    override init(size: CGSize) {
        super.init(size: size)
        lineFragmentPadding = 0
    }

    required init(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var size: CGSize {
        get { super.size }
        set { super.size = CGSize(width: newValue.width - 20, height: newValue.height) }
    }
}

// MARK: Collection view layouts (UICollectionViewLayout.h, UICollectionViewFlowLayout.h)

/// MessageKit's attributes: properties of their own, copied and compared.
final class MessagesCollectionViewLayoutAttributes: UICollectionViewLayoutAttributes {
    var avatarSize: CGSize = .zero
    var messageContainerPadding: UIEdgeInsets = .zero
    var messageLabelFont: UIFont = .systemFont(ofSize: 17)

    override func copy(with zone: NSZone? = nil) -> Any {
        // swiftlint:disable:next force_cast
        let copy = super.copy(with: zone) as! MessagesCollectionViewLayoutAttributes
        copy.avatarSize = avatarSize
        copy.messageContainerPadding = messageContainerPadding
        copy.messageLabelFont = messageLabelFont
        return copy
    }

    override func isEqual(_ object: Any?) -> Bool {
        if let attributes = object as? MessagesCollectionViewLayoutAttributes {
            return super.isEqual(object) && attributes.avatarSize == avatarSize
                && attributes.messageContainerPadding == messageContainerPadding && attributes.messageLabelFont == messageLabelFont
        }
        return false
    }
}

/// MessageKit's layout: a flow layout subclass with both NSCoding initializers, its own attributes
/// class, and overrides that cast what `super` returns to it.
final class MessagesLayout: UICollectionViewFlowLayout {
    var avatarSize = CGSize(width: 30, height: 30) { didSet { invalidateLayout() } }
    private(set) var madeBy = ""

    override class var layoutAttributesClass: AnyClass { MessagesCollectionViewLayoutAttributes.self }

    override init() {
        super.init()
        setup("init()")
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup("init(coder:)")
    }

    private func setup(_ initializer: String) {
        madeBy = initializer
        sectionInset = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8)
        itemSize = CGSize(width: 304, height: 44)
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let attributesArray = super.layoutAttributesForElements(in: rect) as? [MessagesCollectionViewLayoutAttributes] else {
            return nil
        }
        for attributes in attributesArray where attributes.representedElementCategory == .cell {
            configure(attributes)
        }
        return attributesArray
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard let attributes = super.layoutAttributesForItem(at: indexPath) as? MessagesCollectionViewLayoutAttributes else { return nil }
        configure(attributes)
        return attributes
    }

    private func configure(_ attributes: MessagesCollectionViewLayoutAttributes) {
        attributes.avatarSize = avatarSize
        attributes.messageContainerPadding = UIEdgeInsets(top: 0, left: avatarSize.width + 4, bottom: 0, right: 4)
    }
}

/// MessageKit's cell: it reads its layout's attributes in `apply(_:)`.
final class MessageContentCell: UICollectionViewCell {
    var appliedAvatarSizes: [CGSize] = []
    var applied: [MessagesCollectionViewLayoutAttributes] = []

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        guard let attributes = layoutAttributes as? MessagesCollectionViewLayoutAttributes else { return }
        applied.append(attributes)
        appliedAvatarSizes.append(attributes.avatarSize)
    }

    var askedToFit: [MessagesCollectionViewLayoutAttributes] = []

    override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        if let attributes = layoutAttributes as? MessagesCollectionViewLayoutAttributes { askedToFit.append(attributes) }
        return super.preferredLayoutAttributesFitting(layoutAttributes)
    }
}

final class MessagesSource: NSObject, UICollectionViewDataSource {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 3 }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Message", for: indexPath)
    }
}

// MARK: Layout guides and anchors (UILayoutGuide.h, NSLayoutAnchor.h)

/// A layout guide subclass with an initializer of its own, so it implements the required coder
/// initializer (UILayoutGuide is NSCoding).
final class InsetGuide: UILayoutGuide {
    let inset: CGFloat

    init(inset: CGFloat) {
        self.inset = inset
        super.init()
        identifier = "InsetGuide"
    }

    required init?(coder aDecoder: NSCoder) {
        inset = 0
        super.init(coder: aDecoder)
    }

    func pin(in view: UIView) -> [NSLayoutConstraint] {
        view.addLayoutGuide(self)
        return [leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: inset),
                trailingAnchor.constraint(equalTo: view.trailingAnchor, constant: -inset),
                topAnchor.constraint(equalTo: view.topAnchor, constant: inset),
                heightAnchor.constraint(equalToConstant: 20)]
    }
}

/// An anchor subclass that overrides a method: it compiles as the SDK's anchor classes and their
/// methods are open (UIKit makes the anchors, so it is never instantiated).
final class TracingDimension: NSLayoutDimension {
    override func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        super.constraint(equalToConstant: c.rounded())
    }
}

final class LibraryPortDeclarationTests: XCTestCase {
    func testAlertControllerSubclassInheritsTheConvenienceInitializer() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        _ = window.layoutPass()

        let selector = SelectorAlertController<Int>(title: "Size", message: nil, preferredStyle: .actionSheet)
        selector.options = [1, 2, 3]
        XCTAssertEqual(selector.preferredStyle, .actionSheet)
        XCTAssertEqual(selector.title, "Size")
        XCTAssertNil(selector.message)
        root.present(selector, animated: false)
        _ = window.layoutPass()
        XCTAssertEqual(selector.actions.map { $0.title }, ["1", "2", "3", "Cancel"])
        XCTAssertEqual(selector.actions.map { $0.style }, [.default, .default, .default, .cancel])
        // An action sheet: its cards span the window less 8 pt each side and sit at its bottom
        // (an alert would be 270 pt wide and centred).
        XCTAssertEqual(selector.view.frame.minX, 8)
        XCTAssertEqual(selector.view.frame.width, 374)
        XCTAssertGreaterThan(selector.view.frame.minY, 844 / 2)

        // The other inherited initializers: init() (UIKit's style zero, an action sheet) and the
        // library's own convenience one over it; init?(coder:) makes nothing without archives.
        var dismissed = 0
        let plain = SelectorAlertController<String> { _ in dismissed += 1 }
        XCTAssertEqual(plain.preferredStyle, .actionSheet)
        plain.onDismissCallback?(plain)
        XCTAssertEqual(dismissed, 1)
        XCTAssertNil(SelectorAlertController<Int>(coder: NSCoder()))

        let alert = UIAlertController(title: "T", message: "M", preferredStyle: .alert)
        let checked = CheckedAlertAction(title: "Keep", style: .default)
        alert.addAction(checked)
        XCTAssertEqual(alert.preferredStyle, .alert)
        XCTAssertEqual(alert.actions.first?.title, "✓ Keep")
        XCTAssertTrue(alert.actions.first === checked)
        XCTAssertNil(alert.textFields)
        XCTAssertTrue(checked.isKind(of: UIAlertAction.self))
    }

    func testTextContainerSizeSetsTheWidthTextWrapsAt() {
        let text = "The quick brown fox jumps over the lazy dog and keeps on running far away"
        // The view's own container tracks its width (less the insets: none at the sides).
        let tracking = InputTextView()
        tracking.frame = CGRect(x: 0, y: 0, width: 320, height: 100)
        tracking.text = text
        XCTAssertEqual(tracking.placeholder, "Aa")
        XCTAssertTrue(tracking.hasText)
        XCTAssertTrue(tracking.textContainer.widthTracksTextView)
        tracking.layoutIfNeeded()
        XCTAssertEqual(tracking.textContainer.size.width, 320)
        let font: UIFont = tracking.font!
        func lines(_ view: UITextView) -> Int {
            let height = view.sizeThatFits(CGSize(width: view.bounds.width, height: CGFloat.greatestFiniteMagnitude)).height
            return Int(((height - view.textContainerInset.top - view.textContainerInset.bottom) / font.lineHeight).rounded())
        }
        let wide = lines(tracking)

        // A container of a set size: lines break at its width less the padding, whatever the
        // view's width, and a layout leaves its size alone.
        let container = NSTextContainer(size: CGSize(width: 110, height: 0))
        XCTAssertFalse(container.widthTracksTextView)
        let narrowView = InputTextView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), textContainer: container)
        narrowView.text = text
        XCTAssertTrue(narrowView.textContainer === container)
        narrowView.layoutIfNeeded()
        XCTAssertEqual(container.size, CGSize(width: 110, height: 0))
        let narrow = lines(narrowView)
        XCTAssertGreaterThan(narrow, wide)
        XCTAssertGreaterThanOrEqual(narrow, 4)

        // Setting the size lays the text out again at the new width.
        container.size = CGSize(width: 320, height: 0)
        XCTAssertEqual(lines(narrowView), wide)
        // Tracking again: the view's width (160) wins over the size set.
        container.widthTracksTextView = true
        narrowView.frame.size.width = 160
        narrowView.layoutIfNeeded()
        XCTAssertEqual(container.size.width, 160)
        XCTAssertGreaterThan(lines(narrowView), wide)

        // A subclass's size override is the one the text view lays out with: 120 less its 20 pt
        // margin, no padding, is the 110 pt container's line width less 2 × 5 pt padding.
        let margin = MarginTextContainer(size: .zero)
        margin.size = CGSize(width: 120, height: 0)
        XCTAssertEqual(margin.size.width, 100)
        let marginView = InputTextView(frame: CGRect(x: 0, y: 0, width: 320, height: 100), textContainer: margin)
        marginView.text = text
        XCTAssertEqual(lines(marginView), narrow)

        // NSObject's init() and the archive initializer (not failable) give empty containers.
        XCTAssertEqual(NSTextContainer().size, .zero)
        XCTAssertEqual(NSTextContainer().lineFragmentPadding, 5)
        XCTAssertEqual(NSTextContainer(coder: NSCoder()).size, .zero)
    }

    /// `UIImage()` (NSObject's initializer) is an empty image, as libraries use it for "no image"
    /// (a cleared bar shadow, a placeholder that takes no room).
    func testEmptyImageFromNSObjectsInitializer() {
        let empty = UIImage()
        XCTAssertEqual(empty.size, .zero)
        XCTAssertEqual(empty.scale, 1)
        XCTAssertNil(empty.cgImage)
        XCTAssertNil(empty.pngData())
        XCTAssertEqual(empty.renderingMode, .automatic)
        XCTAssertTrue(empty.isKind(of: UIImage.self))
        let imageView = UIImageView(image: empty)
        XCTAssertEqual(imageView.intrinsicContentSize, .zero)
        XCTAssertEqual(imageView.frame.size, .zero)
        let template = empty.withRenderingMode(.alwaysTemplate)
        XCTAssertEqual(template.size, .zero)
        XCTAssertEqual(template.renderingMode, .alwaysTemplate)
        // Drawing it draws nothing.
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            empty.draw(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        XCTAssertEqual(drawn.size, CGSize(width: 4, height: 4))
        XCTAssertEqual(drawn.pngData(), UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }.pngData())
    }

    func testFlowLayoutSubclassWithBothCodingInitializers() {
        let layout = MessagesLayout()
        XCTAssertEqual(layout.madeBy, "init()")
        XCTAssertEqual(layout.sectionInset.left, 8)
        XCTAssertNil(MessagesLayout(coder: NSCoder()))
        XCTAssertNil(UICollectionViewFlowLayout(coder: NSCoder()))
        XCTAssertTrue(layout.isKind(of: UICollectionViewLayout.self))
        XCTAssertNil(layout.collectionView)
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        XCTAssertTrue(layout.collectionView === collectionView)
        // The flow layout makes its attributes of the subclass's class, so the casts succeed.
        collectionView.layoutIfNeeded()
        let elements = layout.layoutAttributesForElements(in: collectionView.bounds)
        XCTAssertEqual(elements?.count, 0)
        let source = MessagesSource()
        collectionView.register(MessageContentCell.self, forCellWithReuseIdentifier: "Message")
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        XCTAssertEqual(layout.layoutAttributesForElements(in: collectionView.bounds)?.count, 3)
        let item = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0)) as? MessagesCollectionViewLayoutAttributes
        XCTAssertEqual(item?.frame, CGRect(x: 8, y: 58, width: 304, height: 44))
        XCTAssertEqual(item?.avatarSize, CGSize(width: 30, height: 30))
    }

    func testAttributesSubclassSurvivesTheCollectionViewsCopies() {
        // copy(with:) through NSObject's copy(): the subclass's properties come along.
        let original = MessagesCollectionViewLayoutAttributes(forCellWith: IndexPath(item: 2, section: 0))
        original.frame = CGRect(x: 0, y: 10, width: 100, height: 40)
        original.avatarSize = CGSize(width: 24, height: 24)
        original.messageLabelFont = .systemFont(ofSize: 13)
        let copy = original.copy() as? MessagesCollectionViewLayoutAttributes
        XCTAssertNotNil(copy)
        XCTAssertFalse(copy === original)
        XCTAssertEqual(copy?.avatarSize, CGSize(width: 24, height: 24))
        XCTAssertEqual(copy?.messageLabelFont, .systemFont(ofSize: 13))
        XCTAssertEqual(copy?.frame, original.frame)
        XCTAssertEqual(copy?.indexPath, IndexPath(item: 2, section: 0))
        XCTAssertEqual(copy?.representedElementCategory, .cell)
        XCTAssertTrue(copy?.isEqual(original) ?? false)
        XCTAssertEqual(copy, original)
        copy?.avatarSize = .zero
        XCTAssertNotEqual(copy, original)
        // The base class compares what UIKit's does.
        let header = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: UICollectionView.elementKindSectionHeader, with: IndexPath(item: 0, section: 0))
        let headerCopy = header.copy() as? UICollectionViewLayoutAttributes
        XCTAssertEqual(headerCopy?.representedElementKind, UICollectionView.elementKindSectionHeader)
        XCTAssertEqual(headerCopy, header)
        XCTAssertEqual(headerCopy?.hash, header.hash)
        headerCopy?.alpha = 0.5
        XCTAssertNotEqual(headerCopy, header)
        XCTAssertNotEqual(header, UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 0, section: 0)))

        // The collection view applies a copy of the layout's attributes (the subclass's, with
        // its properties), and applies again only attributes that are not equal.
        let layout = MessagesLayout()
        let collectionView = UICollectionView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
        let source = MessagesSource()
        collectionView.register(MessageContentCell.self, forCellWithReuseIdentifier: "Message")
        collectionView.dataSource = source
        collectionView.layoutIfNeeded()
        let cell = collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? MessageContentCell
        XCTAssertEqual(cell?.appliedAvatarSizes, [CGSize(width: 30, height: 30)])
        XCTAssertEqual(cell?.applied.first?.messageContainerPadding.left, 34)
        XCTAssertEqual(cell?.frame, CGRect(x: 8, y: 4, width: 304, height: 44))
        // A new layout pass with the same attributes applies nothing.
        layout.invalidateLayout()
        collectionView.layoutIfNeeded()
        XCTAssertEqual(cell?.appliedAvatarSizes, [CGSize(width: 30, height: 30)])
        // A change only the subclass's isEqual sees is applied.
        layout.avatarSize = CGSize(width: 40, height: 40)
        collectionView.layoutIfNeeded()
        XCTAssertEqual(cell?.appliedAvatarSizes, [CGSize(width: 30, height: 30), CGSize(width: 40, height: 40)])
        XCTAssertEqual(cell?.applied.last?.messageContainerPadding.left, 44)
        // What the cell keeps is its own copy: the layout's next attributes are new objects.
        let fresh = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))
        XCTAssertFalse(fresh === cell?.applied.last)
        XCTAssertEqual(fresh, cell?.applied.last)
        // A self-sizing cell is asked with a copy of the subclass's attributes.
        layout.estimatedItemSize = CGSize(width: 304, height: 44)
        collectionView.layoutIfNeeded()
        let asked = cell?.askedToFit.first
        XCTAssertEqual(asked?.avatarSize, CGSize(width: 40, height: 40))
        XCTAssertEqual(asked?.indexPath, IndexPath(item: 0, section: 0))
        XCTAssertFalse(asked === cell?.applied.last)
    }

    func testLayoutGuidesAndAnchorsAreNSObjects() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        let guide = InsetGuide(inset: 10)
        NSLayoutConstraint.activate(guide.pin(in: view))
        view.layoutIfNeeded()
        XCTAssertEqual(guide.layoutFrame, CGRect(x: 10, y: 10, width: 180, height: 20))
        XCTAssertTrue(guide.owningView === view)
        XCTAssertEqual(guide.identifier, "InsetGuide")
        XCTAssertNil(InsetGuide(coder: NSCoder()))
        XCTAssertNil(UILayoutGuide(coder: NSCoder()))

        let objects: [NSObject] = [guide, view.topAnchor, view.leadingAnchor, guide.widthAnchor]
        XCTAssertEqual(objects.count, 4)
        XCTAssertTrue(guide.isKind(of: UILayoutGuide.self))
        XCTAssertTrue(view.widthAnchor.isKind(of: NSLayoutDimension.self))
        // An anchor equals the same attribute of the same item, as UIKit's (one object) does.
        XCTAssertEqual(view.topAnchor, view.topAnchor)
        XCTAssertNotEqual(view.topAnchor, view.bottomAnchor)
        XCTAssertNotEqual(view.topAnchor, guide.topAnchor)
        XCTAssertEqual(Set([view.leadingAnchor, view.leadingAnchor, view.trailingAnchor]).count, 2)
        XCTAssertEqual([guide, UILayoutGuide()].firstIndex(of: guide), 0)
    }
}
