#ifndef UISIM_MAIN_QUEUE_H
#define UISIM_MAIN_QUEUE_H

/// The main dispatch queue as a run loop serves it: the hooks libdispatch gives Core Foundation's
/// run loop (the `_4CF` functions), which Foundation's `RunLoop` uses on Linux too.
///
/// libdispatch binds the main queue to the process's main thread; only that thread may drain it,
/// and only until `dispatch_main()` (after which the queue is drained by libdispatch's own
/// threads). A block given to `DispatchQueue.main` or a job of the main actor is queued there and
/// the queue's descriptor (an eventfd on Linux) becomes readable.

/// Whether the calling thread is the process's main thread.
int uisim_main_queue_is_main_thread(void);

/// The descriptor that becomes readable when the main queue has work. Main thread only.
int uisim_main_queue_descriptor(void);

/// Whether the descriptor is readable now (the queue has work). Main thread only.
int uisim_main_queue_has_work(void);

/// Consumes the descriptor's readiness, then runs what the main queue holds (blocks queued while
/// it runs wake the descriptor again). Main thread only.
void uisim_main_queue_drain(void);

#endif
