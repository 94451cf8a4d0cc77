#ifndef UISIM_CTURBOJPEG_SHIM_H
#define UISIM_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
