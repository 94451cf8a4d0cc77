import ArgumentParser
import Foundation
import Synchronization
import UISim

/// SIGINT and SIGTERM for the whole life of a command: recorded instead of killing the process,
/// so the command stops at its next safe point (a replay at the end of its frame, many traces
/// between two, an experiment between two runs), finishes its outputs for what is done, and
/// exits 130 (SIGINT) or 143 (SIGTERM). A second signal while outputs are written changes
/// nothing: they are completed. Inside a replay's run loop, the loop's own signal sources take
/// the signal first and stop it at the end of the frame.
enum Interruption {
    /// Installs the handlers (once, at start-up), and unblocks the two signals: a process started
    /// with them blocked (test runners do that) would otherwise never see them.
    static func install() {
        // Standard input, output or error closed at start would be taken by the pipe below.
        StandardStreams.reserve()
        // The pipe readers watch (`TraceImportOptions.interruption`): the handler writes a byte.
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK); _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            pipeEnds.store(Int64(ends[0]) << 32 | Int64(ends[1]), ordering: .relaxed)
            // Writers into a FIFO or device wait for a reader, or for room, watching it too.
            AtomicFile.watchInterruption(ends[0])
        }
        // A file-size limit (`ulimit -f`) makes a write fail with "File too large", reported and
        // cleaned up like a full disk, instead of killing the process with its files half written.
        _ = Glibc.signal(SIGXFSZ, SIG_IGN)
        // A FIFO or pipe whose reader went away makes a write fail with "Broken pipe" (73),
        // reported, instead of killing the process.
        _ = Glibc.signal(SIGPIPE, SIG_IGN)
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in [SIGINT, SIGTERM] { sigaddset(&mask, number) }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        for number in [SIGINT, SIGTERM] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                // The only state a signal handler may touch: a lock-free atomic word, set once,
                // and a byte written to a pipe (write is async-signal-safe).
                Interruption.keepFirst(number)
                let writeEnd = Int32(truncatingIfNeeded: pipeEnds.load(ordering: .relaxed))
                if writeEnd >= 0 {
                    var byte: UInt8 = 1
                    _ = write(writeEnd, &byte, 1)
                }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Records a signal that stopped a replay's run loop (its own sources caught it).
    static func record(_ number: Int32) {
        keepFirst(number)
    }

    private static func keepFirst(_ number: Int32) {
        _ = received.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    }

    /// The first signal received, if any.
    static var signal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// The exit code for the signal received: 128 + its number (130, 143).
    static var exitCode: ExitCode? { signal.map { ExitCode(128 + $0) } }

    /// A descriptor readable once a signal was received (nil before `install`).
    static var descriptor: Int32? {
        let ends = pipeEnds.load(ordering: .relaxed)
        return ends == -1 ? nil : Int32(truncatingIfNeeded: ends >> 32)
    }
}

/// The signal pipe's read end (high 32 bits) and write end (low), -1 until made: one word, so the
/// handler reads it lock-free.
private let pipeEnds = Atomic<Int64>(-1)

/// The first signal received, set by the signal handler: process-wide by nature (a process has one
/// set of signal handlers). Lock-free, so a handler may set it.
private let received = Atomic<Int32>(0)
