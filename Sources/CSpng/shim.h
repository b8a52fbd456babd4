/* CSpng: libspng, the PNG decoder whose rows the display thumbnail reads (see CVips' pngrows.h). */
#ifndef CSPNG_SHIM_H
#define CSPNG_SHIM_H
#include <spng.h>
#endif
