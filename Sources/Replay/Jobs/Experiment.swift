import Foundation
import CoreGraphics
import UIKit

/// An A/B experiment: a trace replayed on two variants of a scene, interleaved (A, B, A, B…),
/// `runs` times each, on the fixed clock, and compared (`compare.html`, `compare.json` in
/// `out`, each run's outputs in `out/A-1`, `out/B-1`…). What `uisim compare` and `uisim advice`
/// run.
public struct Experiment {
    public var trace: URL
    public var scene: Scene
    public var a: [String: Bool]
    public var b: [String: Bool]
    public var runs: Int
    public var model: UIScreen.Model
    /// The user's text size both sides run at.
    public var contentSize = UIContentSizeCategory.large
    public var appearance = Appearance.light
    public var out: URL
    /// Folders of the app's Interface Builder documents, for every run (`ReplayJob.documents`).
    public var documents: [URL] = []
    /// A signal received: the experiment stops before its next run and throws `Interrupted`
    /// (half an experiment compares nothing).
    public var pendingInterruption: (@Sendable () -> Int32?)?

    public init(trace: URL, scene: Scene, a: [String: Bool], b: [String: Bool], runs: Int, model: UIScreen.Model = .iPhone14, out: URL) {
        self.trace = trace
        self.scene = scene
        self.a = a
        self.b = b
        self.runs = runs
        self.model = model
        self.out = out
    }

    /// One variant's runs, as they accumulate.
    private struct SideRuns {
        let settings: Scene.Settings
        var summaries: [Summary] = []
        var scrolling: [Double] = []
        var frames: URL?

        /// The side of the comparison: deterministic when every run counted the same.
        var side: Comparison.Side {
            let first = summaries[0]
            let same = summaries.allSatisfy { $0.counts == first.counts && $0.touches == first.touches && $0.frames == first.frames }
            return Comparison.Side(label: settings.description, runs: summaries, scrollingDisplay: scrolling, deterministic: same)
        }
    }

    /// Runs the experiment; `progress` is told which run starts ("feed A run 1/3"). The output
    /// folder is the experiment's for the whole run (a replay, a merge or another experiment into
    /// it is refused at once). A signal stops it between two runs (or ends a run early, which is
    /// then left out): the pairs of runs done are still compared and written, then `Interrupted`
    /// is thrown saying so; with no pair done, nothing is compared.
    @MainActor
    public func run(progress: (String) -> Void = { _ in }) throws -> Comparison {
        guard runs > 0 else { throw InvalidExperiment(description: "an experiment needs at least one run of each variant (runs is \(runs))") }
        try makeOutputFolder(out)
        let lock = try FolderLock(out)
        defer { withExtendedLifetime(lock) {} }
        var sides = [SideRuns(settings: try scene.settings(a)), SideRuns(settings: try scene.settings(b))]
        var interruption: Int32?
        runs: for run in 0..<runs {
            for side in sides.indices {
                if let signal = pendingInterruption?() { interruption = signal; break runs }
                progress("\(scene.name) \(side == 0 ? "A" : "B") run \(run + 1)/\(runs)")
                let directory = out.appendingPathComponent("\(side == 0 ? "A" : "B")-\(run + 1)")
                // The fixed clock: every vsync gets a frame, so counters are exact whatever the
                // machine's load; phase times are still measured.
                var job = try ReplayJob(trace: trace, scene: scene, settings: sides[side].settings, model: model, out: directory,
                                        snapshots: .none)
                job.clock = .fixed
                job.contentSize = contentSize
                job.appearance = appearance
                job.documents = documents
                job.pendingInterruption = pendingInterruption
                let result = try job.run()
                // A run the signal cut short is not a run of the trace: left out.
                if let signal = result.interruption { interruption = signal; break runs }
                sides[side].summaries.append(result.summary)
                sides[side].scrolling.append(try Comparison.scrollingDisplayTime(framesFile: result.outputs.framesURL))
                sides[side].frames = result.outputs.framesURL
            }
        }
        // Times are compared run by run (A's first against B's first…): whole pairs only.
        let pairs = min(sides[0].summaries.count, sides[1].summaries.count)
        guard pairs > 0 else { throw Interrupted(signal: interruption!, unwritten: "no run of both variants finished: no comparison written") }
        for side in sides.indices where sides[side].summaries.count > pairs {
            sides[side].summaries.removeLast(sides[side].summaries.count - pairs)
            sides[side].scrolling.removeLast(sides[side].scrolling.count - pairs)
        }
        let comparison = Comparison(trace: trace.lastPathComponent, scene: scene.name, a: sides[0].side, b: sides[1].side)
        try comparison.write(to: out, framesA: sides[0].frames!, framesB: sides[1].frames!)
        if let interruption {
            throw Interrupted(signal: interruption, unwritten: "\(out.path)/compare.html compares the \(pairs) of \(runs) runs of each variant done",
                              comparison: comparison)
        }
        return comparison
    }
}

/// An experiment that cannot run as asked (no runs), with the reason.
public struct InvalidExperiment: Error, CustomStringConvertible, Sendable {
    public var description: String
}
