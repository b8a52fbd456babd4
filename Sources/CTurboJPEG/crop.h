/* CTurboJPEG: a lossless crop written straight from the source's coefficients, without TurboJPEG's copy of the crop. */
#ifndef CTURBOJPEG_CROP_H
#define CTURBOJPEG_CROP_H
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>
/* libjpeg's own header for its modules (transupp includes it too): the input controller's consume_input. */
#include <jpegint.h>

/* TurboJPEG's crop at an offset (transupp's) first copies the crop's coefficients into arrays of their own,
   then writes those: for a 24-megapixel photo cropped to 12, some 54 MB to allocate, zero and fill on top of the
   source's 72 MB. Here the compressor is handed the source's own arrays, and its one way of reading them
   (the memory manager's access_virt_barray) is wrapped to answer each row of the crop with the source's row at
   the crop's offset. The coefficients written are the same ones, in the same order; so are the markers copied
   (as transupp copies them). The offset must be on the block grid of every component (whole MCUs).

   A source in one scan holding every component (a baseline JPEG, as cameras write) is not even held whole: the
   compressor writes each row of MCUs as soon as the decompressor has read it, both through one row of blocks
   that stays in the cache (`cjc_stream`). Nothing of the picture's 72 MB is allocated, zeroed by the kernel,
   zeroed again by libjpeg and faulted in. A progressive source, or one in separate scans, needs every scan read
   before any block is final, so it is read whole first. */

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
    /* Streaming only: the source's rows of MCUs the crop covers, [first_row, end_row); the one row of blocks of
       each component both sides share; and the arrays handed out, which name a component and hold nothing. */
    JDIMENSION first_row, end_row;
    JBLOCKARRAY slot[MAX_COMPONENTS];
    int requested;
    char handles[MAX_COMPONENTS];
    jvirt_barray_ptr streamed[MAX_COMPONENTS];
} cjc_offset;

/* The component `array` stands for, or an error (libjpeg's own for a bad access). */
static int cjc_component(j_common_ptr info, cjc_offset *offset, jvirt_barray_ptr array, JDIMENSION num_rows) {
    int ci = 0;
    while (ci < offset->components && offset->arrays[ci] != array) ci++;
    if (ci == offset->components || num_rows > MAX_SAMP_FACTOR) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    return ci;
}

static JBLOCKARRAY cjc_access_at_offset(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION num_rows,
                                        boolean writable) {
    (void) writable;
    cjc_offset *offset = (cjc_offset *) info->client_data;
    int ci = cjc_component(info, offset, array, num_rows);
    JBLOCKARRAY rows = (*offset->source->mem->access_virt_barray)(
        (j_common_ptr) offset->source, array, start_row + offset->y_blocks[ci], num_rows, FALSE);
    for (JDIMENSION r = 0; r < num_rows; r++) offset->rows[ci][r] = rows[r] + offset->x_blocks[ci];
    return offset->rows[ci];
}

/* The source, read from memory as jpeg_mem_src reads it (a missing end reads as an end marker, with a warning),
   except that it can be told to stop for more data (libjpeg's suspension): that is how streaming stops the
   decompressor once it is set up, before it has read any image data. */
typedef struct {
    struct jpeg_source_mgr base;
    int stopped;
} cjc_source;

static void cjc_source_init(j_decompress_ptr info) { (void) info; }

static boolean cjc_source_fill(j_decompress_ptr info) {
    static const JOCTET end[2] = {0xFF, JPEG_EOI};
    if (((cjc_source *) info->src)->stopped) return FALSE;
    WARNMS(info, JWRN_JPEG_EOF);
    info->src->next_input_byte = end;
    info->src->bytes_in_buffer = 2;
    return TRUE;
}

static void cjc_source_skip(j_decompress_ptr info, long count) {
    struct jpeg_source_mgr *source = info->src;
    if (count <= 0) return;
    while (count > (long) source->bytes_in_buffer) {
        count -= (long) source->bytes_in_buffer;
        if (!(*source->fill_input_buffer)(info)) return;
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t) count;
}

static void cjc_source_term(j_decompress_ptr info) { (void) info; }

/* Streaming: the decompressor asks for its arrays, one per component in order. Each gets a name (an address in
   `handles`) and nothing is allocated. */
static jvirt_barray_ptr cjc_request_streamed(j_common_ptr info, int pool, boolean pre_zero, JDIMENSION blocks_per_row,
                                             JDIMENSION rows, JDIMENSION max_access) {
    (void) pool, (void) pre_zero, (void) blocks_per_row, (void) rows, (void) max_access;
    cjc_offset *offset = (cjc_offset *) info->client_data;
    if (offset->requested == offset->components) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    return offset->streamed[offset->requested++];
}

/* Streaming: the decompressor asks where to put the row of MCUs it reads next. The answer is always the slot,
   cleared first when the crop keeps that row (libjpeg writes only a block's non-zero coefficients); a row the
   crop leaves out is read into it too, only to be overwritten, as its values are never looked at. */
static JBLOCKARRAY cjc_access_streamed(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION num_rows,
                                       boolean writable) {
    (void) writable;
    cjc_offset *offset = (cjc_offset *) info->client_data;
    int ci = cjc_component(info, offset, array, num_rows);
    jpeg_component_info *component = &offset->source->comp_info[ci];
    JDIMENSION v = (JDIMENSION) component->v_samp_factor;
    if (num_rows != v || start_row % v != 0) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    JDIMENSION row = start_row / v;
    if (row >= offset->first_row && row < offset->end_row) {
        for (JDIMENSION r = 0; r < v; r++) memset(offset->slot[ci][r], 0, component->width_in_blocks * sizeof(JBLOCK));
    }
    return offset->slot[ci];
}

/* Streaming: the compressor asks for a row of the crop. The decompressor reads on until it has read the source's
   row at the crop's offset, which is then in the slot, and the compressor is answered from there. */
static JBLOCKARRAY cjc_access_streaming(j_common_ptr info, jvirt_barray_ptr array, JDIMENSION start_row, JDIMENSION num_rows,
                                        boolean writable) {
    (void) writable;
    cjc_offset *offset = (cjc_offset *) info->client_data;
    int ci = cjc_component(info, offset, array, num_rows);
    j_decompress_ptr source = offset->source;
    JDIMENSION v = (JDIMENSION) source->comp_info[ci].v_samp_factor;
    JDIMENSION row = start_row / v + offset->first_row;
    if (start_row % v != 0 || row >= offset->end_row) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    while (source->input_iMCU_row <= row) {
        int status = (*source->inputctl->consume_input)(source);
        if (status == JPEG_SUSPENDED || status == JPEG_REACHED_EOI) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    }
    /* The slot holds one row: the one asked for, or the compressor has gone back (it never does). */
    if (source->input_iMCU_row != row + 1) ERREXIT(info, JERR_BAD_VIRTUAL_ACCESS);
    for (JDIMENSION r = 0; r < num_rows; r++) offset->rows[ci][r] = offset->slot[ci][r] + offset->x_blocks[ci];
    return offset->rows[ci];
}

/* Whether the source, its header read, can be streamed: one scan with every component in it, and sequential,
   so that each block is final once its row is read; 8 bits, so the compressor (as jpeg_set_defaults sets it
   up) writes one pass with the standard tables, reading each row once, in order. */
static int cjc_streams(j_decompress_ptr source) {
    return !source->progressive_mode && source->comps_in_scan == source->num_components && source->data_precision == 8;
}

/* Streaming: the decompressor set up to read into the slot, and stopped before the image data. */
static void cjc_start_streaming(j_decompress_ptr source, cjc_source *input, cjc_offset *offset, int y, int height,
                                int mcu_height) {
    offset->first_row = (JDIMENSION) (y / mcu_height);
    offset->end_row = offset->first_row + (JDIMENSION) ((height + mcu_height - 1) / mcu_height);
    for (int ci = 0; ci < source->num_components; ci++) {
        jpeg_component_info *component = &source->comp_info[ci];
        offset->streamed[ci] = (jvirt_barray_ptr) (void *) &offset->handles[ci];
        offset->slot[ci] = (*source->mem->alloc_barray)(
            (j_common_ptr) source, JPOOL_IMAGE, component->width_in_blocks, (JDIMENSION) component->v_samp_factor);
    }
    offset->arrays = offset->streamed;
    source->client_data = offset;
    source->mem->request_virt_barray = cjc_request_streamed;
    source->mem->access_virt_barray = cjc_access_streamed;
    /* With no bytes to read, libjpeg sets itself up for the coefficients, asks for more and stops (NULL). */
    const JOCTET *at = input->base.next_input_byte;
    size_t left = input->base.bytes_in_buffer;
    input->base.bytes_in_buffer = 0;
    input->stopped = 1;
    if (jpeg_read_coefficients(source) != NULL) ERREXIT(source, JERR_BAD_VIRTUAL_ACCESS);
    input->base.next_input_byte = at;
    input->base.bytes_in_buffer = left;
    input->stopped = 0;
}

/* The decompressor set to read `data` from memory, keeping every marker for the result unless `copy_markers` is 0. */
static void cjc_read_from(j_decompress_ptr source, cjc_source *input, const unsigned char *data, unsigned long size,
                          int copy_markers) {
    input->base.next_input_byte = data;
    input->base.bytes_in_buffer = size;
    input->base.init_source = cjc_source_init;
    input->base.fill_input_buffer = cjc_source_fill;
    input->base.skip_input_data = cjc_source_skip;
    input->base.resync_to_restart = jpeg_resync_to_restart;
    input->base.term_source = cjc_source_term;
    source->src = &input->base;
    if (copy_markers) {
        jpeg_save_markers(source, JPEG_COM, 0xFFFF);
        for (int m = 0; m < 16; m++) jpeg_save_markers(source, JPEG_APP0 + m, 0xFFFF);
    }
}

/* The source's markers written into the result, as transupp copies them: the compressor wrote its own JFIF or
   Adobe marker, so the source's is not copied. */
static void cjc_copy_markers(j_decompress_ptr source, j_compress_ptr result) {
    for (jpeg_saved_marker_ptr marker = source->marker_list; marker; marker = marker->next) {
        const JOCTET *d = marker->data;
        if (result->write_JFIF_header && marker->marker == JPEG_APP0 && marker->data_length >= 5 && d[0] == 'J'
            && d[1] == 'F' && d[2] == 'I' && d[3] == 'F' && d[4] == 0)
            continue;
        if (result->write_Adobe_marker && marker->marker == JPEG_APP0 + 14 && marker->data_length >= 5
            && d[0] == 'A' && d[1] == 'd' && d[2] == 'o' && d[3] == 'b' && d[4] == 'e')
            continue;
        jpeg_write_marker(result, marker->marker, marker->data, marker->data_length);
    }
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
    cjc_source input;
    /* Written between setjmp and a longjmp back: volatile, so the clean-up sees them. */
    volatile int source_made = 0, result_made = 0;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    message[0] = '\0';
    *warnings = 0;
    memset(&offset, 0, sizeof offset);
    memset(&input, 0, sizeof input);
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
    cjc_read_from(&source, &input, data, size, copy_markers);
    jpeg_read_header(&source, TRUE);
    int mcu_width = source.max_h_samp_factor * DCTSIZE, mcu_height = source.max_v_samp_factor * DCTSIZE;
    if (x < 0 || y < 0 || width <= 0 || height <= 0 || x % mcu_width != 0 || y % mcu_height != 0
        || (JDIMENSION) x + (JDIMENSION) width > source.image_width
        || (JDIMENSION) y + (JDIMENSION) height > source.image_height || source.num_components > MAX_COMPONENTS) {
        snprintf(message, JMSG_LENGTH_MAX, "the crop is not on the picture's block grid");
        jpeg_destroy_decompress(&source);
        return -1;
    }
    offset.source = &source;
    offset.components = source.num_components;
    for (int ci = 0; ci < source.num_components; ci++) {
        jpeg_component_info *component = &source.comp_info[ci];
        offset.x_blocks[ci] = (JDIMENSION) (x / mcu_width) * (JDIMENSION) component->h_samp_factor;
        offset.y_blocks[ci] = (JDIMENSION) (y / mcu_height) * (JDIMENSION) component->v_samp_factor;
    }
    int streams = cjc_streams(&source);
    if (streams) {
        cjc_start_streaming(&source, &input, &offset, y, height, mcu_height);
    } else {
        offset.arrays = jpeg_read_coefficients(&source);
    }
    jpeg_create_compress(&result);
    result_made = 1;
    jpeg_copy_critical_parameters(&source, &result);
    result.image_width = (JDIMENSION) width;
    result.image_height = (JDIMENSION) height;
    jpeg_mem_dest(&result, (unsigned char **) &buffer, &buffer_size);
    /* Every row the compressor reads of the arrays handed to it comes through the wrapper. */
    result.client_data = &offset;
    result.mem->access_virt_barray = streams ? cjc_access_streaming : cjc_access_at_offset;
    jpeg_write_coefficients(&result, offset.arrays);
    if (copy_markers) cjc_copy_markers(&source, &result);
    jpeg_finish_compress(&result);
    /* The rest of a streamed source is read too (into the slot): a picture whose data stops early below the
       crop warns here, and is judged by the same policy as one that stops within it. */
    if (streams && jpeg_read_coefficients(&source) == NULL) ERREXIT(&source, JERR_BAD_VIRTUAL_ACCESS);
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
