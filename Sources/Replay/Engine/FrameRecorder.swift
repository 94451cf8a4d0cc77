import Foundation
import CoreGraphics
import QuartzCore
import RunLoop
import UIKit

/// Where the render stage's cost comes from.
public enum RenderMode: String, CaseIterable, Sendable {
    /// The render server's cost model (`RenderCostModel`), from the compositor's exact counts; no
    /// pixel is painted unless someone looks (a snapshot). Deterministic.
    case estimated
    /// cairo composites every frame, and its measured time is the render stage's: a CPU proxy.
    case measured
}

/// Builds each frame of a replay from values handed stage to stage, as Apple's render loop runs
/// it: the app stage on the main thread (the turn's event phase, timed around the digitizer source
/// and the timers, then the commit phase at Core Animation's observer: a `CommitReport`), then the
/// render stage on the render server (a `RenderPass`, costed by the model or timed), placed on the
/// vsync grid by a `FramePipeline`. A commit with nothing to do is an idle vsync, not a frame.
@MainActor
final class FrameRecorder {
    private unowned let replay: Replay
    private let loop: EventRunLoop
    private let source: DigitizerSource
    private let stopwatch: Stopwatch
    private var link: CADisplayLink?
    private var observers: [LoopObserver] = []
    private var pipeline: FramePipeline
    /// The app's animations (their clock, their callbacks).
    private var animations: AnimationRegistry

    /// Called once when the replay finds the app idle (to release input sources).
    var onIdle: (() -> Void)?
    private(set) var frames = 0
    private(set) var idleVsyncs = 0
    private(set) var work = CommitStatistics()
    /// Views visited by hit testing over the replay.
    private(set) var viewsHitTested = 0
    /// The first error a sink threw, which stops the replay.
    var sinkError: Error?

    /// The turn being measured: when it started (stopwatch, loop clock), its event phase so far.
    private var turnStart: UInt64 = 0
    private var turnClock = 0.0
    private var timersStart: UInt64 = 0
    private var eventNanoseconds: UInt64 = 0
    private var ticked = false
    /// What the event phases delivered since the last record (a turn between vsyncs that changed
    /// nothing hands its touches on to the next).
    private var delivered = EventReport()
    /// What turns with nothing to show counted, for the next frame.
    private var carried = Counts()

    init(replay: Replay, loop: EventRunLoop, source: DigitizerSource, stopwatch: Stopwatch) {
        self.replay = replay
        self.loop = loop
        self.source = source
        self.stopwatch = stopwatch
        pipeline = FramePipeline(grid: loop.vsync)
        // The app's media clock is the loop's (`CACurrentMediaTime()`); an animation begins at
        // the vsync of the frame that adds it.
        let animations = AnimationRegistry.current
        self.animations = animations
        startTurn()
        let clock = loop.clock, vsync = loop.vsync
        animations.switchClocks(media: { clock.now }, frame: { vsync.time(atOrBefore: clock.now) })

        observe(.afterWaiting, order: Int.min) { $0.startTurn() }
        observe(.beforeTimers, order: Int.min) { $0.timersStart = $0.stopwatch.nanoseconds() }
        // Animations' delegate calls and completions due since the last frame run on the main
        // thread, timed with the timers (the app's event phase).
        observe(.beforeTimers, order: Int.min + 1) { _ in animations.runDueCallbacks() }
        observe(.beforeSources, order: Int.min) { $0.eventNanoseconds &+= $0.stopwatch.nanoseconds() &- $0.timersStart }
        observe([.beforeWaiting, .exit], order: LoopObserver.coreAnimationCommitOrder) { $0.commit() }

        source.eventPhase = { [unowned self] work in
            resumeAfterGap()
            let start = stopwatch.nanoseconds()
            let report = work()
            eventNanoseconds &+= stopwatch.nanoseconds() &- start
            delivered.add(report)
            viewsHitTested += report.viewsHitTested
        }

        let link = CADisplayLink { [unowned self] link in
            ticked = true
            // Nothing to draw and no timer or display link of the app's own (an animation, a
            // gesture's timeout) scheduled besides this one: the app is at rest.
            guard !replay.window.compositor.hasDamage && !replay.window.layer.needsLayout() && loop.activeTimerCount <= 1
                && !replay.window.hasRunningAnimations && !animations.hasDueCallbacks else {
                // Busy with no input left: for at most the settle limit (a display link the app
                // never stops would keep it busy for ever).
                guard source.isIdle else { return }
                let since = inputEndedAt ?? link.timestamp
                inputEndedAt = since
                if link.targetTimestamp - since > replay.settleLimit + 1e-9 {
                    unsettled = true
                    link.invalidate()
                    onIdle?()
                    loop.stop()
                }
                return
            }
            if source.isIdle {
                // No input left: the replay is over.
                link.invalidate()
                onIdle?()
            } else if source.isWaitingForInput, let next = source.readyTime, next > link.targetTimestamp + 1e-9 {
                // At rest until the next sample (no touch down, or fingers held still): stop ticking
                // until it comes (an idle gap of a week, or a finger held for one, costs nothing);
                // the vsyncs skipped are counted as idle when it does.
                link.isPaused = true
                pausedAtFrame = loop.vsync.frame(atOrBefore: link.timestamp)
            }
        }
        link.add(to: loop, forMode: .common)
        self.link = link
    }

    /// When the app was first found busy with no input left, and whether it was still busy at the
    /// settle limit (the replay then ended).
    private var inputEndedAt: TimeInterval?
    private(set) var unsettled = false

    /// The vsync at which the display link was paused for an idle gap, if it is.
    private var pausedAtFrame: Int?

    /// Input arrived after an idle gap: the link ticks again, and the vsyncs it skipped are idle.
    /// In this turn's vsync it ticks as it would have, had it never paused (so a lift that leaves
    /// the app idle ends the replay in that vsync); input between two vsyncs (real time) counts
    /// the vsync before it here.
    private func resumeAfterGap() {
        guard let paused = pausedAtFrame, let link else { return }
        pausedAtFrame = nil
        let now = loop.clock.now
        let current = loop.vsync.frame(atOrBefore: now)
        let skipped = current - paused - 1
        if skipped > 0 { recordIdle(skipped, from: loop.vsync.time(ofFrame: paused + 1), touches: FrameRecord.Touches()) }
        if abs(loop.vsync.time(ofFrame: current) - now) < 1e-9 {
            link.resume(inVsyncAt: now)
        } else {
            link.isPaused = false
            ticked = true   // the vsync before this input, which the paused link did not tick in
        }
    }

    private func observe(_ activities: LoopObserver.Activity, order: Int, _ body: @escaping (FrameRecorder) -> Void) {
        let observer = LoopObserver(activities: activities, order: order) { [unowned self] _, _ in body(self) }
        loop.add(observer, forMode: .common)
        observers.append(observer)
    }

    private func startTurn() {
        turnStart = stopwatch.nanoseconds()
        if measuresCPU { turnCPU = Monotonic.threadCPUNanoseconds() }
        turnClock = loop.clock.now
        eventNanoseconds = 0
    }

    /// Whether the app's work is its main thread's CPU time: two readings of the thread's CPU clock
    /// a turn scale the wall-clock phases (a test's own stopwatch is taken as is).
    private var measuresCPU: Bool { replay.appTime == .cpu && stopwatch is MonotonicStopwatch }
    /// The thread's CPU clock when the turn began (`measuresCPU`).
    private var turnCPU: UInt64 = 0

    /// Core Animation's commit at the end of the turn, then the frame it makes (or an idle vsync).
    private func commit() {
        let window = replay.window
        guard !window.isHidden else { return }
        let report = window.commitPhase(stopwatch: stopwatch)
        let measured = Double(stopwatch.nanoseconds() &- turnStart)
        // The share of the turn the thread ran (1 unless preempted): what the app paid for.
        var share = 1.0
        if measuresCPU, measured > 0 {
            share = min(1, Double(Monotonic.threadCPUNanoseconds() &- turnCPU) / measured)
        }
        let preempted = measured * (1 - share)
        // What the stopwatch measured, or what the clock was advanced by if more (code standing
        // for a known cost with `VirtualClock.advance(by:)`; a clock that measures work holds the
        // preemption too, which is not the app's).
        let advanced = max(0, (loop.clock.now - turnClock) * 1e9) - ((loop.clock as? VirtualClock)?.measuresWork == true ? preempted : 0)
        // The animations' presentation, worked out in the commit phase, is the render server's.
        let presenting = Double(report.animationNanoseconds)
        let appNanoseconds = UInt64(max(measured - preempted - presenting, advanced - presenting, 0).rounded())
        if report.hasWork, pausedAtFrame != nil, let link {
            // The link paused in this turn's tick, but the turn had work after all (a draw the
            // touch asked for): it ticks on from the first vsync after the work, as it would have.
            pausedAtFrame = nil
            link.isPaused = false
        }
        guard report.hasWork else {
            // What the turn counted (a callback that changed nothing on screen) goes to the next frame.
            carried.addPart(report.counts)
            // A turn between vsyncs (real-time input woke the loop) that changed nothing is not a
            // vsync: its touches wait for the next record instead of being lost.
            if ticked { recordIdle(1, from: loop.vsync.time(atOrBefore: turnClock), touches: takeTouches(forFrame: false).record) }
            ticked = false
            window.restoreModelValues()
            return
        }
        let touches = takeTouches()
        ticked = false
        let (pass, renderPrepare, renderExecute) = loop.clock.excludingWork { render(report.transaction, on: window) }
        let timeline = pipeline.schedule(start: turnClock, appDuration: Double(appNanoseconds) / 1e9,
                                         renderDuration: renderPrepare + renderExecute)
        var stages = FrameRecord.Stages()
        func micros(_ seconds: Double) -> Double { seconds * 1e6 }
        // The app stage's phases, wall-clock durations, scaled by the turn's CPU share as the stage is.
        stages[.app] = Double(appNanoseconds) / 1000
        stages[.event] = Double(eventNanoseconds) / 1000 * share
        stages[.constraints] = micros(report.constraintsTime) * share
        stages[.layout] = micros(report.layoutTime) * share
        stages[.display] = micros(report.displayTime) * share
        stages[.prepare] = micros(report.prepareTime) * share
        stages[.commit] = micros(report.commitTime) * share
        stages[.text] = micros(report.textTime) * share
        stages[.renderPrepare] = micros(renderPrepare)
        stages[.renderExecute] = micros(renderExecute)
        stages[.render] = micros(renderPrepare + renderExecute)
        stages[.frame] = stages[.app] + stages[.render]
        var counts = FrameRecord.Counts(report, pass.statistics)
        if carried != Counts() {
            counts.addPart(carried)
            carried = Counts()
        }
        counts[.hitTestedViews] = touches.viewsHitTested
        work.add(report, pass.statistics)
        var record = FrameRecord(frame: frames, mode: loop.currentMode?.rawValue ?? "", timeline: timeline,
                                 stages: stages, counts: counts, touches: touches.record)
        record.inputs = touches.inputs
        record.animations = report.animation.events
        record.transitions = report.transitions
        record.offscreen = pass.statistics.passes.map {
            PricedOffscreenPass(pass: $0, seconds: replay.renderCost.cost(of: $0.cause, OffscreenCount(passes: 1, pixels: $0.pixels)))
        }
        frames += 1
        deliver(record)
        // The app's model comes back before the callback, as between Core Animation's frames:
        // a view animated from 100 to 300 reads 300, its presentation() moves (snapshots paint
        // what the frame showed: the compositor puts it back for them).
        window.restoreModelValues()
        loop.clock.excludingWork { replay.afterFrame?(record, window) }
        // A bitmap memory could not hold (the measured frame buffer, a snapshot) stops the replay.
        if let failure = window.compositor.takeAllocationFailure() ?? AppEnvironment.current.takeAllocationFailure() {
            sinkError = sinkError ?? failure
            loop.stop()
        }
    }

    /// The render server's stage: the pass prepared from the commit, and its prepare and execute
    /// times (seconds): estimated from its counts, or measured while cairo paints it.
    private func render(_ transaction: Transaction, on window: UIWindow) -> (RenderPass, Double, Double) {
        switch replay.renderMode {
        case .estimated:
            let pass = window.compositor.prepare(transaction, at: turnClock)
            let estimate = replay.renderCost.estimate(pass.statistics)
            return (pass, estimate.prepare, estimate.execute)
        case .measured:
            let start = stopwatch.nanoseconds()
            let pass = window.compositor.prepare(transaction, at: turnClock)
            let prepared = stopwatch.nanoseconds()
            window.compositor.execute(pass)
            let executed = stopwatch.nanoseconds()
            return (pass, Double(prepared &- start) / 1e9, Double(executed &- prepared) / 1e9)
        }
    }

    /// What was delivered since the last record, handed to the record being made (the views
    /// hit-tested go to frames only: an idle record leaves them for the next frame).
    private func takeTouches(forFrame: Bool = true) -> (record: FrameRecord.Touches, viewsHitTested: Int, inputs: [EventReport.Input]) {
        defer {
            let hitTests = delivered.viewsHitTested
            delivered = EventReport()
            if !forFrame { delivered.viewsHitTested = hitTests }
        }
        return (FrameRecord.Touches(delivered), delivered.viewsHitTested, delivered.inputs)
    }

    /// Records `count` idle vsyncs from `vsync`, which delivered `touches`.
    private func recordIdle(_ count: Int, from vsync: TimeInterval, touches: FrameRecord.Touches) {
        idleVsyncs += count
        deliver(FrameRecord(idleVsyncs: count, vsync: vsync, frame: frames, touches: touches))
    }

    /// Hands a record to every sink, outside the app's timeline; a sink's error stops the replay.
    private func deliver(_ record: FrameRecord) {
        loop.clock.excludingWork {
            for sink in replay.sinks {
                do {
                    try sink.write(record)
                } catch {
                    sinkError = sinkError ?? error
                    loop.stop()
                }
            }
        }
    }

    func finish() {
        // Touches delivered after the last record (in a turn between vsyncs) are still counted.
        if !delivered.isEmpty { recordIdle(0, from: loop.clock.now, touches: takeTouches(forFrame: false).record) }
        link?.invalidate()
        for observer in observers { observer.invalidate() }
        animations.switchClocks(media: nil, frame: nil)
        source.eventPhase = nil
    }
}

extension FrameRecord.Counts {
    /// The counts of a frame: its commit's and its render pass's.
    init(_ report: CommitReport, _ render: RenderStatistics) {
        self = report.counts
        addPart(render.counts)
        self[.layouts] = report.layouts
        self[.draws] = report.display.layersDisplayed
        self[.drawnPixels] = report.display.pixelsDrawn
        self[.drawOperations] = report.display.drawOperations
        self[.layersCommitted] = report.transaction.layersChanged
        self[.damagedPixels] = render.damagedPixels
        self[.compositedPixels] = render.compositedPixels
        self[.blendedPixels] = render.blendedPixels
        self[.occludedPixels] = render.occludedPixels
        self[.layersComposited] = render.layersComposited
        self[.misalignedLayers] = render.misalignedLayers
        self[.offscreenPasses] = render.offscreenPasses
        self[.offscreenPixels] = render.offscreenPixels
        for cause in OffscreenCause.allCases {
            let counters = Counter.offscreen(cause), count = render.offscreen[cause] ?? OffscreenCount()
            self[counters.passes] = count.passes
            self[counters.pixels] = count.pixels
        }
        self[.rasterHits] = render.rasterHits
        self[.backingStoreBytes] = report.backingStoreBytes
    }
}

extension CommitStatistics {
    /// Adds a frame's commit and render counts (backing-store bytes are a level: the latest wins).
    mutating func add(_ report: CommitReport, _ render: RenderStatistics) {
        layouts += report.layouts
        display.layersDisplayed += report.display.layersDisplayed
        display.pixelsDrawn += report.display.pixelsDrawn
        display.drawOperations += report.display.drawOperations
        self.render.add(render)
        backingStoreBytes = report.backingStoreBytes
    }
}
