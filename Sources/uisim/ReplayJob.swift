import Foundation
import UISim

/// One replay of a trace on a scene, with its outputs: what `replay`, `compare` and `advice` run.
struct ReplayJob {
    var trace: URL
    var scene: Scene
    var settings: Scene.Settings
    var model: UIScreen.Model
    var out: URL
    var snapshots: SnapshotPolicy = .none
    var snapshotResolution: SnapshotResolution = .point
    var overlays: DebugOverlays = .blended
    var clock: ReplayClock = .virtual
    var render: RenderMode = .estimated
    var hitchBands: HitchBands = .wwdc2020
    /// How a recording of another tool is read (its screen is set from `model`).
    var input = TraceImportOptions()

    struct Result {
        var summary: Summary
        var outputs: ReplayOutputs
        var interrupted: Bool
    }

    /// Runs the replay; `progress` is called after each frame with its number and time.
    func run(progress: ((Int, Double) -> Void)? = nil) throws -> Result {
        UIScreen.main = UIScreen(model: model)
        let traceScreen = TraceScreen(size: model.pointSize, scale: Double(model.scale),
                                      refreshRate: model.maximumFramesPerSecond, deviceName: model.name)
        var options = input
        options.screen = traceScreen
        var stream = try openTrace(trace.relativePath == "-" ? "-" : trace.path, options: options)
        for warning in stream.warnings { report("warning: \(warning)") }
        let window = scene.makeWindow(screen: UIScreen.main, settings: settings)
        var header = Summary(trace: trace.lastPathComponent, scene: scene.name, variant: settings.description,
                             device: model.name, refreshRate: model.maximumFramesPerSecond)
        header.clock = clock.rawValue
        header.render = render.rawValue
        header.hitchBands = hitchBands
        header.warnings = window.hierarchyWarnings()
        let outputs = try ReplayOutputs(directory: out, header: header, snapshots: snapshots, overlays: overlays,
                                        resolution: snapshotResolution, renderMode: render)
        let replay = Replay(window: window, clock: clock.makeClock())
        replay.renderMode = render
        replay.sinks = [outputs]
        replay.stopsOnInterrupt = true
        replay.pendingInterruption = { Interruption.signal }
        replay.afterFrame = { frame, window in
            outputs.afterFrame(frame, window: window)
            progress?(frame.frame, frame.vsync)
        }
        let started = ContinuousClock.now
        let result: ReplayResult, summary: Summary
        do {
            result = try replay.run(&stream)
            outputs.replaySeconds = (ContinuousClock.now - started).seconds
            if let signal = result.interruption { Interruption.record(signal) }
            summary = try outputs.finish(interrupted: result.interrupted || Interruption.signal != nil)
        } catch {
            outputs.abandon()
            throw error
        }
        if let note = outputs.snapshotNote { report("warning: \(note)") }
        return Result(summary: summary, outputs: outputs, interrupted: result.interrupted)
    }
}

/// The clock a replay runs on (`--clock`).
enum ReplayClock: String, CaseIterable {
    /// Idle time is cut out and the measured work advances time.
    case virtual
    /// Every vsync gets a frame, whatever the work took: counters never depend on the machine.
    case fixed
    /// Recorded speed.
    case real

    func makeClock() -> LoopClock {
        switch self {
        case .virtual: VirtualClock(measuresWork: true)
        case .fixed: VirtualClock(measuresWork: false)
        case .real: RealClock()
        }
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// Parses "name=on,name=off" into variant values.
func parseVariants(_ texts: [String]) throws -> [String: Bool] {
    var values: [String: Bool] = [:]
    for text in texts.flatMap({ $0.split(separator: ",").map(String.init) }) {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, ["on", "off"].contains(parts[1]) else {
            throw SceneError("bad variant '\(text)': write name=on or name=off")
        }
        values[parts[0]] = parts[1] == "on"
    }
    return values
}
