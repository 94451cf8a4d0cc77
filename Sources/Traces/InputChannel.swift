import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading stopped because the reader was told to stop (a signal reached the command reading):
/// not a problem of the input. A replay takes it as an interruption (its outputs complete for the
/// frames done); a command reading a trace stops and writes nothing.
public struct ReadInterrupted: Error, Equatable, Sendable {
    /// The input that was being read.
    public let name: String
    public init(name: String) { self.name = name }
}

/// An input read in chunks from a descriptor: a file, a pipe, a FIFO, standard input. Every read
/// first waits for input *or* for `interruption` (a descriptor that becomes readable when reading
/// must stop, as the command line's signal handler makes one), so a FIFO with no writer, a stalled
/// pipe or a long file never keeps a signalled command from stopping: the read throws
/// `ReadInterrupted` instead. Opening a FIFO does not wait for its writer (the first read does).
final class InputChannel {
    let name: String
    private let descriptor: Int32
    private let interruption: Int32?
    private let ownsDescriptor: Bool

    /// Opens the file at `path` for reading from its start.
    init(path: String, interruption: Int32?) throws {
        name = path
        // O_NONBLOCK so that opening a FIFO does not wait for a writer; cleared after, reads wait in
        // poll, where the interruption is watched.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw TraceError(file: path, line: nil, "cannot open: \(String(cString: strerror(errno)))") }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.descriptor = descriptor
        self.interruption = interruption
        ownsDescriptor = true
    }

    /// Reads `descriptor`, which stays open after (standard input), as `name`.
    init(descriptor: Int32, name: String, interruption: Int32?) {
        self.name = name
        self.descriptor = descriptor
        self.interruption = interruption
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Up to `count` bytes; none at the end of the input.
    func read(upTo count: Int) throws -> [UInt8] {
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        if let interruption { watched.append(pollfd(fd: interruption, events: Int16(POLLIN), revents: 0)) }
        while true {
            for index in watched.indices { watched[index].revents = 0 }
            let ready = poll(&watched, nfds_t(watched.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }   // a signal's handler ran; the interruption says whether to stop
                throw TraceError(file: name, line: nil, "cannot read: \(String(cString: strerror(errno)))")
            }
            if watched.count > 1, watched[1].revents != 0 { throw ReadInterrupted(name: name) }
            guard watched[0].revents != 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, count) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw TraceError(file: name, line: nil, "cannot read: \(String(cString: strerror(errno)))")
            }
            bytes.removeSubrange(got...)
            return bytes
        }
    }
}
