import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import UIFoundation

/// An effect a `UIVisualEffectView` shows (UIKit's `UIVisualEffect`).
@preconcurrency @MainActor
open class UIVisualEffect {
    init() {}
}

/// A blur of what lies behind a visual effect view, as UIKit's `UIBlurEffect`: a Gaussian blur of
/// the pixels under the view, then a tint over them, light or dark by the style. The render
/// server does it (an offscreen pass each frame something under it changes: the `blur_passes`
/// and `blur_pixels` counters, priced by the render cost model at 36 bytes a pixel). Apple
/// publishes neither the radii nor the tints; uisim's give the look: a 20-point blur (10 for the
/// ultra-thin and thin materials, 30 for thick and chrome) under a translucent white, or a
/// translucent near-black in dark mode.
public final class UIBlurEffect: UIVisualEffect {
    public enum Style: Int, Sendable {
        case extraLight, light, dark, regular = 4, prominent
        case systemUltraThinMaterial = 6, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
        case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
        case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// The blur's standard deviation, in points.
    var radius: CGFloat {
        switch style {
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark,
             .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: 10
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark,
             .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: 30
        default: 20
        }
    }

    /// The tint laid over the blur: fixed for the light and dark styles, following the appearance
    /// for the others; thinner materials let more of the blur through.
    var tint: UIColor {
        let strength: CGFloat = switch style {
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: 0.35
        case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark, .light, .dark: 0.5
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark, .prominent: 0.8
        case .extraLight, .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: 0.75
        default: 0.65
        }
        let light = UIColor(white: 1, alpha: strength), dark = UIColor(white: 0.11, alpha: strength)
        switch style {
        case .extraLight, .light, .systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight,
             .systemThickMaterialLight, .systemChromeMaterialLight: return light
        case .dark, .systemUltraThinMaterialDark, .systemThinMaterialDark, .systemMaterialDark,
             .systemThickMaterialDark, .systemChromeMaterialDark: return dark
        default: return .dynamic(light: light, dark: dark)
        }
    }
}

/// Content made vivid over a blur (UIKit's `UIVibrancyEffect`): uisim shows the content view's
/// subviews as they are (the vibrancy's colour blending is not modelled).
public final class UIVibrancyEffect: UIVisualEffect {
    public let blurEffect: UIBlurEffect

    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}

/// A view that shows an effect over what lies behind it, as UIKit's `UIVisualEffectView`: with a
/// `UIBlurEffect`, the pixels under it blurred (its layer's backdrop, the render server's work)
/// under the style's tint; subviews go in `contentView`, above both (a subview added to the
/// effect view itself is reported, as UIKit logs it).
open class UIVisualEffectView: UIView {
    /// The effect (nil: none, the view shows its content only).
    open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    /// Where the view's content goes.
    open private(set) var contentView = UIView()
    /// The tint over the blur.
    private let tintView = UIView()

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        setUpLayers()
    }

    private func setUpLayers() {
        isOpaque = false
        tintView.isUserInteractionEnabled = false
        // Both follow the view's size as it changes (so content added to a view given its frame
        // later keeps its place), and layout puts them on the bounds again.
        tintView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(tintView)
        addSubview(contentView)
        systemSubviews = [tintView, contentView]
        applyEffect()
    }

    public convenience override init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    /// From a document (`<visualEffectView>`): its effect (`<blurEffect>`, `<vibrancyEffect>`) and
    /// the subviews of its `<view key="contentView">`, which go in `contentView`.
    public required init?(coder: NSCoder) {
        guard coder is UINibDecoder else {
            noArchives(Self.self)
            return nil
        }
        super.init(coder: coder)
        setUpLayers()
        UINibDecoder.didInit(self, as: UIVisualEffectView.self, coder: coder)
    }

    private func applyEffect() {
        let blur = (effect as? UIBlurEffect) ?? (effect as? UIVibrancyEffect)?.blurEffect
        layer.backdropBlurRadius = effect is UIBlurEffect ? blur?.radius ?? 0 : 0
        tintView.backgroundColor = effect is UIBlurEffect ? blur?.tint : nil
        tintView.isHidden = !(effect is UIBlurEffect)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        tintView.frame = bounds
        contentView.frame = bounds
    }
}
