#ifndef UISIM_CLIBEVENT_SHIM_H
#define UISIM_CLIBEVENT_SHIM_H
// The system headers first, under the default feature macros: libevent's event-config.h
// defines _GNU_SOURCE before it includes them, which would give fd_set another member name
// than Dispatch's module has (glibc is not a Clang module on Linux, so each module carries
// its own copy), and the two copies would clash in any module that loads both.
#include <sys/types.h>
#include <sys/time.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdarg.h>
#include <netdb.h>
#include <errno.h>
#include <time.h>
#include <event2/event.h>
#endif
