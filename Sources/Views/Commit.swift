import Foundation
import Layers
import RunLoop

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

extension UIWindow {
    /// The layout pass: every view marked for layout runs `layoutSubviews`, parents first.
    /// Returns how many did.
    public func layoutPass() -> Int {
        CALayer.layoutPass(layer)
    }

    /// The display pass: every layer marked for display redraws its dirty rectangle.
    public func displayPass() -> DisplayStatistics {
        _ = CALayer.takeDisplayStatistics()
        CALayer.displayPass(layer)
        return CALayer.takeDisplayStatistics()
    }

    /// The render step: the damaged region of the screen is composited into the window's frame
    /// buffer (its screen's `nativeBounds` pixels).
    public func renderPass() -> RenderStatistics {
        compositor.render()
    }

    /// All three, as Core Animation's commit does at the end of a run-loop turn. `timings`, if
    /// given, receives each pass's duration in nanoseconds (layout, display, render).
    @discardableResult
    public func commit(timings: ((UInt64, UInt64, UInt64) -> Void)? = nil) -> CommitStatistics {
        var stats = CommitStatistics()
        let start = Monotonic.nanoseconds()
        stats.layouts = layoutPass()
        let laidOut = Monotonic.nanoseconds()
        stats.display = displayPass()
        let displayed = Monotonic.nanoseconds()
        stats.render = renderPass()
        let rendered = Monotonic.nanoseconds()
        stats.backingStoreBytes = CALayer.backingStoreBytesAlive
        timings?(laidOut &- start, displayed &- laidOut, rendered &- displayed)
        return stats
    }
}

/// Core Animation's commit as a run-loop observer: before the loop waits (order 2 000 000,
/// after the turn's events and timers), every visible window is laid out, redrawn and
/// composited. `onCommit` receives each window's counts.
public final class CommitObserver {
    private let windows: () -> [UIWindow]
    private var observer: LoopObserver?
    /// Receives each window's counts and its passes' durations (ns: layout, display, render).
    public var onCommit: ((UIWindow, CommitStatistics, (UInt64, UInt64, UInt64)) -> Void)?

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
            var timings: (UInt64, UInt64, UInt64) = (0, 0, 0)
            let stats = window.commit { timings = ($0, $1, $2) }
            onCommit?(window, stats, timings)
        }
    }
}
