import Foundation
import Geometry
import CoreGraphics
import QuartzCore

/// A button, as UIKit's `UIButton`: a control composed of system views — a `titleLabel` and an
/// `imageView` — laid out in `layoutSubviews`, dimmed while highlighted. These two subviews are
/// the button's own; views added to a control by an app are what the seed notes warn against.
open class UIButton: UIControl {
    /// The label that shows the title.
    public let titleLabel = UILabel()
    /// The view that shows the image.
    public let imageView = UIImageView()
    private var titles: [UInt: String] = [:]
    /// Space between the button's edges and its content (image and title); its intrinsic size
    /// includes it.
    open var contentEdgeInsets = UIEdgeInsets.zero {
        didSet {
            guard contentEdgeInsets != oldValue else { return }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    private var colors: [UInt: UIColor] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        titleLabel.textAlignment = .center
        titleLabel.lineBreakMode = .byTruncatingMiddle   // UIKit's default for a button's title
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = .systemBlue
        addSubview(imageView)
        addSubview(titleLabel)
        systemSubviews = [imageView, titleLabel]
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    override var defaultIsAccessibilityElement: Bool { true }
    /// The title, else the image's name (as UIKit reads an asset's name).
    override var defaultAccessibilityLabel: String? { titleLabel.text.flatMap { $0.isEmpty ? nil : $0 } ?? imageView.image?.name }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .button : [.button, .notEnabled] }

    /// Sets the title shown in `state` (`.normal` is the fallback).
    public func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        refresh()
    }

    public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

    public func setTitleColor(_ color: UIColor?, for state: State) {
        colors[state.rawValue] = color
        refresh()
    }

    /// The image shown beside the title.
    public func setImage(_ image: UIImage?, for state: State) {
        imageView.image = image
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// The content's size: the image beside the title (the title label's own size), plus
    /// `contentEdgeInsets`. (A `.system` button on iOS also pads its title by a few points; uisim's
    /// buttons have no type.)
    open override var intrinsicContentSize: CGSize {
        let image = imageView.image?.size ?? .zero
        let title = titleLabel.text.map { $0.isEmpty ? CGSize.zero : titleLabel.intrinsicContentSize } ?? .zero
        return CGSize(width: image.width + title.width + contentEdgeInsets.left + contentEdgeInsets.right,
                      height: max(image.height, title.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }

    open override func stateDidChange() {
        refresh()
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refresh()
    }

    private func refresh() {
        let text = title(for: state)
        if titleLabel.text != text {
            titleLabel.text = text
            invalidateIntrinsicContentSize()
        }
        // A title without its own colour takes the tint, as a system button's does.
        titleLabel.textColor = colors[state.rawValue] ?? colors[State.normal.rawValue] ?? tintColor
        titleLabel.alpha = isHighlighted ? 0.3 : isEnabled ? 1 : 0.5
    }

    open override func layoutSubviews() {
        let content = bounds.inset(by: contentEdgeInsets)
        let imageSize = imageView.image.map { CGSize(width: min($0.size.width, content.height), height: min($0.size.height, content.height)) } ?? .zero
        imageView.frame = CGRect(x: content.minX, y: content.minY + (content.height - imageSize.height) / 2,
                                 width: imageSize.width, height: imageSize.height)
        titleLabel.frame = CGRect(x: content.minX + imageSize.width, y: content.minY, width: max(0, content.width - imageSize.width),
                                  height: max(0, content.height))
    }
}
