/* CTurboJPEG: decoding one region of a JPEG with libjpeg-turbo's partial decoding, for a zoomed view. */
#ifndef CTURBOJPEG_REGION_H
#define CTURBOJPEG_REGION_H
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* libjpeg reports fatal errors through error_exit, which must not return: jump back instead. */
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} cjr_error;

static void cjr_error_exit(j_common_ptr info) { longjmp(((cjr_error *) info->err)->escape, 1); }
static void cjr_quiet(j_common_ptr info, int level) { (void) info; (void) level; }

/* What cjr_decode made: RGBA rows of `width` x `height` pixels whose top-left is (`left`, `top`) in the
   picture scaled by 1/denominator, which is `scaled_width` x `scaled_height`. */
typedef struct {
    unsigned char *pixels;
    int width, height, left, top, scaled_width, scaled_height;
} cjr_region;

/* Decodes the stored-pixel rectangle (x, y, w, h) of the JPEG at `path`, scaled by 1/`denominator`
   (1, 2, 4 or 8: libjpeg's DCT scaling), as RGBA. Rows above the region are skipped without their
   colour conversion and rows below are never read (jpeg_skip_scanlines, jpeg_crop_scanline), so
   memory holds the region only, whatever the picture's size. The columns are widened to whole
   blocks; `out` says which. Returns 0 on success; -1 for a file libjpeg cannot decode this way
   (CMYK, say), for which the caller has another path. */
static inline int cjr_decode(const char *path, int x, int y, int w, int h, int denominator, cjr_region *out) {
    memset(out, 0, sizeof *out);
    FILE *file = fopen(path, "rb");
    if (!file) return -1;
    struct jpeg_decompress_struct info;
    cjr_error error;
    /* volatile: changed after setjmp and read after a longjmp. */
    unsigned char *volatile pixels = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjr_error_exit;
    error.base.emit_message = cjr_quiet;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(pixels);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    jpeg_read_header(&info, TRUE);
    if (info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK) longjmp(error.escape, 1);
    info.scale_num = 1;
    info.scale_denom = (unsigned int) denominator;
    info.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    int scaled_w = (int) info.output_width, scaled_h = (int) info.output_height;
    int left = x / denominator, top = y / denominator;
    int right = (x + w + denominator - 1) / denominator, bottom = (y + h + denominator - 1) / denominator;
    if (right > scaled_w) right = scaled_w;
    if (bottom > scaled_h) bottom = scaled_h;
    if (left >= right || top >= bottom) longjmp(error.escape, 1);
    JDIMENSION crop_left = (JDIMENSION) left, crop_width = (JDIMENSION) (right - left);
    jpeg_crop_scanline(&info, &crop_left, &crop_width);
    if (top > 0) jpeg_skip_scanlines(&info, (JDIMENSION) top);
    int rows = bottom - top;
    size_t stride = (size_t) crop_width * 4;
    pixels = malloc(stride * (size_t) rows);
    if (!pixels) longjmp(error.escape, 1);
    for (int row = 0; row < rows; ) {
        JSAMPROW line = pixels + (size_t) row * stride;
        JDIMENSION got = jpeg_read_scanlines(&info, &line, 1);
        if (got == 0) longjmp(error.escape, 1);
        row += (int) got;
    }
    /* The rest is never read: abort rather than finish (which would decode it). */
    jpeg_abort_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    out->pixels = pixels;
    out->width = (int) crop_width;
    out->height = rows;
    out->left = (int) crop_left;
    out->top = top;
    out->scaled_width = scaled_w;
    out->scaled_height = scaled_h;
    return 0;
}
#endif
