/* CVips: the perspective warp's index image (where each output pixel samples the source, from a homography, computed
   tile by tile on demand) and libvips' resampling through it with the bicubic interpolator. */
#ifndef CVIPS_PERSPECTIVE_H
#define CVIPS_PERSPECTIVE_H
#include <string.h>
#include <vips/vips.h>

/* The homography, row by row, kept with the index image that reads it (freed with the image). */
typedef struct {
    double m[9];
} cvp_map;

/* Fills a region of the two-band float index image: pixel (x, y) holds m·(x, y, 1) divided by its third
   coordinate, the source position libvips' interpolator samples (integer positions are pixel centres). */
static inline int cvp__generate_index(VipsRegion *region, void *seq, void *a, void *b, gboolean *stop) {
    const double *m = ((const cvp_map *) a)->m;
    VipsRect *r = &region->valid;
    for (int y = r->top; y < VIPS_RECT_BOTTOM(r); y++) {
        float *p = (float *) VIPS_REGION_ADDR(region, r->left, y);
        double yy = y;
        double bx = m[1] * yy + m[2], by = m[4] * yy + m[5], bw = m[7] * yy + m[8];
        for (int i = 0; i < r->width; i++) {
            double xx = r->left + i;
            double w = m[6] * xx + bw;
            p[2 * i] = (float) ((m[0] * xx + bx) / w);
            p[2 * i + 1] = (float) ((m[3] * xx + by) / w);
        }
    }
    return 0;
}

/* A width x height two-band float image whose pixel (x, y) is the homography `m` (9 entries, row by row)
   applied to (x, y): computed on demand, so an index for a 24-megapixel result is never held whole. */
static inline VipsImage *cvp_index(int width, int height, const double *m) {
    VipsImage *image = vips_image_new();
    cvp_map *map = g_new(cvp_map, 1);
    memcpy(map->m, m, sizeof map->m);
    g_object_set_data_full(G_OBJECT(image), "cvp-map", map, g_free);
    vips_image_init_fields(image, width, height, 2, VIPS_FORMAT_FLOAT, VIPS_CODING_NONE, VIPS_INTERPRETATION_MULTIBAND,
                           1.0, 1.0);
    if (vips_image_pipelinev(image, VIPS_DEMAND_STYLE_ANY, NULL) ||
        vips_image_generate(image, NULL, cvp__generate_index, NULL, map, NULL)) {
        g_object_unref(image);
        return NULL;
    }
    return image;
}

/* `in` resampled through `index` with libvips' bicubic (Catmull-Rom) interpolator; positions off the picture take
   its nearest edge pixel, so the rectified picture's border is not darkened. */
static inline int cvp_mapim(VipsImage *in, VipsImage **out, VipsImage *index) {
    VipsInterpolate *bicubic = vips_interpolate_new("bicubic");
    if (!bicubic) return -1;
    int status = vips_mapim(in, out, index, "interpolate", bicubic, "extend", VIPS_EXTEND_COPY, NULL);
    g_object_unref(bicubic);
    return status;
}

/* `in` averaged down by a whole `factor` each way (a box filter: each output pixel the mean of factor x factor). */
static inline int cvp_shrink(VipsImage *in, VipsImage **out, int factor) {
    return vips_shrink(in, out, (double) factor, (double) factor, NULL);
}
#endif
