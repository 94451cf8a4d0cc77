#ifndef UISIM_CPANGO_SHIM_H
#define UISIM_CPANGO_SHIM_H
#include <pango/pangocairo.h>
#endif
