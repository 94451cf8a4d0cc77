import Foundation
@testable import RunLoop
import Testing

@Suite struct TimerTests {
    @Test func timersFireInOrderAtTheirTimes() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var log: [String] = []
        loop.add(LoopTimer(fireAt: 0.3) { _ in log.append("c@\(clock.now)") }, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.1) { _ in log.append("a@\(clock.now)") }, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.1) { _ in log.append("b@\(clock.now)") }, forMode: .default)
        #expect(loop.run() == .finished)
        #expect(log == ["a@0.1", "b@0.1", "c@0.3"])
        #expect(clock.now == 0.3)
    }

    @Test func repeatingTimerUntilADeadline() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var times: [TimeInterval] = []
        loop.scheduledTimer(withTimeInterval: 0.125, repeats: true) { _ in times.append(clock.now) }
        #expect(loop.run(until: 0.6) == .timedOut)
        #expect(times == [0.125, 0.25, 0.375, 0.5])
        #expect(clock.now == 0.6)
    }

    @Test func repeatingTimerSkipsWhatASlowBlockOverran() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var times: [TimeInterval] = []
        loop.scheduledTimer(withTimeInterval: 0.25, repeats: true) { timer in
            times.append(clock.now)
            if times.count == 1 { clock.advance(by: 0.6) }   // work overruns 0.5 and 0.75
            if times.count == 3 { timer.invalidate() }
        }
        loop.run()
        #expect(times == [0.25, 1.0, 1.25])
    }

    @Test func toleranceCoalescesWakeUps() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var times: [TimeInterval] = []
        let early = LoopTimer(fireAt: 1.0) { _ in times.append(clock.now) }
        early.tolerance = 0.5
        loop.add(early, forMode: .default)
        loop.add(LoopTimer(fireAt: 1.25) { _ in times.append(clock.now) }, forMode: .default)
        loop.run()
        #expect(times == [1.25, 1.25])
    }

    @Test func invalidatedTimerNeverFires() {
        let loop = EventRunLoop(clock: VirtualClock())
        var fired = false
        let timer = LoopTimer(fireAt: 1) { _ in fired = true }
        loop.add(timer, forMode: .default)
        timer.invalidate()
        #expect(loop.run() == .finished && !fired && !timer.isValid)
    }
}

@Suite struct ModeTests {
    /// A default-mode timer due at 0.1 waits while the loop tracks (0.05 to 0.3), then fires at
    /// once; a common-mode timer fires in both modes.
    @Test func defaultModeTimerWaitsWhileTracking() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var log: [String] = []
        loop.add(LoopTimer(fireAt: 0.05) { _ in loop.pushMode(.tracking); log.append("track@0.05") }, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.1) { _ in log.append("default@\(clock.now) in \(loop.currentMode!.rawValue)") }, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.2) { _ in log.append("common@\(clock.now)") }, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.3) { _ in loop.popMode(); log.append("untrack@0.3") }, forMode: .common)
        loop.run()
        #expect(log == ["track@0.05", "common@0.2", "untrack@0.3", "default@0.3 in kCFRunLoopDefaultMode"])
    }

    @Test func trackingOnlyTimerWaitsOutsideTracking() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var fired: [TimeInterval] = []
        loop.add(LoopTimer(fireAt: 0.1) { _ in fired.append(clock.now) }, forMode: .tracking)
        #expect(loop.run(until: 1) == .timedOut)
        #expect(fired.isEmpty)
    }
}

@Suite struct ObserverTests {
    @Test func activitiesComeInTurnOrder() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var log: [String] = []
        loop.add(LoopObserver(activities: .allActivities) { _, activity in log.append(activity.description) }, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.5) { _ in log.append("timer") }, forMode: .default)
        loop.run()
        #expect(log == ["entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting",
                        "beforeTimers", "timer", "beforeSources", "beforeWaiting", "exit"])
    }

    @Test func orderDecidesAndOneShotObserversGoAway() {
        let loop = EventRunLoop(clock: VirtualClock())
        var log: [String] = []
        loop.add(LoopObserver(activities: .beforeWaiting, order: LoopObserver.coreAnimationCommitOrder) { _, _ in log.append("commit") }, forMode: .common)
        loop.add(LoopObserver(activities: .beforeWaiting, order: 10) { _, _ in log.append("10") }, forMode: .default)
        loop.add(LoopObserver(activities: .beforeWaiting, repeats: false, order: -5) { _, _ in log.append("once") }, forMode: .default)
        loop.add(LoopObserver(activities: .beforeWaiting, order: 10) { _, _ in log.append("10b") }, forMode: .default)
        loop.add(LoopTimer(fireAt: 1) { _ in }, forMode: .default)
        loop.run()
        #expect(log == ["once", "10", "10b", "commit", "10", "10b", "commit"])
    }

    @Test func stopReturnsAfterTheTurnsCommit() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var log: [String] = []
        loop.add(LoopObserver(activities: .beforeWaiting) { _, _ in log.append("commit@\(clock.now)") }, forMode: .default)
        loop.add(LoopTimer(fireAt: 1) { _ in log.append("stop"); loop.stop() }, forMode: .default)
        loop.add(LoopTimer(fireAt: 2) { _ in log.append("never") }, forMode: .default)
        #expect(loop.run() == .stopped)
        #expect(log == ["commit@0.0", "stop", "commit@1.0"])
    }
}

@Suite struct SourceTests {
    final class ScheduledSource: LoopSource {
        var times: [TimeInterval]
        var performedAt: [TimeInterval] = []
        let clock: LoopClock
        init(times: [TimeInterval], clock: LoopClock) {
            self.times = times
            self.clock = clock
            super.init()
        }
        override var readyTime: TimeInterval? { times.first }
        override func perform() {
            performedAt.append(clock.now)
            times.removeFirst()
        }
    }

    @Test func timedSourceRunsBeforeTimersOfTheSameTurn() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var log: [String] = []
        let source = ScheduledSource(times: [0, 0.5], clock: clock)
        loop.add(source, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.5) { _ in log.append("timer, source ran \(source.performedAt.count)×") }, forMode: .default)
        #expect(loop.run() == .finished)
        #expect(source.performedAt == [0, 0.5])
        #expect(log == ["timer, source ran 2×"])
    }

    /// A stopwatch that moves 1 µs each time it is read, as a real one moves while the loop looks.
    final class TickingStopwatch: Stopwatch {
        private var now: UInt64 = 0
        func nanoseconds() -> UInt64 {
            now += 1_000
            return now
        }
    }

    /// The main queue's old shape: ready "now", asked after the loop took its own "now".
    final class ReadyNowSource: LoopSource {
        let clock: LoopClock
        var performed = 0
        init(clock: LoopClock) {
            self.clock = clock
            super.init()
        }
        override var readyTime: TimeInterval? { clock.now }
        override func perform() { performed += 1 }
    }

    /// A source that says it has work now, performed in the turn, on a clock that moves while the
    /// loop looks (the replay's default clock measures work).
    final class ConditionSource: LoopSource {
        var pending: Int
        var performedAt: [TimeInterval] = []
        let clock: LoopClock
        init(pending: Int, clock: LoopClock) {
            self.pending = pending
            self.clock = clock
            super.init()
        }
        override var isReady: Bool { pending > 0 }
        override func perform() {
            performedAt.append(clock.now)
            pending -= 1
        }
    }

    @Test func aReadySourceRunsOnAClockThatMovesWhileTheLoopLooks() {
        let clock = VirtualClock(measuresWork: true, stopwatch: TickingStopwatch())
        let loop = EventRunLoop(clock: clock)
        let source = ConditionSource(pending: 3, clock: clock)
        loop.add(source, forMode: .common)
        #expect(loop.run() == .finished)
        #expect(source.performedAt.count == 3)
        #expect(source.performedAt == source.performedAt.sorted())
    }

    /// Told again and again that a source is ready now and finding it is not: the loop stops and
    /// names it (it used to spin on a core forever: the main queue in a client's XCTest).
    @Test func aLoopToldOfWorkItNeverFindsStopsAndSaysWhat() {
        let clock = VirtualClock(measuresWork: true, stopwatch: TickingStopwatch())
        let loop = EventRunLoop(clock: clock)
        let source = ReadyNowSource(clock: clock)
        loop.add(source, forMode: .common)
        let result = loop.run()
        guard case .stalled(let what) = result else {
            Issue.record("expected a stalled loop, got \(result)")
            return
        }
        #expect(what.contains("ReadyNowSource"))
        #expect(what.contains("2 turns in a row"))
        #expect(source.performed == 0)
    }

    @Test func signalledSourceRunsOnTheNextTurn() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var performed: [TimeInterval] = []
        let source = LoopSource { performed.append(clock.now) }
        loop.add(source, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.25) { _ in source.signal() }, forMode: .default)
        loop.run()
        #expect(performed == [0.25])
    }

    /// The loop's logic (modes, timers, observers, sources, display links) runs on a virtual clock
    /// with no libevent underneath; watching a descriptor is what brings it in.
    @Test func aVirtualClockLoopTouchesLibeventOnlyToWatchADescriptor() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        let source = ScheduledSource(times: [0.1], clock: clock)
        loop.add(source, forMode: .common)
        let signalled = LoopSource {}
        loop.add(signalled, forMode: .default)
        var ticks = 0
        let link = CADisplayLink { link in
            ticks += 1
            if ticks == 3 { link.invalidate() }
        }
        link.add(to: loop, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.2) { _ in signalled.signal() }, forMode: .default)
        loop.add(LoopObserver(activities: .allActivities) { _, _ in }, forMode: .common)
        #expect(loop.run() == .finished)
        #expect(ticks == 3 && source.performedAt == [0.1] && clock.now == 0.2)
        #expect(!loop.usesLibevent)

        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        loop.add(FileDescriptorSource(fileDescriptor: fds[0]) { _ in }, forMode: .default)
        #expect(loop.usesLibevent)
    }

    @Test func fileDescriptorSourceReadsAPipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var received: [UInt8] = []
        let source = FileDescriptorSource(fileDescriptor: fds[0]) { fd in
            var byte: UInt8 = 0
            if read(fd, &byte, 1) == 1 { received.append(byte) }
        }
        loop.add(source, forMode: .default)
        var one: UInt8 = 42
        loop.add(LoopTimer(fireAt: 0.5) { _ in _ = write(fds[1], &one, 1) }, forMode: .default)
        loop.add(LoopTimer(fireAt: 1.0) { _ in source.invalidate() }, forMode: .default)
        loop.run()
        #expect(received == [42])
    }

    @Test func realClockWakesForInputWithoutWaitingForTheDeadline() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let loop = EventRunLoop(clock: RealClock())
        var byte: UInt8 = 7
        _ = write(fds[1], &byte, 1)
        var got: UInt8 = 0
        loop.add(FileDescriptorSource(fileDescriptor: fds[0]) { fd in _ = read(fd, &got, 1); loop.stop() }, forMode: .default)
        #expect(loop.run(until: 60) == .stopped)
        #expect(got == 7)
        #expect(loop.clock.now < 30)
    }

    @Test func sigintReachesASignalSource() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var interrupted: TimeInterval?
        let source = SignalSource(signal: SIGINT) { interrupted = clock.now; loop.stop() }
        loop.add(source, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.5) { _ in raise(SIGINT) }, forMode: .default)
        loop.add(LoopTimer(fireAt: 5) { _ in }, forMode: .default)
        #expect(withSIGINTUnblocked { loop.run() } == .stopped)
        source.invalidate()
        #expect(interrupted == 0.5)
    }

    /// Two loops watch SIGINT at once, one running inside a timer of the other (libevent alone
    /// gives every signal to the last base that asked): a SIGINT raised by the inner loop's timer
    /// at 0.5 s on its clock stops it there, and the outer loop, watching on the same thread,
    /// sees it too when the inner returns, at its own 0.25 s.
    @Test func nestedLoopsBothWatchASignalAndARaiseReachesBoth() {
        let outerClock = VirtualClock(), innerClock = VirtualClock()
        let outer = EventRunLoop(clock: outerClock)
        var outerInterrupted: TimeInterval?, innerInterrupted: TimeInterval?
        let outerSource = SignalSource(signal: SIGINT) { outerInterrupted = outerClock.now; outer.stop() }
        outer.add(outerSource, forMode: .common)
        outer.add(LoopTimer(fireAt: 0.25) { _ in
            let inner = EventRunLoop(clock: innerClock)
            let innerSource = SignalSource(signal: SIGINT) { innerInterrupted = innerClock.now; inner.stop() }
            inner.add(innerSource, forMode: .common)
            inner.add(LoopTimer(fireAt: 0.5) { _ in raise(SIGINT) }, forMode: .default)
            inner.add(LoopTimer(fireAt: 1) { _ in }, forMode: .default)
            #expect(inner.run() == .stopped)
            innerSource.invalidate()
        }, forMode: .default)
        outer.add(LoopTimer(fireAt: 2) { _ in }, forMode: .default)
        #expect(withSIGINTUnblocked { outer.run() } == .stopped)
        outerSource.invalidate()
        #expect(innerInterrupted == 0.5 && innerClock.now == 0.5)
        #expect(outerInterrupted == 0.25 && outerClock.now == 0.25)
    }
}

/// The signal relay under the loops: watches on two threads at once. A signal raised on one
/// thread reaches that thread's watch only.
@Suite struct SignalRelayTests {
    @Test nonisolated func aRaiseReachesOnlyTheWatchesOfItsThread() {
        final class Outcome: @unchecked Sendable {   // written by one thread, read after join
            var received = false
        }
        @Sendable func watch(raising: Bool, outcome: Outcome, bothWatching: DispatchGroup, bothRaised: DispatchGroup) {
            withSIGINTUnblocked {
                let watch = SignalWatch(signal: SIGINT)
                bothWatching.leave()
                bothWatching.wait()   // both watch before either raises
                if raising { raise(SIGINT) }
                bothRaised.leave()
                bothRaised.wait()
                var pollfd = pollfd(fd: watch?.readEnd ?? -1, events: Int16(POLLIN), revents: 0)
                outcome.received = poll(&pollfd, 1, 0) == 1
                watch?.cancel()
            }
        }
        for (first, second) in [(true, false), (true, true)] {
            let a = Outcome(), b = Outcome()
            let bothWatching = DispatchGroup(), bothRaised = DispatchGroup(), done = DispatchGroup()
            for _ in 0..<2 {
                bothWatching.enter()
                bothRaised.enter()
            }
            for (raising, outcome) in [(first, a), (second, b)] {
                done.enter()
                Thread { watch(raising: raising, outcome: outcome, bothWatching: bothWatching, bothRaised: bothRaised); done.leave() }.start()
            }
            done.wait()
            #expect(a.received == first && b.received == second)
        }
    }
}

@Suite struct DisplayLinkTests {
    @Test func ticksOnTheVsyncGrid() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var stamps: [(TimeInterval, TimeInterval)] = []
        let link = CADisplayLink { link in stamps.append((link.timestamp, link.targetTimestamp)) }
        link.add(to: loop, forMode: .common)
        loop.run(until: 0.06)
        let expected: [TimeInterval] = [0, 1.0 / 60, 2.0 / 60, 3.0 / 60]
        #expect(stamps.map(\.0) == expected)
        #expect(stamps.allSatisfy { abs($0.1 - $0.0 - 1.0 / 60) < 1e-12 })
        #expect(link.duration == 1.0 / 60 && link.maximumFramesPerSecond == 60)
    }

    /// UIKit's spelling, `add(to: .main, forMode:)`: a link added while no loop runs waits and
    /// ticks from the start of the next loop run on this thread; one added while a loop runs joins
    /// it; one removed before does not tick.
    @Test func foundationsSpellingJoinsTheLoopThatRuns() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var early: [TimeInterval] = [], late: [TimeInterval] = []
        let waiting = CADisplayLink { early.append($0.timestamp) }
        waiting.add(to: .main, forMode: .common)
        let removed = CADisplayLink { _ in Issue.record("a removed link ticked") }
        removed.add(to: .main, forMode: .default)
        removed.remove(from: .main, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.03) { _ in
            CADisplayLink { late.append($0.timestamp) }.add(to: .current, forMode: .default)
        }, forMode: .default)
        loop.run(until: 0.06)
        let expectedEarly: [TimeInterval] = [0, 1.0 / 60, 2.0 / 60, 3.0 / 60]
        let expectedLate: [TimeInterval] = [2.0 / 60, 3.0 / 60]   // the first vsync at or after 0.03 s
        #expect(early == expectedEarly && late == expectedLate)
        waiting.invalidate()
        #expect(RunLoop.Mode.tracking.rawValue == LoopMode.tracking.rawValue)
    }

    @Test func proMotionAndPreferredRate() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        loop.refreshRate = 120
        var fast: [TimeInterval] = [], half: [TimeInterval] = []
        CADisplayLink { fast.append($0.timestamp) }.add(to: loop, forMode: .common)
        let thirty = CADisplayLink { half.append($0.timestamp) }
        thirty.preferredFramesPerSecond = 30
        thirty.add(to: loop, forMode: .common)
        loop.run(until: 0.045)
        #expect(fast == (0...5).map { Double($0) / 120 })
        let expectedHalf: [TimeInterval] = [0, 4.0 / 120]
        #expect(half == expectedHalf)
    }

    /// A frame whose work takes 20 ms at 60 Hz misses the next vsync: the link's next tick is the
    /// one after.
    @Test func slowFrameSkipsAVsync() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var stamps: [TimeInterval] = []
        CADisplayLink { link in
            stamps.append(link.timestamp)
            if stamps.count == 2 { clock.advance(by: 0.020) }
        }.add(to: loop, forMode: .common)
        loop.run(until: 0.07)
        let expected: [TimeInterval] = [0, 1.0 / 60, 3.0 / 60, 4.0 / 60]
        #expect(stamps == expected)
    }

    @Test func pausedLinkWaitsAndResumesOnTheGrid() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var stamps: [TimeInterval] = []
        let link = CADisplayLink { stamps.append($0.timestamp) }
        link.add(to: loop, forMode: .common)
        loop.add(LoopTimer(fireAt: 0.02) { _ in link.isPaused = true }, forMode: .default)
        loop.add(LoopTimer(fireAt: 0.07) { _ in link.isPaused = false }, forMode: .default)
        loop.run(until: 0.09)
        let expected: [TimeInterval] = [0, 1.0 / 60, 5.0 / 60]
        #expect(stamps == expected)
        link.invalidate()
        #expect(loop.run(until: 1) == .timedOut)
        #expect(stamps.count == 3)
    }
}

@Suite struct MissedVsyncTests {
    /// Work after the display link's callback (the commit) overruns two vsyncs: the next tick
    /// is the first vsync after the work, not a late one for a vsync already gone.
    @Test func workAfterTheCallbackSkipsMissedVsyncs() {
        let clock = VirtualClock()
        let loop = EventRunLoop(clock: clock)
        var stamps: [TimeInterval] = []
        var costly = true
        CADisplayLink { link in stamps.append(link.timestamp) }.add(to: loop, forMode: .common)
        loop.add(LoopObserver(activities: .beforeWaiting) { _, _ in
            if costly && clock.now >= 0.1 - 1e-9 { clock.advance(by: 0.040); costly = false }
        }, forMode: .default)
        loop.run(until: 0.2)
        let frames = stamps.map { Int(($0 * 60).rounded()) }
        #expect(frames == [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12])
    }
}

/// Runs `body` with SIGINT unblocked on this thread, then blocks it again if it was. Test threads
/// (dispatch workers) block asynchronous signals; unblocked, `raise()` runs the signal relay's
/// handler synchronously, as Ctrl-C does on the command line's main thread.
nonisolated func withSIGINTUnblocked<R>(_ body: () throws -> R) rethrows -> R {
    var sigint = sigset_t(), previous = sigset_t()
    sigemptyset(&sigint)
    sigaddset(&sigint, SIGINT)
    pthread_sigmask(SIG_UNBLOCK, &sigint, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
}
