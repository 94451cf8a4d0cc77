import Foundation
import Replay
import Testing
import UIKit

@Suite struct ExperimentTests {
    /// An experiment of no runs has nothing to compare: it stops at once with a message saying
    /// so, not with an index out of range after replaying nothing.
    @Test func anExperimentOfNoRunsStopsWithAMessage() async throws {
        let exit = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let empty = Scene(name: "empty", summary: "nothing") { _, _ in }
            let experiment = Experiment(trace: URL(fileURLWithPath: "/nonexistent.trace"), scene: empty, a: [:], b: [:], runs: 0,
                                        out: FileManager.default.temporaryDirectory.appendingPathComponent("uisim-no-runs"))
            _ = try? await experiment.run()   // on the main actor, as every replay
        }
        #expect(String(decoding: exit.standardErrorContent, as: UTF8.self).contains("an experiment needs at least one run of each variant (runs is 0)"))
    }
}
