/* CVips: Trim Borders' measure, the box of a picture's pixels that differ from the border's colour (one pass). */
#ifndef CVIPS_TRIM_H
#define CVIPS_TRIM_H
#include <math.h>
#include <vips/vips.h>

/* How far pixel `p` is from `q` (RGBA, 0-255), squared, as ImageMagick's `-fuzz` measures it: the
   alpha difference squared plus the mean of the colour differences squared, the colour part scaled
   by both alphas (two transparent pixels are alike whatever colour they hide). */
static inline double cvt_distance2(const double *p, const double *q) {
    double alpha = p[3] - q[3];
    double scale = (p[3] / 255.0) * (q[3] / 255.0);
    double colour = 0;
    for (int band = 0; band < 3; band++) colour += (p[band] - q[band]) * (p[band] - q[band]);
    return alpha * alpha + scale * colour / 3.0;
}

/* The first and last index of a nonzero value among `count` doubles, or 0 when all are zero. */
static inline int cvt_span(const double *values, int count, int *first, int *last) {
    int a = -1, b = -1;
    for (int i = 0; i < count; i++)
        if (values[i] != 0) {
            if (a < 0) a = i;
            b = i;
        }
    *first = a;
    *last = b;
    return a >= 0;
}

/* A 1-band image's pixels as doubles (a projection: one row or one column), g_free'd by the caller. */
static inline double *cvt_doubles(VipsImage *in, size_t *count) {
    VipsImage *cast = NULL;
    if (vips_cast(in, &cast, VIPS_FORMAT_DOUBLE, NULL)) return NULL;
    size_t size = 0;
    double *data = vips_image_write_to_memory(cast, &size);
    g_object_unref(cast);
    *count = size / sizeof(double);
    return data;
}

/* In `rgba` (8-bit sRGB, 4 bands, straight alpha), the box of the pixels farther than `tolerance`
   (0-255, as the square root of `cvt_distance2`) from the border's colour: of the four corners, the
   one most other corners are alike to (top left first on a tie). Returns 1 with the box, 0 when there is
   no border (no two corners alike, or no pixel differs), -1 when libvips failed. */
static inline int cvt_content_box(VipsImage *rgba, double tolerance, int *left, int *top, int *width, int *height) {
    int w = vips_image_get_width(rgba), h = vips_image_get_height(rgba);
    if (vips_image_get_bands(rgba) != 4 || w < 1 || h < 1) return -1;
    double corners[4][4];
    int at[4][2] = {{0, 0}, {w - 1, 0}, {0, h - 1}, {w - 1, h - 1}};
    for (int c = 0; c < 4; c++) {
        double *values = NULL;
        int n = 0;
        if (vips_getpoint(rgba, &values, &n, at[c][0], at[c][1], NULL) || n != 4) {
            g_free(values);
            return -1;
        }
        for (int band = 0; band < 4; band++) corners[c][band] = values[band];
        g_free(values);
    }
    double limit = tolerance * tolerance;
    int best = 0, bestCount = 0;
    for (int c = 0; c < 4; c++) {
        int alike = 0;
        for (int other = 0; other < 4; other++) alike += cvt_distance2(corners[c], corners[other]) <= limit;
        if (alike > bestCount) {
            best = c;
            bestCount = alike;
        }
    }
    if (bestCount < 2) return 0;
    const double *bg = corners[best];
    /* distance² = (a - bgA)² + a · bgA / 255² · mean((rgb - bg)²), built from whole-image operations
       libvips runs in one pass over the picture, in strips on its threads. */
    double ones[4] = {1, 1, 1, 1}, offsets[4] = {-bg[0], -bg[1], -bg[2], -bg[3]};
    VipsImage *base = vips_image_new();
    VipsImage **t = (VipsImage **)vips_object_local_array(VIPS_OBJECT(base), 10);
    int failed = vips_cast(rgba, &t[0], VIPS_FORMAT_FLOAT, NULL) || vips_linear(t[0], &t[1], ones, offsets, 4, NULL) ||
                 vips_multiply(t[1], t[1], &t[2], NULL) || vips_extract_band(t[2], &t[3], 0, "n", 3, NULL) ||
                 vips_bandmean(t[3], &t[4], NULL) || vips_extract_band(t[0], &t[5], 3, NULL) ||
                 vips_linear1(t[5], &t[6], bg[3] / (255.0 * 255.0), 0, NULL) ||
                 vips_multiply(t[4], t[6], &t[7], NULL) || vips_extract_band(t[2], &t[8], 3, NULL) ||
                 vips_add(t[7], t[8], &t[9], NULL);
    VipsImage *mask = NULL, *columns = NULL, *rows = NULL;
    if (!failed) failed = vips_more_const1(t[9], &mask, limit, NULL);
    if (!failed) failed = vips_project(mask, &columns, &rows, NULL);
    if (mask) g_object_unref(mask);
    g_object_unref(base);
    if (failed) {
        if (columns) g_object_unref(columns);
        if (rows) g_object_unref(rows);
        return -1;
    }
    size_t columnCount = 0, rowCount = 0;
    double *columnSums = cvt_doubles(columns, &columnCount);
    double *rowSums = cvt_doubles(rows, &rowCount);
    g_object_unref(columns);
    g_object_unref(rows);
    int result = -1;
    if (columnSums && rowSums && columnCount == (size_t)w && rowCount == (size_t)h) {
        int x0, x1, y0, y1;
        result = cvt_span(columnSums, w, &x0, &x1) && cvt_span(rowSums, h, &y0, &y1);
        if (result) {
            *left = x0;
            *top = y0;
            *width = x1 - x0 + 1;
            *height = y1 - y0 + 1;
        }
    }
    g_free(columnSums);
    g_free(rowSums);
    return result;
}
#endif
