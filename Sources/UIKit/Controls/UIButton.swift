import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// A button, as UIKit's `UIButton`: a control composed of system views — a `titleLabel` and an
/// `imageView` — laid out in `layoutSubviews`, dimmed while highlighted. These two subviews are
/// the button's own; views added to a control by an app are what the seed notes warn against.
open class UIButton: UIControl {
    /// The kinds of button UIKit makes (`UIButton.ButtonType`). uisim draws every kind as it
    /// draws a button made with `init(frame:)`: its title in the tint, dimmed while highlighted.
    public enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case detailDisclosure = 2
        case infoLight = 3
        case infoDark = 4
        case contactAdd = 5
        case close = 7
        /// The old name of `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The label that shows the title (nullable in UIKit: `titleLabel?.font = …`).
    open var titleLabel: UILabel? { ownTitleLabel }
    /// The view that shows the image (nullable in UIKit).
    open var imageView: UIImageView? { ownImageView }
    /// The button's own title label and image view, which it lays out.
    let ownTitleLabel = UILabel()
    let ownImageView = UIImageView()
    /// The type the button was made with: `.custom` for `init(frame:)`, as UIKit's.
    open var buttonType: ButtonType { type }
    private var type = ButtonType.custom
    private var titles = PerState<String>()
    /// Space between the button's edges and its content (image and title); its intrinsic size
    /// includes it.
    open var contentEdgeInsets = UIEdgeInsets.zero {
        didSet {
            guard contentEdgeInsets != oldValue else { return }
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
    }
    /// Insets of the title's rectangle, and of the image's, from the content's: they move and
    /// shrink (negative: grow) where each is laid out, not the button's intrinsic size (UIKit's).
    open var titleEdgeInsets = UIEdgeInsets.zero {
        didSet { if titleEdgeInsets != oldValue { setNeedsLayout() } }
    }
    open var imageEdgeInsets = UIEdgeInsets.zero {
        didSet { if imageEdgeInsets != oldValue { setNeedsLayout() } }
    }
    private var colors = PerState<UIColor>()
    private var images = PerState<UIImage>()
    private var attributedTitles = PerState<NSAttributedString>()
    private var backgroundImages = PerState<UIImage>()
    /// The background image's view, made when a background image is first set (behind the rest).
    private var backgroundView: UIImageView?
    /// The styled title the label shows, if it shows one.
    private var shownAttributedTitle: NSAttributedString?

    /// Whether the image is drawn darker while the button is highlighted (default true). UIKit
    /// adjusts the image a state shows from the normal state's; one set for the highlighted state
    /// is shown as it is. uisim darkens each opaque pixel by a third of black over it (each colour
    /// channel × 0.7, alpha kept): Apple publishes no figure.
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "This property is ignored when using UIButtonConfiguration")
    open var adjustsImageWhenHighlighted = true { didSet { if adjustsImageWhenHighlighted != oldValue { refresh() } } }
    /// Whether the image is drawn lighter while the button is disabled (default true): uisim
    /// mixes each opaque pixel half with white (channel → (channel + 255) / 2, alpha kept).
    @available(iOS, introduced: 2.0, deprecated: 15.0, message: "This property is ignored when using UIButtonConfiguration")
    open var adjustsImageWhenDisabled = true { didSet { if adjustsImageWhenDisabled != oldValue { refresh() } } }
    /// The button's configuration (iOS 15): set, it replaces the per-state titles, colours and
    /// edge insets; nil (the default), the button is laid out as before iOS 15.
    open var configuration: UIButton.Configuration? {
        didSet {
            if configuration == nil {
                shownConfiguration = nil
                configurationBackground?.backgroundColor = nil
                configurationSubtitleLabel?.isHidden = true
                invalidateIntrinsicContentSize()
                refresh()
            } else {
                setNeedsUpdateConfiguration()
            }
        }
    }
    /// Called after `updateConfiguration()` each time the configuration is updated.
    open var configurationUpdateHandler: UIButton.ConfigurationUpdateHandler? { didSet { setNeedsUpdateConfiguration() } }
    /// Whether a state change shows the configuration `updated(for:)` the state (default true).
    open var automaticallyUpdatesConfiguration = true
    /// Asks the button to update its configuration for its state: `updateConfiguration()`, then
    /// `configurationUpdateHandler`, then the configuration (updated for the state when
    /// `automaticallyUpdatesConfiguration`) is shown. uisim updates at once.
    open func setNeedsUpdateConfiguration() {
        guard configuration != nil || configurationUpdateHandler != nil, !isUpdatingConfiguration else { return }
        isUpdatingConfiguration = true
        defer { isUpdatingConfiguration = false }
        updateConfiguration()
        configurationUpdateHandler?(self)
        guard let configuration else {
            shownConfiguration = nil
            return
        }
        let shown = automaticallyUpdatesConfiguration ? configuration.updated(for: self) : configuration
        show(shown)
    }

    /// What a subclass overrides to change its configuration for its state (default: nothing).
    open func updateConfiguration() {}

    /// The configuration shown now (updated for the state), its background and its subtitle.
    var shownConfiguration: UIButton.Configuration?
    var configurationBackground: UIView?
    var configurationSubtitleLabel: UILabel?
    var isUpdatingConfiguration = false
    /// The last adjusted image, and the image and adjustment it was made from (made once).
    private var adjustedImage: (source: UIImage, darker: Bool, image: UIImage)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpButton()
    }

    private func setUpButton() {
        isOpaque = false
        ownTitleLabel.textAlignment = .center
        ownTitleLabel.lineBreakMode = .byTruncatingMiddle   // UIKit's default for a button's title
        ownTitleLabel.font = .systemFont(ofSize: 17)
        ownTitleLabel.textColor = .systemBlue
        addSubview(ownImageView)
        addSubview(ownTitleLabel)
        systemSubviews = [ownImageView, ownTitleLabel]
    }

    /// A button of `buttonType` (UIKit's class factory `buttonWithType:`, imported as this
    /// initializer; a subclass's is an instance of the subclass).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        type = buttonType
    }

    /// From a document `UINib` reads: the class's own setup, then the document's properties
    /// (before a subclass's initializer goes on); from another coder, nil (uisim has no archives).
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpButton()
        UINibDecoder.didInit(self, as: UIButton.self, coder: coder)
    }

    override var defaultIsAccessibilityElement: Bool { true }
    /// The title, else the image's name (as UIKit reads an asset's name).
    override var defaultAccessibilityLabel: String? { ownTitleLabel.text.flatMap { $0.isEmpty ? nil : $0 } ?? ownImageView.image?.name }
    override var defaultAccessibilityTraits: UIAccessibilityTraits { isEnabled ? .button : [.button, .notEnabled] }

    /// Sets the title shown in `state` (`.normal` is the fallback).
    open func setTitle(_ title: String?, for state: State) {
        titles[state] = title
        refresh()
    }

    open func title(for state: State) -> String? { titles.shown(in: state) }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        colors[state] = color
        refresh()
    }

    /// The title's colour for `state`: the one set for it, else the normal state's, else the tint
    /// (what the title is drawn in).
    open func titleColor(for state: State) -> UIColor? {
        colors.shown(in: state) ?? tintColor
    }

    /// Sets the image shown for `state` (the normal state's stands in for a state without one).
    open func setImage(_ image: UIImage?, for state: State) {
        images[state] = image
        refresh()
    }

    /// The image for `state`: the one set for it, else the normal state's.
    open func image(for state: State) -> UIImage? { images.shown(in: state) }

    /// Sets a styled title for `state`; where one is set it is shown instead of the plain title.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state] = title
        refresh()
    }

    /// The styled title for `state`: the one set for it, else the normal state's.
    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles.shown(in: state)
    }

    /// Sets the image stretched behind the title and image for `state`.
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state] = image
        refresh()
    }

    /// The background image for `state`: the one set for it, else the normal state's.
    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages.shown(in: state)
    }

    /// What the button shows now, in its current state.
    open var currentTitle: String? { ownTitleLabel.text }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? .systemBlue }
    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    /// The content's size: the image beside the title (the title label's own size), plus
    /// `contentEdgeInsets`. (A `.system` button on iOS also pads its title by a few points; uisim
    /// lays out every type alike.)
    open override var intrinsicContentSize: CGSize {
        if let configuration = shownConfiguration { return configurationSize(configuration) }
        let image = ownImageView.image?.size ?? .zero
        let title = ownTitleLabel.text.map { $0.isEmpty ? CGSize.zero : ownTitleLabel.intrinsicContentSize } ?? .zero
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
        if configuration != nil { return setNeedsUpdateConfiguration() }
        if let styled = attributedTitle(for: state) {
            if shownAttributedTitle !== styled {
                shownAttributedTitle = styled
                ownTitleLabel.attributedText = styled
                invalidateIntrinsicContentSize()
            }
        } else {
            let text = title(for: state)
            if shownAttributedTitle != nil || ownTitleLabel.text != text {
                shownAttributedTitle = nil
                ownTitleLabel.text = text
                invalidateIntrinsicContentSize()
            }
        }
        let image = adjusted(image(for: state))
        if ownImageView.image !== image {
            ownImageView.image = image
            invalidateIntrinsicContentSize()
            setNeedsLayout()
        }
        let background = backgroundImage(for: state)
        if background != nil || backgroundView != nil {
            let view = backgroundView ?? makeBackgroundView()
            view.image = background
        }
        // A title without its own colour takes the tint, as a system button's does.
        ownTitleLabel.textColor = colors.shown(in: state) ?? tintColor
        ownTitleLabel.alpha = isHighlighted ? 0.3 : isEnabled ? 1 : 0.5
    }

    /// The image as the state shows it: darker while highlighted, lighter while disabled, when the
    /// state has no image of its own and the button adjusts its image.
    private func adjusted(_ image: UIImage?) -> UIImage? {
        guard let image, images[state] == nil else { return image }
        let darker: Bool
        if isHighlighted && adjustsImageWhenHighlighted {
            darker = true
        } else if !isEnabled && adjustsImageWhenDisabled {
            darker = false
        } else {
            return image
        }
        if let made = adjustedImage, made.source === image, made.darker == darker { return made.image }
        let result = image.mappingPixels { pixel in
            let a = pixel >> 24
            func channel(_ shift: UInt32) -> UInt32 {
                let c = (pixel >> shift) & 0xFF
                // Premultiplied: black at 0.3 over the pixel scales its colour; white at 0.5 adds half its alpha.
                return darker ? (c * 7 + 5) / 10 : (c + a + 1) / 2
            }
            return a << 24 | channel(16) << 16 | channel(8) << 8 | channel(0)
        }
        adjustedImage = (image, darker, result)
        return result
    }

    private func makeBackgroundView() -> UIImageView {
        let view = UIImageView(frame: bounds)
        view.contentMode = .scaleToFill
        insertSubview(view, at: 0)
        systemSubviews.insert(view, at: 0)
        backgroundView = view
        setNeedsLayout()
        return view
    }

    open override func layoutSubviews() {
        if let configuration = shownConfiguration { return layOutConfiguration(configuration) }
        backgroundView?.frame = bounds
        let content = bounds.inset(by: contentEdgeInsets)
        ownImageView.frame = contentFrames(in: content.inset(by: imageEdgeInsets)).image
        ownTitleLabel.frame = contentFrames(in: content.inset(by: titleEdgeInsets)).title
    }

    /// Where the image and the title go in `content`: the image beside the title, aligned as the
    /// control's content alignments say.
    private func contentFrames(in content: CGRect) -> (image: CGRect, title: CGRect) {
        let imageSize = ownImageView.image.map { CGSize(width: min($0.size.width, content.height), height: min($0.size.height, content.height)) } ?? .zero
        var imageFrame = CGRect(x: content.minX, y: content.minY + (content.height - imageSize.height) / 2,
                                width: imageSize.width, height: imageSize.height)
        var titleFrame = CGRect(x: content.minX + imageSize.width, y: content.minY, width: max(0, content.width - imageSize.width),
                                height: max(0, content.height))
        // Centred (the default) and filled, the title spans what the image leaves and centres its
        // text; at an edge, the image and the title's text sit together against it.
        let horizontal = effectiveContentHorizontalAlignment
        if horizontal == .left || horizontal == .right {
            let textWidth = min(ownTitleLabel.intrinsicContentSize.width, titleFrame.width)
            titleFrame.size.width = max(0, textWidth)
            if horizontal == .right {
                titleFrame.origin.x = content.maxX - titleFrame.width
                imageFrame.origin.x = titleFrame.minX - imageSize.width
            }
        }
        switch contentVerticalAlignment {
        case .top, .bottom:
            let textHeight = min(ownTitleLabel.intrinsicContentSize.height, content.height)
            let top = contentVerticalAlignment == .top
            titleFrame.origin.y = top ? content.minY : content.maxY - textHeight
            titleFrame.size.height = max(0, textHeight)
            imageFrame.origin.y = top ? content.minY : content.maxY - imageSize.height
        case .fill:
            imageFrame.origin.y = content.minY
            imageFrame.size.height = max(0, content.height)
        case .center:
            break
        }
        return (imageFrame, titleFrame)
    }
}

/// A button's content set per state (UIKit's `setTitle(_:for:)` family): what each state was
/// given, and what a state shows (its own, else the normal state's).
struct PerState<Value> {
    private var values: [UInt: Value] = [:]

    /// What `state` was given itself (nil: nothing).
    subscript(state: UIControl.State) -> Value? {
        get { values[state.rawValue] }
        set { values[state.rawValue] = newValue }
    }

    /// What `state` shows: its own, else the normal state's.
    func shown(in state: UIControl.State) -> Value? { values[state.rawValue] ?? values[UIControl.State.normal.rawValue] }
}
