import Foundation
import CoreGraphics
import QuartzCore
import RunLoop
import Traces
import UIKit

/// Receives each record as it is made: a frame as it finishes (its counts, touches and priced
/// offscreen passes all in it), or a run of idle vsyncs with the touches they delivered.
@MainActor
public protocol FrameSink: AnyObject {
    func write(_ record: FrameRecord) throws
}

/// Replays a touch trace against a window, frame by frame on a run loop, as the app would have
/// received it, timing and counting every frame: the in-process entry point (the `uisim
/// replay` command uses it too).
///
/// ```swift
/// let result = try Replay(window: window).run(trace)   // until the trace ends and the UI is idle
/// ```
/// The app is on screen when the trace starts, as it was when the trace was recorded: its first
/// layout, draw and composite happen before frame 0 and are not counted. Then the trace's
/// samples enter the loop through a `DigitizerSource`; a display link ticks every frame; a
/// commit observer lays out, redraws and composites. The run ends when the trace is exhausted,
/// no touch is down, nothing is left to draw, and nothing else (a gesture recognizer's timer)
/// is scheduled.
@MainActor
public final class Replay {
    /// The window touches land in; made key and visible when the replay starts.
    public let window: UIWindow
    /// How the replay keeps time, and so how the trace's samples reach the run loop.
    public enum Timing {
        /// A virtual clock: the digitizer source takes each sample when the loop's time reaches it,
        /// and time jumps over idle stretches; the clock's stopwatch times the app's work.
        case virtual(VirtualClock)
        /// Recorded speed: a producer thread paces the samples on the real clock and wakes the loop
        /// through a pipe, as the digitizer's interrupts do on a device.
        case real(RealClock)
    }
    /// How the replay keeps time and feeds input.
    public let timing: Timing
    /// The clock the replay's run loop lives by.
    public var clock: LoopClock {
        switch timing {
        case .virtual(let clock): clock
        case .real(let clock): clock
        }
    }
    /// Where frame records go, as frames finish (outside the app's timeline).
    public var sinks: [FrameSink] = []
    /// Called after each frame with its record and the window (for progress and snapshots),
    /// outside the app's timeline. The layers hold the app's model (a view animated to 300 reads
    /// 300), `presentation()` what is shown; a snapshot of the compositor paints what the frame
    /// showed.
    public var afterFrame: ((FrameRecord, UIWindow) -> Void)?
    /// Whether SIGINT or SIGTERM stops the replay at the end of the current frame (the command
    /// line's Ctrl-C, a CI job cancelled), instead of killing the process.
    public var stopsOnInterrupt = false
    /// How long after the trace's last sample the replay waits for the app to come to rest (no
    /// damage, layout, animation that ends, or timer or display link of its own). An app that
    /// never rests (a display link it never stops) would keep a replay going for ever; the replay
    /// ends there instead, and says so (`ReplayResult.unsettled`).
    public var settleLimit: TimeInterval = 10
    /// A signal its owner received before the run loop could watch for it (the command line's
    /// handlers run from start-up): the replay then stops before its first frame.
    public var pendingInterruption: (@Sendable () -> Int32?)?
    /// Whether input is paced at recorded speed on the real clock.
    public var isRealtime: Bool {
        if case .real = timing { return true }
        return false
    }
    /// What times the app's work: the virtual clock's stopwatch, or the one given (by default the
    /// machine's monotonic clock).
    public let stopwatch: Stopwatch
    /// What the app's work is measured as: its main thread's CPU time (the default: the stopwatch's
    /// wall-clock phases scaled by each turn's CPU share, so time another process had the core is
    /// not the app's) or wall time. A test's own stopwatch (not the machine's clock) is taken as is.
    public var appTime = AppTime.cpu
    /// Where the render stage's cost comes from (default: the render server's cost model).
    public var renderMode = RenderMode.estimated
    /// The render server's cost model (default: the window's screen's device's).
    public var renderCost: RenderCostModel

    /// A replay on a virtual clock (by default one that measured work advances, preemption of the
    /// main thread left out); the clock's stopwatch times the app's work.
    public convenience init(window: UIWindow, clock: VirtualClock = VirtualClock(measuresWork: true, excludesPreemption: true)) {
        self.init(window: window, uncheckedTiming: .virtual(clock), stopwatch: clock.stopwatch)
    }

    /// A replay at recorded speed on `clock`; `stopwatch` times the app's work (by default the
    /// machine's monotonic clock).
    public convenience init(window: UIWindow, clock: RealClock, stopwatch: Stopwatch = MonotonicStopwatch()) {
        self.init(window: window, uncheckedTiming: .real(clock), stopwatch: stopwatch)
    }

    /// A replay with `timing`; the app's work is timed by the virtual clock's stopwatch, or on the
    /// real clock by `stopwatch`.
    public convenience init(window: UIWindow, timing: Timing, stopwatch: Stopwatch = MonotonicStopwatch()) {
        switch timing {
        case .virtual(let clock): self.init(window: window, clock: clock)
        case .real(let clock): self.init(window: window, clock: clock, stopwatch: stopwatch)
        }
    }

    private init(window: UIWindow, uncheckedTiming timing: Timing, stopwatch: Stopwatch) {
        self.window = window
        self.timing = timing
        self.stopwatch = stopwatch
        renderCost = window.screen.model.renderCost
    }

    /// Replays an in-memory trace.
    public func run(_ trace: Trace) throws -> ReplayResult {
        var stream = trace.makeStream()
        return try run(&stream)
    }

    /// Replays a stream of samples (a file being read, say) without holding it in memory.
    public func run(_ stream: inout some TouchSampleStream) throws -> ReplayResult {
        try Descriptors.ensureAvailable()
        UIFont.warmUp()
        if window.isHidden { window.makeKeyAndVisible() }
        UIApplication.shared.postLaunchNotifications()   // the scene is on screen: launched and active
        switch renderMode {
        case .measured:
            window.commit()
            window.beginMetering()
        case .estimated: _ = window.commitPhase(stopwatch: stopwatch)   // on screen; nothing to paint
        }
        if let failure = window.compositor.takeAllocationFailure() ?? AppEnvironment.current.takeAllocationFailure() { throw failure }
        clock.restart()
        let loop = EventRunLoop(clock: clock)
        loop.refreshRate = window.screen.maximumFramesPerSecond

        let mapping = ScreenMapping(from: stream.screen, to: window.screen)
        let input = StreamBox(stream)
        defer { stream = input.stream }
        var feed: RealtimeFeed?
        var pipe: FileDescriptorSource?
        let source: DigitizerSource
        switch timing {
        case .real(let realClock):
            let realtime = try RealtimeFeed(clock: realClock.reading) { try input.stream.next().map(mapping.onScreen) }
            feed = realtime
            source = DigitizerSource(refreshRate: loop.refreshRate, windows: { [window] in [window] }, pull: realtime.pull)
            pipe = realtime.pipeSource(waking: source)
            loop.add(pipe!, forMode: .common)
        case .virtual:
            source = DigitizerSource(refreshRate: loop.refreshRate, windows: { [window] in [window] }) {
                try input.stream.next().map(mapping.onScreen)
            }
        }
        loop.add(source, forMode: .common)

        let recorder = FrameRecorder(replay: self, loop: loop, source: source, stopwatch: stopwatch)
        recorder.onIdle = { pipe?.invalidate() }
        var interruption: Int32?
        var interrupts: [SignalSource] = []
        if stopsOnInterrupt {
            for number in [SIGINT, SIGTERM] {
                let signal = SignalSource(signal: number) { interruption = interruption ?? number; loop.stop() }
                loop.add(signal, forMode: .common)
                interrupts.append(signal)
            }
        }
        feed?.start()
        var outcome = EventRunLoop.RunResult.stopped
        if let pending = pendingInterruption?() {
            interruption = pending
        } else {
            outcome = loop.run()
        }
        feed?.stop()
        pipe?.invalidate()
        for signal in interrupts { signal.invalidate() }
        recorder.finish()
        loop.remove(source, forMode: .common)
        GestureEnvironment.shared.forgetAll()
        if let error = source.error ?? feed?.error ?? recorder.sinkError {
            // A read the command's signal stopped (a stalled pipe, a FIFO without a writer) is an
            // interruption: the outputs are completed for the frames done.
            guard error is ReadInterrupted else { throw error }
            interruption = interruption ?? pendingInterruption?() ?? SIGINT
            outcome = .stopped
        }
        if case .stalled(let what) = outcome { throw ReplayStalled(description: "the replay stopped at frame \(recorder.frames): \(what) (a bug in uisim or in a loop source of the app's; please report it)") }
        return ReplayResult(frames: recorder.frames, idleVsyncs: recorder.idleVsyncs, duration: clock.now, touches: source.statistics,
                            viewsHitTested: recorder.viewsHitTested, work: recorder.work,
                            stopped: outcome == .stopped && !recorder.unsettled, interruption: interruption,
                            unsettled: recorder.unsettled)
    }
}

/// A replay whose run loop could not make progress (`EventRunLoop.RunResult.stalled`): something
/// said it was ready, again and again, and did nothing. Reported, never spun on.
public struct ReplayStalled: Error, CustomStringConvertible, Sendable {
    public let description: String
}

/// What a replay did.
public struct ReplayResult: Equatable, Sendable {
    /// Frames: commits that had something to do.
    public var frames: Int
    /// Vsyncs with nothing to commit, until the one that found the app idle.
    public var idleVsyncs: Int
    /// Seconds of the run loop's clock when the run ended.
    public var duration: TimeInterval
    /// Touch phases delivered and touches hit-tested.
    public var touches: DigitizerSource.Statistics
    /// Views visited by hit testing.
    public var viewsHitTested: Int
    /// Layout, display and render work summed over every commit (backing-store bytes: the last).
    public var work: CommitStatistics
    /// Whether the run was stopped before the end.
    public var stopped: Bool
    /// The signal that stopped it (SIGINT or SIGTERM), if one did.
    public var interruption: Int32?
    /// Whether a signal stopped it.
    public var interrupted: Bool { interruption != nil }
    /// Whether the app was still busy `Replay.settleLimit` seconds after the trace's last sample,
    /// and the replay ended there.
    public var unsettled = false
}

/// Holds a stream the digitizer source reads from while the loop runs.
final class StreamBox<Stream: TouchSampleStream> {
    var stream: Stream
    init(_ stream: Stream) { self.stream = stream }
}

/// Maps a trace's screen points onto the replaying screen: unchanged when the trace does not
/// name a screen or names one of the same size, stretched otherwise.
struct ScreenMapping {
    let scaleX: CGFloat, scaleY: CGFloat

    @MainActor
    init(from trace: TraceScreen?, to screen: UIScreen) {
        guard let trace, trace.size != screen.bounds.size, trace.size.width > 0, trace.size.height > 0 else {
            scaleX = 1
            scaleY = 1
            return
        }
        scaleX = screen.bounds.width / trace.size.width
        scaleY = screen.bounds.height / trace.size.height
    }

    /// `sample` on the app's screen: a touch's location scaled from the trace's screen (keys and
    /// appearance changes have none).
    func onScreen(_ sample: TouchSample) -> TouchSample {
        guard !sample.isSystemEvent, scaleX != 1 || scaleY != 1 else { return sample }
        var mapped = sample
        mapped.location = CGPoint(x: sample.location.x * scaleX, y: sample.location.y * scaleY)
        return mapped
    }
}
