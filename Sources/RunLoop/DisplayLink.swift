import Foundation

/// A timer synchronized to the display's refresh, as Core Animation's `CADisplayLink`: its
/// handler runs once per vsync (or every few, for a lower `preferredFramesPerSecond`), on the
/// vsync grid `k / refreshRate` of the run loop it is added to.
///
/// uisim has no Objective-C runtime, so the target–selector pair is a closure.
@preconcurrency @MainActor
public final class CADisplayLink {
    /// The vsync that started this frame: when the previous frame was shown.
    public private(set) var timestamp: TimeInterval = 0
    /// The next vsync: when the frame being prepared should be shown.
    public private(set) var targetTimestamp: TimeInterval = 0
    /// Time between vsyncs of the display.
    public private(set) var duration: TimeInterval = 0
    /// The rate the handler should run at; 0 means the display's rate.
    public var preferredFramesPerSecond = 0 {
        didSet { reschedule() }
    }
    /// Whether the handler is suspended (the link keeps its place on the grid).
    public var isPaused = false {
        didSet {
            timer?.isPaused = isPaused
            if !isPaused, let loop, let timer { timer.moveOnGrid(after: loop.clock.now) }
        }
    }

    private let handler: (CADisplayLink) -> Void
    private weak var loop: EventRunLoop?
    private var timer: LoopTimer?
    private var modes: [LoopMode] = []

    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// The display's refresh rate, once added to a loop.
    public var maximumFramesPerSecond: Int { loop?.refreshRate ?? 60 }

    /// Starts ticking on `runLoop` in `mode`. A link belongs to one loop.
    public func add(to runLoop: EventRunLoop, forMode mode: LoopMode) {
        precondition(loop == nil || loop === runLoop, "a display link runs on one loop")
        loop = runLoop
        modes.append(mode)
        if timer == nil { reschedule() } else if let timer { runLoop.add(timer, forMode: mode) }
    }

    /// UIKit's spelling, `link.add(to: .main, forMode: .common)`. uisim runs no Foundation run
    /// loop: the loop running on this thread (a replay's, on the main thread) stands for
    /// `RunLoop.main` and `RunLoop.current`. A link added while none runs (a screen set up before
    /// the replay starts) waits, and ticks from the start of the next loop this thread runs, as
    /// iOS's main run loop, there from the app's launch, would tick it.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        if let loop = EventRunLoop.current {
            add(to: loop, forMode: LoopMode(mode.rawValue))
        } else {
            EventRunLoop.waitingDisplayLinks.append((self, LoopMode(mode.rawValue)))
        }
    }

    /// UIKit's spelling of `remove(from:forMode:)`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        EventRunLoop.waitingDisplayLinks.removeAll { $0.link === self && $0.mode == LoopMode(mode.rawValue) }
        if let loop { remove(from: loop, forMode: LoopMode(mode.rawValue)) }
    }

    /// Stops ticking in `mode`.
    public func remove(from runLoop: EventRunLoop, forMode mode: LoopMode) {
        modes.removeAll { $0 == mode }
        if let timer { runLoop.remove(timer, forMode: mode) }
    }

    /// Unpauses the link so that it ticks in the vsync at `time` too, when `time` is one (a replay
    /// resuming, in that vsync's turn, after an idle gap); `isPaused = false` ticks from the next.
    package func resume(inVsyncAt time: TimeInterval) {
        isPaused = false
        timer?.moveOnGrid(atOrAfter: time)
    }

    /// Removes the link from its loop for good.
    public func invalidate() {
        EventRunLoop.waitingDisplayLinks.removeAll { $0.link === self }
        timer?.invalidate()
        timer = nil
        modes = []
        loop = nil
    }

    private func reschedule() {
        guard let loop else { return }
        timer?.invalidate()
        let rate = loop.refreshRate
        let wanted = preferredFramesPerSecond > 0 ? min(preferredFramesPerSecond, rate) : rate
        let step = max(1, Int((Double(rate) / Double(wanted)).rounded()))
        let grid = VsyncGrid(rate: rate)
        let first = grid.frame(atOrAfter: loop.clock.now)
        // The loop keeps the link alive through its timer until `invalidate()`, as a run loop
        // retains an added CADisplayLink.
        let timer = LoopTimer(grid: grid, step: step, firstIndex: first) { timer in
            self.duration = grid.period
            self.timestamp = timer.fireDate
            self.targetTimestamp = grid.time(ofFrame: timer.gridIndex + step)
            self.handler(self)
        }
        timer.isPaused = isPaused
        self.timer = timer
        for mode in modes { loop.add(timer, forMode: mode) }
    }
}

extension RunLoop.Mode {
    /// The mode the main run loop runs in while a control or scroll view tracks a touch (UIKit's
    /// `RunLoop.Mode.tracking`): display links added for `.default` wait.
    public static let tracking = RunLoop.Mode(LoopMode.tracking.rawValue)
}

