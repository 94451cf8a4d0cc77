import Foundation
import Replay
import Testing
import UIKit

@Suite struct ExperimentTests {
    /// An experiment of no runs has nothing to compare: it throws at once with a message saying
    /// so (it used to stop the process), before it reads the trace or makes its folder.
    @Test @MainActor func anExperimentOfNoRunsThrowsWithAMessage() throws {
        let empty = Scene(name: "empty", summary: "nothing") { _, _ in }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-no-runs-\(UUID().uuidString)")
        let experiment = Experiment(trace: URL(fileURLWithPath: "/nonexistent.trace"), scene: empty, a: [:], b: [:], runs: 0, out: out)
        #expect { try experiment.run() } throws: { ($0 as? InvalidExperiment)?.description == "an experiment needs at least one run of each variant (runs is 0)" }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
