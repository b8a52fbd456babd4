/* CTurboJPEG: a lossless crop written straight from the source's coefficients, without the copy of the crop TurboJPEG makes first. */
#ifndef CTURBOJPEG_CROP_H
#define CTURBOJPEG_CROP_H
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* TurboJPEG's crop at an offset (transupp's) first copies the crop's coefficients into arrays of their own,
   then writes those: for a 24-megapixel photo cropped to 12, some 54 MB to allocate, zero and fill on top of the
   source's 72 MB. Here the compressor is handed the source's own arrays, and its one way of reading them
   (the memory manager's access_virt_barray) is wrapped to answer each row of the crop with the source's row at
   the crop's offset. The coefficients written are the same ones, in the same order; so are the markers copied
   (as transupp copies them). The offset must be on the block grid of every component (whole MCUs). */

typedef struct {
    struct jpeg_error_mgr base;
    /* One for both objects: an error in either ends the crop. */
    jmp_buf *escape;
    int warnings;
    char *message;
} cjc_error;

static void cjc_error_exit(j_common_ptr info) {
    cjc_error *error = (cjc_error *) info->err;
    info->err->format_message(info, error->message);
    longjmp(*error->escape, 1);
}

/* Warnings (libjpeg's repairs) are counted, the first one's words kept; the caller decides what they mean. */
static void cjc_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    cjc_error *error = (cjc_error *) info->err;
    if (error->warnings++ == 0) info->err->format_message(info, error->message);
}

/* `error` set up to report into `message` and end by `escape`: the error manager of one of the crop's objects. */
static struct jpeg_error_mgr *cjc_error_init(cjc_error *error, jmp_buf *escape, char *message) {
    struct jpeg_error_mgr *base = jpeg_std_error(&error->base);
    base->error_exit = cjc_error_exit;
    base->emit_message = cjc_emit_message;
    error->warnings = 0;
    error->message = message;
    error->escape = escape;
    return base;
}

/* What the wrapped access_virt_barray needs: the source, its arrays, the offset of each component in blocks,
   and room for the row pointers it answers with. */
typedef struct {
    j_decompress_ptr source;
    jvirt_barray_ptr *arrays;
    int components;
    JDIMENSION x_blocks[MAX_COMPONENTS];
    JDIMENSION y_blocks[MAX_COMPONENTS];
    JBLOCKROW rows[MAX_COMPONENTS][MAX_SAMP_FACTOR];
} cjc_offset;

static JBLOCKARRAY cjc_access_at_offset(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION num_rows,
                                        boolean writable) {
    (void) writable;
    cjc_offset *offset = (cjc_offset *) info->client_data;
    int ci = 0;
    while (ci < offset->components && offset->arrays[ci] != array) ci++;
    if (ci == offset->components || num_rows > MAX_SAMP_FACTOR) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    JBLOCKARRAY rows = (*offset->source->mem->access_virt_barray)(
        (j_common_ptr) offset->source, array, start_row + offset->y_blocks[ci], num_rows, FALSE);
    for (JDIMENSION r = 0; r < num_rows; r++) offset->rows[ci][r] = rows[r] + offset->x_blocks[ci];
    return offset->rows[ci];
}

/* Crops the JPEG `data` to `width` × `height` at (`x`, `y`) (on the MCU grid) without decoding it, every
   marker copied unless `copy_markers` is 0. Returns 0 with the result in `*out` (malloc'd, `*out_size` bytes)
   and libjpeg's warnings counted in `*warnings`, or -1 with `message` (JMSG_LENGTH_MAX bytes) saying why. */
static inline int cjc_crop(const unsigned char *data, unsigned long size, int x, int y, int width, int height,
                           int copy_markers, unsigned char **out, unsigned long *out_size, int *warnings, char *message) {
    struct jpeg_decompress_struct source;
    struct jpeg_compress_struct result;
    cjc_error source_error, result_error;
    jmp_buf escape;
    cjc_offset offset;
    /* Written between setjmp and a longjmp back: volatile, so the clean-up sees them. */
    volatile int source_made = 0, result_made = 0;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    message[0] = '\0';
    *warnings = 0;
    memset(&offset, 0, sizeof offset);
    source.err = cjc_error_init(&source_error, &escape, message);
    result.err = cjc_error_init(&result_error, &escape, message);
    if (setjmp(escape)) {
        if (result_made) jpeg_destroy_compress(&result);
        if (source_made) jpeg_destroy_decompress(&source);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&source);
    source_made = 1;
    jpeg_mem_src(&source, data, size);
    if (copy_markers) {
        jpeg_save_markers(&source, JPEG_COM, 0xFFFF);
        for (int m = 0; m < 16; m++) jpeg_save_markers(&source, JPEG_APP0 + m, 0xFFFF);
    }
    jpeg_read_header(&source, TRUE);
    int mcu_width = source.max_h_samp_factor * DCTSIZE, mcu_height = source.max_v_samp_factor * DCTSIZE;
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || x % mcu_width != 0 || y % mcu_height != 0
        || (JDIMENSION) x + (JDIMENSION) width > source.image_width
        || (JDIMENSION) y + (JDIMENSION) height > source.image_height || source.num_components > MAX_COMPONENTS) {
        snprintf(message, JMSG_LENGTH_MAX, "the crop is not on the picture's block grid");
        jpeg_destroy_decompress(&source);
        return -1;
    }
    jvirt_barray_ptr *arrays = jpeg_read_coefficients(&source);
    offset.source = &source;
    offset.arrays = arrays;
    offset.components = source.num_components;
    for (int ci = 0; ci < source.num_components; ci++) {
        jpeg_component_info *component = &source.comp_info[ci];
        offset.x_blocks[ci] = (JDIMENSION) (x / mcu_width) * (JDIMENSION) component->h_samp_factor;
        offset.y_blocks[ci] = (JDIMENSION) (y / mcu_height) * (JDIMENSION) component->v_samp_factor;
    }
    jpeg_create_compress(&result);
    result_made = 1;
    jpeg_copy_critical_parameters(&source, &result);
    result.image_width = (JDIMENSION) width;
    result.image_height = (JDIMENSION) height;
    jpeg_mem_dest(&result, (unsigned char **) &buffer, &buffer_size);
    /* Every row the compressor reads of the arrays handed to it comes through the wrapper. */
    result.client_data = &offset;
    result.mem->access_virt_barray = cjc_access_at_offset;
    jpeg_write_coefficients(&result, arrays);
    if (copy_markers) {
        for (jpeg_saved_marker_ptr marker = source.marker_list; marker; marker = marker->next) {
            /* As transupp: the compressor wrote its own JFIF or Adobe marker, so the source's is not copied. */
            const JOCTET *d = marker->data;
            if (result.write_JFIF_header && marker->marker == JPEG_APP0 && marker->data_length >= 5 && d[0] == 'J'
                && d[1] == 'F' && d[2] == 'I' && d[3] == 'F' && d[4] == 0)
                continue;
            if (result.write_Adobe_marker && marker->marker == JPEG_APP0 + 14 && marker->data_length >= 5
                && d[0] == 'A' && d[1] == 'd' && d[2] == 'o' && d[3] == 'b' && d[4] == 'e')
                continue;
            jpeg_write_marker(&result, marker->marker, marker->data, marker->data_length);
        }
    }
    jpeg_finish_compress(&result);
    *warnings = source_error.warnings + result_error.warnings;
    jpeg_destroy_compress(&result);
    result_made = 0;
    (void) jpeg_finish_decompress(&source);
    jpeg_destroy_decompress(&source);
    source_made = 0;
    *out = buffer;
    *out_size = buffer_size;
    return 0;
}
#endif
