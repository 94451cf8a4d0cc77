import Combine
import Dispatch
import Foundation
import RunLoop
import UIKit
import XCTest

/// Foundation's schedulers on the replay's clock: a loop on a virtual clock on XCTest's main
/// thread (the one thread whose loop serves the main queue), its timers standing in for a trace.
nonisolated final class SchedulerTests: XCTestCase {
    /// What the subscribers saw, with the loop's time.
    @MainActor final class Log {
        private(set) var all: [String] = []
        func add(_ entry: String) {
            // To the microsecond: a repeating timer adds its interval to its last date.
            all.append("\(entry)@\(EventRunLoop.current.map { "\(($0.clock.now * 1e6).rounded() / 1e6)" } ?? "-")")
        }
    }

    /// Runs `body` at `time` of `loop`'s clock.
    @MainActor private static func at(_ time: TimeInterval, on loop: EventRunLoop, mode: LoopMode = .common, _ body: @escaping () -> Void) {
        loop.add(LoopTimer(fireAt: time) { _ in body() }, forMode: mode)
    }

    func testDebounceOnTheMainQueueWaitsFiftyMillisecondsOfTheLoopsClock() {
        MainActor.assumeIsolated {
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock())
            let typed = PassthroughSubject<String, Never>()
            let subscription = typed.debounce(for: .milliseconds(50), scheduler: DispatchQueue.main).sink { log.add($0) }
            // Three keystrokes 20 ms apart, then a pause: one value, 50 ms after the last.
            Self.at(0.1, on: loop) { typed.send("h") }
            Self.at(0.12, on: loop) { typed.send("hi") }
            Self.at(0.14, on: loop) { typed.send("hi!") }
            Self.at(0.5, on: loop) { typed.send("later") }
            XCTAssertEqual(loop.run(), .finished)
            XCTAssertEqual(log.all, ["hi!@0.19", "later@0.55"])
            subscription.cancel()
        }
    }

    func testNowIsTheLoopsTimeInNanoseconds() {
        MainActor.assumeIsolated {
            let loop = EventRunLoop(clock: VirtualClock())
            var seen: [UInt64] = []
            var date: Date?
            Self.at(0.25, on: loop) {
                seen.append(DispatchQueue.main.now.dispatchTime.uptimeNanoseconds)
                seen.append(DispatchQueue.global().now.dispatchTime.uptimeNanoseconds)
                date = RunLoop.main.now.date
            }
            loop.run()
            XCTAssertEqual(seen, [250_000_000, 250_000_000])
            XCTAssertEqual(date?.timeIntervalSinceReferenceDate, 0.25)
            XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride.milliseconds(50).magnitude, 50_000_000)
            XCTAssertEqual(DispatchQueue.SchedulerTimeType.Stride(floatLiteral: 0.25).magnitude, 250_000_000, "a literal is in seconds")
            XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.milliseconds(50).magnitude, 0.05, accuracy: 1e-12)
        }
    }

    /// MessageKit's shape: a notification publisher subscribed on a global queue and received on
    /// the main queue. The subscription is made at once on the served thread, and the value
    /// arrives in the turn of the post, after it.
    func testANotificationSubscribedOnAGlobalQueueArrivesInTheSameTurn() {
        MainActor.assumeIsolated {
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock())
            let name = Notification.Name("SchedulerTests.changed")
            let center = NotificationCenter()
            let subscription = center.publisher(for: name)
                .subscribe(on: DispatchQueue.global())
                .receive(on: DispatchQueue.main)
                .sink { log.add("received \($0.name.rawValue)") }
            Self.at(0.3, on: loop) {
                center.post(name: name, object: nil)
                log.add("posted")
            }
            loop.run()
            XCTAssertEqual(log.all, ["posted@0.3", "received SchedulerTests.changed@0.3"])
            subscription.cancel()
            center.post(name: name, object: nil)
            XCTAssertEqual(log.all.count, 2, "a cancelled subscription hears nothing more")
        }
    }

    /// `receive(on: RunLoop.main)` is served in the default mode: while a finger is tracked the
    /// value waits, as on iOS; `DispatchQueue.main`'s does not.
    func testRunLoopMainHoldsValuesWhileTrackingAndTheMainQueueDoesNot() {
        MainActor.assumeIsolated {
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock())
            let values = PassthroughSubject<Int, Never>()
            let onRunLoop = values.receive(on: RunLoop.main).sink { log.add("runloop \($0)") }
            let onQueue = values.receive(on: DispatchQueue.main).sink { log.add("queue \($0)") }
            Self.at(0.2, on: loop) {
                loop.pushMode(.tracking)
                values.send(1)
            }
            Self.at(0.6, on: loop) { loop.popMode() }
            loop.run()
            XCTAssertEqual(log.all, ["queue 1@0.2", "runloop 1@0.6"])
            onRunLoop.cancel()
            onQueue.cancel()
        }
    }

    func testARepeatingScheduleRunsOnTheLoopUntilCancelled() {
        MainActor.assumeIsolated {
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock())
            var ticker: Cancellable?
            Self.at(0, on: loop) {
                let main = DispatchQueue.main
                ticker = main.schedule(after: main.now.advanced(by: .milliseconds(100)), interval: .milliseconds(100)) { log.add("tick") }
            }
            Self.at(0.35, on: loop) { ticker?.cancel() }
            loop.run()
            XCTAssertEqual(log.all, ["tick@0.1", "tick@0.2", "tick@0.3"])
        }
    }

    /// Key-value observing's publisher: the value now, then each change of a view's center.
    func testAViewsCenterPublisher() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 40))
            var centers: [CGPoint] = []
            let subscription = view.publisher(for: \.center).sink { centers.append($0) }
            view.center.y = 80
            view.frame.origin.y = 100   // setFrame: tells "frame" observers, not "center" ones, as on iOS
            subscription.cancel()
            view.center.y = 0
            XCTAssertEqual(centers, [CGPoint(x: 50, y: 20), CGPoint(x: 50, y: 80)])
        }
    }

    /// `@Published` and its projected publisher, as a view model declares them.
    func testPublishedPropertyPublishesEachNewValue() {
        final class State { @Published var kind = "messageInputBar" }
        let state = State()
        var kinds: [String] = []
        let subscription = state.$kind.sink { kinds.append($0) }
        state.kind = "custom"
        XCTAssertEqual(kinds, ["messageInputBar", "custom"])
        subscription.cancel()
    }
}
