#ifndef UISIM_CZLIB_SHIM_H
#define UISIM_CZLIB_SHIM_H
#include <zlib.h>
#endif
