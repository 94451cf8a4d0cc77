import Foundation
import Geometry
import Graphics
import Layers

/// Shows an image, as UIKit's `UIImageView`: the image is the layer's contents, placed by
/// `contentMode` in the compositor; the view never draws (no `draw(_:)`, no backing store of
/// its own).
open class UIImageView: UIView {
    open var image: UIImage? {
        didSet {
            layer.contents = image?.cgImage
            if let image { layer.contentsScale = image.scale }
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// The image's size; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
        layer.contents = image?.cgImage
        if let image { layer.contentsScale = image.scale }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        noArchives(Self.self)
        return nil
    }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }
}
