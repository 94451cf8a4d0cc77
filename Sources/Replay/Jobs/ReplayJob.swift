import Foundation
import CoreGraphics
import QuartzCore
import RunLoop
import Traces
import UIKit

/// One replay of a trace on a scene, with its outputs in a folder (frames.jsonl, trace.json,
/// summary.json, report.html, snapshots/): what `uisim replay` runs for each trace, and what
/// `compare`, `advice` and an app's own tests run.
///
/// ```swift
/// let result = try ReplayJob(trace: url, scene: scene, out: folder).run()
/// #expect(result.summary.hitches.total == 0)
/// ```
public struct ReplayJob: Sendable {
    public var trace: URL
    public var scene: Scene
    public var settings: Scene.Settings
    public var model: UIScreen.Model
    public var out: URL
    public var snapshots: SnapshotPolicy
    public var snapshotResolution: SnapshotResolution = .point
    public var overlays: DebugOverlays = .blended
    public var clock: ReplayClock = .virtual
    /// What measures the app's work (`--app-time`): the main thread's CPU time by default.
    public var appTime: AppTime = .cpu
    public var render: RenderMode = .estimated
    public var hitchBands: HitchBands = .wwdc2020
    /// The user's text size the app runs at (`--content-size`): Dynamic Type's fonts follow it.
    public var contentSize = UIContentSizeCategory.large
    /// Light or dark: what the app's dynamic colours resolve to (`--appearance`).
    public var appearance = Appearance.light
    /// Whether to audit accessibility (`AccessibilityAudit`) on the first frame, after each
    /// screen transition and at the end, into audit.json and the result's `audit`.
    public var audit = false
    /// Whether to write the last screen's view hierarchy (`UIView.recursiveDescription()`, the
    /// key window's) to hierarchy.txt, to diff against a dump taken on iOS.
    public var dumpsHierarchy = false
    /// How a recording of another tool is read (its screen is set from `model`).
    public var input = TraceImportOptions()
    /// Folders of the app's Interface Builder documents (`--documents`), searched for a nib or a
    /// storyboard by name after the app's bundle (`UINib.appSearchFolders` of the replay's app).
    public var documents: [URL] = []
    /// A signal its owner received before the replay started (the command line's handlers run
    /// from start-up); the replay then stops before its first frame. Signals during the replay
    /// stop it at the end of the frame.
    public var pendingInterruption: (@Sendable () -> Int32?)?

    /// A replay of `trace` (a file, or "-" for standard input) on `scene` with `settings` (the
    /// scene's defaults unless given), on `model`'s screen, into `out`.
    public init(trace: URL, scene: Scene, settings: Scene.Settings? = nil, model: UIScreen.Model = .iPhone14, out: URL,
                snapshots: SnapshotPolicy = .worst) throws {
        self.trace = trace
        self.scene = scene
        self.settings = try settings ?? scene.settings()
        self.model = model
        self.out = out
        self.snapshots = snapshots
    }

    public struct Result {
        public var summary: Summary
        public var outputs: ReplayOutputs
        /// The signal (SIGINT, SIGTERM) that stopped the replay, if one did: its outputs hold
        /// the frames finished before it.
        public var interruption: Int32?
        public var interrupted: Bool { interruption != nil }
        /// What the trace's reader and the snapshots had to say, one line each.
        public var warnings: [String]
        /// The accessibility audit's findings, each once, when the job audited.
        public var audit: [AccessibilityFinding]?
    }

    /// Runs the replay in an app of its own on `model`'s screen (nothing another replay did
    /// before it, or does inside its callbacks, is seen); `progress` is called after each frame
    /// with its number and time.
    @MainActor
    public func run(progress: ((Int, Double) -> Void)? = nil) throws -> Result {
        try UIApplication.withNewApplication(screen: UIScreen(model: model), contentSizeCategory: contentSize,
                                             userInterfaceStyle: appearance.userInterfaceStyle) {
            try runInApplication(progress: progress)
        }
    }

    @MainActor
    private func runInApplication(progress: ((Int, Double) -> Void)?) throws -> Result {
        UINib.appSearchFolders = documents
        let traceScreen = TraceScreen(size: model.pointSize, scale: Double(model.scale),
                                      refreshRate: model.maximumFramesPerSecond, deviceName: model.name)
        var options = input
        options.screen = traceScreen
        var stream = try TraceFile.open(path: trace.relativePath == "-" ? "-" : trace.path, options: options)
        let window = scene.makeWindow(screen: UIScreen.main, settings: settings)
        // Standard input has no file name: its summary, report and JUnit case say "stdin".
        let traceName = trace.relativePath == "-" ? "stdin" : trace.lastPathComponent
        var header = Summary(trace: traceName, scene: scene.name, variant: settings.description,
                             device: model.name, refreshRate: model.maximumFramesPerSecond)
        header.clock = clock.rawValue
        header.appTime = appTime.rawValue
        header.render = render.rawValue
        header.hitchBands = hitchBands
        header.contentSize = contentSize.optionName
        header.appearance = appearance.rawValue
        header.warnings = window.hierarchyWarnings()
        let outputs = try ReplayOutputs(directory: out, header: header, snapshots: snapshots, overlays: overlays,
                                        resolution: snapshotResolution, renderMode: render)
        let replay = Replay(window: window, timing: clock.timing(appTime: appTime))
        replay.appTime = appTime
        replay.renderMode = render
        replay.sinks = [outputs]
        replay.stopsOnInterrupt = true
        replay.pendingInterruption = pendingInterruption
        var findings: [AccessibilityFinding] = []
        var audited = false
        func auditScreen(_ window: UIWindow) {
            for finding in AccessibilityAudit.run(on: window) where !findings.contains(finding) { findings.append(finding) }
        }
        replay.afterFrame = { [audit] frame, window in
            outputs.afterFrame(frame, window: window)
            // The screens the trace passes through: the first, and each a transition brings.
            if audit, !audited || !frame.transitions.isEmpty {
                audited = true
                auditScreen(window)
            }
            progress?(frame.frame, frame.vsync)
        }
        let started = ContinuousClock.now
        let result: ReplayResult, summary: Summary, interruption: Int32?
        do {
            result = try replay.run(&stream)
            outputs.replaySeconds = (ContinuousClock.now - started).seconds
            outputs.layoutIssues = UIApplication.shared.layoutIssues
            if audit {
                auditScreen(window)
                outputs.audit = findings
            }
            if dumpsHierarchy { outputs.hierarchy = window.recursiveDescription() }
            // A signal its owner caught after the loop stopped counts too: the outputs say so.
            interruption = result.interruption ?? pendingInterruption?()
            summary = try outputs.finish(interrupted: interruption != nil)
        } catch {
            outputs.abandon()
            throw error
        }
        // The reader's warnings once it has read everything (a getevent device without its ranges
        // is known only when its first event is read).
        var warnings = stream.warnings.map(\.description)
        if let note = outputs.snapshotNote { warnings.append(note) }
        if result.unsettled {
            warnings.append("the app was still busy \(Int(replay.settleLimit)) s after the trace's last sample (a display link or timer of its own that never stops?): the replay ended there")
        }
        return Result(summary: summary, outputs: outputs, interruption: interruption, warnings: warnings, audit: audit ? findings : nil)
    }
}

extension Replay {
    /// Replays the trace file at `trace` on `scene` and writes the usual outputs into `outputs`
    /// (frames.jsonl, summary.json, trace.json, report.html, snapshots/): the one call a unit
    /// test of an app's own screen makes.
    ///
    /// ```swift
    /// let summary = try Replay.run(trace, scene: MyScreen.scene, outputs: folder)
    /// #expect(summary.counts.draws <= 40)
    /// #expect(summary.hitches.total == 0)
    /// ```
    /// `variants` override the scene's defaults (`["opaque": true]`); the clock is fixed unless
    /// given (every vsync gets a frame, so counters never depend on the machine's speed).
    @discardableResult
    public static func run(_ trace: URL, scene: Scene, variants: [String: Bool] = [:], device: UIScreen.Model = .iPhone14,
                           clock: ReplayClock = .fixed, snapshots: SnapshotPolicy = .worst, outputs: URL) throws -> Summary {
        var job = try ReplayJob(trace: trace, scene: scene, settings: try scene.settings(variants), model: device, out: outputs,
                                snapshots: snapshots)
        job.clock = clock
        return try job.run().summary
    }
}

/// The clock a replay runs on (`--clock`).
public enum ReplayClock: String, CaseIterable, Sendable {
    /// Idle time is cut out and the measured work advances time.
    case virtual
    /// Every vsync gets a frame, whatever the work took: counters never depend on the machine.
    case fixed
    /// Recorded speed.
    case real

    /// The replay's timing; where the clock measures work, preemption is left out when `appTime`
    /// is the CPU's.
    public func timing(appTime: AppTime = .cpu) -> Replay.Timing {
        switch self {
        case .virtual: .virtual(VirtualClock(measuresWork: true, excludesPreemption: appTime == .cpu))
        case .fixed: .virtual(VirtualClock(measuresWork: false))
        case .real: .real(RealClock())
        }
    }
}

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}

/// A signal (SIGINT, SIGTERM) stopped work at a safe point (between two replays, between two
/// samples written): what was finished is written, `unwritten` says what is not.
public struct Interrupted: Error {
    public let signal: Int32
    /// What the interruption left written or unwritten, for the message ("no comparison written").
    public let unwritten: String
    /// The comparison of the runs done, written, when an experiment was interrupted after some.
    public let comparison: Comparison?
    public init(signal: Int32, unwritten: String = "no comparison written", comparison: Comparison? = nil) {
        self.signal = signal
        self.unwritten = unwritten
        self.comparison = comparison
    }
}

/// Light or dark: the appearance a replay runs the app in (`--appearance`), recorded in the
/// summary and the baseline.
public enum Appearance: String, CaseIterable, Sendable {
    case light, dark

    var userInterfaceStyle: UIUserInterfaceStyle { self == .dark ? .dark : .light }
}
