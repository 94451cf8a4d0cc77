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
            """)

    @Argument(help: "The trace file: a uisim trace, or an evemu, getevent, libinput record or WebDriver actions recording.")
    var trace: String

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

    enum ClockKind: String, ExpressibleByArgument, CaseIterable {
        case virtual, fixed, real
    }

    @Option(help: """
        virtual: idle time is cut out and the measured work advances time, so a slow frame delays the next         (the default); fixed: every vsync gets a frame whatever the work took, so counters never depend on         the machine (lateness still comes from each frame's measured work); real: recorded speed.
        """)
    var clock: ClockKind = .virtual

    @Option(help: "Which frames to save as PNG: none, worst, hitches or all.")
    var snapshots: SnapshotPolicy = .worst

    @Option(help: "Overlays on snapshots, comma-separated: blended, misaligned, offscreen, updates.")
    var overlay: String = "blended"

    @Flag(help: "Print nothing but errors.")
    var quiet = false

    @Flag(help: "Print the summary as JSON to standard output.")
    var json = false

    func validate() throws {
        guard FileManager.default.isReadableFile(atPath: trace) else {
            throw ValidationError("cannot read the trace file '\(trace)'")
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

    func run() throws {
        let model = UIScreen.Model.named(device)!
        let sceneDefinition = try BuiltInScenes.named(scene)
        let url = URL(fileURLWithPath: trace)
        let traceName = url.deletingPathExtension().lastPathComponent
        let outDirectory = URL(fileURLWithPath: out ?? "out/\(traceName)-\(scene)")
        let showProgress = !quiet && !json
        let loopClock: LoopClock = switch realtime ? .real : clock {
        case .virtual: VirtualClock(measuresWork: true)
        case .fixed: VirtualClock(measuresWork: false)
        case .real: RealClock()
        }
        let job = ReplayJob(trace: url, scene: sceneDefinition, settings: try sceneDefinition.settings(try parsedVariants()),
                            model: model, out: outDirectory, snapshots: snapshots, overlays: try parsedOverlays(), clock: loopClock,
                            input: input)
        do {
            let screen = TraceScreen(size: model.pointSize, scale: Double(model.scale), refreshRate: model.maximumFramesPerSecond)
            let duration = showProgress && isatty(STDERR_FILENO) == 1 ? try Self.duration(of: url, options: input.options(screen: screen)) : nil
            var progress = ProgressBar(total: duration, enabled: showProgress)
            let result = try job.run { progress.update(frame: $0, time: $1) }
            progress.finish()
            if json {
                print(String(decoding: try JSONEncoder.sorted.encode(result.summary), as: UTF8.self))
            } else if !quiet {
                print(Self.table(result.summary, outputs: result.outputs))
            }
            if result.interrupted {
                report("interrupted: wrote complete outputs for \(result.summary.frames) frames to \(outDirectory.path)")
                throw Exit.interrupted
            }
        } catch let error as TraceError {
            report(error.description)
            throw Exit.badData
        } catch let error as ReplayOutputError {
            report(error.description)
            throw Exit.cannotWrite
        }
    }

    /// The trace's length, read once ahead for the progress bar.
    static func duration(of url: URL, options: TraceImportOptions) throws -> Double {
        var stream = try TraceFile.open(url, options: options)
        var last = 0.0
        while let sample = try stream.next() { last = sample.time }
        return last
    }

    static func table(_ s: Summary, outputs: ReplayOutputs) -> String {
        func row(_ name: String, _ value: String) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0) + value
        }
        func ms(_ micros: Double) -> String { String(format: "%.2f ms", micros / 1000) }
        let p = s.phases
        return [
            "\(s.trace) on \(s.scene)\(s.variant.isEmpty ? "" : " [\(s.variant)]") — \(s.device), \(s.refreshRate) Hz",
            row("frames", "\(s.frames) in \(String(format: "%.2f", s.durationSeconds)) s"),
            row("hitches", "\(s.hitches), hitch time ratio \(String(format: "%.2f", s.hitchTimeRatio)) ms/s (\(s.hitchBand))"),
            row("frame time p50 / p99", "\(ms(p.frame.p50)) / \(ms(p.frame.p99)), max \(ms(p.frame.max))"),
            row("p50 event/layout/display/render", "\(ms(p.event.p50)) / \(ms(p.layout.p50)) / \(ms(p.display.p50)) / \(ms(p.render.p50))"),
            row("touches", "\(s.touches.began) began, \(s.touches.moved) moved, \(s.touches.ended) ended, \(s.touches.cancelled) cancelled"),
            row("layouts / draws", "\(s.counts.layouts) / \(s.counts.draws) (\(s.counts.drawnPixels) px drawn)"),
            row("pixels composited", "\(s.counts.compositedPixels) (\(s.counts.blendedPixels) blended, \(s.counts.occludedPixels) occluded)"),
            row("hierarchy warnings", s.warnings.isEmpty ? "none" : "\(s.warnings.count)"),
            row("report", outputs.reportURL.path),
        ].joined(separator: "\n") + s.warnings.prefix(5).map { "\n  warning: \($0)" }.joined()
    }
}

extension SnapshotPolicy: ExpressibleByArgument {}

extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }
}
