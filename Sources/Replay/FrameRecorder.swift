import Foundation
import Layers
import RunLoop
import Views

/// Times and counts each frame of a replay through run-loop observers, the digitizer source's
/// event phase and the commit, and hands finished records to the replay's sinks.
///
/// A frame is a vsync of the replay's display link; work done in turns between vsyncs (a
/// gesture timer, say) counts towards the next frame.
final class FrameRecorder {
    private unowned let replay: Replay
    private let loop: EventRunLoop
    private let source: DigitizerSource
    private var link: CADisplayLink?
    private var commit: CommitObserver?
    private var observers: [LoopObserver] = []

    /// Called once when the replay finds the app idle (to release input sources).
    var onIdle: (() -> Void)?
    private(set) var frames = 0
    private(set) var work = CommitStatistics()
    private var record = FrameRecord.empty
    private var ticked = false
    private var turnStart: UInt64 = 0
    private var timersStart: UInt64 = 0
    private var lastTouches = DigitizerSource.Statistics()
    private var lastHitTests = 0

    init(replay: Replay, loop: EventRunLoop, source: DigitizerSource) {
        self.replay = replay
        self.loop = loop
        self.source = source
        turnStart = Monotonic.nanoseconds()

        observe(.afterWaiting, order: Int.min) { $0.turnStart = Monotonic.nanoseconds() }
        observe(.beforeTimers, order: Int.min) { $0.timersStart = Monotonic.nanoseconds() }
        observe(.beforeSources, order: Int.min) { $0.record.phases.timers += Self.micros(Monotonic.nanoseconds() &- $0.timersStart) }
        observe([.beforeWaiting, .exit], order: LoopObserver.coreAnimationCommitOrder + 1) { $0.endTurn() }

        source.eventPhase = { [unowned self] work in
            let start = Monotonic.nanoseconds()
            work()
            record.phases.event += Self.micros(Monotonic.nanoseconds() &- start)
        }

        let commit = CommitObserver(windows: { [window = replay.window] in [window] })
        commit.onCommit = { [unowned self] _, stats, timings in
            work.add(stats)
            record.phases.layout += Self.micros(timings.0)
            record.phases.display += Self.micros(timings.1)
            record.phases.render += Self.micros(timings.2)
            record.counts.add(stats)
        }
        commit.install(on: loop)
        self.commit = commit

        let link = CADisplayLink { [unowned self] link in
            ticked = true
            record.vsync = link.timestamp
            record.target = link.targetTimestamp
            // Idle: no input left, nothing to draw, and no timer or display link of the app's
            // own (an animation, a gesture's timeout) still scheduled besides this one.
            if source.isIdle && !replay.window.compositor.hasDamage && !replay.window.layer.needsLayout()
                && loop.activeTimerCount <= 1 {
                link.invalidate()
                onIdle?()
            }
        }
        link.add(to: loop, forMode: .common)
        self.link = link
    }

    private func observe(_ activities: LoopObserver.Activity, order: Int, _ body: @escaping (FrameRecorder) -> Void) {
        let observer = LoopObserver(activities: activities, order: order) { [unowned self] _, _ in body(self) }
        loop.add(observer, forMode: .common)
        observers.append(observer)
    }

    private static func micros(_ nanoseconds: UInt64) -> Double {
        Double(nanoseconds) / 1000
    }

    /// End of a turn (after the commit): close the frame if a vsync started one.
    private func endTurn() {
        record.phases.total += Self.micros(Monotonic.nanoseconds() &- turnStart)
        turnStart = Monotonic.nanoseconds()
        guard ticked else { return }
        ticked = false
        // The frame's work ends when the clock says (a measuring clock counted it), or, on a clock
        // that does not measure work, its vsync plus the work measured.
        let end = max(loop.clock.now, record.vsync + record.phases.total / 1_000_000)
        let grid = loop.vsync
        record.frame = frames
        record.mode = loop.currentMode?.rawValue ?? ""
        if end > record.target + 1e-9 {
            record.presented = grid.time(ofFrame: grid.frame(atOrAfter: end))
            record.hitch = (record.presented - record.target) * 1000
        } else {
            record.presented = record.target
            record.hitch = 0
        }
        let touches = source.statistics
        record.touches.began = touches.began - lastTouches.began
        record.touches.moved = touches.moved - lastTouches.moved
        record.touches.ended = touches.ended - lastTouches.ended
        record.touches.cancelled = touches.cancelled - lastTouches.cancelled
        lastTouches = touches
        record.counts.hitTestedViews = HitTestStatistics.viewsVisited - lastHitTests
        lastHitTests = HitTestStatistics.viewsVisited
        record.counts.backingStoreBytes = CALayer.backingStoreBytesAlive
        frames += 1
        let finished = record
        record = .empty
        loop.clock.excludingWork {
            for sink in replay.sinks {
                do {
                    try sink.write(finished)
                } catch {
                    sinkError = sinkError ?? error
                    loop.stop()
                }
            }
            replay.afterFrame?(finished, replay.window)
        }
    }

    /// The first error a sink threw, which stops the replay.
    var sinkError: Error?

    func finish() {
        link?.invalidate()
        commit?.invalidate()
        for observer in observers { observer.invalidate() }
        source.eventPhase = nil
    }
}

extension FrameRecord {
    static var empty: FrameRecord {
        FrameRecord(frame: 0, vsync: 0, target: 0, presented: 0, hitch: 0, mode: "", phases: Phases(), counts: Counts(), touches: Touches())
    }
}

extension FrameRecord.Counts {
    mutating func add(_ stats: CommitStatistics) {
        layouts += stats.layouts
        draws += stats.display.layersDisplayed
        drawnPixels += stats.display.pixelsDrawn
        drawOperations += stats.display.drawOperations
        damagedPixels += stats.render.damagedPixels
        compositedPixels += stats.render.compositedPixels
        blendedPixels += stats.render.blendedPixels
        occludedPixels += stats.render.occludedPixels
        layersComposited += stats.render.layersComposited
        misalignedLayers += stats.render.misalignedLayers
        offscreenLayers += stats.render.offscreenLayers
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
