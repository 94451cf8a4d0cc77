import ArgumentParser
import Foundation
import UISim

/// `uisim replay`: the main job.
struct ReplayCommand: @preconcurrency ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a touch trace against a scene, timing and counting every frame.",
        discussion: """
            Writes frames.jsonl, summary.json, trace.json (Perfetto / chrome://tracing), report.html \
            and snapshots/ into the output folder. Ctrl-C stops at the next frame and still writes \
            complete outputs for the frames done (exit 130).

            Given several traces, folders or --list, each trace's outputs go to OUT/<trace>/ and \
            OUT/summary.json sums them up (merge shards' with `uisim merge`). --shard i/n replays the \
            i-th of n shares, chosen by file name, the same on every machine.
            """)

    @Argument(help: "Trace files or folders of them: uisim traces, or evemu, getevent, libinput record or WebDriver actions recordings.")
    var traces: [String] = []

    @Option(help: ArgumentHelp("A file listing trace paths, one per line.", valueName: "file"))
    var list: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Replay only the INDEX-th of COUNT shares of the traces (by file name; INDEX from 1).", valueName: "index/count"))
    var shard: String?

    @OptionGroup(title: "Recordings of other tools")
    var input: TraceInputOptions

    @OptionGroup(title: "Scene")
    var sceneOptions: SceneOptions

    @Option(name: .customLong("variant"), help: ArgumentHelp("A scene variant, name=on or name=off (repeatable).", valueName: "name=on|off"))
    var variants: [String] = []

    @Option(help: "The output folder (default: out/<trace>-<scene>, or out/stdin-<scene> when the trace is - (standard input)).")
    var out: String?

    @Flag(help: "Pace the replay at recorded speed on the real clock (the same as --clock real).")
    var realtime = false

    @Option(help: """
        virtual: idle time is cut out and the measured work advances time, so a slow frame delays the next \
        (the default); fixed: every vsync gets a frame whatever the work took, so counters never depend on \
        the machine (lateness still comes from each frame's measured work); real: recorded speed.
        """)
    var clock: ReplayClock?

    @Option(name: .customLong("app-time"), help: "What measures the app's work: cpu (the main thread's CPU time: another process on the machine does not make frames late; the default) or wall (wall time: waiting on locks and I/O counts too, and so does preemption).")
    var appTime: AppTime = .cpu

    @Option(help: "Where the render stage's cost comes from: estimated (the render server's cost model, from exact counts; no pixel painted unless a snapshot needs it) or measured (cairo composites every frame and its time counts).")
    var render: RenderMode = .estimated

    @Option(name: .customLong("hitch-bands"), help: "The bands of the hitch time ratio: wwdc-2020 (good < 5, warning 5–10, critical ≥ 10 ms/s) or xcode-organizer (≤ 10, ≤ 25, ≤ 50, > 50).")
    var hitchBands: HitchBands = .wwdc2020

    @Option(help: "Which frames to save as PNG: none, worst, hitches or all.")
    var snapshots: SnapshotPolicy = .worst

    @Option(name: .customLong("snapshot-resolution"), help: "point: one pixel per point, quick (the default); native: the screen's pixels.")
    var snapshotResolution: SnapshotResolution = .point

    @Option(help: "Overlays on snapshots, comma-separated: \(DebugOverlays.names.map(\.name).joined(separator: ", ")), or none.")
    var overlay: String = "blended"

    @Flag(help: "Audit accessibility on the screens the trace passes through (the first, each one a transition brings, the last): interactive views with no label or that VoiceOver cannot reach, hit targets under 44 × 44 pt, text under 4.5:1 contrast. Writes audit.json.")
    var audit = false

    @Flag(name: .customLong("dump-hierarchy"), help: "Write the last screen's view hierarchy to hierarchy.txt, as UIKit's recursiveDescription prints it (to diff against a dump taken on iOS).")
    var dumpHierarchy = false

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print the summary as JSON to standard output.")
    var json = false

    func validate() throws {
        guard !traces.isEmpty || list != nil else { throw ValidationError("give a trace file, a folder of traces or --list FILE") }
        if realtime, let clock, clock != .real {
            throw ValidationError("--realtime is --clock real: it cannot go with --clock \(clock.rawValue)")
        }
        try requireOutputPath(out, "--out")
        if traces.contains("-"), traces.count > 1 || list != nil || shard != nil {
            throw ValidationError("'-' reads one trace from standard input: give it alone, without other traces, --list or --shard")
        }
        for trace in traces where trace != "-" && !FileManager.default.fileExists(atPath: trace) {
            throw ValidationError("cannot read the trace file \(TraceEcho.quoted(trace))")
        }
        if let list { try requireReadable(list, "the list file") }
        if let shard {
            do { _ = try Shard(shard) } catch let error as TraceError { throw ValidationError(error.message) }
        }
        do { _ = try DebugOverlays(parsing: overlay) } catch let error as UsageError { throw ValidationError(error.description) }
        _ = try sceneOptions.settings(variants)
        _ = try sceneOptions.documentFolders()
    }

    /// Whether this is the classic job: one trace file, outputs straight into the folder.
    private var isSingle: Bool {
        list == nil && shard == nil && traces.count == 1 && (traces[0] == "-" || !TraceSet.isFolder(traces[0]))
    }


    @MainActor
    func run() throws {
        if isSingle {
            let url = URL(fileURLWithPath: traces[0])
            let name = traces[0] == "-" ? "stdin" : url.deletingPathExtension().lastPathComponent
            let outDirectory = URL(fileURLWithPath: out ?? "out/\(name)-\(sceneOptions.scene)")
            let result = try replay(try job(trace: url, out: outDirectory), label: nil)
            if json {
                print(String(decoding: try JSONEncoder.sorted.encode(result.summary), as: UTF8.self))
            } else if !quiet {
                print(result.summary.table(report: result.outputs.reportURL.path))
                if let findings = result.audit { printAudit(findings, file: result.outputs.auditURL.path) }
                if dumpHierarchy { print("view hierarchy: \(result.outputs.hierarchyURL.path)") }
            }
            if let signal = result.interruption { Interruption.record(signal) }
            if result.interrupted || Interruption.signal != nil {
                report("interrupted: wrote complete outputs for \(result.summary.frames) frames to \(outDirectory.path)")
                throw Interruption.exitCode ?? Exit.interrupted
            }
        } else {
            try runMany()
        }
    }

    /// The replay of `trace` into `out` with this command's options (a batch sets each trace's).
    private func job(trace: URL, out: URL) throws -> ReplayJob {
        var job = try ReplayJob(trace: trace, scene: try sceneOptions.resolvedScene(),
                                settings: try sceneOptions.settings(variants), model: sceneOptions.device,
                                out: out, snapshots: snapshots)
        job.snapshotResolution = snapshotResolution
        job.overlays = try DebugOverlays(parsing: overlay)
        job.clock = realtime ? .real : clock ?? .virtual
        job.appTime = appTime
        job.render = render
        job.contentSize = sceneOptions.contentSize
        job.appearance = sceneOptions.appearance
        job.documents = try sceneOptions.documentFolders()
        job.hitchBands = hitchBands
        job.input = input.options()
        job.pendingInterruption = { Interruption.signal }
        job.audit = audit
        job.dumpsHierarchy = dumpHierarchy
        return job
    }

    /// Whether a progress bar is drawn (on a terminal, unless quiet or printing JSON).
    private var showsProgress: Bool { !quiet && !json }

    /// One trace's replay, with a progress bar on a terminal.
    @MainActor
    private func replay(_ job: ReplayJob, label: String?) throws -> ReplayJob.Result {
        var progress = try progressBar(for: job.trace, label: label)
        let result = try job.run { progress.update(frame: $0, time: $1) }
        progress.finish()
        if !quiet { for warning in result.warnings { report("warning: \(warning)") } }
        return result
    }

    /// A progress bar for replaying `trace`, its length read ahead (only from a file that can be
    /// read twice) when the bar is drawn.
    private func progressBar(for trace: URL, label: String?) throws -> ProgressBar {
        let model = sceneOptions.device
        let screen = TraceScreen(size: model.pointSize, scale: Double(model.scale), refreshRate: model.maximumFramesPerSecond)
        let duration = showsProgress && isatty(STDERR_FILENO) == 1 && isRegularFile(trace.path)
            ? try Self.duration(of: trace, options: input.options(screen: screen)) : nil
        return ProgressBar(total: duration, enabled: showsProgress, label: label)
    }

    /// Several traces (folders, a list, a shard): each into OUT/<trace>/, then OUT/summary.json.
    @MainActor
    private func runMany() throws {
        var paths = traces
        if let list { paths += try TraceSet.paths(listedIn: URL(fileURLWithPath: list)) }
        let urls = try TraceSet.resolve(paths)
        guard !urls.isEmpty else {
            report("no trace in \((traces + (list.map { ["--list \($0)"] } ?? [])).joined(separator: ", ")): nothing to replay")
            throw Exit.usage
        }
        let shard = try self.shard.map(Shard.init)
        let base = traces.count == 1 ? URL(fileURLWithPath: traces[0]).deletingPathExtension().lastPathComponent : "traces"
        let outDirectory = URL(fileURLWithPath: out ?? "out/\(base)-\(sceneOptions.scene)\(shard.map { "-shard\($0.index)of\($0.count)" } ?? "")")
        let batch = try ReplayBatch(traces: urls, shard: shard, job: try job(trace: urls[0], out: outDirectory), out: outDirectory)
        var progress = ProgressBar(total: nil, enabled: false)
        let result = try batch.run(
            willReplay: { n, name in
                progress = (try? progressBar(for: batch.traces[n], label: "[\(n + 1)/\(batch.traces.count)] \(name)"))
                    ?? ProgressBar(total: nil, enabled: false)   // a trace that cannot be read: its replay says why
            },
            progress: { progress.update(frame: $0, time: $1) },
            didReplay: { result in
                progress.finish()
                if !quiet { for warning in result.warnings { report("warning: \(warning)") } }
                if !quiet && !json {
                    print(result.summary.oneLine)
                    if let findings = result.audit { print("  accessibility audit: \(findings.count) findings (\(result.outputs.auditURL.path))") }
                }
            },
            didFail: { error in
                progress.finish()
                report(error.description)
            })
        if let signal = result.interruption { Interruption.record(signal) }
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(result.total), as: UTF8.self))
        } else if !quiet {
            print(result.total.table(report: result.summaryURL.path))
        }
        if result.interruption != nil {
            report("interrupted: wrote complete outputs for \(result.summaries.count) traces to \(outDirectory.path)")
            throw Interruption.exitCode ?? Exit.interrupted
        }
        if !result.failures.isEmpty { throw Exit.badData }
    }

    /// The audit's findings: how many, where they are written, and the first ten.
    private func printAudit(_ findings: [AccessibilityFinding], file: String) {
        print("accessibility audit: \(findings.isEmpty ? "no finding" : "\(findings.count) finding\(findings.count == 1 ? "" : "s")") (\(file))")
        for finding in findings.prefix(10) { print("  \(finding.sentence)") }
        if findings.count > 10 { print("  … \(findings.count - 10) more in \(file)") }
    }

    /// The trace's length, read once ahead for the progress bar.
    static func duration(of url: URL, options: TraceImportOptions) throws -> Double {
        var stream = try TraceFile.open(url, options: options)
        var last = 0.0
        while let sample = try stream.next() { last = sample.time }
        return last
    }
}

extension SnapshotPolicy: ExpressibleByArgument {}
extension Appearance: ExpressibleByArgument {}
extension RenderMode: ExpressibleByArgument {}
extension SnapshotResolution: ExpressibleByArgument {}
extension HitchBands: ExpressibleByArgument {}
extension ReplayClock: ExpressibleByArgument {}
extension AppTime: ExpressibleByArgument {}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }
}
