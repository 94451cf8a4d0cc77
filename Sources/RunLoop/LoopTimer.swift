import Foundation

/// A timer of an `EventRunLoop`, as Foundation's `Timer` (renamed so as not to clash): fires its
/// block at `fireDate`, and again every `timeInterval` when repeating.
///
/// A repeating timer that falls behind skips the firings it missed, as Foundation's does: the
/// next fire date stays on its original schedule. The loop may fire a timer up to `tolerance`
/// late so that timers close together fire in one wake-up.
@preconcurrency @MainActor
public final class LoopTimer {
    enum Schedule {
        case once
        case repeating(TimeInterval)
        /// Fires on a vsync grid, every `step`-th vsync (display links).
        case grid(VsyncGrid, step: Int)
    }

    /// When the timer fires next, on the loop's timeline.
    public internal(set) var fireDate: TimeInterval
    /// How late the loop may fire the timer to coalesce wake-ups. Default 0.
    public var tolerance: TimeInterval = 0
    /// Whether the timer will fire again; false after `invalidate()` or a one-shot firing.
    public private(set) var isValid = true

    var schedule: Schedule
    var gridIndex = 0
    var isPaused = false
    var modes = ModeSet()
    var sequence = 0
    private let block: (LoopTimer) -> Void

    /// A timer that fires at `fireDate` (and every `interval` after it if `repeats`).
    public init(fireAt fireDate: TimeInterval, interval: TimeInterval = 0, repeats: Bool = false,
                block: @escaping (LoopTimer) -> Void) {
        precondition(!repeats || interval > 0, "a repeating timer needs a positive interval")
        self.fireDate = fireDate
        schedule = repeats ? .repeating(interval) : .once
        self.block = block
    }

    init(grid: VsyncGrid, step: Int, firstIndex: Int, block: @escaping (LoopTimer) -> Void) {
        schedule = .grid(grid, step: step)
        gridIndex = firstIndex
        fireDate = grid.time(ofFrame: firstIndex)
        self.block = block
    }

    /// The repeat interval, or 0 for a one-shot timer.
    public var timeInterval: TimeInterval {
        switch schedule {
        case .once: 0
        case .repeating(let interval): interval
        case .grid(let grid, let step): grid.period * Double(step)
        }
    }

    /// Stops the timer for good.
    public func invalidate() {
        isValid = false
    }

    /// The latest time the loop should wake for this timer.
    var wakeDate: TimeInterval { fireDate + tolerance }

    /// Runs the block, then moves the fire date past `now()`, read after the block so that a
    /// slow block makes a repeating timer skip the firings it overran.
    func fire(now: () -> TimeInterval) {
        block(self)
        guard isValid else { return }
        let now = now()
        switch schedule {
        case .once:
            isValid = false
        case .repeating(let interval):
            fireDate += interval
            if fireDate <= now {
                fireDate += (((now - fireDate) / interval).rounded(.down) + 1) * interval
            }
        case .grid:
            moveOnGrid(after: now)
        }
    }

    /// A grid timer that missed a whole vsync (work ran past it) moves to the first vsync at or
    /// after `now`: missed vsyncs are skipped, never fired late with a deadline already gone.
    func skipMissedVsyncs(now: TimeInterval) {
        guard case .grid(let grid, let step) = schedule else { return }
        guard now >= grid.time(ofFrame: gridIndex + step) else { return }
        let first = grid.frame(atOrAfter: now)
        gridIndex += ((first - gridIndex + step - 1) / step) * step
        fireDate = grid.time(ofFrame: gridIndex)
    }

    /// Moves a grid timer to the first grid point at or after `now` that it fires on (a link that
    /// resumes in the turn of a vsync it has not ticked in yet).
    func moveOnGrid(atOrAfter now: TimeInterval) {
        guard case .grid(let grid, let step) = schedule else { return }
        let first = grid.frame(atOrAfter: now)
        let offset = ((first - gridIndex) % step + step) % step
        gridIndex = first + (offset == 0 ? 0 : step - offset)
        fireDate = grid.time(ofFrame: gridIndex)
    }

    /// Moves a grid timer to the first grid point after `now` that it fires on (one already
    /// after `now` stays).
    func moveOnGrid(after now: TimeInterval) {
        guard case .grid(let grid, let step) = schedule else { return }
        let reached = grid.frame(atOrBefore: now)
        guard gridIndex <= reached else { return }
        var next = gridIndex + step
        if next <= reached {
            next += ((reached - next) / step + 1) * step
        }
        gridIndex = next
        fireDate = grid.time(ofFrame: next)
    }
}
