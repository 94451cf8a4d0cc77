import Foundation
import CoreGraphics
import Replay
import Testing
@testable import UIKit

/// A replay at another text size (`--content-size`): Dynamic Type's fonts follow it, and the
/// summary and a baseline say which size the figures were made at.
@Suite struct DynamicTypeReplayTests {
    /// A label in the body style, pinned to the top-left: at large (the default) body is 17 pt,
    /// one line 17 × 2444 / 2048 = 20.287 pt, 20⅓ on the @3x grid; at accessibility extra large
    /// body is 40 pt, 47.734 pt, 48 on the grid (143.2 px up to 144).
    @Test func bodyTextFollowsTheContentSize() throws {
        nonisolated(unsafe) var heights: [CGFloat] = []
        let scene = Scene(name: "body", summary: "a body label") { window, _ in
            let label = UILabel()
            label.font = .preferredFont(forTextStyle: .body)
            label.text = "Inbox"
            label.translatesAutoresizingMaskIntoConstraints = false
            window.addSubview(label)
            NSLayoutConstraint.activate([label.leadingAnchor.constraint(equalTo: window.leadingAnchor, constant: 16),
                                         label.topAnchor.constraint(equalTo: window.topAnchor, constant: 60)])
            window.layoutIfNeeded()
            heights.append(label.frame.height)
            #expect(UIApplication.shared.preferredContentSizeCategory == (heights.count == 1 ? .large : .accessibilityExtraLarge))
            #expect(label.traitCollection.preferredContentSizeCategory == UIApplication.shared.preferredContentSizeCategory
                        && label.traitCollection.displayScale == 3)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let trace = root.appendingPathComponent("Traces/taps.trace")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-dynamic-type-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var large = try ReplayJob(trace: trace, scene: scene, out: folder.appendingPathComponent("large"), snapshots: .none)
        large.clock = .fixed
        let atLarge = try large.run().summary
        var accessible = large
        accessible.out = folder.appendingPathComponent("ax")
        accessible.contentSize = .accessibilityExtraLarge
        let atAX = try accessible.run().summary
        #expect(heights.count == 2 && abs(heights[0] - 61.0 / 3) < 1e-9 && abs(heights[1] - 48) < 1e-9, "\(heights)")
        #expect(atLarge.contentSize == "large" && atAX.contentSize == "accessibility-extra-large")
        let differing = Baseline(summary: atLarge).settingsDiffering(from: atAX)
        #expect(differing.map(\.name) == ["content size"])
        #expect(SummaryBuilder.differingSetting([atLarge, atAX])?.name == "content size")
    }
}
