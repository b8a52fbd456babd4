/* CVips: the calls the sharp zoom re-render needs, kept apart from the export's shim. */
#ifndef CVIPS_REGION_H
#define CVIPS_REGION_H
#include <vips/vips.h>

/* Opens a file for one streaming pass, shrunk while decoding by `shrink` (1, 2, 4 or 8; JPEG only:
   libjpeg's DCT scaling), so a region of a huge photo never needs the whole image in memory. */
static inline VipsImage *cvr_open_shrunk(const char *path, int shrink, int is_jpeg) {
    if (is_jpeg && shrink > 1)
        return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink,
                                        "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}
#endif
