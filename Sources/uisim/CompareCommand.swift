import ArgumentParser
import Foundation
import UISim

/// Runs two variants interleaved and compares them; shared by `compare` and `advice`.
struct Experiment {
    var trace: URL
    var scene: Scene
    var a: [String: Bool]
    var b: [String: Bool]
    var runs: Int
    var model: UIScreen.Model
    var out: URL

    func run(progress: (String) -> Void) throws -> Comparison {
        let settingsA = try scene.settings(a), settingsB = try scene.settings(b)
        var sides: [(label: String, settings: Scene.Settings, runs: [Summary], scrolling: [Double], frames: URL?)] =
            [(settingsA.description, settingsA, [], [], nil), (settingsB.description, settingsB, [], [], nil)]
        for run in 0..<runs {
            for side in sides.indices {
                // A signal stops the experiment between two runs: half an experiment compares nothing.
                if let code = Interruption.exitCode {
                    report("interrupted: no comparison written")
                    throw code
                }
                progress("\(scene.name) \(side == 0 ? "A" : "B") run \(run + 1)/\(runs)")
                let directory = out.appendingPathComponent("\(side == 0 ? "A" : "B")-\(run + 1)")
                // The fixed clock: every vsync gets a frame, so counters are exact whatever the
                // machine's load; phase times are still measured.
                let job = ReplayJob(trace: trace, scene: scene, settings: sides[side].settings, model: model, out: directory,
                                    clock: .fixed)
                let result = try job.run()
                sides[side].runs.append(result.summary)
                sides[side].scrolling.append(try Comparison.scrollingDisplayTime(framesFile: result.outputs.framesURL))
                sides[side].frames = result.outputs.framesURL
            }
        }
        func side(_ s: (label: String, settings: Scene.Settings, runs: [Summary], scrolling: [Double], frames: URL?)) -> Comparison.Side {
            let first = s.runs[0]
            let same = s.runs.allSatisfy { $0.counts == first.counts && $0.touches == first.touches && $0.frames == first.frames }
            return Comparison.Side(label: s.label, runs: s.runs, scrollingDisplay: s.scrolling, deterministic: same)
        }
        let comparison = Comparison(trace: trace.lastPathComponent, scene: scene.name, a: side(sides[0]), b: side(sides[1]))
        try comparison.write(to: out, framesA: sides[0].frames!, framesB: sides[1].frames!)
        return comparison
    }
}

/// `uisim compare`: two variants of a scene, side by side.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Replay a trace on two variants of a scene, interleaved, and compare counters and times.",
        discussion: "Example: uisim compare Traces/fling.trace --scene feed --variant opaque=off --variant opaque=on --runs 5")

    @Argument(help: "The trace file.")
    var trace: String

    @Option(help: "The built-in scene.")
    var scene: String = BuiltInScenes.defaultScene.name

    @Option(name: .customLong("variant"), help: ArgumentHelp("Variant A, then variant B: name=on|off[,name=on|off…].", valueName: "variants"))
    var variants: [String] = []

    @Option(help: "Runs of each variant.")
    var runs: Int = 3

    @Option(help: "The device to simulate.")
    var device: String = UIScreen.Model.iPhone14.identifier

    @Option(help: "The output folder (default: out/compare-<trace>-<scene>).")
    var out: String?

    @Flag(help: "Print the comparison as JSON.")
    var json = false

    func validate() throws {
        guard FileManager.default.isReadableFile(atPath: trace) else { throw ValidationError("cannot read the trace file '\(trace)'") }
        guard variants.count == 2 else { throw ValidationError("give two --variant options: A, then B (such as opaque=off and opaque=on)") }
        guard (1...50).contains(runs) else { throw ValidationError("--runs must be between 1 and 50") }
        guard UIScreen.Model.named(device) != nil else { throw ValidationError("no device '\(device)'") }
        do {
            let s = try BuiltInScenes.named(scene)
            _ = try s.settings(try parseVariants([variants[0]]))
            _ = try s.settings(try parseVariants([variants[1]]))
        } catch let error as SceneError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: trace)
        let experiment = Experiment(
            trace: url, scene: try BuiltInScenes.named(scene), a: try parseVariants([variants[0]]), b: try parseVariants([variants[1]]),
            runs: runs, model: UIScreen.Model.named(device)!,
            out: URL(fileURLWithPath: out ?? "out/compare-\(url.deletingPathExtension().lastPathComponent)-\(scene)"))
        try withDataExitCodes {
            var bar = ProgressBar(total: nil, enabled: !json)
            let comparison = try experiment.run { _ in bar.update(frame: 0, time: 0) }
            bar.finish()
            if json {
                print(String(decoding: try JSONEncoder.sorted.encode(comparison), as: UTF8.self))
            } else {
                print(comparison.table)
                print("report".padding(toLength: 28, withPad: " ", startingAt: 0) + experiment.out.appendingPathComponent("compare.html").path)
            }
            if !comparison.a.deterministic || !comparison.b.deterministic { throw Exit.checkFailed }
        }
    }
}
