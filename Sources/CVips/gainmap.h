/* CVips: the calls that cut an Ultra HDR gain map to a crop: decoding it from memory, resampling a region, encoding it. */
#ifndef CVIPS_GAINMAP_H
#define CVIPS_GAINMAP_H
#include <vips/vips.h>

/* The JPEG in `data` decoded into memory (the caller's bytes may go away afterwards), or NULL; also NULL,
   before any pixel is decoded, when its header claims more than `max_pixels`. */
static inline VipsImage *cvg_decode(const void *data, size_t size, double max_pixels) {
    VipsImage *lazy = vips_image_new_from_buffer(data, size, "", "fail_on", VIPS_FAIL_ON_TRUNCATED, NULL);
    if (!lazy) return NULL;
    if ((double) vips_image_get_width(lazy) * vips_image_get_height(lazy) > max_pixels) {
        vips_error("gainmap", "the gain map is larger than the picture");
        g_object_unref(lazy);
        return NULL;
    }
    VipsImage *held = vips_image_copy_memory(lazy);
    g_object_unref(lazy);
    return held;
}

/* Output pixel (X, Y) of the `width` x `height` result takes input position (X / xscale - idx, Y / yscale - idy)
   in libvips' sample coordinates, bilinear, the edge pixels repeated outwards (a gain map's edge is not black). */
static inline int cvg_resample(VipsImage *in, VipsImage **out, double xscale, double yscale, double idx, double idy,
                               int width, int height) {
    VipsInterpolate *bilinear = vips_interpolate_new("bilinear");
    VipsArrayInt *area = vips_array_int_newv(4, 0, 0, width, height);
    int status = vips_affine(in, out, xscale, 0, 0, yscale, "idx", idx, "idy", idy, "oarea", area,
                             "extend", VIPS_EXTEND_COPY, "interpolate", bilinear, NULL);
    vips_area_unref(VIPS_AREA(area));
    g_object_unref(bilinear);
    return status;
}

/* A baseline JPEG of `in` with no metadata (the gain map's own segments are added by the caller). */
static inline int cvg_encode(VipsImage *in, void **data, size_t *size, int quality) {
    return vips_jpegsave_buffer(in, data, size, "Q", quality, "strip", TRUE, NULL);
}
#endif
