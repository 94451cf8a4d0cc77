import Foundation

/// The run loop that drives a uisim app, as `CFRunLoop`/`RunLoop` (renamed so as not to clash
/// with Foundation's): modes, timers, observers and input sources. On a virtual clock the loop's
/// logic runs by itself; libevent comes in to watch descriptors and signals and to wait in real
/// time (what swift-nio splits into `NIOEmbedded` and `NIOPosix`, one type here).
///
/// One turn of the loop:
/// 1. sources that are ready (hardware input first, as in a frame);
/// 2. `beforeTimers` observers, then the timers (and display links) due in the current mode;
/// 3. `beforeSources` observers, then sources signalled meanwhile;
/// 4. `beforeWaiting` observers (Core Animation's commit, order 2 000 000); the loop returns
///    here when stopped or past its deadline, so a turn is never cut in half;
/// 5. the clock waits until the next timer, source time or input; `afterWaiting` observers.
///
/// The loop of the process's main thread also serves the main dispatch queue and the main actor,
/// as a last source of each pass in the common modes (`MainQueue`).
///
/// The loop, its sources, timers, observers and display links are `@MainActor`, as app code that
/// they call is: a loop runs where UIKit's views live. Another thread reaches a loop only through
/// a descriptor it watches (the real-time feed's pipe, the main queue's eventfd, a signal's relay).
///
/// UIKit enters the tracking mode by running the loop nested; uisim switches the mode of the
/// running loop instead (`pushMode`/`popMode`), with the same effect on what fires.
@preconcurrency @MainActor
public final class EventRunLoop {
    /// How a `run` ended.
    public enum RunResult: Equatable, Sendable {
        /// Nothing was left to wait for.
        case finished
        /// `stop()` was called.
        case stopped
        /// The deadline passed.
        case timedOut
        /// The loop was told, turn after turn, that something was ready at once, and then found
        /// nothing to do: a source (or timer) whose readiness and work disagree. Rather than spin
        /// on a core, the loop stops and names what said it was ready: a bug to report.
        case stalled(String)
    }

    /// How many turns in a row may wake at once for something ready and then do nothing before
    /// the loop stops as `.stalled`: one can happen (a source whose work another took first),
    /// two in a row cannot.
    static let fruitlessTurnsAllowed = 1

    /// The loop currently running on this thread, if any.
    public private(set) static var current: EventRunLoop? {
        get { Thread.current.threadDictionary[currentKey] as? EventRunLoop }
        set { Thread.current.threadDictionary[currentKey] = newValue }
    }
    private static let currentKey = "uisim.EventRunLoop.current"

    /// Display links added for Foundation's run loop while no loop ran on this thread: the next
    /// loop to run here takes them (`CADisplayLink.add(to: RunLoop, forMode:)`).
    static var waitingDisplayLinks: [(link: CADisplayLink, mode: LoopMode)] {
        get { Thread.current.threadDictionary[waitingKey] as? [(link: CADisplayLink, mode: LoopMode)] ?? [] }
        set { Thread.current.threadDictionary[waitingKey] = newValue.isEmpty ? nil : newValue }
    }
    private static let waitingKey = "uisim.EventRunLoop.waitingDisplayLinks"

    /// The loop's clock.
    public let clock: LoopClock
    /// The modes `.common` stands for. Default and tracking.
    public private(set) var commonModes: Set<LoopMode> = [.default, .tracking]
    /// The display's refresh rate: display links tick on its vsync grid. Default 60.
    public var refreshRate: Int = 60 {
        didSet { precondition(refreshRate > 0, "refresh rate must be positive") }
    }

    /// The vsync grid of `refreshRate`.
    public var vsync: VsyncGrid { VsyncGrid(rate: refreshRate) }

    /// libevent, made when the loop first watches a descriptor or a signal or waits in real time:
    /// a loop on a virtual clock with only timers, observers and sources of its own (what tests
    /// and replays use) never touches it.
    private var multiplexer: EventBase?
    /// Whether the loop has made its libevent base.
    package var usesLibevent: Bool { multiplexer != nil }
    /// The libevent base that descriptor and signal watchers register with (made on first use).
    var eventBase: EventBase {
        if let multiplexer { return multiplexer }
        let base = EventBase()
        multiplexer = base
        return base
    }
    private var modeStack: [LoopMode] = []
    private var timers: [LoopTimer] = []
    private var observers: [LoopObserver] = []
    private var sources: [LoopSource] = []
    private var nextSequence = 0
    private var stopRequested = false

    public init(clock: LoopClock) {
        self.clock = clock
    }

    /// The mode the loop is running in, or nil when it is not running.
    public var currentMode: LoopMode? { modeStack.last }

    /// Adds `mode` to the modes `.common` stands for.
    public func addCommonMode(_ mode: LoopMode) {
        commonModes.insert(mode)
    }

    // MARK: Items

    /// Schedules `timer` in `mode` (`.common` for every common mode).
    public func add(_ timer: LoopTimer, forMode mode: LoopMode) {
        if timer.modes.isEmpty {
            timer.sequence = takeSequence()
            timers.append(timer)
        }
        timer.modes.insert(mode)
    }

    /// Adds `observer` for `mode`.
    public func add(_ observer: LoopObserver, forMode mode: LoopMode) {
        if observer.modes.isEmpty {
            observer.sequence = takeSequence()
            observers.append(observer)
            observers.sort { ($0.order, $0.sequence) < ($1.order, $1.sequence) }
        }
        observer.modes.insert(mode)
    }

    /// Adds `source` for `mode`.
    public func add(_ source: LoopSource, forMode mode: LoopMode) {
        if source.modes.isEmpty {
            source.sequence = takeSequence()
            sources.append(source)
            sources.sort { ($0.order, $0.sequence) < ($1.order, $1.sequence) }
            source.didAttach(to: self)
        }
        source.modes.insert(mode)
    }

    /// Removes `timer` from `mode`; it stays for the loop's other modes.
    public func remove(_ timer: LoopTimer, forMode mode: LoopMode) {
        timer.modes.remove(mode)
        if timer.modes.isEmpty { timers.removeAll { $0 === timer } }
    }

    /// Removes `observer` from `mode`.
    public func remove(_ observer: LoopObserver, forMode mode: LoopMode) {
        observer.modes.remove(mode)
        if observer.modes.isEmpty { observers.removeAll { $0 === observer } }
    }

    /// Removes `source` from `mode`.
    public func remove(_ source: LoopSource, forMode mode: LoopMode) {
        source.modes.remove(mode)
        if source.modes.isEmpty { sources.removeAll { $0 === source } }
    }

    /// A new timer in `mode` that fires `interval` seconds from now.
    @discardableResult
    public func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                               mode: LoopMode = .default, block: @escaping (LoopTimer) -> Void) -> LoopTimer {
        let timer = LoopTimer(fireAt: clock.now + interval, interval: interval, repeats: repeats, block: block)
        add(timer, forMode: mode)
        return timer
    }

    /// How many timers (display links included) are scheduled and not paused, in any mode.
    public var activeTimerCount: Int {
        timers.filter { $0.isValid && !$0.isPaused }.count
    }

    // MARK: Modes

    /// Switches the running loop to `mode` until the matching `popMode()`.
    public func pushMode(_ mode: LoopMode) {
        precondition(!modeStack.isEmpty, "pushMode(\(mode)) on a loop that is not running")
        modeStack.append(mode)
    }

    /// Returns to the mode before the last `pushMode`.
    public func popMode() {
        precondition(modeStack.count > 1, "popMode() without a pushMode")
        modeStack.removeLast()
    }

    // MARK: Running

    /// Makes the current `run` return at the end of this turn, after its commit.
    public func stop() {
        stopRequested = true
    }

    /// Runs the loop in `mode` until it is stopped, the deadline passes, or nothing is left to
    /// wait for.
    @discardableResult
    public func run(mode: LoopMode = .default, until deadline: TimeInterval? = nil) -> RunResult {
        precondition(modeStack.isEmpty, "EventRunLoop.run is not reentrant")
        let previous = Self.current
        Self.current = self
        let waiting = Self.waitingDisplayLinks
        Self.waitingDisplayLinks = []
        for (link, linkMode) in waiting { link.add(to: self, forMode: linkMode) }
        modeStack = [mode]
        stopRequested = false
        // The main thread's loop is the main run loop: it serves the main queue (MainQueue.swift).
        let mainQueue = MainQueue.isServiceableHere ? MainQueueSource() : nil
        if let mainQueue { add(mainQueue, forMode: .common) }
        clock.loopDidStart()
        defer {
            clock.loopDidStop()
            if let mainQueue {
                mainQueue.invalidate()
                remove(mainQueue, forMode: .common)
            }
            modeStack = []
            Self.current = previous
        }
        notify(.entry)
        let result = runTurns(until: deadline)
        notify(.exit)
        return result
    }

    private func runTurns(until deadline: TimeInterval?) -> RunResult {
        // Turns in a row that woke at once for something said to be ready and then did nothing.
        var fruitlessTurns = 0
        var wokeAtOnceFor: String?
        while true {
            var done = performReadySources()
            notify(.beforeTimers)
            done += fireDueTimers()
            notify(.beforeSources)
            done += performReadySources()
            notify(.beforeWaiting)
            prune()
            if stopRequested { return .stopped }
            if let deadline, clock.now >= deadline { return .timedOut }
            if let waker = wokeAtOnceFor, done == 0 {
                fruitlessTurns += 1
                if fruitlessTurns > Self.fruitlessTurnsAllowed {
                    return .stalled("the run loop woke at once \(fruitlessTurns) turns in a row at \(clock.now) s for \(waker) and found nothing to do")
                }
            } else {
                fruitlessTurns = 0
            }
            let wake = nextWake(deadline: deadline)
            if wake.date == nil && !sources.contains(where: { $0.keepsLoopAlive && isActive($0.modes) }) {
                return .finished
            }
            wokeAtOnceFor = wake.date.map { $0 <= clock.now } == true ? wake.cause : nil
            guard clock.wait(until: wake.date, poll: pollInput) else { return .finished }
            notify(.afterWaiting)
        }
    }

    /// The earliest time the loop must wake: the next timer (within its tolerance) or source time;
    /// now for a source signalled or ready. With what wakes it, for a stalled loop's report.
    private func nextWake(deadline: TimeInterval?) -> (date: TimeInterval?, cause: String) {
        var wake = deadline
        var cause = "the deadline"
        for timer in timers where timer.isValid && !timer.isPaused && isActive(timer.modes) && timer.wakeDate < wake ?? .infinity {
            wake = timer.wakeDate
            cause = "a timer due at \(timer.wakeDate) s"
        }
        for source in sources where source.isValid && isActive(source.modes) {
            if source.isSignalled { return (clock.now, "\(type(of: source)) (signalled)") }
            if source.isReady { return (clock.now, "\(type(of: source)) (ready)") }
            if let ready = source.readyTime, ready < wake ?? .infinity {
                wake = ready
                cause = "\(type(of: source)) (ready at \(ready) s)"
            }
        }
        return (wake, cause)
    }

    private func pollInput(timeout: TimeInterval?) -> Bool {
        if let timeout, timeout <= 0 {
            // Only a look: with nothing watched, nothing can have arrived but signals of sources.
            multiplexer?.runOnce(nonBlocking: true)
            return hasSignalledSource
        }
        var timer: EventTimer?
        if let timeout {
            timer = EventTimer(base: eventBase) {}
            timer?.schedule(after: timeout)
        }
        eventBase.runOnce()
        timer?.cancel()
        return hasSignalledSource
    }

    /// Whether input arrived for a source of the current mode (a source of another mode waits,
    /// signalled, until the loop runs in its mode).
    private var hasSignalledSource: Bool {
        sources.contains { $0.isSignalled && $0.isValid && isActive($0.modes) }
    }

    /// Fires the timers due in the current mode; returns how many fired.
    private func fireDueTimers() -> Int {
        let now = clock.now
        for timer in timers where timer.isValid && !timer.isPaused { timer.skipMissedVsyncs(now: now) }
        let due = timers.filter { $0.isValid && !$0.isPaused && $0.fireDate <= now && isActive($0.modes) }
            .sorted { ($0.fireDate, $0.sequence) < ($1.fireDate, $1.sequence) }
        var fired = 0
        for timer in due where timer.isValid && !timer.isPaused && isActive(timer.modes) {
            timer.fire { clock.now }
            fired += 1
        }
        return fired
    }

    /// Performs the sources of the current mode that are signalled, ready, or whose time has
    /// come; returns how many.
    private func performReadySources() -> Int {
        let now = clock.now
        var performed = 0
        for source in sources where source.isValid && isActive(source.modes) {
            let timeReached = source.readyTime.map { $0 <= now } ?? false
            guard source.isSignalled || source.isReady || timeReached else { continue }
            source.isSignalled = false
            source.perform()
            performed += 1
        }
        return performed
    }

    private func notify(_ activity: LoopObserver.Activity) {
        for observer in observers where observer.isValid && observer.activities.contains(activity) && isActive(observer.modes) {
            observer.call(activity)
        }
    }

    private func prune() {
        timers.removeAll { !$0.isValid }
        observers.removeAll { !$0.isValid }
        sources.removeAll { !$0.isValid }
    }

    private func isActive(_ modes: ModeSet) -> Bool {
        guard let mode = currentMode else { return false }
        return modes.isActive(in: mode, commonModes: commonModes)
    }

    private func takeSequence() -> Int {
        nextSequence += 1
        return nextSequence
    }
}
