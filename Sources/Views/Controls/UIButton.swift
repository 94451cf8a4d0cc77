import Foundation
import Geometry
import Graphics
import Layers

/// A button, as UIKit's `UIButton`: a control composed of system views — a `titleLabel` and an
/// `imageView` — laid out in `layoutSubviews`, dimmed while highlighted. These two subviews are
/// the button's own; views added to a control by an app are what the seed notes warn against.
open class UIButton: UIControl {
    /// The label that shows the title.
    public let titleLabel = UILabel()
    /// The view that shows the image.
    public let imageView = UIImageView()
    private var titles: [UInt: String] = [:]
    private var colors: [UInt: UIColor] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        titleLabel.textAlignment = .center
        titleLabel.font = .systemFont(ofSize: 17)
        titleLabel.textColor = .blue
        addSubview(imageView)
        addSubview(titleLabel)
        systemSubviews = [imageView, titleLabel]
    }

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
        setNeedsLayout()
    }

    open override func stateDidChange() {
        refresh()
    }

    private func refresh() {
        titleLabel.text = title(for: state)
        titleLabel.textColor = colors[state.rawValue] ?? colors[State.normal.rawValue] ?? .blue
        titleLabel.alpha = isHighlighted ? 0.3 : isEnabled ? 1 : 0.5
    }

    open override func layoutSubviews() {
        let imageSize = imageView.image.map { CGSize(width: min($0.size.width, bounds.height), height: min($0.size.height, bounds.height)) } ?? .zero
        imageView.frame = CGRect(x: 0, y: (bounds.height - imageSize.height) / 2, width: imageSize.width, height: imageSize.height)
        titleLabel.frame = CGRect(x: imageSize.width, y: 0, width: max(0, bounds.width - imageSize.width), height: bounds.height)
    }
}
