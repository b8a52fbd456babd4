/* CJPEGCut: libvips 8.14's EXIF load (fields, resolution, orientation) and save-time rewrite, followed with libexif. */
#ifndef CJPEGCUT_EXIFSAVE_H
#define CJPEGCUT_EXIFSAVE_H
#include <math.h>
#include "exifupdate.h"

static inline int cje_is_text_tag(ExifTag tag) {
    static const ExifTag text[] = {
        EXIF_TAG_USER_COMMENT, EXIF_TAG_MAKE, EXIF_TAG_MODEL, EXIF_TAG_IMAGE_DESCRIPTION, EXIF_TAG_ARTIST,
        EXIF_TAG_SOFTWARE, EXIF_TAG_COPYRIGHT, EXIF_TAG_DATE_TIME, EXIF_TAG_DATE_TIME_ORIGINAL,
        EXIF_TAG_DATE_TIME_DIGITIZED, EXIF_TAG_SUB_SEC_TIME, EXIF_TAG_SUB_SEC_TIME_ORIGINAL,
        EXIF_TAG_SUB_SEC_TIME_DIGITIZED, EXIF_TAG_CAMERA_OWNER_NAME, EXIF_TAG_BODY_SERIAL_NUMBER, EXIF_TAG_LENS_MAKE,
        EXIF_TAG_LENS_MODEL, EXIF_TAG_LENS_SERIAL_NUMBER, EXIF_TAG_OFFSET_TIME, EXIF_TAG_OFFSET_TIME_ORIGINAL,
        EXIF_TAG_OFFSET_TIME_DIGITIZED, EXIF_TAG_GPS_LATITUDE_REF, EXIF_TAG_GPS_LONGITUDE_REF, EXIF_TAG_GPS_SATELLITES,
        EXIF_TAG_GPS_STATUS, EXIF_TAG_GPS_MEASURE_MODE, EXIF_TAG_GPS_SPEED_REF, EXIF_TAG_GPS_TRACK_REF,
        EXIF_TAG_GPS_IMG_DIRECTION_REF, EXIF_TAG_GPS_MAP_DATUM, EXIF_TAG_GPS_DEST_LATITUDE_REF,
        EXIF_TAG_GPS_DEST_LONGITUDE_REF, EXIF_TAG_GPS_DEST_BEARING_REF, EXIF_TAG_GPS_DEST_DISTANCE_REF,
        EXIF_TAG_GPS_DATE_STAMP, EXIF_TAG_XP_TITLE, EXIF_TAG_XP_COMMENT, EXIF_TAG_XP_AUTHOR, EXIF_TAG_XP_KEYWORDS,
        EXIF_TAG_XP_SUBJECT,
    };
    for (size_t i = 0; i < sizeof text / sizeof text[0]; i++)
        if (text[i] == tag) return 1;
    return 0;
}

static inline void cje_set_int(ExifData *ed, ExifEntry *entry, int value) {
    if (entry->components < 1) return;
    ExifByteOrder order = exif_data_get_byte_order(ed);
    unsigned char *at = entry->data;
    if (entry->format == EXIF_FORMAT_SHORT) exif_set_short(at, order, (ExifShort) value);
    else if (entry->format == EXIF_FORMAT_SSHORT) exif_set_sshort(at, order, (ExifSShort) value);
    else if (entry->format == EXIF_FORMAT_LONG) exif_set_long(at, order, (ExifLong) value);
    else if (entry->format == EXIF_FORMAT_SLONG) exif_set_slong(at, order, (ExifSLong) value);
}

/* A rational set from a number only when the one there is not already within a ten-thousandth of it. */
static inline void cje_set_double(ExifData *ed, ExifEntry *entry, double value) {
    if (entry->components < 1) return;
    ExifByteOrder order = exif_data_get_byte_order(ed);
    int sign = entry->format == EXIF_FORMAT_SRATIONAL;
    if (!sign && entry->format != EXIF_FORMAT_RATIONAL) return;
    ExifRational r = exif_get_rational(entry->data, order);
    ExifSRational sr = exif_get_srational(entry->data, order);
    double old = sign ? (sr.denominator == 0 ? 0 : (double) sr.numerator / sr.denominator)
                      : (r.denominator == 0 ? 0 : (double) r.numerator / r.denominator);
    if (fabs(old - value) <= 0.0001) return;
    if (sign) exif_set_srational(entry->data, order, (ExifSRational) {(ExifSLong) (value * 1000), 1000});
    else exif_set_rational(entry->data, order, (ExifRational) {(ExifLong) (value * 1000), 1000});
}

/* A field's text back into its numeric tag (text tags are left as they are). */
static inline void cje_from_text(ExifData *ed, ExifEntry *entry, const char *value) {
    int integer = entry->format == EXIF_FORMAT_SHORT || entry->format == EXIF_FORMAT_SSHORT ||
                  entry->format == EXIF_FORMAT_LONG || entry->format == EXIF_FORMAT_SLONG;
    int rational = entry->format == EXIF_FORMAT_RATIONAL || entry->format == EXIF_FORMAT_SRATIONAL;
    if ((!integer && !rational) || entry->components >= 10) return;
    ExifByteOrder order = exif_data_get_byte_order(ed);
    const char *p = value;
    for (unsigned long i = 0; i < entry->components; i++) {
        while (*p == ' ') p++;
        unsigned char *at = entry->data + cje_offset(entry, i);
        if (integer) {
            int number = (int) atof(p);
            if (entry->format == EXIF_FORMAT_SHORT) exif_set_short(at, order, (ExifShort) number);
            else if (entry->format == EXIF_FORMAT_SSHORT) exif_set_sshort(at, order, (ExifSShort) number);
            else if (entry->format == EXIF_FORMAT_LONG) exif_set_long(at, order, (ExifLong) number);
            else exif_set_slong(at, order, (ExifSLong) number);
        } else if (entry->format == EXIF_FORMAT_RATIONAL) {
            ExifRational r;
            if (sscanf(p, " %u / %u ", &r.numerator, &r.denominator) != 2) {
                r.numerator = (ExifLong) (strtod(p, NULL) * 1000);
                r.denominator = 1000;
            }
            exif_set_rational(at, order, r);
        } else {
            ExifSRational r;
            if (sscanf(p, " %d / %d ", &r.numerator, &r.denominator) != 2) {
                r.numerator = (ExifSLong) (strtod(p, NULL) * 1000);
                r.denominator = 1000;
            }
            exif_set_srational(at, order, r);
        }
        while (*p && *p != ' ') p++;
    }
}

typedef enum { CJE_INT, CJE_DOUBLE, CJE_TEXT_VALUE } cje_kind;

/* Updates the tag in `ifd`, or makes it (a text tag made anew is refused: libvips writes those its own way). */
static inline void cje_set_tag(cje_state *s, ExifData *ed, int ifd, ExifTag tag, cje_kind kind, const void *value) {
    ExifEntry *entry = exif_content_get_entry(ed->ifd[ifd], tag);
    if (!entry) {
        entry = exif_entry_new();
        entry->tag = tag;
        exif_content_add_entry(ed->ifd[ifd], entry);
        exif_entry_unref(entry);
        if (cje_is_text_tag(tag)) {
            s->refused = 1;
            return;
        }
        exif_entry_initialize(entry, tag);
    }
    if (kind == CJE_INT) cje_set_int(ed, entry, *(const int *) value);
    else if (kind == CJE_DOUBLE) cje_set_double(ed, entry, *(const double *) value);
    else cje_from_text(ed, entry, value);
}

/* The EXIF resolution from the image's (inches unless its unit says otherwise). */
static inline void cje_resolution_to_exif(cje_state *s, ExifData *ed) {
    int unit = strncmp(s->unit, "cm", 2) == 0 ? 3 : strncmp(s->unit, "none", 4) == 0 ? 1 : 2;
    double factor = unit == 1 ? 1.0 : unit == 2 ? 25.4 : 10.0;
    double x = s->xres * factor, y = s->yres * factor;
    cje_set_tag(s, ed, 0, EXIF_TAG_X_RESOLUTION, CJE_DOUBLE, &x);
    cje_set_tag(s, ed, 0, EXIF_TAG_Y_RESOLUTION, CJE_DOUBLE, &y);
    cje_set_tag(s, ed, 0, EXIF_TAG_RESOLUTION_UNIT, CJE_INT, &unit);
}

/* The image's resolution from the EXIF's; -1 when it has none libvips takes. */
static inline int cje_resolution_from_exif(cje_state *s, ExifData *ed) {
    double x, y;
    if (cje_double(ed, 0, EXIF_TAG_X_RESOLUTION, &x) || cje_double(ed, 0, EXIF_TAG_Y_RESOLUTION, &y)) return -1;
    int unit = 2;
    ExifEntry *entry = exif_content_get_entry(ed->ifd[0], EXIF_TAG_RESOLUTION_UNIT);
    if (entry && entry->components == 1) cje_int(ed, entry, 0, &unit);
    if (unit == 2) {
        x /= 25.4;
        y /= 25.4;
        snprintf(s->unit, sizeof s->unit, "in");
    } else if (unit == 3) {
        x /= 10.0;
        y /= 10.0;
        snprintf(s->unit, sizeof s->unit, "cm");
    } else if (unit != 1) {
        return -1;
    }
    s->xres = x > 0 ? x : 0;
    s->yres = y > 0 ? y : 0;
    return 0;
}

/* What libvips' load takes from the EXIF: a field per named tag, the resolution, the thumbnail, the
   orientation. -1 when libvips could not parse it (the caller refuses the file). */
static inline int cje_parse(cje_state *s, const unsigned char *data, size_t length) {
    ExifData *ed = cje_load(data, length);
    if (!ed) return -1;
    if (cje_resolution_from_exif(s, ed)) cje_resolution_to_exif(s, ed);
    exif_data_fix(ed);
    for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) {
        ExifContent *content = ed->ifd[ifd];
        for (unsigned int i = 0; i < content->count; i++) {
            ExifEntry *entry = content->entries[i];
            const char *tag = cje_name(entry);
            if (!tag) continue;
            char name[CJE_TEXT];
            cje_text value;
            snprintf(name, sizeof name, "exif-ifd%d-%s", (int) exif_entry_get_ifd(entry), tag);
            cje_to_text(ed, entry, &value);
            cje_set(s, name, value.text);
        }
    }
    free(s->thumbnail);
    s->thumbnail = NULL;
    s->thumbnail_size = 0;
    if (ed->data && ed->size > 0 && (s->thumbnail = malloc(ed->size))) {
        memcpy(s->thumbnail, ed->data, ed->size);
        s->thumbnail_size = ed->size;
    }
    exif_data_free(ed);
    cje_field *orientation = cje_find(s, "exif-ifd0-Orientation");
    if (orientation) {
        int value = atoi(orientation->value);
        s->orientation = value < 1 || value > 8 ? 1 : value;
    }
    return 0;
}
/* The EXIF libvips' save writes for a result `width` × `height` turned upright: the source's (`data`, or a new
   one when it had none) with the fields' values, the resolution, the size, orientation 1 and the thumbnail.
   Returns libexif's bytes (the caller frees them) or NULL, with `length`. */
static inline unsigned char *cje_update(cje_state *s, const unsigned char *data, size_t length, int width, int height,
                                        unsigned int *saved) {
    ExifData *ed;
    *saved = 0;
    if (data) {
        if (!(ed = cje_load(data, length))) return NULL;
    } else {
        if (!(ed = exif_data_new())) return NULL;
        exif_data_set_option(ed, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
        exif_data_set_data_type(ed, EXIF_DATA_TYPE_COMPRESSED);
        exif_data_set_byte_order(ed, EXIF_BYTE_ORDER_INTEL);
    }
    exif_data_fix(ed);
    if (data) {
        /* Tags with no field go (the upright turn took the main orientation's); orientation tags and text tags
           whose text changed go too, to be made again from their fields. */
        for (int ifd = 0; ifd < EXIF_IFD_COUNT; ifd++) {
            ExifContent *content = ed->ifd[ifd];
            ExifEntry *leaving[512];
            int count = 0;
            for (unsigned int i = 0; i < content->count; i++) {
                ExifEntry *entry = content->entries[i];
                const char *tag = cje_name(entry);
                if (!tag) continue;
                char name[CJE_TEXT];
                snprintf(name, sizeof name, "exif-ifd%d-%s", (int) exif_entry_get_ifd(entry), tag);
                cje_field *field = cje_find(s, name);
                int leaves = !field || strcmp(tag, "Orientation") == 0;
                if (field && cje_is_text_tag(entry->tag)) {
                    cje_text now;
                    cje_to_text(ed, entry, &now);
                    if (strcmp(now.text, field->value) != 0) leaves = 1;
                }
                if (!leaves) continue;
                if (count == 512) s->refused = 1;
                else leaving[count++] = entry;
            }
            while (count > 0) exif_content_remove_entry(content, leaving[--count]);
        }
    }
    for (int i = 0; i < s->count && !s->refused; i++) {
        const char *name = s->fields[i].name;
        if (strncmp(name, "exif-ifd", 8) != 0) continue;
        const char *p = name + 8;
        int ifd = atoi(p);
        while (isdigit((unsigned char) *p)) p++;
        ExifTag tag = *p == '-' ? exif_tag_from_name(p + 1) : 0;
        if (*p != '-' || (!tag && strcmp(p + 1, "GPSVersionID") != 0) || ifd < 0 || ifd >= EXIF_IFD_COUNT) continue;
        cje_set_tag(s, ed, ifd, tag, CJE_TEXT_VALUE, s->fields[i].value);
    }
    cje_resolution_to_exif(s, ed);
    cje_set_tag(s, ed, EXIF_IFD_EXIF, EXIF_TAG_PIXEL_X_DIMENSION, CJE_INT, &width);
    cje_set_tag(s, ed, EXIF_IFD_EXIF, EXIF_TAG_PIXEL_Y_DIMENSION, CJE_INT, &height);
    int upright = 1;
    cje_set_tag(s, ed, EXIF_IFD_0, EXIF_TAG_ORIENTATION, CJE_INT, &upright);
    /* libexif frees its thumbnail with free() too. */
    free(ed->data);
    ed->data = NULL;
    ed->size = 0;
    if (s->thumbnail_size > 0 && (ed->data = malloc(s->thumbnail_size))) {
        memcpy(ed->data, s->thumbnail, s->thumbnail_size);
        ed->size = s->thumbnail_size;
    }
    unsigned char *bytes = NULL;
    exif_data_save_data(ed, &bytes, saved);
    exif_data_free(ed);
    if (s->refused || !*saved) {
        free(bytes);
        *saved = 0;
        return NULL;
    }
    return bytes;
}
#endif
