#ifndef UISIM_CCAIRO_SHIM_H
#define UISIM_CCAIRO_SHIM_H
#include <cairo.h>
#endif
