import Foundation
import Replay
import RunLoop
import Testing
import UIKitTestSupport
import Traces
@testable import UIKit

// Target–action by selector through a whole replay, as a 2019 app's screen uses it: a tap
// recognizer's action, a button's, and a delayed perform on the run loop's clock (in its default
// mode: it waits while a scroll view tracks).

/// A screen's controller written as `uisim port` leaves `#selector` code.
final class SelectorScreen: UIResponder {
    let clock: VirtualClock
    var log: [String] = []
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let button = UIButton(frame: CGRect(x: 20, y: 600, width: 200, height: 44))

    init(clock: VirtualClock) {
        self.clock = clock
        super.init()
        let tap = UITapGestureRecognizer(target: self, action: Selector("viewTapped:", SelectorScreen.viewTapped(_:)))
        view.addGestureRecognizer(tap)
        view.addSubview(button)
        button.addTarget(self, action: Selector("buttonTapped:event:", SelectorScreen.buttonTapped(_:event:)), for: .touchUpInside)
    }

    private func note(_ text: String) { log.append("\(text)@\(String(format: "%.3f", clock.now))") }

    func viewTapped(_ recognizer: UITapGestureRecognizer) {
        note("tap \(recognizer.state)")
        perform(Selector("refresh", SelectorScreen.refresh), with: nil, afterDelay: 0.25)
    }

    func buttonTapped(_ sender: UIButton, event: UIEvent) {
        note("button \(event.allTouches?.count ?? 0)")
        // A second tap on the button within the delay cancels the pending refresh.
        NSObject.cancelPreviousPerformRequests(withTarget: self)
    }

    func refresh() { note("refresh") }
}

@Suite struct TargetActionReplayTests {
    @Test func aRecognizersActionRunsAndItsDelayedPerformFiresOnTheLoopsClock() throws {
        let window = makeWindow()
        let clock = VirtualClock()
        let screen = SelectorScreen(clock: clock)
        window.addSubview(screen.view)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0, duration: 0.1)
        trace.down(2, at: CGPoint(x: 300, y: 300), time: 0.5)     // keeps the replay going past the refresh
        trace.up(2, time: 0.6)
        _ = try Replay(window: window, clock: clock).run(trace)
        #expect(screen.log.first == "tap ended@0.100")
        #expect(screen.log.contains("refresh@0.350"))
    }

    @Test func cancelPreviousPerformRequestsStopsThePendingOne() throws {
        let window = makeWindow()
        let clock = VirtualClock()
        let screen = SelectorScreen(clock: clock)
        window.addSubview(screen.view)
        var trace = Trace()
        trace.tap(1, at: CGPoint(x: 100, y: 100), time: 0, duration: 0.1)          // schedules a refresh at 0.35
        trace.tap(2, at: CGPoint(x: 120, y: 620), time: 0.2, duration: 0.05)       // the button: cancels it
        trace.down(3, at: CGPoint(x: 300, y: 300), time: 0.5)
        trace.up(3, time: 0.6)
        _ = try Replay(window: window, clock: clock).run(trace)
        // The button's tap is the button's: the view's tap recognizer does not begin on it.
        #expect(Array(screen.log.prefix(3)) == ["tap ended@0.100", "button 1@0.250", "tap ended@0.600"])
        #expect(!screen.log.contains("refresh@0.350"))
    }
}
