import Foundation
import RunLoop

/// Apple's render loop with double buffering, as a value: each frame's app stage (on the main
/// thread, one frame after another) and render stage (on the render server, one after another),
/// placed on the vsync grid.
///
/// A frame whose app stage starts in the interval of vsync `n` must finish its commit by vsync
/// `n + 1`; the render server renders it in `[n + 1, n + 2]`; it is presented at `n + 2`, its
/// expected presentation. A commit that ends late is handed over at the first vsync after it (a
/// **commit hitch**); a render that takes longer than an interval, or waits for the render
/// server to finish the frame before, presents at the first vsync after it ends (a **render
/// hitch**). A frame's hitch time is how much later than expected it is presented, counted once:
/// from its expected presentation, or from one interval after the frame before was presented if
/// that is later (the same late vsyncs are never counted for two frames), so hitch time never
/// exceeds the time the frames span.
///
/// uisim models no triple buffering: Core Animation falls back to a third buffer when the render
/// server falls behind, which trades latency for fewer dropped frames; here a late render is a
/// hitch.
public struct FramePipeline: Sendable {
    /// Where one frame landed.
    public struct Timeline: Equatable, Sendable {
        /// The vsync whose interval the app stage started in.
        public var vsync: Double
        /// When the app stage started (the vsync, or later if the frame before ran over) and ended.
        public var appStart: Double
        public var commitEnd: Double
        /// When the render server started and finished the frame.
        public var renderStart: Double
        public var renderEnd: Double
        /// `vsync` + 2 intervals, and when the frame was shown.
        public var expected: Double
        public var presented: Double
        /// Seconds the frame was late, counted once (0: on time).
        public var hitchTime: Double
        public var hitchType: HitchType
        /// When the frame was ready (render end) minus its expected presentation: negative is
        /// headroom (Macrobenchmark's frameOverrunMs).
        public var overrun: Double { renderEnd - expected }
    }

    public enum HitchType: String, Sendable, CaseIterable {
        case none, commit, render
    }

    public let grid: VsyncGrid
    /// When the main thread is free again (the last frame's commit end).
    public private(set) var appFree = -Double.infinity
    /// When the render server is free again.
    public private(set) var renderFree = -Double.infinity
    /// The last frame's presentation.
    public private(set) var lastPresented = -Double.infinity

    public init(grid: VsyncGrid) {
        self.grid = grid
    }

    private func vsync(atOrAfter time: Double) -> Double {
        grid.time(ofFrame: grid.frame(atOrAfter: time))
    }

    /// Places a frame whose app stage could start at `start` (its turn's time on the loop's clock)
    /// and took `appDuration` seconds, and whose render takes `renderDuration`.
    public mutating func schedule(start: Double, appDuration: Double, renderDuration: Double) -> Timeline {
        let period = grid.period
        let appStart = max(start, appFree)
        let vsync = grid.time(atOrBefore: appStart)
        let commitEnd = appStart + appDuration
        appFree = commitEnd
        let deadline = vsync + period
        let handoff = commitEnd <= deadline + 1e-9 ? deadline : self.vsync(atOrAfter: commitEnd)
        let renderStart = self.vsync(atOrAfter: max(handoff, renderFree))
        let renderEnd = renderStart + renderDuration
        renderFree = renderEnd
        let presented = renderDuration <= period + 1e-9 ? renderStart + period : self.vsync(atOrAfter: renderEnd)
        let expected = vsync + 2 * period
        let hitchTime = max(0, presented - max(expected, lastPresented + period))
        lastPresented = max(lastPresented, presented)
        let type: HitchType = hitchTime < 1e-9 ? .none : handoff > deadline + 1e-9 ? .commit : .render
        return Timeline(vsync: vsync, appStart: appStart, commitEnd: commitEnd, renderStart: renderStart, renderEnd: renderEnd,
                        expected: expected, presented: presented, hitchTime: type == .none ? 0 : hitchTime, hitchType: type)
    }
}
