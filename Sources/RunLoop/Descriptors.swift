import Foundation
import Support
#if canImport(Glibc)
import Glibc
#endif

/// File descriptors, which a replay's run loop needs a few of (libevent's base, the signal
/// relay's pipes, the real-time feed's pipe, the outputs being written).
public enum Descriptors {
    /// How many free descriptors a replay needs: libevent's epoll, timer and signal descriptors
    /// (4), a pipe per signal watched (4), the real-time feed's pipe (2), the trace, the folder's
    /// lock and the outputs open at once (about 6), with room to spare.
    public static let neededByAReplay = 24

    /// Throws unless `count` more descriptors can be opened now, checked by opening pipes and
    /// closing them: libevent, short of one, prints a line and ends the process (exit 1) with the
    /// outputs half written; this says why first, in a sentence.
    public static func ensureAvailable(_ count: Int = neededByAReplay) throws {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        while opened.count < count {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                let reason = String(cString: strerror(errno))
                var limit = rlimit()
                getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
                throw ResourceError("too few file descriptors: a replay needs \(count) free, \(opened.count) could be opened "
                                    + "(\(reason); the limit is \(limit.rlim_cur): raise it with ulimit -n)")
            }
            opened += ends
        }
    }
}
