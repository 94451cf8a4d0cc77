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

    @Argument(help: "The trace file (uisim trace or evemu recording).")
    var trace: String

    @Option(help: "The built-in scene (see `uisim scenes`).")
    var scene: String = BuiltInScenes.defaultScene.name

    @Option(name: .customLong("variant"), help: ArgumentHelp("A scene variant, name=on or name=off (repeatable).", valueName: "name=on|off"))
    var variants: [String] = []

    @Option(help: "The device whose screen to simulate (\(UIScreen.Model.all.map(\.identifier).joined(separator: ", "))).")
    var device: String = UIScreen.Model.iPhone14.identifier

    @Option(help: "The output folder (default: out/<trace>-<scene>).")
    var out: String?

    @Flag(help: "Pace the replay at recorded speed on the real clock (default: virtual clock).")
    var realtime = false

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
        var values: [String: Bool] = [:]
        for text in variants {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["on", "off"].contains(parts[1]) else {
                throw ValidationError("bad variant '\(text)': write name=on or name=off")
            }
            values[parts[0]] = parts[1] == "on"
        }
        return values
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
        UIScreen.main = UIScreen(model: model)
        let sceneDefinition = try BuiltInScenes.named(scene)
        let settings = try sceneDefinition.settings(try parsedVariants())
        let url = URL(fileURLWithPath: trace)
        let traceName = url.deletingPathExtension().lastPathComponent
        let outDirectory = URL(fileURLWithPath: out ?? "out/\(traceName)-\(scene)")
        let traceScreen = TraceScreen(size: model.pointSize, scale: Double(model.scale), refreshRate: model.maximumFramesPerSecond, deviceName: model.name)
        let showProgress = !quiet && !json
        do {
            let duration = showProgress && isatty(STDERR_FILENO) == 1 ? try Self.duration(of: url, screen: traceScreen) : nil
            var stream = try TraceFile.open(url, screen: traceScreen)
            for warning in stream.warnings { report("warning: \(warning)") }
            let window = sceneDefinition.makeWindow(screen: UIScreen.main, settings: settings)
            let header = Summary(trace: url.lastPathComponent, scene: scene, variant: settings.description,
                                 device: model.name, refreshRate: model.maximumFramesPerSecond)
            let outputs = try ReplayOutputs(directory: outDirectory, header: header, snapshots: snapshots, overlays: try parsedOverlays())
            let replay = Replay(window: window, clock: realtime ? RealClock() : VirtualClock(measuresWork: true))
            replay.sinks = [outputs]
            replay.stopsOnInterrupt = true
            var progress = ProgressBar(total: duration, enabled: showProgress)
            replay.afterFrame = { frame, window in
                outputs.afterFrame(frame, window: window)
                progress.update(frame: frame.frame, time: frame.vsync)
            }
            let result = try replay.run(&stream)
            progress.finish()
            let summary = try outputs.finish(interrupted: result.interrupted)
            if json {
                print(String(decoding: try JSONEncoder.sorted.encode(summary), as: UTF8.self))
            } else if !quiet {
                print(Self.table(summary, outputs: outputs))
            }
            if result.interrupted {
                report("interrupted: wrote complete outputs for \(summary.frames) frames to \(outDirectory.path)")
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
    static func duration(of url: URL, screen: TraceScreen) throws -> Double {
        var stream = try TraceFile.open(url, screen: screen)
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
            row("report", outputs.reportURL.path),
        ].joined(separator: "\n")
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
