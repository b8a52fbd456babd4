/* CJPEGCut: the lean decoder's JPEG-to-JPEG crop: the header as libvips reads it, the crop's rows, libvips' jpegsave settings. */
#ifndef CJPEGCUT_LEAN_H
#define CJPEGCUT_LEAN_H
#include <pthread.h>
#include "exifsave.h"
#include "rows.h"

#define CJL_SECTIONS 256

/* A JPEG as libvips' load sees it before a pixel is decoded: its size, bands, and the metadata its save writes. */
typedef struct {
    cjr_rows rows;
    int width, height, components;
    int orientation;
    /* Set when this file is one libvips' way must make (CMYK, 12 bits, an MPF index, a warning...). */
    const char *refused;
    unsigned char *exif, *xmp, *icc, *iptc;
    size_t exif_size, xmp_size, icc_size, iptc_size;
    cje_state state;
} cjl_source;

static inline void cjl_free(cjl_source *source) {
    cjr_close(&source->rows);
    free(source->exif);
    free(source->xmp);
    free(source->icc);
    free(source->iptc);
    free(source->state.fields);
    free(source->state.thumbnail);
    memset(source, 0, sizeof *source);
}

static inline unsigned char *cjl_copy(const unsigned char *data, size_t size) {
    unsigned char *copy = malloc(size ? size : 1);
    if (copy) memcpy(copy, data, size);
    return copy;
}

/* The APP segments as libvips' load keeps them: the first EXIF, the first XMP, the ICC profile's chunks in
   order, the first IPTC block. An MPF index or a gain map is the full export's. */
static inline void cjl_markers(cjl_source *source) {
    const unsigned char *chunks[CJL_SECTIONS] = {0};
    size_t chunk_sizes[CJL_SECTIONS] = {0};
    for (jpeg_saved_marker_ptr m = source->rows.info.marker_list; m; m = m->next) {
        const unsigned char *d = m->data;
        size_t n = m->data_length;
        if (m->marker == JPEG_APP0 + 1 && n > 4 && !memcmp(d, "Exif", 4) && !source->exif) {
            source->exif = cjl_copy(d, n);
            source->exif_size = n;
        } else if (m->marker == JPEG_APP0 + 1 && n > 4 && !memcmp(d, "http", 4) && !source->xmp) {
            size_t i = 0, limit = n - 2 < 80 ? n - 2 : 80;
            while (i < limit && d[i]) i++;
            if (d[i] == 0 && n - i - 1 > 0) {
                source->xmp = cjl_copy(d + i + 1, n - i - 1);
                source->xmp_size = n - i - 1;
            }
        } else if (m->marker == JPEG_APP0 + 2 && n > 14 && !memcmp(d, "ICC_PROFILE", 11)) {
            int index = d[12] - 1;
            if (index >= 0 && index < CJL_SECTIONS) {
                chunks[index] = d + 14;
                chunk_sizes[index] = n - 14;
            }
        } else if (m->marker == JPEG_APP0 + 2 && n >= 4 && !memcmp(d, "MPF", 4)) {
            source->refused = "an MPF index";
        } else if (m->marker == JPEG_APP0 + 13 && n > 5 && !memcmp(d, "Photo", 5) && !source->iptc) {
            source->iptc = cjl_copy(d, n);
            source->iptc_size = n;
        }
    }
    size_t total = 0;
    for (int i = 0; i < CJL_SECTIONS && chunks[i]; i++) total += chunk_sizes[i];
    if (total > 0 && (source->icc = malloc(total))) {
        for (int i = 0; i < CJL_SECTIONS && chunks[i]; i++) {
            memcpy(source->icc + source->icc_size, chunks[i], chunk_sizes[i]);
            source->icc_size += chunk_sizes[i];
        }
    }
}

/* The resolution from the JFIF header, as libvips takes it before the EXIF's (72 dpi when there is none). */
static inline void cjl_density(cjl_source *source) {
    struct jpeg_decompress_struct *info = &source->rows.info;
    cje_state *s = &source->state;
    s->xres = s->yres = 72.0 / 25.4;
    if (!info->saw_JFIF_marker || info->X_density == 1U || info->Y_density == 1U) return;
    if (info->density_unit == 0) {
        if (info->Y_density > 0) s->yres = s->xres * info->X_density / info->Y_density;
    } else if (info->density_unit == 1) {
        s->xres = info->X_density / 25.4;
        s->yres = info->Y_density / 25.4;
        snprintf(s->unit, sizeof s->unit, "in");
    } else if (info->density_unit == 2) {
        s->xres = info->X_density / 10.0;
        s->yres = info->Y_density / 10.0;
        snprintf(s->unit, sizeof s->unit, "cm");
    }
}

/* Reads `path`'s header: 0 with `source` filled (`refused` says when libvips' way must take it), -1 when it
   cannot be read here at all. The decoder stays open for `cjl_seek`. */
static inline int cjl_open(cjl_source *source, const char *path) {
    memset(source, 0, sizeof *source);
    source->state.fields = calloc(CJE_MAX_FIELDS, sizeof(cje_field));
    if (!source->state.fields) return -1;
    cjr_rows *rows = &source->rows;
    if (setjmp(rows->error.escape)) {
        source->refused = "a warning or an error from libjpeg";
        return 0;
    }
    if (cjr_start(rows, path, 1)) return -1;
    jpeg_read_header(&rows->info, TRUE);
    struct jpeg_decompress_struct *info = &rows->info;
    source->width = (int) info->image_width;
    source->height = (int) info->image_height;
    source->components = info->num_components;
    source->orientation = 1;
    if (!cjr_decodable(rows, 0, 0, 1, 1)) source->refused = "not an 8-bit YCbCr, RGB or greyscale JPEG";
    else if (info->saw_JFIF_marker && info->density_unit > 2) source->refused = "an unknown JFIF unit";
    cjl_density(source);
    cjl_markers(source);
    if (source->exif && !source->refused) {
        if (cje_parse(&source->state, source->exif, source->exif_size)) source->refused = "EXIF libvips cannot read";
        source->orientation = source->state.orientation ? source->state.orientation : 1;
    }
    if (source->state.refused) source->refused = "EXIF this decoder does not rewrite";
    return 0;
}
#endif
