import Foundation
import Geometry
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

/// Alerts in a replay: a traced tap on an alert's button dismisses it (a fade), and the action's
/// handler runs after, once the alert is off the window, as UIKit's; a tap on the dimmed screen
/// around an action sheet runs its cancel action; the screen underneath hears nothing.
@MainActor
@Suite struct AlertReplayTests {
    typealias Screen = NavigationTransitionTests.Screen

    func run(_ trace: Trace, presenting make: @escaping (Screen) -> UIAlertController) throws -> ([String], [TransitionEvent]) {
        var log: [String] = []
        let a = Screen("A")
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.rootViewController = a
        window.makeKeyAndVisible()
        a.shared = { log.append($0) }
        a.onTap = { a.present(make(a), animated: true) { log.append("presented") } }
        var transitions: [TransitionEvent] = []
        let replay = Replay(window: window, clock: VirtualClock())
        replay.afterFrame = { record, _ in transitions += record.transitions }
        _ = try replay.run(trace)
        // A's own appearance, as the window shows it, is not the alert's doing.
        return (Array(log.drop { $0 != "presented" && !$0.contains("Disappear") }), transitions)
    }

    /// The alert of `AlertControllerTests` (Delete on the right at x 195…330, y 440…484): a tap on
    /// Delete at 1.5 s. The handler runs after the dismissal, when the alert has left the window.
    @Test func theHandlerRunsAfterTheAlertIsGone() throws {
        var log: [String] = []
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.08)
        trace.tap(2, at: CGPoint(x: 262, y: 462), time: 1.5, duration: 0.08)
        let (screenLog, transitions) = try run(trace) { a in
            let alert = UIAlertController(title: "Delete draft?", message: "This cannot be undone.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { [weak alert] _ in
                log.append("delete: alert in a window \(alert?.viewIfLoaded?.window != nil), presented \(a.presentedViewController != nil)")
            })
            return alert
        }
        #expect(log == ["delete: alert in a window false, presented false"])
        #expect(screenLog == ["presented"], "A hears no appearance callback: \(screenLog)")
        #expect(transitions.map { "\($0.kind.rawValue) \($0.name) \($0.phase.rawValue)" } == [
            "present UIAlertController began", "present UIAlertController finished",
            "dismiss UIAlertController began", "dismiss UIAlertController finished",
        ])
    }

    /// An action sheet (Reply, Cancel; 57 + 8 + 57 = 122 tall on the safe area's bottom: y = 688):
    /// a tap at y = 300, on the dimming, runs Cancel's handler.
    @Test func aTapOutsideAnActionSheetCancelsIt() throws {
        var log: [String] = []
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 195, y: 400), time: 0.1, duration: 0.08)
        trace.tap(2, at: CGPoint(x: 195, y: 300), time: 1.5, duration: 0.08)
        _ = try run(trace) { _ in
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            sheet.addAction(UIAlertAction(title: "Reply", style: .default) { _ in log.append("reply") })
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
            return sheet
        }
        #expect(log == ["cancel"])
    }
}
