import ArgumentParser
import Foundation
import UISim

/// `uisim replay`: the main job.
struct ReplayCommand: ParsableCommand {
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

    @Option(help: ArgumentHelp("Replay only the INDEX-th of COUNT shares of the traces (by file name; INDEX from 1).", valueName: "index/count"))
    var shard: String?

    @OptionGroup(title: "Recordings of other tools")
    var input: TraceInputOptions

    @Option(help: "The built-in scene (see `uisim scenes`).")
    var scene: String = BuiltInScenes.defaultScene.name

    @Option(name: .customLong("variant"), help: ArgumentHelp("A scene variant, name=on or name=off (repeatable).", valueName: "name=on|off"))
    var variants: [String] = []

    @Option(help: "The device whose screen to simulate (\(UIScreen.Model.all.map(\.identifier).joined(separator: ", "))).")
    var device: String = UIScreen.Model.iPhone14.identifier

    @Option(help: "The output folder (default: out/<trace>-<scene>).")
    var out: String?

    @Flag(help: "Pace the replay at recorded speed on the real clock (the same as --clock real).")
    var realtime = false

    @Option(help: """
        virtual: idle time is cut out and the measured work advances time, so a slow frame delays the next \
        (the default); fixed: every vsync gets a frame whatever the work took, so counters never depend on \
        the machine (lateness still comes from each frame's measured work); real: recorded speed.
        """)
    var clock: ReplayClock = .virtual

    @Option(help: "Where the render stage's cost comes from: estimated (the render server's cost model, from exact counts; no pixel painted unless a snapshot needs it) or measured (cairo composites every frame and its time counts).")
    var render: RenderMode = .estimated

    @Option(name: .customLong("hitch-bands"), help: "The bands of the hitch time ratio: wwdc-2020 (good < 5, warning 5–10, critical ≥ 10 ms/s) or xcode-organizer (≤ 10, ≤ 25, ≤ 50, > 50).")
    var hitchBands: HitchBands = .wwdc2020

    @Option(help: "Which frames to save as PNG: none, worst, hitches or all.")
    var snapshots: SnapshotPolicy = .worst

    @Option(name: .customLong("snapshot-resolution"), help: "point: one pixel per point, quick (the default); native: the screen's pixels.")
    var snapshotResolution: SnapshotResolution = .point

    @Option(help: "Overlays on snapshots, comma-separated: blended, misaligned, offscreen, updates.")
    var overlay: String = "blended"

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print the summary as JSON to standard output.")
    var json = false

    func validate() throws {
        guard !traces.isEmpty || list != nil else { throw ValidationError("give a trace file, a folder of traces or --list FILE") }
        for trace in traces where trace != "-" && !FileManager.default.fileExists(atPath: trace) {
            throw ValidationError("cannot read the trace file '\(trace)'")
        }
        if let list { try requireReadable(list, "the list file") }
        if let shard {
            do { _ = try Shard(shard) } catch let error as TraceError { throw ValidationError(error.message) }
        }
        guard UIScreen.Model.named(device) != nil else {
            throw ValidationError("no device '\(device)'; use one of: \(UIScreen.Model.all.map(\.identifier).joined(separator: ", "))")
        }
        _ = try parsedOverlays()
        _ = try parsedVariants()
        do {
            _ = try BuiltInScenes.named(scene).settings(try parsedVariants())
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }

    func parsedVariants() throws -> [String: Bool] {
        do {
            return try parseVariants(variants)
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }

    func parsedOverlays() throws -> DebugOverlays {
        var overlays: DebugOverlays = []
        for name in overlay.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            switch name {
            case "blended": overlays.insert(.blended)
            case "misaligned": overlays.insert(.misaligned)
            case "offscreen": overlays.insert(.offscreen)
            case "updates": overlays.insert(.updates)
            case "none": break
            default: throw ValidationError("unknown overlay '\(name)': use blended, misaligned, offscreen, updates or none")
            }
        }
        return overlays
    }

    /// Whether this is the classic job: one trace file, outputs straight into the folder.
    private var isSingle: Bool {
        list == nil && shard == nil && traces.count == 1 && (traces[0] == "-" || !TraceSet.isFolder(traces[0]))
    }


    func run() throws {
        try withDataExitCodes {
            if isSingle {
                let url = URL(fileURLWithPath: traces[0])
                let outDirectory = URL(fileURLWithPath: out ?? "out/\(url.deletingPathExtension().lastPathComponent)-\(scene)")
                let result = try replay(url, into: outDirectory, label: nil)
                if json {
                    print(String(decoding: try JSONEncoder.sorted.encode(result.summary), as: UTF8.self))
                } else if !quiet {
                    print(Self.table(result.summary, report: result.outputs.reportURL.path))
                }
                if result.interrupted || Interruption.signal != nil {
                    report("interrupted: wrote complete outputs for \(result.summary.frames) frames to \(outDirectory.path)")
                    throw Interruption.exitCode ?? Exit.interrupted
                }
            } else {
                try runMany()
            }
        }
    }

    /// One trace's replay into `directory`, with a progress bar on a terminal.
    private func replay(_ url: URL, into directory: URL, label: String?) throws -> ReplayJob.Result {
        let model = UIScreen.Model.named(device)!
        let sceneDefinition = try BuiltInScenes.named(scene)
        let job = ReplayJob(trace: url, scene: sceneDefinition, settings: try sceneDefinition.settings(try parsedVariants()),
                            model: model, out: directory, snapshots: snapshots, snapshotResolution: snapshotResolution,
                            overlays: try parsedOverlays(), clock: realtime ? .real : clock,
                            render: render, hitchBands: hitchBands, input: input.options())
        let showProgress = !quiet && !json
        let screen = TraceScreen(size: model.pointSize, scale: Double(model.scale), refreshRate: model.maximumFramesPerSecond)
        // The trace's length for the bar, read ahead: only from a file that can be read twice.
        let duration = showProgress && isatty(STDERR_FILENO) == 1 && isRegularFile(url.path)
            ? try Self.duration(of: url, options: input.options(screen: screen)) : nil
        var progress = ProgressBar(total: duration, enabled: showProgress, label: label)
        let result = try job.run { progress.update(frame: $0, time: $1) }
        progress.finish()
        return result
    }

    /// Several traces (folders, a list, a shard): each into OUT/<trace>/, then OUT/summary.json.
    private func runMany() throws {
        var paths = traces
        if let list { paths += try TraceSet.paths(listedIn: URL(fileURLWithPath: list)) }
        var urls = try TraceSet.resolve(paths)
        guard !urls.isEmpty else {
            report("no trace in \((traces + (list.map { ["--list \($0)"] } ?? [])).joined(separator: ", ")): nothing to replay")
            throw Exit.usage
        }
        let shard = try self.shard.map(Shard.init)
        if let shard { urls = urls.filter(shard.contains) }
        let names = urls.map { $0.deletingPathExtension().lastPathComponent }
        // Names equal once normalized (é composed or not) would share a folder on some file systems.
        if let twice = Dictionary(grouping: names, by: { $0.precomposedStringWithCanonicalMapping }).first(where: { $0.value.count > 1 }) {
            throw TraceError(file: twice.value[0], line: nil, "two traces are named '\(twice.key)': their outputs would share a folder")
        }
        let base = traces.count == 1 ? URL(fileURLWithPath: traces[0]).deletingPathExtension().lastPathComponent : "traces"
        let outDirectory = URL(fileURLWithPath: out ?? "out/\(base)-\(scene)\(shard.map { "-shard\($0.index)of\($0.count)" } ?? "")")
        var summaries: [Summary] = []
        var failed = false, interrupted = false
        for (n, url) in urls.enumerated() {
            if Interruption.signal != nil {   // a signal between two traces: stop before the next
                interrupted = true
                break
            }
            do {
                let result = try replay(url, into: outDirectory.appendingPathComponent(names[n]), label: "[\(n + 1)/\(urls.count)] \(names[n])")
                summaries.append(result.summary)
                if !quiet && !json { print(Self.line(result.summary)) }
                if result.interrupted {
                    interrupted = true
                    break
                }
            } catch let error as TraceError {
                report(error.description)
                failed = true
            }
        }
        var header = Summary(trace: "0 traces", scene: scene, variant: "", device: device, refreshRate: 0)
        header.traces = []
        header.clock = (realtime ? .real : clock).rawValue
        header.render = render.rawValue
        header.hitchBands = hitchBands
        let total = summaries.isEmpty ? SummaryBuilder(header).finished(interrupted: interrupted) : try SummaryBuilder.merging(summaries)
        try total.write(to: outDirectory.appendingPathComponent("summary.json"))
        if json {
            print(String(decoding: try JSONEncoder.sorted.encode(total), as: UTF8.self))
        } else if !quiet {
            print(Self.table(total, report: outDirectory.appendingPathComponent("summary.json").path))
        }
        if interrupted {
            report("interrupted: wrote complete outputs for \(summaries.count) traces to \(outDirectory.path)")
            throw Interruption.exitCode ?? Exit.interrupted
        }
        if failed { throw Exit.badData }
    }

    /// One line per trace of a run of several.
    static func line(_ s: Summary) -> String {
        "\(s.trace): \(s.frames) frames, \(s.hitches) hitches (\(String(format: "%.2f", s.hitchTimeRatio)) ms/s), "
            + "app p99 \(String(format: "%.2f", s.stages.app.p99 / 1000)) ms, render p99 \(String(format: "%.2f", s.stages.render.p99 / 1000)) ms"
            + "\(s.render == RenderMode.estimated.rawValue ? " (estimated)" : ""), \(s.counts.draws) draws"
    }

    /// The trace's length, read once ahead for the progress bar.
    static func duration(of url: URL, options: TraceImportOptions) throws -> Double {
        var stream = try TraceFile.open(url, options: options)
        var last = 0.0
        while let sample = try stream.next() { last = sample.time }
        return last
    }

    static func table(_ s: Summary, report: String) -> String {
        func row(_ name: String, _ value: String) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0) + value
        }
        func ms(_ micros: Double) -> String { String(format: "%.2f", micros / 1000) }
        func percentiles(_ d: PhaseDistribution) -> String { "\(ms(d.p50)) / \(ms(d.p95)) / \(ms(d.p99)) ms" }
        let st = s.stages
        let estimated = s.render == RenderMode.estimated.rawValue
        return [
            "\(s.trace) on \(s.scene)\(s.variant.isEmpty ? "" : " [\(s.variant)]") — \(s.device), \(s.refreshRate) Hz",
            row("frames", "\(s.frames) (and \(s.idleVsyncs) idle vsyncs), active \(String(format: "%.2f", s.activeSeconds)) s of \(String(format: "%.2f", s.durationSeconds)) s"),
            row("hitches", "\(s.hitches) (\(s.hitchesByType.commit) commit, \(s.hitchesByType.render) render), "
                + "hitch time ratio \(String(format: "%.2f", s.hitchTimeRatio)) ms/s (\(s.hitchBand), \(s.hitchBands.rawValue) bands)"),
            row("app stage p50 / p95 / p99", percentiles(st.app)),
            row("  p50 event/layout/display/commit", "\(ms(st[.event].p50)) / \(ms(st[.layout].p50)) / \(ms(st[.display].p50)) / \(ms(st[.commit].p50)) ms"),
            row("render stage p50 / p95 / p99", percentiles(st.render) + (estimated ? " (estimated)" : " (cairo, measured)")),
            row("touches", "\(s.touches.began) began, \(s.touches.moved) moved, \(s.touches.ended) ended, \(s.touches.cancelled) cancelled"),
            row("layouts / draws", "\(s.counts.layouts) / \(s.counts.draws) (\(s.counts.drawnPixels) px drawn)"),
            row("pixels composited", "\(s.counts.compositedPixels), of them \(s.counts.blendedPixels) blended"),
            row("pixels hidden, not composited", "\(s.counts.occludedPixels) (under opaque layers)"),
            row("offscreen passes", "\(s.counts.offscreenPasses) (\(s.counts[.offscreenPixels]) px)"
                + (s.counts[.rasterHits] + s.counts[.rasterMisses] > 0 ? ", rasterization \(s.counts[.rasterHits]) hits / \(s.counts[.rasterMisses]) misses" : "")),
            row("optimization opportunities", s.opportunities.isEmpty ? "none" : "\(s.opportunities.count)"),
            row("hierarchy warnings", s.warnings.isEmpty ? "none" : "\(s.warnings.count)"),
            row(report.hasSuffix(".json") ? "summary" : "report", report),
        ].joined(separator: "\n") + s.opportunities.prefix(3).map { "\n  opportunity: \($0.sentence)\n    remedy: \($0.remedy)" }.joined()
            + s.warnings.prefix(5).map { "\n  warning: \($0)" }.joined()
    }
}

extension SnapshotPolicy: ExpressibleByArgument {}
extension RenderMode: ExpressibleByArgument {}
extension SnapshotResolution: ExpressibleByArgument {}
extension HitchBands: ExpressibleByArgument {}
extension ReplayClock: ExpressibleByArgument {}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }
}
