import Foundation
import CoreGraphics

/// UIFoundation's state of one app, kept in the app's `uiFoundation` slot (`AppEnvironment`, one
/// slot per layer above CoreGraphics): the traits the app runs with (device, appearance, Dynamic
/// Type), the text engine, the image contexts begun, the asset catalogs read. Each replay's app
/// has its own; the extension below reads it as the app's own properties.
package final class UIFoundationState {
    /// Phone or pad: the main screen's device (asset catalogs pick their images by it).
    var idiom = UIUserInterfaceIdiom.phone
    /// Light or dark: the appearance the app runs in (`--appearance`), what dynamic colours
    /// resolve to unless a view overrides it.
    var userInterfaceStyle = UIUserInterfaceStyle.light
    /// The content-size category fonts of text styles are made at (Dynamic Type).
    var contentSizeCategory = UIContentSizeCategory.large
    /// The traits set as `UITraitCollection.current` (a view's while it draws), nil: the app's.
    var currentTraits: UITraitCollection?
    /// The text engine (Pango's fonts, the layout cache and its counts), made when text is first
    /// measured or drawn.
    var madeText: TextSystem?
    /// What times the text engine's work (the replay's stopwatch during a commit phase; nil
    /// otherwise: text is then not timed).
    var textClock: (() -> UInt64)?
    /// The image contexts begun with `UIGraphicsBeginImageContextWithOptions` and not yet ended,
    /// innermost last, with their scales.
    var imageContexts: [(context: CGContext, scale: CGFloat)] = []
    /// The app's asset catalogs and image files, read on first use.
    lazy var assets = AppAssets()
    /// Placeholders drawn for symbols uisim does not have, one per size.
    lazy var symbolPlaceholders = SymbolPlaceholders()
}

extension AppEnvironment {
    /// This app's UIFoundation state (made the first time it is asked for).
    var foundationState: UIFoundationState {
        if let state = uiFoundation { return unsafeDowncast(state, to: UIFoundationState.self) }
        let state = UIFoundationState()
        uiFoundation = state
        return state
    }

    /// Phone or pad: the main screen's device (asset catalogs pick their images by it).
    package var idiom: UIUserInterfaceIdiom {
        get { foundationState.idiom }
        set { foundationState.idiom = newValue }
    }

    /// Light or dark: the appearance the app runs in, unless a view overrides it.
    package var userInterfaceStyle: UIUserInterfaceStyle {
        get { foundationState.userInterfaceStyle }
        set { foundationState.userInterfaceStyle = newValue }
    }

    /// The content-size category fonts of text styles are made at (Dynamic Type).
    package var contentSizeCategory: UIContentSizeCategory {
        get { foundationState.contentSizeCategory }
        set { foundationState.contentSizeCategory = newValue }
    }

    /// The traits set as `UITraitCollection.current` (a view's while it draws), nil: the app's.
    package var currentTraits: UITraitCollection? {
        get { foundationState.currentTraits }
        set { foundationState.currentTraits = newValue }
    }

    /// The app's traits.
    package var defaultTraits: UITraitCollection {
        let state = foundationState
        return UITraitCollection(preferredContentSizeCategory: state.contentSizeCategory, displayScale: screenScale,
                                 userInterfaceStyle: state.userInterfaceStyle, layoutDirection: .leftToRight, userInterfaceIdiom: idiom)
    }

    /// The app's text engine, made when text is first measured or drawn.
    package var text: TextSystem {
        let state = foundationState
        if let made = state.madeText { return made }
        let text = TextSystem()
        state.madeText = text
        return text
    }

    /// The text engine's counts so far (zero before any text).
    package var textStatistics: TextSystem.Statistics { foundationState.madeText?.statistics ?? .init() }

    /// What times the text engine's work (the replay's stopwatch during a commit phase; nil
    /// otherwise: text is then not timed).
    package var textClock: (() -> UInt64)? {
        get { foundationState.textClock }
        set { foundationState.textClock = newValue }
    }

    var imageContexts: [(context: CGContext, scale: CGFloat)] {
        get { foundationState.imageContexts }
        _modify { yield &foundationState.imageContexts }
    }

    var assets: AppAssets { foundationState.assets }
    var symbolPlaceholders: SymbolPlaceholders { foundationState.symbolPlaceholders }

    /// The fonts of the thread the app runs on (Pango's font map, made on the thread's first text).
    static var pangoFonts: PangoFonts {
        if let fonts = threadFonts { return unsafeDowncast(fonts, to: PangoFonts.self) }
        let fonts = PangoFonts()
        threadFonts = fonts
        return fonts
    }
}
