/* CVips: the crop of an 8-bit JPEG decoded by libjpeg for the crop alone, as a libvips image the export saves. */
#ifndef CVIPS_JPEGCUT_H
#define CVIPS_JPEGCUT_H
#include <setjmp.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <vips/vips.h>

/* libvips' own JPEG load decodes every row from the top down to the crop's last one, each across the whole
   width. Here the rows above the crop are only entropy-decoded (jpeg_skip_scanlines), only the crop's
   columns go through the inverse DCT, the chroma upsampling and the colour conversion (jpeg_crop_scanline),
   and nothing below the crop's last row is read beyond what libjpeg needs to finish it.

   The pixels are libvips' own: the same library with the same settings (libjpeg's defaults: the accurate
   integer DCT, fancy upsampling, block smoothing). Upsampling a chroma sample reads its neighbours, the
   smoothing libjpeg gives a progressive file whose last scans are missing reads two blocks on each side,
   and libjpeg takes the edge of a cut as the picture's edge, so the cut is widened by two iMCUs (the block
   of pixels one MCU covers) on each side and starts decoding two iMCU rows above the crop; those margins
   are decoded and dropped, so every pixel of the crop has the neighbours a full decode gives it.

   Anything libjpeg warns about (data it repairs, data that is missing) makes the cut give up, so that the
   caller takes libvips' way for that file and decides as it always has. */

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} cvj_error;

typedef struct {
    struct jpeg_decompress_struct info;
    cvj_error error;
    FILE *file;
    GMutex lock;
    /* Two owners: the caller and the image; the last to let go frees it. */
    gint owners;
    int decompressing;
    /* The crop on the stored grid, and where its first column sits in a decoded row. */
    int x, y, width, height, skip_left;
    int components;
    /* The stored row the next jpeg_read_scanlines returns. */
    int next_row;
    JSAMPLE *row;
    int gave_up, finished;
    char message[JMSG_LENGTH_MAX];
} cvj_cut;

static void cvj_give_up(j_common_ptr info) {
    cvj_cut *cut = (cvj_cut *) ((char *) info->err - offsetof(cvj_cut, error));
    cut->gave_up = 1;
    info->err->format_message(info, cut->message);
    longjmp(cut->error.escape, 1);
}

/* A warning (level < 0) is a repair or missing data: give up. Trace messages are nothing. */
static void cvj_message(j_common_ptr info, int level) {
    if (level < 0) cvj_give_up(info);
}

static void cvj_close(cvj_cut *cut) {
    if (cut->decompressing) {
        /* Abort, not finish: finishing would decode the rows below the crop. */
        jpeg_abort_decompress(&cut->info);
        jpeg_destroy_decompress(&cut->info);
        cut->decompressing = 0;
    }
    if (cut->file) fclose(cut->file);
    cut->file = NULL;
    free(cut->row);
    cut->row = NULL;
}

/* Lets go of one owner's hold; the last frees the cut. */
static inline void cvj_release(cvj_cut *cut) {
    if (!cut || !g_atomic_int_dec_and_test(&cut->owners)) return;
    cvj_close(cut);
    g_mutex_clear(&cut->lock);
    free(cut);
}

/* Whether libjpeg warned or failed while the cut was decoded. */
static inline int cvj_gave_up(const cvj_cut *cut) { return cut->gave_up; }
/* Whether every row of the crop was decoded this way. */
static inline int cvj_finished(const cvj_cut *cut) { return cut->finished; }

/* Opens the JPEG at `path` and decodes down to the stored crop (x, y, w, h), ready for its rows. NULL when this
   way does not apply: not an 8-bit YCbCr, RGB or greyscale JPEG, a warning in the header or in the data above
   the crop, a crop outside the picture. */
static inline cvj_cut *cvj_open(const char *path, int x, int y, int w, int h) {
    cvj_cut *cut = calloc(1, sizeof *cut);
    if (!cut) return NULL;
    g_mutex_init(&cut->lock);
    cut->owners = 1;
    cut->x = x;
    cut->y = y;
    cut->width = w;
    cut->height = h;
    cut->file = fopen(path, "rb");
    if (!cut->file) {
        cvj_release(cut);
        return NULL;
    }
    struct jpeg_decompress_struct *info = &cut->info;
    info->err = jpeg_std_error(&cut->error.base);
    cut->error.base.error_exit = cvj_give_up;
    cut->error.base.emit_message = cvj_message;
    if (setjmp(cut->error.escape)) {
        cvj_release(cut);
        return NULL;
    }
    jpeg_create_decompress(info);
    cut->decompressing = 1;
    jpeg_stdio_src(info, cut->file);
    jpeg_read_header(info, TRUE);
    if (info->jpeg_color_space == JCS_YCbCr || info->jpeg_color_space == JCS_RGB) {
        if (info->num_components != 3) longjmp(cut->error.escape, 1);
        info->out_color_space = JCS_RGB;
    } else if (info->jpeg_color_space == JCS_GRAYSCALE) {
        info->out_color_space = JCS_GRAYSCALE;
    } else {
        longjmp(cut->error.escape, 1);
    }
    if (info->data_precision != 8 || x < 0 || y < 0 || w <= 0 || h <= 0 || (JDIMENSION) x > info->image_width ||
        (JDIMENSION) w > info->image_width - (JDIMENSION) x || (JDIMENSION) y > info->image_height ||
        (JDIMENSION) h > info->image_height - (JDIMENSION) y)
        longjmp(cut->error.escape, 1);
    jpeg_start_decompress(info);
    cut->components = info->output_components;
    int imcu_width = info->max_h_samp_factor * DCTSIZE, imcu_height = info->max_v_samp_factor * DCTSIZE;
    int margin = 2 * imcu_width;
    int left = x > margin ? x - margin : 0;
    int right = x + w + margin < (int) info->output_width ? x + w + margin : (int) info->output_width;
    JDIMENSION crop_left = (JDIMENSION) left, crop_width = (JDIMENSION) (right - left);
    jpeg_crop_scanline(info, &crop_left, &crop_width);
    if ((int) crop_left > x || (int) (crop_left + crop_width) < x + w) longjmp(cut->error.escape, 1);
    cut->skip_left = x - (int) crop_left;
    cut->row = malloc((size_t) crop_width * (size_t) cut->components);
    if (!cut->row) longjmp(cut->error.escape, 1);
    int first = y > 2 * imcu_height ? y - 2 * imcu_height : 0;
    if (first > 0 && jpeg_skip_scanlines(info, (JDIMENSION) first) != (JDIMENSION) first) longjmp(cut->error.escape, 1);
    cut->next_row = first;
    while (cut->next_row < y) {
        JSAMPROW line = cut->row;
        if (jpeg_read_scanlines(info, &line, 1) != 1) longjmp(cut->error.escape, 1);
        cut->next_row++;
    }
    return cut;
}

/* The crop's rows `r` into the region, in order (the image is read through vips_sequential). */
static int cvj_rows(cvj_cut *cut, VipsRegion *out, const VipsRect *r) {
    if (cut->gave_up || !cut->decompressing) return -1;
    if (setjmp(cut->error.escape)) return -1;
    size_t pixel = (size_t) cut->components;
    for (int row = r->top; row < VIPS_RECT_BOTTOM(r); row++) {
        if (cut->y + row != cut->next_row) {
            cut->gave_up = 1;
            snprintf(cut->message, sizeof cut->message, "rows asked for out of order");
            return -1;
        }
        JSAMPROW line = cut->row;
        if (jpeg_read_scanlines(&cut->info, &line, 1) != 1) {
            cut->gave_up = 1;
            snprintf(cut->message, sizeof cut->message, "no row came");
            return -1;
        }
        cut->next_row++;
        memcpy(VIPS_REGION_ADDR(out, r->left, row), cut->row + (size_t) (cut->skip_left + r->left) * pixel,
               (size_t) r->width * pixel);
    }
    /* Past the crop's last row: nothing more is read. */
    if (cut->next_row == cut->y + cut->height) {
        cut->finished = 1;
        cvj_close(cut);
    }
    return 0;
}

static int cvj_generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
    (void) seq;
    (void) b;
    (void) stop;
    cvj_cut *cut = a;
    g_mutex_lock(&cut->lock);
    int status = cvj_rows(cut, out, &out->valid);
    g_mutex_unlock(&cut->lock);
    if (status) vips_error("jpegcut", "%s", cut->message);
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
    if (vips_image_get_bands(fields) != cut->components || vips_image_get_format(fields) != VIPS_FORMAT_UCHAR)
        return NULL;
    VipsImage *image = vips_image_new();
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, fields, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    image->Xsize = cut->width;
    image->Ysize = cut->height;
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
