import Foundation

/// An input source of a run loop, as `CFRunLoopSource`: the loop calls `perform()` when the
/// source was signalled, when it says it `isReady` (a condition the loop looks at, such as the
/// main queue holding work), or when the clock reaches its `readyTime`.
///
/// Sources are handled as soon as the loop wakes (before timers, the way hardware input comes
/// first in a frame) and again after the timers, for sources signalled by them.
@preconcurrency @MainActor
open class LoopSource {
    /// Sources ready at the same time are performed in ascending order.
    public let order: Int
    var modes = ModeSet()
    var sequence = 0
    var isSignalled = false
    /// Whether the source is still attached; false after `invalidate()`.
    public private(set) var isValid = true
    private let handler: (() -> Void)?
    /// libevent's watch of the descriptor that signals the source (`signalWhenReadable`).
    private var descriptorWatcher: EventWatcher?

    /// A source that calls `handler` (or the subclass's `perform()`) when signalled.
    public init(order: Int = 0, handler: (() -> Void)? = nil) {
        self.order = order
        self.handler = handler
    }

    /// When the source becomes ready by itself, with no signal; nil for none. The loop wakes
    /// for it as for a timer.
    open var readyTime: TimeInterval? { nil }

    /// Whether the source has work now, whatever the time: the loop performs it in this turn and
    /// does not let time pass before. A condition, not a time, so that a clock that moves while
    /// the loop looks (a virtual clock that measures work) cannot make "now" miss it.
    open var isReady: Bool { false }

    /// Whether a loop with nothing else to do keeps waiting for this source.
    open var keepsLoopAlive: Bool { readyTime != nil || isReady }

    /// Marks the source ready: the loop performs it on its next turn.
    public func signal() {
        isSignalled = true
    }

    /// The source's work. The default calls the handler given at creation.
    open func perform() {
        handler?()
    }

    /// Detaches the source from every loop.
    open func invalidate() {
        descriptorWatcher?.cancel()
        descriptorWatcher = nil
        isValid = false
    }

    /// Called when the source is added to `loop` (once per loop).
    open func didAttach(to loop: EventRunLoop) {}

    /// Signals the source whenever `descriptor` is readable (libevent watches it on `loop`'s
    /// base) until `invalidate()`; `onReadable` runs first, to take what woke it.
    final func signalWhenReadable(_ descriptor: Int32, on loop: EventRunLoop, onReadable: (() -> Void)? = nil) {
        descriptorWatcher = EventWatcher(base: loop.eventBase, kind: .readable(descriptor)) { [weak self] in
            onReadable?()
            self?.signal()
        }
    }
}

/// A source that reads a file descriptor: performed when the descriptor becomes readable
/// (watched by libevent), with the descriptor passed to `handler`.
public final class FileDescriptorSource: LoopSource {
    /// The descriptor watched.
    public let fileDescriptor: Int32
    private let readHandler: (Int32) -> Void

    public init(fileDescriptor: Int32, order: Int = 0, handler: @escaping (Int32) -> Void) {
        self.fileDescriptor = fileDescriptor
        readHandler = handler
        super.init(order: order)
    }

    public override var keepsLoopAlive: Bool { true }

    public override func perform() {
        readHandler(fileDescriptor)
    }

    public override func didAttach(to loop: EventRunLoop) {
        signalWhenReadable(fileDescriptor, on: loop)
    }
}

/// A source performed when the process receives a POSIX signal (such as SIGINT), delivered
/// through the process's signal relay and a pipe, so the handler runs as ordinary code on the
/// loop, not in a signal handler. While attached, the signal no longer has its default effect.
/// Any number of loops, on any threads, can watch one signal at once: a signal sent to the
/// process reaches them all, one sent to a thread (`raise`) the loops of that thread.
public final class SignalSource: LoopSource {
    /// The signal number watched.
    public let signalNumber: Int32
    private var watch: SignalWatch?

    public init(signal: Int32, order: Int = 0, handler: @escaping () -> Void) {
        signalNumber = signal
        super.init(order: order, handler: handler)
    }

    /// A signal source never keeps an otherwise idle loop running.
    public override var keepsLoopAlive: Bool { false }

    public override func didAttach(to loop: EventRunLoop) {
        guard let watch = SignalWatch(signal: signalNumber) else { return }
        self.watch = watch
        signalWhenReadable(watch.readEnd, on: loop, onReadable: watch.drain)
    }

    public override func invalidate() {
        super.invalidate()   // stops reading the pipe before the watch closes it
        watch?.cancel()
        watch = nil
    }
}
