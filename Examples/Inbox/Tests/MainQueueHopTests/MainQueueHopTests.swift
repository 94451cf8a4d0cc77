import UISim
import XCTest

/// A client's test exactly as an app team writes it: a Swift 5 language-mode test target that
/// depends on the `UISim` product, an XCTest test whose body is `MainActor.assumeIsolated`, and a
/// replay through `Replay(window:)` with its default clock (virtual, measuring the app's work).
/// A view that hops to the main queue and to the main actor while handling a touch: both hops run
/// inside the replay, in the turn of the touch, before the lift. (Before uisim 0.1's fix this
/// replay never returned: the loop's "now" was always a little earlier than the main queue's, so
/// the queue was never served and the loop spun.)
final class Hopper: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        log.append("began")
        DispatchQueue.main.async { self.log.append("main queue") }
        Task { @MainActor in self.log.append("main actor") }
    }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
}

final class MainQueueHopTests: XCTestCase {
    func testBothHopsRunInsideTheReplayBeforeTheLift() throws {
        try MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let w = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            let v = Hopper(frame: w.bounds); w.addSubview(v); w.makeKeyAndVisible()
            var t = Trace(); t.down(1, at: CGPoint(x: 100, y: 100), time: 0); t.up(1, time: 0.5)
            let result = try Replay(window: w).run(t)
            XCTAssertEqual(v.log, ["began", "main queue", "main actor", "ended"])
            XCTAssertEqual(result.touches.began, 1)
            XCTAssertEqual(result.touches.ended, 1)
        }
    }
}
