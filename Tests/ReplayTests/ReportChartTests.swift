import Foundation
@testable import Replay
import Testing

/// The reports' charts.
@Suite struct ReportChartTests {
    /// Colours come from typed values: the band's severity from the ratio and the band set, a
    /// hitch's from its type, a stage's from the stage.
    @Test func coloursComeFromTypedValues() {
        #expect([4.9, 5, 9.9, 10, 1000].map { HitchBands.wwdc2020.severity(for: $0) } == [0, 1, 1, 3, 3])
        #expect([10, 10.5, 25, 25.5, 50, 51].map { HitchBands.organizer.severity(for: $0) } == [0, 1, 1, 2, 2, 3])
        #expect([4.9, 5, 10].map { HitchBands.wwdc2020.band(for: $0) } == ["good", "warning", "critical"])
        #expect([10, 25, 50, 51].map { HitchBands.organizer.band(for: $0) } == ["≤ 10 ms/s", "10–25 ms/s", "25–50 ms/s", "> 50 ms/s"])
        #expect(ReportPalette.band(severity: HitchBands.wwdc2020.severity(for: 12)) == "#cf222e")
        #expect(ReportPalette.band(severity: HitchBands.wwdc2020.severity(for: 1)) == "#1a7f37")
        #expect(ReportPalette.color(FramePipeline.HitchType.none) == nil)
        #expect(ReportPalette.color(Stage.app) != ReportPalette.color(Stage.render))
    }
}
