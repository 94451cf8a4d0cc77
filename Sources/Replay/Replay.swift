import Foundation
import RunLoop
import Traces
import Views

/// Replays a touch trace against a window, frame by frame on a run loop, as the app would have
/// received it: the in-process entry point (the `uisim replay` command uses it too).
///
/// ```swift
/// let result = try Replay(window: window).run(trace)   // until the trace ends and the UI is idle
/// ```
/// The trace's samples enter the loop through a `DigitizerSource`; a display link ticks every
/// frame. The run ends when the trace is exhausted, no touch is down, and nothing else (a
/// gesture recognizer's timer) is scheduled.
public final class Replay {
    /// The window touches land in; made key and visible when the replay starts.
    public let window: UIWindow
    /// The clock the replay's run loop lives by.
    public let clock: LoopClock

    /// A replay on a virtual clock that measured work advances (the default), or on `clock`.
    public init(window: UIWindow, clock: LoopClock = VirtualClock(measuresWork: true)) {
        self.window = window
        self.clock = clock
    }

    /// Replays an in-memory trace.
    public func run(_ trace: Trace) throws -> ReplayResult {
        var stream = trace.makeStream()
        return try run(&stream)
    }

    /// Replays a stream of samples (a file being read, say) without holding it in memory.
    public func run(_ stream: inout some TouchSampleStream) throws -> ReplayResult {
        let loop = EventRunLoop(clock: clock)
        loop.refreshRate = window.screen.maximumFramesPerSecond
        if window.isHidden { window.makeKeyAndVisible() }
        HitTestStatistics.viewsVisited = 0

        let mapping = ScreenMapping(from: stream.screen, to: window.screen)
        let input = StreamBox(stream)
        defer { stream = input.stream }
        let source = DigitizerSource(refreshRate: loop.refreshRate, windows: { [window] in [window] }) {
            try input.stream.next().map(mapping.hardwareSample)
        }
        loop.add(source, forMode: .common)

        var work = CommitStatistics()
        let commit = CommitObserver(windows: { [window] in [window] })
        commit.onCommit = { _, stats in work.add(stats) }
        commit.install(on: loop)
        defer { commit.invalidate() }

        var frames = 0
        let link = CADisplayLink { link in
            frames += 1
            if source.isIdle { link.invalidate() }
        }
        link.add(to: loop, forMode: .common)
        let outcome = loop.run()
        link.invalidate()
        loop.remove(source, forMode: .common)
        if let error = source.error { throw error }
        return ReplayResult(frames: frames, duration: clock.now, touches: source.statistics,
                            viewsHitTested: HitTestStatistics.viewsVisited, work: work, stopped: outcome == .stopped)
    }
}

extension CommitStatistics {
    /// Adds another commit's counts (backing-store bytes are a level, not a sum: the latest wins).
    mutating func add(_ other: CommitStatistics) {
        layouts += other.layouts
        display.layersDisplayed += other.display.layersDisplayed
        display.pixelsDrawn += other.display.pixelsDrawn
        display.drawOperations += other.display.drawOperations
        render.damagedPixels += other.render.damagedPixels
        render.compositedPixels += other.render.compositedPixels
        render.blendedPixels += other.render.blendedPixels
        render.occludedPixels += other.render.occludedPixels
        render.layersComposited += other.render.layersComposited
        render.misalignedLayers += other.render.misalignedLayers
        render.offscreenLayers += other.render.offscreenLayers
        backingStoreBytes = other.backingStoreBytes
    }
}

/// Holds a stream the digitizer source reads from while the loop runs.
private final class StreamBox<Stream: TouchSampleStream> {
    var stream: Stream
    init(_ stream: Stream) { self.stream = stream }
}

/// What a replay did.
public struct ReplayResult: Equatable, Sendable {
    /// Frames (display-link ticks) from the first to the one that found the app idle.
    public var frames: Int
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
}

/// Maps a trace's screen points onto the replaying screen: unchanged when the trace does not
/// name a screen or names one of the same size, stretched otherwise.
struct ScreenMapping {
    let scaleX: CGFloat, scaleY: CGFloat

    init(from trace: TraceScreen?, to screen: UIScreen) {
        guard let trace, trace.size != screen.bounds.size, trace.size.width > 0, trace.size.height > 0 else {
            scaleX = 1
            scaleY = 1
            return
        }
        scaleX = screen.bounds.width / trace.size.width
        scaleY = screen.bounds.height / trace.size.height
    }

    func hardwareSample(_ sample: TouchSample) -> HardwareTouchSample {
        let phase: HardwareTouchSample.Phase = switch sample.phase {
        case .down: .down
        case .move: .move
        case .up: .up
        case .cancel: .cancel
        }
        return HardwareTouchSample(
            time: sample.time, contact: sample.contact, phase: phase,
            location: CGPoint(x: sample.location.x * scaleX, y: sample.location.y * scaleY),
            force: sample.force, majorRadius: sample.majorRadius, altitude: sample.altitude, azimuth: sample.azimuth)
    }
}
