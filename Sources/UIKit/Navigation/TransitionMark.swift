import Foundation
import QuartzCore
import UIFoundation

/// A screen transition's start or end as the window saw it (push, pop, presentation…): the
/// replay marks each transition as a span over the frames that showed it, in the summary, the
/// report and the Chrome trace ("push MessageViewController: 1 commit hitch").
package struct TransitionEvent: Equatable, Sendable {
    package enum Kind: String, Sendable, Codable, CaseIterable {
        case push, pop, interactivePop = "interactive pop", present, dismiss, tabSwitch = "tab switch"
    }
    package enum Phase: String, Sendable { case began, finished, cancelled }
    /// Unique in the window: a span's begin and end share it.
    package var id: Int
    package var kind: Kind
    /// The screen the transition shows (pushed, popped to, presented, dismissed, selected): its type.
    package var name: String
    package var phase: Phase

    package init(id: Int, kind: Kind, name: String, phase: Phase) {
        self.id = id
        self.kind = kind
        self.name = name
        self.phase = phase
    }
}

/// A transition under way, as marked on its window: `finish()` or `cancel()` ends its span.
/// Counted (`transitions_begun`, `…_finished`, `…_cancelled`) in the frame each happens in; a
/// transition off any window, or before the window's first frame, is not marked.
@MainActor
struct TransitionMark {
    private weak var window: UIWindow?
    private let id: Int, kind: TransitionEvent.Kind, name: String

    /// Marks a transition of `kind` showing `controller` beginning on `window`.
    init(_ kind: TransitionEvent.Kind, showing controller: UIViewController, on window: UIWindow?) {
        self.kind = kind
        name = String(describing: type(of: controller))
        self.window = window
        id = FrameMeter.current.beginTransition(kind, name: name, on: window)
    }

    /// The transition finished: its span ends in the frame being made.
    func finish() { end(.finished) }
    /// The transition was cancelled (an interactive pop let go too soon).
    func cancel() { end(.cancelled) }

    private func end(_ phase: TransitionEvent.Phase) {
        guard id != 0 else { return }
        FrameMeter.current.endTransition(id, kind, name: name, phase: phase, on: window)
    }
}

extension UIViewController {
    /// The window the controller's screen is in, or the one of the controller holding or
    /// presenting it (a screen being pushed or presented is not in it yet).
    var hostWindow: UIWindow? {
        viewIfLoaded?.window ?? parent?.hostWindow ?? presentingViewController?.hostWindow
    }
}
