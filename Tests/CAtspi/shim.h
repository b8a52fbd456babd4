/* CAtspi: libatspi, the AT-SPI client library screen readers use, for end-to-end accessibility tests. */
#ifndef CATSPI_SHIM_H
#define CATSPI_SHIM_H
#include <atspi/atspi.h>
#endif
