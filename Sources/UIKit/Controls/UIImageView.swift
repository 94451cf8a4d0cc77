import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// Shows an image, as UIKit's `UIImageView`: the image is the layer's contents, placed by
/// `contentMode` in the compositor; the view never draws (no `draw(_:)`, no backing store of
/// its own). A template image (`.alwaysTemplate`, a symbol image) is shown in the view's
/// `tintColor` (or the image's own, `withTintColor(_:)`), a resizable image keeps its cap insets
/// (the layer's `contentsCenter`): neither redraws anything, as in UIKit. An image from a file is
/// decoded when the commit first prepares the view's layer for the screen.
open class UIImageView: UIView {
    open var image: UIImage? {
        willSet { keyValueWillChange("image") }
        didSet {
            defer { keyValueDidChange("image") }
            showImage()
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    /// The image shown while `isHighlighted` (the image when nil).
    open var highlightedImage: UIImage? {
        didSet { if isHighlighted { showImage() } }
    }

    /// Whether the highlighted image is shown (a table cell highlights its image views).
    open var isHighlighted = false {
        willSet { keyValueWillChange("highlighted") }
        didSet {
            if isHighlighted != oldValue { showImage() }
            keyValueDidChange("highlighted")
        }
    }

    /// The image's size; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// An image view the size of `image`, showing it. Designated, as UIKit's (UIImageView.h marks
    /// none of its initializers designated, so Swift imports each as one): a subclass's own
    /// initializer may call `super.init(image:)`.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        setUp()
        self.image = image
        showImage()   // observers do not run in the class's own initializers
    }

    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        setUp()
        self.image = image
        self.highlightedImage = highlightedImage
        showImage()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    private func setUp() {
        isOpaque = false
        isUserInteractionEnabled = false
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUp()
        UINibDecoder.didInit(self, as: UIImageView.self, coder: coder)
    }

    /// An image view is not an element unless made one; its label is the image's name.
    override var defaultAccessibilityLabel: String? { image?.name }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { .image }

    /// The image's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        image?.size ?? .zero
    }

    /// The image on screen now: the highlighted one while highlighted, for the view's appearance.
    private var shownImage: UIImage? {
        let shown = isHighlighted ? (highlightedImage ?? image) : image
        return shown?.resolved(for: effectiveUserInterfaceStyle)
    }

    /// The mirrored pixels shown for an image that flips in a right-to-left layout, and the
    /// pixels they mirror (made once per image).
    private var mirrored: (of: CGImage, image: CGImage)?

    /// The pixels the layer shows of `shown`: mirrored when the image flips for right-to-left
    /// layouts and the view's content reads right to left.
    private func pixels(of shown: UIImage?) -> CGImage? {
        guard let shown, let pixels = shown.cgImage, shown.flipsForRightToLeftLayoutDirection,
              effectiveUserInterfaceLayoutDirection == .rightToLeft else { return shown?.cgImage }
        if let mirrored, mirrored.of === pixels { return mirrored.image }
        guard let image = pixels.mirroredHorizontally() else { return pixels }
        mirrored = (pixels, image)
        return image
    }

    /// Puts the shown image in the layer: its pixels, its scale, its cap insets, its tint.
    private func showImage() {
        let shown = shownImage
        // The scale first: the layer's store takes it with the contents.
        if let shown { layer.contentsScale = shown.scale }
        let pixels = pixels(of: shown)
        if layer.contents !== pixels || shown == nil { layer.contents = pixels }
        if let shown, shown.isResizable, shown.size.width > 0, shown.size.height > 0 {
            let size = shown.size, caps = shown.capInsets
            layer.contentsCenter = CGRect(x: caps.left / size.width, y: caps.top / size.height,
                                          width: max(0, size.width - caps.left - caps.right) / size.width,
                                          height: max(0, size.height - caps.top - caps.bottom) / size.height)
        } else {
            layer.contentsCenter = CALayer.unitRect
        }
        applyTint(to: shown)
    }

    /// A template image's colour, resolved for the view's appearance; nil for an image shown as it is.
    private func applyTint(to shown: UIImage?) {
        guard let shown, shown.isTemplate || shown.tintColor != nil else { return layer.contentsTintColor = nil }
        let tint: UIColor = shown.tintColor ?? tintColor
        layer.contentsTintColor = tint.resolvedColor(with: UITraitCollection(userInterfaceStyle: effectiveUserInterfaceStyle)).cgColor
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyTint(to: shownImage)
    }

    override func appearanceStyleDidChange() {
        super.appearanceStyleDidChange()
        showImage()   // an asset's dark image, a dynamic tint
    }
}
