/* CJPEGCut: a JPEG's EXIF as libvips 8.14 rewrites it when it saves a crop, with libexif, for the lean decoder. */
#ifndef CJPEGCUT_EXIFUPDATE_H
#define CJPEGCUT_EXIFUPDATE_H
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>

/* libvips' load turns the EXIF into one text field per tag (`exif-ifdN-Name`) and takes the resolution and
   the orientation from it; its save loads the EXIF again, drops the tags that have no field, sets every
   field's tag back from its text, then the resolution, the size, the orientation (upright after the turn)
   and the thumbnail, and saves it with libexif. The lean decoder's result must carry the same bytes, so the
   same libexif calls are made here in the same order, over a table of those fields. Anything this does not
   follow (a text tag libvips would rebuild, a field whose name names another tag) is refused: the caller
   then leaves the file to libvips. */

#define CJE_TEXT 256
#define CJE_MAX_FIELDS 1024

typedef struct {
    char name[CJE_TEXT];
    char value[CJE_TEXT];
} cje_field;

/* What libvips' image carries that the EXIF update reads. */
typedef struct {
    cje_field *fields;
    int count;
    /* Pixels per millimetre, and the unit libvips says ("in", "cm" or none). */
    double xres, yres;
    char unit[4];
    unsigned char *thumbnail;
    unsigned int thumbnail_size;
    int orientation;
    int refused;
} cje_state;

/* A text of at most CJE_TEXT bytes, cut as libvips' fixed buffers cut it (the last bytes become "..."). */
typedef struct {
    char text[CJE_TEXT];
    int at, full;
} cje_text;

static inline void cje_append(cje_text *t, const char *format, ...) __attribute__((format(printf, 2, 3)));
static inline void cje_append(cje_text *t, const char *format, ...) {
    if (t->full) return;
    char piece[2048];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(piece, sizeof piece, format, arguments);
    va_end(arguments);
    int room = CJE_TEXT - t->at - 4, length = (int) strlen(piece);
    int copied = length < room ? length : room;
    if (copied > 0) memcpy(t->text + t->at, piece, (size_t) copied);
    t->at += copied > 0 ? copied : 0;
    if (t->at >= CJE_TEXT - 4) {
        t->full = 1;
        strcpy(t->text + CJE_TEXT - 4, "...");
        t->at = CJE_TEXT - 1;
    }
    t->text[t->at] = '\0';
}

static inline ExifData *cje_load(const unsigned char *data, size_t length) {
    if (length < 4 || length > 1 << 20) return NULL;
    ExifData *ed = exif_data_new();
    if (!ed) return NULL;
    exif_data_unset_option(ed, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    if (strncmp((const char *) data, "Exif", 4) != 0) {
        unsigned char *prefixed = calloc(1, length + 6);
        if (!prefixed) {
            exif_data_free(ed);
            return NULL;
        }
        memcpy(prefixed, "Exif\0\0", 6);
        memcpy(prefixed + 6, data, length);
        exif_data_load_data(ed, prefixed, (unsigned int) (length + 6));
        free(prefixed);
    } else {
        exif_data_load_data(ed, data, (unsigned int) length);
    }
    return ed;
}

static inline size_t cje_offset(ExifEntry *entry, unsigned long component) {
    return component * (entry->size / entry->components);
}

static inline int cje_int(ExifData *ed, ExifEntry *entry, unsigned long i, int *out) {
    ExifByteOrder order = exif_data_get_byte_order(ed);
    const unsigned char *at = entry->data + cje_offset(entry, i);
    switch (entry->format) {
    case EXIF_FORMAT_SHORT: *out = exif_get_short(at, order); return 0;
    case EXIF_FORMAT_SSHORT: *out = exif_get_sshort(at, order); return 0;
    case EXIF_FORMAT_LONG: *out = (int) exif_get_long(at, order); return 0;
    case EXIF_FORMAT_SLONG: *out = exif_get_slong(at, order); return 0;
    default: return -1;
    }
}

/* A tag's value as libvips writes it into its field. */
static inline void cje_to_text(ExifData *ed, ExifEntry *entry, cje_text *t) {
    ExifByteOrder order = exif_data_get_byte_order(ed);
    char value[256];
    int number;
    t->at = t->full = 0;
    t->text[0] = '\0';
    if (entry->format == EXIF_FORMAT_ASCII) {
        char copy[256];
        int length = entry->size < 254 ? (int) entry->size : 254;
        memcpy(copy, entry->data, (size_t) length);
        copy[length] = '\0';
        cje_append(t, "%s ", copy);
    } else if (entry->components < 10 && !cje_int(ed, entry, 0, &number)) {
        for (unsigned long i = 0; i < entry->components; i++) {
            cje_int(ed, entry, i, &number);
            cje_append(t, "%d ", number);
        }
    } else if (entry->components < 10 && entry->format == EXIF_FORMAT_RATIONAL) {
        for (unsigned long i = 0; i < entry->components; i++) {
            ExifRational r = exif_get_rational(entry->data + cje_offset(entry, i), order);
            cje_append(t, "%u/%u ", r.numerator, r.denominator);
        }
    } else if (entry->components < 10 && entry->format == EXIF_FORMAT_SRATIONAL) {
        for (unsigned long i = 0; i < entry->components; i++) {
            ExifSRational r = exif_get_srational(entry->data + cje_offset(entry, i), order);
            cje_append(t, "%d/%d ", r.numerator, r.denominator);
        }
    } else {
        cje_append(t, "%s ", exif_entry_get_value(entry, value, sizeof value));
    }
    cje_append(t, "(%s, %s, %lu components, %d bytes)", exif_entry_get_value(entry, value, sizeof value),
               exif_format_get_name(entry->format), entry->components, entry->size);
}

static inline const char *cje_name(ExifEntry *entry) {
    if (!entry->parent) return NULL;
    return exif_tag_get_name_in_ifd(entry->tag, exif_entry_get_ifd(entry));
}

static inline cje_field *cje_find(cje_state *s, const char *name) {
    for (int i = 0; i < s->count; i++)
        if (strcmp(s->fields[i].name, name) == 0) return &s->fields[i];
    return NULL;
}

static inline void cje_remove(cje_state *s, const char *name) {
    cje_field *field = cje_find(s, name);
    if (!field) return;
    int at = (int) (field - s->fields);
    memmove(field, field + 1, (size_t) (s->count - at - 1) * sizeof *field);
    s->count--;
}

/* Sets a field as libvips does: a field set again moves to the end. */
static inline void cje_set(cje_state *s, const char *name, const char *value) {
    cje_remove(s, name);
    if (s->count == CJE_MAX_FIELDS) {
        s->refused = 1;
        return;
    }
    snprintf(s->fields[s->count].name, CJE_TEXT, "%s", name);
    snprintf(s->fields[s->count].value, CJE_TEXT, "%s", value);
    s->count++;
}

/* A one-component rational tag as a number (a zero denominator is 0); -1 when missing or not a rational. */
static inline int cje_double(ExifData *ed, int ifd, ExifTag tag, double *out) {
    ExifEntry *entry = exif_content_get_entry(ed->ifd[ifd], tag);
    if (!entry || entry->components != 1) return -1;
    ExifByteOrder order = exif_data_get_byte_order(ed);
    if (entry->format == EXIF_FORMAT_RATIONAL) {
        ExifRational r = exif_get_rational(entry->data, order);
        *out = r.denominator == 0 ? 0 : (double) r.numerator / r.denominator;
        return 0;
    }
    if (entry->format == EXIF_FORMAT_SRATIONAL) {
        ExifSRational r = exif_get_srational(entry->data, order);
        *out = r.denominator == 0 ? 0 : (double) r.numerator / r.denominator;
        return 0;
    }
    return -1;
}
#endif
