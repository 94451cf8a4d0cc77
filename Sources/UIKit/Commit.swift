import Foundation
import CoreGraphics
import QuartzCore
import RunLoop
import UIFoundation

/// What one commit (layout, display, render) did to a window, counted exactly.
public struct CommitStatistics: Equatable, Sendable {
    /// Views laid out (`layoutSubviews` calls).
    public var layouts = 0
    public var display = DisplayStatistics()
    public var render = RenderStatistics()
    /// Bytes of drawn backing stores alive after the commit.
    public var backingStoreBytes = 0

    public init() {}
}

/// The app's commit phase of one frame on one window, as Apple splits it: layout, display
/// (`draw(_:)`), prepare (the images shown for the first time decoded: `CALayer.prepareImages`)
/// and commit (the changed layers packaged for the render server). Times in seconds, measured.
public struct CommitReport: Sendable {
    public var layouts = 0
    public var display = DisplayStatistics()
    /// What the window's views counted since the commit before (in the event phase, the timers
    /// and this commit's layout): table cells, and the counters app stages count with
    /// `UIView.count(_:by:)`.
    public var counts = Counts()
    /// Screen transitions begun or ended in the frame (pushes, pops, presentations).
    package var transitions: [TransitionEvent] = []
    /// What goes to the render server.
    public var transaction = Transaction()
    /// Bytes of drawn backing stores alive after the commit.
    public var backingStoreBytes = 0
    /// The constraints phase (the update-constraints pass and the layout engine's solve) is
    /// measured apart from layout (`layoutSubviews`), which follows it.
    public var constraintsTime = 0.0, layoutTime = 0.0, displayTime = 0.0, prepareTime = 0.0, commitTime = 0.0
    /// Text laid out and drawn during the phases above (part of their times, not added to them).
    public var textTime = 0.0
    /// What the animations did in the frame (the render server's side, worked out at the end of
    /// the commit phase because the frame's damage depends on it), and the nanoseconds it took
    /// (not the app's: the frame's app stage leaves them out).
    package var animation = AnimationRegistry.Frame()
    public var animationNanoseconds: UInt64 = 0

    public init() {}

    /// Whether the commit had anything to do: a layout, a draw, or a change on screen. A vsync
    /// whose commit has none is idle, not a frame.
    public var hasWork: Bool {
        layouts > 0 || display.layersDisplayed > 0 || !transaction.isEmpty || animation.running > 0 || animation.finished > 0
            || !transitions.isEmpty   // a transition's end (its callbacks) is a frame's work, shown or not
    }

    /// Whether only the render server had work: animations advanced, and the app laid out, drew
    /// and changed nothing.
    public var isRenderOnly: Bool {
        hasWork && layouts == 0 && display.layersDisplayed == 0 && transaction.layersChanged == 0
    }
}

extension UIWindow {
    /// The layout pass: every view marked for layout runs `layoutSubviews`, parents first;
    /// then the view controllers whose views began appearing get `viewDidAppear`. Returns how
    /// many views were laid out.
    package func layoutPass() -> Int {
        constraintsPass()
        var count = CALayer.layoutPass(layer)
        // Only layout moves views: a pass that laid nothing out leaves every guide where it was.
        var rounds = 0
        while count > 0, rounds < UIView.guideRounds, guidesMoved() {
            rounds += 1
            constraintsPass()
            count += CALayer.layoutPass(layer)
        }
        endAppearances()
        return count
    }

    /// The constraints pass, before layout: views that asked get `updateConstraints()`, and the
    /// layout engine applies what changed (nothing happens in a window without constraints).
    package func constraintsPass() {
        if subtreeUsesConstraints { runConstraintsPass() }
    }

    /// The display pass: every layer marked for display redraws its dirty rectangle.
    package func displayPass() -> DisplayStatistics {
        CALayer.displayPass(layer)
    }

    /// The render step: the damaged region of the screen is composited into the window's frame
    /// buffer (its screen's `nativeBounds` pixels).
    package func renderPass() -> RenderStatistics {
        compositor.render()
    }

    /// The app's commit phase (Core Animation's, at the end of a run-loop turn), each step timed
    /// by `stopwatch`. The render server's work (`compositor.prepare`, `execute`) follows apart.
    package func commitPhase(stopwatch: Stopwatch) -> CommitReport {
        var report = CommitReport()
        let app = AppEnvironment.current
        let meter = FrameMeter.current
        meter.beginCommitPhase(of: self, stopwatch: stopwatch)
        let textBefore = app.textStatistics.nanoseconds
        let start = stopwatch.nanoseconds()
        constraintsPass()
        let solved = stopwatch.nanoseconds()
        let solving = meter.timingSolves(with: stopwatch) { report.layouts = layoutPass() }
        let laidOut = stopwatch.nanoseconds()
        let solvingInLayout = min(solving, laidOut &- solved)
        report.display = displayPass()
        let displayed = stopwatch.nanoseconds()
        // The animations' presentation at the frame's time, in place for the damage walk and the
        // render server (the model comes back with `restoreModelValues()`): not the app's work.
        let animations = AnimationRegistry.current
        report.animation = presentAnimations(at: animations.frameTime())
        let presented = stopwatch.nanoseconds()
        report.animationNanoseconds = presented &- displayed
        CALayer.prepareImages(under: layer)
        let prepared = stopwatch.nanoseconds()
        report.transaction = compositor.commitTransaction()
        let committed = stopwatch.nanoseconds()
        animations.endImplicitTransaction()
        // The simulator's diagnostic, after the timed stages: not work the app pays for.
        checkAmbiguousLayouts()
        report.backingStoreBytes = CALayer.backingStoreBytesAlive
        let textTime = app.textStatistics.nanoseconds &- textBefore
        if let (counts, transitions) = meter.endCommitPhase() {
            report.counts = counts
            report.counts[.animationsAdded] += animations.added
            report.counts[.animationsRunning] += report.animation.running
            report.counts[.animationsFinished] += report.animation.finished
            report.counts[.layersAnimated] += report.animation.layersAnimated
            // Judged before the transitions join the report: a frame whose only work is a
            // transition's end (its callbacks) is not one the render server alone made.
            report.counts[.renderOnlyFrames] += report.isRenderOnly ? 1 : 0
            report.transitions = transitions
        }
        animations.added = 0
        func seconds(_ from: UInt64, _ to: UInt64) -> Double { Double(to &- from) / 1e9 }
        // The engine's solves inside layout (cells configured and measured as a table lays out)
        // are the constraints phase's work, as Instruments' Auto Layout track shows them.
        report.constraintsTime = seconds(start, solved &+ solvingInLayout)
        report.layoutTime = seconds(solved &+ solvingInLayout, laidOut)
        report.displayTime = seconds(laidOut, displayed)
        report.prepareTime = seconds(presented, prepared)
        report.commitTime = seconds(prepared, committed)
        report.textTime = Double(textTime) / 1e9
        return report
    }

    /// Starts metering the window's frames after an untimed `commit()` put its screen up (a
    /// replay that paints with cairo): the next commit phase is a frame's, not the screen's.
    package func beginMetering() {
        FrameMeter.current.begin(on: self)
    }

    /// Layout, display and render at once, untimed: what a test or a tool outside a replay
    /// calls to bring the screen up to date.
    @discardableResult
    public func commit() -> CommitStatistics {
        commit(at: AnimationRegistry.current.frameTime())
    }

    /// Layout, display and render at once, untimed, with the animations shown as they are at
    /// `time` (media time): then the model comes back, and the animations' delegate calls and
    /// completions due run.
    @discardableResult
    public func commit(at time: TimeInterval) -> CommitStatistics {
        var stats = CommitStatistics()
        stats.layouts = layoutPass()
        stats.display = displayPass()
        let animations = AnimationRegistry.current
        _ = presentAnimations(at: time)
        CALayer.prepareImages(under: layer)
        stats.render = renderPass()
        stats.backingStoreBytes = CALayer.backingStoreBytesAlive
        restoreModelValues()
        animations.endImplicitTransaction()
        animations.runDueCallbacks()
        return stats
    }

    /// Puts the presentation of every animated layer in the window in place (the render
    /// server's view of the tree at `time`), marking what moved since the last frame.
    func presentAnimations(at time: TimeInterval) -> AnimationRegistry.Frame {
        AnimationRegistry.current.present(under: layer, at: time)
    }

    /// Puts the model values back after the render server's frame (and whoever looked at it: a
    /// snapshot).
    package func restoreModelValues() {
        AnimationRegistry.current.restoreModels()
    }

    /// Whether a layer in the window has an animation that will end: the render server has frames
    /// to make before the app is at rest (one repeating for ever, or paused, does not count).
    package var hasRunningAnimations: Bool {
        AnimationRegistry.current.hasAnimations(under: layer)
    }
}

/// Core Animation's commit as a run-loop observer: before the loop waits (order 2 000 000,
/// after the turn's events and timers), every visible window is laid out, redrawn and
/// composited. `onCommit` receives each window's counts.
@preconcurrency @MainActor
package final class CommitObserver {
    private let windows: () -> [UIWindow]
    private var observer: LoopObserver?
    /// Receives each window's counts.
    public var onCommit: ((UIWindow, CommitStatistics) -> Void)?

    /// Commits `windows` (by default the app's visible windows) on every turn.
    public init(windows: @escaping () -> [UIWindow] = { UIApplication.shared.windows }) {
        self.windows = windows
    }

    /// Starts committing on `loop`, in every common mode.
    public func install(on loop: EventRunLoop) {
        let observer = LoopObserver(activities: [.beforeWaiting, .exit], order: LoopObserver.coreAnimationCommitOrder) { [weak self] _, _ in
            self?.commitAll()
        }
        loop.add(observer, forMode: .common)
        self.observer = observer
    }

    /// Stops committing.
    public func invalidate() {
        observer?.invalidate()
        observer = nil
    }

    private func commitAll() {
        for window in windows() where !window.isHidden {
            onCommit?(window, window.commit())
        }
    }
}

extension UIView {
    /// Counts `n` of `counter` for the frame being made: the window's next commit phase hands it
    /// over in its report, and the frame record, the summary and `check` take it from there. How a
    /// stage of the app (a table's cells, a layout engine's solves) counts its work. Nothing is
    /// counted off a window, or before the window's first commit phase (building a screen is no
    /// frame's work).
    func count(_ counter: Counter, by n: Int = 1) {
        FrameMeter.current.count(counter, by: n, in: window)
    }
}
