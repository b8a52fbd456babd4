/* CExiv: saving metadata into a picture held in memory (gexiv2 saves only to a file or a stream): a stream over two buffers. */
#ifndef CEXIV_MEMORY_H
#define CEXIV_MEMORY_H
#include <gexiv2/gexiv2.h>
#include <stdlib.h>
#include <string.h>

/* exiv2 reads the whole picture first, then writes the new one from its start (gexiv2's StreamIo
   has no way to shorten a stream): reads come from `input`, and from the first write on, the
   stream is `output`, so a picture that got shorter leaves nothing of the old one behind. */
typedef struct {
    const unsigned char *input;
    size_t input_length;
    unsigned char *output;
    size_t output_length, capacity;
    size_t position;
    int writing, failed;
} cex_memory;

static gboolean cex_memory_yes(void *handle) { (void) handle; return TRUE; }
static gint64 cex_memory_length(void *handle) {
    cex_memory *m = (cex_memory *) handle;
    return (gint64) (m->writing ? m->output_length : m->input_length);
}
static gint64 cex_memory_position(void *handle) { return (gint64) ((cex_memory *) handle)->position; }

static gint32 cex_memory_read(void *handle, void *buffer, gint32 offset, gint32 count) {
    cex_memory *m = (cex_memory *) handle;
    const unsigned char *data = m->writing ? m->output : m->input;
    size_t length = m->writing ? m->output_length : m->input_length;
    if (count <= 0 || m->position >= length) return 0;
    size_t n = length - m->position < (size_t) count ? length - m->position : (size_t) count;
    memcpy((unsigned char *) buffer + offset, data + m->position, n);
    m->position += n;
    return (gint32) n;
}

static void cex_memory_write(void *handle, void *buffer, gint32 offset, gint32 count) {
    cex_memory *m = (cex_memory *) handle;
    if (!m->writing) {
        m->writing = 1;
        m->position = 0;
        m->output_length = 0;
    }
    if (count <= 0 || m->failed) return;
    size_t end = m->position + (size_t) count;
    if (end > m->capacity) {
        size_t capacity = m->capacity ? m->capacity : 65536;
        while (capacity < end) capacity *= 2;
        unsigned char *grown = realloc(m->output, capacity);
        if (!grown) { m->failed = 1; return; }
        m->output = grown;
        m->capacity = capacity;
    }
    memcpy(m->output + m->position, (const unsigned char *) buffer + offset, (size_t) count);
    m->position = end;
    if (end > m->output_length) m->output_length = end;
}

static void cex_memory_seek(void *handle, gint64 offset, WrapperSeekOrigin origin) {
    cex_memory *m = (cex_memory *) handle;
    gint64 base = origin == Begin ? 0 : origin == Current ? (gint64) m->position : cex_memory_length(handle);
    gint64 to = base + offset;
    m->position = to < 0 ? 0 : (size_t) to;
}

static void cex_memory_flush(void *handle) { (void) handle; }

/* Saves `metadata` into the picture `data` (`length` bytes). Returns TRUE with the new picture in
   `*out` (malloc'd, `*out_length` bytes), or FALSE with gexiv2's error in `*error`. */
static inline gboolean cex_save_to_memory(GExiv2Metadata *metadata, const unsigned char *data, size_t length,
                                          unsigned char **out, size_t *out_length, GError **error) {
    cex_memory memory = {data, length, NULL, 0, 0, 0, 0, 0};
    ManagedStreamCallbacks callbacks = {
        &memory, cex_memory_yes, cex_memory_yes, cex_memory_yes, cex_memory_length, cex_memory_position,
        cex_memory_read, cex_memory_write, cex_memory_seek, cex_memory_flush,
    };
    if (!gexiv2_metadata_save_stream(metadata, &callbacks, error)) {
        free(memory.output);
        return FALSE;
    }
    if (memory.failed || !memory.writing) {
        free(memory.output);
        g_set_error_literal(error, g_quark_from_static_string("cex-memory"), 1,
                            memory.failed ? "out of memory" : "nothing was written");
        return FALSE;
    }
    *out = memory.output;
    *out_length = memory.output_length;
    return TRUE;
}
#endif
