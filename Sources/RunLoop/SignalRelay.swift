import CSignalRelay
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One run loop's watch of a POSIX signal through the process's signal relay (CSignalRelay):
/// the relay's handler writes a byte to this watch's pipe, which the loop reads as ordinary
/// input. Unlike libevent's own signal events (one base per process gets every signal), any
/// number of loops can watch a signal at once: a signal sent to the process (Ctrl-C, `kill`)
/// reaches every watch, one sent to a thread (`raise`) the watches made on that thread.
package final class SignalWatch {
    private let pipe: WakePipe
    private var watch: Int32 = -1

    /// Readable when the signal arrived.
    package var readEnd: Int32 { pipe.readEnd }

    /// Watches `signal` until `cancel()` or deinit; while watched, the signal no longer has its
    /// default effect; a handler that was there before (a command line's) is still called for a
    /// signal sent to the process, after the relay, and is restored after. Nil when no pipe can be
    /// made or 64 watches are active: the signal then keeps its effect.
    package init?(signal: Int32) {
        guard let pipe = WakePipe() else { return nil }
        self.pipe = pipe
        watch = uisim_signal_relay_watch(signal, pipe.writeEnd)
        guard watch >= 0 else { return nil }
    }

    /// Empties the pipe (a signal received twice before the loop ran is one wake-up).
    package func drain() {
        pipe.drain()
    }

    /// Stops watching; the pipe closes with the watch, once no handler can still write to it.
    package func cancel() {
        guard watch >= 0 else { return }
        uisim_signal_relay_unwatch(watch)
        watch = -1
    }

    deinit {
        cancel()
    }
}
