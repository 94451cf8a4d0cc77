import CMainQueue
import Foundation

// The one file that calls libdispatch's run-loop hooks (CMainQueue).

/// The main dispatch queue, served by the run loop of the main thread as `CFRunLoop` serves it on
/// iOS: a block given to `DispatchQueue.main` and a job of the main actor (`Task { @MainActor in … }`,
/// a continuation resuming there) run inside the loop's turn, on its clock, in the common modes
/// only (as on iOS: not while the loop runs in a private mode).
///
/// Only the process's main thread can serve it (libdispatch binds the queue to that thread), so a
/// loop on another thread leaves it alone: blocks queued there wait for the main thread's loop,
/// or for libdispatch's own threads after `dispatch_main()` (where Swift Testing runs
/// `@MainActor` tests). `uisim`, an app's own command line and XCTest run on the main thread.
public enum MainQueue {
    /// Whether the calling thread is the one that can serve the main queue.
    public static var isServiceableHere: Bool { uisim_main_queue_is_main_thread() != 0 }
}

/// The main queue as an input source of the main thread's loop: ready whenever the queue holds
/// work (the loop then does not let time pass before it runs it); on a clock that really waits,
/// libevent watches the queue's descriptor, so a block queued by another thread wakes the loop.
/// Performed after every other source of the same pass, so a block queued by a touch handler
/// runs in the same turn, before the timers and before Core Animation's commit.
final class MainQueueSource: LoopSource {
    init() {
        precondition(MainQueue.isServiceableHere, "only the main thread can serve the main queue")
        super.init(order: .max)
    }

    /// Ready whenever the queue holds work: a condition, not a time. (It was `readyTime = now`,
    /// and on a clock that measures work, the loop's "now" taken before asking was always a little
    /// earlier than the source's, so the source was never performed and the loop spun.)
    override var isReady: Bool {
        uisim_main_queue_has_work() != 0
    }

    override func perform() {
        uisim_main_queue_drain()
    }

    override func didAttach(to loop: EventRunLoop) {
        guard loop.clock.waitsInRealTime else { return }   // a virtual clock only looks (isReady)
        signalWhenReadable(uisim_main_queue_descriptor(), on: loop)
    }
}
