/* CVips: the calls the sharp zoom re-render needs, kept apart from the export's shim. */
#ifndef CVIPS_REGION_H
#define CVIPS_REGION_H
#include <vips/vips.h>
#include "shim.h"

/* Opens a file for one streaming pass, shrunk while decoding by `shrink` (1, 2, 4 or 8; JPEG only:
   libjpeg's DCT scaling), so a region of a huge photo never needs the whole image in memory. */
static inline VipsImage *cvr_open_shrunk(const char *path, int shrink, int is_jpeg) {
    if (is_jpeg)
        return vips_image_new_from_file(path, "access", VIPS_ACCESS_SEQUENTIAL, "shrink", shrink,
                                        "fail_on", VIPS_FAIL_ON_TRUNCATED, "unlimited", TRUE, NULL);
    return cv_open_with(path, VIPS_ACCESS_SEQUENTIAL, 0);
}

/* Rows of one strip read at a time by cvr_stream_cut. */
#define CVR_STRIP 64

/* Whether a render's cancellation flag is set (`RenderCancellation`, which sets it through CRenderFlag). */
static inline int cvr_cancelled(const volatile int *flag) { return flag && __atomic_load_n(flag, __ATOMIC_RELAXED); }

/* The rectangle (left, top, width, height) of `in`, copied into a new memory image by reading `in`
   once from the top, one strip at a time: the rows above are decoded and dropped, the rows below
   never read. (vips_crop on a sequential image lets libvips' sequential reader keep every row it
   passes on the way down: 300 MB for a region at the foot of a 100-megapixel PNG.) NULL on error,
   and when `cancel` (may be NULL) is set between two strips. */
static inline VipsImage *cvr_stream_cut(VipsImage *in, int left, int top, int width, int height,
                                        const volatile int *cancel) {
    VipsImage *out = vips_image_new_memory();
    vips_image_init_fields(out, width, height, in->Bands, in->BandFmt, in->Coding, in->Type, in->Xres, in->Yres);
    VipsRegion *region = vips_region_new(in);
    int failed = vips_image_write_prepare(out);
    for (int y = 0; !failed && y < top + height; y += CVR_STRIP) {
        if (cvr_cancelled(cancel)) { failed = -1; break; }
        VipsRect strip = { left, y, width, VIPS_MIN(CVR_STRIP, top + height - y) };
        failed = vips_region_prepare(region, &strip);
        for (int row = VIPS_MAX(y, top); !failed && row < y + strip.height; row++)
            failed = vips_image_write_line(out, row - top, VIPS_REGION_ADDR(region, left, row));
    }
    g_object_unref(region);
    if (failed) { g_object_unref(out); return NULL; }
    return out;
}
#endif
