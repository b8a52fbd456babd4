/* CJPEGCut: the crop of an 8-bit JPEG decoded by libjpeg for the crop alone, a row at a time (no libvips). */
#ifndef CJPEGCUT_ROWS_H
#define CJPEGCUT_ROWS_H
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/* A full decode reads every row from the top down to the crop's last one, each across the whole width. Here
   the rows above the crop are only entropy-decoded (jpeg_skip_scanlines), only the crop's columns go through
   the inverse DCT, the chroma upsampling and the colour conversion (jpeg_crop_scanline), and nothing below
   the crop's last row is read beyond what libjpeg needs to finish it.

   The pixels are those of a full decode by the same library with the same settings (libjpeg's defaults: the
   accurate integer DCT, fancy upsampling, block smoothing). Upsampling a chroma sample reads its neighbours,
   the smoothing libjpeg gives a progressive file whose last scans are missing reads two blocks on each side,
   and libjpeg takes the edge of a cut as the picture's edge, so the cut is widened by two iMCUs (the block of
   pixels one MCU covers) on each side and starts decoding two iMCU rows above the crop; those margins are
   decoded and dropped, so every pixel of the crop has the neighbours a full decode gives it.

   Anything libjpeg warns about (data it repairs, data that is missing) makes the cut give up, so that the
   caller takes the full decode's way for that file. Shared by libvips' export (CVips/jpegcut.h) and the lean
   decoder (crop-editor-jpegcut). */

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} cjr_error;

typedef struct {
    struct jpeg_decompress_struct info;
    cjr_error error;
    FILE *file;
    int decompressing;
    /* The crop on the stored grid, and where its first column sits in a decoded row. */
    int x, y, width, height, skip_left;
    /* Samples in a decoded row: the crop's columns with their margins. */
    size_t row_size;
    int components;
    /* The stored row the next jpeg_read_scanlines returns. */
    int next_row;
    JSAMPLE *row;
    int gave_up, finished;
    char message[JMSG_LENGTH_MAX];
} cjr_rows;

static void cjr_give_up(j_common_ptr info) {
    cjr_rows *cut = (cjr_rows *) ((char *) info->err - offsetof(cjr_rows, error));
    cut->gave_up = 1;
    info->err->format_message(info, cut->message);
    longjmp(cut->error.escape, 1);
}

/* A warning (level < 0) is a repair or missing data: give up. Trace messages are nothing. */
static void cjr_message(j_common_ptr info, int level) {
    if (level < 0) cjr_give_up(info);
}

/* Ends the decoder and closes the file; the row stays. */
static inline void cjr_end(cjr_rows *cut) {
    if (cut->decompressing) {
        /* Abort, not finish: finishing would decode the rows below the crop. */
        jpeg_abort_decompress(&cut->info);
        jpeg_destroy_decompress(&cut->info);
        cut->decompressing = 0;
    }
    if (cut->file) fclose(cut->file);
    cut->file = NULL;
}

static inline void cjr_close(cjr_rows *cut) {
    cjr_end(cut);
    free(cut->row);
    cut->row = NULL;
}

/* Starts reading the JPEG at `path` with libjpeg's errors and warnings turned into giving up; `markers`
   keeps the APP1, APP2, APP13 and APP14 segments for the caller. 0, or -1 with nothing left open. The caller
   reads the header itself; `cut` starts zeroed, and the caller's setjmp on cut->error.escape is in place. */
static inline int cjr_start(cjr_rows *cut, const char *path, int markers) {
    cut->file = fopen(path, "rb");
    if (!cut->file) return -1;
    cut->info.err = jpeg_std_error(&cut->error.base);
    cut->error.base.error_exit = cjr_give_up;
    cut->error.base.emit_message = cjr_message;
    jpeg_create_decompress(&cut->info);
    cut->decompressing = 1;
    jpeg_stdio_src(&cut->info, cut->file);
    if (markers) {
        jpeg_save_markers(&cut->info, JPEG_APP0 + 1, 0xffff);
        jpeg_save_markers(&cut->info, JPEG_APP0 + 2, 0xffff);
        jpeg_save_markers(&cut->info, JPEG_APP0 + 13, 0xffff);
        jpeg_save_markers(&cut->info, JPEG_APP0 + 14, 0xffff);
    }
    return 0;
}

/* Whether the header read is an 8-bit YCbCr, RGB or greyscale JPEG this way decodes (setting its output colour
   space), and the crop lies inside it. */
static inline int cjr_decodable(cjr_rows *cut, int x, int y, int w, int h) {
    struct jpeg_decompress_struct *info = &cut->info;
    if (info->jpeg_color_space == JCS_YCbCr || info->jpeg_color_space == JCS_RGB) {
        if (info->num_components != 3) return 0;
        info->out_color_space = JCS_RGB;
    } else if (info->jpeg_color_space == JCS_GRAYSCALE) {
        info->out_color_space = JCS_GRAYSCALE;
    } else {
        return 0;
    }
    return !(info->data_precision != 8 || x < 0 || y < 0 || w <= 0 || h <= 0 || (JDIMENSION) x > info->image_width ||
             (JDIMENSION) w > info->image_width - (JDIMENSION) x || (JDIMENSION) y > info->image_height ||
             (JDIMENSION) h > info->image_height - (JDIMENSION) y);
}

/* After the header: decodes down to the stored crop (x, y, w, h), ready for its rows. Must run under the
   caller's setjmp on cut->error.escape; -1 when this way does not apply. */
static inline int cjr_seek(cjr_rows *cut, int x, int y, int w, int h) {
    struct jpeg_decompress_struct *info = &cut->info;
    if (!cjr_decodable(cut, x, y, w, h)) return -1;
    cut->x = x;
    cut->y = y;
    cut->width = w;
    cut->height = h;
    jpeg_start_decompress(info);
    cut->components = info->output_components;
    int imcu_width = info->max_h_samp_factor * DCTSIZE, imcu_height = info->max_v_samp_factor * DCTSIZE;
    int margin = 2 * imcu_width;
    int left = x > margin ? x - margin : 0;
    int right = x + w + margin < (int) info->output_width ? x + w + margin : (int) info->output_width;
    JDIMENSION crop_left = (JDIMENSION) left, crop_width = (JDIMENSION) (right - left);
    jpeg_crop_scanline(info, &crop_left, &crop_width);
    if ((int) crop_left > x || (int) (crop_left + crop_width) < x + w) return -1;
    cut->skip_left = x - (int) crop_left;
    cut->row_size = (size_t) crop_width * (size_t) cut->components;
    cut->row = malloc(cut->row_size);
    if (!cut->row) return -1;
    int first = y > 2 * imcu_height ? y - 2 * imcu_height : 0;
    if (first > 0 && jpeg_skip_scanlines(info, (JDIMENSION) first) != (JDIMENSION) first) return -1;
    cut->next_row = first;
    while (cut->next_row < y) {
        JSAMPROW line = cut->row;
        if (jpeg_read_scanlines(info, &line, 1) != 1) return -1;
        cut->next_row++;
    }
    return 0;
}

/* Opens the JPEG at `path` and decodes down to the stored crop, ready for its rows: 0, or -1 with nothing left
   open when this way does not apply (not an 8-bit YCbCr, RGB or greyscale JPEG, a warning in the header or
   in the data above the crop, a crop outside the picture). */
static inline int cjr_open(cjr_rows *cut, const char *path, int x, int y, int w, int h) {
    if (setjmp(cut->error.escape)) {
        cjr_close(cut);
        return -1;
    }
    if (cjr_start(cut, path, 0)) {
        cjr_close(cut);
        return -1;
    }
    jpeg_read_header(&cut->info, TRUE);
    if (cjr_seek(cut, x, y, w, h)) {
        cjr_close(cut);
        return -1;
    }
    return 0;
}

/* The crop's next row decoded into `buffer` (`row_size` samples): where its `width` pixels start in it, or NULL
   when libjpeg failed or warned (`gave_up`, `message`). */
static inline const JSAMPLE *cjr_next_into(cjr_rows *cut, JSAMPLE *buffer) {
    if (cut->gave_up || !cut->decompressing) return NULL;
    if (setjmp(cut->error.escape)) return NULL;
    JSAMPROW line = buffer;
    if (cut->next_row >= cut->y + cut->height || jpeg_read_scanlines(&cut->info, &line, 1) != 1) {
        cut->gave_up = 1;
        snprintf(cut->message, sizeof cut->message, "no row came");
        return NULL;
    }
    cut->next_row++;
    return buffer + (size_t) cut->skip_left * (size_t) cut->components;
}

/* The crop's next row, decoded into the cut's own row. */
static inline const JSAMPLE *cjr_next(cjr_rows *cut) { return cjr_next_into(cut, cut->row); }

/* Marks the cut finished once its last row was taken; the decoder is closed (the row stays the caller's
   until then). */
static inline void cjr_done(cjr_rows *cut) {
    if (cut->next_row != cut->y + cut->height) return;
    cut->finished = 1;
    cjr_end(cut);
}
#endif
