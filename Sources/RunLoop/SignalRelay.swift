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
    /// The pipe's read end, readable when the signal arrived.
    package let readEnd: Int32
    private let writeEnd: Int32
    private var watch: Int32 = -1

    /// Watches `signal` until `cancel()` or deinit; while watched, the signal no longer has its
    /// default effect (nor the handler that was there before, which is restored after). Nil when
    /// no pipe can be made or 64 watches are active: the signal then keeps its effect.
    package init?(signal: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        watch = uisim_signal_relay_watch(signal, writeEnd)
        guard watch >= 0 else {
            close(readEnd)
            close(writeEnd)
            return nil
        }
    }

    /// Empties the pipe (a signal received twice before the loop ran is one wake-up).
    package func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    /// Stops watching; the pipe is closed once no handler can still write to it.
    package func cancel() {
        guard watch >= 0 else { return }
        uisim_signal_relay_unwatch(watch)
        watch = -1
        close(readEnd)
        close(writeEnd)
    }

    deinit {
        cancel()
    }
}
