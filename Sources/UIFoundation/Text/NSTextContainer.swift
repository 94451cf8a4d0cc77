import Foundation
import CoreGraphics
import Geometry

/// The direction text is written in, as UIKit's `NSWritingDirection`.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// What a text container tells the text view it lays text out for (a `UITextView`, in UIKit).
package protocol TextContainerView: AnyObject {
    /// The container's geometry or limits changed: lay the text out again.
    func textContainerDidChange()
    /// The text of the view's storage was edited (`range` in the text now, `delta` longer).
    func textStorageDidEdit(_ mask: NSTextStorage.EditActions, range: NSRange, changeInLength delta: Int)
}

/// The region text is laid out in, as TextKit's `NSTextContainer`: its size (a width or height of
/// 0 or less: no limit that way), the padding at each end of a line fragment (5 pt by default),
/// exclusion paths, a limit on lines and what the last allowed does with the text left over. Its
/// `layoutManager` lays the text out in it (`NSLayoutManager.addTextContainer(_:)`); a text view's
/// own container tracks the view's width (`widthTracksTextView`: the view's width less its
/// `textContainerInset`, set at each layout). An exclusion path takes its bounding box out of
/// the line fragments beside it (`lineFragmentRect(forProposedRect:at:writingDirection:remaining:)`),
/// not its exact outline.
open class NSTextContainer: NSObject {
    /// A container of `size` that does not track a text view's size.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    /// A container of size zero (NSObject's initializer, a convenience one as Swift imports it).
    public convenience override init() {
        self.init(size: .zero)
    }

    /// UIKit's initializer from an archive (not failable, as the SDK declares it). uisim has no
    /// archives: an empty container, said in the layout issues.
    public required init(coder: NSCoder) {
        size = .zero
        super.init()
        AppEnvironment.current.reportIssue("init(coder:): \(Self.self) cannot be made from an archive (uisim has no nibs or storyboards): an empty container")
    }

    /// The layout manager that lays text out in the container (set by its `addTextContainer(_:)`).
    open weak var layoutManager: NSLayoutManager?

    /// Moves the container, and every other container of its layout manager, to `newLayoutManager`.
    open func replaceLayoutManager(_ newLayoutManager: NSLayoutManager) {
        guard let old = layoutManager, old !== newLayoutManager else {
            if layoutManager == nil { newLayoutManager.addTextContainer(self) }
            return
        }
        let containers = old.textContainers
        while !old.textContainers.isEmpty { old.removeTextContainer(at: 0) }
        for container in containers { newLayoutManager.addTextContainer(container) }
        if let storage = old.textStorage {
            storage.removeLayoutManager(old)
            storage.addLayoutManager(newLayoutManager)
        }
    }

    /// The container's size; lines break at its width less the padding, and lines that do not fit
    /// its height are left to the next container (or not laid out). A text view's own container is
    /// given the view's width at each layout (`widthTracksTextView`).
    open var size: CGSize {
        didSet { if size != oldValue { geometryDidChange(from: oldValue) } }
    }
    /// Areas no text is laid out in (their bounding boxes, in the container's coordinates).
    open var exclusionPaths: [UIBezierPath] = [] { didSet { geometryDidChange(from: size) } }
    /// What the last line allowed does when text is left over (with `maximumNumberOfLines`).
    open var lineBreakMode = NSLineBreakMode.byWordWrapping { didSet { limitsDidChange() } }
    /// Space at the start and end of every line fragment.
    open var lineFragmentPadding: CGFloat = 5 { didSet { limitsDidChange() } }
    /// The most lines laid out (0: no limit).
    open var maximumNumberOfLines = 0 { didSet { limitsDidChange() } }
    /// Whether a text view sets the container's width to its own (less its `textContainerInset`)
    /// at each layout: true for a text view's own container, false for one made with `init(size:)`.
    open var widthTracksTextView = false { didSet { if widthTracksTextView != oldValue { limitsDidChange() } } }
    /// Whether a text view sets the container's height to its own (less its insets).
    open var heightTracksTextView = false { didSet { if heightTracksTextView != oldValue { limitsDidChange() } } }

    /// Whether line fragments are the container's full width (no exclusion paths).
    open var isSimpleRectangularTextContainer: Bool { exclusionPaths.isEmpty }

    /// The part of `proposedRect` (in the container's coordinates) a line fragment may take: the
    /// proposed rectangle cut to the container's width, up to the first exclusion path whose
    /// bounding box it meets; `remainingRect` gets what is left of it past that box (zero when
    /// nothing is). Zero when nothing of it is free, or when it goes past the container's height.
    open func lineFragmentRect(forProposedRect proposedRect: CGRect, at characterIndex: Int,
                               writingDirection baseWritingDirection: NSWritingDirection,
                               remaining remainingRect: UnsafeMutablePointer<CGRect>?) -> CGRect {
        remainingRect?.pointee = .zero
        var proposed = proposedRect.standardized
        if size.width > 0 {
            let right = min(proposed.maxX, size.width), left = max(proposed.minX, 0)
            proposed = CGRect(x: left, y: proposed.minY, width: max(right - left, 0), height: proposed.height)
        }
        if size.height > 0, proposed.maxY > size.height + 1e-9 { return .zero }
        guard proposed.width > 0 else { return .zero }
        // The boxes across the proposed rectangle's band, left to right.
        let blocked = exclusionPaths.map(\.bounds).filter { box in
            !box.isEmpty && box.minY < proposed.maxY && box.maxY > proposed.minY && box.maxX > proposed.minX && box.minX < proposed.maxX
        }.sorted { $0.minX < $1.minX }
        var x = proposed.minX
        for (index, box) in blocked.enumerated() {
            if box.minX > x {
                let fragment = CGRect(x: x, y: proposed.minY, width: box.minX - x, height: proposed.height)
                // What is free after this box (past any boxes that overlap it).
                var resume = box.maxX
                for other in blocked[(index + 1)...] where other.minX <= resume { resume = max(resume, other.maxX) }
                if resume < proposed.maxX {
                    remainingRect?.pointee = CGRect(x: resume, y: proposed.minY, width: proposed.maxX - resume, height: proposed.height)
                }
                return fragment
            }
            x = max(x, box.maxX)
        }
        guard x < proposed.maxX else { return .zero }
        return CGRect(x: x, y: proposed.minY, width: proposed.maxX - x, height: proposed.height)
    }

    /// The width lines break at, for a text view whose width less its insets is `trackedWidth`
    /// (infinite: no limit).
    package func lineWidth(trackedWidth: CGFloat) -> CGFloat {
        let width = widthTracksTextView ? trackedWidth : size.width > 0 ? size.width : .infinity
        return max(width - 2 * lineFragmentPadding, 0)
    }

    /// The text view laying text out in the container (told of every change).
    package weak var textView: TextContainerView?

    private func geometryDidChange(from oldSize: CGSize) {
        layoutManager?.textContainerChangedGeometry(self)
        if let layoutManager { layoutManager.delegate?.layoutManager(layoutManager, textContainer: self, didChangeGeometryFrom: oldSize) }
        // A text view sets its own tracking container's width at each layout: nothing more to do then.
        if size.width != oldSize.width && !widthTracksTextView || size == oldSize { textView?.textContainerDidChange() }
    }

    private func limitsDidChange() {
        layoutManager?.textContainerChangedGeometry(self)
        textView?.textContainerDidChange()
    }
}
