import Foundation
import HID
import Geometry
import RunLoop
import UIKit
import Support

/// Real-time input, as hardware delivers it: a producer thread reads the trace, waits until
/// each sample's recorded time on the real clock, queues it and writes a byte into a pipe that
/// the run loop watches (libevent). The digitizer source then takes the queued samples; what it
/// does with them is the same as on the virtual clock.
///
/// `@unchecked Sendable` by proof, not by the compiler: the queue, the flags and the error are read and
/// written under `lock`; `next` is called by the producer thread only, between `start()` and
/// the end of `stop()` (`Thread.start` and the `done` semaphore order it after and before what the
/// loop's thread does with the trace); the time is a `RealClock.Reading`, a value.
final class RealtimeFeed: @unchecked Sendable {
    private let clock: RealClock.Reading
    private let next: () throws -> TouchSample?
    private let lock = NSLock()
    private var queue: [TouchSample] = []
    private var finished = false
    private var stopping = false
    private var storedError: Error?
    private let pipe: WakePipe
    private let done = DispatchSemaphore(value: 0)
    private var started = false

    init(clock: RealClock.Reading, next: @escaping () throws -> TouchSample?) throws {
        self.clock = clock
        self.next = next
        guard let pipe = WakePipe() else {
            throw ResourceError("cannot make the real-time feed's pipe: \(String(cString: strerror(errno)))")
        }
        self.pipe = pipe
    }

    /// The error the trace gave, if reading it failed.
    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return storedError
    }

    /// The source that drains the pipe and wakes `source`.
    @MainActor
    func pipeSource(waking source: LoopSource) -> FileDescriptorSource {
        FileDescriptorSource(fileDescriptor: pipe.readEnd, order: -2_000) { [pipe] _ in
            pipe.drain()
            source.signal()
        }
    }

    /// The next queued sample, "later" when none has arrived yet, or the end.
    func pull() throws -> DigitizerSource.Pull {
        lock.lock()
        defer { lock.unlock() }
        if !queue.isEmpty { return .sample(queue.removeFirst()) }
        if let storedError { throw storedError }
        return finished ? .end : .later
    }

    func start() {
        started = true
        let thread = Thread { [self] in
            produce()
            done.signal()
        }
        thread.name = "uisim.digitizer"
        thread.start()
    }

    /// Stops the producer and waits for it.
    func stop() {
        guard started else { return }
        lock.lock()
        stopping = true
        lock.unlock()
        done.wait()
        started = false
    }

    private func produce() {
        while true {
            lock.lock()
            let stop = stopping
            lock.unlock()
            if stop { return }
            let sample: TouchSample?
            do {
                sample = try next()
            } catch {
                finish(error: error)
                return
            }
            guard let sample else {
                finish(error: nil)
                return
            }
            while true {
                let wait = sample.time - clock.now
                if wait <= 0 { break }
                lock.lock()
                let stop = stopping
                lock.unlock()
                if stop { return }
                usleep(useconds_t(min(wait, 0.05) * 1_000_000))
            }
            lock.lock()
            queue.append(sample)
            lock.unlock()
            pipe.wake()
        }
    }

    private func finish(error: Error?) {
        lock.lock()
        finished = true
        storedError = error
        lock.unlock()
        pipe.wake()
    }
}
