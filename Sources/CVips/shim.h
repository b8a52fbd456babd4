/* CVips: libvips for Swift, with non-variadic wrappers for the calls Swift cannot make (vips_* take NULL-terminated options). */
#ifndef CVIPS_SHIM_H
#define CVIPS_SHIM_H
#include <vips/vips.h>
/* vips.h leaves out vector.h, which holds the switch for run-time code generation (liborc). */
#include <vips/vector.h>


/* The decoding policy every load shares (window, export, command line): a file cut short fails, what the
   decoder can repair is repaired. `jpeg` lifts jpegload's cap of 100 libjpeg warnings, each a repair of
   damaged data (a picture with many restart intervals resynchronizes at each one), so a JPEG every viewer
   shows opens here too; other loaders have no such option. */
static inline VipsImage *cv_open_with(const char *path, VipsAccess access, int jpeg) {
    if (jpeg)
        return vips_image_new_from_file(path, "access", access, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                                        "unlimited", TRUE, NULL);
    return vips_image_new_from_file(path, "access", access, "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
}
/* Opens a file lazily (the header only, pixels on demand). Random access, because crops read regions. */
static inline VipsImage *cv_open(const char *path, int jpeg) { return cv_open_with(path, VIPS_ACCESS_RANDOM, jpeg); }
/* Sequential access: pixels stream top to bottom once, so a crop-and-save never holds the whole image. */
static inline VipsImage *cv_open_sequential(const char *path, int jpeg) {
    return cv_open_with(path, VIPS_ACCESS_SEQUENTIAL, jpeg);
}
/* Shrink-on-load thumbnail that fits width x height, upright (EXIF orientation applied), never enlarged.
   vips_thumbnail takes loader options only in the file name's brackets. A JPEG is loaded here with libjpeg's
   own scaling by `jpeg_shrink` (1, 2, 4 or 8, chosen by the caller) and finished by vips_thumbnail_image:
   vips_thumbnail itself keeps libjpeg's shrink a factor of 2 to 4 short of the box and leaves the rest to a
   Lanczos reduce, which without liborc is most of a big photo's decode (docs/BENCHMARKS.md, "Launch"). */
static inline int cv_thumbnail(const char *path, VipsImage **out, int width, int height, int jpeg, int jpeg_shrink) {
    if (!jpeg)
        return vips_thumbnail(path, out, width, "height", height, "size", VIPS_SIZE_DOWN, "fail_on",
                              VIPS_FAIL_ON_TRUNCATED, NULL);
    VipsImage *in = NULL;
    if (vips_jpegload(path, &in, "shrink", jpeg_shrink, "unlimited", TRUE, "fail_on", VIPS_FAIL_ON_TRUNCATED,
                      "access", VIPS_ACCESS_SEQUENTIAL, NULL))
        return -1;
    int status = vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
    g_object_unref(in);
    return status;
}
/* vips_thumbnail's work after its load, on `in`: fitted into width x height, never enlarged, upright. */
static inline int cv_thumbnail_image(VipsImage *in, VipsImage **out, int width, int height) {
    return vips_thumbnail_image(in, out, width, "height", height, "size", VIPS_SIZE_DOWN, NULL);
}
static inline int cv_autorot(VipsImage *in, VipsImage **out) { return vips_autorot(in, out, NULL); }
/* The straighten turn: output pixel (X, Y) of an ow×oh area shows the input point M⁻¹·((X, Y) − (odx, ody)) − (idx, idy),
   sampled by a bicubic interpolator; edges copied outwards, so a sample by the picture's edge never mixes
   in black (the crop the model allows lies inside the turned picture, only the interpolator's reach is outside). */
static inline int cv_affine_area(VipsImage *in, VipsImage **out, double a, double b, double c, double d,
                                 double idx, double idy, double odx, double ody, int ow, int oh) {
    VipsInterpolate *bicubic = vips_interpolate_new("bicubic");
    if (!bicubic) return -1;
    VipsArrayInt *area = vips_array_int_newv(4, 0, 0, ow, oh);
    int status = vips_affine(in, out, a, b, c, d, "interpolate", bicubic, "oarea", area, "idx", idx, "idy", idy,
                             "odx", odx, "ody", ody, "extend", VIPS_EXTEND_COPY, NULL);
    vips_area_unref(VIPS_AREA(area));
    g_object_unref(bicubic);
    return status;
}
static inline int cv_rot(VipsImage *in, VipsImage **out, VipsAngle angle) { return vips_rot(in, out, angle, NULL); }
static inline int cv_flip(VipsImage *in, VipsImage **out, VipsDirection d) { return vips_flip(in, out, d, NULL); }
static inline int cv_crop(VipsImage *in, VipsImage **out, int left, int top, int width, int height) {
    return vips_crop(in, out, left, top, width, height, NULL);
}
/* `b` put beside `a` (horizontal) or below it (vertical); the two meet along a side of the same length. */
static inline int cv_join(VipsImage *a, VipsImage *b, VipsImage **out, VipsDirection direction) {
    return vips_join(a, b, out, direction, NULL);
}
/* libvips' attention smartcrop of a width x height area: where the most interesting spot is (attention_x/y, in
   `in`'s pixels); the crop itself (`out`) is placed by libvips around it. */
static inline int cv_smartcrop_attention(VipsImage *in, VipsImage **out, int width, int height, int *x, int *y) {
    return vips_smartcrop(in, out, width, height, "interesting", VIPS_INTERESTING_ATTENTION, "attention_x", x,
                          "attention_y", y, NULL);
}
static inline int cv_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}
static inline int cv_cast(VipsImage *in, VipsImage **out, VipsBandFormat format) { return vips_cast(in, out, format, NULL); }
static inline int cv_bandjoin_const1(VipsImage *in, VipsImage **out, double c) { return vips_bandjoin_const1(in, out, c, NULL); }
static inline int cv_extract_band(VipsImage *in, VipsImage **out, int band, int n) {
    return vips_extract_band(in, out, band, "n", n, NULL);
}

/* Scales by separate horizontal and vertical factors with Lanczos 3, so both output sides can be made exact. */
static inline int cv_resize(VipsImage *in, VipsImage **out, double hscale, double vscale) {
    return vips_resize(in, out, hscale, "vscale", vscale, "kernel", VIPS_KERNEL_LANCZOS3, NULL);
}
/* Alpha-weighted colours around a resize, so transparent pixels do not bleed their colour into their neighbours. */
static inline int cv_premultiply(VipsImage *in, VipsImage **out) { return vips_premultiply(in, out, NULL); }
static inline int cv_unpremultiply(VipsImage *in, VipsImage **out) { return vips_unpremultiply(in, out, NULL); }
/* Nearest whole value: vips_cast alone truncates floats. */
static inline int cv_rint(VipsImage *in, VipsImage **out) { return vips_round(in, out, VIPS_OPERATION_ROUND_RINT, NULL); }
static inline int cv_bandjoin2(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_bandjoin2(a, b, out, NULL); }
static inline int cv_multiply(VipsImage *a, VipsImage *b, VipsImage **out) { return vips_multiply(a, b, out, NULL); }
static inline int cv_linear1(VipsImage *in, VipsImage **out, double a, double b) { return vips_linear1(in, out, a, b, NULL); }

/* Fills `count` samples of row `y`, from column `left`, of a generated one-band `width` x `height` image. It is called
   from libvips' worker threads, several rows at once, so it must be a pure function of its arguments. */
typedef void (*cv_row_filler)(void *row, int left, int y, int count, int width, int height, int sixteen_bit);

static inline int cv__generate_rows(VipsRegion *region, void *seq, void *a, void *b, gboolean *stop) {
    cv_row_filler fill = (cv_row_filler) a;
    VipsRect *r = &region->valid;
    VipsImage *im = region->im;
    for (int y = r->top; y < VIPS_RECT_BOTTOM(r); y++)
        fill(VIPS_REGION_ADDR(region, r->left, y), r->left, y, r->width, im->Xsize, im->Ysize,
             im->BandFmt == VIPS_FORMAT_USHORT);
    return 0;
}
/* A one-band uchar or ushort image whose pixels `fill` computes on demand, tile by tile: a mask as large as the
   picture without ever holding it whole in memory. */
static inline VipsImage *cv_generated_band(int width, int height, int sixteen_bit, cv_row_filler fill) {
    VipsImage *image = vips_image_new();
    vips_image_init_fields(image, width, height, 1, sixteen_bit ? VIPS_FORMAT_USHORT : VIPS_FORMAT_UCHAR,
                           VIPS_CODING_NONE, sixteen_bit ? VIPS_INTERPRETATION_GREY16 : VIPS_INTERPRETATION_B_W,
                           1.0, 1.0);
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_ANY, NULL) ||
        vips_image_generate(image, NULL, cv__generate_rows, NULL, (void *) fill, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    return image;
}

static inline int cv_jpegsave(VipsImage *in, const char *path, int quality, int strip) {
    return vips_jpegsave(in, path, "Q", quality, "strip", strip, NULL);
}
static inline int cv_pngsave(VipsImage *in, const char *path, int strip, int bitdepth) {
    return vips_pngsave(in, path, "strip", strip, "bitdepth", bitdepth, NULL);
}
/* A private copy of `in` with no metadata: no EXIF blob nor the exif-* fields it would be rebuilt from, no
   IPTC, no XMP unless `keep_xmp`, and no ICC profile unless `keep_icc`. vips_copy's result is never shared
   through the operation cache, so its fields may be removed. */
static inline VipsImage *cv_without_metadata(VipsImage *in, int keep_icc, int keep_xmp) {
    VipsImage *bare;
    if (vips_copy(in, &bare, NULL)) return NULL;
    gchar **fields = vips_image_get_fields(bare);
    for (int i = 0; fields && fields[i]; i++) {
        const char *f = fields[i];
        if (g_str_has_prefix(f, "exif-") || (!keep_xmp && g_str_has_prefix(f, "xmp-")) || g_str_has_prefix(f, "iptc-") ||
            (!keep_icc && g_str_has_prefix(f, "icc-")) || g_str_equal(f, "orientation") ||
            strstr(f, "thumbnail"))
            vips_image_remove(bare, f);
    }
    g_strfreev(fields);
    return bare;
}
/* A private copy of `in` whose XMP packet is `data` (an edited packet: the source's, less what must not be
   carried). */
static inline VipsImage *cv_with_xmp(VipsImage *in, const void *data, size_t size) {
    VipsImage *copy;
    if (vips_copy(in, &copy, NULL)) return NULL;
    vips_image_set_blob_copy(copy, "xmp-data", data, size);
    return copy;
}
/* The image's XMP packet (NULL when it has none); the bytes belong to the image. */
static inline const void *cv_xmp(VipsImage *in, size_t *size) {
    const void *data = NULL;
    if (vips_image_get_typeof(in, "xmp-data") && !vips_image_get_blob(in, "xmp-data", &data, size)) return data;
    return NULL;
}
static inline int cv_webpsave(VipsImage *in, const char *path, int quality, int strip, int lossless) {
    /* libvips 8.14's webpsave ignores "strip" (EXIF with GPS and the old orientation, XMP and the ICC profile
       were all written): strip here by saving a copy with no metadata. */
    if (strip) {
        VipsImage *bare = cv_without_metadata(in, 0, 0);
        if (!bare) return -1;
        int status = vips_webpsave(bare, path, "Q", quality, "strip", strip, "lossless", lossless, "profile", "none", NULL);
        g_object_unref(bare);
        return status;
    }
    return vips_webpsave(in, path, "Q", quality, "strip", strip, "lossless", lossless, NULL);
}
/* `in` with a resolution of `ppi` pixels per inch (libvips keeps pixels per millimetre), said in inches:
   jpegsave writes it as JFIF density and EXIF X/YResolution, pngsave as pHYs, tiffsave as its tags. */
static inline int cv_with_resolution(VipsImage *in, VipsImage **out, double ppi) {
    if (vips_copy(in, out, "xres", ppi / 25.4, "yres", ppi / 25.4, NULL)) return -1;
    vips_image_set_string(*out, "resolution-unit", "in");
    return 0;
}
static inline int cv_tiffsave(VipsImage *in, const char *path, int strip) {
    return vips_tiffsave(in, path, "strip", strip, "compression", VIPS_FOREIGN_TIFF_COMPRESSION_DEFLATE, NULL);
}
static inline int cv_write_to_memory(VipsImage *in, void **data, size_t *size) {
    *data = vips_image_write_to_memory(in, size);
    return *data ? 0 : -1;
}
static inline void cv_unref(void *object) { if (object) g_object_unref(object); }
static inline void cv_free(void *p) { g_free(p); }
#endif
