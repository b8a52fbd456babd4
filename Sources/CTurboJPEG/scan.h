/* CTurboJPEG: reading a JPEG's whole image data once with libjpeg, to tell the damage it repairs from data that is missing. */
#ifndef CTURBOJPEG_SCAN_H
#define CTURBOJPEG_SCAN_H
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* What one pass over a JPEG found. libjpeg's warnings are repairs (extraneous bytes skipped, a damaged
   stretch filled with grey, a lost restart resynchronized): the picture is all there, as every viewer
   shows it. Two things are not repairs: the image data ending before the picture does (the end of the
   file, or an end-of-image marker, with whole rows of blocks still to come), and libjpeg giving up. */
typedef struct {
    int warnings;
    int cut_short;
    int failed;
    /* Why it is cut short or failed, else the first warning, in libjpeg's words. */
    char message[JMSG_LENGTH_MAX];
} cjs_report;

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    cjs_report *report;
} cjs_error;

static void cjs_error_exit(j_common_ptr info) {
    cjs_error *error = (cjs_error *) info->err;
    error->report->failed = 1;
    info->err->format_message(info, error->report->message);
    longjmp(error->escape, 1);
}

/* Rows of blocks the decoder had yet to read when the data stopped: more than the last one means rows are
   missing, not a final block padded short by a careless encoder. */
static int cjs_rows_missing(j_decompress_ptr info) {
    return (int) info->total_iMCU_rows - (int) info->input_iMCU_row > 1;
}

static void cjs_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    cjs_error *error = (cjs_error *) info->err;
    j_decompress_ptr decompress = (j_decompress_ptr) info;
    int code = info->err->msg_code;
    error->report->warnings++;
    int at_end = code == JWRN_JPEG_EOF
        || (code == JWRN_HIT_MARKER && decompress->unread_marker == JPEG_EOI && cjs_rows_missing(decompress))
        || (code == JWRN_MUST_RESYNC && info->err->msg_parm.i[0] == JPEG_EOI && cjs_rows_missing(decompress));
    if (at_end || error->report->warnings == 1) info->err->format_message(info, error->report->message);
    if (at_end) {
        error->report->cut_short = 1;
        longjmp(error->escape, 1);
    }
}

/* Decodes the JPEG at `path` once, at 1/8 scale (the entropy-coded data is read in full either way, and
   the small output is cheap), and reports what libjpeg met. */
static inline void cjs_scan(const char *path, cjs_report *report) {
    memset(report, 0, sizeof *report);
    FILE *file = fopen(path, "rb");
    if (!file) {
        report->failed = 1;
        snprintf(report->message, sizeof report->message, "the file could not be read");
        return;
    }
    struct jpeg_decompress_struct info;
    cjs_error error;
    /* volatile: changed after setjmp and read after a longjmp. */
    JSAMPLE *volatile row = NULL;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjs_error_exit;
    error.base.emit_message = cjs_emit_message;
    error.report = report;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        fclose(file);
        free(row);
        return;
    }
    jpeg_create_decompress(&info);
    jpeg_stdio_src(&info, file);
    if (jpeg_read_header(&info, TRUE) != JPEG_HEADER_OK) {
        report->failed = 1;
        snprintf(report->message, sizeof report->message, "the file holds no image");
        longjmp(error.escape, 1);
    }
    info.scale_num = 1;
    info.scale_denom = 8;
    info.dct_method = JDCT_IFAST;
    info.do_fancy_upsampling = FALSE;
    jpeg_start_decompress(&info);
    row = malloc((size_t) info.output_width * (size_t) info.output_components);
    if (!row) {
        report->failed = 1;
        snprintf(report->message, sizeof report->message, "out of memory");
        longjmp(error.escape, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    fclose(file);
    free(row);
}
#endif
