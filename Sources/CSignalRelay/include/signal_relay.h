#ifndef UISIM_SIGNAL_RELAY_H
#define UISIM_SIGNAL_RELAY_H

/// Relays signals to every run loop watching them, each through its own pipe.
///
/// libevent keeps one signal-handling base per process (the last one to add a signal event
/// gets every signal), so two run loops watching SIGINT at once lose signals, and removing one
/// loop's watch restores the default action under the other. The relay installs one handler per
/// signal while anything watches it and writes the signal's number to the pipe of every watcher:
/// every watcher for a signal sent to the process (Ctrl-C, kill), only the watchers of the
/// receiving thread for one sent to a thread (raise, pthread_kill).
///
/// Returns a watch number (>= 0) for uisim_signal_relay_unwatch, or -1 when every slot is taken.
int uisim_signal_relay_watch(int signal_number, int write_fd);

/// Stops a watch; returns once no handler can still be writing to its pipe. The handler of its
/// signal is restored to what it was when the first watch began once no watch is left.
void uisim_signal_relay_unwatch(int watch);

#endif
