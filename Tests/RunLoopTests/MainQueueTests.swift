import Dispatch
import Foundation
@testable import RunLoop
import XCTest

/// The main thread's loop serves the main queue as `CFRunLoop` does on iOS. XCTest, unlike Swift
/// Testing, runs its tests on the process's main thread, the one thread that can serve it.
nonisolated final class MainQueueTests: XCTestCase {
    /// What blocks, timers and observers saw, with the loop's time.
    @MainActor final class Log {
        private(set) var all: [String] = []
        func add(_ entry: String) {
            let time = EventRunLoop.current.map { "\($0.clock.now)" } ?? "-"
            all.append("\(entry)@\(time)")
        }
    }

    /// A loop on a virtual clock whose Core Animation commits `log` notes.
    @MainActor private static func committingLoop(logTo log: Log) -> EventRunLoop {
        let loop = EventRunLoop(clock: VirtualClock())
        loop.add(LoopObserver(activities: .beforeWaiting, order: LoopObserver.coreAnimationCommitOrder) { _, _ in log.add("commit") },
                 forMode: .common)
        return loop
    }

    override func setUp() {
        XCTAssertTrue(MainQueue.isServiceableHere, "XCTest runs on the main thread")
    }

    func testABlockQueuedByATimerRunsInTheSameTurnBeforeTheCommit() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = Self.committingLoop(logTo: log)
            loop.add(LoopTimer(fireAt: 0.5) { _ in
                log.add("timer")
                DispatchQueue.main.async { log.add("block") }
            }, forMode: .default)
            XCTAssertEqual(loop.run(), .finished)
            XCTAssertEqual(log.all, ["commit@0.0", "timer@0.5", "block@0.5", "commit@0.5"])
            XCTAssertFalse(loop.usesLibevent, "a virtual clock looks at the queue; it needs no watcher")
        }
    }

    func testABlockQueuedByABlockRunsAfterTheNextCommitWithNoTimePassing() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = Self.committingLoop(logTo: log)
            loop.add(LoopTimer(fireAt: 0.25) { _ in
                DispatchQueue.main.async {
                    log.add("first")
                    DispatchQueue.main.async { log.add("second") }
                }
            }, forMode: .default)
            loop.run()
            // As on iOS, a block that queues another does not starve the commit.
            XCTAssertEqual(log.all, ["commit@0.0", "first@0.25", "commit@0.25", "second@0.25", "commit@0.25"])
        }
    }

    /// The replay's default clock measures the app's work, so it moves while the loop looks: the
    /// queue is served all the same (it was never served there, and the loop spun).
    func testTheQueueIsServedOnAClockThatMeasuresWork() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock(measuresWork: true))
            loop.add(LoopTimer(fireAt: 0.5) { _ in
                DispatchQueue.main.async { log.add("block") }
                Task { @MainActor in log.add("task") }
            }, forMode: .default)
            XCTAssertEqual(loop.run(), .finished)
            XCTAssertEqual(log.all.map { $0.prefix { $0 != "@" } }, ["block", "task"])
        }
    }

    func testAMainActorTaskStartedByATimerRunsInTheSameTurn() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = Self.committingLoop(logTo: log)
            loop.add(LoopTimer(fireAt: 1) { _ in
                log.add("timer")
                Task { @MainActor in log.add("task") }
            }, forMode: .default)
            loop.run()
            XCTAssertEqual(log.all, ["commit@0.0", "timer@1.0", "task@1.0", "commit@1.0"])
        }
    }

    func testTheQueueWaitsWhileTheLoopRunsInAPrivateModeAndIsServedInTheTrackingMode() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = EventRunLoop(clock: VirtualClock())
            let mine = LoopMode("private")
            loop.add(LoopTimer(fireAt: 0.5) { _ in
                DispatchQueue.main.async { log.add("queued in private mode") }
            }, forMode: mine)
            loop.add(LoopTimer(fireAt: 1) { _ in log.add("timer") }, forMode: mine)
            loop.run(mode: mine)
            XCTAssertEqual(log.all, ["timer@1.0"])
            // In a common mode (tracking is one: a scroll view's drag), the block runs at once.
            loop.run(mode: .tracking)
            XCTAssertEqual(log.all, ["timer@1.0", "queued in private mode@1.0"])
        }
    }

    func testABlockQueuedByAnotherThreadWakesALoopWaitingInRealTime() {
        MainActor.assumeIsolated {   // XCTest runs it on the main thread
            let log = Log()
            let loop = EventRunLoop(clock: RealClock())
            loop.add(LoopTimer(fireAt: 0) { _ in
                Thread.detachNewThread {
                    DispatchQueue.main.async {
                        log.add("block")
                        EventRunLoop.current?.stop()
                    }
                }
            }, forMode: .default)
            // Nothing else to wake it before a minute: the queue's descriptor does.
            XCTAssertEqual(loop.run(until: 60), .stopped)
            XCTAssertEqual(log.all.count, 1)
            XCTAssertLessThan(loop.clock.now, 60)
            XCTAssertTrue(loop.usesLibevent)
        }
    }
}
