#define _GNU_SOURCE
#include "main_queue.h"
#include <poll.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

// libdispatch's hooks for Core Foundation's run loop (exported; declared by CoreFoundation, not
// by a public header). On Linux the handle is an eventfd.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

int uisim_main_queue_is_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}

int uisim_main_queue_descriptor(void) {
    return _dispatch_get_main_queue_handle_4CF();
}

int uisim_main_queue_has_work(void) {
    struct pollfd descriptor = { .fd = _dispatch_get_main_queue_handle_4CF(), .events = POLLIN };
    return poll(&descriptor, 1, 0) == 1 && (descriptor.revents & POLLIN) != 0;
}

void uisim_main_queue_drain(void) {
    // As Core Foundation does: read the eventfd (resetting it) before draining, so that work
    // queued while draining makes it readable again. Read only when readable: it blocks.
    if (uisim_main_queue_has_work()) {
        uint64_t value;
        (void)read(_dispatch_get_main_queue_handle_4CF(), &value, sizeof value);
    }
    _dispatch_main_queue_callback_4CF(0);
}
