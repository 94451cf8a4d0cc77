import Foundation
import CoreGraphics
import QuartzCore
import Replay
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The conversation of advice 11: rows as tall as their messages (15 pt lines of 17.900390625 pt,
/// 15 × 2444 / 2048, with 10 pt above and below), their heights measured in `heightForRowAt`, a
/// page of 20 messages more loading near the end.
@Suite struct MessagesSceneTests {
    func fling(cached: Bool) throws -> Summary {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-messages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try BuiltInScenes.named("messages")
        var job = try ReplayJob(trace: AdviceEffectsTests.traces.appendingPathComponent("fling.trace"), scene: scene,
                                settings: try scene.settings(["cached-heights": cached]), out: folder, snapshots: .none)
        job.clock = .fixed
        return try job.run().summary
    }

    /// A row's height is its lines' (up to the pixel) plus 20: a one-line message 18 + 20 = 38 pt
    /// (17.9 pt is 53.7 px, 54 px = 18 pt), a three-line one 54 (53.70 pt, 161.1 px → 162 px) + 20.
    @Test func rowsAreAsTallAsTheirMessages() throws {
        UIApplication.withNewApplication {
            let controller = MessagesViewController(cachesHeights: false)
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.rootViewController = controller
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            let table = controller.tableView!
            let width = table.bounds.width - 32
            let lineHeight = UIFont.systemFont(ofSize: 15).lineHeight
            #expect(lineHeight == 17.900390625)
            for row in 0..<controller.messages.count {
                let lines = (controller.messages[row].boundingRect(with: CGSize(width: width, height: 1e6), options: .usesLineFragmentOrigin,
                                                                   attributes: [.font: MessagesViewController.font], context: nil).height / lineHeight)
                    .rounded()
                let expected = (CGFloat(lines) * lineHeight * 3).rounded(.up) / 3 + 20
                #expect(abs(table.rectForRow(at: IndexPath(row: row, section: 0)).height - expected) < 1e-9, "row \(row)")
            }
            #expect(abs((0..<20).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height }.reduce(0, +) - table.contentSize.height) < 1e-9)
            // Lengths vary: the page has one-line and several-line messages.
            let heights = Set((0..<20).map { table.rectForRow(at: IndexPath(row: $0, section: 0)).height })
            #expect(heights.contains(38) && heights.count >= 3)
        }
    }

    /// The fling loads two pages (rows 20–39, then 40–59) after the first (before frame 0, not
    /// counted). Each reload asks every row's height: 40, then 60 measurements, 100 in all; with
    /// cached heights only the new rows are measured, 20 + 20 = 40. The frames on screen are the
    /// same either way.
    @Test func cachedHeightsMeasureEachMessageOnce() throws {
        let measured = try fling(cached: false), cached = try fling(cached: true)
        #expect(measured.counts[.textMeasurements] == 100 && cached.counts[.textMeasurements] == 40,
                "\(measured.counts[.textMeasurements]), \(cached.counts[.textMeasurements])")
        for counter in [Counter.draws, .layouts, .glyphsDrawn, .cellForRowCalls, .compositedPixels] {
            #expect(measured.counts[counter] == cached.counts[counter], "\(counter)")
        }
        #expect(measured.frames == cached.frames)
    }
}
