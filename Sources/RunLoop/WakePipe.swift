import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pipe that wakes a run loop watching its read end: another thread (the real-time feed's
/// producer) or a signal handler (the signal relay) writes a byte, the loop drains it. Both ends
/// are non-blocking (a full pipe already holds a wake-up) and closed on exec; both close when
/// the pipe goes.
package final class WakePipe {
    package let readEnd: Int32
    package let writeEnd: Int32

    /// Nil when the process cannot make another pipe.
    package init?() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Writes one byte.
    package func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads everything written so far (several wake-ups before the loop ran are one).
    package func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }
}
