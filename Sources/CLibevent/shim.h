#ifndef UISIM_CLIBEVENT_SHIM_H
#define UISIM_CLIBEVENT_SHIM_H
#include <event2/event.h>
#endif
