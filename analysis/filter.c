/* filter.c: quantiles, trigger levels, active segments (see filter.h). */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/filter.h"
#include "model/alloc.h"
#include "model/banned.h"

/*
 * The k-th smallest of v[0..n) (Hoare's quickselect, middle pivot). On
 * return every element after index k is >= v[k], and every one before <=.
 */
static double select_kth(double *v, size_t n, size_t k)
{
    ptrdiff_t lo = 0, hi = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;

    while (lo < hi) {
        double pivot = v[lo + (hi - lo) / 2];
        ptrdiff_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot)
                i++;
            while (v[j] > pivot)
                j--;
            if (i <= j) {
                double tmp = v[i];
                v[i] = v[j];
                v[j] = tmp;
                i++;
                j--;
            }
        }
        if (kk <= j)
            hi = j;
        else if (kk >= i)
            lo = i;
        else
            return v[kk];
    }
    return v[kk];
}

double br_quantile(double *v, size_t n, double q)
{
    size_t m = 0, lo;
    double h, x, y;

    for (size_t i = 0; i < n; i++)
        if (!isnan(v[i]))
            v[m++] = v[i];
    if (m == 0)
        return NAN;
    h = (double)(m - 1) * q;
    lo = (size_t)floor(h);
    x = select_kth(v, m, lo);
    if (lo + 1 >= m || h == (double)lo)
        return x;
    /* the next order statistic is the smallest of those above position lo */
    y = v[lo + 1];
    for (size_t i = lo + 2; i < m; i++)
        if (v[i] < y)
            y = v[i];
    return x + (h - (double)lo) * (y - x);
}

struct br_levels br_levels_of(const double *p, size_t n, double trigger_w)
{
    struct br_levels lv;
    double *tmp = br_xmalloc(br_st_mult(n ? n : 1, sizeof(double))), span;

    memcpy(tmp, p, n * sizeof(double));
    lv.idle = br_quantile(tmp, n, 0.05);
    memcpy(tmp, p, n * sizeof(double));
    lv.peak = br_quantile(tmp, n, 0.99);
    free(tmp);
    span = lv.peak - lv.idle;
    lv.trigger = isnan(trigger_w) ? lv.idle + 0.3 * span : trigger_w;
    lv.on = lv.trigger + 0.05 * span;
    lv.off = lv.trigger - 0.05 * span;
    return lv;
}

size_t br_segments(const struct br_trace *tr, const double *p, const struct br_levels *lv,
                   double merge_s, double min_s, struct br_segment **out)
{
    struct br_segment *seg = NULL;
    size_t n = 0, alloc = 0, kept = 0;
    int active = 0;

    for (size_t i = 0; i < tr->nr; i++) {
        if (isnan(p[i]))
            continue;
        if (!active && p[i] > lv->on) {
            active = 1;
            if (n && tr->t[i] - seg[n - 1].end < merge_s) {
                seg[n - 1].end = tr->t[i];   /* a short dip: the same segment */
                continue;
            }
            BR_GROW(seg, n + 1, alloc);
            seg[n].start = seg[n].end = tr->t[i];
            n++;
        } else if (active && p[i] < lv->off) {
            active = 0;
        } else if (active) {
            seg[n - 1].end = tr->t[i];
        }
    }
    for (size_t i = 0; i < n; i++)
        if (seg[i].end - seg[i].start >= min_s)
            seg[kept++] = seg[i];
    *out = seg;
    return kept;
}
