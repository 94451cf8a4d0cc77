import Foundation
import Support
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state one app's code shares: the main screen's scale, the drawing-context stack, the
/// text engine, and one object for each layer above that keeps per-app state (QuartzCore's
/// animations, UIKit's application): `quartzCore` and `uiKit`, each read only by its layer.
///
/// uisim departs from UIKit here: UIKit has one app per process; uisim has one per replay,
/// current on the thread that runs it (UIKit's views run on the main actor; a layer and a
/// drawing context may be used on another thread, as Core Animation's and UIKit's drawing
/// functions may), so that two replays, one after another or one inside the other's callback,
/// never see each other's screen, windows, recognizers or counters. Code that makes no app of
/// its own (a unit test building views) gets its thread's default app.
package final class AppEnvironment {
    /// Pixels per point of new image renderers: the main screen's scale.
    package var screenScale: CGFloat = 3
    /// Phone or pad: the main screen's device (asset catalogs pick their images by it).
    package var idiom = UIUserInterfaceIdiom.phone
    /// The contexts UIKit's drawing functions draw into, innermost last.
    var contexts: [CGContext] = []
    /// The app's text engine (Pango's fonts, the layout cache and its counts), made when text is
    /// first measured or drawn.
    package var text: TextSystem {
        if let madeText { return madeText }
        let text = TextSystem()
        madeText = text
        return text
    }
    private var madeText: TextSystem?

    /// The text engine's counts so far (zero before any text).
    package var textStatistics: TextSystem.Statistics { madeText?.statistics ?? .init() }
    /// What times the text engine's work (the replay's stopwatch during a commit phase; nil
    /// otherwise: text is then not timed).
    package var textClock: (() -> UInt64)?

    /// What the app's drawing could not allocate since the last `takeAllocationFailure()` (memory
    /// ran out): the replay stops with it, as with the compositor's.
    private var allocationFailure: ResourceError?
    /// A 1-pixel bitmap drawn into in place of one memory could not hold (made at once, while
    /// memory allows: with the app).
    package let standInBitmap = try! CairoImage(width: 1, height: 1)

    package func noteAllocationFailure(_ failure: ResourceError) {
        allocationFailure = allocationFailure ?? failure
    }

    /// The allocation that failed, if one did since the last call.
    package func takeAllocationFailure() -> ResourceError? {
        defer { allocationFailure = nil }
        return allocationFailure
    }

    /// Images decoded so far (`CGImage.decode()`), and their pixels.
    package var imageStatistics = ImageStatistics()
    package struct ImageStatistics: Equatable, Sendable {
        package var decodes = 0, pixels = 0
    }

    /// What the app logged to the console as UIKit would (Auto Layout's messages, an archive
    /// asked for, a missing symbol), in order, each message once: `UIApplication.layoutIssues`,
    /// the summary's `layout_issues`.
    package private(set) var issues: [String] = []

    package func reportIssue(_ message: String) {
        guard !issues.contains(message) else { return }
        issues.append(message)
    }

    /// Light or dark: the appearance the app runs in (`--appearance`), what dynamic colours resolve to
    /// unless a view overrides it.
    package var userInterfaceStyle = UIUserInterfaceStyle.light
    /// Whether a view set its own tint or dimming (then a view moved under another hears
    /// `tintColorDidChange()`).
    package var customizesTint = false
    /// Whether a view or a controller has overridden the appearance (then views resolve their
    /// colours with their own traits; otherwise the app's do for all).
    package var overridesStyle = false
    /// The traits set as `UITraitCollection.current` (a view's while it draws), nil: the app's.
    package var currentTraits: UITraitCollection?
    /// The app's traits.
    package var defaultTraits: UITraitCollection {
        UITraitCollection(preferredContentSizeCategory: contentSizeCategory, displayScale: screenScale, userInterfaceStyle: userInterfaceStyle,
                          layoutDirection: .leftToRight)
    }

    /// The content-size category fonts of text styles are made at (Dynamic Type).
    package var contentSizeCategory = UIContentSizeCategory.large
    /// The image contexts begun with `UIGraphicsBeginImageContextWithOptions` and not yet ended,
    /// innermost last, with their scales.
    var imageContexts: [(context: CGContext, scale: CGFloat)] = []
    /// The app's asset catalogs and image files, read on first use.
    lazy var assets = AppAssets()
    /// Placeholders drawn for symbols uisim does not have, one per size.
    lazy var symbolPlaceholders = SymbolPlaceholders()

    /// QuartzCore's per-app state (the animations, the display pass, backing stores' memory), made
    /// by QuartzCore on first use: this
    /// module cannot name the types of the layers above it, so each layer keeps its state in its
    /// own slot and reads it back through an extension of its own.
    package var quartzCore: AnyObject?
    /// UIKit's per-app state (`UIKitState`: the application object, the general pasteboard, the
    /// block animations under way, …), made by UIKit on first use.
    package var uiKit: AnyObject?

    package init() {}

    /// The app current on this thread: the innermost one `makeCurrent(_:)` is running, or the
    /// thread's default app.
    package static var current: AppEnvironment {
        let thread = ThreadApps.current
        return thread.stack.last ?? thread.defaultApp
    }

    /// Runs `body` with this app current on this thread, then restores the one before.
    package func makeCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        let thread = ThreadApps.current
        thread.stack.append(self)
        defer { thread.stack.removeLast() }
        return try body()
    }

    /// The fonts of the thread the app runs on.
    static var threadFonts: PangoFonts { ThreadApps.current.fonts }
}

/// The apps of one thread: its default app and the stack of apps made current on it.
private final class ThreadApps {
    let defaultApp = AppEnvironment()
    var stack: [AppEnvironment] = []
    /// The thread's fonts (Pango's font map and context), shared by the apps made on it: they
    /// hold the faces fontconfig found and their glyph caches, nothing a replay's results
    /// depend on, and loading them again for each replay of a batch would cost each one the
    /// fonts' start-up. (Each app keeps its own text layouts and counts.)
    lazy var fonts = PangoFonts()

    /// The calling thread's, made on first use and released when the thread exits.
    static var current: ThreadApps {
        if let pointer = pthread_getspecific(threadAppsKey) {
            return Unmanaged<ThreadApps>.fromOpaque(pointer).takeUnretainedValue()
        }
        let apps = ThreadApps()
        pthread_setspecific(threadAppsKey, Unmanaged.passRetained(apps).toOpaque())
        return apps
    }
}

/// The thread-specific slot holding each thread's `ThreadApps` (a global `let`: made once,
/// thread-safely, on first use).
private let threadAppsKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { pointer in
        guard let pointer else { return }
        Unmanaged<ThreadApps>.fromOpaque(pointer).release()
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()
