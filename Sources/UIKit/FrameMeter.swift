import Foundation
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// The one place the app's stages report a frame's figures while a replay meters a window: the
/// counters views count (`UIView.count(_:by:)`: cells made, reused, transitions), the time the
/// layout engine spends solving inside layout, the screen transitions begun and ended, and the
/// text and image work since the last commit. The commit phase (`UIWindow.commitPhase`) takes
/// them into its `CommitReport`; nothing else in UIKit keeps profiler state.
///
/// One per app (in `UIKitState`). It meters one window: the first commit phase of a window starts
/// it on that window and counts nothing (it puts the screen up: building it is no frame's work);
/// views of other windows count nothing.
final class FrameMeter {
    /// The window metered: nil until a commit phase starts the meter.
    private(set) weak var window: UIWindow?
    /// What the metered window's views counted since its last commit phase.
    private(set) var counts = Counts()
    /// Screen transitions begun or ended since the last commit phase.
    private var transitions: [TransitionEvent] = []
    private var lastTransitionID = 0
    /// The app's text and image work at the last commit phase: each frame counts what it did since.
    private var textAtCommit = AppEnvironment.current.textStatistics
    private var imagesAtCommit = AppEnvironment.current.imageStatistics
    /// While the commit phase lays out: its stopwatch, and the time the layout engine spent solving
    /// inside layout (a table configuring and measuring cells in `layoutSubviews`), which the
    /// commit phase counts as constraints, not layout.
    private var layoutStopwatch: Stopwatch?
    /// Whether the commit phase under way is the metered window's first.
    private var firstPhase = false
    private(set) var solvingNanoseconds: UInt64 = 0
    private var solving = false

    /// The current app's.
    static var current: FrameMeter { UIKitState.current.meter }

    /// Whether work in `window` is metered: it is the metered window, past its first commit phase.
    func meters(_ window: UIWindow?) -> Bool {
        window != nil && window === self.window && !firstPhase
    }

    /// Meters `window` from now on, its screen having been put up by an untimed commit: the next
    /// commit phase is a frame's.
    func begin(on window: UIWindow) {
        self.window = window
        startFrame()
    }

    /// The next frame's count starts here: nothing counted, the app's text and image work so far
    /// its starting point.
    private func startFrame() {
        firstPhase = false
        counts = Counts()
        transitions = []
        textAtCommit = AppEnvironment.current.textStatistics
        imagesAtCommit = AppEnvironment.current.imageStatistics
    }

    /// A commit phase of `window` begins: the meter follows it (from its first commit phase, with
    /// the app's text and image work so far as the starting point), and text is timed with
    /// `stopwatch` until `endCommitPhase()`.
    func beginCommitPhase(of window: UIWindow, stopwatch: Stopwatch) {
        let app = AppEnvironment.current
        firstPhase = self.window !== window
        self.window = window
        app.textClock = { stopwatch.nanoseconds() }
    }

    /// The commit phase is over: what was counted since the last one (with the text and image
    /// work), and the transitions, or nil after the window's first; the next frame's count starts here.
    func endCommitPhase() -> (counts: Counts, transitions: [TransitionEvent])? {
        let app = AppEnvironment.current
        app.textClock = nil
        defer { startFrame() }
        guard !firstPhase else { return nil }
        var counts = self.counts
        let text = app.textStatistics
        counts[.textLayouts] += text.layouts - textAtCommit.layouts
        counts[.textLayoutCacheHits] += text.cacheHits - textAtCommit.cacheHits
        counts[.textMeasurements] += text.measurements - textAtCommit.measurements
        counts[.glyphsDrawn] += text.glyphsDrawn - textAtCommit.glyphsDrawn
        let images = app.imageStatistics
        counts[.imagesDecoded] += images.decodes - imagesAtCommit.decodes
        counts[.decodedPixels] += images.pixels - imagesAtCommit.pixels
        return (counts, transitions)
    }

    /// Counts `n` of `counter` for the frame being made, work the app does outside any window
    /// (objects made from a document before they are shown), while a window is metered.
    func countAppWork(_ counter: Counter, by n: Int) {
        guard n != 0, window != nil, !firstPhase else { return }
        counts[counter].addSaturating(n)
    }

    /// Counts `n` of `counter` for the frame being made, when `window` is metered.
    func count(_ counter: Counter, by n: Int, in window: UIWindow?) {
        guard n != 0, meters(window) else { return }
        counts[counter].addSaturating(n)
    }

    /// A transition of `kind` showing a controller named `name` began on `window`: its id, or 0
    /// when the window is not metered.
    func beginTransition(_ kind: TransitionEvent.Kind, name: String, on window: UIWindow?) -> Int {
        guard meters(window) else { return 0 }
        lastTransitionID += 1
        transitions.append(TransitionEvent(id: lastTransitionID, kind: kind, name: name, phase: .began))
        count(.transitionsBegun, by: 1, in: window)
        return lastTransitionID
    }

    /// Transition `id` ended on `window` (finished or cancelled).
    func endTransition(_ id: Int, _ kind: TransitionEvent.Kind, name: String, phase: TransitionEvent.Phase, on window: UIWindow?) {
        guard meters(window) else { return }
        transitions.append(TransitionEvent(id: id, kind: kind, name: name, phase: phase))
        count(phase == .finished ? .transitionsFinished : .transitionsCancelled, by: 1, in: window)
    }

    /// Times the layout engine's solves inside the layout pass with `stopwatch` while `body` runs;
    /// returns the nanoseconds they took.
    func timingSolves(with stopwatch: Stopwatch, _ body: () -> Void) -> UInt64 {
        layoutStopwatch = stopwatch
        solvingNanoseconds = 0
        body()
        layoutStopwatch = nil
        return solvingNanoseconds
    }

    /// Runs `body` (the layout engine's solve, a fitting size) of a view in `window`, timing it as
    /// solving when the commit phase is laying out that window; nested solves are timed once.
    func timingSolve<R>(in window: UIWindow, _ body: () -> R) -> R {
        guard let stopwatch = layoutStopwatch, !solving, window === self.window else { return body() }
        solving = true
        let start = stopwatch.nanoseconds()
        let result = body()
        solvingNanoseconds &+= stopwatch.nanoseconds() &- start
        solving = false
        return result
    }
}
