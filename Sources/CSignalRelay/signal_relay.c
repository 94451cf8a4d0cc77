#define _GNU_SOURCE
#include "signal_relay.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define SLOTS 64
#define MAX_SIGNAL 65

/// A watch: its signal (0 when free), its pipe's write end, and the thread that made it.
static _Atomic int slot_signal[SLOTS];
static _Atomic int slot_fd[SLOTS];
static _Atomic long slot_thread[SLOTS];
/// Handlers running now: an unwatch waits for none before its pipe may be closed.
static _Atomic int handlers_running;

/// Guards watch and unwatch (never taken by the handler).
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int watchers[MAX_SIGNAL];
static struct sigaction previous[MAX_SIGNAL];

static void relay(int signal_number, siginfo_t *info, void *context) {
    atomic_fetch_add(&handlers_running, 1);
    int saved_errno = errno;
    int to_thread = info != NULL && info->si_code == SI_TKILL;
    long self = to_thread ? syscall(SYS_gettid) : 0;
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&slot_signal[i]) != signal_number) continue;
        if (to_thread && atomic_load(&slot_thread[i]) != self) continue;
        unsigned char byte = (unsigned char)signal_number;
        ssize_t written = write(atomic_load(&slot_fd[i]), &byte, 1);
        (void)written;   // a full pipe already holds a wake-up
    }
    // A signal sent to the process also reaches the handler that was there before the relay (the
    // command line's, which keeps the first signal received), never its default effect.
    if (!to_thread) {
        const struct sigaction *before = &previous[signal_number];
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction != NULL) before->sa_sigaction(signal_number, info, context);
        } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN && before->sa_handler != NULL) {
            before->sa_handler(signal_number);
        }
    }
    errno = saved_errno;
    atomic_fetch_sub(&handlers_running, 1);
}

int uisim_signal_relay_watch(int signal_number, int write_fd) {
    if (signal_number <= 0 || signal_number >= MAX_SIGNAL) return -1;
    pthread_mutex_lock(&lock);
    int watch = -1;
    for (int i = 0; i < SLOTS; i++) {
        if (atomic_load(&slot_signal[i]) == 0) { watch = i; break; }
    }
    if (watch >= 0) {
        atomic_store(&slot_fd[watch], write_fd);
        atomic_store(&slot_thread[watch], (long)syscall(SYS_gettid));
        atomic_store(&slot_signal[watch], signal_number);
        if (watchers[signal_number]++ == 0) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_sigaction = relay;
            action.sa_flags = SA_SIGINFO | SA_RESTART;
            // Every signal waits while the relay runs: a SIGTERM right after a SIGINT reaches the
            // handler before (which keeps the first) after the SIGINT has, never in the middle.
            sigfillset(&action.sa_mask);
            sigaction(signal_number, &action, &previous[signal_number]);
        }
    }
    pthread_mutex_unlock(&lock);
    return watch;
}

void uisim_signal_relay_unwatch(int watch) {
    if (watch < 0 || watch >= SLOTS) return;
    pthread_mutex_lock(&lock);
    int signal_number = atomic_exchange(&slot_signal[watch], 0);
    if (signal_number > 0 && --watchers[signal_number] == 0) {
        sigaction(signal_number, &previous[signal_number], NULL);
    }
    pthread_mutex_unlock(&lock);
    // A handler that read this slot before it was cleared may still be writing to its pipe.
    while (atomic_load(&handlers_running) > 0) sched_yield();
}
