/* CVips: a PNG's rows decoded by libspng as libvips asks for them, in the layout libvips' own PNG load gives. */
#ifndef CVIPS_PNGROWS_H
#define CVIPS_PNGROWS_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <spng.h>
#include <vips/vips.h>

/* libvips 8.14 reads PNG with libpng. libspng decodes the same rows faster (its inflate loop and unfiltering),
   and here it hands them over in libpng's layout as libvips asks for it: a palette expanded to RGB, a tRNS
   chunk made an alpha band, grey of 1, 2 or 4 bits scaled to 8, 16-bit samples in host order, no gamma
   applied. The picture is read top to bottom once, a row at a time, as libvips' own sequential load does.

   Interlaced files are not taken (their rows arrive pass by pass), nor anything libspng refuses or warns
   about: the caller then takes libvips' way, which decides about the file as it always has. */

typedef struct {
    spng_ctx *ctx;
    FILE *file;
    GMutex lock;
    /* Two owners: the caller and the image; the last to let go frees it. */
    gint owners;
    int width, height, bands, sixteen;
    int format;
    size_t row_bytes;
    int next_row;
    int gave_up, finished;
} cvp_png;

static void cvp_close(cvp_png *png) {
    if (png->ctx) spng_ctx_free(png->ctx);
    png->ctx = NULL;
    if (png->file) fclose(png->file);
    png->file = NULL;
}

/* Lets go of one owner's hold; the last frees it. */
static inline void cvp_release(cvp_png *png) {
    if (!png || !g_atomic_int_dec_and_test(&png->owners)) return;
    cvp_close(png);
    g_mutex_clear(&png->lock);
    free(png);
}

static inline int cvp_gave_up(const cvp_png *png) { return png->gave_up; }
static inline int cvp_finished(const cvp_png *png) { return png->finished; }

/* The libspng format that gives libpng's layout as libvips sets it up, and its bands; -1 when none does. */
static int cvp_format(const struct spng_ihdr *ihdr, int has_trns, int *bands, int *sixteen) {
    *sixteen = ihdr->bit_depth == 16;
    switch (ihdr->color_type) {
    case SPNG_COLOR_TYPE_GRAYSCALE:
        *bands = has_trns ? 2 : 1;
        if (*sixteen) return has_trns ? SPNG_FMT_GA16 : SPNG_FMT_PNG;
        return has_trns ? SPNG_FMT_GA8 : SPNG_FMT_G8;
    case SPNG_COLOR_TYPE_TRUECOLOR:
        *bands = has_trns ? 4 : 3;
        if (*sixteen) return has_trns ? SPNG_FMT_RGBA16 : SPNG_FMT_PNG;
        return has_trns ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8;
    case SPNG_COLOR_TYPE_INDEXED:
        *sixteen = 0;
        *bands = has_trns ? 4 : 3;
        return has_trns ? SPNG_FMT_RGBA8 : SPNG_FMT_RGB8;
    case SPNG_COLOR_TYPE_GRAYSCALE_ALPHA:
        *bands = 2;
        return SPNG_FMT_PNG;
    case SPNG_COLOR_TYPE_TRUECOLOR_ALPHA:
        *bands = 4;
        return SPNG_FMT_PNG;
    default:
        return -1;
    }
}

/* Opens the PNG at `path` for its rows, or NULL when this way does not apply (interlaced, larger than
   `max_pixels`, or anything libspng refuses in the header). */
static inline cvp_png *cvp_open(const char *path, double max_pixels) {
    cvp_png *png = calloc(1, sizeof *png);
    if (!png) return NULL;
    g_mutex_init(&png->lock);
    png->owners = 1;
    png->file = fopen(path, "rb");
    png->ctx = png->file ? spng_ctx_new(0) : NULL;
    struct spng_ihdr ihdr;
    struct spng_trns trns;
    if (!png->ctx || spng_set_png_file(png->ctx, png->file) || spng_get_ihdr(png->ctx, &ihdr) ||
        ihdr.interlace_method != SPNG_INTERLACE_NONE || (double) ihdr.width * ihdr.height > max_pixels) {
        cvp_release(png);
        return NULL;
    }
    int has_trns = spng_get_trns(png->ctx, &trns) == 0;
    png->format = cvp_format(&ihdr, has_trns, &png->bands, &png->sixteen);
    png->width = (int) ihdr.width;
    png->height = (int) ihdr.height;
    size_t size;
    if (png->format < 0 || spng_decoded_image_size(png->ctx, png->format, &size) ||
        spng_decode_image(png->ctx, NULL, 0, png->format, SPNG_DECODE_PROGRESSIVE | (has_trns ? SPNG_DECODE_TRNS : 0))) {
        cvp_release(png);
        return NULL;
    }
    png->row_bytes = size / ihdr.height;
    if (png->row_bytes != (size_t) png->width * png->bands * (png->sixteen ? 2 : 1)) {
        cvp_release(png);
        return NULL;
    }
    return png;
}

/* Rows `r` into the region, in order (the image is read through vips_sequential). */
static int cvp_rows(cvp_png *png, VipsRegion *out, const VipsRect *r) {
    if (png->gave_up || !png->ctx || r->left != 0 || r->width != png->width) return -1;
    for (int row = r->top; row < VIPS_RECT_BOTTOM(r); row++) {
        if (row != png->next_row) return -1;
        int status = spng_decode_row(png->ctx, VIPS_REGION_ADDR(out, 0, row), png->row_bytes);
        png->next_row++;
        /* SPNG_EOI comes with the last row; before it, it means rows are missing. */
        if (status != 0 && !(status == SPNG_EOI && png->next_row == png->height)) return -1;
    }
    if (png->next_row == png->height) {
        /* The chunks after the image data, to the end: the last IDAT's checksum is checked there (libpng
           refuses a wrong one in the image data). */
        if (spng_decode_chunks(png->ctx)) return -1;
        png->finished = 1;
        cvp_close(png);
    }
    return 0;
}

static int cvp_generate(VipsRegion *out, void *seq, void *a, void *b, gboolean *stop) {
    (void) seq;
    (void) b;
    (void) stop;
    cvp_png *png = a;
    g_mutex_lock(&png->lock);
    int status = cvp_rows(png, out, &out->valid);
    if (status) png->gave_up = 1;
    g_mutex_unlock(&png->lock);
    if (status) vips_error("pngrows", "libspng could not decode the rows");
    return status;
}

static void cvp_image_closed(VipsImage *image, cvp_png *png) {
    (void) image;
    cvp_release(png);
}

/* The rows as an image with `fields`' metadata (libvips' own load of the file, whose pixels are never
   computed): the same size, bands, format and interpretation, or NULL when libvips reads the file otherwise.
   The image holds the decoder until it closes. */
static inline VipsImage *cvp_image(cvp_png *png, VipsImage *fields) {
    VipsBandFormat format = png->sixteen ? VIPS_FORMAT_USHORT : VIPS_FORMAT_UCHAR;
    if (vips_image_get_width(fields) != png->width || vips_image_get_height(fields) != png->height ||
        vips_image_get_bands(fields) != png->bands || vips_image_get_format(fields) != format)
        return NULL;
    VipsImage *image = vips_image_new();
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_THINSTRIP, fields, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    g_atomic_int_inc(&png->owners);
    g_signal_connect(image, "close", G_CALLBACK(cvp_image_closed), png);
    VipsImage *ordered = NULL;
    if (vips_image_generate(image, NULL, cvp_generate, NULL, png, NULL) ||
        vips_sequential(image, &ordered, "tile_height", 8, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    g_object_unref(image);
    return ordered;
}

#endif
