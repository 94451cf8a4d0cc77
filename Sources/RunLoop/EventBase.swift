import CLibevent

// The one file that calls libevent. The run loop (modes, timers, observers, sources) is built on
// these types; nothing else in uisim touches libevent.

/// A libevent `event_base`: the readiness and timer multiplexer under a run loop.
///
/// Created with `EVENT_BASE_FLAG_PRECISE_TIMER` so that timers keep the screen's 60/120 Hz pace.
package final class EventBase {
    let base: OpaquePointer

    package init() {
        let config = event_config_new()!
        event_config_set_flag(config, Int32(EVENT_BASE_FLAG_PRECISE_TIMER.rawValue))
        guard let base = event_base_new_with_config(config) else {
            event_config_free(config)
            preconditionFailure("libevent could not create an event base")
        }
        event_config_free(config)
        self.base = base
    }

    deinit {
        event_base_free(base)
    }

    /// The backend libevent chose, such as "epoll".
    package var method: String { String(cString: event_base_get_method(base)) }

    /// Runs one pass: waits for the first active event (or returns at once with `nonBlocking`)
    /// and runs the callbacks of everything active. Returns false when no events are pending.
    @discardableResult
    package func runOnce(nonBlocking: Bool = false) -> Bool {
        let flags = EVLOOP_ONCE | (nonBlocking ? EVLOOP_NONBLOCK : 0)
        return event_base_loop(base, Int32(flags)) == 0
    }

    /// Makes the current `runOnce` return after the callbacks now running finish.
    package func breakLoop() {
        event_base_loopbreak(base)
    }
}

/// A one-shot libevent timer whose callback is a Swift closure.
package final class EventTimer {
    private let box: Box
    private var event: OpaquePointer?

    private final class Box {
        let fire: () -> Void
        init(_ fire: @escaping () -> Void) { self.fire = fire }
    }

    /// A timer on `base` that calls `fire` each time it expires after `schedule(after:)`.
    package init(base: EventBase, fire: @escaping () -> Void) {
        box = Box(fire)
        event = event_new(base.base, -1, 0, { _, _, context in
            Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().fire()
        }, Unmanaged.passUnretained(box).toOpaque())
    }

    deinit {
        if let event {
            event_free(event)
        }
    }

    /// Arms the timer to fire once, `seconds` from now (re-arming replaces the previous time).
    package func schedule(after seconds: Double) {
        let whole = seconds.rounded(.down)
        var tv = timeval(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000))
        event_add(event, &tv)
    }

    /// Disarms the timer.
    package func cancel() {
        event_del(event)
    }
}

/// The version of the libevent library uisim is linked with, such as "2.1.12-stable".
public var libeventVersion: String { String(cString: event_get_version()) }

/// A persistent libevent event on a file descriptor becoming readable, whose callback is a
/// Swift closure. Active from creation until `cancel()` or deinit.
package final class EventWatcher {
    package enum Kind {
        /// The descriptor has data to read (or reached end of file).
        case readable(Int32)
    }

    private final class Box {
        let fire: () -> Void
        init(_ fire: @escaping () -> Void) { self.fire = fire }
    }

    private let box: Box
    private var event: OpaquePointer?

    package init(base: EventBase, kind: Kind, fire: @escaping () -> Void) {
        box = Box(fire)
        let (fd, flags): (Int32, Int32) = switch kind {
        case .readable(let fd): (fd, Int32(EV_READ | EV_PERSIST))
        }
        event = event_new(base.base, fd, Int16(flags), { _, _, context in
            Unmanaged<Box>.fromOpaque(context!).takeUnretainedValue().fire()
        }, Unmanaged.passUnretained(box).toOpaque())
        event_add(event, nil)
    }

    deinit {
        cancel()
    }

    /// Stops watching.
    package func cancel() {
        guard let event else { return }
        event_del(event)
        event_free(event)
        self.event = nil
    }
}
