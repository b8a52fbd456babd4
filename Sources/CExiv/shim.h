/* CExiv: gexiv2 (exiv2 for GLib) for Swift: reading and fixing EXIF/XMP metadata in files. */
#ifndef CEXIV_SHIM_H
#define CEXIV_SHIM_H
#include <gexiv2/gexiv2.h>
#endif
