import Foundation
import Support
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Standard input, output and error as the process found them. A process started with one of
/// them closed (`uisim trace info - <&-`) would hand that number to the first descriptor it makes
/// (the signal relay's pipe, a trace file), and "standard input" would then be uisim's own pipe: a
/// read that never ends. `reserve()` fills each closed one with a descriptor that reads nothing and
/// writes nowhere before anything else is opened, and remembers which were closed, so that a
/// command asked to read standard input can say it is closed.
public enum StandardStreams {
    /// Bit n set: descriptor n was closed when `reserve()` ran.
    private static let closedAtStart = Atomic<UInt8>(0)

    /// Call first thing in `main`, before any descriptor is made.
    public static func reserve() {
        var closed: UInt8 = 0
        for number: Int32 in 0...2 where fcntl(number, F_GETFD) == -1 && errno == EBADF {
            closed |= 1 << UInt8(number)
            // The lowest free number is this one: the ones below it are open (or were just filled).
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { continue }
            // A pipe whose other end is closed: reading gives the end of input, writing "Broken pipe".
            let keep = number == 0 ? ends[0] : ends[1]
            let drop = number == 0 ? ends[1] : ends[0]
            close(drop)
            if keep != number {   // the pipe took another number (several were closed): move it
                _ = dup2(keep, number)
                close(keep)
            }
        }
        closedAtStart.store(closed, ordering: .relaxed)
    }

    /// Whether standard input was closed when the process started.
    public static var inputWasClosed: Bool {
        closedAtStart.load(ordering: .relaxed) & 1 != 0
    }

    /// The error for reading standard input that was closed at start-up: a usage error (64).
    public static func requireInput() throws {
        if inputWasClosed { throw UsageError("standard input is closed: give a trace file, or pipe one in") }
    }
}
