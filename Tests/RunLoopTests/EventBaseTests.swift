@testable import RunLoop
import Testing

@Suite struct EventBaseTests {
    @Test func zeroTimeoutTimerFiresOnThePass() {
        let base = EventBase()
        var fired = 0
        let timer = EventTimer(base: base) { fired += 1 }
        timer.schedule(after: 0)
        base.runOnce()
        #expect(fired == 1)
        #expect(!base.method.isEmpty && !libeventVersion.isEmpty)
    }

    @Test func cancelledTimerDoesNotFire() {
        let base = EventBase()
        var fired = 0
        let timer = EventTimer(base: base) { fired += 1 }
        timer.schedule(after: 0)
        timer.cancel()
        base.runOnce(nonBlocking: true)
        #expect(fired == 0)
    }
}
