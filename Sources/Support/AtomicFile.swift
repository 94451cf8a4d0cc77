import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An output file, written so that nothing is lost and nothing is replaced that is not a file:
///
/// - a path that does not exist yet, or a regular file, is written under a temporary name of its
///   own beside it (hidden, unique to this writer: `.NAME.PID-RANDOM.partial`) and renamed into
///   place when complete, so a reader never sees half of it and an interrupted run leaves the old
///   file or a whole new one; a writer dropped before `commit` removes its temporary file;
/// - a symbolic link is followed (a chain of them too, a dangling one to the file it names) and
///   its target written that way: the link stays a link;
/// - a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe, a terminal) is
///   written straight into, never renamed over (a replaced `/dev/null` breaks every program on a
///   machine); its write errors are reported like any other (`/dev/full`: "No space left on
///   device"). Nothing about it blocks where a signal cannot reach: a FIFO with no reader yet is
///   waited for, and a full one (a reader that stopped reading) too, while the command's signal
///   pipe is watched (`watchInterruption`); once the command was signalled, a reader has
///   `graceAfterSignal` more to come or to read (the outputs of an interrupted command are
///   completed where they can be), then the wait ends with an unwritable output that says so
///   (the command exits 130 or 143);
/// - anything else (a folder, a block device, a socket) is refused.
///
/// Every problem is a `FileError.unwritable` naming the path and the system's reason.
public final class AtomicFile {
    /// The path asked for.
    public let url: URL
    private let destination: OutputDestination
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var state = State.writing
    /// The wait for room in a full FIFO.
    private var fullWait = SignalledWait()

    private enum State { case writing, written, committed, abandoned }

    public init(_ url: URL) throws {
        self.url = url
        let destination = try OutputDestination(url.path)
        self.destination = destination
        switch destination {
        case .replacing(let final, let partial):
            descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileError.unwritable(url.path, "cannot write: \(systemReason())") }
            // A file replaced keeps its permissions.
            var existing = stat()
            if stat(final, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        case .direct(let path):
            descriptor = try Self.openWithoutBlocking(path, shownAs: url.path)
        }
    }

    /// The descriptor whose becoming readable means the command was signalled (the command line's
    /// signal pipe): a wait for a FIFO's reader, or for room in it, ends then. Set once at start-up
    /// by the command line; signals are the process's, so this is too. -1: nothing to watch.
    private static let interruptionDescriptor = Atomic<Int32>(-1)

    /// The descriptor given to `watchInterruption`, if any.
    package static var interruption: Int32? {
        let descriptor = interruptionDescriptor.load(ordering: .relaxed)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Watches `descriptor` in every wait for a device or a FIFO (see `interruptionDescriptor`).
    public static func watchInterruption(_ descriptor: Int32) {
        interruptionDescriptor.store(descriptor, ordering: .relaxed)
    }

    /// How long a FIFO's reader may still take once the command was signalled: enough for a
    /// reader that is coming, short enough that a signal stops a command nobody reads.
    static let graceAfterSignal = Duration.seconds(3)

    /// Opens a device or FIFO for writing, never waiting where a signal cannot end the wait: a
    /// FIFO without a reader (`open` would block until one comes) is opened again every 20 ms
    /// until one comes, or until `graceAfterSignal` after the command was signalled. The
    /// descriptor stays non-blocking: a write that finds the FIFO full waits in `poll` (`flush`).
    private static func openWithoutBlocking(_ path: String, shownAs name: String) throws -> Int32 {
        var wait = SignalledWait()
        while true {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return descriptor }
            guard errno == ENXIO || errno == EINTR else { throw FileError.unwritable(name, "cannot write: \(systemReason())") }
            if wait.isOver(waitingFor: nil) {
                throw FileError.unwritable(name, "not written: interrupted while waiting for a reader of this FIFO")
            }
        }
    }

    /// A wait for a FIFO that ends `graceAfterSignal` after the command's signal pipe became readable.
    private struct SignalledWait {
        private var signalled: ContinuousClock.Instant?

        /// Waits up to 20 ms for `descriptor` to take bytes (nil: for the time alone); true when
        /// the grace after a signal has run out.
        mutating func isOver(waitingFor descriptor: Int32?) -> Bool {
            if let signalled { return ContinuousClock.now - signalled > AtomicFile.graceAfterSignal }
            var watched: [pollfd] = []
            if let descriptor { watched.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)) }
            let interruption = AtomicFile.interruptionDescriptor.load(ordering: .relaxed)
            if interruption >= 0 { watched.append(pollfd(fd: interruption, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&watched, nfds_t(watched.count), 20)
            if ready > 0, interruption >= 0, watched.last!.revents & Int16(POLLIN) != 0 { signalled = .now }
            return false
        }
    }

    /// Where the bytes are while the file is written: the temporary file (or the device), for a
    /// reader that needs them before they are moved into place; nil when they cannot be read back.
    public var writtenURL: URL? {
        switch destination {
        case .replacing(_, let partial): URL(fileURLWithPath: partial)
        case .direct: nil
        }
    }

    public func append(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { try flush() }
    }

    public func append(_ data: Data) throws {
        buffer.append(contentsOf: data)
        if buffer.count > 1 << 16 { try flush() }
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        precondition(state == .writing, "AtomicFile: written to after finishWriting()")
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                Glibc.write(descriptor, bytes.baseAddress!.advanced(by: offset), bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A device or FIFO that is full: wait for room, or for the grace after a signal.
                    if fullWait.isOver(waitingFor: descriptor) {
                        abandon()
                        throw FileError.unwritable(url.path, "not written whole: interrupted while waiting for the reader of this FIFO to read")
                    }
                    continue
                }
                fullWait = SignalledWait()
                let reason = systemReason()
                abandon()
                throw FileError.unwritable(url.path, "cannot write: \(reason)")
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and closes the file, without moving it into place: a set of outputs is
    /// written whole first, then moved into place together (`moveIntoPlace`), so a full disk half
    /// way leaves the earlier set as it was.
    public func finishWriting() throws {
        guard state == .writing else { return }
        try flush()
        if case .replacing = destination, fsync(descriptor) != 0, errno != EINVAL {
            let reason = systemReason()
            abandon()
            throw FileError.unwritable(url.path, "cannot write: \(reason)")
        }
        let closed = close(descriptor)
        let reason = systemReason()
        descriptor = -1
        state = .written
        if closed != 0, errno != EINTR {
            abandon()
            throw FileError.unwritable(url.path, "cannot write: \(reason)")
        }
    }

    /// Moves a file finished with `finishWriting` into place (replacing a file of that name).
    public func moveIntoPlace() throws {
        precondition(state == .written, "AtomicFile: moveIntoPlace() before finishWriting()")
        state = .committed
        guard case .replacing(let final, let partial) = destination else { return }
        if let problem = OutputDestination.problem(at: final) {
            unlink(partial)
            throw FileError.unwritable(url.path, problem)
        }
        guard rename(partial, final) == 0 else {
            let reason = systemReason()
            unlink(partial)
            throw FileError.unwritable(url.path, "cannot move into place: \(reason)")
        }
    }

    /// Writes what is left and moves the file into place.
    public func commit() throws {
        try finishWriting()
        try moveIntoPlace()
    }

    /// Gives the file up: its temporary file is removed, nothing is moved into place (what was
    /// written straight into a device or a FIFO stays written).
    public func abandon() {
        guard state == .writing || state == .written else { return }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        state = .abandoned
        if case .replacing(_, let partial) = destination { unlink(partial) }
    }

    deinit {
        abandon()
    }

    /// Writes `data` to `url` in one go, by the rules above.
    public static func write(_ data: Data, to url: URL) throws {
        let file = try AtomicFile(url)
        try file.append(data)
        try file.commit()
    }

    /// The pattern of temporary names, for a folder's owner to find those of dead writers.
    static func partialName(for name: String) -> String {
        ".\(name).\(getpid())-\(UInt32.random(in: 0...UInt32.max)).partial"
    }

    /// The process id in a temporary file's name (`.NAME.PID-RANDOM.partial`), if it is one.
    public static func writerProcess(ofPartial name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".partial") else { return nil }
        let stem = name.dropLast(".partial".count)
        guard let dot = stem.lastIndex(of: "."), let dash = stem[dot...].firstIndex(of: "-") else { return nil }
        return pid_t(stem[stem.index(after: dot)..<dash])
    }

    /// Removes the temporary files in `folder` that writers no longer alive left behind (a run
    /// killed with SIGKILL); returns how many. Call it holding the folder's lock.
    @discardableResult
    public static func removeStalePartials(in folder: URL) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return 0 }
        var removed = 0
        for name in names {
            guard let pid = writerProcess(ofPartial: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            if unlink(folder.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }
}

/// Where an output path's bytes go.
enum OutputDestination {
    /// A file (new or existing) at `final`, written at `partial` and renamed over it.
    case replacing(final: String, partial: String)
    /// A character device or FIFO, written straight into.
    case direct(String)

    init(_ path: String) throws {
        guard !path.isEmpty else { throw FileError.unwritable(path, "an empty path") }
        var info = stat()
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                guard let real = realpath(path, nil) else { throw FileError.unwritable(path, "cannot write: \(systemReason())") }
                defer { free(real) }
                self = .replacing(String(cString: real))
            case S_IFCHR, S_IFIFO:
                self = .direct(path)   // opened by the name given: /dev/stdout is a link only the kernel can follow
            default:
                throw FileError.unwritable(path, Self.kind(info.st_mode))
            }
            return
        }
        guard errno == ENOENT else { throw FileError.unwritable(path, "cannot write: \(systemReason())") }
        // Nothing there, or a dangling symbolic link: the file to make is the one the links name.
        var current = path
        for _ in 0..<40 {
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw FileError.unwritable(path, "cannot write: \(systemReason())") }
                self = .replacing(current)
                return
            }
            guard info.st_mode & S_IFMT == S_IFLNK else { throw FileError.unwritable(path, Self.kind(info.st_mode)) }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, target.count - 1)
            guard count >= 0 else { throw FileError.unwritable(path, "cannot write: \(systemReason())") }
            let link = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : (current as NSString).deletingLastPathComponent.appendingPathComponentOrSelf(link)
        }
        throw FileError.unwritable(path, "cannot write: \(systemReason(ELOOP))")
    }

    private static func replacing(_ final: String) -> OutputDestination {
        let folder = (final as NSString).deletingLastPathComponent
        let name = (final as NSString).lastPathComponent
        return .replacing(final: final, partial: folder.appendingPathComponentOrSelf(AtomicFile.partialName(for: name)))
    }

    /// What is wrong with renaming a file over `path` now, if anything (it became a folder, a
    /// device or a link since the file was opened).
    static func problem(at path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG ? nil : kind(info.st_mode)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "is a folder, where uisim writes a file"
        case S_IFBLK: "is a block device: uisim writes files, character devices and FIFOs only"
        case S_IFSOCK: "is a socket: uisim writes files, character devices and FIFOs only"
        case S_IFLNK: "is a symbolic link that appeared while uisim wrote: not replaced"
        case S_IFCHR, S_IFIFO: "became a device or a FIFO while uisim wrote: not replaced"
        default: "is not a regular file: uisim writes files, character devices and FIFOs only"
        }
    }
}

extension String {
    /// `self` joined with `component` by one slash (`self` empty: the component alone).
    func appendingPathComponentOrSelf(_ component: String) -> String {
        if isEmpty { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }
}
