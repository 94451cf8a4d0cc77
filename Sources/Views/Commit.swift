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

    /// All three, as Core Animation's commit does at the end of a run-loop turn.
    @discardableResult
    public func commit() -> CommitStatistics {
        var stats = CommitStatistics()
        stats.layouts = layoutPass()
        stats.display = displayPass()
        stats.render = renderPass()
        stats.backingStoreBytes = CALayer.backingStoreBytesAlive
        return stats
    }
}

/// Core Animation's commit as a run-loop observer: before the loop waits (order 2 000 000,
/// after the turn's events and timers), every visible window is laid out, redrawn and
/// composited. `onCommit` receives each window's counts.
public final class CommitObserver {
    private let windows: () -> [UIWindow]
    private var observer: LoopObserver?
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
            let stats = window.commit()
            onCommit?(window, stats)
        }
    }
}
