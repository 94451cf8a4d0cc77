import Foundation
import Support
import Geometry
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The state one app's code shares: the main screen's scale, the drawing-context stack, what
/// drawing could not allocate, the images decoded, the console's messages, and one object for
/// each layer above that keeps per-app state (UIFoundation's traits, text and images,
/// QuartzCore's animations, UIKit's application): `uiFoundation`, `quartzCore` and `uiKit`, each
/// read only by its layer.
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
    /// The contexts UIKit's drawing functions draw into, innermost last.
    package var contexts: [CGContext] = []
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

    /// UIFoundation's per-app state (`UIFoundationState`: traits, text, images), made by
    /// UIFoundation on first use.
    package var uiFoundation: AnyObject?
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

    /// The fonts of the calling thread (UIFoundation's, made by it on first use): kept with the
    /// thread, not an app, for the reason `ThreadApps` gives.
    package static var threadFonts: AnyObject? {
        get { ThreadApps.current.fonts }
        set { ThreadApps.current.fonts = newValue }
    }
}

/// The apps of one thread: its default app and the stack of apps made current on it.
private final class ThreadApps {
    let defaultApp = AppEnvironment()
    var stack: [AppEnvironment] = []
    /// The thread's fonts (Pango's font map and context), shared by the apps made on it: they
    /// hold the faces fontconfig found and their glyph caches, nothing a replay's results
    /// depend on, and loading them again for each replay of a batch would cost each one the
    /// fonts' start-up. (Each app keeps its own text layouts and counts.)
    var fonts: AnyObject?

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
