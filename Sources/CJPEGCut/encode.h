/* CJPEGCut: the lean decoder's encode, libvips 8.14's jpegsave settings with libjpeg, fed by a decoding thread. */
#ifndef CJPEGCUT_ENCODE_H
#define CJPEGCUT_ENCODE_H
#include "lean.h"

/* The largest APP segment libvips writes whole, and the XMP it still writes. */
#define CJL_MARKER_LIMIT 65533
#define CJL_XMP_LIMIT 60000
/* Rows the decoding thread may run ahead of the encoder. */
#define CJL_AHEAD 64

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
} cjl_error;

static void cjl_fail(j_common_ptr info) { longjmp(((cjl_error *) info->err)->escape, 1); }
static void cjl_quiet(j_common_ptr info, int level) {
    if (level < 0) longjmp(((cjl_error *) info->err)->escape, 1);
}

/* The rows passed from the decoding thread to the encoder. */
typedef struct {
    cjl_source *source;
    pthread_mutex_t lock;
    pthread_cond_t changed;
    /* CJL_AHEAD decoded rows (with their margins), and where each crop row starts in its slot. */
    unsigned char *ring;
    size_t slot, skip;
    int decoded, encoded, failed, stop;
} cjl_pipe;

static void *cjl_decode(void *argument) {
    cjl_pipe *pipe = argument;
    cjr_rows *rows = &pipe->source->rows;
    for (int row = 0; row < rows->height; row++) {
        pthread_mutex_lock(&pipe->lock);
        while (row - pipe->encoded >= CJL_AHEAD && !pipe->stop) pthread_cond_wait(&pipe->changed, &pipe->lock);
        int stop = pipe->stop;
        pthread_mutex_unlock(&pipe->lock);
        /* The slot's last row was encoded: the decoder writes it outside the lock. */
        const JSAMPLE *line = stop ? NULL : cjr_next_into(rows, pipe->ring + (size_t) (row % CJL_AHEAD) * pipe->slot);
        pthread_mutex_lock(&pipe->lock);
        if (line) {
            pipe->decoded = row + 1;
        } else {
            pipe->failed = 1;
        }
        pthread_cond_broadcast(&pipe->changed);
        pthread_mutex_unlock(&pipe->lock);
        if (!line) return NULL;
    }
    cjr_done(rows);
    return NULL;
}

/* The metadata libvips' save writes after the start of frame's tables: EXIF (rewritten), XMP, IPTC, ICC. */
static inline int cjl_metadata(cjl_source *source, j_compress_ptr c, int width, int height) {
    unsigned int size = 0;
    unsigned char *exif = cje_update(&source->state, source->exif, source->exif_size, width, height, &size);
    if (!exif) return -1;
    if (size <= CJL_MARKER_LIMIT) jpeg_write_marker(c, JPEG_APP0 + 1, exif, size);
    free(exif);
    if (source->xmp && source->xmp_size <= CJL_XMP_LIMIT) {
        static const char url[] = "http://ns.adobe.com/xap/1.0/";
        size_t length = sizeof url + source->xmp_size;
        unsigned char *packet = malloc(length);
        if (!packet) return -1;
        memcpy(packet, url, sizeof url);
        memcpy(packet + sizeof url, source->xmp, source->xmp_size);
        jpeg_write_marker(c, JPEG_APP0 + 1, packet, (unsigned int) length);
        free(packet);
    }
    if (source->iptc && source->iptc_size <= CJL_MARKER_LIMIT)
        jpeg_write_marker(c, JPEG_APP0 + 13, source->iptc, (unsigned int) source->iptc_size);
    if (source->icc) jpeg_write_icc_profile(c, source->icc, (unsigned int) source->icc_size);
    return 0;
}

/* A crop decoded whole and turned as shown (`cjl_turn`). */
typedef struct {
    unsigned char *pixels;
    int width, height;
} cjl_turned;

/* The crop's rows decoded whole and turned as libvips' rot (clockwise quarter turns) then a left-right flip
   show it: `quarters` 0 to 3. 0, or -1 (libjpeg warned or failed, or no memory). */
static inline int cjl_turn(cjl_source *source, int quarters, int mirrors, cjl_turned *turned) {
    cjr_rows *rows = &source->rows;
    int w = rows->width, h = rows->height, n = rows->components;
    unsigned char *whole = malloc((size_t) w * (size_t) h * (size_t) n);
    turned->width = quarters % 2 ? h : w;
    turned->height = quarters % 2 ? w : h;
    turned->pixels = malloc((size_t) w * (size_t) h * (size_t) n);
    if (!whole || !turned->pixels) {
        free(whole);
        return -1;
    }
    for (int y = 0; y < h; y++) {
        const JSAMPLE *line = cjr_next(rows);
        if (!line) {
            free(whole);
            return -1;
        }
        memcpy(whole + (size_t) y * (size_t) w * (size_t) n, line, (size_t) w * (size_t) n);
    }
    cjr_done(rows);
    int ow = turned->width, oh = turned->height;
    for (int y = 0; y < oh; y++) {
        for (int x = 0; x < ow; x++) {
            int sx = mirrors ? ow - 1 - x : x, ix, iy;
            if (quarters == 0) ix = sx, iy = y;
            else if (quarters == 1) ix = y, iy = h - 1 - sx;
            else if (quarters == 2) ix = w - 1 - sx, iy = h - 1 - y;
            else ix = w - 1 - y, iy = sx;
            memcpy(turned->pixels + ((size_t) y * (size_t) ow + (size_t) x) * (size_t) n,
                   whole + ((size_t) iy * (size_t) w + (size_t) ix) * (size_t) n, (size_t) n);
        }
    }
    free(whole);
    return 0;
}

/* libvips' jpegsave settings by default: standard Huffman tables, no restart markers, no JFIF header beside the
   EXIF, 4:4:4 from quality 90. */
static inline void cjl_settings(j_compress_ptr c, int width, int height, int components, int quality) {
    c->image_width = (JDIMENSION) width;
    c->image_height = (JDIMENSION) height;
    c->input_components = components;
    c->in_color_space = components == 3 ? JCS_RGB : JCS_GRAYSCALE;
    jpeg_set_defaults(c);
    c->optimize_coding = FALSE;
    jpeg_set_quality(c, quality, TRUE);
    if (quality >= 90)
        for (int i = 0; i < components; i++) c->comp_info[i].h_samp_factor = c->comp_info[i].v_samp_factor = 1;
    c->write_JFIF_header = FALSE;
}

/* Encodes the crop opened by `cjl_seek` into `out` at `quality`, as libvips' jpegsave does by default (standard
   Huffman tables, no restart markers, no JFIF header beside the EXIF, 4:4:4 from quality 90), with its
   metadata unless `strip`. The crop's rows are decoded by a thread of their own as the encoder takes them, or
   come from `turned` when it was turned first.
   0, or -1 with `why` set. */
static inline int cjl_encode(cjl_source *source, const cjl_turned *turned, FILE *out, int quality, int strip,
                             const char **why) {
    cjr_rows *rows = &source->rows;
    int width = turned ? turned->width : rows->width, height = turned ? turned->height : rows->height;
    struct jpeg_compress_struct c;
    cjl_error error;
    cjl_pipe pipe = {
        .source = source, .slot = rows->row_size, .skip = (size_t) rows->skip_left * (size_t) rows->components};
    volatile int started = 0;
    pipe.ring = malloc(pipe.slot * CJL_AHEAD);
    if (!pipe.ring) return -1;
    pthread_mutex_init(&pipe.lock, NULL);
    pthread_cond_init(&pipe.changed, NULL);
    pthread_t decoder;
    c.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjl_fail;
    error.base.emit_message = cjl_quiet;
    volatile int status = -1;
    if (setjmp(error.escape)) {
        *why = "libjpeg could not encode";
        goto done;
    }
    jpeg_create_compress(&c);
    cjl_settings(&c, width, height, rows->components, quality);
    jpeg_stdio_dest(&c, out);
    jpeg_start_compress(&c, TRUE);
    if (!strip && cjl_metadata(source, &c, width, height)) {
        *why = "EXIF this decoder does not rewrite";
        goto done;
    }
    if (turned) {
        for (int row = 0; row < height; row++) {
            JSAMPROW line = turned->pixels + (size_t) row * (size_t) width * (size_t) rows->components;
            jpeg_write_scanlines(&c, &line, 1);
        }
        jpeg_finish_compress(&c);
        status = 0;
        goto done;
    }
    if (pthread_create(&decoder, NULL, cjl_decode, &pipe)) goto done;
    started = 1;
    for (int row = 0; row < rows->height; row++) {
        pthread_mutex_lock(&pipe.lock);
        while (pipe.decoded <= row && !pipe.failed) pthread_cond_wait(&pipe.changed, &pipe.lock);
        int failed = pipe.decoded <= row;
        pthread_mutex_unlock(&pipe.lock);
        if (failed) {
            *why = "a warning or an error from libjpeg";
            goto done;
        }
        JSAMPROW line = pipe.ring + (size_t) (row % CJL_AHEAD) * pipe.slot + pipe.skip;
        jpeg_write_scanlines(&c, &line, 1);
        pthread_mutex_lock(&pipe.lock);
        pipe.encoded = row + 1;
        pthread_cond_broadcast(&pipe.changed);
        pthread_mutex_unlock(&pipe.lock);
    }
    jpeg_finish_compress(&c);
    status = 0;
done:
    if (started) {
        pthread_mutex_lock(&pipe.lock);
        pipe.stop = 1;
        pthread_cond_broadcast(&pipe.changed);
        pthread_mutex_unlock(&pipe.lock);
        pthread_join(decoder, NULL);
    }
    jpeg_destroy_compress(&c);
    pthread_mutex_destroy(&pipe.lock);
    pthread_cond_destroy(&pipe.changed);
    free(pipe.ring);
    return status;
}

/* After `cjl_open`: decodes down to the stored crop (x, y, w, h). 0, or -1 when this way does not apply. */
static inline int cjl_seek(cjl_source *source, int x, int y, int w, int h) {
    cjr_rows *rows = &source->rows;
    if (setjmp(rows->error.escape)) return -1;
    return cjr_seek(rows, x, y, w, h);
}
#endif
