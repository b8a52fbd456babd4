/* CVips: the crop of an 8-bit JPEG decoded by libjpeg for the crop alone (CJPEGCut), as a libvips image the export saves. */
#ifndef CVIPS_JPEGCUT_H
#define CVIPS_JPEGCUT_H
#include <vips/vips.h>
#include "../CJPEGCut/rows.h"

/* The decode itself is CJPEGCut's (rows.h), shared with the lean decoder; here it becomes a libvips image whose
   rows are decoded as the save asks for them. */

typedef struct {
    cjr_rows rows;
    GMutex lock;
    /* Two owners: the caller and the image; the last to let go frees it. */
    gint owners;
} cvj_cut;

/* Lets go of one owner's hold; the last frees the cut. */
static inline void cvj_release(cvj_cut *cut) {
    if (!cut || !g_atomic_int_dec_and_test(&cut->owners)) return;
    cjr_close(&cut->rows);
    g_mutex_clear(&cut->lock);
    free(cut);
}

/* Whether libjpeg warned or failed while the cut was decoded. */
static inline int cvj_gave_up(const cvj_cut *cut) { return cut->rows.gave_up; }
/* Whether every row of the crop was decoded this way. */
static inline int cvj_finished(const cvj_cut *cut) { return cut->rows.finished; }

/* Opens the JPEG at `path` and decodes down to the stored crop (x, y, w, h), ready for its rows. NULL when this
   way does not apply (`cjr_open`). */
static inline cvj_cut *cvj_open(const char *path, int x, int y, int w, int h) {
    cvj_cut *cut = calloc(1, sizeof *cut);
    if (!cut) return NULL;
    if (cjr_open(&cut->rows, path, x, y, w, h)) {
        free(cut);
        return NULL;
    }
    g_mutex_init(&cut->lock);
    cut->owners = 1;
    return cut;
}

/* The crop's rows `r` into the region, in order (the image is read through vips_sequential). */
static int cvj_rows(cjr_rows *cut, VipsRegion *out, const VipsRect *r) {
    size_t pixel = (size_t) cut->components;
    for (int row = r->top; row < VIPS_RECT_BOTTOM(r); row++) {
        if (cut->y + row != cut->next_row) {
            cut->gave_up = 1;
            snprintf(cut->message, sizeof cut->message, "rows asked for out of order");
            return -1;
        }
        const JSAMPLE *line = cjr_next(cut);
        if (!line) return -1;
        memcpy(VIPS_REGION_ADDR(out, r->left, row), line + (size_t) r->left * pixel, (size_t) r->width * pixel);
    }
    /* Past the crop's last row: nothing more is read. */
    cjr_done(cut);
    return 0;
}

static int cvj_generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
    (void) seq;
    (void) b;
    (void) stop;
    cvj_cut *cut = a;
    g_mutex_lock(&cut->lock);
    int status = cvj_rows(&cut->rows, out, &out->valid);
    g_mutex_unlock(&cut->lock);
    if (status) vips_error("jpegcut", "%s", cut->rows.message);
    return status;
}

static void cvj_image_closed(VipsImage *image, cvj_cut *cut) {
    (void) image;
    cvj_release(cut);
}

/* The cut as an image whose metadata (EXIF, XMP, ICC profile, resolution, and every other field) is that of
   `fields`: the picture libvips opened, so that the save writes the same metadata it writes from libvips' own
   load. Its rows are decoded as the save asks for them, top to bottom. NULL when `fields` does not have the
   cut's bands (libvips reads this JPEG otherwise). The image holds the cut until it closes. */
static inline VipsImage *cvj_image(cvj_cut *cut, VipsImage *fields) {
    if (vips_image_get_bands(fields) != cut->rows.components || vips_image_get_format(fields) != VIPS_FORMAT_UCHAR)
        return NULL;
    VipsImage *image = vips_image_new();
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, fields, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    image->Xsize = cut->rows.width;
    image->Ysize = cut->rows.height;
    g_atomic_int_inc(&cut->owners);
    g_signal_connect(image, "close", G_CALLBACK(cvj_image_closed), cut);
    VipsImage *ordered = NULL;
    if (vips_image_generate(image, NULL, cvj_generate, NULL, cut, NULL) ||
        vips_sequential(image, &ordered, "tile_height", 8, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    g_object_unref(image);
    return ordered;
}
#endif
