import Foundation
import Geometry
import QuartzCore
import Replay
import RunLoop
@testable import Scenes
import Testing
import Traces
@testable import UIKit

/// The `navigation` scene: its first screen worked out by hand, and its two bundled traces
/// replayed as a user replays them, each transition counted and spanned.
@Suite struct NavigationSceneTests {
    /// The summary and each frame's counts (from frames.jsonl, as a user reads them).
    func replay(_ trace: String, _ variants: [String: Bool] = [:]) throws -> (Summary, [[String: Int]]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-navigation-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try BuiltInScenes.named("navigation")
        var job = try ReplayJob(trace: AdviceEffectsTests.traces.appendingPathComponent("navigation/\(trace)"), scene: scene,
                                settings: try scene.settings(variants), out: folder, snapshots: .none)
        job.clock = .fixed
        let summary = try job.run().summary
        let lines = try String(contentsOf: folder.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        let frames = try lines.compactMap { line in
            (try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["counts"] as? [String: Int]
        }
        return (summary, frames)
    }

    /// On an iPhone 14: the tab bar 49 + 34 at y = 761; the list under the 44 pt bar (47 + 44 =
    /// 91 pt of adjusted inset at the top, 83 at the bottom, over the tab bar), its offset −91;
    /// row 3 (64 pt rows) from 91 + 192 = 283 to 347, so the trace's tap at 315 is on it.
    @MainActor @Test func theFirstScreenIsWorkedOutByHand() throws {
        try UIApplication.withNewApplication {
            let window = try BuiltInScenes.named("navigation").makeWindow(settings: Scene.Settings())
            _ = window.layoutPass()
            let tabs = try #require(window.rootViewController as? UITabBarController)
            let navigation = try #require(tabs.selectedViewController as? UINavigationController)
            let list = try #require(navigation.topViewController as? MailListController)
            #expect(tabs.tabBar.frame == CGRect(x: 0, y: 761, width: 390, height: 83))
            #expect(list.tableView.adjustedContentInset == UIEdgeInsets(top: 91, left: 0, bottom: 83, right: 0))
            #expect(list.tableView.contentOffset.y == -91)
            let row3 = try #require(list.tableView.cellForRow(at: IndexPath(row: 3, section: 0)))
            #expect(row3.convert(row3.bounds, to: window) == CGRect(x: 0, y: 283, width: 390, height: 64))
            #expect(row3.textLabel?.text == NavigationScene.sender(3) && row3.detailTextLabel?.text == NavigationScene.subject(3))
        }
    }

    /// push-pop: push, pop by the back button, push, pop by the edge swipe. Appearance callbacks:
    /// four a transition (the list's and the message's will and did): 16. Two messages loaded.
    @Test func pushPopTransitionsAreSpanned() throws {
        let (summary, _) = try replay("push-pop.trace")
        let transitions = try #require(summary.transitions)
        #expect(transitions.map { "\($0.kind) \($0.screen) \($0.outcome)" } == [
            "push MessageController finished", "pop MailListController finished",
            "push MessageController finished", "interactive pop MailListController finished",
        ])
        #expect(transitions.allSatisfy { $0.frames >= 20 && $0.durationS > 0.3 })   // each slide drawn frame by frame
        #expect(summary[.counter(.transitionsBegun)] == 4 && summary[.counter(.transitionsFinished)] == 4)
        #expect(summary[.counter(.appearanceCallbacks)] == 16 && summary[.counter(.viewControllersLoaded)] == 2)
    }

    /// sheet-and-alerts: the compose sheet presented, dragged to large and swiped away; the
    /// action sheet shown and cancelled; a message pushed, its alert shown, its Delete popping
    /// it. Callbacks: the sheet's and the alerts' two each way (the list hears none of them),
    /// the push's and the pop's four: 20. Four controllers loaded.
    @Test func sheetsAndAlertsAreSpanned() throws {
        let (summary, _) = try replay("sheet-and-alerts.trace")
        let transitions = try #require(summary.transitions)
        #expect(transitions.map { "\($0.kind) \($0.screen)" } == [
            "present ComposeController", "dismiss ComposeController", "present UIAlertController", "dismiss UIAlertController",
            "push MessageController", "present UIAlertController", "dismiss UIAlertController", "pop MailListController",
        ])
        #expect(transitions.allSatisfy { $0.outcome == "finished" })
        #expect(summary[.counter(.appearanceCallbacks)] == 20 && summary[.counter(.viewControllersLoaded)] == 4)
    }

    /// Every output marks the transitions, as a CI user reads them: the Chrome trace has an async
    /// slice per transition on the main thread ("push MessageController", begun and ended once),
    /// the report a "Screen transitions" table, the terminal summary a line naming each.
    @Test func everyOutputMarksTheTransitions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("uisim-navigation-outputs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try BuiltInScenes.named("navigation")
        var job = try ReplayJob(trace: AdviceEffectsTests.traces.appendingPathComponent("navigation/push-pop.trace"), scene: scene,
                                out: folder, snapshots: .none)
        job.clock = .fixed
        let summary = try job.run().summary
        let trace = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("trace.json"))) as! [String: Any]
        let slices = (trace["traceEvents"] as! [[String: Any]]).filter { $0["cat"] as? String == "transition" }
        #expect(slices.map { "\($0["ph"]!) \($0["name"]!)" } == [
            "b push MessageController", "e push MessageController", "b pop MailListController", "e pop MailListController",
            "b push MessageController", "e push MessageController", "b interactive pop MailListController", "e interactive pop MailListController",
        ])
        #expect(Set(slices.map { $0["id"] as! Int }).count == 4)
        let report = try String(contentsOf: folder.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(report.contains("<h2>Screen transitions</h2>") && report.contains("<code>MessageController</code>"))
        let table = summary.table(report: "out/report.html")
        #expect(table.contains("screen transitions                4: push MessageController: "), "\(table)")
    }

    /// With `defer-body` the push's first frame lays out less text: the body comes once the push
    /// is over.
    @Test func deferringTheBodyLightensThePushsFirstFrame() throws {
        func firstPushFrame(_ on: Bool) throws -> [String: Int] {
            let (_, frames) = try replay("push-pop.trace", ["defer-body": on])
            return try #require(frames.first { ($0["transitions_begun"] ?? 0) > 0 })
        }
        let eager = try firstPushFrame(false)["glyphs_drawn"] ?? 0, deferred = try firstPushFrame(true)["glyphs_drawn"] ?? 0
        #expect(deferred < eager / 2, "\(deferred) vs \(eager)")
    }
}
