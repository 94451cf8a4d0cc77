import Foundation
import InboxScreens
import UISim
import XCTest

/// The message screen, ported from iOS, replayed in XCTest: XCTest runs its tests on the main
/// thread, whose run loop serves the main actor, so the button's `Task { @MainActor in … }` runs
/// inside the replay, in the turn of the tap, as it would on an iPhone. (Swift Testing runs tests
/// on other threads: there the task would run after the replay.)
final class MessageScreenTests: XCTestCase {
    func testATapMarksTheMessageReadAndTheTaskUpdatesTheLabelInTheTapsFrame() throws {
        try MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let model = MessageViewModel(message: Message(sender: "Ada Lovelace", subject: "Re: build 1000 is green", unread: true))
            let screen = MessageViewController(model: model)
            let scene = Scene(name: "message", summary: "one message") { _ in screen }
            let device = UIScreen(model: .iPhone14)
            let window = scene.makeWindow(screen: device, settings: try scene.settings())
            XCTAssertEqual(screen.statusLabel.text, "Unread")
            XCTAssertEqual(screen.button.title(for: .normal), "Mark as Read")

            // A tap on the button (x 20–220, y 200–244): down at 0.5 s, up at 0.6 s, both vsyncs at 60 Hz.
            var trace = Trace()
            trace.tap(1, at: CGPoint(x: 120, y: 222), time: 0.5, duration: 0.1)
            let replay = Replay(window: window, clock: VirtualClock())
            var shownRead: TimeInterval?
            replay.afterFrame = { frame, _ in
                if shownRead == nil, screen.statusLabel.text == "Read" { shownRead = frame.vsync }
            }
            _ = try replay.run(trace)

            // The action ran at the lift; its task saved once and set the label before that
            // turn's commit, so the frame of the lift shows "Read". The view model retitled the button.
            XCTAssertEqual(shownRead, 0.6)
            XCTAssertEqual(model.saves, 1)
            XCTAssertFalse(model.message.unread)
            XCTAssertEqual(screen.statusLabel.text, "Read")
            XCTAssertEqual(screen.button.title(for: .normal), "Mark as Unread")
        }
    }
}
