import Foundation
import Geometry
import CoreGraphics
import QuartzCore
import Replay
import RunLoop
import Testing
import Traces
@testable import UIKit

/// The system's appearance switched during a replay, by a trace's `appearance` line: every view
/// resolves its colours again (a label in `.label` redraws white), hears
/// `traitCollectionDidChange(_:)` and its `registerForTraitChanges` handlers, counted as
/// `trait_changes` in the frame; a view that overrides its style is left alone.
@MainActor
@Suite struct AppearanceSwitchReplayTests {
    final class Badge: UIView {
        var heard: [UIUserInterfaceStyle] = []
    }

    @Test func anAppearanceLineSwitchesTheAppToDarkAndBack() throws {
        try UIApplication.withNewApplication {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
            label.text = "Inbox"
            let badge = Badge(frame: CGRect(x: 20, y: 200, width: 20, height: 20))
            badge.registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (view: Badge, previous: UITraitCollection) in
                view.heard.append(previous.userInterfaceStyle)
            }
            badge.registerForTraitChanges([UITraitHorizontalSizeClass.self]) { (view: Badge, _: UITraitCollection) in
                view.heard.append(.unspecified)   // never: the size class does not change
            }
            let pinned = UIView(frame: CGRect(x: 20, y: 300, width: 20, height: 20))
            pinned.overrideUserInterfaceStyle = .light
            for view in [label, badge, pinned] { window.addSubview(view) }
            window.makeKeyAndVisible()
            var trace = Trace(screen: .default)
            trace.tap(1, at: CGPoint(x: 300, y: 700), time: 0.1)
            trace.append(.appearance(time: 0.5, style: "dark"))
            trace.append(.appearance(time: 1.0, style: "light"))
            var changes: [(Double, Int, Int)] = []
            let replay = Replay(window: window, clock: VirtualClock())
            replay.afterFrame = { record, _ in
                if record.counts[.traitChanges] > 0 { changes.append((record.vsync, record.counts[.traitChanges], record.counts.draws)) }
            }
            _ = try replay.run(trace)
            // The window, the label and the badge each time; the pinned view never.
            #expect(changes.map(\.1) == [3, 3] && changes.allSatisfy { $0.2 >= 1 }, "\(changes)")
            #expect(abs(changes[0].0 - 0.5) < 0.02 && abs(changes[1].0 - 1.0) < 0.02)
            #expect(badge.heard == [.light, .dark])
            #expect(label.traitCollection.userInterfaceStyle == .light && pinned.traitCollection.userInterfaceStyle == .light)
        }
    }
}
